package io.stormsim.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Integer option values with a least value (seconds, counts, ports), converted as picocli parses them; the
 * error picocli prints names the option, the value and what is allowed.
 */
final class AtLeast {
    private AtLeast() {
    }

    /** An integer >= 0. */
    static final class Zero implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return atLeast(value, 0);
        }
    }

    /** An integer >= 1. */
    static final class One implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return atLeast(value, 1);
        }
    }

    private static int atLeast(String value, int min) {
        int n;
        try {
            n = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            n = min - 1;
        }
        if (n < min) {
            throw new TypeConversionException(value + " is not allowed: must be an integer >= " + min);
        }
        return n;
    }
}
