package io.stormsim.topologies;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;

/** What every workload's checks tests share: its topology file with valid values, and rejecting bad ones. */
public abstract class ConfigChecks {
    @TempDir
    public Path tmp;

    /** The topology file under test. */
    protected abstract Path yaml();

    /** Overrides that keep the shipped file valid here: results go to a temporary directory. */
    protected Map<String, String> valid() {
        Map<String, String> m = new HashMap<>();
        m.put("output.dir", tmp.resolve("out").toString());
        return m;
    }

    /** The message loading the file with {@code overrides} is refused with. */
    protected String rejection(Map<String, String> overrides) {
        return assertThrows(ConfigException.class, () -> TopologyFile.load(yaml(), null, overrides, false)).getMessage();
    }

    /** Loading the file with {@code key = value} over the valid values is refused with a message containing {@code message}. */
    protected void assertRejected(String key, String value, String message) {
        Map<String, String> m = valid();
        m.put(key, value);
        String error = rejection(m);
        assertTrue(error.contains(message), "'" + error + "' should contain '" + message + "'");
    }
}
