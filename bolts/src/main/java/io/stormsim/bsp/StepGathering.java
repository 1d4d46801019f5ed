package io.stormsim.bsp;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Storm-free core of {@link StepBolt}: one task's messages, gathered by step until every input stream
 * has brought its messages of that step, then handed out per stream in source task order, so that what a
 * phase computes never depends on arrival order. A step completing drops the partial steps before it
 * (left by failed rounds), which its caller fails.
 *
 * @param <M> a message (a Storm tuple in {@link StepBolt})
 */
public final class StepGathering<M> {
    private final Map<String, Integer> expectedPerStream;
    private final int expectedTotal;
    private final TreeMap<Long, List<Arrival<M>>> pending = new TreeMap<>();

    private record Arrival<M>(String stream, int source, M message) {
    }

    /** A complete step: its messages per stream in source order, and the older partial steps it ended. */
    public record Step<M>(long step, Map<String, List<M>> byStream, List<M> all, List<M> stale) {
    }

    /** @param expectedPerStream the messages each input stream brings a step */
    public StepGathering(Map<String, Integer> expectedPerStream) {
        this.expectedPerStream = Map.copyOf(expectedPerStream);
        this.expectedTotal = expectedPerStream.values().stream().mapToInt(Integer::intValue).sum();
    }

    /**
     * Adds a message of {@code step} on {@code stream} from the source task with index {@code source}.
     * Returns the step once all its messages are there, else null.
     *
     * @throws WrongStepException if the step is complete in number but a stream brought too many or too few
     *     (its messages and the partial steps before it are in the exception, to fail)
     */
    public Step<M> add(long step, String stream, int source, M message) {
        if (!expectedPerStream.containsKey(stream)) {
            throw new IllegalArgumentException("no input stream '" + stream + "'; inputs are " + expectedPerStream.keySet());
        }
        List<Arrival<M>> arrivals = pending.computeIfAbsent(step, s -> new ArrayList<>());
        arrivals.add(new Arrival<>(stream, source, message));
        if (arrivals.size() < expectedTotal) {
            return null;
        }
        pending.remove(step);
        List<M> stale = new ArrayList<>();
        pending.headMap(step).values().forEach(older -> older.forEach(a -> stale.add(a.message)));
        pending.headMap(step).clear();
        arrivals.sort(Comparator.comparingInt(Arrival::source));
        Map<String, List<M>> byStream = new LinkedHashMap<>();
        expectedPerStream.keySet().stream().sorted().forEach(s -> byStream.put(s, new ArrayList<>()));
        List<M> all = new ArrayList<>(arrivals.size());
        for (Arrival<M> a : arrivals) {
            byStream.get(a.stream).add(a.message);
            all.add(a.message);
        }
        for (Map.Entry<String, List<M>> e : byStream.entrySet()) {
            if (e.getValue().size() != expectedPerStream.get(e.getKey())) {
                throw new WrongStepException("step " + step + " got " + e.getValue().size() + " messages on '"
                        + e.getKey() + "', expected " + expectedPerStream.get(e.getKey()), all, stale);
            }
        }
        return new Step<>(step, byStream, all, stale);
    }

    /** Steps begun but not complete. */
    public int pendingSteps() {
        return pending.size();
    }

    /** A step whose message count was reached with the wrong mix of streams. */
    public static final class WrongStepException extends IllegalStateException {
        private final transient List<?> messages;
        private final transient List<?> stale;

        WrongStepException(String message, List<?> messages, List<?> stale) {
            super(message);
            this.messages = messages;
            this.stale = stale;
        }

        /** The step's messages. */
        @SuppressWarnings("unchecked")
        public <M> List<M> messages() {
            return (List<M>) messages;
        }

        /** The older partial steps it dropped. */
        @SuppressWarnings("unchecked")
        public <M> List<M> stale() {
            return (List<M>) stale;
        }
    }
}
