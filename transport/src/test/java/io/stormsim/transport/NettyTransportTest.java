package io.stormsim.transport;

import java.util.Map;
import org.apache.storm.messaging.IContext;
import org.apache.storm.messaging.netty.Context;

/** Storm's default transport passes the conformance tests: they describe what Storm relies on. */
class NettyTransportTest extends TransportConformanceTest {
    @Override
    IContext newContext(Map<String, Object> conf) {
        Context context = new Context();
        context.prepare(conf);
        return context;
    }
}
