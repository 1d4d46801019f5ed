package io.stormsim.bsp;

import java.util.List;
import java.util.Map;

/**
 * A bolt with topology config keys of its own, beyond its workload's (an optional analysis stage): the launcher
 * accepts those keys where the topology has the bolt, and has the bolt check their values before submitting, so a
 * bad value stops the run at the edge, naming the key, instead of failing a worker. The launcher makes the bolt
 * with its no-argument constructor to ask.
 */
public interface OwnKeys {
    /** The keys this bolt reads. */
    List<String> ownKeys();

    /** Throws an {@link IllegalArgumentException} naming the key, the value and what is allowed. */
    void checkOwnKeys(Map<String, Object> conf);

    /** The result files it writes, relative to the run's output directory (a pattern for a series), for the user. */
    default List<String> results() {
        return List.of();
    }
}
