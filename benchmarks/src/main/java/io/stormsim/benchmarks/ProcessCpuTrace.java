package io.stormsim.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.Arrays;

/**
 * This JVM's CPU time (all its threads), sampled every few milliseconds by a daemon thread, to be read
 * afterwards over a window of wall-clock time: a benchmark running an embedded LocalCluster learns how much
 * of the machine its topology kept busy between two instants it only learns once the run is over (the
 * first job sent, the last one done).
 */
final class ProcessCpuTrace implements AutoCloseable {
    private static final long PERIOD_MILLIS = 20;
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final Thread sampler;
    private long[] millis = new long[1024];
    private long[] cpuNanos = new long[1024];
    private int count;

    ProcessCpuTrace() {
        sample();
        sampler = new Thread(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    Thread.sleep(PERIOD_MILLIS);
                    sample();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "process-cpu-trace");
        sampler.setDaemon(true);
        sampler.start();
    }

    private synchronized void sample() {
        if (count == millis.length) {
            millis = Arrays.copyOf(millis, 2 * count);
            cpuNanos = Arrays.copyOf(cpuNanos, 2 * count);
        }
        millis[count] = System.currentTimeMillis();
        cpuNanos[count] = os.getProcessCpuTime();
        count++;
    }

    /** CPU seconds the process spent between two wall-clock instants (linear between samples). */
    synchronized double cpuSeconds(long fromMillis, long toMillis) {
        return (cpuAt(toMillis) - cpuAt(fromMillis)) / 1e9;
    }

    private double cpuAt(long at) {
        int i = 1;
        while (i < count - 1 && millis[i] < at) {
            i++;
        }
        long t0 = millis[i - 1], t1 = millis[i];
        double f = t1 == t0 ? 1 : Math.max(0, Math.min(1, (at - t0) / (double) (t1 - t0)));
        return cpuNanos[i - 1] + f * (cpuNanos[i] - cpuNanos[i - 1]);
    }

    @Override
    public void close() throws InterruptedException {
        sampler.interrupt();
        sampler.join();
    }
}
