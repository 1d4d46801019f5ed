package io.stormsim.benchmarks;

import io.stormsim.benchmarks.Bench.BenchException;
import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.BodiesCsv;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * REBOUND's tree code (pinned {@value #VERSION}, from PyPI) as a reference beside the Barnes-Hut bench: a virtual
 * environment under the user's cache directory, made once, and our driver ({@code rebound_step_time.py}) run
 * on the same bodies. Where there is no python3 or PyPI cannot be reached, {@link #setUp} says why instead.
 */
final class Rebound {
    static final String VERSION = "5.2.2";
    private static final String DRIVER = "rebound_step_time.py";
    private static final Pattern RESULT = Pattern.compile("seconds=(\\S+) bodies=(\\d+)");

    private final Path python;
    private final Path driver;

    private Rebound(Path python, Path driver) {
        this.python = python;
        this.driver = driver;
    }

    /** What {@link #setUp} found: a usable REBOUND, or why there is none. */
    record Setup(Rebound rebound, String skipped) {
    }

    /**
     * The environment in {@code ${XDG_CACHE_HOME:-~/.cache}/stormsim/rebound-VERSION}, made now if it is not there
     * (a failed install leaves nothing behind: it is made beside it and moved into place when complete).
     */
    static Setup setUp(Path work) throws IOException, InterruptedException {
        Path env = environment();
        Path python = env.resolve("bin").resolve("python");
        if (!Files.isExecutable(python)) {
            Path partial = env.resolveSibling(env.getFileName() + ".partial-" + ProcessHandle.current().pid());
            Path log = work.resolve("rebound-install.log");
            String failed = run(log, "python3 -m venv " + partial, "python3", "-m", "venv", partial.toString());
            if (failed == null) {
                failed = run(log, "pip install rebound==" + VERSION + " (offline?)", partial.resolve("bin/python").toString(),
                        "-m", "pip", "install", "--disable-pip-version-check", "--retries", "1", "--timeout", "20",
                        "rebound==" + VERSION);
            }
            if (failed != null) {
                deleteTree(partial);
                return new Setup(null, failed);
            }
            Files.createDirectories(env.getParent());
            Files.move(partial, env, StandardCopyOption.ATOMIC_MOVE);
        }
        Path driver = work.resolve(DRIVER);
        try (InputStream in = Rebound.class.getResourceAsStream(DRIVER)) {
            Files.copy(in, driver, StandardCopyOption.REPLACE_EXISTING);
        }
        return new Setup(new Rebound(python, driver), null);
    }

    /**
     * REBOUND's median seconds a step over steps WARMUP.. of {@code steps} on {@code bodies}, with tree gravity at
     * opening angle theta, Plummer softening epsilon, G = 1 and its leapfrog at dt; fails if a body left its box.
     */
    double secondsPerStep(Bodies bodies, Path dir, int steps, int warmup, double theta, double epsilon, double dt)
            throws IOException, InterruptedException, BenchException {
        Path csv = dir.resolve("bodies-initial.csv");
        BodiesCsv.write(bodies, csv);
        Path log = dir.resolve("rebound.log");
        String failed = run(log, "REBOUND's driver on " + csv, python.toString(), driver.toString(), csv.toString(),
                "--steps", String.valueOf(steps), "--warmup", String.valueOf(warmup), "--theta", String.valueOf(theta),
                "--epsilon", String.valueOf(epsilon), "--dt", String.valueOf(dt));
        if (failed != null) {
            throw new BenchException(failed);
        }
        List<String> lines = Files.readAllLines(log);
        Matcher m = RESULT.matcher(lines.isEmpty() ? "" : lines.get(lines.size() - 1));
        if (!m.matches()) {
            throw new BenchException("REBOUND's driver ended without its result line 'seconds=... bodies=...', see " + log);
        }
        if (Long.parseLong(m.group(2)) != bodies.n) {
            throw new BenchException("REBOUND kept " + m.group(2) + " of " + bodies.n + " bodies: the others left its"
                    + " root box (open boundary), so its step time is not comparable; see " + log);
        }
        return Double.parseDouble(m.group(1));
    }

    /** Where the virtual environment with REBOUND is (or will be): {@code ${XDG_CACHE_HOME:-~/.cache}/stormsim/rebound-VERSION}. */
    static Path environment() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        return (xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache"))
                .resolve("stormsim").resolve("rebound-" + VERSION);
    }

    /** Runs a command, output appended to {@code log}; null if it succeeded, else what failed and why. */
    private static String run(Path log, String what, String... command) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        } catch (IOException e) {
            return what + ": cannot start " + command[0] + " (" + e.getMessage() + ")";
        }
        int status = p.waitFor();
        if (status == 0) {
            return null;
        }
        List<String> lines = Files.readAllLines(log);
        return what + " failed (exit " + status + ")" + (lines.isEmpty() ? "" : ": " + lines.get(lines.size() - 1).strip())
                + "; see " + log;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        List<Path> deepestFirst;
        try (Stream<Path> walk = Files.walk(dir)) {
            deepestFirst = walk.sorted(Comparator.reverseOrder()).toList();
        }
        for (Path p : deepestFirst) {
            Files.delete(p);
        }
    }
}
