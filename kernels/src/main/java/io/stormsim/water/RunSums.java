package io.stormsim.water;

import java.util.List;

import static io.stormsim.water.WaterModel.TEMPERATURE;

/**
 * The run-wide sums a step reduces from all partitions' block partials, and the printed values made
 * from them: what a reporting bolt keeps. The running sums of kinetic energy and virial over all steps
 * so far behind the printed averages are part of the run's state ({@link WaterState}).
 */
public final class RunSums {
    private final RunConstants constants;
    private final int blocks;
    private int step;
    private double kineticSum, virialSum;
    private final double[] kinetic = new double[3];

    public RunSums(RunConstants constants, int step, double kineticSum, double virialSum) {
        this.constants = constants;
        this.blocks = new MoleculeBlocks(constants.molecules).blocks;
        this.step = step;
        this.kineticSum = kineticSum;
        this.virialSum = virialSum;
    }

    /**
     * Ends a step: every partition's intramolecular and intermolecular virial and kinetic partials
     * (from {@link WaterPartition#intramolecular}, {@link WaterPartition#intermolecular} and
     * {@link WaterPartition#kinetic}), each list in any order.
     */
    public void endStep(List<BlockPartials> intramolecularVirial, List<BlockPartials> intermolecularVirial,
                        List<BlockPartials> kineticPartials) {
        double virial = BlockPartials.fold(intramolecularVirial, blocks)[0]
                + BlockPartials.fold(intermolecularVirial, blocks)[0];
        System.arraycopy(BlockPartials.fold(kineticPartials, blocks), 0, kinetic, 0, 3);
        step++;
        kineticSum = kineticSum + kinetic[0] + kinetic[1] + kinetic[2];
        virialSum = virialSum - virial;
    }

    /** The printed values of the step just ended, given every partition's {@link WaterPartition#potential}. */
    public StepValues values(List<BlockPartials> potentialPartials) {
        double[] pot = BlockPartials.fold(potentialPartials, blocks);
        double fpot = constants.potentialFactor;
        double intramolecular = pot[0] * fpot, intermolecular = pot[1] * fpot, field = pot[2] * fpot;
        double kineticEnergy = kineticEnergy();
        return new StepValues(step, kineticEnergy, intramolecular, intermolecular, field,
                intramolecular + intermolecular + field + kineticEnergy, temperature(),
                virialSum * fpot * 0.50 / step);
    }

    /** The kinetic energy of the step just ended, as {@link #values} prints it (any step: it needs no potential). */
    public double kineticEnergy() {
        return (kinetic[0] + kinetic[1] + kinetic[2]) * constants.kineticFactor;
    }

    /** The temperature averaged over the run so far, as {@link #values} prints it (any step). */
    public double temperature() {
        return kineticSum * constants.kineticFactor * TEMPERATURE * 2.00 / (3.00 * step);
    }

    public int step() {
        return step;
    }

    public double kineticSum() {
        return kineticSum;
    }

    public double virialSum() {
        return virialSum;
    }
}
