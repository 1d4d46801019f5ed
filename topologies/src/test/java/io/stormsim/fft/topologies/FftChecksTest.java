package io.stormsim.fft.topologies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.fft.ComplexBlock;
import io.stormsim.fft.ComplexFile;
import io.stormsim.topologies.ConfigChecks;
import io.stormsim.topologies.ConfigException;
import io.stormsim.topologies.TopologyChecks;
import io.stormsim.topologies.TopologyFile;
import io.stormsim.topologies.Workloads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** fft.yaml's values are checked before anything is submitted; messages name key, value and what is allowed. */
class FftChecksTest extends ConfigChecks {
    @Override
    protected Path yaml() {
        return FftTopologyTest.FFT_YAML;
    }

    @Test
    void theShippedConfigurationIsValid() throws Exception {
        TopologyFile t = TopologyFile.load(FftTopologyTest.FFT_YAML, null, valid(), false);
        assertEquals("fft", t.name());
        assertEquals("fft", Workloads.of(t.config).name());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "m|0|stormsim.fft.m = 0 is not allowed: must be an integer in 1..28 (N = 2^m points)",
        "m|29|stormsim.fft.m = 29 is not allowed: must be an integer in 1..28 (N = 2^m points)",
        "m|big|stormsim.fft.m = big is not allowed: must be an integer in 1..28 (N = 2^m points)",
        "direction|sideways|stormsim.fft.direction = sideways is not allowed: must be forward or inverse",
        "seed|1.5|stormsim.fft.seed = 1.5 is not allowed: must be an integer",
        "steps|-1|stormsim.steps = -1 is not allowed: must be an integer >= 0",
        "partitions|0|parallelism = 0 is not allowed: must be an integer >= 1",
        "stream.bind|127.0.0.1:5563|stormsim.stream.bind = 127.0.0.1:5563 is not allowed: must be empty (no stream) or tcp://HOST:PORT",
    })
    void badValuesAreNamedWithWhatIsAllowed(String key, String value, String message) {
        assertRejected(key, value, message);
    }

    @Test
    void morePartitionsThanRowsAreRejected() {
        Map<String, String> m = valid();
        m.put("m", "9");
        m.put("partitions", "32");
        assertEquals("bolt 'load' parallelism = 32 is not allowed with stormsim.fft.m = 9: at most 2^floor(m/2) = 16"
                + " partitions (each owns at least one row of every phase)", rejection(m));
    }

    @Test
    void inputFilesMustHold2ToTheMFinitePoints() throws Exception {
        Path file = tmp.resolve("x.c128");
        double[] re = new double[1024];
        double[] im = new double[1024];
        im[700] = Double.POSITIVE_INFINITY;
        ComplexFile.write(file, List.of(new ComplexBlock(1, 1024, re, im)));
        Map<String, String> m = valid();
        m.put("input.file", file.toString());
        m.put("m", "11");
        assertEquals("stormsim.fft.input.file = " + file + " is not allowed: must be a file of 2^m = 2048 points"
                + " (stormsim.fft.m = 11); it holds 1024", rejection(m));
        m.put("m", "10");
        assertTrue(rejection(m).contains("point 700 is not finite (imaginary part Infinity)"), rejection(m));
        m.put("input.file", tmp.resolve("missing.c128").toString());
        assertTrue(rejection(m).contains("must be a readable file"), rejection(m));
        Files.write(tmp.resolve("ragged.c128"), new byte[24]);
        m.put("input.file", tmp.resolve("ragged.c128").toString());
        assertTrue(rejection(m).contains("not a whole number of 16-byte complex points"), rejection(m));
    }

    @Test
    void barnesHutKeysAreUnknownToTheFft() {
        Map<String, String> m = valid();
        String got = assertThrows(ConfigException.class, () -> {
            TopologyFile t = TopologyFile.load(FftTopologyTest.FFT_YAML, null, m, false);
            t.config.put("stormsim.checkpoint.every", 5);
            TopologyChecks.check(t.definition, t.config);
        }).getMessage();
        assertTrue(got.startsWith("unknown key 'stormsim.checkpoint.every' in the topology config"), got);
    }
}
