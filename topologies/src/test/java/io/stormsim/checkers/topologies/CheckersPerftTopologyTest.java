package io.stormsim.checkers.topologies;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.checkers.Fen;
import io.stormsim.checkers.Move;
import io.stormsim.checkers.Perft;
import io.stormsim.checkers.Position;
import io.stormsim.checkers.bolts.PerftResultBolt;
import io.stormsim.run.RunOutput;
import io.stormsim.topologies.LocalClusterTest;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.TopologyFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The distributed perft YAML on an embedded LocalCluster, Kryo forced on every tuple: the total and the
 * divide are the sequential perft's at 1, 2 and 3 partitions (3 divides neither 49 nor 302 jobs), with
 * and without tables.
 */
class CheckersPerftTopologyTest extends LocalClusterTest {
    static final Path PERFT_YAML = YAML.resolveSibling("checkers-perft.yaml");

    static Map<String, String> settings(String fen, int depth, int split, int log2, int partitions, Path dir) {
        Map<String, String> m = new HashMap<>();
        m.put("fen", fen);
        m.put("depth", String.valueOf(depth));
        m.put("split.depth", String.valueOf(split));
        m.put("table.log2", String.valueOf(log2));
        m.put("partitions", String.valueOf(partitions));
        m.put("output.dir", dir.toString());
        m.put("always.try.serialize", "true");
        return m;
    }

    /** The total of perft.txt, then each root move's count in the divide, in generation order. */
    static long[] read(Path perftTxt, Position root) throws Exception {
        List<String> lines = Files.readAllLines(perftTxt);
        long[] moves = root.moves();
        long[] out = new long[moves.length + 1];
        int divide = -1;
        for (String line : lines) {
            String[] f = line.trim().split("\\s+");
            if (f[0].equals("perft")) {
                out[0] = Long.parseLong(f[1]);
            } else if (f[0].equals("divide")) {
                divide = 0;
            } else if (divide >= 0) {
                assertEquals(Move.toPdn(moves[divide]), f[0], line);
                out[1 + divide++] = Long.parseLong(f[1]);
            }
        }
        assertEquals(moves.length, divide, "a divide line per root move in " + lines);
        return out;
    }

    private void assertSequential(String fen, int depth, int split, int log2, int partitions) throws Exception {
        Path dir = out.resolve("perft-" + depth + "-" + split + "-" + log2 + "-" + partitions);
        LocalRun.run(cluster, TopologyFile.load(PERFT_YAML, null, settings(fen, depth, split, log2, partitions, dir),
                false), Duration.ofMinutes(3));
        Position root = fen.equals("start") ? Position.start() : Fen.parse(fen);
        long[] divide = new Perft().divide(root, depth);
        long[] expected = new long[divide.length + 1];
        expected[0] = new Perft().count(root, depth);
        System.arraycopy(divide, 0, expected, 1, divide.length);
        String what = fen + " depth " + depth + " split " + split + " on " + partitions + " partitions";
        assertArrayEquals(expected, read(dir.resolve(PerftResultBolt.PERFT_TXT), root), what);
        String summary = Files.readString(dir.resolve(RunOutput.SUMMARY));
        assertTrue(summary.startsWith("perft(" + depth + ") = " + expected[0] + " of "), summary);
        assertTrue(summary.contains("over " + partitions + " partitions"), summary);
    }

    @Test
    void totalAndDivideAreTheSequentialPerftsAtEveryPartitionCount() throws Exception {
        for (int partitions = 1; partitions <= 3; partitions++) {
            assertSequential("start", 8, 2, 0, partitions);
        }
        assertSequential("B:WK14,K27,31:BK5,11,K19", 7, 3, 12, 3);
        assertSequential("start", 9, 3, 16, 2);
    }
}
