package io.stormsim.bolts.nbody;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.BodiesCsv;
import io.stormsim.nbody.Parameters;
import io.stormsim.nbody.PlummerSphere;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.DoublePredicate;

/**
 * The Barnes-Hut settings of a topology, read from its Storm config ({@code stormsim.*} keys, set in
 * the Flux YAML). The launcher checks them before submitting; every bolt reads them the same way.
 * Messages name the key, the value and what is allowed.
 */
public record NbodyConfig(Parameters params, int n, long seed, String bodiesFile, Path outputDir) {
    public static final String STEPS = "stormsim.steps";
    public static final String OUTPUT_DIR = "stormsim.output.dir";
    public static final String N = "stormsim.nbody.n";
    public static final String DT = "stormsim.nbody.dt";
    public static final String THETA = "stormsim.nbody.theta";
    public static final String EPSILON = "stormsim.nbody.epsilon";
    public static final String SEED = "stormsim.nbody.seed";
    public static final String BODIES_FILE = "stormsim.nbody.bodies.file";
    public static final String LEAF_CAPACITY = "stormsim.nbody.leaf.capacity";
    public static final List<String> KEYS = List.of(STEPS, OUTPUT_DIR, N, DT, THETA, EPSILON, SEED, BODIES_FILE,
            LEAF_CAPACITY);

    public static NbodyConfig from(Map<String, Object> conf) {
        long steps = longValue(conf, STEPS, 0, Long.MAX_VALUE, "an integer >= 0 (0 runs without end)");
        double dt = doubleValue(conf, DT, v -> v > 0, "a finite number > 0");
        double theta = doubleValue(conf, THETA, v -> v > 0 && v <= 1.5, "a number in (0, 1.5]");
        double epsilon = doubleValue(conf, EPSILON, v -> v >= 0, "a finite number >= 0");
        int leafCapacity = conf.containsKey(LEAF_CAPACITY)
                ? (int) longValue(conf, LEAF_CAPACITY, 1, 64, "an integer in 1..64") : Parameters.DEFAULT_LEAF_CAPACITY;
        String file = stringValue(conf, BODIES_FILE, true);
        int n = (int) longValue(conf, N, 1, Integer.MAX_VALUE, "an integer >= 1");
        long seed = longValue(conf, SEED, Long.MIN_VALUE, Long.MAX_VALUE, "an integer");
        Path out = Path.of(stringValue(conf, OUTPUT_DIR, false));
        Parameters params = new Parameters(steps, dt, theta, epsilon, leafCapacity,
                Math.max(leafCapacity, Parameters.DEFAULT_GROUP_SIZE), Parameters.DEFAULT_HISTOGRAM_LEVEL,
                Parameters.DEFAULT_ZONES_PER_PARTITION);
        return new NbodyConfig(params, n, seed, file, out);
    }

    /** The initial bodies: read from the bodies file if one is set, else a Plummer sphere of n bodies. */
    public Bodies initialBodies() {
        if (bodiesFile.isEmpty()) {
            return PlummerSphere.generate(n, seed);
        }
        try {
            return BodiesCsv.read(Path.of(bodiesFile));
        } catch (IOException e) {
            throw new UncheckedIOException(BODIES_FILE + ": " + e.getMessage(), e);
        }
    }

    private static Object required(Map<String, Object> conf, String key) {
        Object v = conf.get(key);
        if (v == null) {
            throw new IllegalArgumentException(key + " is missing: set it in the topology's config");
        }
        return v;
    }

    private static long longValue(Map<String, Object> conf, String key, long min, long max, String allowed) {
        Object v = required(conf, key);
        long value;
        if (v instanceof Integer || v instanceof Long || v instanceof Short) {
            value = ((Number) v).longValue();
        } else {
            try {
                value = Long.parseLong(v.toString().trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(key + " = " + v + " is not allowed: must be " + allowed);
            }
        }
        requireThat(value >= min && value <= max, key, v, allowed);
        return value;
    }

    private static double doubleValue(Map<String, Object> conf, String key, DoublePredicate allowed, String what) {
        Object v = required(conf, key);
        double value;
        if (v instanceof Number) {
            value = ((Number) v).doubleValue();
        } else {
            try {
                value = Double.parseDouble(v.toString().trim());
            } catch (NumberFormatException e) {
                value = Double.NaN;
            }
        }
        requireThat(Double.isFinite(value) && allowed.test(value), key, v, what);
        return value;
    }

    private static String stringValue(Map<String, Object> conf, String key, boolean mayBeEmpty) {
        Object v = mayBeEmpty ? conf.getOrDefault(key, "") : required(conf, key);
        String s = v == null ? "" : v.toString().trim();
        requireThat(mayBeEmpty || !s.isEmpty(), key, "''", "a non-empty path");
        return s;
    }

    private static void requireThat(boolean ok, String key, Object value, String allowed) {
        if (!ok) {
            throw new IllegalArgumentException(key + " = " + value + " is not allowed: must be " + allowed);
        }
    }
}
