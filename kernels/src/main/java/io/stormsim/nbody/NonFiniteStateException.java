package io.stormsim.nbody;

/** A body's position or velocity became NaN or infinite: the time step is too large for the system. */
public final class NonFiniteStateException extends RuntimeException {
    public final long round;
    public final long bodyId;

    public NonFiniteStateException(long round, long bodyId) {
        super("body " + bodyId + " has a non-finite position or velocity after round " + round
                + " (time step too large for this system, or softening too small)");
        this.round = round;
        this.bodyId = bodyId;
    }
}
