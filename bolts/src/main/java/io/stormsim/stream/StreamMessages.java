package io.stormsim.stream;

import java.util.ArrayList;
import java.util.List;

/** What a simulation hands the publisher at once: encoded messages, each a topic and a payload, in order. */
public final class StreamMessages {
    public final List<String> topics;
    public final List<byte[]> payloads;

    public StreamMessages() {
        this(new ArrayList<>(2), new ArrayList<>(2));
    }

    public StreamMessages(List<String> topics, List<byte[]> payloads) {
        this.topics = topics;
        this.payloads = payloads;
    }

    public StreamMessages add(String topic, byte[] payload) {
        topics.add(topic);
        payloads.add(payload);
        return this;
    }

    /** {@code more}'s messages after these, in order. */
    public StreamMessages addAll(StreamMessages more) {
        topics.addAll(more.topics);
        payloads.addAll(more.payloads);
        return this;
    }

    public int size() {
        return topics.size();
    }
}
