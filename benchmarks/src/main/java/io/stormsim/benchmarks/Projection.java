package io.stormsim.benchmarks;

import io.stormsim.nbody.Parameters;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Step time on a cluster, from the measured sequential costs (ScalingBench CSV) and exchange volumes
 * (ExchangeBench CSV); the projection part of {@link ScalingStudy}.
 *
 * <p>Model, per step, with P = machines * cores partitions (one per core):
 * <pre>
 *   compute  = a N log2 N / P * imbalance        a: fit of the sequential step time over N >= 1e5
 *   exchange = cores * E_in(N, P) / (gbit/8 * efficiency)   bytes into one machine over its NIC
 *   latency  = hops * latency-ms                 BSP phases per step that wait for the network
 *   step     = compute + exchange + latency      (no overlap of compute and communication)
 * </pre>
 * E_in, the bytes into one partition, is essential trees + migrated bodies (power laws
 * c N^x P^y fitted to the measured N >= 1e5 rows) + the other partitions' cost histograms
 * (24 B per non-empty bin of level 10, bins counted analytically for a Plummer sphere, checked against
 * the measured counts) + boxes. The essential trees are pruned for the boxes of the target partition's
 * top leaves, as the code does.
 */
@Command(name = "projection", sortOptions = false,
        description = {"Step time on a cluster projected from the measured sequential costs and exchange volumes"
                + " (the projection part of bench scaling; run its timing and exchange parts first)."},
        footer = {"e.g. stormsim bench projection --machines 16,64,256 --gbit 25"})
public final class Projection implements Callable<Integer> {
    @Option(names = "--scaling", paramLabel = "CSV", defaultValue = Bench.HOME + "/benchmarks/target/scaling/scaling.csv",
            description = "the timing part's CSV (default: ${DEFAULT-VALUE})")
    private Path scaling;
    @Option(names = "--exchange", paramLabel = "CSV", defaultValue = Bench.HOME + "/benchmarks/target/scaling/exchange.csv",
            description = "the exchange part's CSV (default: ${DEFAULT-VALUE})")
    private Path exchange;
    @Option(names = "--machines", paramLabel = "M,M...", split = ",", defaultValue = "16,64",
            description = "machine counts (default: ${DEFAULT-VALUE})")
    private int[] machines;
    @Option(names = "--cores", paramLabel = "C", defaultValue = "2",
            description = "cores (partitions) per machine (default: ${DEFAULT-VALUE})")
    private int cores;
    @Option(names = "--sizes", paramLabel = "N,N...", split = ",", defaultValue = "1e7,1e8",
            description = "body counts (default: ${DEFAULT-VALUE})")
    private double[] sizes;
    @Option(names = "--gbit", paramLabel = "G", defaultValue = "10", description = "NIC speed, Gbit/s (default: ${DEFAULT-VALUE})")
    private double gbit;
    @Option(names = "--efficiency", paramLabel = "E", defaultValue = "0.8",
            description = "share of the NIC speed reached (default: ${DEFAULT-VALUE})")
    private double efficiency;
    @Option(names = "--latency-ms", paramLabel = "MS", defaultValue = "2",
            description = "latency of one network-bound phase (default: ${DEFAULT-VALUE})")
    private double latencyMs;
    @Option(names = "--hops", paramLabel = "H", defaultValue = "7",
            description = "phases per step that wait for the network (default: ${DEFAULT-VALUE})")
    private int hops;
    @Option(names = "--bytes-per-body", paramLabel = "B", defaultValue = "268",
            description = "heap per body, for the memory column (default: ${DEFAULT-VALUE})")
    private double bytesPerBody;

    @Override
    public Integer call() throws Exception {
        List<Map<String, String>> seq = csv(scaling), ex = csv(exchange);

        // Sequential cost: t = a N log2 N over the large sizes.
        List<double[]> big = new ArrayList<>();
        double t30k = Double.NaN;
        for (Map<String, String> r : seq) {
            double n = num(r, "n"), t = num(r, "seconds_per_step");
            if (n >= 1e5) {
                big.add(new double[] {n * Stats.log2(n), t});
            }
            if (n == 30_000) {
                t30k = t;
            }
        }
        double a = Stats.fitRelative(big.stream().mapToDouble(v -> v[0]).toArray(),
                big.stream().mapToDouble(v -> v[1]).toArray());

        // Exchange: last round of every (N, P).
        Map<String, Map<String, String>> last = new HashMap<>();
        for (Map<String, String> r : ex) {
            last.merge(r.get("n") + "/" + r.get("partitions"), r,
                    (x, y) -> num(y, "round") > num(x, "round") ? y : x);
        }
        List<Map<String, String>> rows = new ArrayList<>(last.values());
        rows.sort((x, y) -> Double.compare(num(x, "n") * 1000 + num(x, "partitions"), num(y, "n") * 1000
                + num(y, "partitions")));
        double imbalance = 1;
        double rootSide = 0, nMax = 0;
        for (Map<String, String> r : rows) {
            imbalance = Math.max(imbalance, num(r, "imbalance"));
            if (num(r, "n") > nMax) {
                nMax = num(r, "n");
                rootSide = num(r, "root_side");
            }
        }
        double[] let = powerFit(rows, "essential_bytes");
        double[] mig = powerFit(rows, "migration_bytes");
        int level = Parameters.DEFAULT_HISTOGRAM_LEVEL;
        double bw = gbit * 1e9 / 8 * efficiency;

        StringBuilder o = new StringBuilder();
        o.append(String.format("sequential: t = a N log2 N with a = %.3g s (relative least squares over N >= 1e5;"
                + " %d points)%n", a, big.size()));
        long fitted = rows.stream().filter(r -> num(r, "n") >= 1e5).count();
        o.append(String.format("essential trees into one partition: %.3g N^%.3f P^%.3f bytes; least squares in logs"
                + " over the %d measured (N >= 1e5, P) rows%n", Math.exp(let[0]), let[1], let[2], fitted));
        o.append(String.format("migration into one partition: %.3g N^%.3f P^%.3f bytes; cost imbalance (max"
                + " measured) %.3f%n", Math.exp(mig[0]), mig[1], mig[2], imbalance));
        o.append("histogram bins (level ").append(level).append("), Plummer sphere, root side ")
                .append(String.format("%.1f", rootSide)).append(": measured (sum over partitions) vs estimated:");
        for (Map<String, String> r : rows) {
            if (num(r, "partitions") == 2) {
                o.append(String.format(" N=%.0e %d vs %.0f;", num(r, "n"), (long) num(r, "histogram_bins"),
                        bins(num(r, "n"), num(r, "root_side"), level)));
            }
        }
        o.append(String.format(" N=1e7 %.0f; N=1e8 %.0f%n", bins(1e7, rootSide, level), bins(1e8, rootSide, level)));
        o.append(String.format("network: %.0f Gbit/s at %.0f%% = %.2f GB/s per machine; latency %.1f ms x %d hops"
                + " = %.0f ms per step; %d cores per machine, one partition per core%n%n", gbit, 100 * efficiency,
                bw / 1e9, latencyMs, hops, hops * latencyMs, cores));
        o.append(String.format("heap per machine: cores x (N/P x %.0f B, the sequential kernel's need per body, + twice"
                + " the essential trees received: as received and copied into the assembled tree)%n%n", bytesPerBody));
        o.append("| N | machines | partitions | compute s | into one machine MB (trees / migration / histograms) |"
                + " exchange s | latency s | step s | heap per machine GB |\n");
        o.append("|---:|---:|---:|---:|---|---:|---:|---:|---:|\n");
        List<double[]> cases = new ArrayList<>();
        for (double n : sizes) {
            for (int m : machines) {
                cases.add(new double[] {n, m});
            }
        }
        cases.add(new double[] {30_000, 16});
        for (double[] c : cases) {
            double n = c[0];
            int m = (int) c[1];
            int p = m * cores;
            double compute = a * n * Stats.log2(n) / p * imbalance;
            double h = bins(n, rootSide, level);
            double trees = Math.exp(let[0] + let[1] * Math.log(n) + let[2] * Math.log(p));
            double migration = Math.exp(mig[0] + mig[1] * Math.log(n) + mig[2] * Math.log(p));
            double hist = 24 * h * (p - 1) / p;
            double boxes = 96.0 * (p - 1);
            double inMachine = cores * (trees + migration + hist + boxes);
            double latency = hops * latencyMs / 1e3;
            double step = compute + inMachine / bw + latency;
            double heap = cores * (n / p * bytesPerBody + 2 * trees) / 1e9;
            o.append(String.format("| %.0e | %d | %d | %.3g | %.0f (%.0f / %.1f / %.0f) | %.3g | %.3f | %.3g | %.1f |%n",
                    n, m, p, compute, inMachine / 1e6, cores * trees / 1e6, cores * migration / 1e6,
                    cores * hist / 1e6, inMachine / bw, latency, step, heap));
        }
        o.append(String.format("%nN = 30,000 measured here on 1 core: %.3f s/step (sequential kernel)%n", t30k));
        System.out.print(o);
        return 0;
    }

    /** log(bytes into one partition) = c0 + c1 log N + c2 log P over the rows with N >= 1e5. */
    static double[] powerFit(List<Map<String, String>> rows, String column) {
        List<double[]> pts = new ArrayList<>();
        for (Map<String, String> r : rows) {
            double n = num(r, "n"), p = num(r, "partitions"), v = num(r, column) / p;
            if (n >= 1e5 && v > 0) {
                pts.add(new double[] {1, Math.log(n), Math.log(p), Math.log(v)});
            }
        }
        double[][] ata = new double[3][3];
        double[] atb = new double[3];
        for (double[] q : pts) {
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 3; j++) {
                    ata[i][j] += q[i] * q[j];
                }
                atb[i] += q[i] * q[3];
            }
        }
        return solve3(ata, atb);
    }

    static double[] solve3(double[][] m, double[] b) {
        int n = 3;
        double[][] a = new double[n][n + 1];
        for (int i = 0; i < n; i++) {
            System.arraycopy(m[i], 0, a[i], 0, n);
            a[i][n] = b[i];
        }
        for (int col = 0; col < n; col++) {
            int piv = col;
            for (int r = col + 1; r < n; r++) {
                if (Math.abs(a[r][col]) > Math.abs(a[piv][col])) {
                    piv = r;
                }
            }
            double[] t = a[col];
            a[col] = a[piv];
            a[piv] = t;
            for (int r = 0; r < n; r++) {
                if (r != col) {
                    double f = a[r][col] / a[col][col];
                    for (int k = col; k <= n; k++) {
                        a[r][k] -= f * a[col][k];
                    }
                }
            }
        }
        return new double[] {a[0][n] / a[0][0], a[1][n] / a[1][1], a[2][n] / a[2][2]};
    }

    /**
     * Expected non-empty cells of side rootSide / 2^level holding N bodies of a Plummer sphere (scale
     * 3 pi / 16, truncated at 99.9% of the mass as PlummerSphere does): the sum over radial shells of
     * (cells in the shell) * (1 - exp(-N * mass of one cell)).
     */
    static double bins(double n, double rootSide, int level) {
        double a = 3 * Math.PI / 16;
        double rCut = a / Math.sqrt(Math.pow(0.999, -2.0 / 3.0) - 1);
        double side = rootSide / (1 << level), v = side * side * side;
        int steps = 200_000;
        double dr = rCut / steps, sum = 0;
        for (int i = 0; i < steps; i++) {
            double r = (i + 0.5) * dr;
            double rho = 3 / (4 * Math.PI * a * a * a) * Math.pow(1 + r * r / (a * a), -2.5) / 0.999;
            double cells = 4 * Math.PI * r * r * dr / v;
            sum += cells * -Math.expm1(-n * rho * v);
        }
        return sum;
    }

    private static double num(Map<String, String> r, String k) {
        String v = r.get(k);
        if (v == null) {
            throw new IllegalArgumentException("no column " + k);
        }
        return Double.parseDouble(v);
    }

    static List<Map<String, String>> csv(Path p) throws java.io.IOException {
        List<String> lines = Files.readAllLines(p);
        String[] head = lines.get(0).split(",", -1);
        List<Map<String, String>> out = new ArrayList<>();
        for (String l : lines.subList(1, lines.size())) {
            if (l.isBlank()) {
                continue;
            }
            String[] f = l.split(",", -1);
            Map<String, String> m = new HashMap<>();
            for (int i = 0; i < head.length; i++) {
                m.put(head[i], f[i]);
            }
            out.add(m);
        }
        return out;
    }
}
