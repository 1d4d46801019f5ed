package io.stormsim.bolts.stream;

import java.nio.charset.StandardCharsets;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;
import org.zeromq.ZMQException;

/**
 * A ZeroMQ PUB socket that never blocks its caller: each message is sent with {@code DONTWAIT} and, when
 * a subscriber's queue already holds {@code highWaterMark} messages, dropped and counted instead.
 * {@code XPUB_NODROP} makes a full queue visible to the sender (a plain PUB drops silently); the price is
 * that while one subscriber's queue is full, no subscriber gets new messages (the stream is for
 * watching a run, normally with one or two subscribers). Closing waits at most {@value #LINGER_MS} ms
 * for queued messages to go out (the last rounds of a run), however slow the subscribers.
 */
public final class StreamPublisher implements AutoCloseable {
    static final int LINGER_MS = 500;
    private final ZContext zmq;
    private final ZMQ.Socket socket;
    private long sent, dropped;

    /** Binding failed (address in use, unknown host or interface); the message names the key and endpoint. */
    public static final class BindException extends RuntimeException {
        BindException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Binds a PUB socket to {@code endpoint}, the value of config key {@code key} (named in errors). */
    public StreamPublisher(String key, String endpoint, int highWaterMark) {
        zmq = new ZContext(1);
        try {
            socket = zmq.createSocket(SocketType.PUB);
            socket.setSndHWM(highWaterMark);
            socket.setLinger(LINGER_MS);
            socket.setXpubNoDrop(true);
            if (!socket.bind(endpoint)) {
                throw new ZMQException("bind returned false", socket.errno());
            }
        } catch (ZMQException e) {
            zmq.close();
            throw new BindException(key + " = " + endpoint + ": cannot bind the stream's PUB socket ("
                    + describe(e) + "); set " + key + " to a free tcp://HOST:PORT, or to empty to turn the stream off", e);
        }
    }

    private static String describe(ZMQException e) {
        return e.getErrorCode() == ZMQ.Error.EADDRINUSE.getCode() ? "address in use: another process, or another run,"
                + " has the port" : e.getMessage();
    }

    /** Sends [topic, payload] without waiting; false (and counted as dropped) if a subscriber's queue is full. */
    public boolean publish(String topic, byte[] payload) {
        // The high-water mark counts whole messages, so once the first frame is queued the second is too.
        if (socket.send(topic.getBytes(StandardCharsets.UTF_8), ZMQ.SNDMORE | ZMQ.DONTWAIT)
                && socket.send(payload, ZMQ.DONTWAIT)) {
            sent++;
            return true;
        }
        dropped++;
        return false;
    }

    /** Messages queued for the subscribers (to none, when none is connected). */
    public long sent() {
        return sent;
    }

    /** Messages dropped because a subscriber's queue was full. */
    public long dropped() {
        return dropped;
    }

    @Override
    public void close() {
        zmq.close();
    }
}
