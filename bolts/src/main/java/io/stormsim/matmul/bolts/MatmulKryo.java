package io.stormsim.matmul.bolts;

import static io.stormsim.wire.Arrays.readDoubles;
import static io.stormsim.wire.Arrays.readInts;
import static io.stormsim.wire.Arrays.writeDoubles;
import static io.stormsim.wire.Arrays.writeInts;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.stormsim.matmul.BlockSet;
import io.stormsim.run.JobCommand;
import io.stormsim.wire.JobCommandSerializer;
import org.apache.storm.serialization.IKryoDecorator;

/**
 * Kryo serializers for every payload of the matrix multiply topology; blocks travel as one primitive
 * double array. Named in the topology config ({@code topology.kryo.decorators}).
 */
public class MatmulKryo implements IKryoDecorator {
    @Override
    public void decorate(Kryo k) {
        k.register(JobCommand.class, new JobCommandSerializer());
        k.register(BlockSet.class, new BlockSetSerializer());
        k.register(JobBlocks.class, new JobBlocksSerializer());
    }

    static final class BlockSetSerializer extends Serializer<BlockSet> {
        @Override
        public void write(Kryo kryo, Output out, BlockSet s) {
            out.writeInt(s.bs, true);
            writeInts(out, s.blockRow, s.blockRow.length);
            writeInts(out, s.blockCol, s.blockCol.length);
            writeDoubles(out, s.data, s.data.length);
        }

        @Override
        public BlockSet read(Kryo kryo, Input in, Class<? extends BlockSet> type) {
            return new BlockSet(in.readInt(true), readInts(in), readInts(in), readDoubles(in));
        }
    }

    static final class JobBlocksSerializer extends Serializer<JobBlocks> {
        @Override
        public void write(Kryo kryo, Output out, JobBlocks m) {
            kryo.writeObject(out, m.job);
            kryo.writeObject(out, m.blocks);
            out.writeLong(m.broadcastCpuNanos);
            out.writeLong(m.multiplyCpuNanos);
        }

        @Override
        public JobBlocks read(Kryo kryo, Input in, Class<? extends JobBlocks> type) {
            JobCommand job = kryo.readObject(in, JobCommand.class);
            BlockSet blocks = kryo.readObject(in, BlockSet.class);
            return new JobBlocks(job, blocks, in.readLong(), in.readLong());
        }
    }
}
