package io.stormsim.spouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.run.JobCommand;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A job stream's bookkeeping: every job done once, failed and lost jobs out again before new ones, at most
 * the allowed jobs in flight, a job failing too often reported, and a restarted spout sending only the jobs
 * not done.
 */
class JobLedgerTest {
    private long step;
    private final List<JobCommand> sent = new ArrayList<>();
    private final List<Long> steps = new ArrayList<>();

    /** Takes and sends what the ledger gives, until it gives nothing; returns how many went out. */
    private int sendAll(JobLedger ledger) {
        int n = 0;
        for (JobCommand c; (c = ledger.take(0)) != null; n++) {
            ledger.sent(++step, c);
            sent.add(c);
            steps.add(step);
        }
        return n;
    }

    private long stepOf(int i) {
        return steps.get(i);
    }

    @Test
    void everyJobOnceFailedJobsAgainFirstAndNoMoreInFlightThanAllowed() {
        JobLedger ledger = new JobLedger(4, 2, 3, 0, List.of());
        assertEquals(2, sendAll(ledger), "two in flight at most");
        assertNull(ledger.failed(stepOf(0)));
        assertSame(sent.get(1), ledger.acked(stepOf(1)));
        assertEquals(2, sendAll(ledger));
        assertEquals(List.of(0L, 1L, 0L, 2L), sent.stream().map(c -> c.job).toList(), "job 0 again before job 2");
        assertEquals(1, sent.get(2).attempt, "the second try of job 0");
        ledger.acked(stepOf(2));
        ledger.acked(stepOf(3));
        assertEquals(1, sendAll(ledger));
        assertEquals(3L, sent.get(4).job);
        assertTrue(!ledger.finished());
        ledger.acked(stepOf(4));
        assertEquals(0, sendAll(ledger), "four jobs, all done");
        assertTrue(ledger.finished());
        assertEquals(4, ledger.doneBelow());
    }

    @Test
    void aJobFailingMaxTriesTimesIsReported() {
        JobLedger ledger = new JobLedger(0, 1, 3, 0, List.of());
        for (int t = 0; t < 2; t++) {
            sendAll(ledger);
            assertNull(ledger.failed(stepOf(sent.size() - 1)), "try " + (t + 1) + " of 3");
        }
        sendAll(ledger);
        JobCommand last = ledger.failed(stepOf(sent.size() - 1));
        assertEquals(0L, last.job);
        assertEquals("job 0 (try 3)", last.toString());
        assertTrue(sent.stream().allMatch(c -> c.job == 0), "job 1 never went out while job 0 kept failing");
    }

    @Test
    void aResentJobKeepsItsTryAndCountsOnceWhicheverCopyCompletes() {
        JobLedger ledger = new JobLedger(2, 2, 3, 0, List.of());
        sendAll(ledger);
        ledger.resend(stepOf(0));
        assertEquals(1, sendAll(ledger));
        assertEquals(0L, sent.get(2).job);
        assertEquals(0, sent.get(2).attempt, "a resend is not a new try");
        assertNull(ledger.acked(stepOf(0)), "the first copy was written off: its late ack counts nothing");
        assertSame(sent.get(2), ledger.acked(stepOf(2)));
        assertNull(ledger.acked(stepOf(2)), "a job is done once");
        assertNull(ledger.failed(stepOf(1)));
        ledger.acked(stepOf(1));
        assertEquals(1, sendAll(ledger));
        ledger.acked(stepOf(3));
        assertTrue(ledger.finished());
    }

    @Test
    void aFailedCopyOfADoneJobIsNotSentAgain() {
        JobLedger ledger = new JobLedger(3, 3, 3, 0, List.of());
        sendAll(ledger);
        ledger.resend(stepOf(1));
        sendAll(ledger);
        ledger.acked(stepOf(3));
        assertNull(ledger.failed(stepOf(1)), "already written off");
        ledger.acked(stepOf(0));
        ledger.acked(stepOf(2));
        assertEquals(0, sendAll(ledger));
        assertTrue(ledger.finished());
    }

    @Test
    void aRestartedSpoutSendsOnlyTheJobsNotDone() {
        JobLedger ledger = new JobLedger(8, 8, 3, 2, List.of(3L, 5L));
        assertTrue(ledger.isDone(1) && ledger.isDone(3) && !ledger.isDone(2) && !ledger.isDone(4));
        sendAll(ledger);
        assertEquals(List.of(2L, 4L, 6L, 7L), sent.stream().map(c -> c.job).toList());
        ledger.acked(stepOf(0));
        assertEquals(4, ledger.doneBelow(), "2 done, and 3 was: every job below 4 is done");
        assertEquals(List.of(5L), List.copyOf(ledger.doneAbove()));
    }
}
