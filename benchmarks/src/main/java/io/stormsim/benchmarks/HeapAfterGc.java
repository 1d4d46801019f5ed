package io.stormsim.benchmarks;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * The largest heap in use right after a garbage collection since this was created: what a run
 * needs to keep (its live data, plus old garbage a young collection left), unlike the heap in use at
 * any one moment, which also counts garbage not yet collected.
 */
final class HeapAfterGc {
    private final AtomicLong max = new AtomicLong();

    HeapAfterGc() {
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ((NotificationEmitter) gc).addNotificationListener((notification, handback) -> {
                if (!notification.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
                    return;
                }
                GarbageCollectionNotificationInfo info =
                        GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
                long used = info.getGcInfo().getMemoryUsageAfterGc().values().stream()
                        .mapToLong(MemoryUsage::getUsed).sum();
                max.accumulateAndGet(used, Math::max);
            }, null, null);
        }
    }

    long maxBytes() {
        return max.get();
    }
}
