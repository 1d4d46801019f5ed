package io.stormsim.water;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PortableExpTest {

    @Test
    void withinOneUlpOfStrictMathOverThePairArgumentsAndBeyond() {
        SplittableRandom r = new SplittableRandom(7);
        int exact = 0, n = 400_000;
        for (int i = 0; i < n; i++) {
            // The pair loop's arguments are -B r, within [-57, 0]; the rest of the fast range too.
            double x = i % 2 == 0 ? r.nextDouble(-60.0, 0.0) : r.nextDouble(-700.0, 700.0);
            double expected = StrictMath.exp(x), actual = PortableExp.exp(x);
            assertTrue(Math.abs(actual - expected) <= Math.ulp(expected), "exp(" + x + ") = " + actual
                    + ", StrictMath " + expected);
            exact += actual == expected ? 1 : 0;
        }
        assertTrue(exact > 0.8 * n, exact + " of " + n + " equal to StrictMath");
    }

    @Test
    void exactPointsAndTheFallbackRange() {
        assertEquals(1.0, PortableExp.exp(0.0));
        assertEquals(1.0, PortableExp.exp(-0.0));
        assertTrue(Double.isNaN(PortableExp.exp(Double.NaN)));
        assertEquals(0.0, PortableExp.exp(Double.NEGATIVE_INFINITY));
        assertEquals(Double.POSITIVE_INFINITY, PortableExp.exp(Double.POSITIVE_INFINITY));
        assertEquals(StrictMath.exp(-745.0), PortableExp.exp(-745.0));
        assertEquals(StrictMath.exp(709.5), PortableExp.exp(709.5));
    }
}
