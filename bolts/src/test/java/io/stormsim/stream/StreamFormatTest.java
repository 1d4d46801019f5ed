package io.stormsim.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The live stream's version-1 messages: what docs/stream.md says, and back. */
class StreamFormatTest {
    @Test
    void diagnosticsAreAFlatVersionedJsonObjectAndDecodeToTheSameNumbers() {
        Map<String, Number> fields = new LinkedHashMap<>();
        fields.put("round", 12L);
        fields.put("partitions", 3);
        fields.put("rel_energy_error", -2.593e-6);
        fields.put("total_energy", -0.2500123456789);
        fields.put("cost_imbalance", 1.0);
        fields.put("round_wall_ms", Double.NaN);
        byte[] payload = StreamFormat.encodeDiagnostics(fields);
        assertEquals("{\"v\":1,\"round\":12,\"partitions\":3,\"rel_energy_error\":-2.593E-6,"
                + "\"total_energy\":-0.2500123456789,\"cost_imbalance\":1.0,\"round_wall_ms\":null}",
                new String(payload, StandardCharsets.UTF_8));

        Map<String, Number> back = StreamFormat.decodeDiagnostics(payload);
        assertEquals(java.util.List.of("round", "partitions", "rel_energy_error", "total_energy", "cost_imbalance",
                "round_wall_ms"), java.util.List.copyOf(back.keySet()));
        assertEquals(12L, back.get("round"));
        assertEquals(3L, back.get("partitions"));
        assertEquals(-2.593e-6, back.get("rel_energy_error"));
        assertEquals(-0.2500123456789, back.get("total_energy"));
        assertEquals(1.0, back.get("cost_imbalance"));
        assertNull(back.get("round_wall_ms"));
        // what another language's JSON writer may send: spaces, exponents, no trailing zeros
        Map<String, Number> other = StreamFormat.decodeDiagnostics(
                " { \"round\" : 3 , \"v\": 1, \"x\": 1e-3 }".getBytes(StandardCharsets.UTF_8));
        assertEquals(3L, other.get("round"));
        assertEquals(1e-3, other.get("x"));
    }

    @Test
    void diagnosticsOfAnotherVersionOrShapeAreRefusedWithTheReason() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> StreamFormat.decodeDiagnostics(
                "{\"v\":2,\"round\":1}".getBytes(StandardCharsets.UTF_8))).getMessage().contains("version 2"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> StreamFormat.decodeDiagnostics(
                "[1,2]".getBytes(StandardCharsets.UTF_8))).getMessage().contains("not a JSON object"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> StreamFormat.decodeDiagnostics(
                "{\"v\":1,\"name\":\"x\"}".getBytes(StandardCharsets.UTF_8))).getMessage().contains("not a number"));
        // a value that is itself a list, with commas inside: refused as a whole, not split at its commas
        assertTrue(assertThrows(IllegalArgumentException.class, () -> StreamFormat.decodeDiagnostics(
                "{\"v\":1,\"a\":1,\"b\":[1,2]}".getBytes(StandardCharsets.UTF_8))).getMessage()
                .contains("b = [1,2] is not a number"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> StreamFormat.decodeDiagnostics(
                "{\"v\":1,".getBytes(StandardCharsets.UTF_8))).getMessage().startsWith("diag payload is not JSON"));
        assertThrows(IllegalArgumentException.class, () -> StreamFormat.encodeDiagnostics(Map.of("Bad Name", 1)));
    }

    @Test
    void samplesAreALittleEndianHeaderThenIdAndPositionArrays() {
        StreamFormat.Sample s = new StreamFormat.Sample(40, 0.2, 20000, 20, new long[] {0, 20, 40},
                new float[] {1.5f, -2f, 0.25f}, new float[] {0f, 1f, 2f}, new float[] {-1f, -0.5f, 3e-3f});
        byte[] payload = StreamFormat.encodeSample(s);
        assertEquals(40 + 3 * 8 + 3 * 3 * 4, payload.length);
        ByteBuffer b = ByteBuffer.wrap(payload).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals("SSMP", new String(payload, 0, 4, StandardCharsets.US_ASCII));
        assertEquals(1, b.getShort(4));
        assertEquals(40, b.getLong(8));
        assertEquals(0.2, b.getDouble(16));
        assertEquals(20000, b.getLong(24));
        assertEquals(3, b.getInt(32));
        assertEquals(20, b.getInt(36));
        assertEquals(20, b.getLong(40 + 8));
        assertEquals(-2f, b.getFloat(40 + 24 + 4));
        assertEquals(3e-3f, b.getFloat(40 + 24 + 2 * 12 + 8));

        StreamFormat.Sample back = StreamFormat.decodeSample(payload);
        assertEquals(40, back.round());
        assertEquals(0.2, back.time());
        assertEquals(20000, back.totalBodies());
        assertEquals(20, back.stride());
        assertArrayEquals(s.id(), back.id());
        assertArrayEquals(s.x(), back.x());
        assertArrayEquals(s.y(), back.y());
        assertArrayEquals(s.z(), back.z());
        assertEquals(0, StreamFormat.decodeSample(StreamFormat.encodeSample(new StreamFormat.Sample(0, 0, 0, 1,
                new long[0], new float[0], new float[0], new float[0]))).count());
    }

    @Test
    void truncatedOrForeignSamplesAreRefused() {
        byte[] payload = StreamFormat.encodeSample(new StreamFormat.Sample(1, 0.1, 10, 5, new long[] {0, 5},
                new float[2], new float[2], new float[2]));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> StreamFormat.decodeSample(
                java.util.Arrays.copyOf(payload, payload.length - 1))).getMessage().contains("does not hold 2 bodies"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> StreamFormat.decodeSample(
                "{\"v\":1}".getBytes(StandardCharsets.UTF_8))).getMessage().contains("SSMP"));
    }
}
