package io.stormsim.nbody;

import io.jhdf.api.Attribute;
import io.jhdf.api.Group;
import io.jhdf.api.Node;
import java.lang.reflect.Array;
import java.nio.file.Path;

/**
 * The units an HDF5 snapshot states, as it states them, not converted: SWIFT's {@code Units} group ("Unit length
 * in cgs (U_L)", "Unit mass in cgs (U_M)", "Unit time in cgs (U_t)": velocity is length / time), else GADGET-4's
 * {@code UnitLength_in_cm}, {@code UnitMass_in_g} and {@code UnitVelocity_in_cm_per_s} in its {@code Parameters}
 * group or in {@code Header}; null when the file states none. A group with some of the three and not all fails.
 */
final class Hdf5Units {
    private static final String[] SWIFT = {"Unit length in cgs (U_L)", "Unit mass in cgs (U_M)",
        "Unit time in cgs (U_t)"};
    private static final String[] GADGET4 = {"UnitLength_in_cm", "UnitMass_in_g", "UnitVelocity_in_cm_per_s"};

    private Hdf5Units() {
    }

    static UnitSystem of(Group hdf, Path file) throws Hdf5Snapshot.MalformedHdf5Exception {
        double[] swift = values(hdf, "Units", SWIFT, file);
        if (swift != null) {
            return units(file, "/Units", swift[0], swift[1], swift[0] / swift[2]);
        }
        for (String group : new String[] {"Parameters", Hdf5Snapshot.HEADER}) {
            double[] g4 = values(hdf, group, GADGET4, file);
            if (g4 != null) {
                return units(file, "/" + group, g4[0], g4[1], g4[2]);
            }
        }
        return null;
    }

    private static UnitSystem units(Path file, String where, double length, double mass, double velocity)
            throws Hdf5Snapshot.MalformedHdf5Exception {
        try {
            return new UnitSystem(length, mass, velocity);
        } catch (IllegalArgumentException e) {
            throw new Hdf5Snapshot.MalformedHdf5Exception(file, where, e.getMessage());
        }
    }

    /** The named attributes of group {@code group} as numbers (a scalar or a one-value array); null if none is there. */
    private static double[] values(Group hdf, String group, String[] names, Path file)
            throws Hdf5Snapshot.MalformedHdf5Exception {
        Node node = hdf.getChild(group);
        if (!(node instanceof Group g)) {
            return null;
        }
        double[] out = new double[names.length];
        int found = 0;
        for (int i = 0; i < names.length; i++) {
            Attribute a = g.getAttribute(names[i]);
            if (a == null) {
                continue;
            }
            Object data = a.getData();
            Object v = data != null && data.getClass().isArray() && Array.getLength(data) == 1 ? Array.get(data, 0)
                    : data;
            if (!(v instanceof Number number)) {
                throw new Hdf5Snapshot.MalformedHdf5Exception(file, "/" + group + "/" + names[i], "is " + a.getJavaType()
                        .getSimpleName() + (data != null && data.getClass().isArray() ? " of " + Array.getLength(data)
                        + " values" : "") + ", expected one number");
            }
            out[i] = number.doubleValue();
            found++;
        }
        if (found == 0) {
            return null;
        }
        if (found < names.length) {
            throw new Hdf5Snapshot.MalformedHdf5Exception(file, "/" + group, "states " + found + " of the units "
                    + String.join(", ", names) + ", expected all of them or none");
        }
        return out;
    }
}
