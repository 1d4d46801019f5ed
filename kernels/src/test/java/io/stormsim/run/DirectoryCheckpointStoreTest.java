package io.stormsim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.BodiesBinary;
import io.stormsim.nbody.PlummerSphere;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectoryCheckpointStoreTest {
    @TempDir
    Path dir;

    private void writeAll(CheckpointStore store, long round, Bodies[] parts) throws IOException {
        for (int p = 0; p < parts.length; p++) {
            Bodies b = parts[p];
            store.writePiece(round, p, parts.length, out -> BodiesBinary.write(b, out));
        }
    }

    @Test
    void aCheckpointCountsOnlyOnceCommittedAndReadsBackExactly() throws IOException {
        CheckpointStore store = new DirectoryCheckpointStore(dir.resolve("ckpt"));
        Bodies all = PlummerSphere.generate(1000, 3);
        Bodies[] parts = {all.stripe(0, 3), all.stripe(1, 3), all.stripe(2, 3)};
        assertEquals(OptionalLong.empty(), store.latestComplete());
        writeAll(store, 10, parts);
        assertEquals(OptionalLong.empty(), store.latestComplete(), "pieces alone are not a checkpoint");
        store.commit(10, 3, 2);
        assertEquals(OptionalLong.of(10), store.latestComplete());
        assertEquals(3, store.pieces(10));
        for (int p = 0; p < 3; p++) {
            assertTrue(parts[p].sameStateBits(store.readPiece(10, p, BodiesBinary::read)));
        }
    }

    @Test
    void aMissingPieceIsNotCommitted() throws IOException {
        CheckpointStore store = new DirectoryCheckpointStore(dir);
        Bodies b = PlummerSphere.generate(10, 1);
        store.writePiece(20, 0, 2, out -> BodiesBinary.write(b, out));
        IOException e = assertThrows(IOException.class, () -> store.commit(20, 2, 3));
        assertTrue(e.getMessage().contains("lacks piece 1 of 2"), e.getMessage());
        assertEquals(OptionalLong.empty(), store.latestComplete());
    }

    @Test
    void onlyTheNewestAreKept() throws IOException {
        CheckpointStore store = new DirectoryCheckpointStore(dir);
        Bodies[] parts = {PlummerSphere.generate(10, 1)};
        for (long round = 10; round <= 50; round += 10) {
            writeAll(store, round, parts);
            store.commit(round, 1, 2);
        }
        assertEquals(OptionalLong.of(50), store.latestComplete());
        assertFalse(Files.exists(dir.resolve("round-000000030")), "pruned");
        assertTrue(Files.exists(dir.resolve("round-000000040")));
    }

    @Test
    void anUnwritableDirectoryIsNamed() throws IOException {
        Path notADirectory = Files.writeString(dir.resolve("file"), "x");
        CheckpointStore store = new DirectoryCheckpointStore(notADirectory);
        Bodies b = PlummerSphere.generate(10, 1);
        IOException e = assertThrows(IOException.class, () -> store.writePiece(10, 0, 1, out -> BodiesBinary.write(b, out)));
        assertTrue(e.getMessage().contains("checkpoint directory " + notADirectory), e.getMessage());
    }
}
