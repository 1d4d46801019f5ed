package io.stormsim.spouts;

import io.stormsim.run.RunOutput;
import java.io.IOException;
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
            new RunOutput(outputDir).halted(reason);
        } catch (IOException e) {
            LOG.error("could not write {} in {}: {}", TimestepSpout.HALTED, outputDir, e.toString());
        }
    }
}
