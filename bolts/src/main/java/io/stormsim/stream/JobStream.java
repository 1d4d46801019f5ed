package io.stormsim.stream;

import java.util.LinkedHashMap;

/** The live stream of a job sink (docs/stream.md): one {@code job} message a job done, the same for every workload. */
public final class JobStream {
    private JobStream() {
    }

    /**
     * Job {@code job} (0-based) is done, the {@code done}-th of a run of {@code jobs} (0: without end), {@code
     * latencyMillis} after the spout sent it and {@code elapsedSeconds} after the first job was sent; its size is
     * {@code size}, named {@code sizeField} after the workload's own word for it (keys, n, points).
     */
    public static StreamMessages message(long job, long done, long jobs, long latencyMillis, double elapsedSeconds,
                                         String sizeField, long size) {
        LinkedHashMap<String, Number> fields = new LinkedHashMap<>();
        fields.put("job", job);
        fields.put("done", done);
        fields.put("jobs", jobs);
        fields.put("latency_ms", latencyMillis);
        fields.put("elapsed_s", elapsedSeconds);
        fields.put(sizeField, size);
        return new StreamMessages().add(StreamFormat.JOB, StreamFormat.encodeDiagnostics(fields));
    }
}
