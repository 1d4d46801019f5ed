package io.stormsim.water.bolts;

import io.stormsim.water.BlockPartials;

/**
 * What a partition reports to the sink at the end of a round: the round's partial sums (null where the
 * round computed none), its rows' pair counts of the radial distribution functions (null but on RDF samples),
 * the running sums as of the round's start, counts, and after the last round its molecules' Gear derivatives
 * ({@code from}: its first molecule) for the final state file.
 */
public record WaterReport(long round, WaterPartitionState.Mode mode, int step, double kineticSum, double virialSum,
                          BlockPartials intramolecularVirial, BlockPartials intermolecularVirial,
                          BlockPartials kinetic, BlockPartials potential, long[] pairCounts, long pairs,
                          long exchangedBytes,
                          int from, double[][] finalDerivatives) {
}
