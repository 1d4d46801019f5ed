package io.stormsim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A store that fails does not stop the run: the piece is skipped and the failure said once a minute. */
class CheckpointWritesTest {
    @TempDir
    Path dir;

    @Test
    void aFailingStoreIsReportedOnceAMinuteAndWrittenToAgainOnceItWorks() throws IOException {
        Path notADirectory = Files.writeString(dir.resolve("file"), "x");
        AtomicLong now = new AtomicLong();
        CheckpointWrites failing = new CheckpointWrites(new DirectoryCheckpointStore(notADirectory), now::get);
        Optional<String> first = failing.write(10, 1, 2, out -> out.write(1));
        assertTrue(first.orElseThrow().startsWith("checkpoint piece 1 of round 10 not written: checkpoint directory "
                + notADirectory + ": cannot write "), first.orElseThrow());
        assertTrue(first.orElseThrow().endsWith("; the run goes on without this checkpoint"), first.orElseThrow());
        now.addAndGet(Duration.ofSeconds(30).toNanos());
        assertEquals(Optional.empty(), failing.write(20, 1, 2, out -> out.write(1)), "within the minute: not reported");
        now.addAndGet(Duration.ofSeconds(30).toNanos());
        assertTrue(failing.write(30, 1, 2, out -> out.write(1)).orElseThrow()
                .startsWith("checkpoint piece 1 of round 30 not written (nor 1 more since the last report): "));

        CheckpointStore store = new DirectoryCheckpointStore(dir.resolve("ckpt"));
        CheckpointWrites working = new CheckpointWrites(store, now::get);
        assertEquals(Optional.empty(), working.write(40, 0, 1, out -> out.write(7)));
        store.commit(40, 1, 1);
        assertEquals(OptionalLong.of(40), store.latestComplete());
    }
}
