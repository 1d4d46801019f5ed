package io.stormsim.run;

import io.stormsim.input.InputFile;
import io.stormsim.input.Utf8Lines;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * Checkpoints in a directory (local disk for one machine, a shared file system path for a cluster):
 * {@code round-000000040/part-0003-of-0008.bin} per piece, written to a temporary name and renamed;
 * {@code round-000000040/MANIFEST} written (the same way) once every piece is there.
 */
public final class DirectoryCheckpointStore implements CheckpointStore {
    private static final String MANIFEST = "MANIFEST";
    /** A manifest is two short lines and a comment; anything far larger is not one. */
    private static final int MAX_MANIFEST_BYTES = 1 << 16;
    private final Path dir;

    public DirectoryCheckpointStore(Path dir) {
        this.dir = dir;
    }

    private Path roundDir(long round) {
        return dir.resolve(String.format("round-%09d", round));
    }

    private static String pieceName(int partition, int partitions) {
        return String.format("part-%04d-of-%04d.bin", partition, partitions);
    }

    @Override
    public void writePiece(long round, int partition, int partitions, PieceWriter writer) throws IOException {
        Path target = roundDir(round).resolve(pieceName(partition, partitions));
        try {
            Files.createDirectories(target.getParent());
            AtomicFiles.write(target, writer::write);
        } catch (IOException e) {
            throw new IOException("checkpoint directory " + dir + ": cannot write " + target + " (" + e + ")", e);
        }
    }

    @Override
    public void commit(long round, int partitions, int keep) throws IOException {
        Path rd = roundDir(round);
        for (int p = 0; p < partitions; p++) {
            if (!Files.exists(rd.resolve(pieceName(p, partitions)))) {
                throw new IOException("checkpoint of round " + round + " in " + dir + " lacks piece " + p + " of "
                        + partitions + ": not marked complete");
            }
        }
        Properties m = new Properties();
        m.setProperty("round", Long.toString(round));
        m.setProperty("pieces", Integer.toString(partitions));
        AtomicFiles.write(rd.resolve(MANIFEST), out -> m.store(out, "stormsim checkpoint: complete"));
        prune(keep);
    }

    private void prune(int keep) throws IOException {
        List<Long> complete = completeRounds();
        for (int i = 0; i < complete.size() - keep; i++) {
            deleteTree(roundDir(complete.get(i)));
        }
    }

    private List<Long> completeRounds() throws IOException {
        List<Long> rounds = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return rounds;
        }
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(p -> p.getFileName().toString().matches("round-\\d{9}") && Files.exists(p.resolve(MANIFEST)))
                    .forEach(p -> rounds.add(Long.parseLong(p.getFileName().toString().substring(6))));
        }
        rounds.sort(null);
        return rounds;
    }

    private static void deleteTree(Path p) throws IOException {
        try (Stream<Path> s = Files.walk(p)) {
            for (Path f : s.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.deleteIfExists(f);
            }
        }
    }

    @Override
    public OptionalLong latestComplete() throws IOException {
        List<Long> rounds = completeRounds();
        return rounds.isEmpty() ? OptionalLong.empty() : OptionalLong.of(rounds.get(rounds.size() - 1));
    }

    @Override
    public int pieces(long round) throws IOException {
        Path manifest = roundDir(round).resolve(MANIFEST);
        if (!Files.exists(manifest)) {
            throw new IOException("no complete checkpoint of round " + round + " in " + dir);
        }
        long size = InputFile.checkedSize(manifest, "checkpoint manifest", "a properties file 'round=', 'pieces='");
        if (size > MAX_MANIFEST_BYTES) {
            throw new IOException("checkpoint manifest " + manifest + " has " + size + " bytes, expected a few lines"
                    + " 'round=', 'pieces=' (at most " + MAX_MANIFEST_BYTES + " bytes)");
        }
        Properties m = new Properties();
        try {
            m.load(new java.io.StringReader(Files.readString(manifest, StandardCharsets.ISO_8859_1)));
        } catch (IllegalArgumentException e) {
            throw new IOException("checkpoint manifest " + manifest + " is not a properties file (" + e.getMessage()
                    + "), expected lines 'round=', 'pieces='");
        }
        String pieces = m.getProperty("pieces");
        if (pieces != null && pieces.matches("[1-9][0-9]{0,8}")) {
            return Integer.parseInt(pieces);
        }
        throw new IOException("checkpoint manifest " + manifest + ": 'pieces' is " + (pieces == null ? "missing"
                : "'" + Utf8Lines.excerpt(pieces) + "'") + ", expected a whole number >= 1");
    }

    @Override
    public <T> T readPiece(long round, int partition, PieceReader<T> reader) throws IOException {
        Path piece = roundDir(round).resolve(pieceName(partition, pieces(round)));
        InputFile.checkedSize(piece, "checkpoint piece", "piece " + partition + " of round " + round);
        try (InputStream in = new BufferedInputStream(Files.newInputStream(piece), 1 << 16)) {
            return reader.read(in);
        } catch (EOFException e) {
            throw (EOFException) new EOFException("checkpoint piece " + piece + ": " + e.getMessage()).initCause(e);
        } catch (IOException e) {
            throw new IOException("checkpoint piece " + piece + ": " + e.getMessage(), e);
        }
    }
}
