package io.stormsim.transport;

import java.nio.ByteBuffer;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.messaging.netty.BackPressureStatus;

/**
 * The wire format between a worker's DEALERs and another worker's ROUTER: one ZeroMQ frame per message,
 * whose first byte says what it is. Integers are big-endian. Clients send {@link #HELLO} (once per
 * connection) and {@link #BATCH}; the server answers a hello with {@link #BACK_PRESSURE} (its current
 * status) then {@link #WELCOME}, and broadcasts {@link #BACK_PRESSURE} and {@link #LOAD} to every client.
 */
final class Frames {
    /** Client to server, once per connection: makes the ROUTER learn the client's routing id. */
    static final byte HELLO = 1;
    /**
     * Client to server: task messages as one multipart message, a header frame {@code int n, n task ids},
     * then each message's payload as its own frame (sent and received without copying).
     */
    static final byte BATCH = 2;
    /** Server to client: the server knows the client now; it is ready. */
    static final byte WELCOME = 3;
    /** Server to client: {@code int n, n task ids under back-pressure, int m, m task ids free of it}. */
    static final byte BACK_PRESSURE = 4;
    /** Server to client: {@code int n, n times (int task, double load)}: receive queue load of its tasks. */
    static final byte LOAD = 5;

    static final byte[] HELLO_FRAME = {HELLO};
    static final byte[] WELCOME_FRAME = {WELCOME};

    private Frames() {
    }

    /** The header frame of a batch: its type, the message count, each message's task id. */
    static byte[] batchHeader(List<TaskMessage> messages) {
        ByteBuffer frame = ByteBuffer.allocate(1 + 4 + 4 * messages.size());
        frame.put(BATCH).putInt(messages.size());
        for (TaskMessage message : messages) {
            frame.putInt(message.task());
        }
        return frame.array();
    }

    /** The task ids a batch header announces, one payload frame each. */
    static int[] readBatchHeader(byte[] frame) {
        ByteBuffer in = ByteBuffer.wrap(frame, 1, frame.length - 1);
        int[] tasks = new int[in.getInt()];
        for (int i = 0; i < tasks.length; i++) {
            tasks[i] = in.getInt();
        }
        return tasks;
    }

    static byte[] backPressure(BackPressureStatus status) {
        Collection<Integer> under = status.bpTasks == null ? List.of() : status.bpTasks;
        Collection<Integer> free = status.nonBpTasks == null ? List.of() : status.nonBpTasks;
        ByteBuffer frame = ByteBuffer.allocate(1 + 8 + 4 * (under.size() + free.size()));
        frame.put(BACK_PRESSURE);
        frame.putInt(under.size());
        under.forEach(frame::putInt);
        frame.putInt(free.size());
        free.forEach(frame::putInt);
        return frame.array();
    }

    /**
     * Sets the flags of the tasks the frame names; ids outside {@code flags} (a task this worker does not
     * know) are skipped, as Netty's client does.
     */
    static void applyBackPressure(byte[] frame, AtomicBoolean[] flags) {
        ByteBuffer in = ByteBuffer.wrap(frame, 1, frame.length - 1);
        for (boolean underPressure : new boolean[] {true, false}) {
            int count = in.getInt();
            for (int i = 0; i < count; i++) {
                int task = in.getInt();
                if (task >= 0 && task < flags.length) {
                    flags[task].set(underPressure);
                }
            }
        }
    }

    static byte[] load(Map<Integer, Double> taskToLoad) {
        ByteBuffer frame = ByteBuffer.allocate(1 + 4 + 12 * taskToLoad.size());
        frame.put(LOAD).putInt(taskToLoad.size());
        taskToLoad.forEach((task, load) -> frame.putInt(task).putDouble(load));
        return frame.array();
    }

    static Map<Integer, Double> readLoad(byte[] frame) {
        ByteBuffer in = ByteBuffer.wrap(frame, 1, frame.length - 1);
        int count = in.getInt();
        Map<Integer, Double> taskToLoad = new HashMap<>(count * 2);
        for (int i = 0; i < count; i++) {
            taskToLoad.put(in.getInt(), in.getDouble());
        }
        return taskToLoad;
    }
}
