package io.stormsim.nbody;

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
