package io.stormsim.nbody;

import java.util.Arrays;

/**
 * The interaction lists of one walk group as flat arrays (cells: centre of mass, mass, quadrupole, trace;
 * bodies: position, mass, tree index), and the group's own bodies. Filled by {@link TreeWalk}, summed by
 * a {@link ListKernel}: in double, or for {@link Precision#MIXED} in float with positions taken from the
 * group's centre, which keeps a float's 24 bits for the offsets that matter instead of the absolute
 * position's leading digits.
 */
final class InteractionLists {
    final Precision precision;
    int cellCount, bodyCount;
    double[] cx = new double[256], cy = new double[256], cz = new double[256], cm = new double[256];
    double[] qxx = new double[256], qyy = new double[256], qzz = new double[256];
    double[] qxy = new double[256], qxz = new double[256], qyz = new double[256], tr = new double[256];
    double[] bx = new double[256], by = new double[256], bz = new double[256], bm = new double[256];
    int[] bIndex = new int[256];
    /**
     * Mixed precision: cell terms as their centre of mass relative to the group's centre (ox, oy, oz) in
     * float and their float mass, quadrupole and trace ({@link #cellFloats}, copied from the tree's
     * {@link #floatMoments}); body terms as position relative to the centre and mass in float.
     */
    float[] fcx, fcy, fcz, fbx, fby, fbz, fbm;
    /**
     * Cell term k's float mass, quadrupole and trace at {@code k * Octree.FLOAT_STRIDE}, copied from the
     * tree when the cell is listed, so that the kernel reads them in list order and C2 hoists their bounds
     * checks out of the loop. Read from the tree through the cell's index, they were checked at every term,
     * and the code C2 made of that loop (JDK 17, AVX-512) stored and reloaded four 64-byte vectors on the
     * stack at every term: wherever the callers' frames left the stack pointer off a 64-byte boundary, those
     * accesses straddled two cache lines and the cell terms took 2.5x as long, for as long as the callers'
     * frames kept their size (tens to hundreds of steps, a different stretch in every JVM).
     */
    float[] cellFloats;
    final float[] floatMoments;
    /** Mixed precision: for a body term, the group index of the body (skipped for itself), else -1. */
    float[] fbSelf;
    /**
     * The body terms {@code selfFrom..selfTo-1} hold every group body listed (a walk lists the group's
     * own leaves one after the other), so the kernel looks for a body's self term only there.
     */
    int selfFrom, selfTo;
    double ox, oy, oz;
    /** The group: tree bodies first..first+size-1. */
    int first, size;
    /** Whether group body j appears in the body list (and is skipped there). */
    boolean[] listed = new boolean[64];

    InteractionLists(Precision precision, float[] floatMoments) {
        this.precision = precision;
        this.floatMoments = floatMoments;
        if (precision == Precision.MIXED) {
            fcx = new float[256];
            fcy = new float[256];
            fcz = new float[256];
            cellFloats = new float[256 * Octree.FLOAT_STRIDE];
            fbx = new float[256];
            fby = new float[256];
            fbz = new float[256];
            fbm = new float[256];
            fbSelf = new float[256];
        }
    }

    /** The group's centre, the origin of the mixed kernel's positions: the centre of its bounding box. */
    void centreOn(double[] box) {
        ox = 0.5 * (box[0] + box[3]);
        oy = 0.5 * (box[1] + box[4]);
        oz = 0.5 * (box[2] + box[5]);
    }

    void startGroup(int firstBody, int groupSize) {
        first = firstBody;
        size = groupSize;
        cellCount = 0;
        bodyCount = 0;
        selfFrom = Integer.MAX_VALUE;
        selfTo = 0;
        if (listed.length < groupSize) {
            listed = new boolean[groupSize];
        }
        Arrays.fill(listed, 0, groupSize, false);
    }

    /** Appends cell c, whose record starts at {@code cell[cb]}. */
    void addCell(double[] cell, int c, int cb) {
        if (precision == Precision.MIXED) {
            addFloatCell(cell, c, cb);
            return;
        }
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
            tr = Arrays.copyOf(tr, cap);
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
        tr[k] = cell[cb + Octree.TRACE];
    }

    private void addFloatCell(double[] cell, int c, int cb) {
        if (cellCount == fcx.length) {
            int cap = 2 * cellCount;
            fcx = Arrays.copyOf(fcx, cap);
            fcy = Arrays.copyOf(fcy, cap);
            fcz = Arrays.copyOf(fcz, cap);
            cellFloats = Arrays.copyOf(cellFloats, cap * Octree.FLOAT_STRIDE);
        }
        int k = cellCount++;
        fcx[k] = (float) (cell[cb + Octree.COM_X] - ox);
        fcy[k] = (float) (cell[cb + Octree.COM_Y] - oy);
        fcz[k] = (float) (cell[cb + Octree.COM_Z] - oz);
        System.arraycopy(floatMoments, c * Octree.FLOAT_STRIDE, cellFloats, k * Octree.FLOAT_STRIDE,
                Octree.FLOAT_STRIDE);
    }

    /** Appends tree bodies {@code from..from+n-1}. */
    void addBodies(double[] body, int from, int n) {
        int groupFrom = Math.max(from, first), groupTo = Math.min(from + n, first + size);
        if (groupFrom < groupTo) {
            Arrays.fill(listed, groupFrom - first, groupTo - first, true);
            selfFrom = Math.min(selfFrom, bodyCount + groupFrom - from);
            selfTo = Math.max(selfTo, bodyCount + groupTo - from);
        }
        if (precision == Precision.MIXED) {
            addFloatBodies(body, from, n);
            return;
        }
        if (bodyCount + n > bx.length) {
            int cap = 2 * (bodyCount + n);
            bx = Arrays.copyOf(bx, cap);
            by = Arrays.copyOf(by, cap);
            bz = Arrays.copyOf(bz, cap);
            bm = Arrays.copyOf(bm, cap);
            bIndex = Arrays.copyOf(bIndex, cap);
        }
        for (int b = from, k = bodyCount; b < from + n; b++, k++) {
            bx[k] = body[b * Octree.BODY_STRIDE];
            by[k] = body[b * Octree.BODY_STRIDE + 1];
            bz[k] = body[b * Octree.BODY_STRIDE + 2];
            bm[k] = body[b * Octree.BODY_STRIDE + 3];
            bIndex[k] = b;
        }
        bodyCount += n;
    }

    private void addFloatBodies(double[] body, int from, int n) {
        if (bodyCount + n > fbx.length) {
            int cap = 2 * (bodyCount + n);
            fbx = Arrays.copyOf(fbx, cap);
            fby = Arrays.copyOf(fby, cap);
            fbz = Arrays.copyOf(fbz, cap);
            fbm = Arrays.copyOf(fbm, cap);
            fbSelf = Arrays.copyOf(fbSelf, cap);
        }
        for (int b = from, k = bodyCount; b < from + n; b++, k++) {
            fbx[k] = (float) (body[b * Octree.BODY_STRIDE] - ox);
            fby[k] = (float) (body[b * Octree.BODY_STRIDE + 1] - oy);
            fbz[k] = (float) (body[b * Octree.BODY_STRIDE + 2] - oz);
            fbm[k] = (float) body[b * Octree.BODY_STRIDE + 3];
            // exact in float, since a group holds far fewer than 2^24 bodies
            fbSelf[k] = b >= first && b < first + size ? b - first : -1;
        }
        bodyCount += n;
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
