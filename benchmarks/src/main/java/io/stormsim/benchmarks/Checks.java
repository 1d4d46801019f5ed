package io.stormsim.benchmarks;

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
}
