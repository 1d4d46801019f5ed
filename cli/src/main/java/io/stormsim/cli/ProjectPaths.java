package io.stormsim.cli;

import io.stormsim.topologies.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the build puts what a cluster needs, below the project directory (system property
 * {@code stormsim.home}, set by scripts/stormsim and the test runs; the working directory otherwise).
 */
final class ProjectPaths {
    private ProjectPaths() {
    }

    static Path home() {
        return Path.of(System.getProperty("stormsim.home", ".")).toAbsolutePath().normalize();
    }

    /**
     * The shaded jar Nimbus ships to the workers: this project's classes and Flux, without Storm. Under
     * {@code storm jar JAR ...} (e.g. in the Docker images) it is JAR, which that command names in
     * {@code -Dstorm.jar}. Its name carries no version ({@code <finalName>} in cli/pom.xml).
     */
    static Path topologyJar() throws ConfigException {
        String stormJar = System.getProperty("storm.jar");
        return built(stormJar != null ? Path.of(stormJar)
                : home().resolve("cli/target/stormsim-topology.jar"));
    }

    /** lib/, lib-worker/ and log4j2/ of the cluster module's build. */
    static Path stormHome() throws ConfigException {
        return built(home().resolve("cluster/target/storm-home"));
    }

    /** The ZooKeeper server's jars, run together with the Storm home's lib/. */
    static Path zookeeperLib() throws ConfigException {
        return built(home().resolve("cluster/target/zookeeper"));
    }

    private static Path built(Path p) throws ConfigException {
        if (!Files.exists(p)) {
            throw new ConfigException(p + " does not exist: build the project first (mvn -B -ntp -DskipTests install;"
                    + " scripts/stormsim and scripts/cluster do it when needed), or set -Dstormsim.home to the"
                    + " project directory");
        }
        return p;
    }
}
