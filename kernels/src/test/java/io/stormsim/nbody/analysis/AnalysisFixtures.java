package io.stormsim.nbody.analysis;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.PlummerSphere;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Test sets for the analysis kernels and the reorderings whose results must keep the same bits. */
final class AnalysisFixtures {
    private AnalysisFixtures() {
    }

    /** A Plummer sphere with masses spread over a factor of 4 and ids that are not the input order. */
    static Bodies unequalMasses(int n, long seed) {
        Bodies b = PlummerSphere.generate(n, seed);
        SplittableRandom rnd = new SplittableRandom(seed + 1);
        for (int i = 0; i < n; i++) {
            b.mass[i] = (0.5 + 1.5 * rnd.nextDouble()) / n;
            b.id[i] = 1000L + 7L * ((i * 31L) % n);
        }
        return b;
    }

    /**
     * Bodies on an integer lattice centred on the origin, so that distances tie everywhere (between neighbours
     * and from the origin); masses unequal and ids scrambled, so that breaking ties by anything but id shows.
     */
    static Bodies lattice(int side, long seed) {
        int n = side * side * side;
        Bodies b = new Bodies(n);
        SplittableRandom rnd = new SplittableRandom(seed);
        int half = side / 2;
        for (int i = 0; i < n; i++) {
            b.x[i] = i % side - half;
            b.y[i] = (i / side) % side - half;
            b.z[i] = i / (side * side) - half;
            b.mass[i] = 1 + rnd.nextInt(4);
            b.vx[i] = rnd.nextDouble() - 0.5;
            b.vy[i] = rnd.nextDouble() - 0.5;
            b.vz[i] = rnd.nextDouble() - 0.5;
            b.id[i] = (i * 37L) % n;
            b.cost[i] = 1;
        }
        return b;
    }

    /** The bodies in a random order. */
    static Bodies shuffled(Bodies b, long seed) {
        int[] order = new int[b.n];
        for (int i = 0; i < b.n; i++) {
            order[i] = i;
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = b.n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return b.gather(order, 0, b.n);
    }

    /** The bodies cut into {@code parts} stripes, concatenated last stripe first (as a bolt may gather them). */
    static Bodies regathered(Bodies b, int parts) {
        List<Bodies> stripes = new ArrayList<>();
        for (int p = parts - 1; p >= 0; p--) {
            stripes.add(b.stripe(p, parts));
        }
        return Bodies.concat(stripes);
    }

    /** Offset of body i from the centre, squared, as every kernel computes it. */
    static double distance2(Bodies b, int i, double[] c) {
        double dx = b.x[i] - c[0], dy = b.y[i] - c[1], dz = b.z[i] - c[2];
        return dx * dx + dy * dy + dz * dz;
    }
}
