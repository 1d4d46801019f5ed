package io.stormsim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.BodiesBinary;
import io.stormsim.nbody.PlummerSphere;
import java.io.IOException;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** What every checkpoint store does, whatever holds the pieces: each store's test extends this. */
abstract class CheckpointStoreContract {
    /** A new, empty store; {@code name} keeps it apart from the test's other stores. */
    abstract CheckpointStore store(String name) throws IOException;

    static void writeAll(CheckpointStore store, long round, Bodies[] parts) throws IOException {
        for (int p = 0; p < parts.length; p++) {
            Bodies b = parts[p];
            store.writePiece(round, p, parts.length, out -> BodiesBinary.write(b, out));
        }
    }

    @Test
    void aCheckpointCountsOnlyOnceCommittedAndReadsBackExactly() throws IOException {
        CheckpointStore store = store("ckpt");
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
        CheckpointStore store = store("missing");
        Bodies b = PlummerSphere.generate(10, 1);
        store.writePiece(20, 0, 2, out -> BodiesBinary.write(b, out));
        IOException e = assertThrows(IOException.class, () -> store.commit(20, 2, 3));
        assertTrue(e.getMessage().contains("lacks piece 1 of 2"), e.getMessage());
        assertEquals(OptionalLong.empty(), store.latestComplete());
    }

    @Test
    void aPrunedCheckpointCannotBeReadAndTheKeptOnesCan() throws IOException {
        CheckpointStore store = store("pruned");
        Bodies[] parts = {PlummerSphere.generate(50, 1), PlummerSphere.generate(50, 2)};
        for (long round = 10; round <= 50; round += 10) {
            writeAll(store, round, parts);
            store.commit(round, 2, 2);
        }
        assertEquals(OptionalLong.of(50), store.latestComplete());
        IOException gone = assertThrows(IOException.class, () -> store.pieces(30));
        assertTrue(gone.getMessage().contains("no complete checkpoint of round 30"), gone.getMessage());
        for (long round : new long[] {40, 50}) {
            assertEquals(2, store.pieces(round));
            assertTrue(parts[1].sameStateBits(store.readPiece(round, 1, BodiesBinary::read)), "round " + round);
        }
    }
}
