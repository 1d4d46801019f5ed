package io.stormsim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file is replaced whole, and a write that fails part way leaves the old file and no temporary one. */
class AtomicFilesTest {
    @TempDir
    Path dir;

    @Test
    void replacesTheFileWhole() throws IOException {
        Path file = dir.resolve("table.txt");
        AtomicFiles.writeLines(file, List.of("a", "b"));
        AtomicFiles.writeString(file, "c\n");
        assertEquals("c\n", Files.readString(file));
        assertEquals(List.of(file), Files.list(dir).toList());
    }

    @Test
    void aFailedWriteKeepsTheOldFileAndLeavesNothingElse() throws IOException {
        Path file = dir.resolve("summary.txt");
        AtomicFiles.writeString(file, "old\n");
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.write(file, out -> {
            out.write(new byte[1000]);
            throw new IOException("disk full");
        }));
        assertEquals("disk full", e.getMessage());
        assertEquals("old\n", Files.readString(file));
        assertEquals(List.of(file), Files.list(dir).toList());
    }

    /** A library that opens the path itself without truncating (jHDF) must not find what a crashed write left. */
    @Test
    void aWriterGivenThePathFindsNoStaleTemporaryFile() throws IOException {
        Path file = dir.resolve("snapshot.hdf5");
        Files.writeString(file.resolveSibling("snapshot.hdf5.tmp"), "left by a crash");
        AtomicFiles.writeVia(file, tmp -> {
            assertEquals(false, Files.exists(tmp));
            Files.writeString(tmp, "new");
        });
        assertEquals("new", Files.readString(file));
        assertEquals(List.of(file), Files.list(dir).toList());
        assertThrows(IllegalStateException.class, () -> AtomicFiles.writeVia(file, tmp -> {
            Files.writeString(tmp, "part");
            throw new IllegalStateException("library failed");
        }));
        assertEquals("new", Files.readString(file));
        assertEquals(List.of(file), Files.list(dir).toList());
    }

    @Test
    void runOutputAppendsRowsAndWritesTheDoneAndHaltedFiles() throws IOException {
        RunOutput out = new RunOutput(dir.resolve("run")).create();
        out.append("log.csv", "1\n");
        out.append("log.csv", "2\n");
        assertEquals("1\n2\n", Files.readString(out.file("log.csv")));
        out.complete("steps=3\n");
        assertEquals("steps=3\n", Files.readString(out.file(RunOutput.SUMMARY)));
        out.clearComplete();
        assertEquals(false, Files.exists(out.file(RunOutput.SUMMARY)));
        out.halted("round 3 failed 4 times");
        assertEquals("round 3 failed 4 times\n", Files.readString(out.file(RunOutput.HALTED)));
    }
}
