package io.stormsim.pingpong;

import java.util.Locale;

/** The benchmark's one table, as CSV and as aligned text: the same columns for Storm and the baselines. */
public final class RoundTripTable {
    public static final String CSV_HEADER = "transport,payload_bytes,mode,window,round_trips,round_trips_per_s,median_us,p99_us";

    private RoundTripTable() {
    }

    public static String csvRow(String transport, PingPongConfig.Phase phase, RoundTripStats stats) {
        return String.format(Locale.ROOT, "%s,%d,%s,%d,%d,%.1f,%.1f,%.1f", transport, phase.payload(),
                phase.mode().label(), phase.window(), stats.count(), stats.perSecond(), stats.medianMicros(),
                stats.p99Micros());
    }

    public static String textHeader() {
        return String.format(Locale.ROOT, "%-16s %10s %-6s %6s %10s %14s %11s %11s", "transport", "payload B", "mode",
                "window", "round trips", "round trips/s", "median us", "p99 us");
    }

    /** One aligned row from a {@link #csvRow} line. */
    public static String textRow(String csvRow) {
        String[] f = csvRow.split(",");
        return String.format(Locale.ROOT, "%-16s %10s %-6s %6s %10s %14s %11s %11s", f[0], f[1], f[2], f[3], f[4], f[5],
                f[6], f[7]);
    }
}
