package io.stormsim.matmul.topologies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.topologies.ConfigChecks;
import io.stormsim.topologies.ConfigException;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.TopologyFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad matrix multiply settings are rejected before anything is submitted, naming key, value and what is allowed. */
class MatmulChecksTest extends ConfigChecks {
    private static final Path YAML = MatmulTopologyTest.MATMUL_YAML;

    @Override
    protected Path yaml() {
        return YAML;
    }

    @Test
    void theShippedConfigurationIsValid() throws Exception {
        TopologyFile t = TopologyFile.load(YAML, null, valid(), false);
        assertEquals("matmul", t.name());
        assertEquals(1024, ((Number) t.config.get("stormsim.matmul.n")).intValue());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "n|0|stormsim.matmul.n = 0 is not allowed: must be an integer in 1..46340",
        "n|1000|stormsim.matmul.block = 256 is not allowed: must be a divisor of stormsim.matmul.n = 1000",
        "block|0|stormsim.matmul.block = 0 is not allowed: must be an integer in 1..1024",
        "block|2048|stormsim.matmul.block = 2048 is not allowed: must be an integer in 1..1024 (at most stormsim.matmul.n)",
        "block|300|stormsim.matmul.block = 300 is not allowed: must be a divisor of stormsim.matmul.n = 1024",
        "grid.rows|5|stormsim.matmul.grid.rows = 5 is not allowed: must be an integer in 1..4 (stormsim.matmul.n / stormsim.matmul.block = 4 blocks a side)",
        "grid.cols|0|stormsim.matmul.grid.cols = 0 is not allowed: must be an integer in 1..4",
        "partitions|3|bolt 'broadcast' parallelism = 3 is not allowed: stormsim.matmul.grid.rows x stormsim.matmul.grid.cols = 2x2 needs 4 tasks (set partitions=4)",
        "jobs|-1|stormsim.matmul.jobs = -1 is not allowed: must be an integer >= 0 (0: without end)",
        "jobs.in.flight|0|stormsim.matmul.jobs.in.flight = 0 is not allowed: must be an integer in 1..1000 (jobs in flight at once)",
        "jobs.in.flight|20|topology.max.spout.pending = 64 is not allowed: must be unset, or an integer >= 4 x stormsim.matmul.jobs.in.flight = 80",
        "write.c|maybe|stormsim.matmul.write.c = maybe is not allowed: must be true or false",
        "seed|x|stormsim.matmul.seed = x is not allowed: must be an integer",
        "stream.hwm|0|stormsim.stream.hwm = 0 is not allowed: must be an integer in 1..1000000",
    })
    void badValuesAreNamedWithWhatIsAllowed(String key, String value, String message) {
        assertRejected(key, value, message);
    }

    @Test
    void anEndlessJobStreamIsRefusedOnAnEmbeddedRun() throws Exception {
        Map<String, String> m = valid();
        m.put("jobs", "0");
        TopologyFile endless = TopologyFile.load(YAML, null, m, false);
        String error = assertThrows(ConfigException.class, () -> LocalRun.run(null, endless, Duration.ofSeconds(1)))
                .getMessage();
        assertTrue(error.startsWith("stormsim.matmul.jobs = 0 (without end) is not allowed on an embedded run"), error);
    }

    @Test
    void matrixFilesAreCheckedForFormatAndSize() throws Exception {
        Path bad = tmp.resolve("bad.mtx");
        Files.writeString(bad, "%%MatrixMarket matrix array real general\n2 2\n1\nNaN\n3\n4\n");
        Map<String, String> m = valid();
        m.put("a.file", bad.toString());
        String error = rejection(m);
        assertTrue(error.contains("stormsim.matmul.a.file = " + bad + " cannot be read: " + bad
                + ":4: value 'NaN' is not finite"), error);

        Path small = tmp.resolve("small.mtx");
        Files.writeString(small, "%%MatrixMarket matrix array real general\n2 1\n1\n2\n");
        m = valid();
        m.put("b.file", small.toString());
        error = rejection(m);
        assertTrue(error.contains("stormsim.matmul.b.file = " + small + " is not allowed: must be an n x n matrix with"
                + " stormsim.matmul.n = 1024; the file holds 2x1"), error);

        m = valid();
        m.put("a.file", tmp.resolve("missing.mtx").toString());
        assertTrue(rejection(m).contains("stormsim.matmul.a.file = " + tmp.resolve("missing.mtx") + " cannot be read"));
    }
}
