package io.stormsim.sort.topologies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.sort.SortFile;
import io.stormsim.sort.SortRecords;
import io.stormsim.topologies.ConfigChecks;
import io.stormsim.topologies.ConfigException;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.TopologyFile;
import io.stormsim.topologies.Workloads;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** radix-sort.yaml's values and input file are checked before anything is submitted, naming key, value and what is allowed. */
class RadixSortChecksTest extends ConfigChecks {
    @Override
    protected Path yaml() {
        return RadixSortTopologyTest.SORT_YAML;
    }

    @Test
    void theShippedConfigurationIsValid() throws Exception {
        TopologyFile t = TopologyFile.load(yaml(), null, valid(), false);
        assertEquals("radix-sort", t.name());
        assertEquals("sort", Workloads.of(t.config).name());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "keys|-1|stormsim.sort.keys = -1 is not allowed: must be an integer in 0..2147483639 (records in one Java array)",
        "keys|3000000000|stormsim.sort.keys = 3000000000 is not allowed: must be an integer in 0..2147483639",
        "key.bits|48|stormsim.sort.key.bits = 48 is not allowed: must be 32 or 64",
        "key.bits|16|stormsim.sort.key.bits = 16 is not allowed: must be 32 or 64",
        "payload|maybe|stormsim.sort.payload = maybe is not allowed: must be true or false",
        "digit.bits|7|stormsim.sort.digit.bits = 7 is not allowed: must be an integer in 8..16",
        "digit.bits|17|stormsim.sort.digit.bits = 17 is not allowed: must be an integer in 8..16",
        "generator|gaussian|stormsim.sort.generator = gaussian is not allowed: must be one of uniform|few-distinct|hot-digit|sorted|reversed",
        "seed|1.5|stormsim.sort.seed = 1.5 is not allowed: must be an integer",
        "jobs|-1|stormsim.sort.jobs = -1 is not allowed: must be an integer >= 0 (0: without end)",
        "jobs.in.flight|0|stormsim.sort.jobs.in.flight = 0 is not allowed: must be an integer in 1..1000 (jobs in flight at once)",
        "jobs.in.flight|20|topology.max.spout.pending = 64 is not allowed: must be unset, or an integer >= 4 x stormsim.sort.jobs.in.flight = 80",
        "write.output|sometimes|stormsim.sort.write.output = sometimes is not allowed: must be true or false",
        "partitions|0|parallelism = 0 is not allowed: must be an integer >= 1",
        "stream.bind|127.0.0.1:5563|stormsim.stream.bind = 127.0.0.1:5563 is not allowed: must be empty (no stream) or tcp://HOST:PORT",
    })
    void badValuesAreNamedWithWhatIsAllowed(String key, String value, String message) {
        assertRejected(key, value, message);
    }

    @Test
    void anEndlessJobStreamIsRefusedOnAnEmbeddedRun() throws Exception {
        Map<String, String> m = valid();
        m.put("jobs", "0");
        TopologyFile endless = TopologyFile.load(yaml(), null, m, false);
        String error = assertThrows(ConfigException.class, () -> LocalRun.run(null, endless, Duration.ofSeconds(1)))
                .getMessage();
        assertTrue(error.startsWith("stormsim.sort.jobs = 0 (without end) is not allowed on an embedded run"), error);
    }

    @Test
    void badInputFilesAreRefusedNamingTheFileAndTheByteOffset() throws Exception {
        Path good = tmp.resolve("good.bin");
        SortFile.write(good, SortRecords.ofLongs(new long[] {5, 3, 9}, new long[] {0, 1, 2}));
        Map<String, String> m = valid();
        m.put("input.file", good.toString());
        TopologyFile.load(yaml(), null, m, false);

        Path truncated = tmp.resolve("truncated.bin");
        Files.copy(good, truncated);
        try (FileChannel ch = FileChannel.open(truncated, StandardOpenOption.WRITE)) {
            ch.truncate(SortFile.HEADER_BYTES + 2 * 16 + 5);
        }
        m.put("input.file", truncated.toString());
        String error = rejection(m);
        assertTrue(error.contains("stormsim.sort.input.file = " + truncated + " cannot be read: " + truncated
                + " at byte 69: the file ends (truncated): the header's count 3 (byte 24) needs 16-byte records up to"
                + " byte 80"), error);

        Path badMagic = tmp.resolve("magic.bin");
        byte[] bytes = Files.readAllBytes(good);
        bytes[3] = 'X';
        Files.write(badMagic, bytes);
        m.put("input.file", badMagic.toString());
        error = rejection(m);
        assertTrue(error.contains(badMagic + " at byte 0: expected the magic \"STRMSORT\""), error);

        Path badBits = tmp.resolve("bits.bin");
        bytes = Files.readAllBytes(good);
        bytes[12] = 48;
        Files.write(badBits, bytes);
        m.put("input.file", badBits.toString());
        error = rejection(m);
        assertTrue(error.contains(badBits + " at byte 12: expected key bits 32 or 64, found 48"), error);

        m.put("input.file", tmp.resolve("missing.bin").toString());
        error = rejection(m);
        assertTrue(error.contains("stormsim.sort.input.file = " + tmp.resolve("missing.bin") + " cannot be read: "
                + tmp.resolve("missing.bin") + " at byte 0: expected a sort records file, found no file"), error);
    }
}
