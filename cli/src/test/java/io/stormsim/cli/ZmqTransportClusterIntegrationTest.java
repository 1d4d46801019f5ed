package io.stormsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.BodiesCsv;
import io.stormsim.nbody.Conserved;
import io.stormsim.nbody.Parameters;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.nbody.SequentialSimulation;
import io.stormsim.nbody.bolts.DiagnosticsBolt;
import io.stormsim.nbody.topologies.BarnesHutTopologyTest;
import io.stormsim.topologies.TopologyFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.storm.generated.Nimbus;
import org.apache.storm.utils.NimbusClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Barnes-Hut YAML on a real cluster with one more line of config, the ZeroMQ transport
 * ({@code storm.messaging.transport: io.stormsim.transport.ZmqContext}), loaded by the workers from the
 * topology jar: both workers bind a ROUTER, and the final bodies are the sequential kernel's bits, as
 * {@link ClusterIntegrationTest} shows they are over Netty.
 */
@ExtendWith(SharedCluster.class)
class ZmqTransportClusterIntegrationTest {
    private static final int N = 1000, STEPS = 5;
    private static final long SEED = 5;
    private static final double DT = 0.01, THETA = 0.6, EPSILON = 0.02;

    @TempDir
    Path tmp;

    @Test
    void barnesHutOverZeroMqGivesTheSequentialBits() throws Exception {
        Path out = tmp.resolve("out");
        TopologyFile topology = TopologyFile.load(BarnesHutTopologyTest.YAML, null, Map.of("n", String.valueOf(N),
                "seed", String.valueOf(SEED), "steps", String.valueOf(STEPS), "dt", String.valueOf(DT), "theta",
                String.valueOf(THETA), "epsilon", String.valueOf(EPSILON), "partitions", "2", "workers", "2",
                "output.dir", out.toString(), "always.try.serialize", "true"), false);
        topology.config.put("storm.messaging.transport", "io.stormsim.transport.ZmqContext");
        NimbusAddress address = SharedCluster.nimbus();
        TopologySubmission.submit(topology, address);
        String id;
        try (NimbusClient client = address.connect()) {
            Nimbus.Iface nimbus = client.getClient();
            try {
                id = nimbus.getTopologyInfoByName(topology.name()).get_id();
                ClusterIntegrationTest.awaitFile(nimbus, topology.name(), out.resolve(DiagnosticsBolt.SUMMARY), 1,
                        SharedCluster.cluster().layout());
            } finally {
                SharedCluster.kill(nimbus, topology.name());
            }
        }
        List<String> workerLogs = workerLogs(id);
        assertEquals(2, workerLogs.size(), "two workers");
        for (String log : workerLogs) {
            assertTrue(log.contains("Storm peer transport plugin:io.stormsim.transport.ZmqContext")
                    && log.contains("ZeroMQ transport: worker ROUTER bound"), "a worker not on ZeroMQ:\n" + log);
        }
        Bodies sequential = new SequentialSimulation(PlummerSphere.generate(N, SEED),
                Parameters.of(STEPS, DT, THETA, EPSILON)).run((Conserved c) -> { }).sortedById();
        Bodies onCluster = BodiesCsv.read(out.resolve(DiagnosticsBolt.FINAL_BODIES_CSV));
        assertTrue(sequential.sameStateBits(onCluster), "final bodies over ZeroMQ differ from the sequential kernel");
    }

    /** The logs of the workers of the topology {@code id}. */
    private static List<String> workerLogs(String id) throws Exception {
        try (Stream<Path> files = Files.walk(SharedCluster.workerLogs(id))) {
            List<Path> logs = files.filter(f -> f.getFileName().toString().equals("worker.log")).toList();
            List<String> texts = new java.util.ArrayList<>();
            for (Path log : logs) {
                texts.add(Files.readString(log));
            }
            return texts;
        }
    }
}
