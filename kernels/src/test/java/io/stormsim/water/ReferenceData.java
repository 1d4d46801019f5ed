package io.stormsim.water;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Where the reference runs of the original program live: {@code shared/reference/water} beside the checkout. */
final class ReferenceData {
    private ReferenceData() {
    }

    static final String INPUT = "input-512mol-cutoff6.212752-10steps";
    static final String RANDOM = "random.in";
    static final String PRINTED = "splash2-water-512mol-cutoff6.212752-10steps.out";
    static final String FULL_PRECISION = "splash2-water-512mol-cutoff6.212752-10steps-fullprecision.out";

    /** The reference directory; the calling test is skipped (naming the directory) when it is absent. */
    static Path directory() {
        Path dir = checkoutRoot().getParent().resolve("shared/reference/water");
        assumeTrue(Files.isRegularFile(dir.resolve(INPUT)), "reference runs not found in " + dir.toAbsolutePath());
        return dir;
    }

    /** The checkout's root: the nearest directory up from the working directory holding .git. */
    private static Path checkoutRoot() {
        Path start = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        for (Path p = start; p != null; p = p.getParent()) {
            if (Files.exists(p.resolve(".git"))) {
                return p;
            }
        }
        assumeTrue(false, "no .git above " + start + ": cannot locate shared/reference/water beside the checkout");
        return start;
    }
}
