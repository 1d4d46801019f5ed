package io.stormsim.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The machine line printed with every table: cores, CPU model, JVM, load average. */
public final class Machine {
    private Machine() {
    }

    public static String line() {
        return Runtime.getRuntime().availableProcessors() + " cores, " + cpuModel() + " (" + cpuVectorFlags()
                + "), " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                + ", max heap " + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB";
    }

    public static String cpuModel() {
        return cpuinfo("model name");
    }

    /** The widest SIMD extension and FMA from the CPU flags. */
    public static String cpuVectorFlags() {
        String flags = " " + cpuinfo("flags") + " ";
        String simd = flags.contains(" avx512f ") ? "AVX-512" : flags.contains(" avx2 ") ? "AVX2"
                : flags.contains(" avx ") ? "AVX" : "SSE";
        return simd + (flags.contains(" fma ") ? ", FMA" : "");
    }

    private static String cpuinfo(String key) {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (l.startsWith(key)) {
                    return l.substring(l.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException e) {
            // not Linux
        }
        return System.getProperty("os.arch");
    }

    /** The 1-minute load average, or NaN. */
    public static double load() {
        try {
            List<String> l = Files.readAllLines(Path.of("/proc/loadavg"));
            return Double.parseDouble(l.get(0).split(" ")[0]);
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
