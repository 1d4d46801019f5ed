package io.stormsim.topologies;

import java.nio.file.Path;
import org.apache.storm.LocalCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/** Topology tests share one embedded LocalCluster per class (it takes seconds to start and to stop). */
public abstract class LocalClusterTest {
    public static final Path YAML = Path.of(System.getProperty("stormsim.home", ".."), "flux-configs", "barnes-hut.yaml");
    public static LocalCluster cluster;

    @TempDir
    public static Path out;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = new LocalCluster();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        cluster.close();
    }
}
