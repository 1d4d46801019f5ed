package io.stormsim.metrics;

import com.codahale.metrics.MetricFilter;
import com.codahale.metrics.MetricRegistry;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.net.BindException;
import java.util.Map;
import java.util.Optional;
import org.apache.storm.Config;
import org.apache.storm.metrics2.reporters.ScheduledStormReporter;
import org.apache.storm.metrics2.reporters.StormReporter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves a worker's metrics (metrics v2: Storm's and the simulation's {@code stormsim.*} gauges and timers) for
 * Prometheus to scrape, at {@code http://HOST:PORT/metrics}, PORT the first free one of {@code metrics.ports}
 * ({@link PrometheusPorts}; empty: none) on the worker's host; {@code filter} as for Storm's reporters. Every worker
 * has its own endpoint, in an embedded LocalCluster too (its workers share the JVM, and each takes the next
 * port). With every port of the range taken, the worker logs an error naming the key and the ports and runs on
 * without an endpoint: a simulation should not stop, nor its worker restart again and again, for want of a
 * monitoring port. (An embedded run checks the ports are free before it starts.)
 */
public class PrometheusStormReporter implements StormReporter {
    private static final Logger LOG = LoggerFactory.getLogger(PrometheusStormReporter.class);

    private PrometheusPorts ports;
    private PrometheusRegistry registry;
    private String topology;
    private HTTPServer server;

    @Override
    public void prepare(MetricRegistry metrics, Map<String, Object> topoConf, Map<String, Object> reporterConf) {
        ports = PrometheusPorts.from(reporterConf);
        topology = String.valueOf(topoConf.get(Config.STORM_ID));
        MetricFilter filter = Optional.<MetricFilter>ofNullable(ScheduledStormReporter.getMetricsFilter(reporterConf))
                .orElse(MetricFilter.ALL);
        registry = new PrometheusRegistry();
        registry.register(new StormMetricFamilies(metrics, filter));
    }

    @Override
    public void start() {
        if (!ports.enabled()) {
            return;
        }
        for (int port = ports.first(); port <= ports.last(); port++) {
            try {
                server = HTTPServer.builder().port(port).registry(registry).buildAndStart();
                LOG.info("Prometheus endpoint of a worker of {}: port {} ({} = {})", topology, port, PrometheusPorts.KEY, ports);
                return;
            } catch (BindException taken) {
                LOG.debug("port {} is taken", port, taken);
            } catch (IOException e) {
                LOG.error("{} = {}: cannot serve on port {} ({}); this worker of {} runs on without a Prometheus endpoint",
                        PrometheusPorts.KEY, ports, port, e, topology);
                return;
            }
        }
        LOG.error("{} = {}: every port is in use on this host; this worker of {} runs on without a Prometheus endpoint"
                + " (give a range with as many free ports as workers run on a host)", PrometheusPorts.KEY, ports, topology);
    }

    /** The port this worker serves on, if it serves. */
    Optional<Integer> port() {
        return Optional.ofNullable(server).map(HTTPServer::getPort);
    }

    @Override
    public void stop() {
        if (server != null) {
            server.close();
            server = null;
        }
    }

    @Override
    public void close() {
        stop();
    }
}
