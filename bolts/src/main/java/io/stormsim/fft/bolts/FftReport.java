package io.stormsim.fft.bolts;

import io.stormsim.fft.ComplexBlock;

/**
 * What a partition tells the result bolt after a transform: the round, and its rows of the result (rows
 * k1 of the n1 x n2 matrix X[k2 + n2 k1], that is points firstRow*n2 ...) when the result is to be
 * written, else an empty block.
 */
public record FftReport(long round, ComplexBlock rows) {
}
