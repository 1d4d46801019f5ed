package io.stormsim.spouts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes {@link TimestepSpout#HALTED} into a run's output directory when a spout halts the run: the
 * reason for the user, and the sign launchers wait for ({@code LocalRun}).
 */
final class HaltedFile {
    private static final Logger LOG = LoggerFactory.getLogger(HaltedFile.class);

    private HaltedFile() {
    }

    static void write(Path outputDir, String reason) {
        try {
            Files.createDirectories(outputDir);
            Files.writeString(outputDir.resolve(TimestepSpout.HALTED), reason + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            LOG.error("could not write {} in {}: {}", TimestepSpout.HALTED, outputDir, e.toString());
        }
    }
}
