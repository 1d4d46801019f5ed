package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A Python virtual environment with the packages of {@code src/test/python/requirements.txt} (yt, pynbody), made
 * once and kept in {@code ~/.cache/stormsim-venv/<hash of the requirements>}, so a change of pins makes a new one.
 * It counts as made once its {@code .complete} file exists: an install that was cut short is made again. Where the
 * package registry cannot be reached, tests that need it are skipped saying so; any other failure fails them.
 */
final class AnalysisVenv {
    static final Path PYTHON_DIR = Path.of("src/test/python");
    private static final String[] UNREACHABLE = {"NewConnectionError", "Failed to establish a new connection",
        "Temporary failure in name resolution", "Network is unreachable", "ConnectTimeout", "ProxyError",
        "Name or service not known"};

    private AnalysisVenv() {
    }

    /** The environment's python, making the environment first if needed. */
    static Path python() throws IOException, InterruptedException {
        Path requirements = PYTHON_DIR.resolve("requirements.txt");
        Path venv = Path.of(System.getProperty("user.home"), ".cache", "stormsim-venv", hash(requirements));
        Path python = venv.resolve("bin/python");
        Path complete = venv.resolve(".complete");
        if (Files.exists(complete)) {
            return python;
        }
        deleteTree(venv);
        Files.createDirectories(venv.getParent());
        Result made = run(List.of("python3", "-m", "venv", venv.toString()), 300);
        assertEquals(0, made.exit, () -> "python3 -m venv failed (is Python 3.11 with its venv module installed?):\n"
                + made.output + made.errors);
        long start = System.nanoTime();
        Result pip = run(List.of(python.toString(), "-m", "pip", "install", "--disable-pip-version-check", "--retries",
                "1", "--timeout", "30", "-r", requirements.toAbsolutePath().toString()), 1800);
        if (pip.exit != 0) {
            deleteTree(venv);
            String said = pip.output + pip.errors;
            for (String sign : UNREACHABLE) {
                Assumptions.assumeFalse(said.contains(sign), "not run: PyPI unreachable (" + sign + ")");
            }
            fail("pip install -r " + requirements + " failed:\n" + said);
        }
        System.out.printf("AnalysisVenv: installed %s in %.0f s%n", venv, (System.nanoTime() - start) / 1e9);
        Files.writeString(complete, "");
        return python;
    }

    /** A finished process's exit code, standard output and standard error. */
    record Result(int exit, String output, String errors) {
    }

    static Result run(List<String> command, long timeoutSeconds) throws IOException, InterruptedException {
        Path out = Files.createTempFile("analysis-venv", ".out"), err = Files.createTempFile("analysis-venv", ".err");
        try {
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                fail(command + " did not finish in " + timeoutSeconds + " s:\n" + Files.readString(out)
                        + Files.readString(err));
            }
            return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static String hash(Path file) throws IOException {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file));
            return HexFormat.of().formatHex(digest, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        List<Path> all = new ArrayList<>();
        try (var walk = Files.walk(dir)) {
            walk.forEach(all::add);
        }
        for (int i = all.size() - 1; i >= 0; i--) {
            Files.delete(all.get(i));
        }
    }

}
