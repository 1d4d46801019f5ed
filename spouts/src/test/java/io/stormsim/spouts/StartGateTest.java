package io.stormsim.spouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.storm.generated.Bolt;
import org.apache.storm.generated.ComponentCommon;
import org.apache.storm.generated.ComponentObject;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.Test;

class StartGateTest {
    private static final long MS = 1_000_000L;

    private record Task(boolean inRounds) implements RoundTask, Serializable {
    }

    private record Other() implements Serializable {
    }

    private static Bolt bolt(Serializable object) {
        return new Bolt(ComponentObject.serialized_java(Utils.javaSerialize(object)), new ComponentCommon());
    }

    @Test
    void countsTheTasksOfTheBoltsInTheRounds() {
        Map<String, Bolt> bolts = Map.of("force", bolt(new Task(true)), "tree", bolt(new Task(true)),
                "stream", bolt(new Task(false)), "plain", bolt(new Other()));
        Map<String, Integer> tasks = Map.of("force", 3, "tree", 2, "stream", 5, "plain", 7);
        assertEquals(5, StartGate.roundTasks(bolts, tasks::get));
        assertEquals(0, StartGate.roundTasks(Map.of("plain", bolt(new Other())), tasks::get));
    }

    @Test
    void opensOnceEveryTaskStartedLookingEveryFewMilliseconds() {
        List<Integer> looks = new ArrayList<>();
        int[] started = {0};
        StartGate gate = new StartGate(tasks -> {
            looks.add(tasks);
            return started[0] >= tasks;
        }, 3, 0);
        assertFalse(gate.open(0));
        assertFalse(gate.open(StartGate.LOOK_MILLIS * MS - 1), "no second look within the interval");
        assertEquals(List.of(3), looks);
        started[0] = 2;
        assertFalse(gate.open(StartGate.LOOK_MILLIS * MS));
        started[0] = 3;
        assertTrue(gate.open(2 * StartGate.LOOK_MILLIS * MS));
        assertTrue(gate.open(2 * StartGate.LOOK_MILLIS * MS + 1), "stays open without looking");
        assertEquals(List.of(3, 3, 3), looks);
    }

    @Test
    void withoutTasksInTheRoundsIsOpenWithoutLooking() {
        StartGate gate = new StartGate(tasks -> {
            throw new AssertionError("looked");
        }, 0, 0);
        assertTrue(gate.open(0));
    }

    @Test
    void opensWhenZooKeeperCannotBeReadOrAfterTheLimit() {
        StartGate unreadable = new StartGate(tasks -> {
            throw new IllegalStateException("connection lost");
        }, 2, 0);
        assertTrue(unreadable.open(0));

        StartGate neverStarted = new StartGate(tasks -> false, 2, 0);
        assertFalse(neverStarted.open(StartGate.LIMIT_SECONDS * 1000 * MS));
        assertTrue(neverStarted.open(StartGate.LIMIT_SECONDS * 1000 * MS + StartGate.LOOK_MILLIS * MS + 1));
    }
}
