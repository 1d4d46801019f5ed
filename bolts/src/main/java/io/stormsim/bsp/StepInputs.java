package io.stormsim.bsp;

import java.util.List;
import java.util.Map;

/** All messages of one step for one task, per input stream, ordered by source task index. */
public final class StepInputs {
    private final Map<String, List<Object>> byStream;

    StepInputs(Map<String, List<Object>> byStream) {
        this.byStream = byStream;
    }

    /** The payloads of {@code stream}, in source task order. */
    @SuppressWarnings("unchecked")
    public <T> List<T> all(String stream) {
        List<Object> p = byStream.get(stream);
        if (p == null) {
            throw new IllegalArgumentException("no input stream '" + stream + "'; inputs are " + byStream.keySet());
        }
        return (List<T>) p;
    }

    /** The single payload of a {@link FanIn#SAME_PARTITION} stream (or of a one-task source). */
    public <T> T one(String stream) {
        List<T> p = all(stream);
        if (p.size() != 1) {
            throw new IllegalStateException("stream '" + stream + "' has " + p.size() + " messages, expected 1");
        }
        return p.get(0);
    }
}
