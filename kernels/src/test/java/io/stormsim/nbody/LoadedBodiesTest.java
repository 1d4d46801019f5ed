package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class LoadedBodiesTest {
    private static LoadedBodies loaded(UnitSystem units) {
        return new LoadedBodies(PlummerSphere.generate(50, 1), units, "test", List.of());
    }

    @Test
    void physicalUnitsAreConvertedIntoTheRunsByTheRatioOfTheirCgsSizes() {
        UnitSystem file = UnitNames.parse("kpc,1e10Msun,km/s"), run = UnitNames.parse("pc,1Msun,m/s");
        Bodies before = PlummerSphere.generate(50, 1);
        LoadedBodies converted = loaded(file).inUnits(run);
        Bodies b = converted.bodies();
        double l = file.lengthCm() / run.lengthCm(), m = file.massG() / run.massG(), v = 1e3;
        for (int i = 0; i < b.n; i++) {
            assertEquals(before.x[i] * l, b.x[i], 0.0);
            assertEquals(before.z[i] * l, b.z[i], 0.0);
            assertEquals(before.mass[i] * m, b.mass[i], 0.0);
            assertEquals(before.vy[i] * v, b.vy[i], Math.ulp(before.vy[i] * v));
            assertEquals(before.id[i], b.id[i]);
        }
        assertEquals(1e3, l, 1e-9, "a kpc is 1000 pc");
        assertEquals(run, converted.unitsOrNull());
        assertTrue(converted.notes().get(0).contains("converted into the run's"), converted.notes().toString());
    }

    @Test
    void numbersStayWhenOnlyOneSideHasPhysicalUnitsOrTheyAgree() {
        UnitSystem galactic = UnitNames.parse("kpc,1e10Msun,km/s");
        LoadedBodies same = loaded(galactic);
        assertSame(same, same.inUnits(galactic));
        LoadedBodies none = loaded(null);
        assertSame(none, none.inUnits(galactic), "a file that states no units is in the run's");
        LoadedBodies intoNbody = loaded(galactic).inUnits(UnitSystem.NBODY);
        assertTrue(PlummerSphere.generate(50, 1).sameStateBits(intoNbody.bodies()));
        assertTrue(intoNbody.notes().get(0).contains("taken as they are"), intoNbody.notes().toString());
    }
}
