package io.stormsim.topologies;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
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
    /** The files flux-configs' topologies include, which a copy of a topology needs beside it. */
    public static final List<String> INCLUDES = List.of("engine.yaml", "metrics.yaml");

    @TempDir
    public static Path out;

    /** Copies the files the topologies include ({@link #INCLUDES}) into {@code dir}, beside a copy of a topology. */
    public static void copyIncludes(Path dir) throws IOException {
        for (String include : INCLUDES) {
            Files.copy(YAML.resolveSibling(include), dir.resolve(include), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * A copy of a flux-configs topology whose bolt of class {@code original} is of class {@code replacement} (a bolt
     * that injects a fault), with its properties and includes beside it, in a new directory under {@link #out}.
     */
    public static Path topologyWith(Path yaml, Class<?> original, Class<?> replacement) throws IOException {
        String text = Files.readString(yaml);
        String replaced = text.replace("\"" + original.getName() + "\"", "\"" + replacement.getName() + "\"");
        if (replaced.equals(text)) {
            throw new IllegalArgumentException("no bolt of class " + original.getName() + " in " + yaml);
        }
        Path file = Files.createTempDirectory(out, "yaml").resolve(yaml.getFileName());
        Files.writeString(file, replaced);
        String properties = yaml.getFileName().toString().replaceFirst("\\.yaml$", ".properties");
        Files.copy(yaml.resolveSibling(properties), file.resolveSibling(properties));
        copyIncludes(file.getParent());
        return file;
    }

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
