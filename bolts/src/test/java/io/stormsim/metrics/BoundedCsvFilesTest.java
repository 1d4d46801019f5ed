package io.stormsim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.CsvReporter;
import com.codahale.metrics.MetricRegistry;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Dropwizard's CSV reporter writing through BoundedCsvFiles keeps each file's header and its newest rows. */
class BoundedCsvFilesTest {
    @TempDir
    Path dir;

    @Test
    void eachMetricsFileKeepsItsHeaderAndTheNewestRows() throws Exception {
        MetricRegistry registry = new MetricRegistry();
        AtomicLong round = new AtomicLong();
        registry.gauge("stormsim.round", () -> round::get);
        CsvReporter reporter = CsvReporter.forRegistry(registry).withCsvFileProvider(new BoundedCsvFiles(5))
                .build(dir.toFile());
        File file = dir.resolve("stormsim.round.csv").toFile();
        for (int r = 0; r < 40; r++) {
            round.set(r);
            reporter.report();
            List<String> lines = Files.readAllLines(file.toPath());
            assertEquals("t,value", lines.get(0));
            assertTrue(lines.size() - 1 <= 10, (lines.size() - 1) + " rows after report " + r);
            assertTrue(lines.get(lines.size() - 1).endsWith("," + r), lines.get(lines.size() - 1));
        }
        reporter.close();
        List<String> values = Files.readAllLines(file.toPath()).stream().skip(1)
                .map(l -> l.substring(l.indexOf(',') + 1)).toList();
        assertEquals(List.of("35", "36", "37", "38", "39"), values.subList(values.size() - 5, values.size()));
    }

    @Test
    void countsTheRowsOfAFileLeftByAnEarlierWorker() throws Exception {
        Path file = dir.resolve("stormsim.round.csv");
        StringBuilder old = new StringBuilder("t,value\n");
        for (int r = 0; r < 12; r++) {
            old.append(r).append(',').append(r).append('\n');
        }
        Files.writeString(file, old);
        new BoundedCsvFiles(5).getFile(dir.toFile(), "stormsim.round");
        assertEquals(6, Files.readAllLines(file).size(), "cut to the header and the newest 5 before the next row");
    }
}
