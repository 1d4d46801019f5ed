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
 * redis-server; stdout and stderr to the daemon's {@code .out} file, its log to {@code <daemon>.log} in its
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
            return List.of(redisServer(), layout.conf("redis.conf").toString());
        }
        List<String> cmd = new ArrayList<>(List.of(javaHome.resolve("bin/java").toString(),
                "-Xmx" + (daemon.equals(ClusterLayout.NIMBUS) ? 512 : 256) + "m",
                "-Dstorm.home=" + stormHome,
                "-Dstorm.log.dir=" + layout.logs(layout.host(daemon)),
                "-Dlogfile.name=" + daemon + ".log",
                "-Dlog4j.configurationFile=" + stormHome.resolve("log4j2/cluster.xml")));
        String lib = stormHome.resolve("lib") + "/*";
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

    /** Debian's redis-server, on the PATH or where the package puts it. */
    private static String redisServer() throws ConfigException {
        List<Path> candidates = new ArrayList<>();
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!dir.isEmpty()) {
                candidates.add(Path.of(dir, "redis-server"));
            }
        }
        candidates.add(Path.of("/usr/bin/redis-server"));
        candidates.add(Path.of("/usr/sbin/redis-server"));
        for (Path p : candidates) {
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        throw new ConfigException("a cluster of several hosts keeps its run store in Redis, and redis-server is not"
                + " installed: install Debian's package (apt-get install redis-server), or start a cluster of one host"
                + " (without --hosts)");
    }
}
