package io.stormsim.nbody.analysis.bolts;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.analysis.DensityCentre;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The density centre of an output round's bodies, found once per worker for the stages that need it at that
 * round: {@code lagrangian} and {@code profile} both measure about it ({@link DensityCentre#CORE_DIVISOR}), and its
 * k-nearest-neighbour search is most of either's work. The first stage to ask
 * computes it, a stage asking meanwhile waits for that result instead of computing it again; the result is a pure
 * function of the bodies, so sharing it changes no bit, and stages in different workers each compute their own.
 * Keyed by topology, it holds the newest round's result only; a stage lets go of it when it goes away.
 */
final class DensityCentres {
    private record Slot(long round, int k, CompletableFuture<DensityCentre.Result> result) {
    }

    private static final Map<String, Slot> NEWEST = new ConcurrentHashMap<>();

    private DensityCentres() {
    }

    /** The density centre (from {@code k} neighbours) of {@code all}, the bodies of round {@code round}. */
    static DensityCentre.Result of(String topology, long round, int k, Bodies all) {
        CompletableFuture<DensityCentre.Result> mine = new CompletableFuture<>();
        Slot slot = NEWEST.compute(topology, (key, old) -> old != null && old.round == round && old.k == k ? old
                : new Slot(round, k, mine));
        if (slot.result == mine) {
            try {
                mine.complete(DensityCentre.of(all, k, DensityCentre.CORE_DIVISOR));
            } catch (Throwable e) {
                // a replay computes it anew, and a stage waiting for it fails with it instead of waiting for ever
                NEWEST.remove(topology, slot);
                mine.completeExceptionally(e);
                throw e;
            }
        }
        return slot.result.join();
    }

    static void release(String topology) {
        NEWEST.remove(topology);
    }
}
