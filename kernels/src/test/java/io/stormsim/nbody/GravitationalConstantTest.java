package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A run in physical units is the N-body run seen through the scaling law of gravity: with G, velocities sqrt(G) times
 * larger and time steps sqrt(G) times shorter, bodies pass through the same positions and the energy is G times
 * larger. The oracle is the N-body run (G = 1), which earlier tests pin bit for bit.
 */
class GravitationalConstantTest {
    private static final int N = 400, STEPS = 20;

    @Test
    void aPlummerSphereInGalacticUnitsMovesAsInNbodyUnitsWithTimeScaled() {
        double g = UnitNames.parse("kpc,1e10Msun,km/s").gravitationalConstant(), s = Math.sqrt(g);
        Parameters nbody = Parameters.of(STEPS, 0.01, 0.5, 0.01).withPrecision(Precision.DOUBLE);
        Parameters galactic = new Parameters(STEPS, 0.01 / s, 0.5, 0.01, nbody.leafCapacity(), nbody.groupSize(),
                nbody.histogramLevel(), nbody.zonesPerPartition(), Precision.DOUBLE, g);
        Bodies a0 = PlummerSphere.generate(N, 9), b0 = PlummerSphere.generate(N, 9, g);
        for (int i = 0; i < N; i++) {
            assertEquals(a0.x[i], b0.x[i], "same positions");
            assertEquals(a0.mass[i], b0.mass[i], "same masses");
            assertEquals(a0.vz[i] * s, b0.vz[i], 1e-12 * s, "velocities sqrt(G) larger");
        }
        List<Double> energyA = new ArrayList<>(), energyB = new ArrayList<>();
        Bodies a = new SequentialSimulation(a0, nbody).run(c -> energyA.add(c.totalEnergy())).sortedById();
        Bodies b = new SequentialSimulation(b0, galactic).run(c -> energyB.add(c.totalEnergy())).sortedById();
        for (int r = 0; r <= STEPS; r++) {
            assertEquals(energyA.get(r) * g, energyB.get(r), 1e-9 * Math.abs(energyA.get(r) * g), "energy, round " + r);
        }
        for (int i = 0; i < N; i++) {
            assertEquals(a.x[i], b.x[i], 1e-9, "x of body " + a.id[i]);
            assertEquals(a.y[i], b.y[i], 1e-9, "y of body " + a.id[i]);
            assertEquals(a.vx[i] * s, b.vx[i], 1e-9 * s, "vx of body " + a.id[i]);
        }
    }
}
