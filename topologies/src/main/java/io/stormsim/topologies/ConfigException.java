package io.stormsim.topologies;

import java.util.Optional;

/**
 * A topology or its configuration is not acceptable; the message says what, where, and what is allowed. The
 * message names a config key as the topology has it (e.g. {@code stormsim.nbody.theta}); the hint, where there is
 * one, names what the user typed to set it (e.g. {@code theta} in the properties or with {@code --set}).
 */
public final class ConfigException extends Exception {
    private final String hint;

    public ConfigException(String message) {
        this(message, null);
    }

    private ConfigException(String message, String hint) {
        super(message);
        this.hint = hint;
    }

    /** This exception with {@code hint}, unless it has one already. */
    ConfigException withHint(String hint) {
        return this.hint != null || hint == null ? this : new ConfigException(getMessage(), hint);
    }

    public Optional<String> hint() {
        return Optional.ofNullable(hint);
    }
}
