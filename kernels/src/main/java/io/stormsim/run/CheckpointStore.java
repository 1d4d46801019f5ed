package io.stormsim.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.OptionalLong;

/**
 * Where partitions keep the state of a simulation at step boundaries. A checkpoint of round r holds one
 * piece per partition; it counts only once {@link #commit} has seen every piece and marked it complete,
 * so a crash in the middle of writing one never leaves a checkpoint that looks usable.
 */
public interface CheckpointStore extends AutoCloseable {
    /** Writes partition p's piece of round r (of {@code partitions}) atomically. */
    void writePiece(long round, int partition, int partitions, PieceWriter writer) throws IOException;

    /** Marks round r complete if all its pieces are there; then keeps only the newest {@code keep} complete ones. */
    void commit(long round, int partitions, int keep) throws IOException;

    /** The newest complete checkpoint's round, if any. */
    OptionalLong latestComplete() throws IOException;

    /** How many pieces the complete checkpoint of round r has. */
    int pieces(long round) throws IOException;

    /** Reads piece p of the complete checkpoint of round r. */
    <T> T readPiece(long round, int partition, PieceReader<T> reader) throws IOException;

    /** Releases what the store holds open (a Redis store's connections). */
    @Override
    default void close() {
    }

    @FunctionalInterface
    interface PieceWriter {
        void write(OutputStream out) throws IOException;
    }

    @FunctionalInterface
    interface PieceReader<T> {
        T read(InputStream in) throws IOException;
    }
}
