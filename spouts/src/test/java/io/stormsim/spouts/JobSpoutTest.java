package io.stormsim.spouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.run.RunConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.storm.spout.ISpoutOutputCollector;
import org.apache.storm.spout.SpoutOutputCollector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The job stream: increasing step numbers, every job once, failed jobs sent again first, a job failing too often halts. */
class JobSpoutTest {
    private static final String JOBS = "test.jobs";

    @TempDir
    Path out;

    /** What the spout emitted: (step, command) in order. */
    private final List<Object[]> emitted = new ArrayList<>();

    private JobSpout open(long jobs) {
        JobSpout spout = new JobSpout(JOBS);
        spout.open(Map.of(JOBS, jobs, RunConfig.OUTPUT_DIR, out.toString()), null, new SpoutOutputCollector(
                new ISpoutOutputCollector() {
                    @Override
                    public List<Integer> emit(String stream, List<Object> tuple, Object messageId) {
                        assertEquals(JobSpout.STREAM, stream);
                        assertEquals(tuple.get(0), messageId);
                        emitted.add(new Object[] {tuple.get(0), tuple.get(1)});
                        return List.of();
                    }

                    @Override
                    public void emitDirect(int taskId, String stream, List<Object> tuple, Object messageId) {
                        throw new UnsupportedOperationException();
                    }

                    @Override
                    public long getPendingCount() {
                        return 0;
                    }

                    @Override
                    public void flush() {
                    }

                    @Override
                    public void reportError(Throwable error) {
                    }
                }));
        return spout;
    }

    private JobCommand command(int i) {
        return (JobCommand) emitted.get(i)[1];
    }

    private long step(int i) {
        return (Long) emitted.get(i)[0];
    }

    @Test
    void everyJobOnceWithIncreasingStepsAndFailedJobsAgainFirst() {
        JobSpout spout = open(3);
        spout.nextTuple();
        spout.nextTuple();
        spout.fail(step(0));
        spout.ack(step(1));
        spout.nextTuple();
        spout.nextTuple();
        spout.nextTuple();
        assertEquals(4, emitted.size(), "jobs 0, 1, 0 again, 2; then nothing");
        assertEquals(List.of(0L, 1L, 0L, 2L), emitted.stream().map(e -> ((JobCommand) e[1]).job).toList());
        assertEquals(1, command(2).attempt);
        for (int i = 1; i < emitted.size(); i++) {
            assertTrue(step(i) > step(i - 1), "step numbers increase");
        }
    }

    @Test
    void aRestartedSpoutNumbersItsStepsAboveItsPredecessors() throws Exception {
        JobSpout first = open(0);
        for (int i = 0; i < 1000; i++) {
            first.nextTuple();
        }
        long lastOfFirst = step(emitted.size() - 1);
        Thread.sleep(2); // a restart takes seconds; the numbering needs one millisecond
        open(0).nextTuple();
        assertTrue(step(emitted.size() - 1) > lastOfFirst, "the restarted spout's first step is above the old ones");
    }

    @Test
    void aJobFailingMaxTriesTimesHaltsTheStream() throws Exception {
        JobSpout spout = open(0);
        for (int t = 0; t < JobSpout.MAX_TRIES; t++) {
            spout.nextTuple();
            spout.fail(step(emitted.size() - 1));
        }
        spout.nextTuple();
        assertEquals(JobSpout.MAX_TRIES, emitted.size(), "nothing after the halt");
        assertTrue(emitted.stream().allMatch(e -> ((JobCommand) e[1]).job == 0));
        String halted = Files.readString(out.resolve(TimestepSpout.HALTED));
        assertTrue(halted.startsWith("job 0 (try 3) failed 3 times"), halted);
    }
}
