package io.stormsim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class MedianTest {
    @Test
    void middleValueOrMeanOfTheMiddleTwo() {
        assertEquals(3.0, Median.of(5, 3, 1));
        assertEquals(2.5, Median.of(4, 1, 3, 2));
        assertEquals(7.0, Median.of(7));
    }

    @Test
    void leavesItsArgumentAlone() {
        double[] v = {3, 1, 2};
        Median.of(v);
        assertEquals(3.0, v[0]);
    }

    @Test
    void noValuesIsAnError() {
        assertThrows(IllegalArgumentException.class, Median::of);
    }
}
