package io.stormsim.pingpong.topologies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.pingpong.RoundTripTable;
import io.stormsim.pingpong.spouts.PingerSpout;
import io.stormsim.topologies.ConfigException;
import io.stormsim.topologies.LocalClusterTest;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.TopologyFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The ping-pong YAML on an embedded LocalCluster with two workers and Kryo forced on every tuple: every
 * phase is measured, every ping comes back with its payload, from the ponger in the other worker.
 * (Timings are not checked: on a LocalCluster workers are threads of one JVM.)
 */
class PingPongTopologyTest extends LocalClusterTest {
    private static final Path PINGPONG_YAML = YAML.resolveSibling("pingpong.yaml");

    @Test
    void badValuesAreRejectedBeforeSubmitting() {
        Map<String, String[]> cases = Map.of(
                "transport", new String[] {"io.stormsim.transport.Nope",
                    "storm.messaging.transport = io.stormsim.transport.Nope is not allowed: no such class"},
                "payloads", new String[] {"88,-1", "stormsim.pingpong.payloads = 88,-1 is not allowed"},
                "modes", new String[] {"fast", "stormsim.pingpong.modes = fast is not allowed"},
                "window", new String[] {"0", "stormsim.pingpong.window = 0 is not allowed: must be an integer in 1..100000"},
                "seconds", new String[] {"0", "stormsim.pingpong.seconds = 0 is not allowed: must be a number of seconds > 0"});
        cases.forEach((key, valueAndMessage) -> {
            String error = assertThrows(ConfigException.class, () -> TopologyFile.load(PINGPONG_YAML, null,
                    Map.of(key, valueAndMessage[0], "output.dir", out.resolve("rejected").toString()), false)).getMessage();
            assertTrue(error.contains(valueAndMessage[1]), "'" + error + "' should contain '" + valueAndMessage[1] + "'");
        });
    }

    @Test
    void everyPingGetsItsPongAndEveryPhaseIsMeasured() throws Exception {
        Path dir = out.resolve("pingpong");
        TopologyFile topology = TopologyFile.load(PINGPONG_YAML, null, Map.of("payloads", "88,8072", "modes",
                "sync,async", "window", "4", "warmup.seconds", "0.2", "seconds", "0.5", "rounds", "300",
                "workers", "2", "output.dir", dir.toString(), "always.try.serialize", "true"), false);
        LocalRun.run(cluster, topology, Duration.ofMinutes(2));

        List<String> rows = Files.readAllLines(dir.resolve(PingerSpout.CSV));
        assertEquals(RoundTripTable.CSV_HEADER, rows.get(0));
        assertEquals(5, rows.size(), "a header and one row per payload and mode");
        String[][] expected = {{"88", "sync", "1"}, {"88", "async", "4"}, {"8072", "sync", "1"}, {"8072", "async", "4"}};
        for (int i = 0; i < expected.length; i++) {
            String[] f = rows.get(i + 1).split(",");
            assertEquals("storm/in-jvm", f[0]);
            assertEquals(List.of(expected[i]), List.of(f[1], f[2], f[3]), "row " + (i + 1));
            int roundTrips = Integer.parseInt(f[4]);
            assertTrue(roundTrips >= 1 && roundTrips <= 300, "measured round trips within rounds: " + roundTrips);
            assertTrue(Double.parseDouble(f[5]) > 0, "a rate");
            assertTrue(Double.parseDouble(f[6]) <= Double.parseDouble(f[7]), "median <= p99");
        }

        String table = Files.readString(dir.resolve(PingerSpout.TABLE));
        Matcher counts = Pattern.compile("pings sent (\\d+), pongs received (\\d+), with a wrong payload size (\\d+), "
                + "from a ponger in another worker (\\d+)").matcher(table);
        assertTrue(counts.find(), table);
        long pings = Long.parseLong(counts.group(1));
        assertTrue(pings >= 4, "pings sent: " + pings);
        assertEquals(pings, Long.parseLong(counts.group(2)), "every ping got its pong");
        assertEquals(0, Long.parseLong(counts.group(3)), "every pong carried the ping's payload");
        assertEquals(pings, Long.parseLong(counts.group(4)), "every pong came from the other worker");
    }
}
