package io.stormsim.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/**
 * The publisher never blocks: with no subscriber, and with a subscriber that stopped reading, every
 * publish returns; past the high-water mark messages are dropped and counted. A subscriber started before
 * the bind gets every message. (The class timeout only turns a blocked publisher into a failure instead of
 * a hung build.)
 */
@Timeout(120)
class StreamPublisherTest {
    private static final byte[] PAYLOAD = new byte[64 * 1024];

    static String freeEndpoint() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return "tcp://127.0.0.1:" + s.getLocalPort();
        }
    }

    private static final Duration LONG_JOIN_WINDOW = Duration.ofMinutes(1);

    @Test
    void withNoSubscriberAfterTheJoinWindowEveryMessageIsSentToNobody() throws Exception {
        try (StreamPublisher publisher = new StreamPublisher("stormsim.stream.bind", freeEndpoint(), 10, Duration.ZERO)) {
            for (int i = 0; i < 10_000; i++) {
                assertTrue(publisher.publish("diag", PAYLOAD));
            }
            assertEquals(10_000, publisher.sent());
            assertEquals(0, publisher.dropped());
        }
    }

    @Test
    void withNoSubscriberInTheJoinWindowMessagesAreHeldUpToTheHighWaterMark() throws Exception {
        try (StreamPublisher publisher = new StreamPublisher("stormsim.stream.bind", freeEndpoint(), 10, LONG_JOIN_WINDOW)) {
            for (int i = 0; i < 15; i++) {
                assertEquals(i < 10, publisher.publish("diag", PAYLOAD), "message " + i);
            }
            assertEquals(10, publisher.held());
            assertEquals(0, publisher.sent());
            assertEquals(5, publisher.dropped());
        }
    }

    /** The slow joiner: a plain PUB socket would send the first messages before the subscription arrives. */
    @Test
    void aSubscriberStartedBeforeTheBindGetsEveryMessageInOrder() throws Exception {
        String endpoint = freeEndpoint();
        try (ZContext zmq = new ZContext(1)) {
            ZMQ.Socket subscriber = zmq.createSocket(SocketType.SUB);
            subscriber.subscribe("diag");
            subscriber.setReceiveTimeOut(100);
            subscriber.connect(endpoint);
            try (StreamPublisher publisher = new StreamPublisher("stormsim.stream.bind", endpoint, 1000, LONG_JOIN_WINDOW)) {
                int published = 0;
                for (; published < 5; published++) {
                    assertTrue(publisher.publish("diag", Integer.toString(published).getBytes()));
                }
                byte[] topic;
                while ((topic = subscriber.recv()) == null) {
                    assertTrue(publisher.publish("diag", Integer.toString(published++).getBytes()));
                    assertTrue(published < 1000, "the subscriber never joined");
                }
                for (int expected = 0; expected < published; expected++) {
                    if (expected > 0) {
                        topic = subscriber.recv();
                    }
                    assertArrayEquals("diag".getBytes(), topic);
                    assertEquals(Integer.toString(expected), new String(subscriber.recv()), "messages in publishing order");
                }
                assertEquals(published, publisher.sent());
                assertEquals(0, publisher.held());
            }
        }
    }

    @Test
    void aStalledSubscriberMakesThePublisherDropAndCountNotWait() throws Exception {
        String endpoint = freeEndpoint();
        try (StreamPublisher publisher = new StreamPublisher("stormsim.stream.bind", endpoint, 10, LONG_JOIN_WINDOW);
             ZContext zmq = new ZContext(1)) {
            ZMQ.Socket subscriber = zmq.createSocket(SocketType.SUB);
            subscriber.setRcvHWM(10);
            subscriber.subscribe("diag");
            subscriber.connect(endpoint);
            // the subscription reaches the publisher asynchronously: publish until the first message arrives
            subscriber.setReceiveTimeOut(100);
            long attempts = 0;
            byte[] first = null;
            while (first == null) {
                publisher.publish("diag", PAYLOAD);
                attempts++;
                first = subscriber.recv();
            }
            assertArrayEquals("diag".getBytes(), first);
            assertNotNull(subscriber.recv());
            // now the subscriber stops reading: queues and socket buffers fill, then messages are dropped
            while (publisher.dropped() == 0) {
                publisher.publish("diag", PAYLOAD);
                attempts++;
                assertTrue(attempts < 100_000, "no message dropped after " + attempts + " (64 KiB each)");
            }
            for (int i = 0; i < 1000; i++) {
                publisher.publish("diag", PAYLOAD);
                attempts++;
            }
            assertEquals(attempts, publisher.sent() + publisher.dropped(), "every publish is sent or dropped");
            assertTrue(publisher.dropped() > 1, "the stalled subscriber's queue stays full: " + publisher.dropped());
        }
    }

    @Test
    void aTakenPortIsAnErrorNamingTheKeyAndTheEndpoint() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            String endpoint = "tcp://127.0.0.1:" + taken.getLocalPort();
            StreamPublisher.BindException e = assertThrows(StreamPublisher.BindException.class,
                    () -> new StreamPublisher("stormsim.stream.bind", endpoint, 10, LONG_JOIN_WINDOW));
            assertTrue(e.getMessage().startsWith("stormsim.stream.bind = " + endpoint + ": cannot bind"), e.getMessage());
            assertTrue(e.getMessage().contains("address in use"), e.getMessage());
        }
    }
}
