package io.stormsim.cli;

import io.stormsim.topologies.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What one host of a cluster of several hosts sees of the disk: its daemons run in a Linux mount namespace of
 * their own ({@code unshare -m}; the workers a Supervisor starts inherit it) in which an empty file system is
 * mounted over every other host's directory and over the project's {@code output/}, so that the hosts share
 * nothing but the network, as machines do. As root the namespace is made directly; otherwise inside a user
 * namespace ({@code unshare -r}) where the kernel allows it.
 */
final class HostView {
    /** Mounts an empty tmpfs on each argument up to {@code --}, then runs the rest in place of the shell. */
    private static final String HIDE_THEN_RUN = "while [ \"$1\" != -- ]; do mount -t tmpfs -o mode=0755"
            + " stormsim-other-host \"$1\" || exit 97; shift; done; shift; exec \"$@\"";

    private final ClusterLayout layout;
    private final List<String> unshare;

    private HostView(ClusterLayout layout, List<String> unshare) {
        this.layout = layout;
        this.unshare = unshare;
    }

    /** The views of the hosts of {@code layout}, once a mount namespace has been seen to work here. */
    static HostView of(ClusterLayout layout) throws ConfigException {
        List<String> problems = new ArrayList<>();
        for (List<String> unshare : List.of(List.of("unshare", "--mount", "--propagation", "private"),
                List.of("unshare", "--map-root-user", "--mount", "--propagation", "private"))) {
            String problem = tryOut(unshare);
            if (problem == null) {
                return new HostView(layout, unshare);
            }
            problems.add(String.join(" ", unshare) + ": " + problem);
        }
        throw new ConfigException("--hosts needs Linux mount namespaces (each host its own view of the disk), and"
                + " none could be made here (" + String.join("; ", problems) + "): run as root, or where the kernel"
                + " allows user namespaces, or start a cluster of one host (without --hosts)");
    }

    private static String tryOut(List<String> unshare) {
        List<String> cmd = new ArrayList<>(unshare);
        cmd.addAll(List.of("/bin/sh", "-c", "mount -t tmpfs stormsim-probe /tmp"));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "did not end within 20 s";
            }
            String said = new String(p.getInputStream().readAllBytes()).trim();
            return p.exitValue() == 0 ? null : "exit status " + p.exitValue() + (said.isEmpty() ? "" : ", " + said);
        } catch (IOException e) {
            return e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    /** {@code command} as it runs on {@code host}: in a namespace where the others' files are not there. */
    List<String> wrap(int host, List<String> command) throws IOException {
        List<String> cmd = new ArrayList<>(unshare);
        cmd.addAll(List.of("/bin/sh", "-c", HIDE_THEN_RUN, "stormsim-host-" + host));
        for (Path hidden : hidden(layout, host)) {
            Files.createDirectories(hidden);
            cmd.add(hidden.toString());
        }
        cmd.add("--");
        cmd.addAll(command);
        return cmd;
    }

    /** Every other host's directory, and the project's output/ (the user's side of the network). */
    static List<Path> hidden(ClusterLayout layout, int host) {
        List<Path> hidden = new ArrayList<>();
        for (int other = 0; other <= layout.hosts(); other++) {
            if (other != host) {
                hidden.add(layout.hostDir(other));
            }
        }
        hidden.add(ProjectPaths.home().resolve("output"));
        return hidden;
    }
}
