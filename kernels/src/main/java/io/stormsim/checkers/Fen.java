package io.stormsim.checkers;

/**
 * The FEN tag of Portable Draughts Notation for 8x8 checkers: {@code turn:color squares:color squares},
 * e.g. {@code B:W21,22,...,32:B1,...,12}. The turn and the colours are {@code B} or {@code W}; each colour
 * field lists comma-separated squares 1..32, a {@code K} before a square marks a king, and a range such as
 * {@code 1-12} (PDN 3.0) stands for all squares between, each a king if the range has the {@code K}.
 * A colour field may list no square ({@code W:W:B5}). Written FENs list White then Black, squares
 * ascending, no ranges.
 */
public final class Fen {
    private Fen() {
    }

    public static Position parse(String fen) {
        if (fen == null) {
            throw new IllegalArgumentException("FEN is null: expected e.g. '" + Position.START_FEN + "'");
        }
        String text = fen.trim();
        String[] fields = text.split(":", -1);
        if (fields.length != 3) {
            throw bad(fen, text, "expected three ':'-separated fields 'turn:Wsquares:Bsquares', e.g. '"
                    + Position.START_FEN + "'");
        }
        if (!fields[0].equals("B") && !fields[0].equals("W")) {
            throw bad(fen, fields[0], "the turn must be B or W");
        }
        long[] pieces = new long[2];
        long kings = 0;
        boolean[] seen = new boolean[2];
        for (int f = 1; f <= 2; f++) {
            String field = fields[f];
            int color = field.startsWith("B") ? 0 : field.startsWith("W") ? 1 : -1;
            if (color < 0) {
                throw bad(fen, field, "a colour field must start with B or W");
            }
            if (seen[color]) {
                throw bad(fen, field, "colour " + field.charAt(0) + " is given twice: one field for B, one for W");
            }
            seen[color] = true;
            String list = field.substring(1);
            if (list.isEmpty()) {
                continue;
            }
            for (String token : list.split(",", -1)) {
                boolean king = token.startsWith("K");
                String squares = king ? token.substring(1) : token;
                int dash = squares.indexOf('-');
                int first = square(fen, token, dash < 0 ? squares : squares.substring(0, dash));
                int last = dash < 0 ? first : square(fen, token, squares.substring(dash + 1));
                if (last < first) {
                    throw bad(fen, token, "a range must go up, e.g. 1-12");
                }
                for (int s = first; s <= last; s++) {
                    long bit = 1L << Board.bit(s);
                    if (!king && (bit & (color == 0 ? Board.BLACK_CROWN : Board.WHITE_CROWN)) != 0) {
                        throw bad(fen, token, "a " + (color == 0 ? "black" : "white") + " man on " + s
                                + " would have been crowned: write K" + s);
                    }
                    if (((pieces[0] | pieces[1]) & bit) != 0) {
                        throw bad(fen, token, "square " + s + " is given twice");
                    }
                    pieces[color] |= bit;
                    if (king) {
                        kings |= bit;
                    }
                }
            }
        }
        try {
            return Position.of(pieces[0], pieces[1], kings, fields[0].equals("B"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("FEN '" + fen + "': " + e.getMessage() + "; mark kings with K");
        }
    }

    private static int square(String fen, String token, String digits) {
        int s;
        try {
            s = digits.isEmpty() || !Character.isDigit(digits.charAt(0)) ? -1 : Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            s = -1;
        }
        if (s < 1 || s > 32) {
            throw bad(fen, token, "a piece is [K]square or [K]first-last with squares 1..32");
        }
        return s;
    }

    private static IllegalArgumentException bad(String fen, String token, String allowed) {
        return new IllegalArgumentException("FEN '" + fen + "': bad token '" + token + "': " + allowed);
    }

    public static String write(Position p) {
        StringBuilder b = new StringBuilder(p.blackToMove ? "B" : "W");
        appendField(b, 'W', p.white, p.kings);
        appendField(b, 'B', p.black, p.kings);
        return b.toString();
    }

    private static void appendField(StringBuilder b, char color, long pieces, long kings) {
        b.append(':').append(color);
        String sep = "";
        for (int s = 1; s <= 32; s++) {
            long bit = 1L << Board.bit(s);
            if ((pieces & bit) != 0) {
                b.append(sep).append((kings & bit) != 0 ? "K" : "").append(s);
                sep = ",";
            }
        }
    }
}
