package io.stormsim.spouts;

import static io.stormsim.spouts.RestartRecovery.MAX_RESENDS;
import static io.stormsim.spouts.RestartRecovery.RESEND_NANOS;
import static io.stormsim.spouts.RestartRecovery.SETTLE_NANOS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A spout's recovery from restarted tasks: nothing sent while the restarts settle, steps sent after a restart
 * resent once overdue and within their budget, and recovering over once those steps are done.
 */
class RestartRecoveryTest {
    /** Any start: nanoTime values may be negative, and only differences count. */
    private static final long T0 = -5_000_000_000L;
    private static final long SECOND = 1_000_000_000L;

    @Test
    void sendsAtOnceUntilARestartThenWaitsForTheRestartsToSettle() {
        RestartRecovery recovery = new RestartRecovery(T0);
        assertFalse(recovery.settling(T0));
        assertFalse(recovery.recovering());

        assertFalse(recovery.restarted(List.of(), T0 + SECOND), "no task restarted");
        assertFalse(recovery.recovering());
        assertFalse(recovery.settling(T0 + SECOND));

        assertTrue(recovery.restarted(List.of(3, 8), T0 + SECOND));
        assertTrue(recovery.recovering());
        assertTrue(recovery.settling(T0 + SECOND));
        assertTrue(recovery.settling(T0 + SECOND + SETTLE_NANOS - 1));
        assertFalse(recovery.settling(T0 + SECOND + SETTLE_NANOS));

        // a further start, as a worker's tasks start one by one, waits from the last
        recovery.restarted(T0 + SECOND + SETTLE_NANOS / 2);
        assertTrue(recovery.settling(T0 + SECOND + SETTLE_NANOS));
        assertFalse(recovery.settling(T0 + SECOND + SETTLE_NANOS / 2 + SETTLE_NANOS));
    }

    @Test
    void aStepSentAfterARestartIsDueForResendingOnlyAfterThePatience() {
        RestartRecovery recovery = new RestartRecovery(T0);
        recovery.sent(1, T0);
        assertEquals(List.of(), recovery.overdue(T0 + 100 * SECOND), "sent before any restart: not watched");

        recovery.restarted(T0);
        long sent = T0 + SETTLE_NANOS;
        recovery.sent(2, sent);
        recovery.sent(3, sent + SECOND);
        assertEquals(List.of(), recovery.overdue(sent + RESEND_NANOS));
        assertEquals(List.of(2L), recovery.overdue(sent + RESEND_NANOS + 1));
        assertEquals(List.of(2L, 3L), recovery.overdue(sent + SECOND + RESEND_NANOS + 1), "in send order");
        assertEquals(sent + SECOND, recovery.sentAt(3));

        recovery.forget(2);
        assertEquals(List.of(3L), recovery.overdue(sent + 100 * SECOND), "resent or failed: not watched");
    }

    @Test
    void thePatienceIsThreeTimesTheLastDoneTimeWhenThatIsLonger() {
        RestartRecovery recovery = new RestartRecovery(T0);
        recovery.done(7, 5 * SECOND);
        recovery.restarted(T0);
        recovery.sent(1, T0);
        assertEquals(List.of(), recovery.overdue(T0 + 15 * SECOND));
        assertEquals(List.of(1L), recovery.overdue(T0 + 15 * SECOND + 1));

        recovery.done(8, SECOND / 10);
        assertEquals(List.of(1L), recovery.overdue(T0 + RESEND_NANOS + 1), "never less than RESEND_NANOS");
        assertEquals(List.of(), recovery.overdue(T0 + RESEND_NANOS));
    }

    @Test
    void eachKeyMayBeResentAtMostMaxResendsTimesUntilItIsDone() {
        RestartRecovery recovery = new RestartRecovery(T0);
        for (int i = 0; i < MAX_RESENDS; i++) {
            assertTrue(recovery.spendResend(4), "resend " + (i + 1));
        }
        assertFalse(recovery.spendResend(4));
        assertFalse(recovery.spendResend(4), "a refusal spends nothing and changes nothing");
        assertTrue(recovery.spendResend(5), "another job has its own budget");

        recovery.done(4, SECOND);
        for (int i = 0; i < MAX_RESENDS; i++) {
            assertTrue(recovery.spendResend(4), "renewed once done: resend " + (i + 1));
        }
        assertFalse(recovery.spendResend(4));
    }

    @Test
    void recoveringEndsWhenTheLastStepSentAfterTheRestartIsAcked() {
        RestartRecovery recovery = new RestartRecovery(T0);
        recovery.sent(1, T0);
        recovery.restarted(T0);
        recovery.acked(1);
        assertTrue(recovery.recovering(), "a step sent before the restart says nothing of the restarted tasks");

        recovery.sent(2, T0 + SETTLE_NANOS);
        recovery.sent(3, T0 + SETTLE_NANOS);
        recovery.sent(4, T0 + SETTLE_NANOS);
        recovery.forget(2);
        recovery.acked(3);
        assertTrue(recovery.recovering(), "step 4 is not done yet");
        recovery.acked(4);
        assertFalse(recovery.recovering());

        recovery.sent(5, T0 + 2 * SETTLE_NANOS);
        assertEquals(List.of(), recovery.overdue(T0 + 100 * SECOND), "sent once recovered: not watched");
    }

    @Test
    void stepsThatFailedDoNotEndTheRecovery() {
        RestartRecovery recovery = new RestartRecovery(T0);
        recovery.restarted(T0);
        recovery.sent(1, T0 + SETTLE_NANOS);
        recovery.forget(1);
        assertTrue(recovery.recovering(), "no step sent after the restart is done yet");
        recovery.sent(2, T0 + 2 * SETTLE_NANOS);
        recovery.acked(2);
        assertFalse(recovery.recovering());
    }
}
