package io.stormsim.water.topologies;

import io.stormsim.bsp.PartitionRule;
import io.stormsim.run.RunConfig;
import io.stormsim.topologies.ConfigException;
import io.stormsim.topologies.HeapCheck;
import io.stormsim.topologies.TopologyChecks;
import io.stormsim.topologies.Workload;
import io.stormsim.water.bolts.WaterConfig;
import io.stormsim.water.bolts.WaterKryo;
import io.stormsim.water.bolts.WaterSink;
import io.stormsim.wire.StreamKryo;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.storm.flux.model.TopologyDef;

/** SPLASH-2 Water, molecular dynamics of water molecules with a spherical cutoff ({@code stormsim.water.*}). */
public final class WaterWorkload implements Workload {
    private static final long BYTES_PER_MOLECULE = 5500, BYTES_PER_MOLECULE_A_PARTITION = 1000;

    @Override
    public String name() {
        return "water";
    }

    @Override
    public List<String> keys() {
        return WaterConfig.KEYS;
    }

    @Override
    public Settings read(Map<String, Object> config) {
        return new WaterSettings(WaterConfig.from(config));
    }

    private record WaterSettings(WaterConfig water) implements Settings {
        /** Reads every file the run will read (input, random numbers, restart state), as the start will. */
        @Override
        public void check(TopologyDef def) throws ConfigException {
            // a random.file is read now, to refuse a bad one; generated numbers need no check (and, for a size the
            // heap check is about to refuse, no heap)
            if (water.restartFile().isEmpty() && !water.randomFile().isEmpty()) {
                water.randomNumbers();
            }
            TopologyChecks.checkCheckpoints(water.run());
        }

        @Override
        public PartitionRule partitionRule() {
            return water;
        }

        @Override
        public List<String> kryoDecorators() {
            return List.of(WaterKryo.class.getName(), StreamKryo.class.getName());
        }

        /**
         * The smallest heap that ran 6 steps (a checkpoint at step 5) of 64,000 molecules (the whole embedded
         * cluster) was 355 and 402 MiB on 1 and 2 partitions, 71 MiB with 8,000 on 2: ~4.9 KB a molecule, and ~0.8
         * KB more for each partition, which keeps arrays over all molecules (its frames, the start it is cut from);
         * rounded up (docs/performance/water.md). A worker holds ceil(partitions / workers) partitions; the rest
         * is counted on every worker, as the sink's share was not measured apart.
         */
        @Override
        public Heap heap(int partitions, int workers) {
            String key = !water.restartFile().isEmpty() ? WaterConfig.RESTART_FILE
                    : !water.inputFile().isEmpty() ? WaterConfig.INPUT_FILE : WaterConfig.MOLECULES;
            return new Heap(water.molecules() * (BYTES_PER_MOLECULE
                    + HeapCheck.partitionsPerWorker(partitions, workers) * BYTES_PER_MOLECULE_A_PARTITION), key,
                    BYTES_PER_MOLECULE + " bytes a molecule, and " + BYTES_PER_MOLECULE_A_PARTITION
                            + " more in each partition, measured at 64,000 molecules");
        }

        @Override
        public Path outputDir() {
            return water.outputDir();
        }

        @Override
        public long steps() {
            return water.run().steps();
        }

        @Override
        public List<String> results() {
            return WaterSink.results(water);
        }

        @Override
        public List<String> pathKeys() {
            return List.of(RunConfig.OUTPUT_DIR, RunConfig.CHECKPOINT_DIR, WaterConfig.INPUT_FILE,
                    WaterConfig.RANDOM_FILE, WaterConfig.RESTART_FILE);
        }

        @Override
        public List<String> inputKeys() {
            return List.of(WaterConfig.INPUT_FILE, WaterConfig.RANDOM_FILE, WaterConfig.RESTART_FILE);
        }
    }
}
