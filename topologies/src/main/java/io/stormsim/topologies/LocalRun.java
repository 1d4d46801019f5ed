package io.stormsim.topologies;

import io.stormsim.metrics.PrometheusPorts;
import io.stormsim.spouts.TimestepSpout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.ProcessSimulator;
import org.apache.storm.daemon.Shutdownable;
import org.apache.storm.generated.ErrorInfo;
import org.apache.storm.generated.KillOptions;
import org.apache.storm.generated.TopologyInfo;

/**
 * Runs a bounded simulation topology on an embedded LocalCluster until its summary appears in the
 * output directory (its done file), the spout halts the run, or the time limit passes; then kills it. Errors the bolts
 * report are printed as they come: a failed round is restored and replayed by the spout, so an error
 * alone does not end the run.
 */
public final class LocalRun {
    /** The done and halted files are looked for every 100 ms, reported errors every second. */
    private static final int ERROR_POLL_EVERY = 10;
    private LocalRun() {
    }

    /** The run did not complete; the message says why and carries the errors Storm reported. */
    public static final class RunFailedException extends Exception {
        public RunFailedException(String message) {
            super(message);
        }
    }

    /**
     * Submits {@code topology} to {@code cluster} and waits for it to complete, at most {@code timeout} ({@link
     * Duration#ZERO}: as long as it takes); returns the output directory.
     */
    public static Path run(LocalCluster cluster, TopologyFile topology, Duration timeout) throws Exception {
        return runUntil(cluster, topology, timeout, topology.settings.doneFile());
    }

    /**
     * Submits {@code topology} and kills it once the file {@code until} (relative to the output directory)
     * exists: the workload's {@link Workload.Settings#doneFile} for a whole run, a checkpoint's manifest to stop part way.
     */
    public static Path runUntil(LocalCluster cluster, TopologyFile topology, Duration timeout, String until)
            throws Exception {
        Path done = topology.settings.outputDir().resolve(until);
        Files.deleteIfExists(done);
        return runUntil(cluster, topology, timeout, () -> Files.exists(done), done.toString());
    }

    /** When a run has gone far enough (e.g. a checkpoint is complete in the run store). */
    @FunctionalInterface
    public interface Until {
        boolean reached() throws Exception;
    }

    /** Submits {@code topology} and kills it once {@code until} is reached, which {@code what} names in messages. */
    public static Path runUntil(LocalCluster cluster, TopologyFile topology, Duration timeout, Until until, String what)
            throws Exception {
        Workload.Settings settings = topology.settings;
        if (settings.steps() == 0) {
            throw new ConfigException(settings.stepsKey() + " = 0 (without end) is not allowed on an embedded run: it"
                    + " would never finish; give a number, or submit it to a cluster");
        }
        checkPrometheusPorts(topology);
        Path out = settings.outputDir();
        Path summary = out.resolve(settings.doneFile());
        Path halted = out.resolve(TimestepSpout.HALTED);
        Files.deleteIfExists(summary);
        Files.deleteIfExists(halted);
        String name = topology.name();
        Set<Shutdownable> workersBefore = Set.copyOf(ProcessSimulator.getAllProcessHandles());
        cluster.submitTopology(name, topology.config, topology.build());
        // Duration.ZERO: no deadline (a run ends when it ends)
        long deadline = timeout.isZero() ? Long.MAX_VALUE : System.nanoTime() + timeout.toNanos();
        Set<String> reported = new LinkedHashSet<>();
        try {
            for (long polls = 0; !until.reached(); polls++) {
                // asking Nimbus for the errors every poll would cost the simulation CPU time
                if (polls % ERROR_POLL_EVERY == 0) {
                    report(cluster, name, reported);
                }
                if (Files.exists(halted)) {
                    report(cluster, name, reported);
                    throw new RunFailedException("topology " + name + " halted: " + Files.readString(halted).trim()
                            + (reported.isEmpty() ? "" : "\n  " + String.join("\n  ", reported)));
                }
                if (deadline != Long.MAX_VALUE && System.nanoTime() > deadline) {
                    throw new RunFailedException("topology " + name + " did not finish within " + timeout.toSeconds()
                            + " s (no " + what + ")");
                }
                Thread.sleep(100);
            }
        } finally {
            kill(cluster, name, workersBefore);
        }
        return out;
    }

    /** The workers of an embedded run share this machine: each needs a free port of a Prometheus endpoint's range. */
    private static void checkPrometheusPorts(TopologyFile topology) throws ConfigException {
        int workers = ((Number) topology.config.getOrDefault(Config.TOPOLOGY_WORKERS, 1)).intValue();
        try {
            for (PrometheusPorts ports : PrometheusPorts.ofTopology(topology.config)) {
                ports.checkFree(workers);
            }
        } catch (IllegalArgumentException e) {
            throw new ConfigException(e.getMessage());
        }
    }

    /** Prints the errors the topology's components reported that are not in {@code reported} yet, and adds them. */
    private static void report(LocalCluster cluster, String name, Set<String> reported) throws Exception {
        for (String error : errors(cluster.getTopologyInfoByName(name))) {
            if (reported.add(error)) {
                System.err.println("stormsim: " + name + " reported: " + error);
            }
        }
    }

    /**
     * Kills the topology at once and waits until the name is free for the next run and the workers started since
     * the submission (those not in {@code workersBefore}) are shut down: Nimbus frees the name first, and until the
     * supervisor has shut the in-process workers down their metrics reporters still write into the output
     * directory, which the caller may be deleting.
     */
    private static void kill(LocalCluster cluster, String name, Set<Shutdownable> workersBefore) throws Exception {
        KillOptions now = new KillOptions();
        now.set_wait_secs(0);
        cluster.killTopologyWithOpts(name, now);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        awaitUntil(deadline, () -> cluster.getClusterInfo().get_topologies().stream()
                .noneMatch(t -> t.get_name().equals(name)),
                "topology " + name + " was killed but is still listed after 60 s");
        awaitUntil(deadline, () -> workersBefore.containsAll(ProcessSimulator.getAllProcessHandles()),
                "topology " + name + " was killed but its workers are still running after 60 s");
    }

    /** Polls {@code until} every 100 ms; past {@code deadline} (System.nanoTime) fails with {@code failure}. */
    private static void awaitUntil(long deadline, Until until, String failure) throws Exception {
        while (!until.reached()) {
            if (System.nanoTime() > deadline) {
                throw new RunFailedException(failure);
            }
            Thread.sleep(100);
        }
    }

    private static List<String> errors(TopologyInfo info) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, List<ErrorInfo>> e : info.get_errors().entrySet()) {
            for (ErrorInfo error : e.getValue()) {
                String text = error.get_error();
                int firstLines = text.indexOf('\n', text.indexOf('\n') + 1);
                out.add(e.getKey() + ": " + (firstLines > 0 ? text.substring(0, firstLines) : text));
            }
        }
        return out;
    }
}
