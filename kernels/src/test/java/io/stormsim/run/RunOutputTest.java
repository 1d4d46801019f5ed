package io.stormsim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunOutputTest {
    @TempDir
    Path dir;

    @Test
    void deleteNumberedRemovesTheOlderOutputsDownToAGap() throws Exception {
        RunOutput output = new RunOutput(dir);
        for (int n : new int[] {0, 2, 3, 4, 5}) {
            Files.writeString(dir.resolve("f_" + n), "x");
        }
        output.deleteNumbered(n -> "f_" + n, 4);
        assertEquals(List.of("f_0", "f_5"), Files.list(dir).map(p -> p.getFileName().toString()).sorted().toList(),
                "4, 3 and 2 go; 1 is not there, so 0 went before (as a run's pruning leaves them)");
    }
}
