package io.stormsim.checkers.bolts;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.stormsim.checkers.Position;
import io.stormsim.checkers.SearchJob;
import io.stormsim.checkers.TableShard;
import io.stormsim.run.JobCommand;
import io.stormsim.wire.JobCommandSerializer;
import java.util.ArrayList;
import java.util.List;
import org.apache.storm.serialization.IKryoDecorator;

/**
 * Kryo serializers for every payload of the checkers topologies (perft and search). Named in their
 * topology config ({@code topology.kryo.decorators}).
 */
public class CheckersKryo implements IKryoDecorator {
    @Override
    public void decorate(Kryo k) {
        k.register(JobCommand.class, new JobCommandSerializer());
        k.register(PerftPartial.class, new PerftPartialSerializer());
        k.register(SearchBatch.class, new SearchBatchSerializer());
        k.register(SearchAnswers.class, new SearchAnswersSerializer());
        k.register(TableShard.Updates.class, new UpdatesSerializer());
    }

    static final class PerftPartialSerializer extends Serializer<PerftPartial> {
        @Override
        public void write(Kryo kryo, Output out, PerftPartial p) {
            writeLongs(out, p.perRootMove);
            out.writeInt(p.jobs, true);
            out.writeLong(p.nanos);
            out.writeLong(p.emittedMillis);
        }

        @Override
        public PerftPartial read(Kryo kryo, Input in, Class<? extends PerftPartial> type) {
            return new PerftPartial(readLongs(in), in.readInt(true), in.readLong(), in.readLong());
        }
    }

    static final class SearchBatchSerializer extends Serializer<SearchBatch> {
        @Override
        public void write(Kryo kryo, Output out, SearchBatch b) {
            out.writeLong(b.round);
            out.writeLong(b.root.black);
            out.writeLong(b.root.white);
            out.writeLong(b.root.kings);
            out.writeBoolean(b.root.blackToMove);
            out.writeInt(b.jobs.size(), true);
            for (SearchJob job : b.jobs) {
                out.writeInt(job.index, true);
                out.writeInt(job.depth, true);
                out.writeInt(job.alpha);
                out.writeInt(job.beta);
                writeLongs(out, job.path);
            }
            out.writeInts(b.dealtTo, 0, b.dealtTo.length, true);
        }

        @Override
        public SearchBatch read(Kryo kryo, Input in, Class<? extends SearchBatch> type) {
            long round = in.readLong();
            Position root = Position.of(in.readLong(), in.readLong(), in.readLong(), in.readBoolean());
            int n = in.readInt(true);
            List<SearchJob> jobs = new ArrayList<>(n);
            for (int j = 0; j < n; j++) {
                int index = in.readInt(true);
                int depth = in.readInt(true);
                int alpha = in.readInt();
                int beta = in.readInt();
                jobs.add(new SearchJob(index, readLongs(in), depth, alpha, beta));
            }
            return new SearchBatch(round, root, jobs, in.readInts(n, true));
        }
    }

    static final class SearchAnswersSerializer extends Serializer<SearchAnswers> {
        @Override
        public void write(Kryo kryo, Output out, SearchAnswers a) {
            out.writeLong(a.round);
            out.writeInt(a.searcher, true);
            out.writeInt(a.scores.length, true);
            out.writeInts(a.jobs, 0, a.jobs.length, true);
            out.writeInts(a.scores, 0, a.scores.length);
            out.writeLongs(a.jobNodes, 0, a.jobNodes.length);
            out.writeLongs(a.bestMoves, 0, a.bestMoves.length);
            out.writeLong(a.nanos);
        }

        @Override
        public SearchAnswers read(Kryo kryo, Input in, Class<? extends SearchAnswers> type) {
            long round = in.readLong();
            int searcher = in.readInt(true);
            int n = in.readInt(true);
            int[] jobs = in.readInts(n, true);
            int[] scores = in.readInts(n);
            return new SearchAnswers(round, searcher, jobs, scores, in.readLongs(n), in.readLongs(n), in.readLong());
        }
    }

    static final class UpdatesSerializer extends Serializer<TableShard.Updates> {
        @Override
        public void write(Kryo kryo, Output out, TableShard.Updates u) {
            writeLongs(out, u.hashes());
            writeLongs(out, u.entries());
        }

        @Override
        public TableShard.Updates read(Kryo kryo, Input in, Class<? extends TableShard.Updates> type) {
            return new TableShard.Updates(readLongs(in), readLongs(in));
        }
    }

    static void writeLongs(Output out, long[] a) {
        out.writeInt(a.length, true);
        out.writeLongs(a, 0, a.length);
    }

    static long[] readLongs(Input in) {
        return in.readLongs(in.readInt(true));
    }
}
