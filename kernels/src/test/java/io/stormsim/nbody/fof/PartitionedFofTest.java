package io.stormsim.nbody.fof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.nbody.Bodies;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The partitioned phases give the brute-force oracle's groups ({@link BruteForceFof}), with exact sums, at 1, 2,
 * 3 and 5 partitions, split by x (compact partitions) or at random (every partition everywhere), and the same
 * catalogue bits for every split; degenerate sets and the inclusive linking length.
 */
class PartitionedFofTest {
    private static final int[] PARTITIONS = {1, 2, 3, 5};

    static Stream<Arguments> sets() {
        double[][] centres = {{0.5, 0.5, 0.5}, {0.6, 0.5, 0.5}, {0.5, 0.62, 0.5}, {0.9, 0.9, 0.4}, {0.2, 0.8, 0.8},
                {0.95, 0.3, 0.3}};
        return Stream.of(
                Arguments.of("Plummer clumps a few l apart in a field",
                        FofSets.clumps(new int[] {200, 150, 120, 80, 60, 40}, 0.02, centres, 400, 1.2, 5),
                        FofParameters.absolute(0.02, 10)),
                Arguments.of("chains zigzagging across the partitions",
                        FofSets.zigzags(3, 300, 0.1, 0.03, 1, 7), FofParameters.absolute(0.1, 5)),
                Arguments.of("a filament", FofSets.filament(2000, 0.01, 9), FofParameters.absolute(0.03, 8)),
                Arguments.of("uniform, b = 0.2", FofSets.uniform(2000, 1, 11), FofParameters.relative(0.2, 2)),
                Arguments.of("uniform, b = 1 (percolating)", FofSets.uniform(1500, 1, 13),
                        FofParameters.relative(1, 32)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sets")
    void everySplitGivesTheOraclesGroupsAndTheSameBits(String name, Bodies all, FofParameters params) {
        List<long[]> expected = BruteForceFof.groups(all, linkingLength(all, params), params.minMembers);
        assertTrue(expected.size() >= 1, "the set has groups");
        Catalogue reference = PartitionedFof.run(List.of(all), params);
        BruteForceFof.check(expected, all, reference);
        for (int p : PARTITIONS) {
            List<List<Bodies>> splits = List.of(FofSets.spatial(all, p), FofSets.random(all, p, 1),
                    FofSets.random(all, p, 2));
            for (List<Bodies> split : splits) {
                Catalogue c = PartitionedFof.run(split, params);
                assertTrue(reference.sameBits(c), name + ": the catalogue of a split into " + p + " differs");
            }
        }
        assertTrue(spanning(expected, FofSets.spatial(all, 5)) > 0, "some group spans partitions split by x");
    }

    /** The oracle's own linking length: b (V / N)^(1/3) of the bounding box, or the absolute one. */
    private static double linkingLength(Bodies b, FofParameters params) {
        if (!params.isRelative()) {
            return params.linkingLength;
        }
        double[] min = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        double[] max = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int i = 0; i < b.n; i++) {
            double[] p = {b.x[i], b.y[i], b.z[i]};
            for (int a = 0; a < 3; a++) {
                min[a] = Math.min(min[a], p[a]);
                max[a] = Math.max(max[a], p[a]);
            }
        }
        double volume = (max[0] - min[0]) * (max[1] - min[1]) * (max[2] - min[2]);
        return params.b * StrictMath.cbrt(volume / b.n);
    }

    private static int spanning(List<long[]> groups, List<Bodies> parts) {
        int spanning = 0;
        for (long[] g : groups) {
            Set<Integer> in = new HashSet<>();
            for (long id : g) {
                for (int p = 0; p < parts.size(); p++) {
                    for (long other : parts.get(p).id) {
                        if (other == id) {
                            in.add(p);
                        }
                    }
                }
            }
            spanning += in.size() > 1 ? 1 : 0;
        }
        return spanning;
    }

    @Test
    void minimumMembersDropsSmallerGroupsWhereverTheyAreCut() {
        int[] sizes = {10, 31, 32, 33, 100};
        double[][] centres = new double[sizes.length][];
        for (int k = 0; k < sizes.length; k++) {
            centres[k] = new double[] {k, 0, 0};
        }
        Bodies all = FofSets.clumps(sizes, 0.001, centres, 0, 0, 3);
        for (int min : new int[] {2, 31, 32, 33, 100, 101}) {
            FofParameters params = FofParameters.absolute(0.5, min);
            List<long[]> expected = BruteForceFof.groups(all, 0.5, min);
            for (int p : PARTITIONS) {
                BruteForceFof.check(expected, all, PartitionedFof.run(FofSets.random(all, p, p), params));
                BruteForceFof.check(expected, all, PartitionedFof.run(FofSets.spatial(all, p), params));
            }
            long kept = java.util.Arrays.stream(sizes).filter(s -> s >= min).count();
            assertEquals(kept, expected.size(), "groups of at least " + min);
        }
    }

    @Test
    void bodiesExactlyTheLinkingLengthApartLinkAndOneUlpFartherDoNot() {
        double[] x = new double[40], y = new double[40], z = new double[40];
        for (int i = 0; i < 20; i++) {
            x[i] = 0.5 * i;
        }
        for (int i = 20; i < 40; i++) {
            x[i] = 0.375 * (i - 20);
            y[i] = 100 + 0.5 * (i - 20);
        }
        Bodies all = FofSets.of(x, y, z, 1);
        List<long[]> expected = BruteForceFof.groups(all, 0.625, 2);
        assertEquals(2, expected.size(), "the line 0.5 apart and the diagonal steps exactly 0.625 long");
        assertEquals(20, expected.get(0).length);
        for (int p : PARTITIONS) {
            BruteForceFof.check(expected, all, PartitionedFof.run(FofSets.random(all, p, 5), FofParameters.absolute(
                    0.625, 2)));
            assertEquals(1, PartitionedFof.run(FofSets.spatial(all, p), FofParameters.absolute(0.5, 2)).groups(),
                    "the line alone at l = 0.5");
            assertEquals(0, PartitionedFof.run(FofSets.spatial(all, p), FofParameters.absolute(
                    Math.nextDown(0.5), 2)).groups(), "nothing an ulp short of 0.5");
        }
    }

    @Test
    void degenerateSets() {
        Bodies dense = FofSets.uniform(500, 1, 21);
        List<long[]> one = BruteForceFof.groups(dense, 10, 32);
        assertEquals(1, one.size());
        Bodies sparse = FofSets.uniform(500, 1, 22);
        Bodies single = FofSets.uniform(1, 1, 23);
        for (int p : PARTITIONS) {
            BruteForceFof.check(one, dense, PartitionedFof.run(FofSets.random(dense, p, 3), FofParameters.absolute(10, 32)));
            assertEquals(0, PartitionedFof.run(FofSets.random(sparse, p, 3), FofParameters.absolute(1e-4, 2)).groups());
            Catalogue none = PartitionedFof.run(FofSets.random(single, p, 3), FofParameters.absolute(1, 2));
            assertEquals(0, none.groups());
            assertEquals(0, none.ids.length);
        }
        Catalogue empty = PartitionedFof.run(List.of(new Bodies(0), new Bodies(0)), FofParameters.absolute(1, 2));
        assertEquals(0, empty.groups());
    }

    @Test
    void aRelativeLengthNeedsABoxWithVolume() {
        for (Bodies b : List.of(FofSets.uniform(1, 1, 1), new Bodies(0),
                FofSets.of(new double[] {0, 1, 2}, new double[] {0, 1, 2}, new double[3], 1))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> PartitionedFof.run(List.of(b), FofParameters.relative(0.2, 2)));
            assertTrue(e.getMessage().contains("stormsim.fof.b = 0.2") && e.getMessage().contains("stormsim.fof.linking.length"),
                    e.getMessage());
        }
    }

    @Test
    void aFarOutlierWidensTheCellsAndTheGroupsStayExact() {
        Bodies near = FofSets.clumps(new int[] {300, 200}, 0.01, new double[][] {{0, 0, 0}, {0.06, 0, 0}}, 100, 0.2, 4);
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < near.n; i++) {
            points.add(new double[] {near.x[i], near.y[i], near.z[i]});
        }
        points.add(new double[] {1e9, 0, 0});
        points.add(new double[] {1e9 + 0.01, 0, 0});
        Bodies all = FofSets.ofPoints(points, 4);
        FofParameters params = FofParameters.absolute(0.01, 2);
        List<long[]> expected = BruteForceFof.groups(all, 0.01, 2);
        for (int p : PARTITIONS) {
            BruteForceFof.check(expected, all, PartitionedFof.run(FofSets.random(all, p, 8), params));
        }
    }

    @Test
    void farFromTheOriginWhereAnUlpIsAQuarterOfTheLinkingLength() {
        double base = 0x1p50;
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            points.add(new double[] {base + 0.25 * i, base, base});
            points.add(new double[] {base + 0.5 * i, base + 4, base});
        }
        Bodies all = FofSets.ofPoints(points, 6);
        for (double l : new double[] {0.25, 0.5, 1}) {
            List<long[]> expected = BruteForceFof.groups(all, l, 2);
            for (int p : PARTITIONS) {
                BruteForceFof.check(expected, all, PartitionedFof.run(FofSets.random(all, p, 9), FofParameters.absolute(
                        l, 2)));
            }
        }
    }

    @Test
    void eachPairOfPartitionsExchangesOneWayAndTheWorkIsShared() {
        for (int partitions = 1; partitions <= 9; partitions++) {
            for (int a = 0; a < partitions; a++) {
                int sends = 0;
                for (int b = 0; b < partitions; b++) {
                    if (a != b) {
                        assertTrue(Boundary.flows(a, b) != Boundary.flows(b, a), a + " and " + b);
                    }
                    sends += Boundary.flows(a, b) ? 1 : 0;
                }
                assertTrue(Math.abs(2 * sends - (partitions - 1)) <= 1, a + " sends to " + sends + " of " + partitions);
            }
        }
    }
}
