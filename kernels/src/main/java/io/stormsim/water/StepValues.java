package io.stormsim.water;

/**
 * What the original prints every NPRINT steps, in its units (energies per atom over kT): the kinetic
 * energy, the intramolecular potential, the intermolecular Coulomb-and-repulsion potential, the
 * reaction-field term, their total, and the temperature and virial averaged over the run so far.
 */
public record StepValues(int step, double kinetic, double intramolecular, double intermolecular,
                         double reactionField, double total, double temperature, double virial) {

    /** The original's two table lines for this step, each ending in a newline. */
    public String tableLines() {
        return "     " + CFormat.integer(step, 5) + " " + CFormat.fixed(kinetic, 14, 5) + " "
                + CFormat.fixed(intramolecular, 12, 5) + " " + CFormat.fixed(intermolecular, 12, 5)
                + " ".repeat(18) + CFormat.fixed(reactionField, 12, 5) + "\n"
                + " " + CFormat.fixed(total, 16, 3) + " " + CFormat.fixed(temperature, 16, 5) + " "
                + CFormat.fixed(virial, 16, 5) + "\n";
    }
}
