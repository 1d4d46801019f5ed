package io.stormsim.cli;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/**
 * Receives a run's live stream (docs/stream.md): every topic, each message [topic, payload] handed to a
 * {@link Listener}, until {@code count} messages or {@link #stop}. Shared by {@code watch}'s lines and the live page.
 */
final class StreamSubscriber {
    /** What the subscriber hands on; called on the subscriber's thread. */
    interface Listener {
        void subscribed(String endpoint);

        void message(String topic, byte[] payload);

        /** Nothing has come for {@code quiet}: said once a quiet spell. */
        void quiet(String endpoint, Duration quiet);
    }

    private final Duration quiet;
    private volatile boolean stopped;

    /** @param quiet how long without messages before the listener hears of it */
    StreamSubscriber(Duration quiet) {
        this.quiet = quiet;
    }

    /** Ends {@link #receive} within a receive timeout (from Ctrl-C's shutdown hook, the end of a run, a test). */
    void stop() {
        stopped = true;
    }

    /** Hands the messages from {@code endpoint} to {@code listener} until {@code count} (0: no limit) or stop; returns how many. */
    long receive(String endpoint, long count, Listener listener) {
        long received = 0;
        try (ZContext zmq = new ZContext(1)) {
            ZMQ.Socket subscriber = zmq.createSocket(SocketType.SUB);
            subscriber.setLinger(0);
            subscriber.setReceiveTimeOut(200);
            subscriber.subscribe(ZMQ.SUBSCRIPTION_ALL);
            subscriber.connect(endpoint);
            listener.subscribed(endpoint);
            long lastMessage = System.nanoTime();
            boolean saidQuiet = false;
            while (!stopped && (count == 0 || received < count)) {
                byte[] topic = subscriber.recv();
                if (topic == null) {
                    if (!saidQuiet && System.nanoTime() - lastMessage > quiet.toNanos()) {
                        listener.quiet(endpoint, quiet);
                        saidQuiet = true;
                    }
                    continue;
                }
                byte[] payload = subscriber.hasReceiveMore() ? subscriber.recv() : new byte[0];
                while (subscriber.hasReceiveMore()) {
                    subscriber.recv();
                }
                received++;
                lastMessage = System.nanoTime();
                saidQuiet = false;
                listener.message(new String(topic, StandardCharsets.UTF_8), payload);
            }
        }
        return received;
    }
}
