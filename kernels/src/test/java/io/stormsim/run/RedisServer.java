package io.stormsim.run;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real Redis server for a test (Debian's redis-server: .ci/run installs it where it is missing), on a free
 * loopback port, without persistence, its files in {@code dir}. Where redis-server is not installed the test is
 * reported as not run, except under CI (CI=true), where that is a failure.
 */
public final class RedisServer implements AutoCloseable {
    private final String binary;
    private final Path dir;
    private final int port;
    private Process process;
    public final URI url;

    private RedisServer(String binary, Path dir, int port) {
        this.binary = binary;
        this.dir = dir;
        this.port = port;
        this.url = URI.create("redis://127.0.0.1:" + port);
    }

    public static RedisServer start(Path dir) throws Exception {
        String binary = installed();
        Files.createDirectories(dir);
        RedisServer server = new RedisServer(binary, dir, freeLoopbackPort());
        server.restart();
        return server;
    }

    /** A loopback port nothing listens on now: for a test server, or for a store that does not answer. */
    public static int freeLoopbackPort() throws IOException {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress("127.0.0.1", 0));
            return s.getLocalPort();
        }
    }

    /** Starts the server (again, after {@link #kill}) on its port, empty, and waits until it answers. */
    public void restart() throws Exception {
        process = new ProcessBuilder(binary, "--port", String.valueOf(port), "--bind", "127.0.0.1", "--save", "",
                "--appendonly", "no", "--dir", dir.toString()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("redis.log").toFile())).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!answers()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                kill();
                throw new IllegalStateException("redis-server on port " + port + " did not start: "
                        + Files.readString(dir.resolve("redis.log")));
            }
            Thread.sleep(20);
        }
    }

    private static String installed() {
        for (String dir : List.of("/usr/bin", "/usr/local/bin", "/usr/sbin")) {
            if (Files.isExecutable(Path.of(dir, "redis-server"))) {
                return dir + "/redis-server";
            }
        }
        if ("true".equals(System.getenv("CI"))) {
            throw new IllegalStateException("redis-server is not installed: .ci/run installs it (apt-get install"
                    + " redis-server)");
        }
        assumeTrue(false, "not run: redis-server is not installed (apt-get install redis-server; .ci/run does)");
        return null;
    }

    /** PING answered with PONG, in Redis' own protocol (no client library needed to wait for the server). */
    private boolean answers() {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", url.getPort()), 200);
            s.setSoTimeout(500);
            OutputStream out = s.getOutputStream();
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            byte[] reply = in.readNBytes(7);
            return new String(reply, StandardCharsets.US_ASCII).equals("+PONG\r\n");
        } catch (IOException e) {
            return false;
        }
    }

    /** Stops the server as a crash would (SIGKILL): nothing is saved. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        try {
            kill();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
