package io.stormsim.nbody;

import java.util.Arrays;

/**
 * The state of a set of bodies as parallel primitive arrays (structure of arrays): no object per body.
 * {@code cost} is the work of the body's last force evaluation ({@link Gravity.Field#cost}); the domain
 * decomposition balances partitions by it.
 */
public final class Bodies {
    public final int n;
    public final long[] id;
    public final double[] mass;
    public final double[] x, y, z;
    public final double[] vx, vy, vz;
    public final long[] cost;

    public Bodies(int n) {
        this(n, new long[n], new double[n], new double[n], new double[n], new double[n],
                new double[n], new double[n], new double[n], new long[n]);
    }

    public Bodies(int n, long[] id, double[] mass, double[] x, double[] y, double[] z,
                  double[] vx, double[] vy, double[] vz, long[] cost) {
        this.n = n;
        this.id = id;
        this.mass = mass;
        this.x = x;
        this.y = y;
        this.z = z;
        this.vx = vx;
        this.vy = vy;
        this.vz = vz;
        this.cost = cost;
        for (Object a : new Object[] {id, mass, x, y, z, vx, vy, vz, cost}) {
            int len = a instanceof long[] ? ((long[]) a).length : ((double[]) a).length;
            if (len != n) {
                throw new IllegalArgumentException("body array of length " + len + " for " + n + " bodies");
            }
        }
    }

    /** Bodies {@code order[0]}, {@code order[1]}, ... of this set, in that order, as a new set. */
    public Bodies gather(int[] order, int from, int to) {
        Bodies out = new Bodies(to - from);
        for (int i = from; i < to; i++) {
            out.copyFrom(i - from, this, order[i]);
        }
        return out;
    }

    /** Bodies {@code from} (inclusive) to {@code to} (exclusive) as a new set. */
    public Bodies slice(int from, int to) {
        return new Bodies(to - from,
                Arrays.copyOfRange(id, from, to), Arrays.copyOfRange(mass, from, to),
                Arrays.copyOfRange(x, from, to), Arrays.copyOfRange(y, from, to), Arrays.copyOfRange(z, from, to),
                Arrays.copyOfRange(vx, from, to), Arrays.copyOfRange(vy, from, to), Arrays.copyOfRange(vz, from, to),
                Arrays.copyOfRange(cost, from, to));
    }

    /** All bodies of {@code parts}, in the order given. */
    public static Bodies concat(Iterable<Bodies> parts) {
        int total = 0;
        for (Bodies p : parts) {
            total += p.n;
        }
        Bodies out = new Bodies(total);
        int at = 0;
        for (Bodies p : parts) {
            System.arraycopy(p.id, 0, out.id, at, p.n);
            System.arraycopy(p.mass, 0, out.mass, at, p.n);
            System.arraycopy(p.x, 0, out.x, at, p.n);
            System.arraycopy(p.y, 0, out.y, at, p.n);
            System.arraycopy(p.z, 0, out.z, at, p.n);
            System.arraycopy(p.vx, 0, out.vx, at, p.n);
            System.arraycopy(p.vy, 0, out.vy, at, p.n);
            System.arraycopy(p.vz, 0, out.vz, at, p.n);
            System.arraycopy(p.cost, 0, out.cost, at, p.n);
            at += p.n;
        }
        return out;
    }

    private void copyFrom(int to, Bodies src, int from) {
        id[to] = src.id[from];
        mass[to] = src.mass[from];
        x[to] = src.x[from];
        y[to] = src.y[from];
        z[to] = src.z[from];
        vx[to] = src.vx[from];
        vy[to] = src.vy[from];
        vz[to] = src.vz[from];
        cost[to] = src.cost[from];
    }

    /** The same bodies ordered by id: the canonical order for output and comparison. */
    public Bodies sortedById() {
        return gather(KeyOrder.sortedOrder(id), 0, n);
    }

    /** True when every array holds the same bits (ids, masses, positions, velocities; not costs). */
    public boolean sameStateBits(Bodies o) {
        return n == o.n && Arrays.equals(id, o.id) && Arrays.equals(mass, o.mass)
                && Arrays.equals(x, o.x) && Arrays.equals(y, o.y) && Arrays.equals(z, o.z)
                && Arrays.equals(vx, o.vx) && Arrays.equals(vy, o.vy) && Arrays.equals(vz, o.vz);
    }

    /** The stripe of bodies a partition starts with: an even, contiguous share of the input order. */
    public Bodies stripe(int partition, int partitions) {
        return slice(stripeStart(partition, partitions), stripeStart(partition + 1, partitions));
    }

    private int stripeStart(int partition, int partitions) {
        return (int) ((long) n * partition / partitions);
    }
}
