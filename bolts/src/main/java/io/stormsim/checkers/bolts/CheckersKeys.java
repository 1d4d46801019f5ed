package io.stormsim.checkers.bolts;


import io.stormsim.checkers.Fen;
import io.stormsim.checkers.Position;
import io.stormsim.run.ConfigValues;
import java.util.Map;

/** The {@code stormsim.checkers.*} keys both checkers topologies read, and the reading of a position from one. */
public final class CheckersKeys {
    public static final String FEN = "stormsim.checkers.fen";
    public static final String DEPTH = "stormsim.checkers.depth";
    public static final String TABLE_LOG2 = "stormsim.checkers.table.log2";
    /** Written for the spout by {@link CheckersSpout}, never set by the user. */
    static final String SPOUT_JOBS = "stormsim.checkers.spout.jobs";
    /** Likewise: one job in flight (a perft is one job; a search round's jobs depend on the round before). */
    static final String SPOUT_IN_FLIGHT = "stormsim.checkers.spout.in.flight";

    private CheckersKeys() {
    }

    /** {@code text} as a position: a PDN FEN, or empty or {@code start} for the start position. */
    public static Position position(String text) {
        String t = text.trim();
        return t.isEmpty() || t.equalsIgnoreCase("start") ? Position.start() : Fen.parse(t);
    }

    /** The position of key {@link #FEN}, the message naming the key if it is not one. */
    static Position fen(Map<String, Object> conf) {
        String text = ConfigValues.stringValue(conf, FEN, true);
        try {
            return position(text);
        } catch (IllegalArgumentException e) {
            throw ConfigValues.notAllowed(FEN, "'" + text + "'", "empty or 'start' (the start position) or a PDN FEN such"
                    + " as '" + Position.START_FEN + "': " + e.getMessage());
        }
    }
}
