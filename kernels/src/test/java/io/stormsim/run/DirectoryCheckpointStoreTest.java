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

class DirectoryCheckpointStoreTest extends CheckpointStoreContract {
    @TempDir
    Path dir;

    @Override
    CheckpointStore store(String name) {
        return new DirectoryCheckpointStore(dir.resolve(name));
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
