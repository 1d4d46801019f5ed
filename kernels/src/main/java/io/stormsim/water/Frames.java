package io.stormsim.water;

/**
 * Molecule frames one partition sends another for the pair phases: segments of consecutive molecules
 * (first molecule, count), their frames ({@link PairKernel#FRAME} doubles a molecule) concatenated.
 */
public record Frames(int[] first, int[] count, double[] values) {
    public boolean isEmpty() {
        return first.length == 0;
    }
}
