package io.stormsim.topologies;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/**
 * A test's subscriber to a run's live stream, in a thread of its own: keeps every [topic, payload]
 * message until told it is done and nothing more has come for a second (the last round's messages may
 * still be on their way when the run's summary appears).
 */
public final class StreamRecorder extends Thread {
    public final ConcurrentLinkedQueue<byte[][]> received = new ConcurrentLinkedQueue<>();
    private final String endpoint;
    private volatile boolean done;

    public StreamRecorder(String endpoint) {
        this.endpoint = endpoint;
    }

    public static String freeEndpoint() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return "tcp://127.0.0.1:" + s.getLocalPort();
        }
    }

    /** What a test does while it records. */
    @FunctionalInterface
    public interface Recorded {
        void run() throws Exception;
    }

    /** Every message {@code endpoint} publishes while {@code run} runs (it starts a run), in order of arrival. */
    public static ConcurrentLinkedQueue<byte[][]> during(String endpoint, Recorded run) throws Exception {
        StreamRecorder subscriber = new StreamRecorder(endpoint);
        subscriber.start();
        try {
            run.run();
        } finally {
            subscriber.finish();
        }
        return subscriber.received;
    }

    /** Waits until the messages stop coming. */
    public void finish() throws InterruptedException {
        done = true;
        join();
    }

    @Override
    public void run() {
        try (ZContext zmq = new ZContext(1)) {
            ZMQ.Socket socket = zmq.createSocket(SocketType.SUB);
            socket.setReconnectIVL(10);
            socket.setReceiveTimeOut(1000);
            socket.subscribe("");
            socket.connect(endpoint);
            while (true) {
                byte[] topic = socket.recv();
                if (topic == null) {
                    if (done) {
                        return;
                    }
                    continue;
                }
                received.add(new byte[][] {topic, socket.recv()});
            }
        }
    }
}
