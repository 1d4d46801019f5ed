package io.stormsim.spouts;

import io.stormsim.run.JobCommand;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;

/**
 * The bookkeeping of a job stream, Storm-free: which job goes out next (a failed one before any new one),
 * the jobs in flight under their step numbers, and which jobs are done, kept as a watermark (every job
 * below it is done) and the done jobs above it: what a restarted spout resumes from.
 */
final class JobLedger {
    private final long jobs;
    private final int maxInFlight;
    private final int maxTries;
    private long nextNew;
    private long doneBelow;
    private final TreeSet<Long> doneAbove = new TreeSet<>();
    private final Map<Long, JobCommand> inFlight = new HashMap<>();
    /** Jobs to send before any new one, each with the try it will be. */
    private final ArrayDeque<long[]> again = new ArrayDeque<>();

    /**
     * @param jobs       the stream's length (0: without end)
     * @param maxInFlight jobs sent and not yet done or failed, at most
     * @param maxTries   tries of a job before the stream halts
     * @param doneBelow  every job below is done (0 for a new stream)
     * @param doneAbove  the done jobs at or above {@code doneBelow}
     */
    JobLedger(long jobs, int maxInFlight, int maxTries, long doneBelow, Collection<Long> doneAbove) {
        this.jobs = jobs;
        this.maxInFlight = maxInFlight;
        this.maxTries = maxTries;
        this.doneBelow = doneBelow;
        this.nextNew = doneBelow;
        this.doneAbove.addAll(doneAbove);
        advance();
    }

    /** The job to send now (a failed or lost one first), or null: none left, or {@code maxInFlight} in flight. */
    JobCommand take(long nowMillis) {
        if (inFlight.size() >= maxInFlight) {
            return null;
        }
        while (!again.isEmpty()) {
            long[] retry = again.poll();
            if (!isDone(retry[0])) {
                return new JobCommand(retry[0], (int) retry[1], nowMillis);
            }
        }
        while (doneAbove.contains(nextNew)) {
            nextNew++;
        }
        if (jobs != 0 && nextNew >= jobs) {
            return null;
        }
        return new JobCommand(nextNew++, 0, nowMillis);
    }

    /** Records that {@code command} went out as step {@code step}. */
    void sent(long step, JobCommand command) {
        inFlight.put(step, command);
    }

    /** The job step {@code step} carried if it is still in flight (null: done, failed, lost, or unknown). */
    JobCommand inFlight(long step) {
        return inFlight.get(step);
    }

    /** Step {@code step} completed. Returns its job if that job was not done before (null otherwise). */
    JobCommand acked(long step) {
        JobCommand command = inFlight.remove(step);
        if (command == null || isDone(command.job)) {
            return null;
        }
        doneAbove.add(command.job);
        advance();
        return command;
    }

    /**
     * Step {@code step} failed: its job is sent again, as its next try. Returns the job if that was its last
     * allowed try (the stream should halt), null otherwise.
     */
    JobCommand failed(long step) {
        JobCommand command = inFlight.remove(step);
        if (command == null || isDone(command.job)) {
            return null;
        }
        if (command.attempt + 1 >= maxTries) {
            return command;
        }
        again.add(new long[] {command.job, command.attempt + 1});
        return null;
    }

    /** Step {@code step} may never arrive (sent into a connection not yet back): its job goes out again, same try. */
    void resend(long step) {
        JobCommand command = inFlight.remove(step);
        if (command != null && !isDone(command.job)) {
            again.addFirst(new long[] {command.job, command.attempt});
        }
    }

    /** The steps in flight now. */
    Collection<Long> stepsInFlight() {
        return List.copyOf(inFlight.keySet());
    }

    boolean isDone(long job) {
        return job < doneBelow || doneAbove.contains(job);
    }

    /** Whether every job of a bounded stream is done. */
    boolean finished() {
        return jobs != 0 && doneBelow >= jobs;
    }

    long doneBelow() {
        return doneBelow;
    }

    NavigableSet<Long> doneAbove() {
        return Collections.unmodifiableNavigableSet(doneAbove);
    }

    private void advance() {
        while (doneAbove.remove(doneBelow)) {
            doneBelow++;
        }
        nextNew = Math.max(nextNew, doneBelow);
    }
}
