package io.stormsim.spouts;

import java.io.Serializable;

/**
 * The trigger of one simulation step (one round of every phase). {@code start} marks the first round
 * of a run: the state-holding bolts load their initial state instead of waiting for the previous
 * round's. Bolts treat it as read-only.
 */
public final class StepCommand implements Serializable {
    private static final long serialVersionUID = 1L;

    public final long round;
    public final boolean start;

    public StepCommand(long round, boolean start) {
        this.round = round;
        this.start = start;
    }

    @Override
    public String toString() {
        return "round " + round + (start ? " (start)" : "");
    }
}
