package io.stormsim.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.storm.generated.KillOptions;
import org.apache.storm.generated.Nimbus;
import org.apache.storm.generated.NotAliveException;
import org.apache.storm.generated.TopologySummary;
import org.apache.storm.utils.NimbusClient;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext.Store.CloseableResource;

/**
 * One real cluster (ZooKeeper, Nimbus and two Supervisors of 2 slots, each its own JVM: the code behind
 * scripts/cluster) for all the cluster tests of a test run, as starting one takes 20-45 s on 2 cores. The first
 * test class extended with it starts it, on free loopback ports, in {@code target/shared-cluster} (whose logs stay
 * there after the run); JUnit stops it when the run ends, and a shutdown hook if the JVM is stopped first.
 *
 * <p>Tests run their topologies on it one at a time and end each with {@link #kill}, which returns once Nimbus
 * has forgotten the topology and its worker processes are gone: the next topology finds every slot free and no
 * process left on its ports. Worker logs are told apart by topology id ({@link #workerLogs}).
 */
final class SharedCluster implements BeforeAllCallback {
    private static final Duration GONE_TIMEOUT = Duration.ofSeconds(90);
    private static volatile LocalStormCluster cluster;

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getRoot().getStore(Namespace.GLOBAL).getOrComputeIfAbsent(SharedCluster.class, k -> start(),
                Running.class);
    }

    /** The started cluster; the test class must be extended with this extension. */
    static LocalStormCluster cluster() {
        if (cluster == null) {
            throw new IllegalStateException("no shared cluster: extend the test class with @ExtendWith(SharedCluster.class)");
        }
        return cluster;
    }

    static NimbusAddress nimbus() throws Exception {
        return NimbusAddress.of(cluster().layout());
    }

    /** The directory of the worker logs of the topology {@code id} (every worker and restart of it). */
    static Path workerLogs(String id) {
        return cluster().layout().logs().resolve("workers-artifacts").resolve(id);
    }

    /** Kills the topology {@code name} now and waits until Nimbus has no such topology and its workers are gone. */
    static void kill(Nimbus.Iface nimbus, String name) throws Exception {
        String id;
        try {
            id = nimbus.getTopologyInfoByName(name).get_id();
        } catch (NotAliveException alreadyGone) {
            return;
        }
        KillOptions now = new KillOptions();
        now.set_wait_secs(0);
        nimbus.killTopologyWithOpts(name, now);
        long deadline = System.nanoTime() + GONE_TIMEOUT.toNanos();
        while (known(nimbus, name) || !workersOf(id).isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("topology " + name + " (" + id + ") not gone " + GONE_TIMEOUT.toSeconds()
                        + " s after it was killed: Nimbus " + (known(nimbus, name) ? "still has it" : "forgot it")
                        + ", worker processes " + workersOf(id).stream().map(ProcessHandle::pid).toList());
            }
            Thread.sleep(200);
        }
    }

    private static boolean known(Nimbus.Iface nimbus, String name) throws Exception {
        for (TopologySummary t : nimbus.getClusterInfo().get_topologies()) {
            if (t.get_name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    private static List<ProcessHandle> workersOf(String id) {
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine()
                .map(c -> c.contains("org.apache.storm.daemon.worker.Worker") && c.contains(id)).orElse(false)).toList();
    }

    private static Running start() {
        try {
            Path dir = Path.of("target", "shared-cluster").toAbsolutePath();
            Files.createDirectories(dir);
            LocalStormCluster started = new LocalStormCluster(new ClusterLayout(dir, ClusterIntegrationTest.freeBasePort()),
                    System.out);
            Thread stopOnExit = new Thread(() -> ClusterIntegrationTest.stopQuietly(started));
            Runtime.getRuntime().addShutdownHook(stopOnExit);
            started.start();
            try (NimbusClient client = NimbusAddress.of(started.layout()).connect()) {
                if (!client.getClient().getClusterInfo().get_topologies().isEmpty()) {
                    throw new IllegalStateException("the new shared cluster runs topologies already");
                }
            }
            cluster = started;
            return new Running(started, stopOnExit);
        } catch (Exception e) {
            throw new IllegalStateException("the shared cluster did not start: " + e.getMessage(), e);
        }
    }

    /** The cluster as JUnit holds it until the run ends. */
    private record Running(LocalStormCluster started, Thread stopOnExit) implements CloseableResource {
        @Override
        public void close() throws Exception {
            cluster = null;
            try {
                started.stop();
            } finally {
                Runtime.getRuntime().removeShutdownHook(stopOnExit);
            }
        }
    }
}
