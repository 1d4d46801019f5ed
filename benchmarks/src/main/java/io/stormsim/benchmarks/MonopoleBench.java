package io.stormsim.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The monopole list kernels on one thread: a group of 64 targets against a list of 1024 sources
 * (the sizes monopole.c uses by default). One operation = one interaction, so the score in ops/us is
 * millions of interactions per second.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
public class MonopoleBench {
    public static final int SOURCES = 1024, TARGETS = 64;
    private MonopoleKernels.Problem p;

    @Setup
    public void setup() {
        p = MonopoleKernels.create(SOURCES, TARGETS);
    }

    @Benchmark
    @OperationsPerInvocation(SOURCES * TARGETS)
    public double javaScalar() {
        MonopoleKernels.scalar(p);
        return p.ax[0];
    }

    @Benchmark
    @OperationsPerInvocation(SOURCES * TARGETS)
    public double javaVector() {
        VectorMonopole.field(p);
        return p.ax[0];
    }

    @Benchmark
    @OperationsPerInvocation(SOURCES * TARGETS)
    public double javaVector2() {
        VectorMonopole.field2(p);
        return p.ax[0];
    }

    @Benchmark
    @OperationsPerInvocation(SOURCES * TARGETS)
    public double javaMixed() {
        VectorMonopole.fieldMixed(p);
        return p.ax[0];
    }
}
