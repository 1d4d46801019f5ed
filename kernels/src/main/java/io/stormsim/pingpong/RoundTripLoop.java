package io.stormsim.pingpong;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The ping-pong schedule outside Storm (the baselines): for every phase, a warm-up, then round trips
 * until {@code seconds} or {@code rounds}, with at most the phase's window outstanding. The link echoes
 * in order, so the oldest outstanding ping is the next pong.
 */
public final class RoundTripLoop {
    /** A connection to an echo peer. */
    public interface Link {
        /** Called before each phase's warm-up, with nothing outstanding. */
        default void startPhase(PingPongConfig.Phase phase) {
        }

        void send(byte[] payload) throws IOException;

        /** Waits for the next echo and returns its length. */
        int receive() throws IOException;
    }

    private RoundTripLoop() {
    }

    /** Runs every phase over {@code link}; returns one CSV row per phase. */
    public static List<String> run(PingPongConfig config, String transport, Link link) throws IOException {
        List<String> rows = new ArrayList<>();
        for (PingPongConfig.Phase phase : config.phases()) {
            byte[] payload = new byte[phase.payload()];
            link.startPhase(phase);
            measure(link, phase, payload, (long) (config.warmupSeconds() * 1e9), new RoundTripRecorder(Integer.MAX_VALUE));
            RoundTripRecorder recorder = new RoundTripRecorder(config.rounds());
            measure(link, phase, payload, (long) (config.seconds() * 1e9), recorder);
            rows.add(RoundTripTable.csvRow(transport, phase, recorder.stats()));
        }
        return rows;
    }

    private static void measure(Link link, PingPongConfig.Phase phase, byte[] payload, long durationNanos,
            RoundTripRecorder recorder) throws IOException {
        long[] sent = new long[phase.window()];
        int head = 0;
        int outstanding = 0;
        long end = System.nanoTime() + durationNanos;
        long toIssue = recorder.capacityLeft();
        while (true) {
            boolean sending = toIssue > 0 && System.nanoTime() < end;
            if (sending && outstanding < phase.window()) {
                sent[(head + outstanding) % sent.length] = System.nanoTime();
                link.send(payload);
                outstanding++;
                toIssue--;
                continue;
            }
            if (outstanding == 0) {
                return;
            }
            int length = link.receive();
            long now = System.nanoTime();
            if (length != payload.length) {
                throw new IOException("echo of " + length + " bytes for a ping of " + payload.length);
            }
            recorder.record(sent[head], now);
            head = (head + 1) % sent.length;
            outstanding--;
        }
    }
}
