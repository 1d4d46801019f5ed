package io.stormsim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A job stream's log: jobs counted once, a restarted sink continuing its predecessor's log, a fresh run starting anew. */
class JobLogTest {
    private static final String HEADER = "job,try,latency_ms";

    @TempDir
    Path dir;

    @Test
    void aJobCountsOnceHoweverOftenItCompletes() throws Exception {
        JobLog log = new JobLog(new RunOutput(dir), "jobs.csv", HEADER, false);
        assertEquals("", log.restartNote());
        assertTrue(log.completed(0, "0,1,5\n"));
        assertTrue(log.completed(1, "1,1,6\n"));
        assertFalse(log.completed(0, "0,2,7\n"), "job 0 again");
        assertEquals(2, log.done());
        assertEquals(HEADER + "\n0,1,5\n1,1,6\n0,2,7\n", Files.readString(dir.resolve("jobs.csv")), "every try has its row");
    }

    @Test
    void aRestartedSinkContinuesTheLogAndDropsARowCutOff() throws Exception {
        Files.writeString(dir.resolve("jobs.csv"), HEADER + "\n3,1,5\n0,1,6\n7,1,");
        JobLog log = new JobLog(new RunOutput(dir), "jobs.csv", HEADER, true);
        assertEquals(2, log.done());
        assertEquals(2, log.doneBefore());
        assertFalse(log.completed(3, "3,2,9\n"), "job 3 was done before the restart");
        assertEquals("2 jobs done before this sink restarted (their rows are in jobs.csv); none since, so no figures"
                + " follow\n", log.restartNote());
        assertTrue(log.completed(7, "7,2,8\n"), "job 7's row was cut off: its try did not complete");
        assertEquals(1, log.doneSinceStart());
        assertEquals(HEADER + "\n3,1,5\n0,1,6\n3,2,9\n7,2,8\n", Files.readString(dir.resolve("jobs.csv")));
        assertEquals("2 jobs done before this sink restarted (their rows are in jobs.csv); the figures below are of"
                + " the 1 since\n", log.restartNote());
    }

    @Test
    void aBoundedStreamIsFinishedOnceEvenWhenItsLastJobComesAgain() throws Exception {
        Files.writeString(dir.resolve("jobs.csv"), HEADER + "\n0,1,5\n1,1,6\n");
        JobLog log = new JobLog(new RunOutput(dir), "jobs.csv", HEADER, true);
        assertFalse(log.finishedNow(3), "job 2 is still to do");
        assertFalse(log.finishedNow(0), "a stream without end never finishes");
        log.completed(1, "1,2,7\n");
        assertTrue(log.finishedNow(2), "both jobs were done before the restart: the summary is still to write");
        assertFalse(log.finishedNow(2), "once");
    }

    @Test
    void aNewRunStartsTheLogAnew() throws Exception {
        Files.writeString(dir.resolve("jobs.csv"), HEADER + "\n3,1,5\n");
        JobLog log = new JobLog(new RunOutput(dir), "jobs.csv", HEADER, false);
        assertEquals(0, log.done());
        assertEquals(HEADER + "\n", Files.readString(dir.resolve("jobs.csv")));
    }

    @Test
    void aLogOfOtherColumnsIsNotContinued() throws Exception {
        Files.writeString(dir.resolve("jobs.csv"), "job,keys\n3,100\n");
        JobLog log = new JobLog(new RunOutput(dir), "jobs.csv", HEADER, true);
        assertEquals(0, log.doneBefore());
        assertEquals(HEADER + "\n", Files.readString(dir.resolve("jobs.csv")));
    }
}
