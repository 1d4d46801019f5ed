package io.stormsim.benchmarks;

/**
 * Softened monopole gravity of a group of targets from a list of sources: the Java side of the kernel
 * ratio against {@code benchmarks/c/monopole.c}. Same inputs (splitmix64 from seed 42), same
 * operations in the same order:
 *
 * <pre>
 *   dx = xi - xj; dy = yi - yj; dz = zi - zj
 *   r2s = dx*dx + dy*dy + dz*dz + eps2;  inv = 1 / sqrt(r2s)
 *   mInv = inv * mj;  mInv3 = mInv * inv * inv
 *   ax -= mInv3*dx;  ay -= mInv3*dy;  az -= mInv3*dz;  pot -= mInv
 * </pre>
 *
 * so that {@link #bitsHash} equals the C build without FMA contraction. The scalar kernel is here; the
 * Vector API ones are in {@link VectorMonopole} (which needs {@code --add-modules jdk.incubator.vector}).
 */
public final class MonopoleKernels {
    /** Targets are padded to a multiple of this (the widest vector, AVX-512: 16 floats). */
    static final int PAD = 16;
    /** The group's centre, the origin of the mixed kernel's float positions (CENTRE in monopole.c). */
    static final double CENTRE = 2.05;

    private MonopoleKernels() {
    }

    /** Sources (the interaction list), targets (the group, padded) and the field on the targets. */
    public static final class Problem {
        public final int sources, targets;
        public final double eps2 = 0.01 * 0.01;
        public final double[] sx, sy, sz, sm;
        public final double[] tx, ty, tz;
        public final double[] ax, ay, az, pot;
        /** The mixed kernel's inputs: float, relative to {@link #CENTRE}. */
        public final float[] fsx, fsy, fsz, fsm, ftx, fty, ftz;

        Problem(int sources, int targets) {
            this.sources = sources;
            this.targets = targets;
            int padded = (targets + PAD - 1) / PAD * PAD;
            sx = new double[sources];
            sy = new double[sources];
            sz = new double[sources];
            sm = new double[sources];
            tx = new double[padded];
            ty = new double[padded];
            tz = new double[padded];
            ax = new double[padded];
            ay = new double[padded];
            az = new double[padded];
            pot = new double[padded];
            fsx = new float[sources];
            fsy = new float[sources];
            fsz = new float[sources];
            fsm = new float[sources];
            ftx = new float[padded];
            fty = new float[padded];
            ftz = new float[padded];
        }

        public long interactionsPerPass() {
            return (long) sources * targets;
        }
    }

    /** Sources in [0,1)^3 with masses 1/sources, targets in [2, 2.1)^3, as monopole.c makes them. */
    public static Problem create(int sources, int targets) {
        Problem p = new Problem(sources, targets);
        SplitMix r = new SplitMix(42);
        for (int k = 0; k < sources; k++) {
            p.sx[k] = r.nextDouble();
            p.sy[k] = r.nextDouble();
            p.sz[k] = r.nextDouble();
            p.sm[k] = 1.0 / sources;
        }
        for (int j = 0; j < p.tx.length; j++) {
            if (j < targets) {
                p.tx[j] = 2 + 0.1 * r.nextDouble();
                p.ty[j] = 2 + 0.1 * r.nextDouble();
                p.tz[j] = 2 + 0.1 * r.nextDouble();
            } else {
                p.tx[j] = p.tx[targets - 1];
                p.ty[j] = p.ty[targets - 1];
                p.tz[j] = p.tz[targets - 1];
            }
        }
        for (int k = 0; k < sources; k++) {
            p.fsx[k] = (float) (p.sx[k] - CENTRE);
            p.fsy[k] = (float) (p.sy[k] - CENTRE);
            p.fsz[k] = (float) (p.sz[k] - CENTRE);
            p.fsm[k] = (float) p.sm[k];
        }
        for (int j = 0; j < p.tx.length; j++) {
            p.ftx[j] = (float) (p.tx[j] - CENTRE);
            p.fty[j] = (float) (p.ty[j] - CENTRE);
            p.ftz[j] = (float) (p.tz[j] - CENTRE);
        }
        return p;
    }

    /** One target at a time against the whole list (the layout of ScalarListKernel's body loop). */
    public static void scalar(Problem p) {
        final double eps2 = p.eps2;
        final double[] sx = p.sx, sy = p.sy, sz = p.sz, sm = p.sm;
        final int n = p.sources;
        for (int j = 0; j < p.targets; j++) {
            double xi = p.tx[j], yi = p.ty[j], zi = p.tz[j];
            double ax = 0, ay = 0, az = 0, pot = 0;
            for (int k = 0; k < n; k++) {
                double dx = xi - sx[k], dy = yi - sy[k], dz = zi - sz[k];
                double r2s = dx * dx + dy * dy + dz * dz + eps2;
                double inv = 1.0 / Math.sqrt(r2s);
                double mInv = inv * sm[k];
                double mInv3 = mInv * inv * inv;
                ax -= mInv3 * dx;
                ay -= mInv3 * dy;
                az -= mInv3 * dz;
                pot -= mInv;
            }
            p.ax[j] = ax;
            p.ay[j] = ay;
            p.az[j] = az;
            p.pot[j] = pot;
        }
    }

    /** FNV-1a over the bits of ax, ay, az, pot of the (unpadded) targets, as monopole.c prints it. */
    public static long bitsHash(Problem p) {
        long h = 0xcbf29ce484222325L;
        for (double[] a : new double[][] {p.ax, p.ay, p.az, p.pot}) {
            for (int j = 0; j < p.targets; j++) {
                h = (h ^ Double.doubleToRawLongBits(a[j])) * 0x100000001b3L;
            }
        }
        return h;
    }

    /** splitmix64, as in monopole.c. */
    static final class SplitMix {
        private long state;

        SplitMix(long seed) {
            state = seed;
        }

        double nextDouble() {
            long z = (state += 0x9E3779B97F4A7C15L);
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            z = z ^ (z >>> 31);
            return (z >>> 11) * 0x1.0p-53;
        }
    }
}
