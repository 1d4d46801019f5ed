package io.stormsim.nbody.analysis.bolts;

import static io.stormsim.wire.Arrays.*;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.fof.Boundary;
import io.stormsim.nbody.fof.Census;
import io.stormsim.nbody.fof.CrossLinks;
import io.stormsim.nbody.fof.GroupPieces;
import io.stormsim.nbody.fof.Selection;
import org.apache.storm.serialization.IKryoDecorator;

/**
 * Registers Kryo serializers for the payloads of Barnes-Hut's analysis stages between their own phases (the
 * update phase's {@code AnalysisBodies} are {@code NbodyKryo}'s), bulk data as primitive arrays. Named in the
 * topology config ({@code topology.kryo.decorators}) beside {@code NbodyKryo}.
 */
public class AnalysisKryo implements IKryoDecorator {
    @Override
    public void decorate(Kryo k) {
        k.register(FofState.class, new FofStateSerializer());
        k.register(FofCells.class, new FofCellsSerializer());
        k.register(Boundary.class, new BoundarySerializer());
        k.register(CrossLinks.class, new CrossLinksSerializer());
        k.register(Selection.class, new SelectionSerializer());
        k.register(FofPieces.class, new FofPiecesSerializer());
    }

    /** The bodies and census only: the receiver links them again ({@link FofState#local}). */
    static final class FofStateSerializer extends Serializer<FofState> {
        @Override
        public void write(Kryo kryo, Output out, FofState s) {
            out.writeLong(s.round);
            out.writeLong(s.number);
            out.writeDouble(s.time);
            out.writeDouble(s.boxSize);
            out.writeInt(s.partition, true);
            kryo.writeObject(out, s.bodies);
            out.writeLong(s.census.count);
            writeDoubles(out, s.census.bounds, s.census.bounds.length);
        }

        @Override
        public FofState read(Kryo kryo, Input in, Class<? extends FofState> type) {
            return new FofState(in.readLong(), in.readLong(), in.readDouble(), in.readDouble(), in.readInt(true),
                    kryo.readObject(in, Bodies.class), new Census(in.readLong(), readDoubles(in)));
        }
    }

    static final class FofCellsSerializer extends Serializer<FofCells> {
        @Override
        public void write(Kryo kryo, Output out, FofCells c) {
            writeLongs(out, c.cells, c.cells.length);
        }

        @Override
        public FofCells read(Kryo kryo, Input in, Class<? extends FofCells> type) {
            return new FofCells(readLongs(in));
        }
    }

    static final class BoundarySerializer extends Serializer<Boundary> {
        @Override
        public void write(Kryo kryo, Output out, Boundary b) {
            out.writeInt(b.from);
            for (double[] a : new double[][] {b.x, b.y, b.z}) {
                writeDoubles(out, a, a.length);
            }
            writeInts(out, b.group, b.group.length);
            writeInts(out, b.groupSize, b.groupSize.length);
        }

        @Override
        public Boundary read(Kryo kryo, Input in, Class<? extends Boundary> type) {
            return new Boundary(in.readInt(), readDoubles(in), readDoubles(in), readDoubles(in), readInts(in),
                    readInts(in));
        }
    }

    static final class CrossLinksSerializer extends Serializer<CrossLinks> {
        @Override
        public void write(Kryo kryo, Output out, CrossLinks c) {
            out.writeInt(c.partition, true);
            for (int[] a : new int[][] {c.group, c.size, c.other, c.otherGroup, c.otherSize}) {
                writeInts(out, a, a.length);
            }
        }

        @Override
        public CrossLinks read(Kryo kryo, Input in, Class<? extends CrossLinks> type) {
            return new CrossLinks(in.readInt(true), readInts(in), readInts(in), readInts(in), readInts(in), readInts(in));
        }
    }

    static final class SelectionSerializer extends Serializer<Selection> {
        @Override
        public void write(Kryo kryo, Output out, Selection s) {
            writeInts(out, s.open, s.open.length);
            writeLongs(out, s.merged, s.merged.length);
        }

        @Override
        public Selection read(Kryo kryo, Input in, Class<? extends Selection> type) {
            return new Selection(readInts(in), readLongs(in));
        }
    }

    static final class FofPiecesSerializer extends Serializer<FofPieces> {
        @Override
        public void write(Kryo kryo, Output out, FofPieces f) {
            out.writeLong(f.number);
            out.writeDouble(f.time);
            out.writeDouble(f.boxSize);
            GroupPieces p = f.pieces;
            out.writeInt(p.partition, true);
            writeLongs(out, p.merged, p.merged.length);
            writeInts(out, p.length, p.length.length);
            writeLongs(out, p.ids, p.ids.length);
            writeDoubles(out, p.partials, p.partials.length);
            writeInts(out, p.partialStart, p.partialStart.length);
        }

        @Override
        public FofPieces read(Kryo kryo, Input in, Class<? extends FofPieces> type) {
            return new FofPieces(in.readLong(), in.readDouble(), in.readDouble(), new GroupPieces(in.readInt(true),
                    readLongs(in), readInts(in), readLongs(in), readDoubles(in), readInts(in)));
        }
    }
}
