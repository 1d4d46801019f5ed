package io.stormsim.nbody.analysis.bolts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.nbody.analysis.DensityCentre;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class DensityCentresTest {
    @Test
    void stagesAskingForOneRoundShareOneResultAndANewRoundComputesAgain() throws Exception {
        Bodies b = PlummerSphere.generate(20_000, 4);
        CompletableFuture<DensityCentre.Result> lagrangian = CompletableFuture.supplyAsync(() -> DensityCentres.of("t", 10, 6, b));
        CompletableFuture<DensityCentre.Result> profile = CompletableFuture.supplyAsync(() -> DensityCentres.of("t", 10, 6, b));
        assertSame(lagrangian.get(), profile.get(), "one computation for both");
        assertEquals(DensityCentre.of(b, 6, DensityCentre.CORE_DIVISOR), lagrangian.get(), "the kernel's result");
        assertNotSame(lagrangian.get(), DensityCentres.of("t", 20, 6, b), "another round");
        assertNotSame(DensityCentres.of("t", 20, 6, b), DensityCentres.of("t", 20, 7, b), "other neighbours");
        assertNotSame(DensityCentres.of("t", 20, 7, b), DensityCentres.of("other topology", 20, 7, b));
        DensityCentres.release("t");
        DensityCentres.release("other topology");
    }
}
