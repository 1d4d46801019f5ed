package io.stormsim.transport;

import java.nio.ByteBuffer;
import java.util.ArrayList;
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
    /** Client to server: task messages, repeated {@code int task, int length, byte[length]}. */
    static final byte BATCH = 2;
    /** Server to client: the server knows the client now; it is ready. */
    static final byte WELCOME = 3;
    /** Server to client: {@code int n, n task ids under back-pressure, int m, m task ids free of it}. */
    static final byte BACK_PRESSURE = 4;
    /** Server to client: {@code int n, n times (int task, double load)}: receive queue load of its tasks. */
    static final byte LOAD = 5;

    static final byte[] HELLO_FRAME = {HELLO};
    static final byte[] WELCOME_FRAME = {WELCOME};

    /** Per task message: its task id and its length. */
    static final int MESSAGE_HEADER_BYTES = 8;

    private Frames() {
    }

    /** One batch frame of {@code messages}, whose payloads add up to {@code payloadBytes}. */
    static byte[] batch(List<TaskMessage> messages, int payloadBytes) {
        ByteBuffer frame = ByteBuffer.allocate(1 + messages.size() * MESSAGE_HEADER_BYTES + payloadBytes);
        frame.put(BATCH);
        for (TaskMessage message : messages) {
            frame.putInt(message.task()).putInt(message.message().length).put(message.message());
        }
        return frame.array();
    }

    static List<TaskMessage> readBatch(byte[] frame) {
        ByteBuffer in = ByteBuffer.wrap(frame, 1, frame.length - 1);
        List<TaskMessage> messages = new ArrayList<>();
        while (in.hasRemaining()) {
            int task = in.getInt();
            byte[] payload = new byte[in.getInt()];
            in.get(payload);
            messages.add(new TaskMessage(task, payload));
        }
        return messages;
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
