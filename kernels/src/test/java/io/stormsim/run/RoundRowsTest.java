package io.stormsim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RoundRowsTest {
    @TempDir
    Path dir;

    private List<String> file() throws Exception {
        return Files.readAllLines(dir.resolve("x.csv"));
    }

    @Test
    void aReplayReplacesTheRowsFromItsRoundOn() throws Exception {
        RoundRows rows = new RoundRows(new RunOutput(dir), "x.csv", "round,v", 0);
        for (long r : new long[] {0, 10, 20, 30}) {
            rows.add(r, r + ",a" + r);
        }
        rows.add(20, "20,b20");
        assertEquals(List.of("round,v", "0,a0", "10,a10", "20,b20"), file());
    }

    @Test
    void aNewTaskKeepsTheEarlierRoundsOfTheFileAndDropsLaterOnes() throws Exception {
        RoundRows first = new RoundRows(new RunOutput(dir), "x.csv", "round,v", 0);
        for (long r : new long[] {0, 10, 20, 30}) {
            first.add(r, r + ",a" + r);
        }
        RoundRows resumed = new RoundRows(new RunOutput(dir), "x.csv", "round,v", 0);
        resumed.add(20, "20,c20");
        assertEquals(List.of("round,v", "0,a0", "10,a10", "20,c20"), file());
        RoundRows fresh = new RoundRows(new RunOutput(dir), "x.csv", "round,v", 0);
        fresh.add(0, "0,d0");
        assertEquals(List.of("round,v", "0,d0"), file(), "a run starting at round 0 starts the file anew");
    }

    @Test
    void anotherRunsFileWithOtherColumnsIsReplaced() throws Exception {
        Files.writeString(dir.resolve("x.csv"), "round,other\n0,1\n");
        new RoundRows(new RunOutput(dir), "x.csv", "round,v", 0).add(10, "10,a");
        assertEquals(List.of("round,v", "10,a"), file());
    }

    @Test
    void aRunWithoutEndKeepsTheFirstRowAndTheNewest() throws Exception {
        RoundRows rows = new RoundRows(new RunOutput(dir), "x.csv", "round,v", 2);
        for (long r = 0; r <= 5; r++) {
            rows.add(r, r + ",v");
        }
        assertEquals(List.of("round,v", "0,v", "4,v", "5,v"), file(), "after 2 x 2 + 1 rows, back to 1 + 2");
    }
}
