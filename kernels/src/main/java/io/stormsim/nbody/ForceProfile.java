package io.stormsim.nbody;

import io.stormsim.run.Median;
/**
 * Where the force phase's time goes, for the benchmarks (here, beside the package-private list kernels it
 * times). Runs the real {@code TreeWalk.field} with the list kernel wrapped in a timer: the time spent in
 * the list kernel, the rest (group boxes, walks building the lists), and what the lists hold.
 */
public final class ForceProfile {
    private ForceProfile() {
    }

    /** One walk's profile; times are the medians of the measured repetitions. */
    public record Result(String kernel, double totalSeconds, double kernelSeconds, long groups, long cellTerms,
                         long bodyTerms, long lanesComputed, long interactions) {
        /** Interactions per second of the whole phase. */
        public double interactionsPerSecond() {
            return interactions / totalSeconds;
        }

        /** Interactions per second counting only the time inside the list kernel. */
        public double kernelInteractionsPerSecond() {
            return interactions / kernelSeconds;
        }

        public double walkShare() {
            return 1 - kernelSeconds / totalSeconds;
        }
    }

    private static final class Timed implements ListKernel {
        final ListKernel inner;
        final int lanes;
        long nanos, groups, cellTerms, bodyTerms, lanesComputed;

        Timed(ListKernel inner, int lanes) {
            this.inner = inner;
            this.lanes = lanes;
        }

        @Override
        public Precision precision() {
            return inner.precision();
        }

        @Override
        public void sum(InteractionLists l, double[] body, double eps2, Gravity.Field f, int out) {
            long t0 = System.nanoTime();
            inner.sum(l, body, eps2, f, out);
            nanos += System.nanoTime() - t0;
            groups++;
            cellTerms += (long) l.cellCount * l.size;
            bodyTerms += (long) l.bodyCount * l.size;
            lanesComputed += (long) ((l.size + lanes - 1) / lanes * lanes) * (l.cellCount + l.bodyCount);
        }
    }

    /**
     * Profiles {@code TreeWalk.field(tree, 0, {0}, 0, n, softening, groupSize, precision)} with the kernel
     * that {@code ListKernel.best(precision)} picks: {@code warmups} unmeasured walks, then {@code reps}
     * measured ones.
     */
    public static Result profile(Octree tree, int n, double softening, int groupSize, Precision precision,
                                 int warmups, int reps) {
        ListKernel best = ListKernel.best(precision);
        int lanes = best instanceof VectorListKernel ? doubleLanes() : best instanceof MixedVectorListKernel
                ? floatLanes() : 1;
        for (int i = 0; i < warmups; i++) {
            TreeWalk.field(tree, 0, new int[] {0}, 0, n, softening, groupSize, new Timed(best, lanes));
        }
        double[] total = new double[reps], inKernel = new double[reps];
        Timed last = null;
        long interactions = 0;
        for (int i = 0; i < reps; i++) {
            Timed t = new Timed(ListKernel.best(precision), lanes);
            long t0 = System.nanoTime();
            Gravity.Field f = TreeWalk.field(tree, 0, new int[] {0}, 0, n, softening, groupSize, t);
            total[i] = (System.nanoTime() - t0) / 1e9;
            inKernel[i] = t.nanos / 1e9;
            interactions = 0;
            for (long c : f.interactions) {
                interactions += c;
            }
            last = t;
        }
        return new Result(best.getClass().getSimpleName(), Median.of(total), Median.of(inKernel), last.groups,
                last.cellTerms, last.bodyTerms, last.lanesComputed, interactions);
    }

    private static int doubleLanes() {
        return jdk.incubator.vector.DoubleVector.SPECIES_PREFERRED.length();
    }

    private static int floatLanes() {
        return jdk.incubator.vector.FloatVector.SPECIES_PREFERRED.length();
    }
}
