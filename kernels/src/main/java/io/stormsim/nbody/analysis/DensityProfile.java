package io.stormsim.nbody.analysis;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.FixedPointSum;
import java.util.Arrays;

/**
 * The spherically averaged profile about a centre in logarithmic radial bins.
 *
 * <p>Bins. Edge i is {@code rMin * exp(i * ln(rMax / rMin) / bins)}, with edge 0 exactly rMin and edge
 * {@code bins} exactly rMax; bin i holds the bodies at distance r with {@code edge_i <= r < edge_(i+1)}, the last
 * bin also r = rMax. Bodies inside rMin count only in the enclosed mass; bodies beyond rMax in nothing. By
 * default rMin is the distance of the ceil(n / 100)-th nearest body (the innermost 1% of the bodies, below which
 * a log bin holds too few to say anything) and rMax that of the farthest, so every body past the innermost 1%
 * is in a bin.
 *
 * <p>Per bin: its edges, count, mass, density {@code rho = mass / ((4 pi / 3)(r_out^3 - r_in^3))}, enclosed mass
 * {@code M(< r_out)} (every body nearer than r_out, those inside rMin included), circular velocity
 * {@code sqrt(G M(< r_out) / r_out)}, and the mass-weighted dispersions about the bin's mass-weighted mean
 * velocity (so a bin's bulk motion does not count): {@code sigma_r^2 = sum(m ((v - vbar) . r_hat)^2) / sum(m)} and
 * the 3D {@code sigma_total^2 = sum(m |v - vbar|^2) / sum(m)} (3 sigma_r^2 when isotropic); NaN in an empty bin.
 * Every sum is exact, so the profile is the same bits whatever the order of the bodies.
 */
public final class DensityProfile {
    private static final int INNER_PERCENT = 1;

    private DensityProfile() {
    }

    /** One profile: the arrays hold one value per bin, innermost first. */
    public record Profile(double[] centre, double gravitationalConstant, double[] radiusInner, double[] radiusOuter,
                          int[] count, double[] mass, double[] density, double[] enclosedMass,
                          double[] circularVelocity, double[] sigmaRadial, double[] sigmaTotal) {
        public int bins() {
            return count.length;
        }
    }

    /** With the default range: from the innermost 1% of the bodies to the farthest. */
    public static Profile of(Bodies b, double[] centre, int bins, double g) {
        AnalysisInput.checkBodies(b);
        AnalysisInput.checkCentre(centre);
        double[] r = radii(b, centre);
        Arrays.sort(r);
        int inner = (int) ((b.n * (long) INNER_PERCENT + 99) / 100) - 1;
        double rMin = r[inner], rMax = r[b.n - 1];
        if (!(rMin > 0 && rMin < rMax)) {
            throw new IllegalArgumentException("no default radial range for the profile: the innermost 1% of the "
                    + b.n + " bodies reach r = " + rMin + " and the farthest r = " + rMax + ", and the range needs"
                    + " 0 < rMin < rMax; give rMin and rMax");
        }
        return of(b, centre, bins, rMin, rMax, g);
    }

    public static Profile of(Bodies b, double[] centre, int bins, double rMin, double rMax, double g) {
        AnalysisInput.checkBodies(b);
        AnalysisInput.checkCentre(centre);
        if (bins < 1) {
            throw new IllegalArgumentException("bins = " + bins + " is not allowed: a profile needs bins >= 1");
        }
        if (!(rMin > 0 && rMin < rMax && Double.isFinite(rMax))) {
            throw new IllegalArgumentException("rMin = " + rMin + ", rMax = " + rMax + " is not allowed: the"
                    + " profile's range needs finite radii with 0 < rMin < rMax");
        }
        if (!(g > 0 && Double.isFinite(g))) {
            throw new IllegalArgumentException("G = " + g + " is not allowed: the gravitational constant must be"
                    + " finite and > 0 (1 in N-body units)");
        }
        double[] edge = edges(bins, rMin, rMax);
        double binsPerLog = bins / Math.log(rMax / rMin);
        double[] r = radii(b, centre);
        int[] bin = new int[b.n];
        int[] count = new int[bins];
        FixedPointSum inside = new FixedPointSum();
        FixedPointSum[] m = FixedPointSum.array(bins), mvx = FixedPointSum.array(bins);
        FixedPointSum[] mvy = FixedPointSum.array(bins), mvz = FixedPointSum.array(bins);
        for (int i = 0; i < b.n; i++) {
            bin[i] = binOf(r[i], edge, binsPerLog);
            int k = bin[i];
            if (k < 0) {
                if (r[i] < rMin) {
                    inside.add(b.mass[i]);
                }
                continue;
            }
            double mi = b.mass[i];
            count[k]++;
            m[k].add(mi);
            mvx[k].add(mi * b.vx[i]);
            mvy[k].add(mi * b.vy[i]);
            mvz[k].add(mi * b.vz[i]);
        }
        double[] mass = new double[bins], vbar = new double[3 * bins];
        for (int k = 0; k < bins; k++) {
            mass[k] = m[k].value();
            vbar[3 * k] = mvx[k].value() / mass[k];
            vbar[3 * k + 1] = mvy[k].value() / mass[k];
            vbar[3 * k + 2] = mvz[k].value() / mass[k];
        }
        FixedPointSum[] radial = FixedPointSum.array(bins), total = FixedPointSum.array(bins);
        for (int i = 0; i < b.n; i++) {
            int k = bin[i];
            if (k < 0) {
                continue;
            }
            double vx = b.vx[i] - vbar[3 * k], vy = b.vy[i] - vbar[3 * k + 1], vz = b.vz[i] - vbar[3 * k + 2];
            double vr = ((b.x[i] - centre[0]) * vx + (b.y[i] - centre[1]) * vy + (b.z[i] - centre[2]) * vz) / r[i];
            radial[k].add(b.mass[i] * vr * vr);
            total[k].add(b.mass[i] * (vx * vx + vy * vy + vz * vz));
        }
        double[] inner = Arrays.copyOf(edge, bins), outer = Arrays.copyOfRange(edge, 1, bins + 1);
        double[] density = new double[bins], enclosed = new double[bins], vCirc = new double[bins];
        double[] sigmaR = new double[bins], sigmaTotal = new double[bins];
        for (int k = 0; k < bins; k++) {
            double ri = inner[k], ro = outer[k];
            density[k] = mass[k] / (DensityCentre.FOUR_THIRDS_PI * (ro * ro * ro - ri * ri * ri));
            inside.addAll(m[k]);
            enclosed[k] = inside.value();
            vCirc[k] = Math.sqrt(g * enclosed[k] / ro);
            sigmaR[k] = Math.sqrt(radial[k].value() / mass[k]);
            sigmaTotal[k] = Math.sqrt(total[k].value() / mass[k]);
        }
        return new Profile(centre.clone(), g, inner, outer, count, mass, density, enclosed, vCirc, sigmaR, sigmaTotal);
    }

    /** The bin edges: {@code bins + 1} radii in geometric progression, exactly rMin and rMax at the ends. */
    static double[] edges(int bins, double rMin, double rMax) {
        double[] edge = new double[bins + 1];
        double step = Math.log(rMax / rMin) / bins;
        for (int i = 1; i < bins; i++) {
            edge[i] = rMin * Math.exp(i * step);
        }
        edge[0] = rMin;
        edge[bins] = rMax;
        return edge;
    }

    /** The bin holding radius r (by the edges themselves, whatever the rounding of the log), or -1 if none. */
    private static int binOf(double r, double[] edge, double binsPerLog) {
        int bins = edge.length - 1;
        if (!(r >= edge[0] && r <= edge[bins])) {
            return -1;
        }
        int k = (int) Math.min(bins - 1, Math.log(r / edge[0]) * binsPerLog);
        while (k > 0 && r < edge[k]) {
            k--;
        }
        while (k < bins - 1 && r >= edge[k + 1]) {
            k++;
        }
        return k;
    }

    private static double[] radii(Bodies b, double[] centre) {
        double[] r = new double[b.n];
        for (int i = 0; i < b.n; i++) {
            double dx = b.x[i] - centre[0], dy = b.y[i] - centre[1], dz = b.z[i] - centre[2];
            r[i] = Math.sqrt(dx * dx + dy * dy + dz * dz);
        }
        return r;
    }
}
