package io.stormsim.benchmarks;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.stormsim.benchmarks.Bench.BenchException;
import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.PlummerSphere;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * REBOUND's driver on bodies from our generator, where a REBOUND environment is already in the cache (tests never
 * download it: {@code stormsim bench barnes-hut --rebound ...} makes it once).
 */
class ReboundTest {
    @TempDir
    Path dir;
    private Rebound rebound;

    @BeforeEach
    void reboundInstalled() throws Exception {
        assumeTrue(Files.isExecutable(Rebound.environment().resolve("bin/python")),
                "no REBOUND environment in " + Rebound.environment() + " (bench barnes-hut --rebound makes it)");
        rebound = Rebound.setUp(dir).rebound();
        assertNotNull(rebound, "an environment that is there is used as it is");
    }

    @Test
    void timesStepsOfTheSameBodies() throws Exception {
        double seconds = rebound.secondsPerStep(PlummerSphere.generate(500, 42), dir, 3, 1, 0.5, 0.01, 0.005);
        assertTrue(seconds > 0 && seconds < 5, "seconds a step of 500 bodies: " + seconds);
        assertTrue(Files.readString(dir.resolve("bodies-initial.csv")).startsWith("id,mass,x,y,z,vx,vy,vz"));
    }

    @Test
    void aBodyThatLeavesTheRootBoxFailsTheMeasurement() {
        Bodies b = PlummerSphere.generate(500, 42);
        double extent = 0;
        for (int i = 0; i < b.n; i++) {
            extent = Math.max(extent, Math.max(Math.abs(b.x[i]), Math.max(Math.abs(b.y[i]), Math.abs(b.z[i]))));
        }
        b.x[0] = extent;
        b.vx[0] = 1000 * extent;
        BenchException e = assertThrows(BenchException.class,
                () -> rebound.secondsPerStep(b, dir, 3, 1, 0.5, 0.01, 0.005));
        assertTrue(e.getMessage().contains("499 of 500 bodies"), e.getMessage());
    }
}
