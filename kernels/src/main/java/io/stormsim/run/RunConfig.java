package io.stormsim.run;

import java.net.URI;
import java.net.URISyntaxException;
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
 * @param store           the Redis server of the checkpoints, or null for {@code checkpointDir}
 * @param run             the topology's name, which keeps a run's keys in the store apart ("" outside a topology)
 * @param maxRestores     restores from a checkpoint tried for one round before the run halts
 * @param logRows         rows a run without end keeps in its per-round logs, besides round 0's: the newest
 *                        {@code logRows} to {@code 2 logRows} (bounded runs keep every row)
 * @param snapshotEvery   snapshots every so many rounds; 0: none by steps
 * @param snapshotEveryTime snapshots every so much simulation time ({@link Cadence}); 0: none by time. At
 *                        most one of the two is > 0
 * @param snapshotKeep    the newest snapshots kept; 0: all
 */
public record RunConfig(long steps, Path outputDir, long checkpointEvery, int checkpointKeep, Path checkpointDir,
                        URI store, String run, boolean resume, long snapshotEvery, double snapshotEveryTime,
                        int snapshotKeep, int maxRestores,
                        int logRows) {
    public static final String STEPS = "stormsim.steps";
    public static final String OUTPUT_DIR = "stormsim.output.dir";
    public static final String CHECKPOINT_EVERY = "stormsim.checkpoint.every";
    public static final String CHECKPOINT_KEEP = "stormsim.checkpoint.keep";
    public static final String CHECKPOINT_DIR = "stormsim.checkpoint.dir";
    /** Where checkpoints go instead of {@link #CHECKPOINT_DIR}: a Redis server every host reaches. */
    public static final String STORE = "stormsim.store";
    public static final String RESUME = "stormsim.resume";
    public static final String SNAPSHOT_EVERY = "stormsim.snapshot.every";
    public static final String SNAPSHOT_EVERY_TIME = "stormsim.snapshot.every.time";
    public static final String SNAPSHOT_KEEP = "stormsim.snapshot.keep";
    public static final String MAX_RESTORES = "stormsim.max.restores";
    public static final String LOG_ROWS = "stormsim.log.rows";
    private static final String TOPOLOGY_NAME = "topology.name";
    public static final List<String> KEYS = List.of(STEPS, OUTPUT_DIR, CHECKPOINT_EVERY, CHECKPOINT_KEEP,
            CHECKPOINT_DIR, STORE, RESUME, SNAPSHOT_EVERY, SNAPSHOT_EVERY_TIME, SNAPSHOT_KEEP, MAX_RESTORES, LOG_ROWS);

    public static RunConfig from(Map<String, Object> conf) {
        long steps = ConfigValues.longValue(conf, STEPS, 0, Long.MAX_VALUE, "an integer >= 0 (0 runs without end)");
        Path out = Path.of(ConfigValues.stringValue(conf, OUTPUT_DIR, false));
        long every = ConfigValues.longValue(conf, CHECKPOINT_EVERY, 0, 0, Long.MAX_VALUE, "an integer >= 0 (0: no checkpoints)");
        int keep = (int) ConfigValues.longValue(conf, CHECKPOINT_KEEP, 3, 1, 1000, "an integer in 1..1000");
        String dir = ConfigValues.stringValue(conf, CHECKPOINT_DIR, true);
        URI store = storeUrl(STORE, conf.containsKey(STORE) ? ConfigValues.stringValue(conf, STORE, true) : "");
        boolean resume = ConfigValues.booleanValue(conf, RESUME, false);
        long snapshots = ConfigValues.longValue(conf, SNAPSHOT_EVERY, 0, 0, Long.MAX_VALUE, "an integer >= 0 (0: no snapshots)");
        double snapshotTime = conf.containsKey(SNAPSHOT_EVERY_TIME) ? ConfigValues.doubleValue(conf, SNAPSHOT_EVERY_TIME,
                t -> t >= 0 && Double.isFinite(t), "a finite number >= 0 (0: no snapshots by time)") : 0;
        if (snapshots > 0 && snapshotTime > 0) {
            throw ConfigValues.notAllowed(SNAPSHOT_EVERY_TIME, snapshotTime, "0 when " + SNAPSHOT_EVERY + " = "
                    + snapshots + " > 0: snapshots go by steps or by time, set one of the two");
        }
        int snapshotKeep = (int) ConfigValues.longValue(conf, SNAPSHOT_KEEP, 5, 0, 100000,
                "an integer in 0..100000 (0 keeps them all)");
        int restores = (int) ConfigValues.longValue(conf, MAX_RESTORES, 3, 0, 1000, "an integer in 0..1000");
        int logRows = logRows(conf);
        if (resume && every == 0) {
            throw ConfigValues.notAllowed(RESUME, true, "false when " + CHECKPOINT_EVERY + " = 0 (no checkpoints to resume from)");
        }
        // Storm names the topology in the config it gives the workers; a run's keys in the store carry the name
        String run = String.valueOf(conf.getOrDefault(TOPOLOGY_NAME, ""));
        return new RunConfig(steps, out, every, keep, dir.isEmpty() ? out.resolve("checkpoints") : Path.of(dir), store,
                run, resume, snapshots, snapshotTime, snapshotKeep, restores, logRows);
    }

    /** {@link #LOG_ROWS}: the rows a log keeps at least (and at most twice as many) where it must stay bounded. */
    public static int logRows(Map<String, Object> conf) {
        return (int) ConfigValues.longValue(conf, LOG_ROWS, 100_000, 10, 100_000_000,
                "an integer in 10..100000000 (rows a run without end keeps in its logs)");
    }

    /**
     * {@code redis://HOST:PORT[/DB]}, or null for an empty value (checkpoints in {@link #CHECKPOINT_DIR}); the
     * message names {@code key}, as the user gave it.
     */
    public static URI storeUrl(String key, String value) {
        if (value.isEmpty()) {
            return null;
        }
        String allowed = "empty (checkpoints in " + CHECKPOINT_DIR + ") or redis://HOST:PORT[/DB]";
        URI uri;
        try {
            uri = new URI(value);
        } catch (URISyntaxException e) {
            throw ConfigValues.notAllowed(key, value, allowed);
        }
        if (!"redis".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() < 1
                || !(uri.getPath().isEmpty() || uri.getPath().matches("/([0-9]|1[0-5])"))
                || uri.getQuery() != null || uri.getFragment() != null) {
            throw ConfigValues.notAllowed(key, value, allowed + ", DB in 0..15");
        }
        return uri;
    }

    /** Where the checkpoints are, for messages: the store's URL, or the checkpoint directory. */
    public String checkpointsWhere() {
        return store != null ? "run store " + store : checkpointDir.toString();
    }

    /** The last round: rounds run 0..steps; an unbounded run never reaches it. */
    public long lastRound() {
        return steps == 0 ? Long.MAX_VALUE : steps;
    }

    public boolean checkpointAt(long round) {
        return checkpointEvery > 0 && round > 0 && round % checkpointEvery == 0 && round < lastRound();
    }

    /** When snapshots are due in a run of time step {@code dt}. */
    public Cadence snapshots(double dt) {
        return new Cadence(snapshotEvery, snapshotEveryTime, dt);
    }

    /**
     * The run's output directory, its results mirrored into the run store where there is one (a caller keeps one
     * for its life: a Redis store holds connections).
     */
    public RunOutput output() {
        return output(store, run, outputDir);
    }

    /**
     * The output directory {@code dir} of a run whose config is {@code conf}, its results mirrored into the run store
     * that {@link #STORE} names, if any: for workloads with an output directory but no step-run keys of their own.
     */
    public static RunOutput output(Map<String, Object> conf, Path dir) {
        URI store = storeUrl(STORE, conf.containsKey(STORE) ? ConfigValues.stringValue(conf, STORE, true) : "");
        return output(store, String.valueOf(conf.getOrDefault(TOPOLOGY_NAME, "")), dir);
    }

    private static RunOutput output(URI store, String run, Path dir) {
        return store == null ? new RunOutput(dir) : new RunOutput(dir, new ResultsMirror(dir, new RedisResults(store, run)));
    }

    /** The run's checkpoints; a caller keeps one for its life (a Redis store holds connections). */
    public CheckpointStore checkpoints() {
        return store != null ? new RedisCheckpointStore(store, run) : new DirectoryCheckpointStore(checkpointDir);
    }
}
