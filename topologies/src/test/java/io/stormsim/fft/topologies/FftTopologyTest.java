package io.stormsim.fft.topologies;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.fft.ComplexBlock;
import io.stormsim.fft.ComplexFile;
import io.stormsim.fft.Direction;
import io.stormsim.fft.Signals;
import io.stormsim.fft.SixStepFft;
import io.stormsim.bsp.StepInputs;
import io.stormsim.fft.bolts.FftResultBolt;
import io.stormsim.fft.bolts.SpectrumBolt;
import io.stormsim.run.StepCommand;
import io.stormsim.spouts.TimestepSpout;
import io.stormsim.topologies.LocalClusterTest;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.StreamRecorder;
import io.stormsim.topologies.TopologyFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * fft.yaml on an embedded LocalCluster with Kryo serialisation forced on every tuple: the output is the
 * sequential six-step kernel's bits at 1, 2 and 4 partitions, forward from a seed and inverse from a file.
 */
class FftTopologyTest extends LocalClusterTest {
    static final Path FFT_YAML = YAML.resolveSibling("fft.yaml");
    private static final int M = 9;
    private static final long SEED = 11;
    private static final int STEPS = 2;

    /** A run; its live stream on a free port, unwatched: the transforms' messages go through Kryo to the publisher. */
    static TopologyFile topology(int partitions, Path dir, Map<String, String> more) throws Exception {
        Map<String, String> o = new java.util.HashMap<>(Map.of("partitions", String.valueOf(partitions),
                "m", String.valueOf(M), "seed", String.valueOf(SEED), "steps", String.valueOf(STEPS),
                "output.dir", dir.toString(), "always.try.serialize", "true",
                "stream.bind", StreamRecorder.freeEndpoint()));
        o.putAll(more);
        return TopologyFile.load(FFT_YAML, null, o, false);
    }

    static ComplexBlock read(Path file) throws Exception {
        int n = (int) ComplexFile.points(file);
        ComplexBlock b = ComplexBlock.zeros(1, n);
        ComplexFile.read(file, 0, n, b.re, b.im, 0);
        return b;
    }

    @Test
    void outputIsTheSequentialKernelsBitsAtEveryPartitionCount() throws Exception {
        int n = 1 << M;
        double[] re = new double[n];
        double[] im = new double[n];
        Signals.generate(SEED, 0, n, re, im, 0);
        SixStepFft fft = new SixStepFft(M);
        ComplexBlock forward = fft.transform(re, im, Direction.FORWARD);
        Path spectrumFile = null;
        for (int partitions : new int[] {1, 2, 4}) {
            Path dir = out.resolve("forward-p" + partitions);
            LocalRun.run(cluster, topology(partitions, dir, Map.of()), Duration.ofMinutes(2));
            ComplexBlock got = read(dir.resolve(FftResultBolt.OUTPUT));
            assertArrayEquals(forward.re, got.re, 0.0, partitions + " partitions: real parts");
            assertArrayEquals(forward.im, got.im, 0.0, partitions + " partitions: imaginary parts");
            Properties summary = summary(dir);
            assertEquals(String.valueOf(partitions), summary.getProperty("partitions"));
            assertEquals(String.valueOf(STEPS), summary.getProperty("timed_transforms"));
            assertEquals(STEPS + 1, Files.readAllLines(dir.resolve(FftResultBolt.ROUNDS_CSV)).size());
            spectrumFile = dir.resolve(FftResultBolt.OUTPUT);
        }

        Path dir = out.resolve("inverse-p4");
        LocalRun.run(cluster, topology(4, dir, Map.of("direction", "inverse", "input.file", spectrumFile.toString())),
                Duration.ofMinutes(2));
        ComplexBlock back = read(dir.resolve(FftResultBolt.OUTPUT));
        ComplexBlock sequentialBack = fft.transform(forward.re, forward.im, Direction.INVERSE);
        assertArrayEquals(sequentialBack.re, back.re, 0.0, "inverse: real parts");
        assertArrayEquals(sequentialBack.im, back.im, 0.0, "inverse: imaginary parts");
        assertArrayEquals(re, back.re, M * Math.ulp(1.0) * 4, "inverse(forward(x)) is x");
        assertArrayEquals(im, back.im, M * Math.ulp(1.0) * 4, "inverse(forward(x)) is x");
        assertTrue(summary(dir).getProperty("input").endsWith(FftResultBolt.OUTPUT));
    }

    /** A replayed round passes the reused blocks' guards (stamps, refused older steps) and gives the same bits. */
    @Test
    void aRoundThatFailsIsReplayedToTheSameBits() throws Exception {
        int n = 1 << M;
        double[] re = new double[n];
        double[] im = new double[n];
        Signals.generate(SEED, 0, n, re, im, 0);
        ComplexBlock forward = new SixStepFft(M).transform(re, im, Direction.FORWARD);
        Path file = topologyWith(FFT_YAML, SpectrumBolt.class, FailOnceSpectrumBolt.class);
        Path dir = out.resolve("fail-once");
        LocalRun.run(cluster, TopologyFile.load(file, null, Map.of("partitions", "2", "m", String.valueOf(M),
                "seed", String.valueOf(SEED), "steps", String.valueOf(STEPS), "output.dir", dir.toString(),
                "stream.bind", StreamRecorder.freeEndpoint()), false), Duration.ofMinutes(2));
        assertTrue(FailOnceSpectrumBolt.FAILED.get(), "the fault was injected");
        ComplexBlock got = read(dir.resolve(FftResultBolt.OUTPUT));
        assertArrayEquals(forward.re, got.re, 0.0, "replayed: real parts");
        assertArrayEquals(forward.im, got.im, 0.0, "replayed: imaginary parts");
        assertEquals(String.valueOf(STEPS), summary(dir).getProperty("timed_transforms"));
    }

    /** The spectrum phase, except that partition 1 throws once, at round 1: an injected fault. */
    public static class FailOnceSpectrumBolt extends SpectrumBolt {
        static final AtomicBoolean FAILED = new AtomicBoolean();

        @Override
        protected void onStep(long step, StepInputs in) {
            StepCommand command = in.one(TimestepSpout.STREAM);
            if (partition == 1 && command.round == 1 && FAILED.compareAndSet(false, true)) {
                throw new IllegalStateException("injected fault in the spectrum phase at round 1");
            }
            super.onStep(step, in);
        }
    }

    private static Properties summary(Path dir) throws Exception {
        Properties p = new Properties();
        try (var r = Files.newBufferedReader(dir.resolve(FftResultBolt.SUMMARY))) {
            p.load(r);
        }
        List.of("median_ms", "gflops", "bytes_between_partitions_per_transpose").forEach(k ->
                assertTrue(p.containsKey(k), "summary has " + k));
        return p;
    }
}
