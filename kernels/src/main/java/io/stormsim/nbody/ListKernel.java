package io.stormsim.nbody;

import io.stormsim.run.VectorApi;

/**
 * Sums a group's interaction lists for each body of the group. Implementations of one precision must
 * give the same bits: every term is computed with the same operations in the same order, lane by lane,
 * and a body skips itself in the body list.
 */
interface ListKernel {
    /** Writes the field of group body j (tree body {@code lists.first + j}) at {@code out + j}. */
    void sum(InteractionLists lists, double[] body, double eps2, Gravity.Field f, int out);

    /** The lists this kernel sums: double, or float relative to the group's centre. */
    Precision precision();

    /** The vector kernel of this precision where the JVM has the Vector API module, else the scalar one. */
    static ListKernel best(Precision precision) {
        if (precision == Precision.MIXED) {
            return VectorApi.PRESENT ? new MixedVectorListKernel() : new MixedScalarListKernel();
        }
        return VectorApi.PRESENT ? new VectorListKernel() : new ScalarListKernel();
    }
}
