package io.stormsim.sort;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A lent buffer is handed out again only once every reader has released it, and only for records of its kind. */
class RecordPoolTest {
    private static final SortRecords KEYS32 = SortRecords.allocate(32, false, 0);

    @Test
    void aBufferComesBackOnlyWhenEveryLeaseIsReleasedOnce() {
        RecordPool pool = new RecordPool();
        SortRecords lent = pool.acquire(KEYS32, 1000);
        assertEquals(1000, lent.size());
        RecordPool.Lease[] leases = pool.lend(lent, 2);
        assertNotSame(lent, pool.acquire(KEYS32, 1000), "still lent: a new buffer");
        leases[0].release();
        leases[0].release();
        assertEquals(0, pool.freeBuffers(), "a second release of the same lease does not count");
        leases[1].release();
        assertEquals(1, pool.freeBuffers());
        SortRecords again = pool.acquire(KEYS32, 900);
        assertSame(lent, again);
        assertEquals(900, again.size());
        assertEquals(0, pool.freeBuffers());
    }

    @Test
    void aFreeBufferServesOnlyRecordsOfItsKindThatFit() {
        RecordPool pool = new RecordPool();
        SortRecords records = SortRecords.allocate(64, true, 0);
        SortRecords lent = pool.acquire(records, 5000);
        pool.lend(lent, 1)[0].release();
        assertNotSame(lent, pool.acquire(KEYS32, 10), "other key bits");
        assertNotSame(lent, pool.acquire(SortRecords.allocate(64, false, 0), 10), "without payloads");
        assertNotSame(lent, pool.acquire(records, 1 << 20), "too small");
        assertSame(lent, pool.acquire(records, 5001), "capacities are rounded up");
    }

    /** Through the partition: a sorted range the sink still reads is never written by a later job. */
    @Test
    void aPartitionNeverOverwritesASortedRangeStillLeased() {
        SortRecords in = KeyGenerator.UNIFORM.generate(32, 3000, true, 7);
        SortRecords expected = in.copyOfRange(0, in.size());
        new RadixSort(8).sort(expected);
        RadixPartition part = new RadixPartition(0, 1, 8);
        RadixPartition.Chunk first = part.sort(List.of(part.split(in, 0, KeySplitters.none())));
        for (int job = 0; job < 3; job++) {
            RadixPartition.Chunk later = part.sort(List.of(part.split(in, 0, KeySplitters.none())));
            assertNotSame(first.records(), later.records(), "job " + job);
            assertTrue(expected.sameRecords(later.records().copyOfRange(0, later.count())), "job " + job);
            later.release();
        }
        assertTrue(expected.sameRecords(first.records().copyOfRange(0, first.count())), "untouched while leased");
    }
}
