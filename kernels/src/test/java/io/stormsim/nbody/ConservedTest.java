package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The conserved quantities are the correctly rounded exact sums of their terms (checked against Shewchuk's
 * {@link ExactSum}, an independent exact summation), and parts merged in any order, or carried as partials, give
 * the same bits as one pass.
 */
class ConservedTest {
    private static final int N = 5_000;

    private final Bodies bodies = PlummerSphere.generate(N, 11);
    private final double[] phi = new double[N];

    ConservedTest() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int i = 0; i < N; i++) {
            phi[i] = -1 - 10 * rnd.nextDouble();
        }
    }

    private Conserved over(int from, int to) {
        Conserved c = new Conserved();
        for (int i = from; i < to; i++) {
            c.add(bodies, i, phi[i], i);
        }
        return c;
    }

    @Test
    void eachQuantityIsTheExactSumOfItsTerms() {
        ExactSum[] oracle = new ExactSum[Conserved.QUANTITIES];
        for (int q = 0; q < oracle.length; q++) {
            oracle[q] = new ExactSum();
        }
        ExactSum energy = new ExactSum();
        for (int i = 0; i < N; i++) {
            double m = bodies.mass[i], x = bodies.x[i], y = bodies.y[i], z = bodies.z[i];
            double vx = bodies.vx[i], vy = bodies.vy[i], vz = bodies.vz[i];
            double[] terms = {0.5 * m * (vx * vx + vy * vy + vz * vz), 0.5 * m * phi[i], m * vx, m * vy, m * vz,
                    m * (y * vz - z * vy), m * (z * vx - x * vz), m * (x * vy - y * vx)};
            for (int q = 0; q < terms.length; q++) {
                oracle[q].add(terms[q]);
            }
            energy.add(terms[Conserved.KINETIC]);
            energy.add(terms[Conserved.POTENTIAL]);
        }
        Conserved c = over(0, N);
        for (int q = 0; q < Conserved.QUANTITIES; q++) {
            assertEquals(oracle[q].value(), c.value(q), "quantity " + q);
        }
        assertEquals(energy.value(), c.totalEnergy(), "total energy");
        assertEquals((long) N * (N - 1) / 2, c.interactions);
        assertEquals(N, c.bodies);
    }

    @Test
    void partsMergedInAnyOrderOrCarriedAsPartialsGiveTheSameBits() {
        Conserved whole = over(0, N);
        Conserved merged = over(3_001, N);
        merged.merge(over(0, 1_234));
        merged.merge(Conserved.of(over(1_234, 3_001).partials(), 0, 0));
        for (int q = 0; q < Conserved.QUANTITIES; q++) {
            assertEquals(whole.value(q), merged.value(q), "quantity " + q);
        }
        assertEquals(whole.totalEnergy(), merged.totalEnergy());
        Conserved carried = Conserved.of(whole.partials(), whole.interactions, whole.bodies);
        for (int q = 0; q < Conserved.QUANTITIES; q++) {
            assertEquals(whole.value(q), carried.value(q), "quantity " + q + " through its partials");
        }
        assertEquals(whole.interactions - (long) (3_001 - 1_234) * (1_234 + 3_000) / 2, merged.interactions,
                "the parts carried as partials were given no interactions");
    }
}
