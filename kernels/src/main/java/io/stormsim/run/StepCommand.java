package io.stormsim.run;

import java.io.Serializable;

/**
 * The trigger of one round of every phase. {@code START}: load the initial conditions (round 0);
 * {@code RESTORE}: load the complete checkpoint taken at the start of this round; {@code CONTINUE}: go on
 * from the state the previous round handed over. Bolts treat it as read-only.
 */
public final class StepCommand implements Serializable {
    private static final long serialVersionUID = 2L;

    public enum Kind { START, CONTINUE, RESTORE }

    public final long round;
    public final Kind kind;

    public StepCommand(long round, Kind kind) {
        this.round = round;
        this.kind = kind;
    }

    @Override
    public String toString() {
        return kind.name().toLowerCase() + " round " + round;
    }
}
