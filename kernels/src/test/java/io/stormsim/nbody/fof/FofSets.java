package io.stormsim.nbody.fof;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.PlummerSphere;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/** Bodies for the friends-of-friends tests, and the ways of splitting them among partitions. */
final class FofSets {
    private FofSets() {
    }

    /** n bodies of mass 1/n with the given positions (velocities and masses varied, so sums have work to do). */
    static Bodies of(double[] x, double[] y, double[] z, long seed) {
        int n = x.length;
        Bodies b = new Bodies(n);
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < n; i++) {
            b.id[i] = 1000 + 7L * i;
            b.mass[i] = (1 + rnd.nextDouble()) / n;
            b.x[i] = x[i];
            b.y[i] = y[i];
            b.z[i] = z[i];
            b.vx[i] = rnd.nextDouble() - 0.5;
            b.vy[i] = rnd.nextDouble() - 0.5;
            b.vz[i] = rnd.nextDouble() - 0.5;
            b.cost[i] = 1;
        }
        return b;
    }

    static Bodies uniform(int n, double side, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[][] p = new double[3][n];
        for (int i = 0; i < n; i++) {
            for (int a = 0; a < 3; a++) {
                p[a][i] = side * rnd.nextDouble();
            }
        }
        return of(p[0], p[1], p[2], seed + 1);
    }

    /** Plummer spheres of the given sizes and scale radii at the given centres, in a sparse uniform field. */
    static Bodies clumps(int[] sizes, double radius, double[][] centres, int field, double side, long seed) {
        List<double[]> points = new ArrayList<>();
        for (int k = 0; k < sizes.length; k++) {
            Bodies s = PlummerSphere.generate(sizes[k], seed + k);
            for (int i = 0; i < s.n; i++) {
                points.add(new double[] {centres[k][0] + radius * s.x[i], centres[k][1] + radius * s.y[i],
                        centres[k][2] + radius * s.z[i]});
            }
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < field; i++) {
            points.add(new double[] {side * rnd.nextDouble(), side * rnd.nextDouble(), side * rnd.nextDouble()});
        }
        return ofPoints(points, seed);
    }

    /**
     * Chains of bodies {@code step} apart (with jitter) zigzagging along x across the whole box, so that a split by
     * x cuts each chain many times and its pieces in one partition meet only through others.
     */
    static Bodies zigzags(int chains, int perChain, double step, double jitter, double width, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<double[]> points = new ArrayList<>();
        for (int c = 0; c < chains; c++) {
            double x = 0, y = 4 * c * width / chains, z = rnd.nextDouble(), dir = 1;
            for (int i = 0; i < perChain; i++) {
                points.add(new double[] {x + jitter * rnd.nextDouble(), y + jitter * rnd.nextDouble(), z});
                double nx = x + dir * step * 0.8;
                if (nx < 0 || nx > width) {
                    dir = -dir;
                    y += step * 0.6;
                } else {
                    x = nx;
                }
                z += step * 0.1;
            }
        }
        return ofPoints(points, seed);
    }

    /** A helix of thickness {@code sigma} with its turns l apart at most here and there: a filament with gaps. */
    static Bodies filament(int n, double sigma, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double t = 12 * Math.PI * rnd.nextDouble();
            points.add(new double[] {Math.cos(t) + sigma * gauss(rnd), Math.sin(t) + sigma * gauss(rnd),
                    0.05 * t + sigma * gauss(rnd)});
        }
        return ofPoints(points, seed);
    }

    private static double gauss(SplittableRandom rnd) {
        return Math.sqrt(-2 * Math.log(1 - rnd.nextDouble())) * Math.cos(2 * Math.PI * rnd.nextDouble());
    }

    static Bodies ofPoints(List<double[]> points, long seed) {
        int n = points.size();
        double[][] p = new double[3][n];
        for (int i = 0; i < n; i++) {
            for (int a = 0; a < 3; a++) {
                p[a][i] = points.get(i)[a];
            }
        }
        return of(p[0], p[1], p[2], seed + 1);
    }

    /** Sorted by x and cut into equal runs, as a key-order decomposition gives spatially compact partitions. */
    static List<Bodies> spatial(Bodies b, int partitions) {
        Integer[] byX = new Integer[b.n];
        for (int i = 0; i < b.n; i++) {
            byX[i] = i;
        }
        Arrays.sort(byX, (i, j) -> Double.compare(b.x[i], b.x[j]));
        Bodies sorted = b.gather(Arrays.stream(byX).mapToInt(Integer::intValue).toArray(), 0, b.n);
        List<Bodies> parts = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            parts.add(sorted.stripe(p, partitions));
        }
        return parts;
    }

    /** Each body to a partition drawn at random, each partition's bodies in a random order: the worst split. */
    static List<Bodies> random(Bodies b, int partitions, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] shuffled = shuffle(b.n, rnd);
        List<List<Integer>> members = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            members.add(new ArrayList<>());
        }
        for (int i : shuffled) {
            members.get(rnd.nextInt(partitions)).add(i);
        }
        List<Bodies> parts = new ArrayList<>();
        for (List<Integer> m : members) {
            parts.add(b.gather(m.stream().mapToInt(Integer::intValue).toArray(), 0, m.size()));
        }
        return parts;
    }

    static int[] shuffle(int n, SplittableRandom rnd) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return order;
    }
}
