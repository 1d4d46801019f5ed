package io.stormsim.bolts.nbody;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Relative energy error against time for the plot, in bounded memory however long the run: when full,
 * every other point is dropped and only every other new point is kept from then on.
 */
final class EnergySeries {
    private final double[] time, error;
    private int size, stride = 1;
    private long seen;

    EnergySeries(int capacity) {
        time = new double[capacity];
        error = new double[capacity];
    }

    void add(double t, double e) {
        if (seen++ % stride != 0) {
            return;
        }
        if (size == time.length) {
            for (int i = 0; i < size / 2; i++) {
                time[i] = time[2 * i];
                error[i] = error[2 * i];
            }
            size /= 2;
            stride *= 2;
        }
        time[size] = t;
        error[size++] = e;
    }

    /** Drops the points at or after time t (a replayed stretch of the run). */
    void dropFrom(double t) {
        while (size > 0 && time[size - 1] >= t) {
            size--;
        }
    }

    void plot(Path file, long bodies, int partitions) throws IOException {
        LinePlot.write(file, "Relative energy error, " + bodies + " bodies, " + partitions + " partitions",
                "time (N-body units)", "(E - E0) / |E0|", Arrays.copyOf(time, size), Arrays.copyOf(error, size));
    }
}
