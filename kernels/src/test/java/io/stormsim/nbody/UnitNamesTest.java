package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * The units vocabulary: sizes against published values (not our own constants), G derived from them, and what a
 * name outside the vocabulary is told.
 */
class UnitNamesTest {
    @Test
    void nbodyUnitsHaveGOneAndNoPhysicalScale() {
        assertSame(UnitSystem.NBODY, UnitNames.parse(" nbody "));
        assertFalse(UnitSystem.NBODY.physical());
        assertEquals(1.0, UnitSystem.NBODY.gravitationalConstant());
    }

    @Test
    void galacticUnitsGiveTheGAstropyGives() {
        UnitSystem u = UnitNames.parse("kpc,1e10Msun,km/s");
        // astropy 5 (CODATA 2018, IAU 2015): G = 4.300917270036279e-06 kpc (km/s)^2 / Msun
        assertEquals(4.300917270036279e-06 * 1e10, u.gravitationalConstant(), 1e-12 * 43009.17);
        assertEquals(3.0856775814913673e21, u.lengthCm(), 1e6, "astropy's kpc");
        assertEquals(1.988409870698051e43, u.massG(), 1e28, "astropy's Msun x 1e10");
        assertEquals(1e5, u.velocityCmPerS());
        assertEquals(3.0856775814913673e16, u.timeS(), 1e2, "kpc / (km/s): 0.978 Gyr");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "cm,g,cm/s|1|1|1",
        "m, kg, m/s|100|1000|100",
        "km,2.5kg,km/s|1e5|2500|1e5",
        "AU,Msun,km/s|1.495978707e13|1.988409870698051e33|1e5",
        "pc,Msun,km/s|3.0856775814913673e18|1.988409870698051e33|1e5",
        "Mpc,1e10 Msun,km/s|3.0856775814913673e24|1.988409870698051e43|1e5",
    })
    void eachNameHasItsSize(String spec, double length, double mass, double velocity) {
        UnitSystem u = UnitNames.parse(spec);
        assertTrue(u.physical());
        assertEquals(length, u.lengthCm(), length * 1e-15, spec);
        assertEquals(mass, u.massG(), mass * 1e-15, spec);
        assertEquals(velocity, u.velocityCmPerS(), velocity * 1e-15, spec);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "kpc,1e10Msun,mph|the velocity unit 'mph' is not one of cm/s m/s km/s, with an optional factor > 0 in front",
        "KPC,Msun,km/s|the length unit 'KPC' is not one of cm m km AU pc kpc Mpc",
        "kpc,0Msun,km/s|the mass unit '0Msun' is not a finite factor > 0 times Msun",
        "kpc,1e400Msun,km/s|the mass unit '1e400Msun' is not a finite factor > 0 times Msun",
        "kpc,1e1e1Msun,km/s|the mass unit '1e1e1Msun' is not a finite factor > 0 times Msun",
        "kpc,Msun|'kpc,Msun' is not nbody nor three units separated by commas",
        "N-body|'N-body' is not nbody nor three units separated by commas",
    })
    void aNameOutsideTheVocabularyIsNamed(String spec, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> UnitNames.parse(spec));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
        assertTrue(UnitNames.ALLOWED.contains("cm m km AU pc kpc Mpc") && UnitNames.ALLOWED.contains("g kg Msun")
                && UnitNames.ALLOWED.contains("cm/s m/s km/s"), UnitNames.ALLOWED);
    }
}
