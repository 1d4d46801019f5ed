package io.stormsim.run;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The settings every simulation run shares, whatever it simulates: how many steps, where results go,
 * checkpoints (every how many steps, how many kept, where), snapshots, and whether to resume from the
 * latest checkpoint. Read from the topology config by the spout, the bolts and the launcher alike.
 *
 * @param steps           time steps (rounds 0..steps); 0 runs without end
 * @param checkpointEvery checkpoint at the start of every round that is a multiple of this; 0: none
 * @param maxRestores     restores from a checkpoint tried for one round before the run halts
 * @param logRows         rows a run without end keeps in its per-round logs, besides round 0's: the newest
 *                        {@code logRows} to {@code 2 logRows} (bounded runs keep every row)
 */
public record RunConfig(long steps, Path outputDir, long checkpointEvery, int checkpointKeep, Path checkpointDir,
                        boolean resume, long snapshotEvery, int snapshotKeep, int maxRestores, int logRows) {
    public static final String STEPS = "stormsim.steps";
    public static final String OUTPUT_DIR = "stormsim.output.dir";
    public static final String CHECKPOINT_EVERY = "stormsim.checkpoint.every";
    public static final String CHECKPOINT_KEEP = "stormsim.checkpoint.keep";
    public static final String CHECKPOINT_DIR = "stormsim.checkpoint.dir";
    public static final String RESUME = "stormsim.resume";
    public static final String SNAPSHOT_EVERY = "stormsim.snapshot.every";
    public static final String SNAPSHOT_KEEP = "stormsim.snapshot.keep";
    public static final String MAX_RESTORES = "stormsim.max.restores";
    public static final String LOG_ROWS = "stormsim.log.rows";
    public static final List<String> KEYS = List.of(STEPS, OUTPUT_DIR, CHECKPOINT_EVERY, CHECKPOINT_KEEP,
            CHECKPOINT_DIR, RESUME, SNAPSHOT_EVERY, SNAPSHOT_KEEP, MAX_RESTORES, LOG_ROWS);

    public static RunConfig from(Map<String, Object> conf) {
        long steps = ConfigValues.longValue(conf, STEPS, 0, Long.MAX_VALUE, "an integer >= 0 (0 runs without end)");
        Path out = Path.of(ConfigValues.stringValue(conf, OUTPUT_DIR, false));
        long every = ConfigValues.longValue(conf, CHECKPOINT_EVERY, 0, 0, Long.MAX_VALUE, "an integer >= 0 (0: no checkpoints)");
        int keep = (int) ConfigValues.longValue(conf, CHECKPOINT_KEEP, 3, 1, 1000, "an integer in 1..1000");
        String dir = ConfigValues.stringValue(conf, CHECKPOINT_DIR, true);
        boolean resume = ConfigValues.booleanValue(conf, RESUME, false);
        long snapshots = ConfigValues.longValue(conf, SNAPSHOT_EVERY, 0, 0, Long.MAX_VALUE, "an integer >= 0 (0: no snapshots)");
        int snapshotKeep = (int) ConfigValues.longValue(conf, SNAPSHOT_KEEP, 5, 1, 100000, "an integer in 1..100000");
        int restores = (int) ConfigValues.longValue(conf, MAX_RESTORES, 3, 0, 1000, "an integer in 0..1000");
        int logRows = (int) ConfigValues.longValue(conf, LOG_ROWS, 100_000, 10, 100_000_000,
                "an integer in 10..100000000 (rows a run without end keeps in its logs)");
        if (resume && every == 0) {
            throw ConfigValues.notAllowed(RESUME, true, "false when " + CHECKPOINT_EVERY + " = 0 (no checkpoints to resume from)");
        }
        return new RunConfig(steps, out, every, keep, dir.isEmpty() ? out.resolve("checkpoints") : Path.of(dir), resume,
                snapshots, snapshotKeep, restores, logRows);
    }

    /** The last round: rounds run 0..steps; an unbounded run never reaches it. */
    public long lastRound() {
        return steps == 0 ? Long.MAX_VALUE : steps;
    }

    public boolean checkpointAt(long round) {
        return checkpointEvery > 0 && round > 0 && round % checkpointEvery == 0 && round < lastRound();
    }

    public boolean snapshotAt(long round) {
        return snapshotEvery > 0 && round % snapshotEvery == 0;
    }

    /** Snapshot numbers count snapshots, as GADGET numbers them. */
    public long snapshotNumber(long round) {
        return round / snapshotEvery;
    }

    public CheckpointStore checkpoints() {
        return new DirectoryCheckpointStore(checkpointDir);
    }
}
