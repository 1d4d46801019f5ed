package io.stormsim.checkers.bolts;

/**
 * One partition's share of a perft: the counts of its jobs summed per root move (in
 * {@code Position.moves()} order), how many jobs it counted, the nanoseconds it took, and when the spout
 * sent the job (wall clock, for the run's time).
 */
public final class PerftPartial {
    public final long[] perRootMove;
    public final int jobs;
    public final long nanos;
    public final long emittedMillis;

    public PerftPartial(long[] perRootMove, int jobs, long nanos, long emittedMillis) {
        this.perRootMove = perRootMove;
        this.jobs = jobs;
        this.nanos = nanos;
        this.emittedMillis = emittedMillis;
    }
}
