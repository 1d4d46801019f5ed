package io.stormsim.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.apache.storm.grouping.Load;
import org.apache.storm.messaging.ConnectionWithStatus;
import org.apache.storm.messaging.ConnectionWithStatus.Status;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.IConnectionCallback;
import org.apache.storm.messaging.IContext;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.messaging.netty.BackPressureStatus;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a Storm worker relies on from its messaging plug-in, checked by the same code for every transport
 * (subclasses make the context). Waits are bounded liveness checks, not timing assertions.
 */
abstract class TransportConformanceTest {
    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final int TASKS = 16;
    private static final String TOPOLOGY = "conformance-1-1";

    private IContext context;
    private final List<IConnection> opened = new ArrayList<>();

    /** The transport under test, prepared with {@code conf}. */
    abstract IContext newContext(Map<String, Object> conf);

    @BeforeEach
    void prepare() {
        Map<String, Object> conf = Utils.readDefaultConfig();
        conf.put("topology.name", "conformance");
        context = newContext(conf);
    }

    @AfterEach
    void terminate() {
        opened.forEach(IConnection::close);
        context.term();
    }

    @Test
    void aClientConnectsToAServerThatStartsLater() throws Exception {
        int port = freePort();
        ConnectionWithStatus client = connect(port, flags());
        Thread.sleep(300);
        assertNotEquals(Status.Ready, client.status(), "no server yet");

        Received received = new Received();
        bind(port, received, null);
        awaitReady(client);
        client.send(List.of(new TaskMessage(3, new byte[] {42})).iterator());
        await(() -> received.count() == 1, "the message sent after the late server start arrives");
        assertEquals(3, received.all().get(0).task());
        assertArrayEquals(new byte[] {42}, received.all().get(0).message());
    }

    @Test
    void connectionsReportTheirStatus() {
        ConnectionWithStatus server = bind(0, new Received(), null);
        assertEquals(Status.Ready, server.status());
        ConnectionWithStatus client = connect(server.getPort(), flags());
        awaitReady(client);
        client.close();
        assertEquals(Status.Closed, client.status());
    }

    @Test
    void thousandsOfMessagesArriveInOrderAndIntact() {
        Received received = new Received();
        ConnectionWithStatus server = bind(0, received, null);
        ConnectionWithStatus client = connect(server.getPort(), flags());
        awaitReady(client);

        List<TaskMessage> expected = new ArrayList<>();
        int batchSize = 1;
        while (expected.size() < 5000) {
            List<TaskMessage> batch = new ArrayList<>();
            for (int i = 0; i < batchSize; i++) {
                int n = expected.size();
                // never empty: Storm never sends an empty message, and Netty reads one back as null
                byte[] payload = new byte[1 + (n * 37) % 3000];
                for (int b = 0; b < payload.length; b++) {
                    payload[b] = (byte) (n + b);
                }
                TaskMessage message = new TaskMessage(n % TASKS, payload);
                expected.add(message);
                batch.add(message);
            }
            client.send(batch.iterator());
            batchSize = batchSize % 50 + 1;
        }
        await(() -> received.count() >= expected.size(), "all 5000 messages arrive");
        List<TaskMessage> got = received.all();
        assertEquals(expected.size(), got.size());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i).task(), got.get(i).task(), "task of message " + i);
            assertArrayEquals(expected.get(i).message(), got.get(i).message(), "payload of message " + i);
        }
    }

    @Test
    void backPressureFlagsReachTheClient() {
        AtomicBoolean[] flags = flags();
        ConnectionWithStatus server = bind(0, new Received(),
                () -> new BackPressureStatus("server-worker", new ArrayList<>(List.of(2, 5)), new ArrayList<>()));
        ConnectionWithStatus client = connect(server.getPort(), flags);
        awaitReady(client);
        await(() -> flags[2].get() && flags[5].get(), "the status sent on connection sets tasks 2 and 5");

        // Storm's own collections (the Kryo registrations Netty relies on); TASKS + 100 is a task the client does not know
        server.sendBackPressureStatus(
                new BackPressureStatus("server-worker", new ArrayList<>(List.of(7, TASKS + 100)), new ArrayList<>(List.of(2))));
        await(() -> flags[7].get() && !flags[2].get(), "the broadcast status sets 7 and clears 2");
        assertTrue(flags[5].get(), "task 5 is not named, so it keeps its flag");
        for (int task : new int[] {0, 1, 3, 4, 6, 8}) {
            assertFalse(flags[task].get(), "task " + task + " was never under back-pressure");
        }
    }

    @Test
    void loadMetricsReachTheClient() {
        ConnectionWithStatus server = bind(0, new Received(), null);
        ConnectionWithStatus client = connect(server.getPort(), flags());
        awaitReady(client);
        assertTrue(client.getLoad(List.of(4, 5)).isEmpty(), "no load known before the server sends any");

        // sent again while waiting, as the worker does every few seconds: a client is ready on its side
        // (Netty: channel active) a moment before the server counts it among the clients it broadcasts to
        await(() -> {
            server.sendLoadMetrics(new HashMap<>(Map.of(4, 0.5, 5, 0.25)));
            return client.getLoad(List.of(4, 5, 6)).size() == 2;
        }, "the load of tasks 4 and 5 arrives");
        Map<Integer, Load> load = client.getLoad(List.of(4, 5, 6));
        assertTrue(load.get(4).hasMetrics());
        assertEquals(0.5, load.get(4).getBoltLoad());
        assertEquals(0.25, load.get(5).getBoltLoad());
        assertFalse(load.containsKey(6), "the server sent nothing for task 6");
    }

    @Test
    void aDeadPeerDoesNotBlockSend() {
        ConnectionWithStatus server = bind(0, new Received(), null);
        ConnectionWithStatus client = connect(server.getPort(), flags());
        awaitReady(client);
        server.close();
        await(() -> client.status() != Status.Ready, "the client sees the server go");

        byte[] payload = new byte[8072];
        assertTimeoutPreemptively(PATIENCE, () -> {
            for (int round = 0; round < 2000; round++) {
                List<TaskMessage> batch = new ArrayList<>();
                for (int i = 0; i < 10; i++) {
                    batch.add(new TaskMessage(1, payload));
                }
                client.send(batch.iterator());
            }
        }, "20,000 messages (160 MB) to a dead peer are dropped, not queued or waited on");
        assertNotEquals(Status.Closed, client.status(), "the client keeps trying to reconnect");
    }

    @Test
    void aClientReconnectsWhenTheServerIsBoundAgain() {
        Received first = new Received();
        ConnectionWithStatus server = bind(0, first, null);
        int port = server.getPort();
        ConnectionWithStatus client = connect(port, flags());
        awaitReady(client);
        client.send(List.of(new TaskMessage(1, new byte[] {1})).iterator());
        await(() -> first.count() == 1, "the first server gets its message");
        server.close();
        await(() -> client.status() != Status.Ready, "the client sees the first server go");

        Received second = new Received();
        bind(port, second, null);
        // Netty reconnects when asked to send; ZeroMQ on its own: probes serve both
        await(() -> {
            client.send(List.of(new TaskMessage(0, new byte[] {0})).iterator());
            return client.status() == Status.Ready;
        }, "the client connects to the new server");
        for (int i = 0; i < 100; i++) {
            client.send(List.of(new TaskMessage(9, new byte[] {(byte) i})).iterator());
        }
        await(() -> second.withTask(9).size() == 100, "the new server gets all 100 messages");
        List<TaskMessage> got = second.withTask(9);
        for (int i = 0; i < 100; i++) {
            assertEquals((byte) i, got.get(i).message()[0], "message " + i + " in order");
        }
    }

    private ConnectionWithStatus bind(int port, IConnectionCallback callback, Supplier<Object> newConnectionResponse) {
        IConnection server = context.bind(TOPOLOGY, port, callback, newConnectionResponse);
        opened.add(server);
        return (ConnectionWithStatus) server;
    }

    private ConnectionWithStatus connect(int port, AtomicBoolean[] flags) {
        IConnection client = context.connect(TOPOLOGY, "127.0.0.1", port, flags);
        opened.add(client);
        return (ConnectionWithStatus) client;
    }

    private static AtomicBoolean[] flags() {
        AtomicBoolean[] flags = new AtomicBoolean[TASKS];
        for (int i = 0; i < TASKS; i++) {
            flags[i] = new AtomicBoolean();
        }
        return flags;
    }

    private static void awaitReady(ConnectionWithStatus connection) {
        await(() -> connection.status() == Status.Ready, connection + " becomes ready");
    }

    private static void await(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + PATIENCE.toSeconds() + " s: " + what);
            }
            try {
                TimeUnit.MILLISECONDS.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** Everything a server hands to Storm, in arrival order. */
    private static final class Received implements IConnectionCallback {
        private final List<TaskMessage> messages = new ArrayList<>();

        @Override
        public synchronized void recv(List<TaskMessage> batch) {
            messages.addAll(batch);
        }

        synchronized int count() {
            return messages.size();
        }

        synchronized List<TaskMessage> all() {
            return new ArrayList<>(messages);
        }

        synchronized List<TaskMessage> withTask(int task) {
            return messages.stream().filter(m -> m.task() == task).toList();
        }
    }
}
