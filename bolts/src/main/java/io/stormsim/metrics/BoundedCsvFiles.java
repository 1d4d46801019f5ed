package io.stormsim.metrics;

import com.codahale.metrics.CsvFileProvider;
import com.codahale.metrics.FixedNameCsvFileProvider;
import io.stormsim.run.AtomicFiles;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The files of Dropwizard's CSV reporter (one per metric, a row appended each report), kept bounded: when a
 * file has more than {@code 2 keptRows} rows, it is cut back to its header and the newest {@code keptRows}.
 * The reporter asks for a metric's file once before each row it appends, so the rows are counted here.
 */
final class BoundedCsvFiles implements CsvFileProvider {
    private final CsvFileProvider names = new FixedNameCsvFileProvider();
    private final int keptRows;
    private final Map<File, Long> rows = new HashMap<>();

    BoundedCsvFiles(int keptRows) {
        this.keptRows = keptRows;
    }

    @Override
    public File getFile(File directory, String metricName) {
        File file = names.getFile(directory, metricName);
        long count = rows.computeIfAbsent(file, BoundedCsvFiles::dataRows);
        if (count >= 2L * keptRows) {
            trim(file.toPath());
            count = keptRows;
        }
        rows.put(file, count + 1);
        return file;
    }

    private void trim(Path file) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            List<String> kept = new ArrayList<>(lines.subList(0, 1));
            kept.addAll(lines.subList(lines.size() - keptRows, lines.size()));
            AtomicFiles.writeLines(file, kept);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot trim the metrics file " + file, e);
        }
    }

    private static long dataRows(File file) {
        if (!file.exists()) {
            return 0;
        }
        try (var lines = Files.lines(file.toPath(), StandardCharsets.UTF_8)) {
            return Math.max(0, lines.count() - 1);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the metrics file " + file, e);
        }
    }
}
