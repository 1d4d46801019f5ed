package io.stormsim.water.bolts;

import static io.stormsim.run.ConfigValues.doubleValue;
import static io.stormsim.run.ConfigValues.longValue;
import static io.stormsim.run.ConfigValues.stringValue;

import io.stormsim.bsp.PartitionRule;
import io.stormsim.run.ConfigValues;
import io.stormsim.run.RunConfig;
import io.stormsim.run.StreamConfig;
import io.stormsim.water.LatticeStart;
import io.stormsim.water.MoleculeBlocks;
import io.stormsim.water.RunConstants;
import io.stormsim.water.SeededRandomNumbers;
import io.stormsim.water.WaterInput;
import io.stormsim.water.WaterModel;
import io.stormsim.water.WaterState;
import io.stormsim.water.WaterStateFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Water settings of a topology ({@code stormsim.water.*} keys in the Flux YAML) on top of the shared run
 * settings ({@link RunConfig}). A run starts from one of three things: a restart file (restart.file); a
 * SPLASH-2 input file (input.file) with the original's random.in (random.file) for the lattice start's
 * velocities; or, when both are empty, the built-in input (molecules, cutoff, print.every and the reference
 * deck's other values) with velocities from seed. {@code stormsim.steps} sets the steps run, in place of the
 * file's NSTEP. The input is read (and validated) when the config is: the molecule count bounds the
 * partitions ({@link #rejects}). The live stream's settings ({@link StreamConfig}: a message a step, no samples)
 * come with them. The radial distribution functions ({@link io.stormsim.water.Rdf}) are written every rdf.every
 * steps (absent or 0: never), averaged over the steps of the window that are multiples of rdf.sample.every
 * (absent: {@value #DEFAULT_RDF_SAMPLE_EVERY}; it divides rdf.every, so every window ends on a sample and holds
 * as many as the others), in rdf.bins bins (absent: {@value #DEFAULT_RDF_BINS}). Messages name the key, the value,
 * and for files the file and line.
 */
public record WaterConfig(RunConfig run, StreamConfig stream, String inputFile, String randomFile, String restartFile,
                          long seed, WaterInput input, int rdfEvery, int rdfSampleEvery, int rdfBins)
        implements PartitionRule {
    public static final String INPUT_FILE = "stormsim.water.input.file";
    public static final String RANDOM_FILE = "stormsim.water.random.file";
    public static final String RESTART_FILE = "stormsim.water.restart.file";
    public static final String MOLECULES = "stormsim.water.molecules";
    public static final String CUTOFF = "stormsim.water.cutoff";
    public static final String PRINT_EVERY = "stormsim.water.print.every";
    public static final String SEED = "stormsim.water.seed";
    public static final String RDF_EVERY = "stormsim.water.rdf.every";
    public static final String RDF_SAMPLE_EVERY = "stormsim.water.rdf.sample.every";
    public static final String RDF_BINS = "stormsim.water.rdf.bins";
    public static final int DEFAULT_RDF_SAMPLE_EVERY = 10, DEFAULT_RDF_BINS = 100, MAX_RDF_BINS = 100_000;
    public static final List<String> KEYS;

    static {
        List<String> keys = new ArrayList<>(RunConfig.KEYS);
        keys.addAll(List.of(INPUT_FILE, RANDOM_FILE, RESTART_FILE, MOLECULES, CUTOFF, PRINT_EVERY, SEED, RDF_EVERY,
                RDF_SAMPLE_EVERY, RDF_BINS));
        keys.addAll(StreamConfig.KEYS_WITHOUT_SAMPLES);
        KEYS = List.copyOf(keys);
    }

    public static WaterConfig from(Map<String, Object> conf) {
        RunConfig run = RunConfig.from(conf);
        StreamConfig stream = StreamConfig.from(conf);
        if (run.steps() > Integer.MAX_VALUE / 2) {
            throw ConfigValues.notAllowed(RunConfig.STEPS, run.steps(), "an integer in 0.." + Integer.MAX_VALUE / 2);
        }
        String input = stringValue(conf, INPUT_FILE, true);
        String random = stringValue(conf, RANDOM_FILE, true);
        String restart = stringValue(conf, RESTART_FILE, true);
        long seed = longValue(conf, SEED, Long.MIN_VALUE, Long.MAX_VALUE, "an integer");
        int steps = (int) run.steps();
        WaterInput deck;
        if (!restart.isEmpty()) {
            for (String[] other : new String[][] {{INPUT_FILE, input}, {RANDOM_FILE, random}}) {
                if (!other[1].isEmpty()) {
                    throw ConfigValues.notAllowed(other[0], other[1], "empty when " + RESTART_FILE + " is set (the"
                            + " restart file holds the input and the state to continue from)");
                }
            }
            deck = readState(restart).input().withSteps(steps);
        } else if (!input.isEmpty()) {
            if (random.isEmpty()) {
                throw new IllegalArgumentException(RANDOM_FILE + " is missing: a lattice start from " + INPUT_FILE
                        + " = " + input + " takes its velocities from the original's random.in; set random.file to"
                        + " it (or leave input.file empty for the built-in input with velocities from seed)");
            }
            try {
                deck = WaterInput.read(Path.of(input)).withSteps(steps);
            } catch (IOException e) {
                throw new UncheckedIOException(INPUT_FILE + " = " + input + " cannot be read: " + e.getMessage(), e);
            }
        } else {
            if (!random.isEmpty()) {
                throw ConfigValues.notAllowed(RANDOM_FILE, random, "empty when " + INPUT_FILE + " is (the built-in"
                        + " input takes its velocities from " + SEED + "), or set " + INPUT_FILE + " too");
            }
            int molecules = (int) longValue(conf, MOLECULES, 1, Integer.MAX_VALUE, "a cube n^3, n in 1.."
                    + WaterInput.MAX_PER_AXIS + " (the lattice start)");
            if (WaterInput.moleculesPerAxis(molecules) == 0) {
                throw ConfigValues.notAllowed(MOLECULES, molecules, "a cube n^3, n in 1.." + WaterInput.MAX_PER_AXIS
                        + " (the lattice start places n molecules along each axis)");
            }
            double cutoff = doubleValue(conf, CUTOFF, c -> c >= 0 && c <= WaterModel.MAX_CUTOFF,
                    "0 (half the box, at most 11 Angstrom) or a radius in Angstrom in (0, 11]");
            int print = (int) longValue(conf, PRINT_EVERY, 1, Integer.MAX_VALUE, "an integer >= 1");
            deck = WaterInput.of(molecules, steps, cutoff, print);
        }
        int rdfEvery = (int) longValue(conf, RDF_EVERY, 0, 0, Integer.MAX_VALUE, "an integer >= 0 (0: no radial"
                + " distribution functions)");
        if (rdfEvery > 0 && deck.molecules() < 2) {
            throw ConfigValues.notAllowed(RDF_EVERY, rdfEvery, "0 for a run of " + deck.molecules() + " molecule (a"
                    + " radial distribution needs pairs of molecules)");
        }
        int rdfSampleEvery = (int) longValue(conf, RDF_SAMPLE_EVERY, DEFAULT_RDF_SAMPLE_EVERY, 1, Integer.MAX_VALUE,
                "an integer >= 1");
        if (rdfEvery % rdfSampleEvery != 0) {
            throw ConfigValues.notAllowed(RDF_SAMPLE_EVERY, rdfSampleEvery, "a divisor of " + RDF_EVERY + " = "
                    + rdfEvery + " (each window of " + RDF_EVERY + " steps averages the same number of samples and"
                    + " ends on one)");
        }
        int rdfBins = (int) longValue(conf, RDF_BINS, DEFAULT_RDF_BINS, 1, MAX_RDF_BINS, "an integer in 1.."
                + MAX_RDF_BINS);
        return new WaterConfig(run, stream, input, random, restart, seed, deck, rdfEvery, rdfSampleEvery, rdfBins);
    }

    private static WaterState readState(String file) {
        try {
            return WaterStateFile.read(Path.of(file));
        } catch (IOException e) {
            throw new UncheckedIOException(RESTART_FILE + " = " + file + " cannot be read: " + e.getMessage(), e);
        }
    }

    public Path outputDir() {
        return run.outputDir();
    }

    public int molecules() {
        return input.molecules();
    }

    /** Phase bolts hold whole blocks of molecules, at least one each. */
    @Override
    public Optional<String> rejects(int partitions) {
        int max = MoleculeBlocks.maxPartitions(input.molecules());
        return partitions <= max ? Optional.empty() : Optional.of(": must be 1.." + max + " for NMOL = "
                + input.molecules() + " (the molecules are cut into " + max + " blocks, whole blocks per partition)");
    }

    /**
     * The state the run starts from, and whether it is a lattice start (whose first round computes the
     * initial accelerations): the restart file's, or a lattice with velocities from random.file or seed.
     */
    public Start start() {
        if (!restartFile.isEmpty()) {
            WaterState s = readState(restartFile);
            return new Start(new WaterState(input, s.step(), s.kineticSum(), s.virialSum(), s.derivatives()), false);
        }
        double[] random = randomNumbers();
        return new Start(new WaterState(input, 0, 0, 0, LatticeStart.derivatives(input, new RunConstants(input), random)),
                true);
    }

    /** The lattice start's 9 NMOL random numbers: from random.file, read as the original reads it, or from seed. */
    public double[] randomNumbers() {
        if (randomFile.isEmpty()) {
            return SeededRandomNumbers.generate(input.molecules(), seed);
        }
        try {
            return LatticeStart.readRandomNumbers(Path.of(randomFile), input.molecules());
        } catch (IOException e) {
            throw new UncheckedIOException(RANDOM_FILE + " = " + randomFile + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** A run's initial state; {@code lattice}: its accelerations are still to be computed from the first forces. */
    public record Start(WaterState state, boolean lattice) {
    }
}
