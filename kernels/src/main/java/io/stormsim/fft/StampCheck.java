package io.stormsim.fft;

import java.util.List;

/**
 * A reader's check that reused blocks ({@link ComplexBlock#stamp}) hold the values of the step it computes.
 * Called before reading the values and again after: if both pass, no producer wrote them for another step
 * in between (a step of a failed round still in flight while its replay runs, or the replay under such a
 * step), so what was read is that step's data. A failed check throws rather than let a wrong result pass.
 */
public final class StampCheck {
    private StampCheck() {
    }

    /**
     * Throws an {@link IllegalStateException} naming the reader, the step and the producer's partition unless
     * every block is stamped {@code step}.
     *
     * @param blocks the blocks of one step, block i from partition i of the producer
     * @param reader who reads them, for the message (component and partition)
     * @param producer who sent them, for the message (component and stream)
     */
    public static void require(long step, List<ComplexBlock> blocks, String reader, String producer) {
        for (int i = 0; i < blocks.size(); i++) {
            long stamp = blocks.get(i).stamp();
            if (stamp != step) {
                throw new IllegalStateException(reader + ", step " + step + ": the block from partition " + i + " of "
                        + producer + (stamp == ComplexBlock.BEING_WRITTEN ? " is being overwritten" : " holds step "
                        + stamp) + " (its producer reuses it for every step: a failed round's step ran while its"
                        + " replay did); this step fails, so the round is replayed instead of giving a wrong transform");
            }
        }
    }
}
