package io.stormsim.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.stormsim.run.StepCommand;

/** The timestep spout's trigger of a round (N-body, FFT): its round and kind. */
public final class StepCommandSerializer extends Serializer<StepCommand> {
    @Override
    public void write(Kryo kryo, Output out, StepCommand c) {
        out.writeLong(c.round);
        out.writeInt(c.kind.ordinal(), true);
    }

    @Override
    public StepCommand read(Kryo kryo, Input in, Class<? extends StepCommand> type) {
        return new StepCommand(in.readLong(), StepCommand.Kind.values()[in.readInt(true)]);
    }
}
