package io.stormsim.run;

import java.io.IOException;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A job stream's log, {@code jobs.csv}: a header, then a row per job try that completed, the job number
 * first. It knows which jobs are done, counting each once however often it completed. A sink restarted
 * within its run (its worker died) continues the log its predecessor wrote and counts the jobs logged there
 * as done, so a bounded stream still completes; the figures the sink sums in memory cover only the jobs
 * since its start, which {@link #doneBefore} tells.
 */
public final class JobLog {
    private final RunOutput output;
    private final String file;
    private final Set<Long> done = new HashSet<>();
    private final int doneBefore;
    private boolean finishReported;

    /**
     * @param continuing whether this sink continues a log of the same run (it was restarted); otherwise
     *                   the file is started anew
     */
    public JobLog(RunOutput output, String file, String header, boolean continuing) throws IOException {
        this.output = output;
        this.file = file;
        String before = continuing && Files.isRegularFile(output.file(file))
                ? Files.readString(output.file(file)) : "";
        if (!before.startsWith(header + "\n")) {
            output.writeString(file, header + "\n");
        } else {
            // a row the dead sink was writing when it died is cut off: drop it, the job's try did not complete
            String whole = before.substring(0, before.lastIndexOf('\n') + 1);
            if (whole.length() < before.length()) {
                output.writeString(file, whole);
            }
            List<String> rows = whole.lines().skip(1).toList();
            for (String row : rows) {
                done.add(Long.parseLong(row.substring(0, row.indexOf(','))));
            }
        }
        this.doneBefore = done.size();
    }

    /** Logs a completed try of {@code job} ({@code row} starts with the job number and ends with a newline). Returns whether the job was not done before. */
    public boolean completed(long job, CharSequence row) throws IOException {
        output.append(file, row);
        return done.add(job);
    }

    /** The jobs done, each counted once. */
    public int done() {
        return done.size();
    }

    /** The jobs a predecessor of this sink logged as done (0 unless it continues a log). */
    public int doneBefore() {
        return doneBefore;
    }

    /** The jobs done since this sink started. */
    public int doneSinceStart() {
        return done.size() - doneBefore;
    }

    /**
     * Whether every job of a bounded stream of {@code jobs} (0: without end) is done, true once: the sink then
     * writes its summary. Asked after every completed try, not only a job's first: a sink restarted after
     * logging the last job still has the summary to write when that job comes again.
     */
    public boolean finishedNow(long jobs) {
        if (finishReported || jobs <= 0 || done.size() < jobs) {
            return false;
        }
        finishReported = true;
        return true;
    }

    /**
     * For a summary: a line saying how many jobs a predecessor of this sink did (their rows are in the log) and
     * that the sink's figures cover only those since (none: no figures); empty if it did none.
     */
    public String restartNote() {
        return restartNote("jobs");
    }

    /** {@link #restartNote()} for a log whose rows are of other things than jobs ({@code items}: "positions"). */
    public String restartNote(String items) {
        if (doneBefore == 0) {
            return "";
        }
        String since = doneSinceStart() == 0 ? "none since, so no figures follow"
                : "the figures below are of the " + doneSinceStart() + " since";
        return doneBefore + " " + items + " done before this sink restarted (their rows are in " + file + "); " + since
                + "\n";
    }
}
