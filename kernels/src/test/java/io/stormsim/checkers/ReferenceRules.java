package io.stormsim.checkers;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The rules written the obvious way, as the oracle of the bitboard generator: an 8x8 grid of chars read
 * from FEN text with its own square numbering (square s on row (s-1)/4, Black's back row 0; dark squares
 * at odd columns on even rows), pieces stepping one (row, column) at a time. Captured pieces stay on the
 * grid, dead, until the move ends. Shares nothing with the bitboard code but the FEN text.
 */
final class ReferenceRules {
    static final char EMPTY = '.';
    static final char DEAD = 'x';

    /** A move: from and to squares, the captured squares ascending, and the grid after it. */
    record RefMove(int from, int to, int[] captured, char[][] after) {
        String key() {
            return from + (captured.length == 0 ? "-" : "x") + to + Arrays.toString(captured);
        }
    }

    private ReferenceRules() {
    }

    static int row(int square) {
        return (square - 1) / 4;
    }

    static int col(int square) {
        int row = row(square);
        return 2 * ((square - 1) % 4) + (row % 2 == 0 ? 1 : 0);
    }

    static int square(int row, int col) {
        return row * 4 + col / 2 + 1;
    }

    /** Grid of a FEN as {@link Fen#write} writes it: 'b', 'w' men, 'B', 'W' kings. */
    static char[][] grid(String fen) {
        char[][] g = new char[8][8];
        for (char[] r : g) {
            Arrays.fill(r, EMPTY);
        }
        String[] fields = fen.split(":");
        for (int f = 1; f <= 2; f++) {
            char color = fields[f].charAt(0);
            if (fields[f].length() == 1) {
                continue;
            }
            for (String t : fields[f].substring(1).split(",")) {
                boolean king = t.startsWith("K");
                int s = Integer.parseInt(king ? t.substring(1) : t);
                char piece = color == 'B' ? (king ? 'B' : 'b') : (king ? 'W' : 'w');
                g[row(s)][col(s)] = piece;
            }
        }
        return g;
    }

    static boolean blackToMove(String fen) {
        return fen.startsWith("B");
    }

    static List<RefMove> moves(char[][] g, boolean black) {
        List<RefMove> captures = new ArrayList<>();
        List<RefMove> plain = new ArrayList<>();
        for (int r = 0; r < 8; r++) {
            for (int c = 0; c < 8; c++) {
                char p = g[r][c];
                if (p == EMPTY || isBlack(p) != black) {
                    continue;
                }
                char[][] work = copy(g);
                work[r][c] = EMPTY;
                jumps(work, square(r, c), r, c, p, new ArrayList<>(), captures);
                for (int[] d : directions(p)) {
                    int r2 = r + d[0], c2 = c + d[1];
                    if (onBoard(r2, c2) && g[r2][c2] == EMPTY) {
                        char[][] after = copy(g);
                        after[r][c] = EMPTY;
                        after[r2][c2] = crowned(p, r2);
                        plain.add(new RefMove(square(r, c), square(r2, c2), new int[0], after));
                    }
                }
            }
        }
        return captures.isEmpty() ? plain : captures;
    }

    private static void jumps(char[][] work, int from, int r, int c, char p, List<Integer> taken, List<RefMove> out) {
        boolean jumped = false;
        for (int[] d : directions(p)) {
            int rm = r + d[0], cm = c + d[1], rl = r + 2 * d[0], cl = c + 2 * d[1];
            if (!onBoard(rl, cl) || work[rl][cl] != EMPTY) {
                continue;
            }
            char victim = work[rm][cm];
            if (victim == EMPTY || victim == DEAD || isBlack(victim) == isBlack(p)) {
                continue;
            }
            jumped = true;
            work[rm][cm] = DEAD;
            taken.add(square(rm, cm));
            if (crowned(p, rl) != p) {
                out.add(finish(work, from, rl, cl, crowned(p, rl), taken));
            } else {
                jumps(work, from, rl, cl, p, taken, out);
            }
            taken.remove(taken.size() - 1);
            work[rm][cm] = victim;
        }
        if (!jumped && !taken.isEmpty()) {
            out.add(finish(work, from, r, c, p, taken));
        }
    }

    private static RefMove finish(char[][] work, int from, int r, int c, char p, List<Integer> taken) {
        char[][] after = copy(work);
        for (char[] row : after) {
            for (int i = 0; i < 8; i++) {
                if (row[i] == DEAD) {
                    row[i] = EMPTY;
                }
            }
        }
        after[r][c] = p;
        int[] captured = taken.stream().mapToInt(Integer::intValue).sorted().toArray();
        return new RefMove(from, square(r, c), captured, after);
    }

    static long perft(char[][] g, boolean black, int depth) {
        if (depth == 0) {
            return 1;
        }
        long sum = 0;
        for (RefMove m : moves(g, black)) {
            sum += perft(m.after(), !black, depth - 1);
        }
        return sum;
    }

    private static boolean isBlack(char p) {
        return p == 'b' || p == 'B';
    }

    private static int[][] directions(char p) {
        return switch (p) {
            case 'b' -> new int[][] {{1, -1}, {1, 1}};
            case 'w' -> new int[][] {{-1, -1}, {-1, 1}};
            default -> new int[][] {{1, -1}, {1, 1}, {-1, -1}, {-1, 1}};
        };
    }

    private static char crowned(char p, int row) {
        if (p == 'b' && row == 7) {
            return 'B';
        }
        if (p == 'w' && row == 0) {
            return 'W';
        }
        return p;
    }

    private static boolean onBoard(int r, int c) {
        return r >= 0 && r < 8 && c >= 0 && c < 8;
    }

    private static char[][] copy(char[][] g) {
        char[][] c = new char[8][];
        for (int i = 0; i < 8; i++) {
            c[i] = g[i].clone();
        }
        return c;
    }
}
