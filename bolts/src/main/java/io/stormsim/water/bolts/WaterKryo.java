package io.stormsim.water.bolts;

import static io.stormsim.wire.Arrays.readDoubles;
import static io.stormsim.wire.Arrays.readInts;
import static io.stormsim.wire.Arrays.writeDoubles;
import static io.stormsim.wire.Arrays.writeInts;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.DefaultArraySerializers;
import com.esotericsoftware.kryo.serializers.FieldSerializer;
import io.stormsim.run.StepCommand;
import io.stormsim.water.BlockPartials;
import io.stormsim.water.ForceUpdate;
import io.stormsim.water.Frames;
import io.stormsim.water.MoleculeBlocks;
import io.stormsim.water.PairKernel;
import io.stormsim.water.RunConstants;
import io.stormsim.water.WaterPartition;
import io.stormsim.wire.StepCommandSerializer;
import org.apache.storm.serialization.IKryoDecorator;
import org.objenesis.instantiator.ObjectInstantiator;
import org.objenesis.strategy.StdInstantiatorStrategy;

/**
 * Kryo serializers for every payload of the Water topology: the exchanged frames and force updates and
 * the block partial sums as primitive arrays, and the partition state a phase hands the next. That state
 * holds a {@link WaterPartition}, whose work arrays (intramolecular forces, force windows, frames) the
 * kernel keeps private between phases: it travels field by field through Kryo's reflective serializer
 * (as do the kernel objects it holds), so every field the kernel has, now or later, goes with it.
 * Named in the topology config ({@code topology.kryo.decorators}).
 */
public class WaterKryo implements IKryoDecorator {
    @Override
    public void decorate(Kryo k) {
        k.register(StepCommand.class, new StepCommandSerializer());
        // with a serializer each: Storm's Kryo would give a class registered without one Java serialization
        k.register(double[].class, new DefaultArraySerializers.DoubleArraySerializer());
        k.register(int[].class, new DefaultArraySerializers.IntArraySerializer());
        k.register(long[].class, new DefaultArraySerializers.LongArraySerializer());
        k.register(double[][].class, new DefaultArraySerializers.ObjectArraySerializer(k, double[][].class));
        k.register(Frames.class, new FramesSerializer());
        k.register(ForceUpdate.class, new ForceUpdateSerializer());
        k.register(BlockPartials.class, new BlockPartialsSerializer());
        k.register(WaterReport.class, new ReportSerializer());
        for (Class<?> c : new Class<?>[] {WaterPartition.class, RunConstants.class, MoleculeBlocks.class, PairKernel.class}) {
            k.register(c, new Reflective<>(k, c));
        }
        k.register(WaterPartitionState.class, new StateSerializer());
    }

    /** Every field by reflection; instances made without a constructor, as the fields are then all set. */
    static final class Reflective<T> extends FieldSerializer<T> {
        private final ObjectInstantiator<T> instantiator;

        @SuppressWarnings("unchecked")
        Reflective(Kryo kryo, Class<?> type) {
            super(kryo, type);
            instantiator = new StdInstantiatorStrategy().newInstantiatorOf((Class<T>) type);
        }

        @Override
        protected T create(Kryo kryo, Input input, Class<? extends T> type) {
            return instantiator.newInstance();
        }
    }

    static final class FramesSerializer extends Serializer<Frames> {
        @Override
        public void write(Kryo kryo, Output out, Frames f) {
            writeInts(out, f.first(), f.first().length);
            writeInts(out, f.count(), f.count().length);
            writeDoubles(out, f.values(), f.values().length);
        }

        @Override
        public Frames read(Kryo kryo, Input in, Class<? extends Frames> type) {
            return new Frames(readInts(in), readInts(in), readDoubles(in));
        }
    }

    static final class ForceUpdateSerializer extends Serializer<ForceUpdate> {
        @Override
        public void write(Kryo kryo, Output out, ForceUpdate u) {
            writeInts(out, u.lo(), u.lo().length);
            writeInts(out, u.hi(), u.hi().length);
            writeInts(out, u.position(), u.position().length);
            writeInts(out, u.count(), u.count().length);
            writeDoubles(out, u.values(), u.values().length);
        }

        @Override
        public ForceUpdate read(Kryo kryo, Input in, Class<? extends ForceUpdate> type) {
            return new ForceUpdate(readInts(in), readInts(in), readInts(in), readInts(in), readDoubles(in));
        }
    }

    static final class BlockPartialsSerializer extends Serializer<BlockPartials> {
        @Override
        public void write(Kryo kryo, Output out, BlockPartials b) {
            out.writeInt(b.firstBlock(), true);
            out.writeInt(b.width(), true);
            writeDoubles(out, b.values(), b.values().length);
        }

        @Override
        public BlockPartials read(Kryo kryo, Input in, Class<? extends BlockPartials> type) {
            return new BlockPartials(in.readInt(true), in.readInt(true), readDoubles(in));
        }
    }

    static final class ReportSerializer extends Serializer<WaterReport> {
        @Override
        public void write(Kryo kryo, Output out, WaterReport r) {
            out.writeLong(r.round());
            out.writeInt(r.mode().ordinal(), true);
            out.writeInt(r.step());
            out.writeDouble(r.kineticSum());
            out.writeDouble(r.virialSum());
            kryo.writeObjectOrNull(out, r.intramolecularVirial(), BlockPartials.class);
            kryo.writeObjectOrNull(out, r.intermolecularVirial(), BlockPartials.class);
            kryo.writeObjectOrNull(out, r.kinetic(), BlockPartials.class);
            kryo.writeObjectOrNull(out, r.potential(), BlockPartials.class);
            kryo.writeObjectOrNull(out, r.pairCounts(), long[].class);
            out.writeLong(r.pairs());
            out.writeLong(r.exchangedBytes());
            out.writeInt(r.from(), true);
            kryo.writeObjectOrNull(out, r.finalDerivatives(), double[][].class);
        }

        @Override
        public WaterReport read(Kryo kryo, Input in, Class<? extends WaterReport> type) {
            return new WaterReport(in.readLong(), WaterPartitionState.Mode.values()[in.readInt(true)], in.readInt(),
                    in.readDouble(), in.readDouble(), kryo.readObjectOrNull(in, BlockPartials.class),
                    kryo.readObjectOrNull(in, BlockPartials.class), kryo.readObjectOrNull(in, BlockPartials.class),
                    kryo.readObjectOrNull(in, BlockPartials.class), kryo.readObjectOrNull(in, long[].class),
                    in.readLong(), in.readLong(), in.readInt(true), kryo.readObjectOrNull(in, double[][].class));
        }
    }

    static final class StateSerializer extends Serializer<WaterPartitionState> {
        @Override
        public void write(Kryo kryo, Output out, WaterPartitionState s) {
            out.writeLong(s.round);
            out.writeInt(s.mode.ordinal(), true);
            out.writeInt(s.step);
            out.writeDouble(s.kineticSum);
            out.writeDouble(s.virialSum);
            kryo.writeObject(out, s.partition);
            kryo.writeObjectOrNull(out, s.intramolecularVirial, BlockPartials.class);
            kryo.writeObjectOrNull(out, s.intermolecularVirial, BlockPartials.class);
            kryo.writeObjectOrNull(out, s.kinetic, BlockPartials.class);
            out.writeLong(s.pairs);
            out.writeLong(s.exchangedBytes);
        }

        @Override
        public WaterPartitionState read(Kryo kryo, Input in, Class<? extends WaterPartitionState> type) {
            WaterPartitionState s = new WaterPartitionState(in.readLong(),
                    WaterPartitionState.Mode.values()[in.readInt(true)], in.readInt(), in.readDouble(), in.readDouble(),
                    kryo.readObject(in, WaterPartition.class));
            s.intramolecularVirial = kryo.readObjectOrNull(in, BlockPartials.class);
            s.intermolecularVirial = kryo.readObjectOrNull(in, BlockPartials.class);
            s.kinetic = kryo.readObjectOrNull(in, BlockPartials.class);
            s.pairs = in.readLong();
            s.exchangedBytes = in.readLong();
            return s;
        }
    }
}
