package io.stormsim.spouts;

/**
 * A bolt whose tasks take part in the rounds: each records its start ({@link TaskRestarts#announce}) when
 * {@link #inRounds()} says so, and a spout waits for those starts before its first trigger ({@link StartGate}).
 */
public interface RoundTask {
    /** Whether the rounds wait for this bolt's tasks. */
    boolean inRounds();
}
