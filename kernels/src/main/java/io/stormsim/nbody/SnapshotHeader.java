package io.stormsim.nbody;

/**
 * What every file of one snapshot states about the whole snapshot, the same in each partition's file.
 *
 * @param time        the simulation time of the snapshot (round x dt), in the run's time unit
 * @param boxSize     the edge of a cube centred on the origin that holds every body of the snapshot (GADGET's
 *                    {@code BoxSize}); {@code [-boxSize/2, boxSize/2]^3} is the domain to give analysis tools, which
 *                    otherwise take {@code [0, BoxSize]^3}: positions are written as simulated, not shifted, so
 *                    they keep their bits
 * @param totalBodies the bodies in all files of the snapshot
 * @param files       the number of files (partitions)
 * @param units       the run's units ({@link UnitSystem#NBODY}: none stated)
 */
public record SnapshotHeader(double time, double boxSize, long totalBodies, int files, UnitSystem units) {
    public SnapshotHeader {
        if (!(boxSize >= 0) || !Double.isFinite(boxSize) || totalBodies < 0 || files < 1 || units == null) {
            throw new IllegalArgumentException("snapshot header: box size " + boxSize + ", " + totalBodies
                    + " bodies, " + files + " files, units " + units + ": expected a finite box size >= 0, a count"
                    + " >= 0, at least 1 file and units");
        }
    }

    /**
     * The edge of the smallest cube centred on the origin around {@code box} (the bounding box of every partition's
     * bodies), so the same in every partition.
     */
    public static double boxSize(Box box) {
        double r = 0;
        for (double bound : box.bounds) {
            r = Math.max(r, Math.abs(bound));
        }
        return 2 * r;
    }

    /**
     * The edge of the smallest cube centred on the origin that holds {@code b}'s bodies: 0 for none; the largest
     * double for bodies beyond half of it, whose cube's edge is not a double; coordinates that are not finite, which
     * only files written to test readers hold, are left out.
     */
    public static double boxSize(Bodies b) {
        double r = 0;
        for (double[] axis : new double[][] {b.x, b.y, b.z}) {
            for (int i = 0; i < b.n; i++) {
                if (Double.isFinite(axis[i])) {
                    r = Math.max(r, Math.abs(axis[i]));
                }
            }
        }
        return Math.min(2 * r, Double.MAX_VALUE);
    }
}
