package io.stormsim.nbody.analysis.bolts;

import io.stormsim.nbody.fof.GroupPieces;

/** Phase 5's message to the catalogue: a partition's pieces of the output's groups, with the output it is for. */
public final class FofPieces {
    public final long number;
    public final double time, boxSize;
    public final GroupPieces pieces;

    public FofPieces(long number, double time, double boxSize, GroupPieces pieces) {
        this.number = number;
        this.time = time;
        this.boxSize = boxSize;
        this.pieces = pieces;
    }
}
