package io.stormsim.nbody.analysis;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.FixedPointSum;

/**
 * The total mass, centre of mass and centre-of-mass velocity of a set of bodies, from exact sums: the same bits
 * whatever the order of the bodies or the partitions they came from.
 */
public record CentreOfMass(double mass, double x, double y, double z, double vx, double vy, double vz) {
    public static CentreOfMass of(Bodies b) {
        AnalysisInput.checkBodies(b);
        FixedPointSum m = new FixedPointSum(), mx = new FixedPointSum(), my = new FixedPointSum();
        FixedPointSum mz = new FixedPointSum(), mvx = new FixedPointSum(), mvy = new FixedPointSum();
        FixedPointSum mvz = new FixedPointSum();
        for (int i = 0; i < b.n; i++) {
            double mi = b.mass[i];
            m.add(mi);
            mx.add(mi * b.x[i]);
            my.add(mi * b.y[i]);
            mz.add(mi * b.z[i]);
            mvx.add(mi * b.vx[i]);
            mvy.add(mi * b.vy[i]);
            mvz.add(mi * b.vz[i]);
        }
        double total = m.value();
        return new CentreOfMass(total, mx.value() / total, my.value() / total, mz.value() / total,
                mvx.value() / total, mvy.value() / total, mvz.value() / total);
    }

    public double[] position() {
        return new double[] {x, y, z};
    }

    public double[] velocity() {
        return new double[] {vx, vy, vz};
    }
}
