package io.stormsim.stream;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;
import org.zeromq.ZMQException;

/**
 * A ZeroMQ publisher that never blocks its caller: each message is sent with {@code DONTWAIT} and, when
 * a subscriber's queue already holds {@code highWaterMark} messages, dropped and counted instead.
 * {@code XPUB_NODROP} makes a full queue visible to the sender (a plain PUB drops silently); the price is
 * that while one subscriber's queue is full, no subscriber gets new messages (the stream is for
 * watching a run, normally with one or two subscribers). Closing waits at most {@value #LINGER_MS} ms
 * for queued messages to go out (the last rounds of a run), however slow the subscribers.
 *
 * <p>A PUB socket sends a message only to subscribers whose subscription has already reached it, so a
 * subscriber started before the run, which joins some milliseconds after the bind, would miss the first
 * rounds. The socket is an XPUB, which sees subscriptions arrive: until the first one, or until the join
 * window after the bind has passed, messages are held (at most {@code highWaterMark}; further ones are
 * dropped and counted) and then sent in order. Subscribers joining later get the stream from then on.
 */
public final class StreamPublisher implements AutoCloseable {
    static final int LINGER_MS = 500;
    private final ZContext zmq;
    private final ZMQ.Socket socket;
    private final int highWaterMark;
    private final long joinWindowEndNanos;
    private final ArrayDeque<byte[][]> held = new ArrayDeque<>();
    private boolean holding = true;
    private long sent, dropped;

    /** Binding failed (address in use, unknown host or interface); the message names the key and endpoint. */
    public static final class BindException extends RuntimeException {
        BindException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * Binds an XPUB socket to {@code endpoint}, the value of config key {@code key} (named in errors), and
     * holds messages until the first subscriber joins or {@code joinWindow} has passed.
     */
    public StreamPublisher(String key, String endpoint, int highWaterMark, Duration joinWindow) {
        zmq = new ZContext(1);
        try {
            socket = zmq.createSocket(SocketType.XPUB);
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
        this.highWaterMark = highWaterMark;
        joinWindowEndNanos = System.nanoTime() + joinWindow.toNanos();
    }

    private static String describe(ZMQException e) {
        return e.getErrorCode() == ZMQ.Error.EADDRINUSE.getCode() ? "address in use: another process, or another run,"
                + " has the port" : e.getMessage();
    }

    /**
     * Sends [topic, payload] without waiting (or holds it while the join window is open); false, and counted
     * as dropped, if a subscriber's queue or the held messages are full.
     */
    public boolean publish(String topic, byte[] payload) {
        byte[] topicBytes = topic.getBytes(StandardCharsets.UTF_8);
        if (stillHolding()) {
            if (held.size() == highWaterMark) {
                dropped++;
                return false;
            }
            held.add(new byte[][] {topicBytes, payload});
            return true;
        }
        return send(topicBytes, payload);
    }

    /** Reads the subscriptions that arrived; ends the hold, sending what it kept, at the first or at the window's end. */
    private boolean stillHolding() {
        boolean subscribed = false;
        while (socket.recv(ZMQ.DONTWAIT) != null) {
            subscribed = true;
        }
        if (holding && (subscribed || System.nanoTime() - joinWindowEndNanos >= 0)) {
            releaseHeld();
        }
        return holding;
    }

    private void releaseHeld() {
        holding = false;
        for (byte[][] message : held) {
            send(message[0], message[1]);
        }
        held.clear();
    }

    private boolean send(byte[] topic, byte[] payload) {
        // The high-water mark counts whole messages, so once the first frame is queued the second is too.
        if (socket.send(topic, ZMQ.SNDMORE | ZMQ.DONTWAIT) && socket.send(payload, ZMQ.DONTWAIT)) {
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

    /** Messages dropped because a subscriber's queue, or the held messages, were full. */
    public long dropped() {
        return dropped;
    }

    /** Messages held for a subscriber to join. */
    public int held() {
        return held.size();
    }

    /** Sends what is still held (to whoever has joined) and closes, waiting at most {@value #LINGER_MS} ms. */
    @Override
    public void close() {
        releaseHeld();
        zmq.close();
    }
}
