package io.stormsim.nbody.topologies;

import io.stormsim.nbody.InitialConditions;
import io.stormsim.nbody.analysis.bolts.AnalysisKryo;
import io.stormsim.nbody.bolts.DiagnosticsBolt;
import io.stormsim.nbody.bolts.NbodyConfig;
import io.stormsim.nbody.bolts.NbodyKryo;
import io.stormsim.run.RunConfig;
import io.stormsim.topologies.ConfigException;
import io.stormsim.topologies.TopologyChecks;
import io.stormsim.topologies.Workload;
import io.stormsim.wire.StreamKryo;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.storm.flux.model.TopologyDef;

/** Barnes-Hut N-body ({@code stormsim.nbody.*}). */
public final class NbodyWorkload implements Workload {
    private static final long BYTES_PER_BODY = 600, FINAL_BYTES_PER_BODY = 72;

    @Override
    public String name() {
        return "nbody";
    }

    @Override
    public List<String> keys() {
        return NbodyConfig.KEYS;
    }

    @Override
    public Settings read(Map<String, Object> config) {
        return new NbodySettings(NbodyConfig.from(config));
    }

    private record NbodySettings(NbodyConfig nbody) implements Settings {
        @Override
        public void check(TopologyDef def) throws ConfigException {
            if (!nbody.bodiesFile().isEmpty()) {
                nbody.initialBodies();
            }
            TopologyChecks.checkCheckpoints(nbody.run());
        }

        @Override
        public List<String> kryoDecorators() {
            return List.of(NbodyKryo.class.getName(), AnalysisKryo.class.getName(), StreamKryo.class.getName());
        }

        /**
         * A topology step at N = 10^6 on 2 partitions held at most 584 bytes a body after collections, the whole
         * embedded cluster included (docs/performance/barnes-hut.md); a worker holds its share of the partitions,
         * and the one with the diagnostics also the final bodies (72 bytes a body).
         */
        @Override
        public Heap heap(int partitions, int workers) {
            long n = bodies();
            return new Heap(workers == 1 ? n * BYTES_PER_BODY : n * BYTES_PER_BODY / workers + n * FINAL_BYTES_PER_BODY,
                    nbody.bodiesFile().isEmpty() ? NbodyConfig.N : NbodyConfig.BODIES_FILE,
                    BYTES_PER_BODY + " bytes a body, measured at 10^6 bodies");
        }

        /**
         * n, or for a bodies file the count a GADGET-2 or HDF5 header gives (all the files of the snapshot), or for
         * a CSV one from its size ({@link InitialConditions#totalBodies}).
         */
        private long bodies() {
            if (nbody.bodiesFile().isEmpty()) {
                return nbody.n();
            }
            Path file = Path.of(nbody.bodiesFile());
            try {
                return InitialConditions.totalBodies(file);
            } catch (IOException e) {
                return 0;
            }
        }

        @Override
        public Path outputDir() {
            return nbody.outputDir();
        }

        @Override
        public long steps() {
            return nbody.params().steps();
        }

        @Override
        public List<String> results() {
            return List.of(DiagnosticsBolt.DIAGNOSTICS_CSV, DiagnosticsBolt.FINAL_BODIES_CSV, DiagnosticsBolt.ENERGY_PLOT,
                    DiagnosticsBolt.STEP_TIME_PLOT, DiagnosticsBolt.SUMMARY);
        }

        @Override
        public List<String> pathKeys() {
            return List.of(RunConfig.OUTPUT_DIR, RunConfig.CHECKPOINT_DIR, NbodyConfig.BODIES_FILE);
        }

        @Override
        public List<String> inputKeys() {
            return List.of(NbodyConfig.BODIES_FILE);
        }
    }
}
