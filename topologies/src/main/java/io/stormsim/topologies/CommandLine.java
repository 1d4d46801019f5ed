package io.stormsim.topologies;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The words of a stormsim command: positional arguments, and options with a value or without, in any order. */
final class CommandLine {
    /** The command line does not fit the command's usage; the message says what is wrong. */
    static final class UsageException extends Exception {
        UsageException(String message) {
            super(message);
        }
    }

    final List<String> positional = new ArrayList<>();
    private final Map<String, List<String>> values = new LinkedHashMap<>();

    private CommandLine() {
    }

    /**
     * @param withValue options followed by a value (may repeat)
     * @param flags     options without a value
     */
    static CommandLine parse(List<String> args, Set<String> withValue, Set<String> flags) throws UsageException {
        CommandLine cl = new CommandLine();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (withValue.contains(a) && i + 1 < args.size()) {
                cl.values.computeIfAbsent(a, k -> new ArrayList<>()).add(args.get(++i));
            } else if (flags.contains(a)) {
                cl.values.computeIfAbsent(a, k -> new ArrayList<>()).add("");
            } else if (a.startsWith("--")) {
                throw new UsageException("unknown or incomplete option '" + a + "'");
            } else {
                cl.positional.add(a);
            }
        }
        return cl;
    }

    boolean has(String option) {
        return values.containsKey(option);
    }

    /** Every value given to a repeatable option, in order. */
    List<String> all(String option) {
        return values.getOrDefault(option, List.of());
    }

    /** The value of an option given at most once, or {@code otherwise}. */
    String value(String option, String otherwise) throws UsageException {
        List<String> v = all(option);
        if (v.size() > 1) {
            throw new UsageException(option + " is given " + v.size() + " times: give it once");
        }
        return v.isEmpty() ? otherwise : v.get(0);
    }

    /** An integer option, at least {@code min}. */
    long number(String option, long otherwise, long min) throws UsageException {
        String v = value(option, null);
        if (v == null) {
            return otherwise;
        }
        if (!v.matches("-?\\d{1,18}") || Long.parseLong(v) < min) {
            throw new UsageException(option + " " + v + " is not allowed: must be an integer >= " + min);
        }
        return Long.parseLong(v);
    }

    /** {@code key=value} values of a repeatable option, in order. */
    Map<String, String> pairs(String option) throws UsageException {
        Map<String, String> pairs = new LinkedHashMap<>();
        for (String kv : all(option)) {
            int eq = kv.indexOf('=');
            if (eq < 1) {
                throw new UsageException(option + " " + kv + " is not allowed: must be key=value");
            }
            pairs.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
        }
        return pairs;
    }

    /** Exactly {@code n} positional arguments, named for the message. */
    void expectPositional(String... names) throws UsageException {
        if (positional.size() != names.length) {
            throw new UsageException("expected " + (names.length == 0 ? "no arguments" : String.join(" ", names))
                    + " but got " + (positional.isEmpty() ? "none" : String.join(" ", positional)));
        }
    }
}
