package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ExactSum returns the exact sum correctly rounded, whatever the order of the terms and however they
 * were split among partitions. The reference is BigDecimal: {@code new BigDecimal(double)} and
 * {@code add} are exact, and {@code doubleValue} rounds once, to nearest even. (Summing in
 * MathContext.DECIMAL128 would round at 34 digits, too few for terms spanning 40 orders of magnitude.)
 * assertEquals on doubles compares bits, so every check below is bit-exact.
 */
class ExactSumTest {

    private static double exactSum(double[] terms) {
        BigDecimal sum = BigDecimal.ZERO;
        for (double t : terms) {
            sum = sum.add(new BigDecimal(t));
        }
        return sum.doubleValue();
    }

    private static double sumOf(double[] terms) {
        ExactSum s = new ExactSum();
        s.addAll(terms);
        return s.value();
    }

    /** Terms of magnitude 1e-20..1e20 (log-uniform), both signs. */
    private static double[] mixedTerms(SplittableRandom rnd, int n) {
        double[] t = new double[n];
        for (int i = 0; i < n; i++) {
            double magnitude = Math.pow(10, rnd.nextDouble(-20, 20));
            t[i] = rnd.nextBoolean() ? magnitude : -magnitude;
        }
        return t;
    }

    /**
     * Terms that cancel down to a small remainder: each large term is followed later by its negation, so
     * the exact sum is set by the small terms and naive summation loses it entirely.
     */
    private static double[] cancellingTerms(SplittableRandom rnd, int n) {
        double[] t = mixedTerms(rnd, n);
        for (int i = 0; i + 1 < n; i += 4) {
            t[i + 1] = -t[i] * (1 + 0x1p-52 * rnd.nextInt(1, 8));
        }
        shuffle(t, rnd);
        return t;
    }

    private static void shuffle(double[] t, SplittableRandom rnd) {
        for (int i = t.length - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            double x = t[i];
            t[i] = t[j];
            t[j] = x;
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void valueIsTheCorrectlyRoundedExactSum(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] mixed = mixedTerms(rnd, 1 + rnd.nextInt(2000));
        assertEquals(exactSum(mixed), sumOf(mixed));
        double[] cancelling = cancellingTerms(rnd, 1 + rnd.nextInt(2000));
        assertEquals(exactSum(cancelling), sumOf(cancelling));
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {11, 12, 13, 14})
    void valueDoesNotDependOnOrderOrSplit(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] terms = cancellingTerms(rnd, 3000);
        double expected = exactSum(terms);
        for (int trial = 0; trial < 10; trial++) {
            shuffle(terms, rnd);
            assertEquals(expected, sumOf(terms), "shuffled order");

            // Split into parts, as partitions would, and merge their partials in a random order.
            int parts = 1 + rnd.nextInt(8);
            List<ExactSum> sums = new ArrayList<>();
            for (int p = 0; p < parts; p++) {
                sums.add(new ExactSum());
            }
            for (double t : terms) {
                sums.get(rnd.nextInt(parts)).add(t);
            }
            int firstPart = rnd.nextInt(parts);
            ExactSum merged = ExactSum.ofPartials(sums.get(firstPart).partials());
            for (int p = 0; p < parts; p++) {
                if (p != firstPart) {
                    merged.addAll(sums.get(p).partials());
                }
            }
            assertEquals(expected, merged.value(), parts + " parts merged");
        }
        // The check has teeth only if summing in a different order naively gives another answer.
        double naive = 0;
        for (double t : terms) {
            naive += t;
        }
        assertNotEquals(expected, naive, "naive summation happened to be exact");
    }

    @Test
    void cancellationKeepsTheSmallTerm() {
        double naive = 1e16 + 1.0 - 1e16;
        assertEquals(0.0, naive, "the naive sum loses the 1 (1e16 + 1 rounds to 1e16)");
        assertEquals(1.0, sumOf(new double[] {1e16, 1.0, -1e16}));
    }

    @Test
    void emptySumIsZero() {
        assertEquals(0.0, new ExactSum().value());
        assertEquals(0.0, ExactSum.ofPartials(new double[0]).value());
    }

    /**
     * Cases from CPython's test_fsum: exact ties and near-ties, where a sum of the partials rounded
     * once too often lands on the wrong neighbour, and a long run that makes the partials array grow.
     */
    static Stream<Arguments> hardCases() {
        List<Double> growth = new ArrayList<>();
        for (int n = -1074; n < 972; n += 2) {
            growth.add(Math.scalb(1.0, n) - Math.scalb(1.0, n + 50) + Math.scalb(1.0, n + 52));
        }
        growth.add(-Math.scalb(1.0, 1022));
        double[] harmonic = new double[1000];
        double[] alternating = new double[1000];
        for (int n = 1; n <= 1000; n++) {
            harmonic[n - 1] = 1.0 / n;
            alternating[n - 1] = (n % 2 == 0 ? 1.0 : -1.0) / n;
        }
        return Stream.of(
                Arguments.of("1e100 cancels to 1e-100", new double[] {1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50},
                        1e-100),
                Arguments.of("2^53 - 0.5 - 2^-54", new double[] {0x1p53, -0.5, -0x1p-54}, 0x1p53 - 1.0),
                Arguments.of("2^53 + 1 + 2^-100 (tie broken up)", new double[] {0x1p53, 1.0, 0x1p-100}, 0x1p53 + 2.0),
                Arguments.of("2^53 + 10 + 1 + 2^-100", new double[] {0x1p53 + 10.0, 1.0, 0x1p-100}, 0x1p53 + 12.0),
                Arguments.of("2^53 - 4 + 0.5 + 2^-54", new double[] {0x1p53 - 4.0, 0.5, 0x1p-54}, 0x1p53 - 3.0),
                Arguments.of("1e16 + 1 + 1e-16", new double[] {1e16, 1.0, 1e-16}, 10000000000000002.0),
                Arguments.of("1e16 + 1 (exact tie, to even)", new double[] {1e16, 1.0}, 1e16),
                Arguments.of("pairs cancelling to zero",
                        new double[] {1e16 - 2.0, 1.0 - 0x1p-53, -(1e16 - 2.0), -(1.0 - 0x1p-53)}, 0.0),
                Arguments.of("harmonic 1..1000", harmonic, Double.parseDouble("0x1.df11f45f4e61ap+2")),
                Arguments.of("alternating harmonic", alternating, Double.parseDouble("-0x1.62a2af1bd3624p-1")),
                Arguments.of("partials growth", growth.stream().mapToDouble(Double::doubleValue).toArray(),
                        Double.parseDouble("0x1.5555555555555p+970")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hardCases")
    void hardCasesAreRoundedCorrectly(String name, double[] terms, double expected) {
        assertEquals(expected, exactSum(terms), "the BigDecimal reference itself");
        assertEquals(expected, sumOf(terms));
    }
}
