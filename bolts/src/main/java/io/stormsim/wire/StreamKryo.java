package io.stormsim.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.stormsim.stream.StreamMessages;
import java.util.ArrayList;
import java.util.List;
import org.apache.storm.serialization.IKryoDecorator;

/**
 * Registers the serializer of the live stream's payload ({@link StreamMessages}), for any simulation
 * that feeds a {@code StreamPublisherBolt}: named in the topology's {@code topology.kryo.decorators}.
 */
public class StreamKryo implements IKryoDecorator {
    @Override
    public void decorate(Kryo k) {
        k.register(StreamMessages.class, new StreamMessagesSerializer());
    }

    static final class StreamMessagesSerializer extends Serializer<StreamMessages> {
        @Override
        public void write(Kryo kryo, Output out, StreamMessages m) {
            out.writeInt(m.size(), true);
            for (int i = 0; i < m.size(); i++) {
                out.writeString(m.topics.get(i));
                out.writeInt(m.payloads.get(i).length, true);
                out.writeBytes(m.payloads.get(i));
            }
        }

        @Override
        public StreamMessages read(Kryo kryo, Input in, Class<? extends StreamMessages> type) {
            int n = in.readInt(true);
            List<String> topics = new ArrayList<>(n);
            List<byte[]> payloads = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                topics.add(in.readString());
                payloads.add(in.readBytes(in.readInt(true)));
            }
            return new StreamMessages(topics, payloads);
        }
    }
}
