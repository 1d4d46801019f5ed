package io.stormsim.transport;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.apache.storm.messaging.ConnectionWithStatus;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.IConnectionCallback;
import org.apache.storm.messaging.IContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.zeromq.ZContext;

/**
 * Storm's worker messaging on ZeroMQ (JeroMQ, pure Java): selected by
 * {@code storm.messaging.transport: "io.stormsim.transport.ZmqContext"} in the topology's YAML. Each worker
 * binds one ROUTER to its port ({@link ZmqServer}) and connects one DEALER to each remote worker
 * ({@link ZmqClient}). One ZeroMQ I/O thread per worker, plus a keeper thread that, every
 * {@link #KEEPER_INTERVAL_MS} ms, reads connection events and what servers send back to clients.
 *
 * <p>Limits: no TLS, no Kerberos or SASL (ZeroMQ's security is CURVE, not wired here); the connection load
 * Storm's load-aware grouping reads is always 0 (ZeroMQ does not expose its queue depth).
 */
public final class ZmqContext implements IContext {
    private static final Logger LOG = LoggerFactory.getLogger(ZmqContext.class);
    /** Frames (batches) queued per socket before a sender waits. */
    static final int HIGH_WATER_MARK = 1000;
    static final int RECONNECT_MIN_MS = 100;
    static final int RECONNECT_MAX_MS = 1000;
    static final long KEEPER_INTERVAL_MS = 2;
    private static final AtomicInteger CONTEXT_IDS = new AtomicInteger();

    private final int contextId = CONTEXT_IDS.incrementAndGet();
    private final AtomicInteger clientIds = new AtomicInteger();
    private final List<ZmqServer> servers = new CopyOnWriteArrayList<>();
    private final List<ZmqClient> clients = new CopyOnWriteArrayList<>();
    private ZContext zmq;
    private Thread keeper;
    private volatile boolean terminated;

    /** Netty's security settings: this transport has neither, and refuses to run in their place silently. */
    static final List<String> REFUSED_SECURITY = List.of("storm.messaging.netty.authentication",
            "storm.messaging.netty.tls.enable");

    @Override
    public void prepare(Map<String, Object> topoConf) {
        for (String key : REFUSED_SECURITY) {
            Object value = topoConf.get(key);
            if (value != null && Boolean.parseBoolean(value.toString())) {
                throw new IllegalArgumentException(key + " = " + value + " is not allowed with " + getClass().getName()
                        + ": must be false (the ZeroMQ transport has no SASL, Kerberos or TLS; use Storm's Netty"
                        + " transport for authenticated or encrypted worker traffic)");
            }
        }
        zmq = new ZContext(1);
        zmq.setLinger(0);
        keeper = new Thread(this::keep, "zmq-client-keeper-" + contextId);
        keeper.setDaemon(true);
        keeper.start();
        LOG.info("Storm messaging on ZeroMQ (JeroMQ)");
    }

    private void keep() {
        while (!terminated) {
            clients.removeIf(client -> client.status() == ConnectionWithStatus.Status.Closed);
            for (ZmqClient client : clients) {
                try {
                    client.service();
                } catch (RuntimeException e) {
                    LOG.warn("ZeroMQ {}: {}", client, e.toString());
                }
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(KEEPER_INTERVAL_MS));
        }
    }

    @Override
    public IConnection bind(String stormId, int port, IConnectionCallback callback, Supplier<Object> newConnectionResponse) {
        ZmqServer server = new ZmqServer(zmq, port, callback, newConnectionResponse);
        servers.add(server);
        return server;
    }

    @Override
    public IConnection connect(String stormId, String host, int port, AtomicBoolean[] remoteBackPressure) {
        String monitorEndpoint = "inproc://stormsim-monitor-" + contextId + "-" + clientIds.incrementAndGet();
        ZmqClient client = new ZmqClient(zmq, host, port, remoteBackPressure, monitorEndpoint);
        clients.add(client);
        return client;
    }

    @Override
    public void term() {
        terminated = true;
        try {
            keeper.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        clients.forEach(ZmqClient::close);
        servers.forEach(ZmqServer::close);
        zmq.close();
    }
}
