package io.stormsim.nbody;

import java.util.Arrays;

/**
 * A Barnes-Hut octree, or a set of subtrees of one, in flat primitive arrays.
 *
 * <p>Cell c owns {@code cell[c*CELL_STRIDE ..]} (centre of mass, mass, traceless quadrupole, the trace
 * of the second moment, squared opening radius, geometric centre and half side) and
 * {@code link[c*LINK_STRIDE ..]} (first child and child count, or first body and body count for a leaf).
 * The children of a cell are contiguous and in octant order, so a depth-first walk visits cells in Morton
 * order. A cell whose subtree was left out of a locally essential tree because it is far enough for every
 * target keeps its moments but has no children and no bodies here, and is flagged {@link #PRUNED}. The bodies a cell holds in this tree are
 * contiguous ({@code FIRST_BODY}, {@code BODY_COUNT}), for leaves and internal cells alike (the shared top
 * cells of an assembled tree, above the subtrees, carry none). Bodies are kept as {x, y, z, m}
 * quadruples plus their ids. Each cell's mass, quadrupole and trace are also kept rounded to float
 * ({@code floatMoments}, for the mixed-precision kernel), set wherever the doubles are set, so that the
 * walks read them as they are instead of converting them once per group that lists the cell.
 *
 * <p>The tree is a pure function of the bodies (sorted by key, then id), the root cell, the leaf
 * capacity and theta: cells split when they hold more than the leaf capacity; moments of a cell are
 * summed from its bodies or children in order. That is what lets partitions rebuild exactly the pieces
 * of the one global tree they need.
 */
public final class Octree {
    public static final int COM_X = 0, COM_Y = 1, COM_Z = 2, MASS = 3;
    public static final int Q_XX = 4, Q_YY = 5, Q_ZZ = 6, Q_XY = 7, Q_XZ = 8, Q_YZ = 9;
    /**
     * The trace of the cell's second moment about its centre of mass, sum m |d|^2, which the traceless
     * quadrupole drops: with Plummer softening the second-order term of the softened potential needs it
     * (a term in epsilon^2 sum m |d|^2 / (r^2 + epsilon^2)^(5/2), see {@link Gravity}).
     */
    public static final int TRACE = 10;
    public static final int OPEN_R2 = 11, CENTER_X = 12, CENTER_Y = 13, CENTER_Z = 14, HALF = 15;
    public static final int CELL_STRIDE = 16;
    public static final int FIRST_CHILD = 0, CHILD_COUNT = 1, FIRST_BODY = 2, BODY_COUNT = 3, PRUNED = 4;
    public static final int LINK_STRIDE = 5;
    public static final int BODY_STRIDE = 4;
    /**
     * Cell c's mass, quadrupole and trace in float: {@code floatMoments[c*FLOAT_STRIDE + q - MASS]} for q in
     * MASS..TRACE.
     */
    public static final int FLOAT_STRIDE = 8;

    public int cellCount;
    public double[] cell;
    public int[] link;
    public int bodyCount;
    public double[] body;
    public long[] bodyId;
    public float[] floatMoments;

    public Octree(int cellCapacity, int bodyCapacity) {
        cell = new double[Math.max(cellCapacity, 1) * CELL_STRIDE];
        link = new int[Math.max(cellCapacity, 1) * LINK_STRIDE];
        floatMoments = new float[Math.max(cellCapacity, 1) * FLOAT_STRIDE];
        body = new double[Math.max(bodyCapacity, 1) * BODY_STRIDE];
        bodyId = new long[Math.max(bodyCapacity, 1)];
    }

    /** A tree restored from its arrays (for example after deserialisation). */
    public Octree(int cellCount, double[] cell, int[] link, int bodyCount, double[] body, long[] bodyId) {
        this.cellCount = cellCount;
        this.cell = cell;
        this.link = link;
        this.bodyCount = bodyCount;
        this.body = body;
        this.bodyId = bodyId;
        floatMoments = new float[Math.max(cell.length / CELL_STRIDE, 1) * FLOAT_STRIDE];
        for (int c = 0; c < cellCount; c++) {
            roundMoments(c);
        }
    }

    /** Appends {@code count} empty cells and returns the index of the first. */
    public int addCells(int count) {
        int first = cellCount;
        cellCount += count;
        if (cellCount * CELL_STRIDE > cell.length) {
            int capacity = Math.max(cellCount, 2 * cell.length / CELL_STRIDE);
            cell = Arrays.copyOf(cell, capacity * CELL_STRIDE);
            link = Arrays.copyOf(link, capacity * LINK_STRIDE);
            floatMoments = Arrays.copyOf(floatMoments, capacity * FLOAT_STRIDE);
        }
        return first;
    }

    private int addBodies(int count) {
        int first = bodyCount;
        bodyCount += count;
        if (bodyCount > bodyId.length) {
            int capacity = Math.max(bodyCount, 2 * bodyId.length);
            body = Arrays.copyOf(body, capacity * BODY_STRIDE);
            bodyId = Arrays.copyOf(bodyId, capacity);
        }
        return first;
    }

    /** Appends bodies {@code from..to-1} of {@code b} and returns the index of the first. */
    public int addBodies(Bodies b, int from, int to) {
        int first = addBodies(to - from);
        for (int i = from, k = first; i < to; i++, k++) {
            body[k * BODY_STRIDE] = b.x[i];
            body[k * BODY_STRIDE + 1] = b.y[i];
            body[k * BODY_STRIDE + 2] = b.z[i];
            body[k * BODY_STRIDE + 3] = b.mass[i];
            bodyId[k] = b.id[i];
        }
        return first;
    }

    public void setGeometry(int c, RootCell root, int level, long prefix) {
        root.cellGeometry(level, prefix, cell, c * CELL_STRIDE + CENTER_X);
    }

    /** Sets the cell's children (none for a leaf) and the range of its bodies. */
    public void setLinks(int c, int firstChild, int childCount, int firstBody, int bodyCount) {
        int l = c * LINK_STRIDE;
        link[l + FIRST_CHILD] = firstChild;
        link[l + CHILD_COUNT] = childCount;
        link[l + FIRST_BODY] = firstBody;
        link[l + BODY_COUNT] = bodyCount;
        link[l + PRUNED] = 0;
    }

    private void setPruned(int c) {
        setLinks(c, 0, 0, 0, 0);
        link[c * LINK_STRIDE + PRUNED] = 1;
    }

    public int childCount(int c) {
        return link[c * LINK_STRIDE + CHILD_COUNT];
    }

    public int firstChild(int c) {
        return link[c * LINK_STRIDE + FIRST_CHILD];
    }

    public int firstBody(int c) {
        return link[c * LINK_STRIDE + FIRST_BODY];
    }

    public int bodyCount(int c) {
        return link[c * LINK_STRIDE + BODY_COUNT];
    }

    /** The bounding box {min x, y, z, max x, y, z} of tree bodies {@code first..first+count-1}, into {@code out}. */
    public void bodyBounds(int first, int count, double[] out) {
        Arrays.fill(out, 0, 3, Double.POSITIVE_INFINITY);
        Arrays.fill(out, 3, 6, Double.NEGATIVE_INFINITY);
        for (int i = first; i < first + count; i++) {
            for (int a = 0; a < 3; a++) {
                out[a] = Math.min(out[a], body[i * BODY_STRIDE + a]);
                out[a + 3] = Math.max(out[a + 3], body[i * BODY_STRIDE + a]);
            }
        }
    }

    public boolean isPruned(int c) {
        return link[c * LINK_STRIDE + PRUNED] != 0;
    }

    /**
     * Copies the subtree of {@code src} under {@code srcCell} into cell {@code dst} of this tree. With a
     * {@code prunedFor} region, cells that the region accepts as a whole are copied without their
     * subtrees and marked {@link #PRUNED}: that is the locally essential tree for the partition whose
     * bodies the region describes. Without one, the subtree is copied whole.
     */
    public void copySubtree(int dst, Octree src, int srcCell, TargetRegion prunedFor) {
        System.arraycopy(src.cell, srcCell * CELL_STRIDE, cell, dst * CELL_STRIDE, CELL_STRIDE);
        System.arraycopy(src.floatMoments, srcCell * FLOAT_STRIDE, floatMoments, dst * FLOAT_STRIDE, FLOAT_STRIDE);
        if (src.isPruned(srcCell) || (prunedFor != null && prunedFor.accepts(src.cell, srcCell * CELL_STRIDE))) {
            setPruned(dst);
            return;
        }
        int count = src.bodyCount(srcCell);
        int children = src.childCount(srcCell);
        if (children == 0) {
            int first = addBodies(count);
            int from = src.firstBody(srcCell);
            System.arraycopy(src.body, from * BODY_STRIDE, body, first * BODY_STRIDE, count * BODY_STRIDE);
            System.arraycopy(src.bodyId, from, bodyId, first, count);
            setLinks(dst, 0, 0, first, count);
            return;
        }
        int firstChild = addCells(children);
        int firstBody = bodyCount;
        int srcFirst = src.firstChild(srcCell);
        for (int k = 0; k < children; k++) {
            copySubtree(firstChild + k, src, srcFirst + k, prunedFor);
        }
        setLinks(dst, firstChild, children, firstBody, bodyCount - firstBody);
    }

    /** Sets the moments and opening radius of cell c from its bodies (leaf) or its children, in order. */
    public void computeMoments(int c, double theta) {
        int l = c * LINK_STRIDE;
        int base = c * CELL_STRIDE;
        int children = link[l + CHILD_COUNT];
        double m = 0, sx = 0, sy = 0, sz = 0;
        if (children == 0) {
            int from = link[l + FIRST_BODY], to = from + link[l + BODY_COUNT];
            for (int b = from; b < to; b++) {
                double mb = body[b * BODY_STRIDE + 3];
                m += mb;
                sx += mb * body[b * BODY_STRIDE];
                sy += mb * body[b * BODY_STRIDE + 1];
                sz += mb * body[b * BODY_STRIDE + 2];
            }
            double cx = sx / m, cy = sy / m, cz = sz / m;
            clearQuadrupole(base);
            for (int b = from; b < to; b++) {
                addPointQuadrupole(base, body[b * BODY_STRIDE + 3], body[b * BODY_STRIDE] - cx,
                        body[b * BODY_STRIDE + 1] - cy, body[b * BODY_STRIDE + 2] - cz);
            }
            setCentre(base, m, cx, cy, cz, theta);
        } else {
            int from = link[l + FIRST_CHILD], to = from + children;
            for (int k = from; k < to; k++) {
                int kb = k * CELL_STRIDE;
                double mk = cell[kb + MASS];
                m += mk;
                sx += mk * cell[kb + COM_X];
                sy += mk * cell[kb + COM_Y];
                sz += mk * cell[kb + COM_Z];
            }
            double cx = sx / m, cy = sy / m, cz = sz / m;
            clearQuadrupole(base);
            for (int k = from; k < to; k++) {
                int kb = k * CELL_STRIDE;
                for (int q = Q_XX; q <= TRACE; q++) {
                    cell[base + q] += cell[kb + q];
                }
                addPointQuadrupole(base, cell[kb + MASS], cell[kb + COM_X] - cx, cell[kb + COM_Y] - cy,
                        cell[kb + COM_Z] - cz);
            }
            setCentre(base, m, cx, cy, cz, theta);
        }
        roundMoments(c);
    }

    private void roundMoments(int c) {
        for (int q = MASS; q <= TRACE; q++) {
            floatMoments[c * FLOAT_STRIDE + q - MASS] = (float) cell[c * CELL_STRIDE + q];
        }
    }

    private void clearQuadrupole(int base) {
        Arrays.fill(cell, base + Q_XX, base + TRACE + 1, 0.0);
    }

    /**
     * Adds the traceless quadrupole m (3 d d^T - |d|^2 I) and the trace m |d|^2 of a point mass at offset d
     * from the centre of mass.
     */
    private void addPointQuadrupole(int base, double m, double dx, double dy, double dz) {
        double d2 = dx * dx + dy * dy + dz * dz;
        cell[base + Q_XX] += m * (3 * dx * dx - d2);
        cell[base + Q_YY] += m * (3 * dy * dy - d2);
        cell[base + Q_ZZ] += m * (3 * dz * dz - d2);
        cell[base + Q_XY] += m * 3 * dx * dy;
        cell[base + Q_XZ] += m * 3 * dx * dz;
        cell[base + Q_YZ] += m * 3 * dy * dz;
        cell[base + TRACE] += m * d2;
    }

    /**
     * Stores mass and centre of mass, and the opening radius s/theta + delta (Barnes 1994): delta, the
     * distance from the geometric centre to the centre of mass, keeps a far-off centre of mass from
     * letting a nearby body accept the cell.
     */
    private void setCentre(int base, double m, double cx, double cy, double cz, double theta) {
        cell[base + MASS] = m;
        cell[base + COM_X] = cx;
        cell[base + COM_Y] = cy;
        cell[base + COM_Z] = cz;
        double ox = cx - cell[base + CENTER_X], oy = cy - cell[base + CENTER_Y], oz = cz - cell[base + CENTER_Z];
        double delta = Math.sqrt(ox * ox + oy * oy + oz * oz);
        double openRadius = 2 * cell[base + HALF] / theta + delta;
        cell[base + OPEN_R2] = openRadius * openRadius;
    }
}
