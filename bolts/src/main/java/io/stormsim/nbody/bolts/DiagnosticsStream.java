package io.stormsim.nbody.bolts;

import io.stormsim.nbody.RoundFigures;
import io.stormsim.run.StreamConfig;
import io.stormsim.stream.StreamFormat;
import io.stormsim.stream.StreamMessages;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/** A round's live-stream messages: its {@code diag} message and, in sample rounds, the merged body sample. */
final class DiagnosticsStream {
    private DiagnosticsStream() {
    }

    /** The diag message holds the run's size and the CSV row's figures, in column order. */
    static StreamMessages messages(RoundFigures f, long steps, List<PartitionReport> reports, StreamConfig stream) {
        LinkedHashMap<String, Number> diag = new LinkedHashMap<>();
        diag.put("round", f.round());
        diag.put("steps", steps);
        diag.put("time", f.time());
        diag.put("bodies", f.total().bodies);
        diag.put("partitions", reports.size());
        DiagnosticsColumns.putAll(f, diag);
        StreamMessages messages = new StreamMessages().add(StreamFormat.DIAGNOSTICS, StreamFormat.encodeDiagnostics(diag));
        if (reports.get(0).sample != null) {
            List<BodySample> parts = new ArrayList<>();
            for (PartitionReport r : reports) {
                parts.add(r.sample);
            }
            BodySample s = BodySample.merge(parts);
            messages.add(StreamFormat.SAMPLE, StreamFormat.encodeSample(new StreamFormat.Sample(f.round(), f.time(),
                    f.total().bodies, stream.sampleStride(f.total().bodies), s.id, s.x, s.y, s.z)));
        }
        return messages;
    }
}
