package io.stormsim.nbody.analysis;

import io.stormsim.nbody.Bodies;

/**
 * The checks every analysis kernel makes of what it is given, so that a damaged set fails at the edge with the
 * body named instead of turning a radius or a centre into NaN far from its cause. Ids are taken as unique, as
 * every stormsim source guarantees: ties between equal distances are broken by id.
 */
final class AnalysisInput {
    private AnalysisInput() {
    }

    /** At least one body; every mass finite and {@code > 0}, every coordinate and velocity finite. */
    static void checkBodies(Bodies b) {
        if (b.n < 1) {
            throw new IllegalArgumentException("no bodies: an analysis needs at least one");
        }
        for (int i = 0; i < b.n; i++) {
            double m = b.mass[i];
            if (!(m > 0) || !Double.isFinite(m)) {
                throw new IllegalArgumentException("body id " + b.id[i] + ": mass " + m
                        + " is not allowed: masses must be finite and > 0");
            }
            if (!Double.isFinite(b.x[i]) || !Double.isFinite(b.y[i]) || !Double.isFinite(b.z[i])
                    || !Double.isFinite(b.vx[i]) || !Double.isFinite(b.vy[i]) || !Double.isFinite(b.vz[i])) {
                throw new IllegalArgumentException("body id " + b.id[i] + ": position (" + b.x[i] + ", " + b.y[i]
                        + ", " + b.z[i] + "), velocity (" + b.vx[i] + ", " + b.vy[i] + ", " + b.vz[i]
                        + "): every coordinate must be finite");
            }
        }
    }

    /** A centre of three finite coordinates. */
    static void checkCentre(double[] centre) {
        if (centre.length != 3 || !Double.isFinite(centre[0]) || !Double.isFinite(centre[1])
                || !Double.isFinite(centre[2])) {
            throw new IllegalArgumentException("centre " + java.util.Arrays.toString(centre)
                    + " is not allowed: a centre is three finite coordinates x, y, z");
        }
    }
}
