package io.stormsim.metrics;

import com.codahale.metrics.CsvReporter;
import com.codahale.metrics.MetricRegistry;
import io.stormsim.run.RunConfig;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;
import java.util.Optional;
import org.apache.storm.daemon.metrics.ClientMetricsUtils;
import org.apache.storm.metrics2.reporters.CsvStormReporter;
import org.apache.storm.metrics2.reporters.ScheduledStormReporter;
import org.apache.storm.utils.ObjectReader;

/**
 * Storm's CSV metrics reporter ({@code topology.metrics.reporters}, same keys as {@link CsvStormReporter}:
 * {@code csv.log.dir}, {@code report.period}, {@code filter}, ...) whose files stay bounded, whatever the
 * topology and however long it runs: each keeps its header and the newest {@code stormsim.log.rows} (default
 * 100,000: 11 days of 10 s reports) to twice as many rows ({@link BoundedCsvFiles}).
 */
public class BoundedCsvStormReporter extends ScheduledStormReporter {
    @Override
    public void prepare(MetricRegistry registry, Map<String, Object> topoConf, Map<String, Object> reporterConf) {
        String dir = ObjectReader.getString(reporterConf.get(CsvStormReporter.CSV_LOG_DIR), null);
        if (dir == null) {
            throw new IllegalArgumentException(CsvStormReporter.CSV_LOG_DIR + " is missing in the reporter's config of "
                    + BoundedCsvStormReporter.class.getName() + ": set it to the directory of the metrics files");
        }
        File directory = new File(dir);
        try {
            // the workers of a topology on one host start together, each making the directory if it is missing:
            // finding it made by another is no failure (a worker that failed here would not start)
            Files.createDirectories(directory.toPath());
        } catch (IOException e) {
            throw new IllegalStateException(CsvStormReporter.CSV_LOG_DIR + " = " + dir + ": cannot create the directory ("
                    + e + ")", e);
        }
        CsvReporter.Builder builder = CsvReporter.forRegistry(registry);
        // Storm's reporter applies each setting only when the reporter's config gives it
        Optional.ofNullable(ClientMetricsUtils.getMetricsReporterLocale(reporterConf)).ifPresent(builder::formatFor);
        Optional.ofNullable(ClientMetricsUtils.getMetricsRateUnit(reporterConf)).ifPresent(builder::convertRatesTo);
        Optional.ofNullable(ClientMetricsUtils.getMetricsDurationUnit(reporterConf)).ifPresent(builder::convertDurationsTo);
        Optional.ofNullable(getMetricsFilter(reporterConf)).ifPresent(builder::filter);
        builder.withCsvFileProvider(new BoundedCsvFiles(RunConfig.logRows(topoConf)));
        reportingPeriod = getReportPeriod(reporterConf);
        reportingPeriodUnit = getReportPeriodUnit(reporterConf);
        reporter = builder.build(directory);
    }
}
