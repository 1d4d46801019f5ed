package io.stormsim.nbody.bolts;

import io.stormsim.nbody.Conserved;
import io.stormsim.nbody.RoundFigures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The one declaration of what a Barnes-Hut round reports: the columns of {@code diagnostics.csv} (also the
 * fields of the live stream's {@code diag} message) and the metrics-v2 gauges ({@code stormsim.*}).
 */
final class DiagnosticsColumns {
    /** A column: its name, its value (a Long or a Double), and whether the CSV writes it as milliseconds (%.3f). */
    record Column(String name, Function<RoundFigures, Number> value, boolean millis) {
        String csv(RoundFigures f) {
            Number v = value.apply(f);
            return millis ? String.format("%.3f", v.doubleValue()) : String.valueOf(v);
        }
    }

    /** A gauge, named {@code stormsim.<name>}. */
    record Gauge(String name, ToDoubleFunction<RoundFigures> value) {
    }

    static final List<Column> COLUMNS = columns();

    static final List<Gauge> GAUGES = List.of(
            new Gauge("round", RoundFigures::round),
            new Gauge("round-wall-ms", f -> seconds(f) * 1e3),
            new Gauge("steps-per-second", f -> 1 / seconds(f)),
            new Gauge("interactions-per-second", f -> f.total().interactions / seconds(f)),
            new Gauge("load-imbalance", RoundFigures::costImbalance),
            new Gauge("rel-energy-error", RoundFigures::relEnergyError));

    private DiagnosticsColumns() {
    }

    private static List<Column> columns() {
        List<Column> c = new ArrayList<>();
        c.add(new Column("round", RoundFigures::round, false));
        c.add(new Column("time", RoundFigures::time, false));
        c.add(new Column("kinetic", f -> f.total().value(Conserved.KINETIC), false));
        c.add(new Column("potential", f -> f.total().value(Conserved.POTENTIAL), false));
        c.add(new Column("total_energy", f -> f.total().totalEnergy(), false));
        c.add(new Column("rel_energy_error", RoundFigures::relEnergyError, false));
        String[] vectors = {"px", "py", "pz", "lx", "ly", "lz"};
        for (int q = Conserved.PX; q <= Conserved.LZ; q++) {
            int quantity = q;
            c.add(new Column(vectors[q - Conserved.PX], f -> f.total().value(quantity), false));
        }
        c.add(new Column("interactions", f -> f.total().interactions, false));
        c.add(new Column("cost_imbalance", RoundFigures::costImbalance, false));
        c.add(new Column("round_wall_ms", f -> f.roundWallNanos() / 1e6, true));
        for (Phase phase : Phase.values()) {
            c.add(new Column(phase.column(), f -> f.phaseWallNanos()[phase.ordinal()] / 1e6, true));
        }
        for (Phase phase : Phase.values()) {
            c.add(new Column(phase.cpuColumn(), f -> f.phaseCpuNanos()[phase.ordinal()] / 1e6, true));
        }
        return List.copyOf(c);
    }

    private static double seconds(RoundFigures f) {
        return f.roundWallNanos() / 1e9;
    }

    static String header() {
        return String.join(",", COLUMNS.stream().map(Column::name).toList());
    }

    static String row(RoundFigures f) {
        return String.join(",", COLUMNS.stream().map(c -> c.csv(f)).toList());
    }

    /** Index of the column {@code name}. */
    static int index(String name) {
        for (int i = 0; i < COLUMNS.size(); i++) {
            if (COLUMNS.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no diagnostics column " + name);
    }

    /** Puts every column but those already in {@code fields} into it, in column order. */
    static void putAll(RoundFigures f, Map<String, Number> fields) {
        for (Column c : COLUMNS) {
            fields.putIfAbsent(c.name(), c.value().apply(f));
        }
    }
}
