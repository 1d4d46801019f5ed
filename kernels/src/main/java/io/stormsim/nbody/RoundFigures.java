package io.stormsim.nbody;

import java.util.List;

/**
 * One round's diagnostics, reduced from the partitions' reports: the conserved quantities as exact sums (the
 * same bits for any partition count), the relative energy error against round 0, the load imbalance (max /
 * mean interactions per partition), and each phase's wall and CPU time on its slowest partition.
 */
public record RoundFigures(long round, double time, Conserved total, double relEnergyError, double costImbalance,
                           long roundWallNanos, long[] phaseWallNanos, long[] phaseCpuNanos) {
    /**
     * @param initialEnergy the total energy of round 0, the reference of the energy error; NaN: this round's
     * @param conserved     each partition's conserved quantities, in partition order
     * @param phaseWall     each partition's wall nanoseconds per phase
     * @param phaseCpu      each partition's CPU nanoseconds per phase
     */
    public static RoundFigures reduce(long round, double dt, double initialEnergy, List<Conserved> conserved,
                                      List<long[]> phaseWall, List<long[]> phaseCpu, long roundWallNanos) {
        Conserved total = new Conserved();
        long maxInteractions = 0;
        for (Conserved c : conserved) {
            total.merge(c);
            maxInteractions = Math.max(maxInteractions, c.interactions);
        }
        double energy = total.totalEnergy();
        double e0 = Double.isNaN(initialEnergy) ? energy : initialEnergy;
        double meanInteractions = (double) total.interactions / conserved.size();
        double imbalance = meanInteractions > 0 ? maxInteractions / meanInteractions : 1.0;
        return new RoundFigures(round, round * dt, total, (energy - e0) / Math.abs(e0), imbalance, roundWallNanos,
                slowest(phaseWall), slowest(phaseCpu));
    }

    /** Per phase, the largest of the partitions' times. */
    private static long[] slowest(List<long[]> perPartition) {
        long[] max = new long[perPartition.get(0).length];
        for (long[] times : perPartition) {
            for (int k = 0; k < max.length; k++) {
                max[k] = Math.max(max[k], times[k]);
            }
        }
        return max;
    }
}
