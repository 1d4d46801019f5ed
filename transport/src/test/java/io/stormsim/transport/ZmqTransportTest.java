package io.stormsim.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.storm.messaging.IContext;
import org.apache.storm.messaging.TaskMessage;
import org.junit.jupiter.api.Test;

/** The ZeroMQ transport passes the same conformance tests as Netty, and counts what it drops. */
class ZmqTransportTest extends TransportConformanceTest {
    @Override
    IContext newContext(Map<String, Object> conf) {
        ZmqContext context = new ZmqContext();
        context.prepare(conf);
        return context;
    }

    @Test
    void nettyAuthenticationOrTlsIsRefusedNotIgnored() {
        for (String key : ZmqContext.REFUSED_SECURITY) {
            String error = assertThrows(IllegalArgumentException.class, () -> new ZmqContext().prepare(Map.of(key, true)))
                    .getMessage();
            assertTrue(error.startsWith(key + " = true is not allowed with io.stormsim.transport.ZmqContext: must be false"),
                    error);
        }
    }

    @Test
    void messagesToAnAbsentPeerAreDroppedAndCounted() throws Exception {
        ZmqContext context = new ZmqContext();
        context.prepare(Map.of());
        try {
            ZmqClient client = (ZmqClient) context.connect("t", "127.0.0.1", freePort(), new AtomicBoolean[0]);
            TaskMessage message = new TaskMessage(1, new byte[] {7});
            client.send(List.of(message, message, message).iterator());
            client.send(List.of(message).iterator());
            assertEquals(4, client.dropped());
            assertEquals(0, client.sent());
        } finally {
            context.term();
        }
    }
}
