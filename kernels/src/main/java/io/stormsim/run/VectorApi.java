package io.stormsim.run;

/**
 * Whether this JVM was started with the Vector API ({@code --add-modules jdk.incubator.vector}). The kernels that
 * have a SIMD path (the Barnes-Hut list kernels, the FFT's lanes, the sort's count of equal keys) take it only
 * then, and a scalar path with the same bits otherwise: a class that names a vector type fails to load without
 * the module.
 */
public final class VectorApi {
    public static final boolean PRESENT = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();

    private VectorApi() {
    }
}
