package io.stormsim.water.topologies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.topologies.ConfigChecks;
import io.stormsim.topologies.TopologyFile;
import io.stormsim.water.WaterInput;
import io.stormsim.water.WaterState;
import io.stormsim.water.WaterStateFile;
import io.stormsim.water.bolts.RdfWindow;
import io.stormsim.water.bolts.WaterConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad Water settings and files are rejected before anything is submitted, naming key, file, line and what is allowed. */
class WaterChecksTest extends ConfigChecks {
    private static final Path YAML = WaterTopologyTest.WATER_YAML;

    @Override
    protected Path yaml() {
        return YAML;
    }

    @Test
    void theShippedConfigurationIsValid() throws Exception {
        TopologyFile t = TopologyFile.load(YAML, null, valid(), false);
        assertEquals("water", t.name());
        assertEquals(512, ((Number) t.config.get("stormsim.water.molecules")).intValue());
        WaterConfig water = WaterConfig.from(t.config);
        assertTrue(water.rdfEvery() > 0 && water.run().steps() % water.rdfEvery() == 0,
                "the default run writes radial distribution files, the last at its last step: " + water);
        assertTrue(new WaterWorkload().read(t.config).results().contains(RdfWindow.FILES), "and lists them");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "molecules|500|stormsim.water.molecules = 500 is not allowed: must be a cube n^3, n in 1..500 (the lattice start",
        "molecules|0|stormsim.water.molecules = 0 is not allowed: must be a cube n^3",
        "partitions|65|bolt 'predict' parallelism = 65 is not allowed: must be 1..64 for NMOL = 512 (the molecules are cut into 64 blocks",
        "cutoff|12|stormsim.water.cutoff = 12 is not allowed: must be 0 (half the box, at most 11 Angstrom) or a radius in Angstrom in (0, 11]",
        "print.every|0|stormsim.water.print.every = 0 is not allowed: must be an integer >= 1",
        "seed|x|stormsim.water.seed = x is not allowed: must be an integer",
        "steps|-1|stormsim.steps = -1 is not allowed: must be an integer >= 0",
        "random.file|/tmp/random.in|stormsim.water.random.file = /tmp/random.in is not allowed: must be empty when stormsim.water.input.file is",
        "stream.hwm|0|stormsim.stream.hwm = 0 is not allowed: must be an integer in 1..1000000",
        "rdf.every|-1|stormsim.water.rdf.every = -1 is not allowed: must be an integer >= 0 (0: no radial distribution functions)",
        "rdf.bins|0|stormsim.water.rdf.bins = 0 is not allowed: must be an integer in 1..100000",
        "rdf.sample.every|0|stormsim.water.rdf.sample.every = 0 is not allowed: must be an integer >= 1",
        "rdf.sample.every|x|stormsim.water.rdf.sample.every = x is not allowed: must be an integer >= 1",
    })
    void badValuesAreNamedWithWhatIsAllowed(String key, String value, String message) {
        assertRejected(key, value, message);
    }

    @Test
    void radialDistributionsOfOneMoleculeAreRefused() {
        Map<String, String> m = valid();
        m.put("molecules", "1");
        m.put("partitions", "1");
        m.put("rdf.every", "5");
        String error = rejection(m);
        assertTrue(error.contains("stormsim.water.rdf.every = 5 is not allowed: must be 0 for a run of 1 molecule"), error);
    }

    @Test
    void theSampleStrideMustDivideTheWindow() throws Exception {
        Map<String, String> m = valid();
        m.put("rdf.every", "50");
        m.put("rdf.sample.every", "20");
        String error = rejection(m);
        assertTrue(error.contains("stormsim.water.rdf.sample.every = 20 is not allowed: must be a divisor of"
                + " stormsim.water.rdf.every = 50 (each window of stormsim.water.rdf.every steps averages the same"
                + " number of samples and ends on one)"), error);
        m.put("rdf.sample.every", "25");
        TopologyFile.load(YAML, null, m, false);
        m.put("rdf.every", "0");
        m.put("rdf.sample.every", "7");
        TopologyFile.load(YAML, null, m, false);
    }

    @Test
    void tooManyPartitionsForASmallLattice() {
        Map<String, String> m = valid();
        m.put("molecules", "27");
        m.put("partitions", "28");
        String error = rejection(m);
        assertTrue(error.contains("parallelism = 28 is not allowed: must be 1..27 for NMOL = 27"), error);
    }

    @Test
    void inputFilesAreCheckedForFormatAndValues() throws Exception {
        Path missing = tmp.resolve("missing-input");
        Map<String, String> m = withInput(missing, tmp.resolve("random.in"));
        String error = rejection(m);
        assertTrue(error.contains("stormsim.water.input.file = " + missing + " cannot be read"), error);

        Path notCube = tmp.resolve("input-500");
        Files.writeString(notCube, "  1.5e-16   500  10   6\n -1      3000     1  0\n1 6.2\n");
        error = rejection(withInput(notCube, tmp.resolve("random.in")));
        assertTrue(error.contains("stormsim.water.input.file = " + notCube + " cannot be read: " + notCube
                + ":1: NMOL = 500 is not allowed: must be a cube"), error);

        Path input = tmp.resolve("input-8");
        Files.writeString(input, "  1.5e-16   8  10   6\n -1      3000     1  0\n1 0\n");
        m = valid();
        m.put("input.file", input.toString());
        error = rejection(m);
        assertTrue(error.contains("stormsim.water.random.file is missing: a lattice start from stormsim.water.input.file = "
                + input + " takes its velocities from the original's random.in"), error);

        Path random = tmp.resolve("random.in");
        Files.writeString(random, "0.5\n1 2 3\n4 x 6\n");
        error = rejection(withInput(input, random));
        assertTrue(error.contains("stormsim.water.random.file = " + random + " cannot be read: " + random
                + ":3: expected a decimal number (random velocities), found 'x'"), error);
        Files.writeString(random, "0.5\n1 2 3\n");
        error = rejection(withInput(input, random));
        assertTrue(error.contains(random + ":2: the file ends after 3 numbers after the first; NMOL = 8 needs 72"), error);
    }

    @Test
    void restartFilesAreCheckedAndExcludeTheOtherStarts() throws Exception {
        Path state = tmp.resolve("water.state");
        WaterInput in = WaterInput.of(8, 1, 0.0, 1);
        WaterStateFile.write(state, new WaterState(in, 3, 1, 2, new double[in.order() + 1][9 * 8]));
        Map<String, String> m = valid();
        m.put("restart.file", state.toString());
        m.put("partitions", "8");
        TopologyFile.load(YAML, null, m, false);
        m.put("partitions", "9");
        String error = rejection(m);
        assertTrue(error.contains("parallelism = 9 is not allowed: must be 1..8 for NMOL = 8"), error);

        m.put("partitions", "2");
        m.put("input.file", state.toString());
        error = rejection(m);
        assertTrue(error.contains("stormsim.water.input.file = " + state + " is not allowed: must be empty when"
                + " stormsim.water.restart.file is set"), error);

        byte[] bytes = Files.readAllBytes(state);
        bytes[bytes.length - 20] ^= 1;
        Files.write(state, bytes);
        m.remove("input.file");
        error = rejection(m);
        assertTrue(error.contains("stormsim.water.restart.file = " + state + " cannot be read: " + state + ": byte "
                + (bytes.length - 4) + ": checksum mismatch"), error);
    }

    private Map<String, String> withInput(Path input, Path random) {
        Map<String, String> m = valid();
        m.put("input.file", input.toString());
        m.put("random.file", random.toString());
        return m;
    }
}
