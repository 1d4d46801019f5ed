package io.stormsim.bsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A step's messages come out per stream in source order, whatever order they arrived in; stale steps are dropped. */
class StepGatheringTest {
    /** A message: which stream and source sent it. */
    private record Msg(String stream, int source) {
    }

    private static final Map<String, Integer> INPUTS = Map.of("exchange", 3, "own", 1);

    private static List<Msg> stepMessages() {
        return List.of(new Msg("exchange", 0), new Msg("exchange", 1), new Msg("exchange", 2), new Msg("own", 1));
    }

    @Test
    void everyArrivalOrderGivesTheSameOrderedStep() {
        Random random = new Random(7);
        for (int trial = 0; trial < 50; trial++) {
            List<Msg> arrivals = new ArrayList<>(stepMessages());
            Collections.shuffle(arrivals, random);
            StepGathering<Msg> gathering = new StepGathering<>(INPUTS);
            StepGathering.Step<Msg> step = null;
            for (int i = 0; i < arrivals.size(); i++) {
                Msg m = arrivals.get(i);
                step = gathering.add(9, m.stream, m.source, m);
                if (i < arrivals.size() - 1) {
                    assertNull(step, "incomplete after " + (i + 1) + " messages");
                }
            }
            assertNotNull(step);
            assertEquals(9, step.step());
            assertEquals(List.of(new Msg("exchange", 0), new Msg("exchange", 1), new Msg("exchange", 2)),
                    step.byStream().get("exchange"), arrivals.toString());
            assertEquals(List.of(new Msg("own", 1)), step.byStream().get("own"));
            assertEquals(4, step.all().size());
            assertTrue(step.stale().isEmpty());
            assertEquals(0, gathering.pendingSteps());
        }
    }

    @Test
    void interleavedStepsCompleteIndependently() {
        StepGathering<Msg> gathering = new StepGathering<>(INPUTS);
        for (Msg m : stepMessages().subList(0, 3)) {
            assertNull(gathering.add(1, m.stream, m.source, m));
            assertNull(gathering.add(2, m.stream, m.source, m));
        }
        assertNotNull(gathering.add(1, "own", 1, new Msg("own", 1)));
        assertEquals(1, gathering.pendingSteps());
        StepGathering.Step<Msg> two = gathering.add(2, "own", 1, new Msg("own", 1));
        assertEquals(2, two.step());
        assertTrue(two.stale().isEmpty());
    }

    @Test
    void aCompletedStepDropsOlderPartialSteps() {
        StepGathering<Msg> gathering = new StepGathering<>(INPUTS);
        Msg lost = new Msg("exchange", 2);
        gathering.add(4, lost.stream, lost.source, lost);
        Msg later = new Msg("exchange", 0);
        gathering.add(8, later.stream, later.source, later);
        StepGathering.Step<Msg> step = null;
        for (Msg m : stepMessages()) {
            step = gathering.add(6, m.stream, m.source, m);
        }
        assertEquals(List.of(lost), step.stale(), "the partial step 4 is dropped");
        assertEquals(1, gathering.pendingSteps(), "the newer partial step 8 is kept");
    }

    @Test
    void theRightCountOnTheWrongStreamsIsAnError() {
        StepGathering<Msg> gathering = new StepGathering<>(INPUTS);
        Msg stale = new Msg("own", 0);
        gathering.add(1, stale.stream, stale.source, stale);
        List<Msg> sent = List.of(new Msg("exchange", 0), new Msg("exchange", 1), new Msg("own", 0), new Msg("own", 1));
        for (Msg m : sent.subList(0, 3)) {
            assertNull(gathering.add(2, m.stream, m.source, m));
        }
        StepGathering.WrongStepException e = assertThrows(StepGathering.WrongStepException.class,
                () -> gathering.add(2, "own", 1, sent.get(3)));
        assertTrue(e.getMessage().startsWith("step 2 got 2 messages on 'exchange', expected 3")
                || e.getMessage().startsWith("step 2 got 2 messages on 'own', expected 1"), e.getMessage());
        assertEquals(4, e.<Msg>messages().size());
        assertEquals(List.of(stale), e.<Msg>stale());
    }

    @Test
    void anUndeclaredStreamIsRejected() {
        StepGathering<Msg> gathering = new StepGathering<>(INPUTS);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> gathering.add(1, "other", 0, null));
        assertTrue(e.getMessage().contains("no input stream 'other'"), e.getMessage());
    }
}
