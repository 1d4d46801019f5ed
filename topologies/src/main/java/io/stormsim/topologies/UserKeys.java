package io.stormsim.topologies;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which property a user types sets which part of a topology: {@code theta} sets {@code stormsim.nbody.theta},
 * {@code partitions} sets bolt 'force' parallelism. Read from the Flux files' placeholders, so that a message
 * naming the topology's key can also name the key the user typed.
 */
final class UserKeys {
    private static final Pattern CONFIG_LINE = Pattern.compile("^\\s+([\\w.]+):\\s*\"?\\$\\{([\\w.-]+)}\"?\\s*$");
    private static final Pattern SECTION = Pattern.compile("^(\\w+):");
    private static final Pattern ID = Pattern.compile("^\\s*(?:-\\s+)?id:\\s*\"?([\\w.-]+)\"?\\s*$");
    private static final Pattern PARALLELISM = Pattern.compile("^\\s+parallelism:\\s*\\$\\{([\\w.-]+)}\\s*$");

    /** What a message says (a config key, "bolt 'force' parallelism") and the property that sets it. */
    private final Map<String, String> setBy;

    private UserKeys(Map<String, String> setBy) {
        this.setBy = setBy;
    }

    static UserKeys of(Collection<String> texts) {
        Map<String, String> setBy = new LinkedHashMap<>();
        for (String text : texts) {
            String section = "", id = null;
            for (String line : text.split("\n")) {
                Matcher m;
                if ((m = SECTION.matcher(line)).find()) {
                    section = m.group(1);
                    id = null;
                } else if ((m = ID.matcher(line)).matches()) {
                    id = m.group(1);
                } else if ((m = PARALLELISM.matcher(line)).matches() && id != null
                        && (section.equals("bolts") || section.equals("spouts"))) {
                    setBy.put(section.substring(0, section.length() - 1) + " '" + id + "' parallelism", m.group(1));
                } else if ((m = CONFIG_LINE.matcher(line)).matches() && section.equals("config")
                        && !m.group(2).startsWith("ENV-")) {
                    setBy.put(m.group(1), m.group(2));
                }
            }
        }
        return new UserKeys(setBy);
    }

    /**
     * "theta sets stormsim.nbody.theta: change it in FILE or with --set theta=VALUE", for what {@code message}
     * names that a property sets; null if it names none (or only a property under its own name).
     */
    String hint(String message, Path properties) {
        List<String> sets = new ArrayList<>();
        String first = null;
        for (Map.Entry<String, String> e : setBy.entrySet()) {
            boolean named = Pattern.compile("(?<![\\w.])" + Pattern.quote(e.getKey()) + "(?![\\w.])").matcher(message).find();
            if (named && !e.getKey().equals(e.getValue())) {
                sets.add(e.getValue() + " sets " + e.getKey());
                first = first == null ? e.getValue() : first;
            }
        }
        if (sets.isEmpty()) {
            return null;
        }
        return String.join("; ", sets) + ": change " + (sets.size() == 1 ? "it" : "them")
                + (properties == null ? "" : " in " + properties) + " or with --set " + first + "=VALUE";
    }
}
