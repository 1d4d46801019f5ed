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

    /** Through the partition: the outbox a pass wrote serves the pass after next once its readers are done. */
    @Test
    void aPartitionReusesItsOutboxOnceTheReceiverHasReadIt() {
        SortRecords in = KeyGenerator.UNIFORM.generate(32, 3000, true, 7);
        RadixPartition part = new RadixPartition(0, 1, 8, in.copyOfRange(0, in.size()));
        long[] h = part.histogram(0);
        RadixPartition.Chunk[] first = part.permute(0, h, new long[256], h);
        part.receive(List.of(first));
        h = part.histogram(1);
        RadixPartition.Chunk[] second = part.permute(1, h, new long[256], h);
        assertNotSame(first[0].records(), second[0].records(), "the first outbox was still being read");
        part.receive(List.of(second));
        h = part.histogram(2);
        RadixPartition.Chunk[] third = part.permute(2, h, new long[256], h);
        assertSame(first[0].records(), third[0].records(), "released by the second permute");
        part.receive(List.of(third));
        h = part.histogram(3);
        part.receive(List.of(part.permute(3, h, new long[256], h)));
        SortRecords expected = in.copyOfRange(0, in.size());
        new RadixSort(8).sort(expected);
        assertTrue(expected.sameRecords(part.stripe().copyOfRange(0, part.size())));
    }
}
