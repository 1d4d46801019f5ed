package io.stormsim.water;

/**
 * Everything a Water run carries from one step to the next: the input, the number of steps done, the
 * running sums behind the printed averages, and the Gear derivatives of every molecule
 * ([order+1][9 NMOL], scaled as the predictor keeps them).
 */
public record WaterState(WaterInput input, int step, double kineticSum, double virialSum, double[][] derivatives) {
    public WaterState {
        int n = WaterModel.PER_MOLECULE * input.molecules();
        if (derivatives.length != input.order() + 1) {
            throw new IllegalArgumentException("derivatives: " + derivatives.length + " orders, NORDER = "
                    + input.order() + " needs " + (input.order() + 1));
        }
        for (double[] d : derivatives) {
            if (d.length != n) {
                throw new IllegalArgumentException("derivatives: " + d.length + " values an order, NMOL = "
                        + input.molecules() + " needs " + n);
            }
        }
        if (step < 0) {
            throw new IllegalArgumentException("step = " + step + " is not allowed: must be >= 0");
        }
    }
}
