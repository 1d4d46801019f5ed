package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.stormsim.nbody.ExactSum;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The fixed-point sum gives ExactSum's bits (the correctly rounded exact sum) over the whole range of doubles. */
class FixedPointSumTest {
    private static void assertSameAsExactSum(double[] terms, String what) {
        ExactSum exact = new ExactSum();
        FixedPointSum fixed = new FixedPointSum();
        for (double t : terms) {
            exact.add(t);
            fixed.add(t);
        }
        assertEquals(exact.value(), fixed.value(), what);
        FixedPointSum halves = new FixedPointSum(), rest = new FixedPointSum();
        for (int i = terms.length - 1; i >= 0; i--) {
            (i % 2 == 0 ? halves : rest).add(terms[i]);
        }
        halves.addAll(rest);
        assertEquals(exact.value(), halves.value(), what + ", summed in two parts in reverse");
    }

    @Test
    void randomTermsOfEveryMagnitudeAndSign() {
        SplittableRandom rnd = new SplittableRandom(1);
        for (int trial = 0; trial < 300; trial++) {
            int span = 1 + rnd.nextInt(2000);
            int low = -1074 + rnd.nextInt(2098 - Math.min(span, 2097));
            double[] terms = new double[1 + rnd.nextInt(500)];
            for (int i = 0; i < terms.length; i++) {
                double t = Math.scalb(rnd.nextDouble(), low + rnd.nextInt(span));
                terms[i] = rnd.nextBoolean() ? -t : t;
            }
            assertSameAsExactSum(terms, "trial " + trial);
        }
    }

    @Test
    void cancellationSubnormalsAndExtremes() {
        assertSameAsExactSum(new double[] {1e300, 1.0, -1e300}, "cancellation to 1");
        assertSameAsExactSum(new double[] {Double.MIN_VALUE, Double.MIN_VALUE, -Double.MIN_NORMAL}, "subnormals");
        assertSameAsExactSum(new double[] {Double.MAX_VALUE, -Double.MAX_VALUE, Double.MAX_VALUE}, "the largest");
        assertSameAsExactSum(new double[] {-1, -2, 0.5}, "a negative sum");
        assertSameAsExactSum(new double[] {0x1p53, 1, 0x1p-60}, "a tie broken by a small term");
        assertSameAsExactSum(new double[] {0x1p53, 1}, "a tie to even");
        assertEquals(Double.NEGATIVE_INFINITY, sum(1, Double.NEGATIVE_INFINITY));
        assertEquals(Double.NaN, sum(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY));
        assertEquals(0.0, sum(-0.0, -0.0), "an empty sum is +0.0");
    }

    private static double sum(double... terms) {
        FixedPointSum s = new FixedPointSum();
        for (double t : terms) {
            s.add(t);
        }
        return s.value();
    }

    @Test
    void clearStartsAgainFromZero() {
        FixedPointSum s = new FixedPointSum();
        s.add(3);
        s.add(Double.NaN);
        s.clear();
        s.add(0.25);
        assertEquals(0.25, s.value());
    }
}
