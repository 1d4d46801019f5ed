package io.stormsim.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.LongFunction;

/**
 * A run's output directory as every workload's sinks write it: whole files atomically ({@link AtomicFiles}),
 * rows appended to logs, and the two files launchers wait for: {@value #SUMMARY}, written last by a bounded
 * run that completed, and {@value #HALTED}, written by a spout that halted the run, with the reason.
 */
public final class RunOutput implements AutoCloseable {
    /** Written last by a run that completed; its presence says so. */
    public static final String SUMMARY = "summary.txt";
    /** Written when a run halts: why, for the user and for the launcher. */
    public static final String HALTED = "halted.txt";

    private final Path dir;
    /** The run store the results are mirrored into, or null. */
    private final ResultsMirror mirror;

    public RunOutput(Path dir) {
        this(dir, null);
    }

    RunOutput(Path dir, ResultsMirror mirror) {
        this.dir = dir;
        this.mirror = mirror;
    }

    public Path dir() {
        return dir;
    }

    public Path file(String name) {
        return dir.resolve(name);
    }

    /** Creates the directory if need be. */
    public RunOutput create() throws IOException {
        Files.createDirectories(dir);
        return this;
    }

    /** Replaces file {@code name} whole. */
    public void write(String name, AtomicFiles.Bytes content) throws IOException {
        AtomicFiles.write(create().file(name), content);
        written(name);
    }

    /** File {@code name} was replaced whole in the directory by a writer of its own (a format's library). */
    public void written(String name) {
        if (mirror != null) {
            mirror.written(name);
        }
    }

    /** File {@code name} was deleted from the directory by the caller. */
    public void deleted(String name) {
        if (mirror != null) {
            mirror.removed(name);
        }
    }

    /**
     * Deletes the numbered files {@code name(upTo)}, {@code name(upTo - 1)}, ... here and in the run store, down to the
     * first that is not here (the older ones went before): the outputs beyond the newest a run keeps.
     */
    public void deleteNumbered(LongFunction<String> name, long upTo) throws IOException {
        for (long number = upTo; number >= 0 && Files.deleteIfExists(file(name.apply(number))); number--) {
            deleted(name.apply(number));
        }
    }

    /** Replaces file {@code name} whole with {@code text}. */
    public void writeString(String name, CharSequence text) throws IOException {
        AtomicFiles.writeString(create().file(name), text);
        written(name);
    }

    /** Replaces file {@code name} whole with {@code lines}, each ended by a newline. */
    public void writeLines(String name, Iterable<? extends CharSequence> lines) throws IOException {
        AtomicFiles.writeLines(create().file(name), lines);
        written(name);
    }

    /** Appends {@code rows} (ended by newlines) to file {@code name}. */
    public void append(String name, CharSequence rows) throws IOException {
        Files.writeString(file(name), rows, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        if (mirror != null) {
            mirror.appended(name);
        }
    }

    /** Writes the summary: the run is complete. The run store, if any, gets every result, the summary last. */
    public void complete(CharSequence summary) throws IOException {
        if (mirror != null) {
            mirror.completed(summary.toString().getBytes(StandardCharsets.UTF_8));
        }
        AtomicFiles.writeString(create().file(SUMMARY), summary);
    }

    /** Removes the summary of an earlier run, or of rounds a replay is about to redo. */
    public void clearComplete() throws IOException {
        Files.deleteIfExists(file(SUMMARY));
        if (mirror != null) {
            mirror.removed(SUMMARY);
        }
    }

    /** Writes why the run halted. */
    public void halted(String reason) throws IOException {
        writeString(HALTED, reason + "\n");
    }

    /** Releases the run store's connections, if the results are mirrored. */
    @Override
    public void close() {
        if (mirror != null) {
            mirror.close();
        }
    }
}
