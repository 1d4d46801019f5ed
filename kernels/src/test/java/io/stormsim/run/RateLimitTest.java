package io.stormsim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RateLimitTest {
    @Test
    void theFirstIsReportedThenOneAPeriodWithHowManyWereNot() {
        AtomicLong now = new AtomicLong(5);
        RateLimit limit = new RateLimit(Duration.ofSeconds(60), now::get);
        assertEquals(0, limit.occurred(), "the first occurrence is reported");
        now.addAndGet(Duration.ofSeconds(59).toNanos());
        assertEquals(-1, limit.occurred());
        assertEquals(-1, limit.occurred());
        now.addAndGet(Duration.ofSeconds(1).toNanos());
        assertEquals(2, limit.occurred(), "a period after the last report: reported, with the two not reported");
        assertEquals(-1, limit.occurred());
        now.addAndGet(Duration.ofMinutes(10).toNanos());
        assertEquals(1, limit.occurred());
    }
}
