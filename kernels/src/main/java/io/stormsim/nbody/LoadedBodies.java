package io.stormsim.nbody;

import java.util.ArrayList;
import java.util.List;

/**
 * Initial conditions as a file gave them: the bodies, the units the file states (null when it states none: a
 * GADGET-2 binary snapshot or a CSV file; the caller decides what they are, nothing is converted here), the
 * format read ("GADGET-2 format 2, big-endian, 4 files") and notes the caller should log once (columns a CSV file
 * has that were ignored, a cosmological file's comoving conventions), each naming the file.
 */
public record LoadedBodies(Bodies bodies, UnitSystem unitsOrNull, String format, List<String> notes) {
    public LoadedBodies {
        notes = List.copyOf(notes);
    }

    /**
     * These bodies in the run's units {@code run}: scaled from the file's units where both are physical (lengths,
     * masses and velocities each by the ratio of their cgs sizes, in place; nothing changes when the units agree). Where
     * only one side states physical units, the numbers are taken as they are, and a note says so.
     */
    public LoadedBodies inUnits(UnitSystem run) {
        if (unitsOrNull == null || unitsOrNull.equals(run)) {
            return this;
        }
        List<String> more = new ArrayList<>(notes);
        if (!unitsOrNull.physical() || !run.physical()) {
            more.add("the bodies file states " + describe(unitsOrNull) + " and the run has " + describe(run)
                    + ": its numbers are taken as they are, in the run's units (set units to the file's to declare"
                    + " them)");
            return new LoadedBodies(bodies, unitsOrNull, format, more);
        }
        double l = unitsOrNull.lengthCm() / run.lengthCm(), m = unitsOrNull.massG() / run.massG(),
                v = unitsOrNull.velocityCmPerS() / run.velocityCmPerS();
        Bodies b = bodies;
        for (int i = 0; i < b.n; i++) {
            b.mass[i] *= m;
            b.x[i] *= l;
            b.y[i] *= l;
            b.z[i] *= l;
            b.vx[i] *= v;
            b.vy[i] *= v;
            b.vz[i] *= v;
        }
        more.add("the bodies file's units (" + describe(unitsOrNull) + ") converted into the run's (" + describe(run)
                + ")");
        return new LoadedBodies(b, run, format, more);
    }

    private static String describe(UnitSystem u) {
        return u.physical() ? "length " + u.lengthCm() + " cm, mass " + u.massG() + " g, velocity "
                + u.velocityCmPerS() + " cm/s" : "N-body units";
    }

    /**
     * The note for a file whose header says it is cosmological (a redshift above 0): stormsim integrates
     * Newtonian gravity in physical, non-comoving coordinates (GADGET's ComovingIntegration off), so comoving
     * positions and GADGET's velocities u = v / sqrt(a) are taken as they are.
     */
    static String comovingNote(String where, double time, double redshift, double boxSize) {
        return where + ": Time = " + time + ", Redshift = " + redshift + " (a cosmological file): positions and"
                + " velocities are read as stored (GADGET's comoving positions and velocities v / sqrt(a)), but this"
                + " run integrates without comoving coordinates (ComovingIntegration off)"
                + (boxSize > 0 ? " and without the periodic box (BoxSize = " + boxSize + ")" : "")
                + ": convert them first if the expansion matters";
    }
}
