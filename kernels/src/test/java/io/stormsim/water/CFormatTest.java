package io.stormsim.water;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CFormatTest {

    @Test
    void roundsTheExactBinaryValueTiesToEvenAsGlibc() {
        // 2.675 is 2.67499999999999982236431605997495353221893310546875: C prints 2.67 (Java's %.2f, 2.68).
        assertEquals("2.67", CFormat.fixed(2.675, 1, 2));
        // 0.125 is an exact tie: to even.
        assertEquals("0.12", CFormat.fixed(0.125, 1, 2));
        assertEquals("0.38", CFormat.fixed(0.375, 1, 2));
        assertEquals("      10.026", CFormat.fixed(10.026308727841169, 12, 3));
        assertEquals("      -2.12451", CFormat.fixed(-2.1245105638573532, 14, 5));
    }

    @Test
    void signsOfZeroAndSpecialValues() {
        assertEquals("-0.00000", CFormat.fixed(-0.0, 1, 5));
        assertEquals("-0.00000", CFormat.fixed(-1e-9, 1, 5));
        assertEquals(" 0.00000", CFormat.fixed(1e-9, 8, 5));
        assertEquals("   nan", CFormat.fixed(Double.NaN, 6, 5));
        assertEquals("-inf", CFormat.fixed(Double.NEGATIVE_INFINITY, 1, 5));
        assertEquals("   12", CFormat.integer(12, 5));
        assertEquals("123456", CFormat.integer(123456, 5));
    }
}
