package io.stormsim.transport;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.storm.grouping.Load;
import org.apache.storm.messaging.ConnectionWithStatus;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.messaging.netty.BackPressureStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;
import org.zeromq.ZMQException;

/**
 * A worker's sending end towards one remote worker: a DEALER connected to that worker's ROUTER. ZeroMQ
 * reconnects by itself; a monitor socket reports connects and disconnects. The DEALER is shared, under
 * {@link #lock}, by the thread that sends (Storm's transfer thread) and the context's keeper thread, which
 * reads what the server sends back (back-pressure, load, welcome) and says hello after each connect.
 *
 * <p>As Netty's client: while not connected, messages are dropped and counted, never buffered (Storm's
 * acking replays them); while connected but the server's queue is full, send waits.
 */
final class ZmqClient extends ConnectionWithStatus {
    private static final Logger LOG = LoggerFactory.getLogger(ZmqClient.class);
    /** A batch frame is cut after this many payload bytes (Netty's default transfer batch size). */
    static final int BATCH_BYTES = 262_144;
    private static final long FULL_QUEUE_PAUSE_NANOS = TimeUnit.MICROSECONDS.toNanos(50);
    /**
     * A sender quiet this long is idle: the keeper then reads the DEALER for it. While it sends, the keeper
     * stays away, so the sender never waits for a keeper that the scheduler has preempted holding the lock
     * (measured: a keeper that locked every 2 ms put 4 ms into the p99 of synchronous round trips).
     */
    private static final long SENDER_IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private final String host;
    private final int port;
    private final ZContext zmq;
    private final ZMQ.Socket dealer;
    /** Connection events of {@link #dealer}. */
    private final ZMQ.Socket monitor;
    private final AtomicBoolean[] remoteBackPressure;
    private final ReentrantLock lock = new ReentrantLock();
    /** Guards {@link #monitor}, which only the keeper reads (and close closes): never taken by the sender. */
    private final Object monitorLock = new Object();
    /** When the sender last sent: while it sends, it reads what comes back, and the keeper keeps off the lock. */
    private volatile long lastSendNanos = System.nanoTime() - SENDER_IDLE_NANOS;
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private volatile Map<Integer, Double> serverLoad = Map.of();
    /** The TCP connection is up (monitor events). */
    private volatile boolean connected;
    /** The server answered this connection's hello: it knows us and sends back-pressure to us. */
    private volatile boolean welcomed;
    private volatile boolean closed;
    /** The current connection still needs its hello (set by the keeper on a disconnect, cleared once sent). */
    private volatile boolean helloNeeded = true;
    /** Whether the last send found no connection (to log the loss once, not per message). */
    private volatile boolean reportedUnavailable;

    ZmqClient(ZContext zmq, String host, int port, AtomicBoolean[] remoteBackPressure, String monitorEndpoint) {
        this.zmq = zmq;
        this.host = host;
        this.port = port;
        this.remoteBackPressure = remoteBackPressure;
        dealer = zmq.createSocket(SocketType.DEALER);
        dealer.setLinger(0);
        // queue only on a completed connection: with no peer, a send fails at once and we drop
        dealer.setImmediate(true);
        dealer.setSndHWM(ZmqContext.HIGH_WATER_MARK);
        dealer.setRcvHWM(ZmqContext.HIGH_WATER_MARK);
        dealer.setReconnectIVL(ZmqContext.RECONNECT_MIN_MS);
        dealer.setReconnectIVLMax(ZmqContext.RECONNECT_MAX_MS);
        dealer.monitor(monitorEndpoint, ZMQ.EVENT_CONNECTED | ZMQ.EVENT_DISCONNECTED | ZMQ.EVENT_CLOSED);
        monitor = zmq.createSocket(SocketType.PAIR);
        monitor.connect(monitorEndpoint);
        dealer.connect("tcp://" + host + ":" + port);
    }

    @Override
    public void send(Iterator<TaskMessage> messages) {
        if (!messages.hasNext()) {
            return;
        }
        if (closed || !welcomed) {
            drop(messages);
            return;
        }
        List<TaskMessage> batch = new ArrayList<>();
        int payloadBytes = 0;
        while (messages.hasNext()) {
            TaskMessage message = messages.next();
            batch.add(message);
            payloadBytes += message.message().length;
            if (payloadBytes >= BATCH_BYTES || !messages.hasNext()) {
                if (!sendBatch(batch)) {
                    dropped.addAndGet(batch.size());
                    drop(messages);
                    return;
                }
                sent.addAndGet(batch.size());
                batch.clear();
                payloadBytes = 0;
            }
        }
    }

    /**
     * Sends one batch (header, then each payload as it is: ZeroMQ sends the array, no copy), waiting while
     * the connection is up but its queue is full; false if the peer is gone. Once ZeroMQ takes a multipart
     * message's first frame it takes the rest.
     */
    private boolean sendBatch(List<TaskMessage> batch) {
        byte[] header = Frames.batchHeader(batch);
        while (true) {
            lock.lock();
            try {
                if (dealer.send(header, ZMQ.DONTWAIT | ZMQ.SNDMORE)) {
                    boolean whole = true;
                    for (int i = 0; i < batch.size(); i++) {
                        whole &= dealer.send(batch.get(i).message(), i + 1 < batch.size() ? ZMQ.SNDMORE : 0);
                    }
                    lastSendNanos = System.nanoTime();
                    drainIncoming();
                    return whole;
                }
            } catch (ZMQException e) {
                LOG.warn("ZeroMQ send to {}:{} failed: {}", host, port, e.getMessage());
                return false;
            } finally {
                lock.unlock();
            }
            if (closed || !connected) {
                return false;
            }
            LockSupport.parkNanos(FULL_QUEUE_PAUSE_NANOS);
        }
    }

    private void drop(Iterator<TaskMessage> messages) {
        long count = 0;
        while (messages.hasNext()) {
            messages.next();
            count++;
        }
        if (count == 0) {
            return;
        }
        dropped.addAndGet(count);
        if (!reportedUnavailable) {
            reportedUnavailable = true;
            LOG.error("connection to {}:{} is unavailable: dropping messages ({} dropped so far)", host, port, dropped.get());
        }
    }

    /**
     * The keeper thread's turn: connection events, then whatever the server sent, then the hello a new
     * connection needs. Never blocks.
     */
    void service() {
        synchronized (monitorLock) {
            if (closed) {
                return;
            }
            ZMQ.Event event;
            while ((event = ZMQ.Event.recv(monitor, ZMQ.DONTWAIT)) != null) {
                connected = event.getEvent() == ZMQ.EVENT_CONNECTED;
                if (!connected) {
                    welcomed = false;
                    helloNeeded = true;
                }
            }
        }
        boolean senderIdle = System.nanoTime() - lastSendNanos > SENDER_IDLE_NANOS;
        if ((senderIdle || !welcomed || helloNeeded) && lock.tryLock()) {
            try {
                if (closed) {
                    return;
                }
                drainIncoming();
                if (connected && helloNeeded) {
                    helloNeeded = !dealer.send(Frames.HELLO_FRAME, ZMQ.DONTWAIT);
                }
            } finally {
                lock.unlock();
            }
        }
    }

    /** Under {@link #lock}: whatever the server sent back. */
    private void drainIncoming() {
        byte[] frame;
        while ((frame = dealer.recv(ZMQ.DONTWAIT)) != null) {
            receive(frame);
        }
    }

    private void receive(byte[] frame) {
        if (frame.length == 0) {
            return;
        }
        switch (frame[0]) {
            case Frames.WELCOME -> {
                welcomed = connected;
                if (welcomed) {
                    reportedUnavailable = false;
                    LOG.info("ZeroMQ connection to {}:{} ready", host, port);
                }
            }
            case Frames.BACK_PRESSURE -> Frames.applyBackPressure(frame, remoteBackPressure);
            case Frames.LOAD -> serverLoad = Frames.readLoad(frame);
            default -> LOG.warn("ZeroMQ client to {}:{}: ignored a frame of unknown type {}", host, port, frame[0]);
        }
    }

    @Override
    public Status status() {
        if (closed) {
            return Status.Closed;
        }
        return connected && welcomed ? Status.Ready : Status.Connecting;
    }

    @Override
    public Map<Integer, Load> getLoad(Collection<Integer> tasks) {
        Map<Integer, Double> known = serverLoad;
        Map<Integer, Load> loads = new HashMap<>();
        for (Integer task : tasks) {
            Double load = known.get(task);
            if (load != null) {
                // ZeroMQ does not expose its queue depth: no connection load, only the bolt's
                loads.put(task, new Load(true, load, 0.0));
            }
        }
        return loads;
    }

    @Override
    public void sendLoadMetrics(Map<Integer, Double> taskToLoad) {
        throw new UnsupportedOperationException("a client connection does not send load metrics");
    }

    @Override
    public void sendBackPressureStatus(BackPressureStatus status) {
        throw new UnsupportedOperationException("a client connection does not send back-pressure status");
    }

    @Override
    public int getPort() {
        return port;
    }

    /** Task messages handed to ZeroMQ. */
    long sent() {
        return sent.get();
    }

    /** Task messages dropped because the peer was not connected. */
    long dropped() {
        return dropped.get();
    }

    @Override
    public void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            zmq.destroySocket(dealer);
            synchronized (monitorLock) {
                zmq.destroySocket(monitor);
            }
        } finally {
            lock.unlock();
        }
        if (dropped.get() > 0) {
            LOG.info("ZeroMQ client to {}:{} closed: {} messages sent, {} dropped", host, port, sent.get(), dropped.get());
        }
    }

    @Override
    public String toString() {
        return "ZeroMQ client to " + host + ":" + port;
    }
}
