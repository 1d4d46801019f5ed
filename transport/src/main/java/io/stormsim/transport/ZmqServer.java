package io.stormsim.transport;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.apache.storm.grouping.Load;
import org.apache.storm.messaging.ConnectionWithStatus;
import org.apache.storm.messaging.IConnectionCallback;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.messaging.netty.BackPressureStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;
import org.zeromq.ZMQException;

/**
 * A worker's receiving end: one ROUTER bound to the worker port. Its own thread owns the ROUTER (ZeroMQ
 * sockets are single-threaded): it hands arriving batches to Storm's callback, answers each client's hello,
 * and broadcasts the back-pressure and load frames that other threads queue on an in-process PUSH socket.
 */
final class ZmqServer extends ConnectionWithStatus {
    private static final Logger LOG = LoggerFactory.getLogger(ZmqServer.class);
    private static final AtomicInteger INPROC_IDS = new AtomicInteger();
    /** How often the receive thread looks at {@link #closing} when nothing arrives. */
    private static final int POLL_MS = 100;
    private static final byte[] STOP = {0};

    private final ZMQ.Socket router;
    private final ZMQ.Socket outboxIn;
    /** Written by any thread that broadcasts, under its own lock; read by the receive thread. */
    private final ZMQ.Socket outboxOut;
    private final int port;
    private final IConnectionCallback callback;
    private final Supplier<Object> newConnectionResponse;
    private final ZContext zmq;
    /** Routing id (as a key) to routing id of every client that said hello and has not gone away. */
    private final Map<String, byte[]> clients = new LinkedHashMap<>();
    private final AtomicLong received = new AtomicLong();
    private final Thread receiveThread;
    private volatile boolean closing;

    ZmqServer(ZContext zmq, int port, IConnectionCallback callback, Supplier<Object> newConnectionResponse) {
        this.zmq = zmq;
        this.callback = callback;
        this.newConnectionResponse = newConnectionResponse;
        router = zmq.createSocket(SocketType.ROUTER);
        router.setLinger(0);
        // a send to a client that is gone fails (and forgets it) instead of vanishing silently
        router.setRouterMandatory(true);
        router.setRcvHWM(ZmqContext.HIGH_WATER_MARK);
        router.setSndHWM(ZmqContext.HIGH_WATER_MARK);
        try {
            router.bind("tcp://*:" + (port == 0 ? "*" : Integer.toString(port)));
        } catch (ZMQException e) {
            zmq.destroySocket(router);
            throw new IllegalStateException("cannot bind the ZeroMQ transport to port " + port + ": " + e.getMessage(), e);
        }
        String endpoint = router.getLastEndpoint();
        this.port = Integer.parseInt(endpoint.substring(endpoint.lastIndexOf(':') + 1));
        String outbox = "inproc://stormsim-server-outbox-" + INPROC_IDS.incrementAndGet();
        outboxIn = zmq.createSocket(SocketType.PULL);
        outboxIn.bind(outbox);
        outboxOut = zmq.createSocket(SocketType.PUSH);
        outboxOut.setLinger(0);
        outboxOut.connect(outbox);
        receiveThread = new Thread(this::receiveLoop, "zmq-server-" + this.port);
        receiveThread.setDaemon(true);
        receiveThread.start();
        LOG.info("ZeroMQ transport: worker ROUTER bound to {}", endpoint);
    }

    private void receiveLoop() {
        try (ZMQ.Poller poller = zmq.createPoller(2)) {
            int routerIndex = poller.register(router, ZMQ.Poller.POLLIN);
            int outboxIndex = poller.register(outboxIn, ZMQ.Poller.POLLIN);
            while (!closing) {
                poller.poll(POLL_MS);
                if (poller.pollin(routerIndex)) {
                    drainRouter();
                }
                if (poller.pollin(outboxIndex)) {
                    drainOutbox();
                }
            }
        } catch (RuntimeException e) {
            if (!closing) {
                LOG.error("ZeroMQ server on port {} stopped receiving", port, e);
            }
        } finally {
            zmq.destroySocket(router);
            zmq.destroySocket(outboxIn);
        }
    }

    private void drainRouter() {
        byte[] routingId;
        while ((routingId = router.recv(ZMQ.DONTWAIT)) != null) {
            byte[] frame = router.recv(0);
            if (frame.length == 0) {
                continue;
            }
            if (frame[0] == Frames.BATCH) {
                int[] tasks = Frames.readBatchHeader(frame);
                List<TaskMessage> batch = new ArrayList<>(tasks.length);
                for (int task : tasks) {
                    // the frame ZeroMQ received is the payload: no copy
                    batch.add(new TaskMessage(task, router.recv(0)));
                }
                received.addAndGet(batch.size());
                callback.recv(batch);
            } else if (frame[0] == Frames.HELLO) {
                welcome(routingId);
            } else {
                LOG.warn("ZeroMQ server on port {}: ignored a frame of unknown type {}", port, frame[0]);
            }
        }
    }

    /** Remembers the client and tells it the current back-pressure, then that it is ready. */
    private void welcome(byte[] routingId) {
        clients.put(new String(routingId, java.nio.charset.StandardCharsets.ISO_8859_1), routingId);
        Object response = newConnectionResponse == null ? null : newConnectionResponse.get();
        if (response instanceof BackPressureStatus) {
            sendTo(routingId, Frames.backPressure((BackPressureStatus) response));
        } else if (response != null) {
            LOG.warn("ZeroMQ server on port {}: cannot send a new-connection response of type {}", port,
                    response.getClass().getName());
        }
        sendTo(routingId, Frames.WELCOME_FRAME);
    }

    private void drainOutbox() {
        byte[] frame;
        while ((frame = outboxIn.recv(ZMQ.DONTWAIT)) != null) {
            if (frame.length == 1 && frame[0] == STOP[0]) {
                return;
            }
            for (byte[] routingId : new ArrayList<>(clients.values())) {
                sendTo(routingId, frame);
            }
        }
    }

    /** Sends without waiting; a client that is gone or cannot keep up is forgotten (it says hello again). */
    private void sendTo(byte[] routingId, byte[] frame) {
        boolean sent;
        try {
            sent = router.send(routingId, ZMQ.SNDMORE | ZMQ.DONTWAIT) && router.send(frame, ZMQ.DONTWAIT);
        } catch (ZMQException e) {
            sent = false;
        }
        if (!sent) {
            clients.remove(new String(routingId, java.nio.charset.StandardCharsets.ISO_8859_1));
        }
    }

    private void broadcast(byte[] frame) {
        if (closing) {
            return;
        }
        synchronized (outboxOut) {
            outboxOut.send(frame, 0);
        }
    }

    @Override
    public void sendLoadMetrics(Map<Integer, Double> taskToLoad) {
        broadcast(Frames.load(taskToLoad));
    }

    @Override
    public void sendBackPressureStatus(BackPressureStatus status) {
        LOG.debug("ZeroMQ server on port {}: back-pressure status to connected workers: {}", port, status);
        broadcast(Frames.backPressure(status));
    }

    @Override
    public void send(Iterator<TaskMessage> messages) {
        throw new UnsupportedOperationException("a server connection receives; it does not send task messages");
    }

    @Override
    public Map<Integer, Load> getLoad(Collection<Integer> tasks) {
        throw new UnsupportedOperationException("a server connection has no remote load");
    }

    @Override
    public int getPort() {
        return port;
    }

    /** Task messages handed to Storm so far. */
    long received() {
        return received.get();
    }

    @Override
    public Status status() {
        return closing ? Status.Closed : Status.Ready;
    }

    @Override
    public void close() {
        if (closing) {
            return;
        }
        synchronized (outboxOut) {
            closing = true;
            outboxOut.send(STOP, 0);
            zmq.destroySocket(outboxOut);
        }
        try {
            receiveThread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "ZeroMQ server on port " + port;
    }
}
