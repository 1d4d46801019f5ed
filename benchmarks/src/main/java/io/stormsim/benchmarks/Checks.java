package io.stormsim.benchmarks;

import io.stormsim.nbody.Precision;
import java.util.Arrays;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** Range checks of a benchmark's typed arguments: a bad one stops it, naming the argument, its value and what is allowed. */
final class Checks {
    private Checks() {
    }

    static void atLeast(CommandSpec spec, String name, long value, long min) {
        if (value < min) {
            throw new ParameterException(spec.commandLine(), name + " = " + value + " is not allowed: must be at least "
                    + min);
        }
    }

    static void atLeast(CommandSpec spec, String name, int[] values, long min) {
        for (int v : values) {
            atLeast(spec, name, v, min);
        }
    }

    static void inRange(CommandSpec spec, String name, long value, long min, long max) {
        if (value < min || value > max) {
            throw new ParameterException(spec.commandLine(), name + " = " + value + " is not allowed: must be in "
                    + min + ".." + max);
        }
    }

    static void oneOf(CommandSpec spec, String name, long value, int[] allowed, String what) {
        for (int a : allowed) {
            if (a == value) {
                return;
            }
        }
        throw new ParameterException(spec.commandLine(), name + " = " + value + " is not allowed: must be " + what + " ("
                + Arrays.toString(allowed) + ")");
    }

    /** The precisions spelt {@code values} ({@link Precision#of}). */
    static Precision[] precisions(CommandSpec spec, String name, String[] values) {
        Precision[] out = new Precision[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = Precision.of(values[i]);
            if (out[i] == null) {
                throw new ParameterException(spec.commandLine(), name + " = " + values[i] + " is not allowed: must be "
                        + Precision.allowed());
            }
        }
        return out;
    }
}
