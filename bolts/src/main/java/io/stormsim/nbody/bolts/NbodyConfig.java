package io.stormsim.nbody.bolts;

import static io.stormsim.run.ConfigValues.doubleValue;
import static io.stormsim.run.ConfigValues.longValue;
import static io.stormsim.run.ConfigValues.notAllowed;
import static io.stormsim.run.ConfigValues.stringValue;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.InitialConditions;
import io.stormsim.nbody.LoadedBodies;
import io.stormsim.nbody.Parameters;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.nbody.Precision;
import io.stormsim.nbody.SnapshotFormat;
import io.stormsim.nbody.UnitNames;
import io.stormsim.nbody.UnitSystem;
import io.stormsim.run.Cadence;
import io.stormsim.run.ConfigValues;
import io.stormsim.run.RunConfig;
import io.stormsim.run.StreamConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Barnes-Hut settings of a topology, read from its Storm config ({@code stormsim.*} keys, set in
 * the Flux YAML), on top of the settings every run has ({@link RunConfig}) and of its live stream
 * ({@link StreamConfig}). The launcher checks them before submitting; every bolt reads them the same
 * way. Messages name the key, the value and what is allowed.
 */
public record NbodyConfig(RunConfig run, StreamConfig stream, Parameters params, int n, long seed, String bodiesFile,
                          SnapshotFormat snapshotFormat, UnitSystem units) {
    public static final String N = "stormsim.nbody.n";
    public static final String DT = "stormsim.nbody.dt";
    public static final String THETA = "stormsim.nbody.theta";
    public static final String EPSILON = "stormsim.nbody.epsilon";
    public static final String SEED = "stormsim.nbody.seed";
    public static final String BODIES_FILE = "stormsim.nbody.bodies.file";
    public static final String LEAF_CAPACITY = "stormsim.nbody.leaf.capacity";
    public static final String GROUP_SIZE = "stormsim.nbody.group.size";
    /** Beside {@link RunConfig#SNAPSHOT_EVERY}; only Barnes-Hut writes snapshots. */
    public static final String SNAPSHOT_FORMAT = "stormsim.snapshot.format";
    public static final String PRECISION = "stormsim.nbody.precision";
    /** {@link UnitNames}: nbody (the default) or LENGTH,MASS,VELOCITY; G follows. */
    public static final String UNITS = "stormsim.nbody.units";
    public static final List<String> KEYS;
    private static final Logger LOG = LoggerFactory.getLogger(NbodyConfig.class);

    static {
        List<String> keys = new ArrayList<>(RunConfig.KEYS);
        keys.addAll(StreamConfig.KEYS);
        keys.addAll(List.of(N, DT, THETA, EPSILON, SEED, BODIES_FILE, LEAF_CAPACITY, GROUP_SIZE, PRECISION, UNITS,
                SNAPSHOT_FORMAT));
        KEYS = List.copyOf(keys);
    }

    public static NbodyConfig from(Map<String, Object> conf) {
        RunConfig run = RunConfig.from(conf);
        StreamConfig stream = StreamConfig.from(conf);
        double dt = doubleValue(conf, DT, Parameters::validDt, Parameters.DT_ALLOWED);
        double theta = doubleValue(conf, THETA, Parameters::validTheta, Parameters.THETA_ALLOWED);
        double epsilon = doubleValue(conf, EPSILON, Parameters::validEpsilon, Parameters.EPSILON_ALLOWED);
        int leafCapacity = (int) longValue(conf, LEAF_CAPACITY, Parameters.DEFAULT_LEAF_CAPACITY, 1,
                Parameters.MAX_LEAF_CAPACITY, "an integer in 1.." + Parameters.MAX_LEAF_CAPACITY);
        int groupSize = (int) longValue(conf, GROUP_SIZE, Math.max(leafCapacity, Parameters.DEFAULT_GROUP_SIZE),
                leafCapacity, Parameters.MAX_GROUP_SIZE, "an integer in " + leafCapacity + ".." + Parameters.MAX_GROUP_SIZE
                        + " (at least " + LEAF_CAPACITY + ")");
        Precision precision = precision(conf);
        String file = stringValue(conf, BODIES_FILE, true);
        int n = (int) longValue(conf, N, 1, Integer.MAX_VALUE, "an integer >= 1");
        long seed = longValue(conf, SEED, Long.MIN_VALUE, Long.MAX_VALUE, "an integer");
        UnitSystem units = units(conf);
        if (run.snapshotEveryTime() > 0 && run.snapshotEveryTime() < dt) {
            throw notAllowed(RunConfig.SNAPSHOT_EVERY_TIME, run.snapshotEveryTime(), "0 or at least " + DT + " = " + dt
                    + " (a round writes one snapshot at most; " + RunConfig.SNAPSHOT_EVERY + " = 1 writes every round)");
        }
        Parameters params = new Parameters(run.steps(), dt, theta, epsilon, leafCapacity, groupSize,
                Parameters.DEFAULT_HISTOGRAM_LEVEL, Parameters.DEFAULT_ZONES_PER_PARTITION, precision,
                units.gravitationalConstant());
        String formatName = conf.getOrDefault(SNAPSHOT_FORMAT, SnapshotFormat.GADGET2.key()).toString().trim();
        SnapshotFormat format = SnapshotFormat.of(formatName);
        if (format == null) {
            throw ConfigValues.notAllowed(SNAPSHOT_FORMAT, "'" + formatName + "'", "gadget2 or hdf5");
        }
        return new NbodyConfig(run, stream, params, n, seed, file, format, units);
    }

    /** The run's units, N-body units when the key is absent. */
    private static UnitSystem units(Map<String, Object> conf) {
        Object v = conf.get(UNITS);
        if (v == null) {
            return UnitSystem.NBODY;
        }
        try {
            return UnitNames.parse(v.toString());
        } catch (IllegalArgumentException e) {
            throw notAllowed(UNITS, "'" + v + "' (" + e.getMessage() + ")", UnitNames.ALLOWED);
        }
    }

    /** When snapshots are due. */
    public Cadence snapshots() {
        return run.snapshots(params.dt());
    }

    /** The force kernel's precision, {@link Parameters#DEFAULT_PRECISION} when the key is absent. */
    private static Precision precision(Map<String, Object> conf) {
        Object v = conf.get(PRECISION);
        if (v == null) {
            return Parameters.DEFAULT_PRECISION;
        }
        Precision p = Precision.of(v.toString().trim());
        if (p == null) {
            throw notAllowed(PRECISION, v, Precision.allowed());
        }
        return p;
    }

    public Path outputDir() {
        return run.outputDir();
    }

    /**
     * The initial bodies: read from the bodies file (GADGET-2, HDF5 or CSV, {@link InitialConditions}) if one is
     * set, in the run's units (converted from the file's where both are physical), its notes logged; else a Plummer
     * sphere of n bodies in virial equilibrium in the run's units.
     */
    public Bodies initialBodies() {
        if (bodiesFile.isEmpty()) {
            return PlummerSphere.generate(n, seed, params.gravitationalConstant());
        }
        try {
            LoadedBodies loaded = InitialConditions.read(Path.of(bodiesFile)).inUnits(units);
            loaded.notes().forEach(LOG::info);
            return loaded.bodies();
        } catch (IOException e) {
            throw new UncheckedIOException(BODIES_FILE + ": " + e.getMessage(), e);
        }
    }
}
