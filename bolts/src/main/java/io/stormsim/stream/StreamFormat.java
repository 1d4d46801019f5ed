package io.stormsim.stream;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The live stream's messages, version 1 (docs/stream.md). Each is a ZeroMQ multipart message
 * [topic, payload]:
 * <ul>
 * <li>{@code diag}: one a round, a UTF-8 JSON object of named numbers ({@code null} for a non-finite
 * value), with {@code "v": 1};</li>
 * <li>{@code job}: one a job done, of a job stream; the same kind of object;</li>
 * <li>{@code sample}: a decimated body sample, little-endian binary: a {@value #SAMPLE_HEADER_BYTES}-byte
 * header (magic {@code SSMP}, version, round, time, total bodies, count, id stride), then int64 ids and
 * float32 x, y, z arrays of {@code count} each.</li>
 * </ul>
 * Both readable from any language without a schema compiler (json, struct/numpy).
 */
public final class StreamFormat {
    public static final int VERSION = 1;
    public static final String DIAGNOSTICS = "diag";
    public static final String JOB = "job";
    public static final String SAMPLE = "sample";
    public static final String VERSION_FIELD = "v";
    public static final int SAMPLE_HEADER_BYTES = 40;
    /** The bytes 'S', 'S', 'M', 'P' read as a little-endian int32. */
    private static final int SAMPLE_MAGIC = 0x504d5353;
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]*");
    private static final ObjectMapper JSON = new ObjectMapper();

    private StreamFormat() {
    }

    /** A body sample of round {@code round}: the bodies whose id is a multiple of {@code stride}, by id. */
    public record Sample(long round, double time, long totalBodies, long stride, long[] id, float[] x, float[] y,
                         float[] z) {
        public int count() {
            return id.length;
        }
    }

    /**
     * {@code fields} (names [a-z][a-z0-9_]*, Long/Integer or Double values) as a version-1 diag payload; a
     * {@code job} payload is the same kind of object.
     */
    public static byte[] encodeDiagnostics(Map<String, ? extends Number> fields) {
        ObjectNode json = JSON.createObjectNode().put(VERSION_FIELD, VERSION);
        for (Map.Entry<String, ? extends Number> e : fields.entrySet()) {
            if (!NAME.matcher(e.getKey()).matches() || e.getKey().equals(VERSION_FIELD)) {
                throw new IllegalArgumentException("diag field name '" + e.getKey() + "' is not allowed");
            }
            Number n = e.getValue();
            if (n instanceof Double || n instanceof Float) {
                // JSON has no NaN nor infinity: null says "no value"
                double d = n.doubleValue();
                if (Double.isFinite(d)) {
                    json.put(e.getKey(), d);
                } else {
                    json.putNull(e.getKey());
                }
            } else {
                json.put(e.getKey(), n.longValue());
            }
        }
        try {
            return JSON.writeValueAsBytes(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON object of numbers cannot be written: " + e, e);
        }
    }

    /**
     * The fields of a diag payload, in order, without {@code v}: integers as Long, other numbers as
     * Double, {@code null} as null. Fails on anything but a flat version-1 object of numbers.
     */
    public static Map<String, Number> decodeDiagnostics(byte[] payload) {
        JsonNode json;
        try {
            json = JSON.readTree(payload);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("diag payload is not JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("reading a diag payload from memory", e);
        }
        if (json == null || !json.isObject()) {
            throw new IllegalArgumentException("diag payload is not a JSON object: "
                    + abbreviate(new String(payload, StandardCharsets.UTF_8)));
        }
        JsonNode version = json.get(VERSION_FIELD);
        if (version == null || !version.canConvertToExactIntegral() || version.asLong() != VERSION) {
            throw new IllegalArgumentException("diag payload has version " + version + ", this reader knows " + VERSION);
        }
        Map<String, Number> fields = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> member : json.properties()) {
            JsonNode v = member.getValue();
            if (member.getKey().equals(VERSION_FIELD)) {
                continue;
            }
            if (!v.isNumber() && !v.isNull()) {
                throw new IllegalArgumentException("diag payload value " + member.getKey() + " = " + abbreviate(v.toString())
                        + " is not a number");
            }
            fields.put(member.getKey(), v.isNull() ? null : v.isIntegralNumber() ? (Number) v.asLong() : v.asDouble());
        }
        return fields;
    }

    public static byte[] encodeSample(Sample s) {
        int n = s.count();
        ByteBuffer b = ByteBuffer.allocate(SAMPLE_HEADER_BYTES + n * (8 + 3 * 4)).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(SAMPLE_MAGIC).putShort((short) VERSION).putShort((short) 0).putLong(s.round()).putDouble(s.time())
                .putLong(s.totalBodies()).putInt(n).putInt((int) s.stride());
        b.asLongBuffer().put(s.id());
        b.position(b.position() + 8 * n);
        for (float[] axis : new float[][] {s.x(), s.y(), s.z()}) {
            b.asFloatBuffer().put(axis, 0, n);
            b.position(b.position() + 4 * n);
        }
        return b.array();
    }

    public static Sample decodeSample(byte[] payload) {
        ByteBuffer b = ByteBuffer.wrap(payload).order(ByteOrder.LITTLE_ENDIAN);
        if (payload.length < SAMPLE_HEADER_BYTES || b.getInt() != SAMPLE_MAGIC) {
            throw new IllegalArgumentException("sample payload of " + payload.length + " bytes does not start with SSMP");
        }
        int version = b.getShort();
        if (version != VERSION) {
            throw new IllegalArgumentException("sample payload has version " + version + ", this reader knows " + VERSION);
        }
        b.getShort();
        long round = b.getLong();
        double time = b.getDouble();
        long total = b.getLong();
        int n = b.getInt();
        long stride = Integer.toUnsignedLong(b.getInt());
        if (n < 0 || payload.length != SAMPLE_HEADER_BYTES + (long) n * (8 + 3 * 4)) {
            throw new IllegalArgumentException("sample payload of " + payload.length + " bytes does not hold " + n + " bodies");
        }
        long[] id = new long[n];
        b.asLongBuffer().get(id);
        b.position(b.position() + 8 * n);
        float[][] axes = new float[3][n];
        for (float[] axis : axes) {
            b.asFloatBuffer().get(axis);
            b.position(b.position() + 4 * n);
        }
        return new Sample(round, time, total, stride, id, axes[0], axes[1], axes[2]);
    }

    private static String abbreviate(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "..." : s;
    }
}
