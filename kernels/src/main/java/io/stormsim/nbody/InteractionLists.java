package io.stormsim.nbody;

import java.util.Arrays;

/**
 * The interaction lists of one walk group as flat arrays (cells: centre of mass, mass, quadrupole;
 * bodies: position, mass, tree index), and the group's own bodies. Filled by {@link TreeWalk}, summed by
 * a {@link ListKernel}.
 */
final class InteractionLists {
    int cellCount, bodyCount;
    double[] cx = new double[256], cy = new double[256], cz = new double[256], cm = new double[256];
    double[] qxx = new double[256], qyy = new double[256], qzz = new double[256];
    double[] qxy = new double[256], qxz = new double[256], qyz = new double[256];
    double[] bx = new double[256], by = new double[256], bz = new double[256], bm = new double[256];
    int[] bIndex = new int[256];
    /** The group: tree bodies first..first+size-1. */
    int first, size;
    /** Whether group body j appears in the body list (and is skipped there). */
    boolean[] listed = new boolean[64];

    void startGroup(int firstBody, int groupSize) {
        first = firstBody;
        size = groupSize;
        cellCount = 0;
        bodyCount = 0;
        if (listed.length < groupSize) {
            listed = new boolean[groupSize];
        }
        Arrays.fill(listed, 0, groupSize, false);
    }

    void addCell(double[] cell, int cb) {
        if (cellCount == cx.length) {
            int cap = 2 * cellCount;
            cx = Arrays.copyOf(cx, cap);
            cy = Arrays.copyOf(cy, cap);
            cz = Arrays.copyOf(cz, cap);
            cm = Arrays.copyOf(cm, cap);
            qxx = Arrays.copyOf(qxx, cap);
            qyy = Arrays.copyOf(qyy, cap);
            qzz = Arrays.copyOf(qzz, cap);
            qxy = Arrays.copyOf(qxy, cap);
            qxz = Arrays.copyOf(qxz, cap);
            qyz = Arrays.copyOf(qyz, cap);
        }
        int k = cellCount++;
        cx[k] = cell[cb + Octree.COM_X];
        cy[k] = cell[cb + Octree.COM_Y];
        cz[k] = cell[cb + Octree.COM_Z];
        cm[k] = cell[cb + Octree.MASS];
        qxx[k] = cell[cb + Octree.Q_XX];
        qyy[k] = cell[cb + Octree.Q_YY];
        qzz[k] = cell[cb + Octree.Q_ZZ];
        qxy[k] = cell[cb + Octree.Q_XY];
        qxz[k] = cell[cb + Octree.Q_XZ];
        qyz[k] = cell[cb + Octree.Q_YZ];
    }

    void addBodies(double[] body, int from, int n) {
        if (bodyCount + n > bx.length) {
            int cap = 2 * (bodyCount + n);
            bx = Arrays.copyOf(bx, cap);
            by = Arrays.copyOf(by, cap);
            bz = Arrays.copyOf(bz, cap);
            bm = Arrays.copyOf(bm, cap);
            bIndex = Arrays.copyOf(bIndex, cap);
        }
        for (int b = from; b < from + n; b++) {
            int k = bodyCount++;
            bx[k] = body[b * Octree.BODY_STRIDE];
            by[k] = body[b * Octree.BODY_STRIDE + 1];
            bz[k] = body[b * Octree.BODY_STRIDE + 2];
            bm[k] = body[b * Octree.BODY_STRIDE + 3];
            bIndex[k] = b;
            if (b >= first && b < first + size) {
                listed[b - first] = true;
            }
        }
    }

    /**
     * What a cell term costs against a body term, used for both list kernels: measured 3.7 against 1.7 ns
     * per term in the SIMD kernel (groups of 16, AVX2), where the force phase runs; weighing cells by 1
     * left partitions of equal cost 5% apart in time.
     */
    static final int CELL_TERM_COST = 2;

    /** Interactions of group body j: every cell and every listed body but itself. */
    long interactions(int j) {
        return cellCount + bodyCount - (listed[j] ? 1 : 0);
    }

    /** The work of group body j's terms, in body terms ({@link Gravity.Field#cost}). */
    long cost(int j) {
        return interactions(j) + (CELL_TERM_COST - 1) * (long) cellCount;
    }
}
