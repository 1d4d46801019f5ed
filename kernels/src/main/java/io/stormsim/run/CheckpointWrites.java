package io.stormsim.run;

import io.stormsim.run.CheckpointStore.PieceWriter;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * A partition's writes of its checkpoint pieces, where a store that fails (a run store gone, a full disk) does
 * not stop the run: the round goes on without its piece, so that checkpoint is never marked complete and a
 * restore goes back to an older one, and the failure is reported at most once a minute, naming the store. A
 * store that answers again is written to again at the next checkpoint.
 */
public final class CheckpointWrites {
    public static final Duration REPORT_EVERY = Duration.ofMinutes(1);
    private final CheckpointStore store;
    private final RateLimit reports;

    public CheckpointWrites(CheckpointStore store, LongSupplier nanoClock) {
        this.store = store;
        this.reports = new RateLimit(REPORT_EVERY, nanoClock);
    }

    /** Writes partition {@code partition}'s piece of {@code round}; returns the report to log, if one is due. */
    public Optional<String> write(long round, int partition, int partitions, PieceWriter writer) {
        try {
            store.writePiece(round, partition, partitions, writer);
            return Optional.empty();
        } catch (IOException e) {
            long unreported = reports.occurred();
            return unreported < 0 ? Optional.empty() : Optional.of("checkpoint piece " + partition + " of round " + round
                    + " not written" + RateLimit.notReported(unreported)
                    + ": " + e.getMessage() + "; the run goes on without this checkpoint");
        }
    }

    public CheckpointStore store() {
        return store;
    }
}
