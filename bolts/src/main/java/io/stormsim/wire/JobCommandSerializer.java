package io.stormsim.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.stormsim.run.JobCommand;

/** The job spout's trigger of a job (every job-stream workload registers it): job, try, when it was sent. */
public final class JobCommandSerializer extends Serializer<JobCommand> {
    @Override
    public void write(Kryo kryo, Output out, JobCommand c) {
        out.writeLong(c.job);
        out.writeInt(c.attempt, true);
        out.writeLong(c.emittedMillis);
    }

    @Override
    public JobCommand read(Kryo kryo, Input in, Class<? extends JobCommand> type) {
        return new JobCommand(in.readLong(), in.readInt(true), in.readLong());
    }
}
