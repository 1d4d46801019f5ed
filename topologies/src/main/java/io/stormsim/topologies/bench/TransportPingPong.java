package io.stormsim.topologies.bench;

import io.stormsim.pingpong.PingPongConfig;
import io.stormsim.pingpong.RoundTripLoop;
import io.stormsim.pingpong.RoundTripTable;
import io.stormsim.run.RunConfig;
import io.stormsim.transport.ZmqContext;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.storm.messaging.ConnectionWithStatus;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.IContext;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.messaging.netty.Context;
import org.apache.storm.utils.Utils;

/**
 * Ping-pong through Storm's messaging plug-in alone, without executors and the worker's transfer thread:
 * two contexts (two "workers") in one JVM over loopback TCP; the far end echoes from its receive callback.
 * Separates what a transport costs from what Storm's worker adds around it.
 *
 * <pre>TransportPingPong netty|zeromq payloads=88,8072 modes=sync,async window=32 warmup.seconds=2 seconds=4 rounds=200000</pre>
 */
public final class TransportPingPong {
    private TransportPingPong() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, Object> conf = new HashMap<>();
        conf.put(RunConfig.OUTPUT_DIR, ".");
        for (int i = 1; i < args.length; i++) {
            String[] kv = args[i].split("=", 2);
            conf.put("stormsim.pingpong." + kv[0], kv[1]);
        }
        PingPongConfig config = PingPongConfig.from(conf);
        Map<String, Object> stormConf = Utils.readDefaultConfig();
        stormConf.put("topology.name", "transport-pingpong");
        IContext near = context(args[0], stormConf);
        IContext far = context(args[0], stormConf);
        BlockingQueue<Integer> echoes = new LinkedBlockingQueue<>();
        IConnection[] back = new IConnection[1];
        IConnection nearServer = near.bind("t", 0, batch -> batch.forEach(m -> echoes.add(m.message().length)), null);
        IConnection farServer = far.bind("t", 0, batch -> back[0].send(batch.iterator()), null);
        IConnection out = near.connect("t", "127.0.0.1", farServer.getPort(), flags());
        back[0] = far.connect("t", "127.0.0.1", nearServer.getPort(), flags());
        while (((ConnectionWithStatus) out).status() != ConnectionWithStatus.Status.Ready
                || ((ConnectionWithStatus) back[0]).status() != ConnectionWithStatus.Status.Ready) {
            Thread.sleep(10);
        }
        List<String> rows = RoundTripLoop.run(config, "iconnection/" + args[0], new RoundTripLoop.Link() {
            @Override
            public void send(byte[] payload) {
                out.send(List.of(new TaskMessage(1, payload)).iterator());
            }

            @Override
            public int receive() throws java.io.IOException {
                try {
                    return echoes.take();
                } catch (InterruptedException e) {
                    throw new java.io.InterruptedIOException();
                }
            }
        });
        System.out.println(RoundTripTable.CSV_HEADER);
        rows.forEach(System.out::println);
        System.exit(0);
    }

    private static IContext context(String transport, Map<String, Object> conf) {
        IContext context = switch (transport) {
            case "netty" -> new Context();
            case "zeromq" -> new ZmqContext();
            default -> throw new IllegalArgumentException("transport = " + transport + ": must be netty or zeromq");
        };
        context.prepare(conf);
        return context;
    }

    private static AtomicBoolean[] flags() {
        AtomicBoolean[] flags = new AtomicBoolean[4];
        for (int i = 0; i < flags.length; i++) {
            flags[i] = new AtomicBoolean();
        }
        return flags;
    }
}
