package io.stormsim.topologies;

import java.nio.file.Path;
import java.util.Map;
import org.apache.storm.LocalCluster;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext.Store.CloseableResource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Topology tests share one embedded LocalCluster for the whole test run: it takes 5-9 s to start and ~6 s to
 * stop on 2 cores, once per test class before. Every run ends with its topology killed and its name free
 * ({@code LocalRun}), so the next test finds the cluster as the first did; JUnit closes it when the run ends.
 */
@ExtendWith(LocalClusterTest.Shared.class)
public abstract class LocalClusterTest {
    public static final Path YAML = Path.of(System.getProperty("stormsim.home", ".."), "flux-configs", "barnes-hut.yaml");
    public static LocalCluster cluster;

    @TempDir
    public static Path out;

    /** Starts the cluster for the first test class that needs it, and has JUnit close it at the end of the run. */
    static final class Shared implements BeforeAllCallback {
        @Override
        public void beforeAll(ExtensionContext context) {
            cluster = context.getRoot().getStore(Namespace.GLOBAL)
                    .getOrComputeIfAbsent(Shared.class, k -> new Running(), Running.class).cluster;
        }
    }

    private static final class Running implements CloseableResource {
        private final LocalCluster cluster;

        Running() {
            try {
                // a killed topology's in-process worker is shut down at once: Storm's default waits 3 s before
                // forcing it, which the next test's run would wait for (its slot frees only then)
                cluster = new LocalCluster.Builder().withDaemonConf(Map.of("supervisor.worker.shutdown.sleep.secs", 0))
                        .build();
            } catch (Exception e) {
                throw new IllegalStateException("the LocalCluster of the topology tests did not start: " + e, e);
            }
        }

        @Override
        public void close() throws Exception {
            cluster.close();
        }
    }
}
