package io.stormsim.benchmarks;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.Box;
import io.stormsim.nbody.Gravity;
import io.stormsim.nbody.Octree;
import io.stormsim.nbody.Parameters;
import io.stormsim.nbody.PartitionPhases;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.nbody.Precision;
import io.stormsim.nbody.RootCell;
import io.stormsim.nbody.TreeBuilder;
import io.stormsim.nbody.TreeWalk;
import io.stormsim.run.VectorApi;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The real force phase: {@code TreeWalk.field(tree, 0, {0}, 0, n, eps, DEFAULT_GROUP_SIZE)} over the
 * whole tree of a Plummer sphere, as SequentialSimulation calls it (walk, interaction lists and list
 * kernel). The tree is built once per trial. The primary score is walks per microsecond; the
 * {@code interactions} counter is the sum of {@code Field.interactions} (one per list entry -- cell with
 * quadrupole or body -- per target body, self excluded) per microsecond = M interactions/s.
 *
 * <p>{@code vectorKernel} runs with the Vector API module (VectorListKernel), {@code mixedKernel} the
 * same walk with the mixed-precision kernel (MixedVectorListKernel), {@code scalarKernel} in a JVM
 * without the module (ScalarListKernel): the same walk, the other list kernels.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
public class ForcePhaseBench {
    public static final double THETA = 0.5, EPSILON = 0.01;

    @Param("100000")
    public int n;

    private Octree tree;

    /** Interactions computed, normalised by JMH to per-microsecond. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Counts {
        public long interactions;

        @Setup(Level.Iteration)
        public void reset() {
            interactions = 0;
        }
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        boolean wantVector = !params.getBenchmark().endsWith("scalarKernel");
        if (VectorApi.PRESENT != wantVector) {
            throw new IllegalStateException(params.getBenchmark() + " needs a JVM "
                    + (wantVector ? "with" : "without") + " --add-modules jdk.incubator.vector");
        }
        tree = sequentialTree(PlummerSphere.generate(n, 42), THETA);
    }

    /** The tree exactly as SequentialSimulation.round() builds it (default leaf capacity). */
    public static Octree sequentialTree(Bodies b, double theta) {
        RootCell root = RootCell.around(Box.of(b));
        PartitionPhases.KeyedBodies kb = PartitionPhases.KeyedBodies.sort(b, root);
        return TreeBuilder.build(kb.bodies(), kb.keys(), root, Parameters.DEFAULT_LEAF_CAPACITY, theta);
    }

    private Gravity.Field walk(Counts counts, Precision precision) {
        Gravity.Field f = TreeWalk.field(tree, 0, new int[] {0}, 0, n, EPSILON, Parameters.DEFAULT_GROUP_SIZE,
                precision);
        long sum = 0;
        for (long i : f.interactions) {
            sum += i;
        }
        counts.interactions += sum;
        return f;
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"-Xmx2g", "--add-modules", "jdk.incubator.vector"})
    public Gravity.Field vectorKernel(Counts counts) {
        return walk(counts, Precision.DOUBLE);
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"-Xmx2g", "--add-modules", "jdk.incubator.vector"})
    public Gravity.Field mixedKernel(Counts counts) {
        return walk(counts, Precision.MIXED);
    }

    @Benchmark
    @Fork(value = 1, jvmArgs = {"-Xmx2g"})
    public Gravity.Field scalarKernel(Counts counts) {
        return walk(counts, Precision.DOUBLE);
    }
}
