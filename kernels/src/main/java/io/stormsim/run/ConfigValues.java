package io.stormsim.run;

import java.util.Map;
import java.util.function.DoublePredicate;

/**
 * Typed reads of a topology config map ({@code stormsim.*} keys), failing with messages that name the
 * key, the value and what is allowed.
 */
public final class ConfigValues {
    private ConfigValues() {
    }

    public static Object required(Map<String, Object> conf, String key) {
        Object v = conf.get(key);
        if (v == null) {
            throw new IllegalArgumentException(key + " is missing: set it in the topology's config");
        }
        return v;
    }

    public static long longValue(Map<String, Object> conf, String key, long min, long max, String allowed) {
        Object v = required(conf, key);
        long value;
        if (v instanceof Integer || v instanceof Long || v instanceof Short) {
            value = ((Number) v).longValue();
        } else {
            try {
                value = Long.parseLong(v.toString().trim());
            } catch (NumberFormatException e) {
                throw notAllowed(key, v, allowed);
            }
        }
        if (value < min || value > max) {
            throw notAllowed(key, v, allowed);
        }
        return value;
    }

    public static long longValue(Map<String, Object> conf, String key, long dflt, long min, long max, String allowed) {
        return conf.containsKey(key) ? longValue(conf, key, min, max, allowed) : dflt;
    }

    public static double doubleValue(Map<String, Object> conf, String key, DoublePredicate allowed, String what) {
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
        if (!Double.isFinite(value) || !allowed.test(value)) {
            throw notAllowed(key, v, what);
        }
        return value;
    }

    public static boolean booleanValue(Map<String, Object> conf, String key, boolean dflt) {
        Object v = conf.getOrDefault(key, dflt);
        if (v instanceof Boolean) {
            return (Boolean) v;
        }
        String s = v.toString().trim();
        if (s.equals("true") || s.equals("false")) {
            return Boolean.parseBoolean(s);
        }
        throw notAllowed(key, v, "true or false");
    }

    /** A string value; empty is allowed only with {@code mayBeEmpty}. */
    public static String stringValue(Map<String, Object> conf, String key, boolean mayBeEmpty) {
        Object v = mayBeEmpty ? conf.getOrDefault(key, "") : required(conf, key);
        String s = v == null ? "" : v.toString().trim();
        if (!mayBeEmpty && s.isEmpty()) {
            throw notAllowed(key, "''", "a non-empty path");
        }
        return s;
    }

    public static IllegalArgumentException notAllowed(String key, Object value, String allowed) {
        return new IllegalArgumentException(key + " = " + value + " is not allowed: must be " + allowed);
    }
}
