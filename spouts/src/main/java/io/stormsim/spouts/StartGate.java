package io.stormsim.spouts;

import java.util.Map;
import java.util.function.ToIntFunction;
import org.apache.storm.generated.Bolt;
import org.apache.storm.generated.ComponentObject;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.utils.Utils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Holds a spout's first trigger until every task of the rounds ({@link RoundTask}) has recorded its start. Storm
 * calls a spout as soon as it is open, while the bolt tasks may still be in their prepare (recording a start in
 * ZooKeeper takes ~0.1 s on a LocalCluster): a trigger sent then waits in a queue, and the first round's time
 * would count the topology's start-up. Looks every {@value #LOOK_MILLIS} ms; after {@value #LIMIT_SECONDS} s
 * without every start it lets the triggers go, with a warning (the message timeout then covers a task that
 * never came).
 */
final class StartGate {
    static final long LOOK_MILLIS = 2;
    static final long LIMIT_SECONDS = 120;
    private static final Logger LOG = LoggerFactory.getLogger(StartGate.class);

    /** Whether {@code tasks} tasks have recorded their starts ({@link TaskRestarts#allStarted}). */
    @FunctionalInterface
    interface Starts {
        boolean allStarted(int tasks) throws Exception;
    }

    private final Starts starts;
    private final int tasks;
    private final long openedNanos;
    private long nextLook;
    private boolean open;

    StartGate(TaskRestarts restarts, TopologyContext context, long nowNanos) {
        this(restarts::allStarted,
                roundTasks(context.getRawTopology().get_bolts(), id -> context.getComponentTasks(id).size()), nowNanos);
    }

    StartGate(Starts starts, int tasks, long nowNanos) {
        this.starts = starts;
        this.tasks = tasks;
        this.openedNanos = nowNanos;
        this.nextLook = nowNanos;
        this.open = tasks == 0;
    }

    /** Whether triggers may go: every task of the rounds has started (or the wait gave up). */
    boolean open(long nowNanos) {
        if (open || nowNanos - nextLook < 0) {
            return open;
        }
        nextLook = nowNanos + LOOK_MILLIS * 1_000_000L;
        try {
            open = starts.allStarted(tasks);
        } catch (Exception e) {
            LOG.warn("could not read the tasks' starts in ZooKeeper: the first trigger goes now ({})", e.toString());
            open = true;
        }
        if (open) {
            LOG.info("all {} tasks of the rounds started, {} ms after the spout opened", tasks,
                    (nowNanos - openedNanos) / 1_000_000L);
        } else if (nowNanos - openedNanos > LIMIT_SECONDS * 1_000_000_000L) {
            LOG.warn("not all {} tasks of the rounds recorded their starts in {} s: the first trigger goes now", tasks,
                    LIMIT_SECONDS);
            open = true;
        }
        return open;
    }

    /** The tasks of the bolts that are {@link RoundTask}s in the rounds, among {@code bolts} (component id to bolt). */
    static int roundTasks(Map<String, Bolt> bolts, ToIntFunction<String> tasksOf) {
        int n = 0;
        for (Map.Entry<String, Bolt> bolt : bolts.entrySet()) {
            ComponentObject object = bolt.getValue().get_bolt_object();
            if (object.is_set_serialized_java() && Utils.javaDeserialize(object.get_serialized_java(), Object.class)
                    instanceof RoundTask task && task.inRounds()) {
                n += tasksOf.applyAsInt(bolt.getKey());
            }
        }
        return n;
    }
}
