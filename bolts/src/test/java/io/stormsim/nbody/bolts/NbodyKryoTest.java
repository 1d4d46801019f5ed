package io.stormsim.nbody.bolts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.Kryo;
import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.Box;
import io.stormsim.nbody.Conserved;
import io.stormsim.nbody.Octree;
import io.stormsim.nbody.Parameters;
import io.stormsim.nbody.PartitionPhases;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.nbody.RootCell;
import io.stormsim.nbody.TargetRegion;
import io.stormsim.nbody.TreeBuilder;
import io.stormsim.nbody.TreeWalk;
import io.stormsim.run.StepCommand;
import io.stormsim.stream.StreamMessages;
import io.stormsim.wire.Arrays;
import io.stormsim.wire.StormKryo;
import io.stormsim.wire.StreamKryo;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every payload survives Storm's Kryo (configured as the topology configures it) bit for bit. */
class NbodyKryoTest {
    @Test
    void partitionStateAndItsPartsRoundTripExactly() {
        Kryo kryo = StormKryo.with(NbodyKryo.class, StreamKryo.class);
        Bodies bodies = PlummerSphere.generate(500, 3);
        RootCell root = RootCell.around(Box.of(bodies));
        PartitionPhases.KeyedBodies kb = PartitionPhases.KeyedBodies.sort(bodies, root);
        Octree tree = TreeBuilder.build(kb.bodies(), kb.keys(), root, 8, 0.5);
        PartitionState s = new PartitionState(3, kb.bodies());
        s.keys = kb.keys();
        s.root = root;
        s.localTree = tree;
        s.decomposition = PartitionPhases.decompose(List.of(PartitionPhases.histogram(kb, Parameters.of(1, 0.1, 0.5, 0.01))),
                2, Parameters.of(1, 0.1, 0.5, 0.01));
        s.field = TreeWalk.field(tree, 0, new int[] {0}, 0, tree.bodyCount, 0.01, Parameters.DEFAULT_GROUP_SIZE,
                Parameters.DEFAULT_PRECISION);
        s.phaseNanos[3] = 12345;
        s.phaseCpuNanos[3] = 6789;

        PartitionState back = StormKryo.roundTrip(kryo, s);
        assertEquals(3, back.round);
        assertTrue(kb.bodies().sameStateBits(back.bodies));
        assertArrayEquals(kb.bodies().cost, back.bodies.cost);
        assertArrayEquals(s.keys, back.keys);
        assertEquals(root.half, back.root.half);
        assertArrayEquals(java.util.Arrays.copyOf(tree.cell, tree.cellCount * Octree.CELL_STRIDE), back.localTree.cell);
        assertArrayEquals(java.util.Arrays.copyOf(tree.bodyId, tree.bodyCount), back.localTree.bodyId);
        assertArrayEquals(s.decomposition.leafOwner, back.decomposition.leafOwner);
        assertArrayEquals(s.field.ax, back.field.ax);
        assertArrayEquals(s.field.interactions, back.field.interactions);
        assertArrayEquals(s.field.cost, back.field.cost);
        assertArrayEquals(s.phaseNanos, back.phaseNanos);
        assertArrayEquals(s.phaseCpuNanos, back.phaseCpuNanos);

        PartitionState empty = StormKryo.roundTrip(kryo, new PartitionState());
        assertNull(empty.bodies);
        assertNull(empty.localTree);

        Conserved c = new Conserved();
        c.add(bodies, 0, -1.5, 42);
        PartitionReport r = StormKryo.roundTrip(kryo, new PartitionReport(5, c, new long[] {1, 2, 3, 4, 5, 6, 7},
                new long[] {8, 9, 10, 11, 12, 13, 14}, null, null));
        assertEquals(5, r.round);
        assertArrayEquals(new long[] {1, 2, 3, 4, 5, 6, 7}, r.phaseNanos);
        assertArrayEquals(new long[] {8, 9, 10, 11, 12, 13, 14}, r.phaseCpuNanos);
        assertEquals(c.totalEnergy(), r.conserved.totalEnergy());
        assertEquals(42, r.conserved.interactions);
        assertNull(r.finalBodies);
        assertNull(r.sample);
        BodySample sample = BodySample.of(bodies, 3);
        PartitionReport sampled = StormKryo.roundTrip(kryo, new PartitionReport(6, c, new long[7], new long[7], null,
                sample));
        assertArrayEquals(sample.id, sampled.sample.id);
        assertArrayEquals(sample.x, sampled.sample.x);
        assertArrayEquals(sample.y, sampled.sample.y);
        assertArrayEquals(sample.z, sampled.sample.z);

        StreamMessages messages = StormKryo.roundTrip(kryo, new StreamMessages().add("diag", new byte[] {'{', '}'})
                .add("sample", new byte[] {1, 2, 3}));
        assertEquals(List.of("diag", "sample"), messages.topics);
        assertArrayEquals(new byte[] {1, 2, 3}, messages.payloads.get(1));

        TargetRegion region = TargetRegion.of(tree, 1);
        TargetRegion regionBack = StormKryo.roundTrip(kryo, region);
        assertArrayEquals(region.extent.bounds, regionBack.extent.bounds);
        assertEquals(1, regionBack.leaves.length);
        assertArrayEquals(region.leaves[0].bounds, regionBack.leaves[0].bounds);

        StepCommand restore = StormKryo.roundTrip(kryo, new StepCommand(40, StepCommand.Kind.RESTORE));
        assertEquals(40, restore.round);
        assertEquals(StepCommand.Kind.RESTORE, restore.kind);
    }

    @Test
    void withoutTheDecoratorStormRefusesThePayloads() {
        Kryo kryo = StormKryo.with();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> StormKryo.roundTrip(kryo, new PartitionState()));
        assertTrue(e.getMessage().contains("not registered"), e.getMessage());
    }
}
