package io.stormsim.water.bolts;

import io.stormsim.run.RunOutput;
import io.stormsim.water.Rdf;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sink's share of the radial distribution functions: sums the partitions' pair counts of each sample (the
 * steps that are multiples of rdf.sample.every; exact integers, so the sums do not depend on the partition count)
 * over a window of rdf.every steps, and at the window's end (steps that are multiples of rdf.every, a sample too)
 * writes g averaged over the window's samples to {@link #file}, whole and atomically. The sums as of each step a
 * checkpoint is taken of (the newest checkpoint.keep) are kept, so a round replayed from a checkpoint continues
 * its window exactly; a window the sink saw only part of (a run started or resumed inside it after one of its
 * samples, a restarted sink) averages the samples it saw, and the log says so.
 */
public final class RdfWindow {
    /** The files, for listings. */
    public static final String FILES = "rdf_*.csv";
    private static final Logger LOG = LoggerFactory.getLogger("stormsim.progress");

    private final RunOutput output;
    private final Rdf rdf;
    private final int every, sampleEvery, keep;
    private final long[] sums;
    private int samples;
    /** Steps done when a checkpoint was taken, and the window then: its sums and, last, its samples. */
    private final TreeMap<Integer, long[]> kept = new TreeMap<>();

    RdfWindow(RunOutput output, Rdf rdf, int every, int sampleEvery, int keep) {
        this.output = output;
        this.rdf = rdf;
        this.every = every;
        this.sampleEvery = sampleEvery;
        this.keep = keep;
        this.sums = rdf.newCounts();
    }

    /** The file of the window ending at {@code step}. */
    public static String file(int step) {
        return String.format("rdf_%06d.csv", step);
    }

    /** The first round this sink sees, or a replay, continues from {@code stepsDone} steps. */
    void startAt(int stepsDone) {
        long[] then = kept.get(stepsDone);
        Arrays.fill(sums, 0);
        samples = 0;
        if (then != null) {
            System.arraycopy(then, 0, sums, 0, sums.length);
            samples = (int) then[sums.length];
        } else if (stepsDone % every >= sampleEvery) {
            int end = stepsDone / every * every + every;
            LOG.info("{} will average the samples of steps {}..{} only (the run starts after its window's first"
                    + " sample)", file(end), (stepsDone / sampleEvery + 1) * sampleEvery, end);
        }
        kept.tailMap(stepsDone, false).clear();
    }

    /** Adds the partitions' pair counts of {@code step} if it is a sample; writes the window's file at its end. */
    void add(int step, List<WaterReport> reports) throws IOException {
        if (step % sampleEvery != 0) {
            return;
        }
        for (WaterReport r : reports) {
            long[] c = r.pairCounts();
            if (c == null || c.length != sums.length) {
                throw new IllegalStateException("step " + step + ": the report of molecules from " + r.from() + " has "
                        + (c == null ? "no" : c.length) + " RDF pair counts, expected " + sums.length);
            }
            for (int k = 0; k < c.length; k++) {
                sums[k] += c[k];
            }
        }
        samples++;
        if (step % every == 0) {
            output.writeLines(file(step), rdf.csv(sums, samples));
            Arrays.fill(sums, 0);
            samples = 0;
        }
    }

    /** A checkpoint is taken of the state after {@code stepsDone} steps: keeps the window as it is then. */
    void checkpointed(int stepsDone) {
        long[] now = Arrays.copyOf(sums, sums.length + 1);
        now[sums.length] = samples;
        kept.put(stepsDone, now);
        while (kept.size() > keep) {
            kept.pollFirstEntry();
        }
    }
}
