package io.stormsim.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * The live processes of a local cluster, found by process id: the daemons' pid files, the pid files
 * Storm's workers write under each Supervisor's local directory, and the processes the daemons started.
 * A pid counts only while its process's command line (Redis: its title) names the cluster's directory, so a
 * pid the system has since given to another program is never touched.
 */
final class ClusterProcesses {
    private final ClusterLayout layout;

    ClusterProcesses(ClusterLayout layout) {
        this.layout = layout;
    }

    /** The daemon's process, if its pid file names a live process of this cluster. */
    Optional<ProcessHandle> daemon(String name) {
        return recordedPid(name).flatMap(this::ofThisCluster);
    }

    /** The pid in the daemon's pid file, whether or not it still runs. */
    Optional<Long> recordedPid(String name) {
        Path file = layout.pidFile(name);
        try {
            return Files.exists(file) ? Optional.of(Long.parseLong(Files.readString(file).trim())) : Optional.empty();
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Workers and their log writers of every Supervisor. */
    List<ProcessHandle> workers() {
        Set<ProcessHandle> found = new LinkedHashSet<>();
        for (String supervisor : layout.supervisors()) {
            found.addAll(workers(supervisor));
        }
        return new ArrayList<>(found);
    }

    /** The Supervisor's workers and their log writers: by the workers' pid files, and as its descendants. */
    List<ProcessHandle> workers(String supervisor) {
        Set<ProcessHandle> found = new LinkedHashSet<>();
        daemon(supervisor).ifPresent(s -> s.descendants().forEach(found::add));
        Path workers = layout.data(supervisor).resolve("workers");
        if (Files.isDirectory(workers)) {
            try (Stream<Path> pidFiles = Files.walk(workers, 3)) {
                pidFiles.filter(p -> p.getParent().getFileName().toString().equals("pids"))
                        .map(p -> p.getFileName().toString())
                        .filter(s -> s.matches("\\d+"))
                        .forEach(pid -> ofThisCluster(Long.parseLong(pid)).ifPresent(found::add));
            } catch (IOException e) {
                // a worker directory vanished while we looked: its worker is gone too
            }
        }
        found.removeIf(p -> !p.isAlive());
        return new ArrayList<>(found);
    }

    private Optional<ProcessHandle> ofThisCluster(long pid) {
        return ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                .filter(p -> commandLine(p).contains(layout.dir() + File.separator));
    }

    /**
     * The command line as the process shows it now: Linux's {@code /proc/PID/cmdline}, which holds what a process
     * wrote over its arguments (Redis its title; the JDK's view has only the executable then), else the JDK's.
     */
    private static String commandLine(ProcessHandle p) {
        try {
            return Files.readString(Path.of("/proc", String.valueOf(p.pid()), "cmdline")).replace('\0', ' ');
        } catch (IOException | RuntimeException e) {
            return p.info().commandLine().orElse("");
        }
    }

    /** Asks the processes to stop (SIGTERM), and kills those still there after {@code grace} (SIGKILL). */
    static void end(Collection<ProcessHandle> processes, Duration grace) throws InterruptedException {
        processes.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + grace.toNanos();
        for (ProcessHandle p : processes) {
            if (!awaitExit(p, Math.max(0, deadline - System.nanoTime()))) {
                p.destroyForcibly();
                awaitExit(p, TimeUnit.SECONDS.toNanos(10));
            }
        }
    }

    private static boolean awaitExit(ProcessHandle p, long nanos) throws InterruptedException {
        try {
            p.onExit().get(nanos, TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException e) {
            return !p.isAlive();
        } catch (ExecutionException e) {
            return !p.isAlive();
        }
    }
}
