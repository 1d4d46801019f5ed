package io.stormsim.metrics;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.storm.metrics2.reporters.CsvStormReporter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reporter's directory: the workers of one topology that share a host (and every worker of an embedded
 * LocalCluster, which shares a JVM too) start at the same time and each creates it if missing; a worker that fails
 * there fails to start, and in a LocalCluster Storm's supervisor then halts the whole JVM (exit 20).
 */
class BoundedCsvStormReporterTest {
    private static final int WORKERS = 4, TRIES = 300;

    @TempDir
    Path dir;

    private static Map<String, Object> reporterConf(Path metrics) {
        Map<String, Object> conf = new HashMap<>();
        conf.put(CsvStormReporter.CSV_LOG_DIR, metrics.toString());
        return conf;
    }

    @Test
    void workersStartingTogetherAllCreateOrFindTheDirectory() throws Exception {
        ExecutorService workers = Executors.newFixedThreadPool(WORKERS);
        try {
            for (int t = 0; t < TRIES; t++) {
                Path metrics = dir.resolve("run-" + t).resolve("out").resolve("metrics");
                CyclicBarrier start = new CyclicBarrier(WORKERS);
                List<Future<?>> started = new ArrayList<>();
                for (int w = 0; w < WORKERS; w++) {
                    started.add(workers.submit(() -> {
                        start.await();
                        new BoundedCsvStormReporter().prepare(new MetricRegistry(), Map.of(), reporterConf(metrics));
                        return null;
                    }));
                }
                for (Future<?> f : started) {
                    f.get();
                }
                assertTrue(Files.isDirectory(metrics), metrics.toString());
            }
        } finally {
            workers.shutdownNow();
        }
    }

    @Test
    void aDirectoryThatCannotBeMadeIsNamedWithItsKey() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "");
        String message = assertThrows(IllegalStateException.class, () -> new BoundedCsvStormReporter()
                .prepare(new MetricRegistry(), Map.of(), reporterConf(file.resolve("metrics")))).getMessage();
        assertTrue(message.startsWith(CsvStormReporter.CSV_LOG_DIR + " = " + file.resolve("metrics")
                + ": cannot create the directory"), message);
    }
}
