package io.stormsim.nbody.fof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.nbody.Bodies;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The parameters and the phases' contracts: refused values, one grid for all, small exchanges, bad messages. */
class FofPhasesTest {
    @Test
    void badParametersAreRefusedNamingTheirKey() {
        for (double l : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            refused(() -> FofParameters.absolute(l, 32), "stormsim.fof.linking.length = " + l);
        }
        for (double b : new double[] {0, -0.2, Double.NaN}) {
            refused(() -> FofParameters.relative(b, 32), "stormsim.fof.b = " + b);
        }
        refused(() -> FofParameters.relative(0.2, 1), "stormsim.fof.min.members = 1");
        refused(() -> FofParameters.of(Map.of("stormsim.fof.b", "abc")), "stormsim.fof.b = abc");
        refused(() -> FofParameters.of(Map.of("stormsim.fof.linking.length", "-1")), "stormsim.fof.linking.length = -1");
        refused(() -> FofParameters.of(Map.of("stormsim.fof.min.members", 0)), "stormsim.fof.min.members = 0");
        refused(() -> FofGrid.of(List.of(Census.of(FofSets.uniform(10, 1, 1))), FofParameters.absolute(1e-160, 2)),
                "linking length of 1.0E-160");
        Bodies nan = FofSets.uniform(3, 1, 1);
        nan.y[2] = Double.NaN;
        refused(() -> Census.of(nan), "body " + nan.id[2]);
    }

    private static void refused(Runnable r, String part) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }

    @Test
    void configDefaultsAreGadget4s() {
        FofParameters p = FofParameters.of(Map.of());
        assertEquals(0.2, p.b);
        assertEquals(32, p.minMembers);
        FofParameters q = FofParameters.of(Map.of("stormsim.fof.linking.length", "0.5", "stormsim.fof.b", 0.3,
                "stormsim.fof.min.members", 20));
        assertEquals(0.5, q.linkingLength, "an absolute length, when set, wins over b");
        assertEquals(20, q.minMembers);
        assertEquals(0.3, FofParameters.of(Map.of("stormsim.fof.linking.length", 0, "stormsim.fof.b", 0.3)).b,
                "a linking length of 0 leaves it to b");
    }

    @Test
    void everyPartitionDerivesTheSameGridWhateverTheOrderOfTheCensuses() {
        Bodies all = FofSets.uniform(1000, 3, 5);
        List<Census> censuses = new ArrayList<>();
        for (Bodies part : FofSets.random(all, 4, 2)) {
            censuses.add(Census.of(part));
        }
        censuses.add(Census.of(new Bodies(0)));
        FofGrid grid = FofGrid.of(censuses, FofParameters.relative(0.2, 2));
        Collections.reverse(censuses);
        FofGrid reversed = FofGrid.of(censuses, FofParameters.relative(0.2, 2));
        assertEquals(grid.l, reversed.l);
        assertEquals(grid.w, reversed.w);
        assertEquals(grid.minX, reversed.minX);
        assertEquals(1000, grid.count);
        assertEquals(FofGrid.of(List.of(Census.of(all)), FofParameters.relative(0.2, 2)).l, grid.l);
    }

    @Test
    void compactPartitionsSendOnlyTheBodiesNearTheirNeighbours() {
        Bodies all = FofSets.uniform(20000, 1, 8);
        List<Bodies> parts = FofSets.spatial(all, 4);
        FofParameters params = FofParameters.relative(0.2, 2);
        List<Census> censuses = parts.stream().map(Census::of).toList();
        FofGrid grid = FofGrid.of(censuses, params);
        List<LocalGroups> local = new ArrayList<>();
        for (int p = 0; p < 4; p++) {
            local.add(LocalGroups.link(p, parts.get(p), grid));
        }
        int sent = 0;
        for (int p = 0; p < 4; p++) {
            for (int q = 0; q < 4; q++) {
                if (!Boundary.flows(p, q)) {
                    continue;
                }
                Boundary b = Boundary.of(local.get(p), local.get(q).occupiedCells());
                double[] box = censuses.get(q).bounds;
                for (int i = 0; i < b.size(); i++) {
                    double gap = Math.max(box[0] - b.x[i], b.x[i] - box[3]);
                    assertTrue(gap <= 4 * grid.w, "a body " + gap + " from the receiver's box was sent");
                }
                assertEquals(Math.abs(p - q) > 1, b.size() == 0, p + " to " + q);
                sent += b.size();
            }
        }
        assertTrue(sent > 0 && sent < all.n / 10, sent + " bodies sent");
    }

    @Test
    void messagesThatDoNotFitAreRefused() {
        Bodies all = FofSets.uniform(200, 1, 3);
        List<Bodies> parts = FofSets.spatial(all, 2);
        FofGrid grid = FofGrid.of(parts.stream().map(Census::of).toList(), FofParameters.absolute(0.2, 2));
        LocalGroups a = LocalGroups.link(0, parts.get(0), grid), b = LocalGroups.link(1, parts.get(1), grid);
        Boundary fromB = Boundary.of(b, a.occupiedCells());
        refused(() -> CrossLinks.find(b, List.of(fromB)), "received a boundary from partition 1, itself");
        refused(() -> CrossLinks.find(a, List.of(fromB, fromB)), "from partition 1 twice");
        CrossLinks links = CrossLinks.find(a, List.of(fromB));
        assertTrue(links.links() > 0);
        CrossLinks lying = new CrossLinks(0, links.group, links.size.clone(), links.other, links.otherGroup,
                links.otherSize);
        lying.size[0]++;
        refused(() -> GroupMerge.select(List.of(links, lying), 2, 2), "is said to have");
        refused(() -> GroupMerge.select(List.of(links), 1, 2), "there are 1 partitions");
        refused(() -> GroupPieces.of(a, new Selection(new int[] {a.groups()}, new long[] {-1}), 2),
                "it has " + a.groups());
    }
}
