package io.stormsim.topologies;

/** A topology or its configuration is not acceptable; the message says what, where, and what is allowed. */
public final class ConfigException extends Exception {
    public ConfigException(String message) {
        super(message);
    }
}
