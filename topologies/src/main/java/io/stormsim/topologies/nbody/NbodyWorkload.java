package io.stormsim.topologies.nbody;

import io.stormsim.bolts.nbody.DiagnosticsBolt;
import io.stormsim.bolts.nbody.NbodyConfig;
import io.stormsim.bolts.wire.NbodyKryo;
import io.stormsim.bolts.wire.StreamKryo;
import io.stormsim.run.RunConfig;
import io.stormsim.topologies.ConfigException;
import io.stormsim.topologies.TopologyChecks;
import io.stormsim.topologies.Workload;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.storm.flux.model.TopologyDef;

/** Barnes-Hut N-body ({@code stormsim.nbody.*}). */
public final class NbodyWorkload implements Workload {
    @Override
    public String name() {
        return "nbody";
    }

    @Override
    public List<String> keys() {
        return NbodyConfig.KEYS;
    }

    @Override
    public void check(TopologyDef def, Map<String, Object> config) throws ConfigException {
        NbodyConfig nbody = NbodyConfig.from(config);
        if (!nbody.bodiesFile().isEmpty()) {
            nbody.initialBodies();
        }
        if (nbody.run().checkpointEvery() > 0) {
            TopologyChecks.checkWritable(RunConfig.CHECKPOINT_DIR, nbody.run().checkpointDir());
        }
    }

    @Override
    public List<String> kryoDecorators() {
        return List.of(NbodyKryo.class.getName(), StreamKryo.class.getName());
    }

    @Override
    public Path outputDir(Map<String, Object> config) {
        return NbodyConfig.from(config).outputDir();
    }

    @Override
    public long steps(Map<String, Object> config) {
        return NbodyConfig.from(config).params().steps();
    }

    @Override
    public String doneFile() {
        return DiagnosticsBolt.SUMMARY;
    }

    @Override
    public List<String> results() {
        return List.of(DiagnosticsBolt.DIAGNOSTICS_CSV, DiagnosticsBolt.FINAL_BODIES_CSV, DiagnosticsBolt.ENERGY_PLOT,
                DiagnosticsBolt.SUMMARY);
    }

    @Override
    public List<String> pathKeys() {
        return List.of(RunConfig.OUTPUT_DIR, RunConfig.CHECKPOINT_DIR, NbodyConfig.BODIES_FILE);
    }
}
