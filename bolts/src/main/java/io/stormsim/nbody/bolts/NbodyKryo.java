package io.stormsim.nbody.bolts;

import static io.stormsim.wire.Arrays.*;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.Box;
import io.stormsim.nbody.Conserved;
import io.stormsim.nbody.CostHistogram;
import io.stormsim.nbody.Decomposition;
import io.stormsim.nbody.Gravity;
import io.stormsim.nbody.Octree;
import io.stormsim.nbody.RootCell;
import io.stormsim.nbody.TargetRegion;
import io.stormsim.run.StepCommand;
import io.stormsim.wire.StepCommandSerializer;
import org.apache.storm.serialization.IKryoDecorator;

/**
 * Registers Kryo serializers for every payload of the Barnes-Hut topology. Bulk data is written as
 * primitive arrays. Named once in the topology config ({@code topology.kryo.decorators}); with
 * {@code topology.fall.back.on.java.serialization: false} a missing one fails loudly.
 */
public class NbodyKryo implements IKryoDecorator {
    @Override
    public void decorate(Kryo k) {
        k.register(StepCommand.class, new StepCommandSerializer());
        k.register(Box.class, new BoxSerializer());
        k.register(TargetRegion.class, new TargetRegionSerializer());
        k.register(Bodies.class, new BodiesSerializer());
        k.register(RootCell.class, new RootCellSerializer());
        k.register(CostHistogram.class, new CostHistogramSerializer());
        k.register(Decomposition.class, new DecompositionSerializer());
        k.register(Octree.class, new OctreeSerializer());
        k.register(Gravity.Field.class, new FieldSerializer());
        k.register(Conserved.class, new ConservedSerializer());
        k.register(PartitionState.class, new PartitionStateSerializer());
        k.register(PartitionReport.class, new PartitionReportSerializer());
        k.register(BodySample.class, new BodySampleSerializer());
        k.register(AnalysisBodies.class, new AnalysisBodiesSerializer());
    }

    static final class AnalysisBodiesSerializer extends Serializer<AnalysisBodies> {
        @Override
        public void write(Kryo kryo, Output out, AnalysisBodies a) {
            out.writeLong(a.round);
            out.writeDouble(a.time);
            kryo.writeObject(out, a.bodies);
            kryo.writeObject(out, a.conserved);
            kryo.writeObject(out, a.box);
            out.writeLong(a.totalBodies);
        }

        @Override
        public AnalysisBodies read(Kryo kryo, Input in, Class<? extends AnalysisBodies> type) {
            return new AnalysisBodies(in.readLong(), in.readDouble(), kryo.readObject(in, Bodies.class),
                    kryo.readObject(in, Conserved.class), kryo.readObject(in, Box.class), in.readLong());
        }
    }

    static final class BoxSerializer extends Serializer<Box> {
        @Override
        public void write(Kryo kryo, Output out, Box b) {
            out.writeDoubles(b.bounds, 0, 6);
        }

        @Override
        public Box read(Kryo kryo, Input in, Class<? extends Box> type) {
            return Box.of(in.readDoubles(6));
        }
    }

    static final class TargetRegionSerializer extends Serializer<TargetRegion> {
        @Override
        public void write(Kryo kryo, Output out, TargetRegion r) {
            out.writeDoubles(r.extent.bounds, 0, 6);
            out.writeInt(r.leaves.length, true);
            for (Box leaf : r.leaves) {
                out.writeDoubles(leaf.bounds, 0, 6);
            }
        }

        @Override
        public TargetRegion read(Kryo kryo, Input in, Class<? extends TargetRegion> type) {
            Box extent = Box.of(in.readDoubles(6));
            Box[] leaves = new Box[in.readInt(true)];
            for (int i = 0; i < leaves.length; i++) {
                leaves[i] = Box.of(in.readDoubles(6));
            }
            return new TargetRegion(extent, leaves);
        }
    }

    static final class BodiesSerializer extends Serializer<Bodies> {
        @Override
        public void write(Kryo kryo, Output out, Bodies b) {
            out.writeInt(b.n, true);
            writeLongs(out, b.id, b.n);
            for (double[] a : new double[][] {b.mass, b.x, b.y, b.z, b.vx, b.vy, b.vz}) {
                writeDoubles(out, a, b.n);
            }
            writeLongs(out, b.cost, b.n);
        }

        @Override
        public Bodies read(Kryo kryo, Input in, Class<? extends Bodies> type) {
            return new Bodies(in.readInt(true), readLongs(in), readDoubles(in), readDoubles(in), readDoubles(in),
                    readDoubles(in), readDoubles(in), readDoubles(in), readDoubles(in), readLongs(in));
        }
    }

    static final class RootCellSerializer extends Serializer<RootCell> {
        @Override
        public void write(Kryo kryo, Output out, RootCell r) {
            out.writeDouble(r.centerX);
            out.writeDouble(r.centerY);
            out.writeDouble(r.centerZ);
            out.writeDouble(r.half);
        }

        @Override
        public RootCell read(Kryo kryo, Input in, Class<? extends RootCell> type) {
            return new RootCell(in.readDouble(), in.readDouble(), in.readDouble(), in.readDouble());
        }
    }

    static final class CostHistogramSerializer extends Serializer<CostHistogram> {
        @Override
        public void write(Kryo kryo, Output out, CostHistogram h) {
            out.writeInt(h.level, true);
            writeLongs(out, h.bin, h.size);
            writeLongs(out, h.count, h.size);
            writeLongs(out, h.cost, h.size);
        }

        @Override
        public CostHistogram read(Kryo kryo, Input in, Class<? extends CostHistogram> type) {
            int level = in.readInt(true);
            long[] bin = readLongs(in);
            return new CostHistogram(level, bin.length, bin, readLongs(in), readLongs(in));
        }
    }

    static final class DecompositionSerializer extends Serializer<Decomposition> {
        @Override
        public void write(Kryo kryo, Output out, Decomposition d) {
            out.writeInt(d.partitions, true);
            out.writeLong(d.bodies);
            writeInts(out, d.level, d.cellCount);
            writeLongs(out, d.prefix, d.cellCount);
            writeInts(out, d.firstChild, d.cellCount);
            writeInts(out, d.childCount, d.cellCount);
            writeInts(out, d.leafCell, d.leafCell.length);
            writeInts(out, d.leafOwner, d.leafOwner.length);
            writeLongs(out, d.leafCost, d.leafCost.length);
        }

        @Override
        public Decomposition read(Kryo kryo, Input in, Class<? extends Decomposition> type) {
            int partitions = in.readInt(true);
            long bodies = in.readLong();
            int[] level = readInts(in);
            return new Decomposition(partitions, bodies, level.length, level, readLongs(in), readInts(in), readInts(in),
                    readInts(in), readInts(in), readLongs(in));
        }
    }

    static final class OctreeSerializer extends Serializer<Octree> {
        @Override
        public void write(Kryo kryo, Output out, Octree t) {
            writeDoubles(out, t.cell, t.cellCount * Octree.CELL_STRIDE);
            writeInts(out, t.link, t.cellCount * Octree.LINK_STRIDE);
            writeDoubles(out, t.body, t.bodyCount * Octree.BODY_STRIDE);
            writeLongs(out, t.bodyId, t.bodyCount);
        }

        @Override
        public Octree read(Kryo kryo, Input in, Class<? extends Octree> type) {
            double[] cell = readDoubles(in);
            int[] link = readInts(in);
            double[] body = readDoubles(in);
            long[] ids = readLongs(in);
            return new Octree(cell.length / Octree.CELL_STRIDE, cell, link, ids.length, body, ids);
        }
    }

    static final class FieldSerializer extends Serializer<Gravity.Field> {
        @Override
        public void write(Kryo kryo, Output out, Gravity.Field f) {
            int n = f.ax.length;
            for (double[] a : new double[][] {f.ax, f.ay, f.az, f.potential}) {
                writeDoubles(out, a, n);
            }
            writeLongs(out, f.interactions, n);
            writeLongs(out, f.cost, n);
        }

        @Override
        public Gravity.Field read(Kryo kryo, Input in, Class<? extends Gravity.Field> type) {
            return new Gravity.Field(readDoubles(in), readDoubles(in), readDoubles(in), readDoubles(in), readLongs(in),
                    readLongs(in));
        }
    }

    static final class ConservedSerializer extends Serializer<Conserved> {
        @Override
        public void write(Kryo kryo, Output out, Conserved c) {
            for (double[] p : c.partials()) {
                writeDoubles(out, p, p.length);
            }
            out.writeLong(c.interactions);
            out.writeLong(c.bodies);
        }

        @Override
        public Conserved read(Kryo kryo, Input in, Class<? extends Conserved> type) {
            double[][] partials = new double[Conserved.QUANTITIES][];
            for (int q = 0; q < partials.length; q++) {
                partials[q] = readDoubles(in);
            }
            return Conserved.of(partials, in.readLong(), in.readLong());
        }
    }

    static final class PartitionStateSerializer extends Serializer<PartitionState> {
        @Override
        public void write(Kryo kryo, Output out, PartitionState s) {
            out.writeLong(s.round);
            kryo.writeObjectOrNull(out, s.bodies, Bodies.class);
            out.writeBoolean(s.keys != null);
            if (s.keys != null) {
                writeLongs(out, s.keys, s.keys.length);
            }
            kryo.writeObjectOrNull(out, s.box, Box.class);
            kryo.writeObjectOrNull(out, s.root, RootCell.class);
            kryo.writeObjectOrNull(out, s.decomposition, Decomposition.class);
            kryo.writeObjectOrNull(out, s.localTree, Octree.class);
            kryo.writeObjectOrNull(out, s.field, Gravity.Field.class);
            writeLongs(out, s.phaseNanos, s.phaseNanos.length);
            writeLongs(out, s.phaseCpuNanos, s.phaseCpuNanos.length);
        }

        @Override
        public PartitionState read(Kryo kryo, Input in, Class<? extends PartitionState> type) {
            PartitionState s = new PartitionState();
            s.round = in.readLong();
            s.bodies = kryo.readObjectOrNull(in, Bodies.class);
            s.keys = in.readBoolean() ? readLongs(in) : null;
            s.box = kryo.readObjectOrNull(in, Box.class);
            s.root = kryo.readObjectOrNull(in, RootCell.class);
            s.decomposition = kryo.readObjectOrNull(in, Decomposition.class);
            s.localTree = kryo.readObjectOrNull(in, Octree.class);
            s.field = kryo.readObjectOrNull(in, Gravity.Field.class);
            s.phaseNanos = readLongs(in);
            s.phaseCpuNanos = readLongs(in);
            return s;
        }
    }

    static final class PartitionReportSerializer extends Serializer<PartitionReport> {
        @Override
        public void write(Kryo kryo, Output out, PartitionReport r) {
            out.writeLong(r.round);
            kryo.writeObject(out, r.conserved);
            writeLongs(out, r.phaseNanos, r.phaseNanos.length);
            writeLongs(out, r.phaseCpuNanos, r.phaseCpuNanos.length);
            kryo.writeObjectOrNull(out, r.finalBodies, Bodies.class);
            kryo.writeObjectOrNull(out, r.sample, BodySample.class);
        }

        @Override
        public PartitionReport read(Kryo kryo, Input in, Class<? extends PartitionReport> type) {
            return new PartitionReport(in.readLong(), kryo.readObject(in, Conserved.class), readLongs(in),
                    readLongs(in), kryo.readObjectOrNull(in, Bodies.class), kryo.readObjectOrNull(in, BodySample.class));
        }
    }

    static final class BodySampleSerializer extends Serializer<BodySample> {
        @Override
        public void write(Kryo kryo, Output out, BodySample s) {
            writeLongs(out, s.id, s.id.length);
            for (float[] axis : new float[][] {s.x, s.y, s.z}) {
                out.writeFloats(axis, 0, s.id.length);
            }
        }

        @Override
        public BodySample read(Kryo kryo, Input in, Class<? extends BodySample> type) {
            long[] id = readLongs(in);
            return new BodySample(id, in.readFloats(id.length), in.readFloats(id.length), in.readFloats(id.length));
        }
    }
}
