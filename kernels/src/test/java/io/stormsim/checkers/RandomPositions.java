package io.stormsim.checkers;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Positions reached by seeded random play from the start: the same list for the same seed. */
final class RandomPositions {
    private RandomPositions() {
    }

    /** {@code count} positions, each after 0..maxPlies random moves (fewer if a side runs out of moves). */
    static List<Position> play(long seed, int count, int maxPlies) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Position> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Position p = Position.start();
            int plies = random.nextInt(maxPlies + 1);
            for (int ply = 0; ply < plies; ply++) {
                long[] moves = p.moves();
                if (moves.length == 0) {
                    break;
                }
                p = p.play(moves[random.nextInt(moves.length)]);
            }
            out.add(p);
        }
        return out;
    }
}
