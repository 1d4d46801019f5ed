package io.stormsim.run;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Mirrors a run's output directory into its run store ({@link RedisResults}), so that the results are where the
 * user is, whichever host wrote them: a file written whole at once, an appended log at most every
 * {@link #LOGS_EVERY}, and when the run completes every file of the directory that changed (plots, final bodies,
 * metrics), then the summary, last, before it is written on the disk, where a launcher waits for it. A store that fails does not stop the run: the mirror says so at most once a
 * minute and tries again with the next file.
 */
final class ResultsMirror implements AutoCloseable {
    static final Duration LOGS_EVERY = Duration.ofSeconds(10);
    private static final System.Logger LOG = System.getLogger(ResultsMirror.class.getName());

    private final Path dir;
    private final RedisResults store;
    private final RateLimit reports = new RateLimit(CheckpointWrites.REPORT_EVERY, System::nanoTime);
    /** What was stored of each file: its size and modification time. */
    private final Map<String, String> stored = new HashMap<>();
    private final Set<String> appended = new LinkedHashSet<>();
    private long lastLogs = System.nanoTime();

    ResultsMirror(Path dir, RedisResults store) {
        this.dir = dir;
        this.store = store;
    }

    void written(String name) {
        put(name);
    }

    void appended(String name) {
        appended.add(name);
        if (System.nanoTime() - lastLogs >= LOGS_EVERY.toNanos()) {
            flushLogs();
        }
    }

    private void flushLogs() {
        lastLogs = System.nanoTime();
        List.copyOf(appended).forEach(this::put);
        appended.clear();
    }

    /** Every file of the directory that changed since it was stored, then {@code summary}. */
    void completed(byte[] summary) {
        flushLogs();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                String name = dir.relativize(f).toString().replace('\\', '/');
                String version = version(f);
                if (!name.equals(RunOutput.SUMMARY) && !version.equals(stored.get(name))) {
                    put(name, version);
                }
            }
        } catch (IOException e) {
            report("cannot list " + dir + ": " + e);
        }
        try {
            store.put(RunOutput.SUMMARY, new ByteArrayInputStream(summary));
        } catch (IOException e) {
            report(e.getMessage());
        }
    }

    void removed(String name) {
        stored.remove(name);
        try {
            store.remove(name);
        } catch (IOException e) {
            report(e.getMessage());
        }
    }

    private void put(String name) {
        try {
            put(name, version(dir.resolve(name)));
        } catch (IOException e) {
            report(e.getMessage());
        }
    }

    /** Stores file {@code name}, of {@code version} (read before it, so that a later change is stored again). */
    private void put(String name, String version) {
        try {
            store.put(name, dir.resolve(name));
            stored.put(name, version);
        } catch (IOException e) {
            report(e.getMessage());
        }
    }

    private static String version(Path file) throws IOException {
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
        return a.size() + "@" + a.lastModifiedTime().toMillis();
    }

    private void report(String problem) {
        long unreported = reports.occurred();
        if (unreported >= 0) {
            LOG.log(Level.WARNING, "results not stored" + RateLimit.notReported(unreported) + ": " + problem
                    + "; they stay in " + dir);
        }
    }

    @Override
    public void close() {
        store.close();
    }
}
