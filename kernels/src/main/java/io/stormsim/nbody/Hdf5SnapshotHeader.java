package io.stormsim.nbody;

import io.jhdf.WritableHdfFile;
import io.jhdf.api.WritableGroup;

/**
 * The groups of attributes that describe an HDF5 snapshot ({@link Hdf5Snapshot}), as GADGET-4 and SWIFT write them,
 * so that yt and pynbody load it as it is:
 *
 * <ul>
 *   <li>{@code Header}: GADGET's counts, {@code MassTable} (zeros: masses are per body), {@code Time},
 *       {@code Redshift} 0, {@code BoxSize} ({@link SnapshotHeader#boxSize}), {@code NumFilesPerSnapshot}, the
 *       cosmology of a non-cosmological run ({@code Omega0} = {@code OmegaLambda} = 0, {@code HubbleParam} = 1:
 *       yt takes OmegaLambda = 0 as "not cosmological" and h = 1 then) and GADGET-3's {@code Flag_*} (all 0 but
 *       {@code Flag_DoublePrecision}); and stormsim's {@code GravitationalConstant} (G in the run's units) and
 *       {@code UnitSystem} (a sentence saying what the units are).
 *   <li>{@code Parameters}, where GADGET-4 keeps its run's parameters: {@code UnitLength_in_cm},
 *       {@code UnitMass_in_g}, {@code UnitVelocity_in_cm_per_s} (physical units only), {@code ComovingIntegrationOn}
 *       0, {@code BoxSize}, {@code Omega0}, {@code OmegaLambda}, {@code GravityConstantInternal}. Not
 *       {@code HubbleParam}: pynbody takes one here for a cosmological run and scales by a and h.
 *   <li>{@code Units} (physical units only): SWIFT's {@code Unit length in cgs (U_L)}, {@code ... mass ... (U_M)},
 *       {@code ... time ... (U_t)}, {@code ... current ... (U_I)} and {@code ... temperature ... (U_T)}, and the
 *       GADGET names OWLS and EAGLE write there, which pynbody reads from this group when it exists.
 * </ul>
 *
 * <p>Units also holds {@code CGS}, the five SWIFT values as one dataset, because of a jHDF 0.13.0 quirk (see
 * {@link Hdf5Snapshot}): Units comes after Stormsim in the order jHDF writes groups, and a group with no dataset
 * written after the last dataset loses its object header to jHDF's version string.
 */
final class Hdf5SnapshotHeader {
    static final String PARAMETERS = "Parameters", UNITS = "Units", CGS = "CGS";
    private static final int TYPES = 6, TYPE = 1;

    private Hdf5SnapshotHeader() {
    }

    /** Writes the groups of one file, holding {@code bodiesInFile} of the snapshot's bodies. */
    static void put(WritableHdfFile hdf, SnapshotHeader h, long bodiesInFile) {
        UnitSystem u = h.units();
        double g = u.gravitationalConstant();
        WritableGroup header = hdf.putGroup(Hdf5Snapshot.HEADER);
        header.putAttribute("NumPart_ThisFile", ofType1(bodiesInFile), true);
        header.putAttribute("NumPart_Total", ofType1(h.totalBodies()), true);
        header.putAttribute("MassTable", new double[TYPES]);
        header.putAttribute("Time", h.time());
        header.putAttribute("Redshift", 0.0);
        header.putAttribute("BoxSize", h.boxSize());
        header.putAttribute("NumFilesPerSnapshot", h.files());
        header.putAttribute("Omega0", 0.0);
        header.putAttribute("OmegaLambda", 0.0);
        header.putAttribute("HubbleParam", 1.0);
        for (String flag : new String[] {"Flag_Sfr", "Flag_Cooling", "Flag_StellarAge", "Flag_Metals", "Flag_Feedback"}) {
            header.putAttribute(flag, 0);
        }
        header.putAttribute("Flag_DoublePrecision", 1);
        header.putAttribute("GravitationalConstant", g);
        header.putAttribute("UnitSystem", describe(u));
        WritableGroup parameters = hdf.putGroup(PARAMETERS);
        if (u.physical()) {
            parameters.putAttribute("UnitLength_in_cm", u.lengthCm());
            parameters.putAttribute("UnitMass_in_g", u.massG());
            parameters.putAttribute("UnitVelocity_in_cm_per_s", u.velocityCmPerS());
        }
        parameters.putAttribute("ComovingIntegrationOn", 0);
        parameters.putAttribute("BoxSize", h.boxSize());
        parameters.putAttribute("Omega0", 0.0);
        parameters.putAttribute("OmegaLambda", 0.0);
        parameters.putAttribute("GravityConstantInternal", g);
        if (u.physical()) {
            WritableGroup units = hdf.putGroup(UNITS);
            double[] cgs = {u.lengthCm(), u.massG(), u.timeS(), 1.0, 1.0};
            String[] names = {"Unit length in cgs (U_L)", "Unit mass in cgs (U_M)", "Unit time in cgs (U_t)",
                "Unit current in cgs (U_I)", "Unit temperature in cgs (U_T)"};
            for (int i = 0; i < names.length; i++) {
                units.putAttribute(names[i], cgs[i]);
            }
            units.putAttribute("UnitLength_in_cm", u.lengthCm());
            units.putAttribute("UnitMass_in_g", u.massG());
            units.putAttribute("UnitVelocity_in_cm_per_s", u.velocityCmPerS());
            units.putAttribute("UnitTime_in_s", u.timeS());
            units.putDataset(CGS, cgs);
        }
    }

    /** What {@code UnitSystem} says. */
    static String describe(UnitSystem u) {
        return u.physical() ? "physical units: length " + u.lengthCm() + " cm, mass " + u.massG() + " g, velocity "
                + u.velocityCmPerS() + " cm/s, time length / velocity = " + u.timeS() + " s; G = "
                + u.gravitationalConstant() : Hdf5Snapshot.UNIT_SYSTEM;
    }

    private static long[] ofType1(long count) {
        long[] perType = new long[TYPES];
        perType[TYPE] = count;
        return perType;
    }
}
