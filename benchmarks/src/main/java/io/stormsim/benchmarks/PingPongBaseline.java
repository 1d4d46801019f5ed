package io.stormsim.benchmarks;

import io.stormsim.pingpong.PingPongConfig;
import io.stormsim.pingpong.RoundTripLoop;
import io.stormsim.pingpong.RoundTripTable;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The ping-pong baselines outside Storm, one JVM at each end (started by {@link PingPongBench}): plain Java
 * sockets, and raw JeroMQ (DEALER to ROUTER). {@link Echo} serves until killed; {@link Ping} runs the same
 * schedule as the topology ({@link RoundTripLoop}) and prints one CSV row per phase.
 */
final class PingPongBaseline {
    /** The transports of the baselines, with the name their rows carry. */
    enum Transport {
        socket("java-socket"), jeromq("jeromq");

        final String label;

        Transport(String label) {
            this.label = label;
        }
    }

    private PingPongBaseline() {
    }

    /** Both ends' options: the transport, and the loopback port the echo listens on. */
    static final class Endpoint {
        @Option(names = "--transport", required = true)
        Transport transport;
        @Option(names = "--port", required = true)
        int port;
    }

    @Command(name = Echo.NAME, hidden = true)
    static final class Echo implements Callable<Integer> {
        static final String NAME = "pingpong-echo";
        @Mixin
        private Endpoint endpoint;

        @Override
        public Integer call() throws IOException {
            if (endpoint.transport == Transport.socket) {
                socketEcho(endpoint.port);
            } else {
                zmqEcho(endpoint.port);
            }
            return 0;
        }
    }

    @Command(name = Ping.NAME, hidden = true)
    static final class Ping implements Callable<Integer> {
        static final String NAME = "pingpong-ping";
        @Mixin
        private Endpoint endpoint;
        @Mixin
        private PingPongSchedule schedule;

        @Override
        public Integer call() throws Exception {
            PingPongConfig config = schedule.config();
            System.out.println(RoundTripTable.CSV_HEADER);
            Transport transport = endpoint.transport;
            if (transport == Transport.socket) {
                try (Socket s = new Socket()) {
                    s.setTcpNoDelay(true);
                    s.connect(new InetSocketAddress("127.0.0.1", endpoint.port));
                    RoundTripLoop.run(config, transport.label, new SocketLink(s)).forEach(System.out::println);
                }
            } else {
                try (ZContext zmq = new ZContext(1)) {
                    ZMQ.Socket dealer = zmq.createSocket(SocketType.DEALER);
                    dealer.setSndHWM(0);
                    dealer.setRcvHWM(0);
                    dealer.connect("tcp://127.0.0.1:" + endpoint.port);
                    RoundTripLoop.run(config, transport.label, new ZmqLink(dealer)).forEach(System.out::println);
                }
            }
            return 0;
        }
    }

    /** Echoes length-prefixed messages, one connection at a time. */
    private static void socketEcho(int port) throws IOException {
        try (ServerSocket server = new ServerSocket(port)) {
            while (true) {
                try (Socket s = server.accept()) {
                    s.setTcpNoDelay(true);
                    DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream(), 1 << 16));
                    DataOutputStream out = new DataOutputStream(new BufferedOutputStream(s.getOutputStream(), 1 << 16));
                    byte[] buffer = new byte[0];
                    while (true) {
                        int length = in.readInt();
                        if (buffer.length < length) {
                            buffer = new byte[length];
                        }
                        in.readFully(buffer, 0, length);
                        out.writeInt(length);
                        out.write(buffer, 0, length);
                        out.flush();
                    }
                } catch (IOException e) {
                    // the pinger went away: wait for the next
                }
            }
        }
    }

    private static void zmqEcho(int port) {
        try (ZContext zmq = new ZContext(1)) {
            ZMQ.Socket router = zmq.createSocket(SocketType.ROUTER);
            router.setSndHWM(0);
            router.setRcvHWM(0);
            router.bind("tcp://*:" + port);
            while (!Thread.currentThread().isInterrupted()) {
                byte[] id = router.recv(0);
                byte[] payload = router.recv(0);
                router.send(id, ZMQ.SNDMORE);
                router.send(payload, 0);
            }
        }
    }

    /**
     * Length-prefixed messages on a socket. With one ping outstanding the caller writes; with a window, a
     * writer thread does, as a blocking writer with many large pings in flight would fill both directions'
     * socket buffers and deadlock with the echo.
     */
    private static final class SocketLink implements RoundTripLoop.Link {
        private final DataInputStream in;
        private final DataOutputStream out;
        private final BlockingQueue<byte[]> toWrite = new ArrayBlockingQueue<>(100_000);
        private boolean viaWriter;

        SocketLink(Socket s) throws IOException {
            in = new DataInputStream(new BufferedInputStream(s.getInputStream(), 1 << 16));
            out = new DataOutputStream(new BufferedOutputStream(s.getOutputStream(), 1 << 16));
            Thread writer = new Thread(() -> {
                try {
                    while (true) {
                        write(toWrite.take());
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, "socket-writer");
            writer.setDaemon(true);
            writer.start();
        }

        @Override
        public void startPhase(PingPongConfig.Phase phase) {
            viaWriter = phase.window() > 1;
        }

        private void write(byte[] payload) throws IOException {
            out.writeInt(payload.length);
            out.write(payload);
            out.flush();
        }

        @Override
        public void send(byte[] payload) throws IOException {
            if (viaWriter) {
                toWrite.add(payload);
            } else {
                write(payload);
            }
        }

        @Override
        public int receive() throws IOException {
            int length = in.readInt();
            in.skipNBytes(length);
            return length;
        }
    }

    private record ZmqLink(ZMQ.Socket dealer) implements RoundTripLoop.Link {
        @Override
        public void send(byte[] payload) {
            dealer.send(payload, 0);
        }

        @Override
        public int receive() {
            return dealer.recv(0).length;
        }
    }
}
