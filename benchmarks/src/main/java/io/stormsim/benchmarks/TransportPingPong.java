package io.stormsim.benchmarks;

import io.stormsim.pingpong.PingPongConfig;
import io.stormsim.pingpong.RoundTripLoop;
import io.stormsim.pingpong.RoundTripTable;
import io.stormsim.transport.ZmqContext;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.storm.messaging.ConnectionWithStatus;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.IContext;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.messaging.netty.Context;
import org.apache.storm.utils.Utils;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * Ping-pong through Storm's messaging plug-in alone, without executors and the worker's transfer thread:
 * two contexts (two "workers") in one JVM over loopback TCP; the far end echoes from its receive callback.
 * Separates what a transport costs from what Storm's worker adds around it.
 */
@Command(name = "transport-pingpong", sortOptions = false,
        description = {"Ping-pong through Storm's messaging plug-in alone (two contexts in one JVM, loopback TCP), with the"
                + " schedule of pingpong.yaml; CSV rows (docs/performance/pingpong.md)."},
        footer = {"e.g. stormsim bench transport-pingpong zeromq --set payloads=88,8072,648072 --set warmup.seconds=2 --set seconds=4"})
public final class TransportPingPong implements Callable<Integer> {
    /** Storm's own Netty transport and ours on JeroMQ. */
    enum Transport {
        netty, zeromq
    }

    @Parameters(index = "0", paramLabel = "TRANSPORT", description = "netty or zeromq")
    private Transport transport;
    @Mixin
    private PingPongSchedule schedule;

    @Override
    public Integer call() throws Exception {
        PingPongConfig config = schedule.config();
        Map<String, Object> stormConf = Utils.readDefaultConfig();
        stormConf.put("topology.name", "transport-pingpong");
        IContext near = context(transport, stormConf);
        IContext far = context(transport, stormConf);
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
        List<String> rows = RoundTripLoop.run(config, "iconnection/" + transport, new RoundTripLoop.Link() {
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
        return 0;
    }

    private static IContext context(Transport transport, Map<String, Object> conf) {
        IContext context = switch (transport) {
            case netty -> new Context();
            case zeromq -> new ZmqContext();
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
