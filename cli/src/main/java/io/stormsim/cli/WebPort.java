package io.stormsim.cli;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Where the live page listens: one port (taken, or an error naming it when it is in use), a range {@code FROM-TO}
 * (the first free one), or {@code off}.
 */
record WebPort(int from, int to, boolean fixed) {
    static final String DEFAULT = "8340-8399";
    static final WebPort OFF = new WebPort(0, -1, true);
    private static final Pattern FORM = Pattern.compile("([0-9]{1,5})(?:-([0-9]{1,5}))?");
    private static final String ALLOWED = "must be a port (1..65535), a range FROM-TO (the first free one) or off";

    boolean off() {
        return to < from;
    }

    /** picocli's converter of {@code --web}. */
    static final class Converter implements ITypeConverter<WebPort> {
        @Override
        public WebPort convert(String value) {
            return parse(value);
        }
    }

    static WebPort parse(String value) {
        if (value.equals("off")) {
            return OFF;
        }
        Matcher m = FORM.matcher(value);
        if (!m.matches()) {
            throw new TypeConversionException(value + " is not allowed: " + ALLOWED);
        }
        int from = Integer.parseInt(m.group(1));
        int to = m.group(2) == null ? from : Integer.parseInt(m.group(2));
        if (from < 1 || to > 65535 || to < from) {
            throw new TypeConversionException(value + " is not allowed: " + ALLOWED);
        }
        return new WebPort(from, to, m.group(2) == null);
    }

    /** What binds a server to an address. */
    @FunctionalInterface
    interface Binder<T> {
        T bind(InetSocketAddress address) throws IOException;
    }

    /**
     * Binds on {@code host} at the first port of the range that is free; a port in use is a {@link BindException}.
     * Fails naming the port (or the range) when none is free.
     */
    <T> T bind(String host, Binder<T> binder) throws IOException {
        for (int port = from; port <= to; port++) {
            try {
                return binder.bind(new InetSocketAddress(host, port));
            } catch (BindException inUse) {
                if (port == to) {
                    throw new BindException(fixed ? "--web " + port + ": port " + port + " on " + host + " is in use"
                            + " (another page or program has it); give a free port, or a range FROM-TO for the first"
                            + " free one" : "--web " + from + "-" + to + ": every port of the range on " + host
                            + " is in use; give another range");
                }
            }
        }
        throw new IllegalStateException("--web is off");
    }
}
