package io.stormsim.cli;

import io.stormsim.topologies.ConfigException;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of each daemon of a local cluster, and its launch: the Java that runs this launcher
 * (Storm needs 17+), which is also the JAVA_HOME the Supervisors launch their workers with, and Debian's
 * prometheus and redis-server; stdout and stderr to the daemon's {@code .out} file, its log to {@code <daemon>.log} in its
 * host's logs. On a cluster of several hosts each daemon runs in its host's view of the disk ({@link HostView}).
 */
final class ClusterDaemons {
    private final ClusterLayout layout;
    private final Path stormHome;
    private final Path zookeeperLib;
    private final Path javaHome = Path.of(System.getProperty("java.home"));

    private final HostView hostView;

    ClusterDaemons(ClusterLayout layout, Path stormHome, Path zookeeperLib) throws IOException, ConfigException {
        this.layout = layout;
        this.hostView = layout.multiHost() ? HostView.of(layout) : null;
        this.stormHome = stormHome;
        this.zookeeperLib = zookeeperLib;
        for (String dir : List.of("extlib", "extlib-daemon", "conf")) {
            Files.createDirectories(stormHome.resolve(dir));
        }
    }

    Path javaHome() {
        return javaHome;
    }

    /** Starts the daemon and writes its pid file. */
    ProcessHandle launch(String daemon) throws IOException, ConfigException {
        List<String> command = command(daemon);
        if (hostView != null) {
            command = hostView.wrap(layout.host(daemon), command);
        }
        Files.createDirectories(layout.out(daemon).getParent());
        ProcessBuilder pb = new ProcessBuilder(command)
                .directory(layout.dir().toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(layout.out(daemon).toFile()));
        pb.environment().put("JAVA_HOME", javaHome.toString());
        Process p = pb.start();
        Files.createDirectories(layout.pidFile(daemon).getParent());
        Files.writeString(layout.pidFile(daemon), p.pid() + "\n");
        return p.toHandle();
    }

    List<String> command(String daemon) throws ConfigException {
        if (daemon.equals(ClusterLayout.REDIS)) {
            return List.of(installed("redis-server", "Redis, the run store of a cluster of several hosts"),
                    layout.conf("redis.conf").toString());
        }
        if (daemon.equals(ClusterLayout.PROMETHEUS)) {
            return List.of(installed("prometheus", "Prometheus, which scrapes the workers' metrics"),
                    "--config.file=" + layout.conf(ClusterConfigFiles.PROMETHEUS_CONFIG),
                    "--storage.tsdb.path=" + layout.data(ClusterLayout.PROMETHEUS),
                    "--web.listen-address=" + layout.address(0) + ":" + layout.prometheusPort());
        }
        List<String> cmd = new ArrayList<>(List.of(javaHome.resolve("bin/java").toString(),
                "-Xmx" + (daemon.equals(ClusterLayout.NIMBUS) ? 512 : daemon.equals(ClusterLayout.SCRAPE_TARGETS) ? 64 : 256) + "m",
                "-Dstorm.home=" + stormHome,
                "-Dstorm.log.dir=" + layout.logs(layout.host(daemon)),
                "-Dlogfile.name=" + daemon + ".log",
                "-Dlog4j.configurationFile=" + stormHome.resolve("log4j2/cluster.xml")));
        String lib = stormHome.resolve("lib") + "/*";
        if (daemon.equals(ClusterLayout.SCRAPE_TARGETS)) {
            cmd.addAll(List.of("-cp", ProjectPaths.topologyJar() + File.pathSeparator + lib,
                    ScrapeTargets.class.getName(), layout.dir().toString()));
            return cmd;
        }
        if (daemon.equals(ClusterLayout.ZOOKEEPER)) {
            cmd.addAll(List.of("-cp", zookeeperLib + "/*" + File.pathSeparator + lib,
                    "org.apache.zookeeper.server.ZooKeeperServerMain", layout.conf("zoo.cfg").toString()));
            return cmd;
        }
        cmd.add("-Dstorm.conf.file=" + layout.conf(daemon + ".yaml"));
        cmd.addAll(List.of("-cp", String.join(File.pathSeparator, lib, stormHome.resolve("extlib") + "/*",
                stormHome.resolve("extlib-daemon") + "/*")));
        cmd.add(daemon.equals(ClusterLayout.NIMBUS) ? "org.apache.storm.daemon.nimbus.Nimbus"
                : "org.apache.storm.daemon.supervisor.Supervisor");
        return cmd;
    }

    /** A program of Debian's package of the same name, on the PATH or where the package puts it. */
    private static String installed(String program, String what) throws ConfigException {
        List<Path> candidates = new ArrayList<>();
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!dir.isEmpty()) {
                candidates.add(Path.of(dir, program));
            }
        }
        candidates.add(Path.of("/usr/bin", program));
        candidates.add(Path.of("/usr/sbin", program));
        for (Path p : candidates) {
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        throw new ConfigException("the cluster runs " + what + ", and " + program + " is not installed: install Debian's"
                + " package (apt-get install " + program + ")");
    }
}
