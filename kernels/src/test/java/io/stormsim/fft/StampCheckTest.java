package io.stormsim.fft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A reader of reused blocks detects a producer's write for another step between its two checks. One thread
 * plays both sides in the order a straggler and a replay would interleave.
 */
class StampCheckTest {
    private static final String READER = "pass2, partition 3 of 4";
    private static final String PRODUCER = "pass1's stream 'rows'";

    /** Two producers' blocks, published for {@code step}. */
    private static List<ComplexBlock> published(long step) {
        List<ComplexBlock> blocks = List.of(ComplexBlock.zeros(2, 3), ComplexBlock.zeros(2, 3));
        for (ComplexBlock b : blocks) {
            b.startWrite();
            b.re[0] = step;
            b.publish(step);
        }
        return blocks;
    }

    @Test
    void untouchedBlocksPassBeforeAndAfterTheRead() {
        List<ComplexBlock> blocks = published(41);
        StampCheck.require(41, blocks, READER, PRODUCER);
        double read = blocks.get(0).re[0] + blocks.get(1).re[0];
        StampCheck.require(41, blocks, READER, PRODUCER);
        assertEquals(82, read);
        assertEquals(41, blocks.get(1).stamp());
    }

    @Test
    void aWriteStartedDuringTheReadFailsTheSecondCheck() {
        List<ComplexBlock> blocks = published(41);
        StampCheck.require(41, blocks, READER, PRODUCER);
        ComplexBlock second = blocks.get(1);
        second.startWrite();
        second.re[0] = 42;
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> StampCheck.require(41, blocks, READER, PRODUCER));
        assertTrue(e.getMessage().startsWith(READER + ", step 41: the block from partition 1 of " + PRODUCER
                + " is being overwritten"), e.getMessage());
    }

    @Test
    void aWriteFinishedDuringTheReadFailsTheSecondCheck() {
        List<ComplexBlock> blocks = published(41);
        StampCheck.require(41, blocks, READER, PRODUCER);
        ComplexBlock first = blocks.get(0);
        first.startWrite();
        first.re[0] = 42;
        first.publish(42);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> StampCheck.require(41, blocks, READER, PRODUCER));
        assertTrue(e.getMessage().startsWith(READER + ", step 41: the block from partition 0 of " + PRODUCER
                + " holds step 42"), e.getMessage());
    }

    @Test
    void aBlockOfAnotherStepFailsTheFirstCheck() {
        // the replay's reader (step 42) meets a straggler's block (step 41), and a straggler the replay's
        IllegalStateException newer = assertThrows(IllegalStateException.class,
                () -> StampCheck.require(42, published(41), READER, PRODUCER));
        assertTrue(newer.getMessage().contains("step 42: the block from partition 0 of " + PRODUCER + " holds step 41"),
                newer.getMessage());
        assertThrows(IllegalStateException.class, () -> StampCheck.require(40, published(41), READER, PRODUCER));
    }

    @Test
    void anUnpublishedBlockHoldsNoStep() {
        ComplexBlock fresh = ComplexBlock.zeros(1, 1);
        assertEquals(0, fresh.stamp());
        assertThrows(IllegalStateException.class, () -> StampCheck.require(1, List.of(fresh), READER, PRODUCER));
    }
}
