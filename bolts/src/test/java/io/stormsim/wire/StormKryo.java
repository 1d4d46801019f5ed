package io.stormsim.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.serialization.SerializationFactory;
import org.apache.storm.utils.Utils;

/** Storm's Kryo configured as the topologies' YAML configures it, for round-trip tests of the serializers. */
public final class StormKryo {
    private StormKryo() {
    }

    /** Storm's defaults, no fall-back on Java serialization, and {@code decorators} (none: Storm's bare Kryo). */
    public static Kryo with(Class<?>... decorators) {
        Map<String, Object> conf = new HashMap<>(Utils.readDefaultConfig());
        conf.put(Config.TOPOLOGY_FALL_BACK_ON_JAVA_SERIALIZATION, false);
        if (decorators.length > 0) {
            conf.put(Config.TOPOLOGY_KRYO_DECORATORS, Arrays.stream(decorators).map(Class::getName).toList());
        }
        return SerializationFactory.getKryo(conf);
    }

    /** {@code value} written and read back the way Storm sends a tuple's field. */
    @SuppressWarnings("unchecked")
    public static <T> T roundTrip(Kryo kryo, T value) {
        Output out = new Output(1024, -1);
        kryo.writeClassAndObject(out, value);
        return (T) kryo.readClassAndObject(new Input(out.toBytes()));
    }
}
