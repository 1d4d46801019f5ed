package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * GADGET-2 snapshots as other tools write them, through the tests' own writer ({@link Gadget2TestFile}): every
 * layout reads back as the stored bits, a multi-file snapshot whole from any of its files, and every damaged file
 * (truncated anywhere, random bytes, flipped bytes, counts the blocks do not match) fails with an IOException naming
 * the file and the byte offset, never another exception.
 */
class Gadget2ReaderTest {
    private static final int GAS = 40, HALO = 60;

    @TempDir
    Path dir;

    /** Bodies of types 0 and 1 (GAS then HALO) with ids that need their width: past 2^31, or past 2^32. */
    private static Bodies bodies(boolean longIds) {
        Bodies b = PlummerSphere.generate(GAS + HALO, 5);
        for (int i = 0; i < b.n; i++) {
            b.id[i] = longIds ? (1L << 40) + 7L * i : 0xF000_0000L + i;
        }
        b.x[3] = 0.1; // not a float: single precision must round it
        return b;
    }

    private static Gadget2TestFile layout(ByteOrder order, int format, boolean doubles, boolean longIds, int masses) {
        Gadget2TestFile g = new Gadget2TestFile();
        g.order = order;
        g.format = format;
        g.doubles = doubles;
        g.longIds = longIds;
        g.npart[0] = GAS;
        g.npart[1] = HALO;
        // 0: every mass in the MASS block; 1: every mass in the table; 2: gas in the table, halo in the block
        g.massTable[0] = masses == 0 ? 0 : 0.25;
        g.massTable[1] = masses == 1 ? 0.5 : 0;
        g.gasBlock = true;
        return g;
    }

    static Stream<Arguments> layouts() {
        List<Arguments> all = new ArrayList<>();
        for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            for (int format = 1; format <= 2; format++) {
                for (boolean doubles : new boolean[] {false, true}) {
                    for (boolean longIds : new boolean[] {false, true}) {
                        for (int masses = 0; masses < 3; masses++) {
                            all.add(Arguments.of(order, format, doubles, longIds, masses));
                        }
                    }
                }
            }
        }
        return all.stream();
    }

    private Path write(String name, Gadget2TestFile g, Bodies b) throws IOException {
        return Files.write(dir.resolve(name), g.bytes(b));
    }

    @ParameterizedTest(name = "{0} format {1} doubles {2} long ids {3} masses {4}")
    @MethodSource("layouts")
    void everyLayoutReadsBackAsStored(ByteOrder order, int format, boolean doubles, boolean longIds, int masses)
            throws IOException {
        Gadget2TestFile g = layout(order, format, doubles, longIds, masses);
        Bodies b = bodies(longIds);
        Path f = write("snap", g, b);
        LoadedBodies loaded = InitialConditions.read(f);
        assertTrue(g.expected(b).sameStateBits(loaded.bodies()), "bodies differ from the stored values");
        assertNull(loaded.unitsOrNull(), "a GADGET-2 file states no units");
        assertEquals("GADGET-2 format " + format + ", " + (order == ByteOrder.LITTLE_ENDIAN ? "little" : "big")
                + "-endian", loaded.format());
        assertEquals(List.of(), loaded.notes());
        assertEquals(doubles ? 0.1 : (double) 0.1f, loaded.bodies().x[3]);
        assertEquals(GAS + HALO, InitialConditions.totalBodies(f));
    }

    @Test
    void aSnapshotOfThreeFilesReadsWholeFromAnyOfThem() throws IOException {
        Bodies b = bodies(true);
        int[][] counts = {{10, 20}, {0, 25}, {30, 15}};
        List<Bodies> expected = new ArrayList<>();
        int at = 0;
        for (int k = 0; k < 3; k++) {
            Gadget2TestFile g = layout(k == 1 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN, k == 2 ? 2 : 1,
                    k == 0, true, 2);
            g.npart[0] = counts[k][0];
            g.npart[1] = counts[k][1];
            g.total = new long[] {GAS, HALO, 0, 0, 0, 0};
            g.numFiles = 3;
            g.gasBlock = false;
            Bodies part = b.slice(at, at + g.npart[0] + g.npart[1]);
            at += part.n;
            write("snapshot_005." + k, g, part);
            expected.add(g.expected(part));
        }
        Bodies all = Bodies.concat(expected);
        for (int k = 0; k < 3; k++) {
            LoadedBodies loaded = InitialConditions.read(dir.resolve("snapshot_005." + k));
            assertTrue(all.sameStateBits(loaded.bodies()), "from file " + k);
            assertEquals("GADGET-2 format 1, little-endian, 3 files", loaded.format());
            assertEquals(GAS + HALO, InitialConditions.totalBodies(dir.resolve("snapshot_005." + k)));
        }
        assertTrue(expected.get(1).sameStateBits(GadgetSnapshot.read(dir.resolve("snapshot_005.1"))),
                "one file alone");
    }

    /** Two files of a snapshot of 100 bodies, 50 each, as {@code change} leaves them. */
    private Path twoFiles(String base, java.util.function.BiConsumer<Integer, Gadget2TestFile> change)
            throws IOException {
        Bodies b = bodies(false);
        for (int k = 0; k < 2; k++) {
            Gadget2TestFile g = layout(ByteOrder.LITTLE_ENDIAN, 1, false, false, 1);
            g.npart[0] = GAS / 2;
            g.npart[1] = HALO / 2;
            g.total = new long[] {GAS, HALO, 0, 0, 0, 0};
            g.numFiles = 2;
            change.accept(k, g);
            write(base + "." + k, g, b.slice(k * 50, k * 50 + g.npart[0] + g.npart[1]));
        }
        return dir.resolve(base + ".1");
    }

    private IOException rejected(Path f, String... fragments) {
        IOException e = assertThrows(IOException.class, () -> InitialConditions.read(f));
        for (String fragment : fragments) {
            assertTrue(e.getMessage().contains(fragment), "'" + e.getMessage() + "' should contain '" + fragment + "'");
        }
        return e;
    }

    @Test
    void filesOfOneSnapshotMustAgree() throws IOException {
        Path f = twoFiles("nf", (k, g) -> g.numFiles = k == 0 ? 3 : 2);
        rejected(f, "GADGET-2 snapshot file " + dir.resolve("nf.0") + ": the header says NumFiles = 3",
                "but nf.1 of the same snapshot says NumFiles = 2");
        Path t = twoFiles("table", (k, g) -> g.massTable[1] = k == 0 ? 0.5 : 0.75);
        rejected(t, "table.0: the header says", "MassTable [0.25, 0.5, 0.0");
        Path c = twoFiles("short", (k, g) -> g.npart[1] = k == 0 ? 29 : 30);
        rejected(c, "GADGET-2 snapshot file " + c + ": the header's total of type-1 particles is 60, but the 2 file(s)"
                + " of the snapshot hold 59");
        Path one = twoFiles("one", (k, g) -> { });
        Files.delete(dir.resolve("one.0"));
        IOException e = rejected(one, dir.resolve("one.0").toString(), "there is no such file");
        assertTrue(e instanceof NoSuchFileException, "a missing part is named as missing: " + e);
        Path renamed = Files.move(twoFiles("x", (k, g) -> { }), dir.resolve("snapshot"));
        rejected(renamed, "the header's NumFiles is 2, but the name is not BASE.i");
    }

    @Test
    void anIdUsedTwiceAcrossFilesIsNamedByFileTypeAndIndex() throws IOException {
        Bodies b = bodies(false);
        b.id[50 + 25] = b.id[7];
        for (int k = 0; k < 2; k++) {
            Gadget2TestFile g = layout(ByteOrder.LITTLE_ENDIAN, 1, false, false, 1);
            g.npart[0] = GAS / 2;
            g.npart[1] = HALO / 2;
            g.total = new long[] {GAS, HALO, 0, 0, 0, 0};
            g.numFiles = 2;
            write("dup." + k, g, b.slice(k * 50, k * 50 + 50));
        }
        rejected(dir.resolve("dup.0"), "id " + b.id[7] + " is used twice: by type-0 particle 7 of dup.0 and by"
                + " type-1 particle 5 of dup.1");
    }

    @Test
    void aCosmologicalFileSaysItsVelocitiesAreReadAsStored() throws IOException {
        Gadget2TestFile g = layout(ByteOrder.LITTLE_ENDIAN, 1, false, false, 1);
        g.time = 0.02;
        g.redshift = 49;
        g.boxSize = 100;
        Path f = write("ic", g, bodies(false));
        List<String> notes = InitialConditions.read(f).notes();
        assertEquals(1, notes.size());
        assertTrue(notes.get(0).startsWith("GADGET-2 snapshot file " + f + ": Time = 0.02, Redshift = 49.0"),
                notes.get(0));
        assertTrue(notes.get(0).contains("v / sqrt(a)") && notes.get(0).contains("ComovingIntegration off")
                && notes.get(0).contains("BoxSize = 100.0"), notes.get(0));
    }

    @Test
    void truncatedAtEveryRecordBoundaryAndInsideEveryRecord() throws IOException {
        for (int format = 1; format <= 2; format++) {
            Gadget2TestFile g = layout(ByteOrder.BIG_ENDIAN, format, true, true, 2);
            byte[] whole = g.bytes(bodies(true));
            List<Long> starts = g.recordStarts;
            // the file without its trailing gas block (and, format 2, its label) is whole
            long withoutGas = starts.get(starts.size() - (format == 2 ? 3 : 2));
            TreeSet<Long> cuts = new TreeSet<>();
            for (int r = 0; r + 1 < starts.size(); r++) {
                long s = starts.get(r), e = starts.get(r + 1);
                for (long c : new long[] {s, s + 1, s + 3, s + 4, s + 5, (s + e) / 2, e - 5, e - 4, e - 1}) {
                    cuts.add(Math.max(1, Math.min(c, whole.length - 1)));
                }
            }
            for (long cut : cuts) {
                Path f = Files.write(dir.resolve("cut-" + format + "-" + cut), Arrays.copyOf(whole, (int) cut));
                if (cut == withoutGas) {
                    assertEquals(GAS + HALO, Gadget2Reader.read(f).bodies().n);
                    continue;
                }
                IOException e = assertThrows(IOException.class, () -> Gadget2Reader.read(f), "cut at " + cut);
                assertTrue(e.getMessage().startsWith("GADGET-2 snapshot file " + f + ", byte offset "),
                        e.getMessage());
                assertTrue(e.getMessage().contains("truncated") || e.getMessage().contains("the first record marker")
                        || format == 2 && e.getMessage().contains("without a"), e.getMessage());
            }
        }
    }

    @Test
    void flippedBytesFailWithAnIOExceptionOrReadFiniteBodies() throws IOException {
        Gadget2TestFile g = layout(ByteOrder.LITTLE_ENDIAN, 2, false, false, 2);
        byte[] whole = g.bytes(bodies(false));
        Random random = new Random(42);
        int failed = 0;
        for (int trial = 0; trial < 400; trial++) {
            byte[] b = whole.clone();
            for (int k = 1 + random.nextInt(3); k > 0; k--) {
                b[random.nextInt(b.length)] ^= (byte) (1 << random.nextInt(8));
            }
            Path f = Files.write(dir.resolve("flip"), b);
            try {
                Bodies read = Gadget2Reader.read(f).bodies();
                for (int i = 0; i < read.n; i++) {
                    assertTrue(Double.isFinite(read.x[i] + read.vz[i]) && read.mass[i] > 0, "trial " + trial);
                }
            } catch (IOException e) {
                failed++;
                assertTrue(e.getMessage().startsWith("GADGET-2 snapshot file " + f), e.getMessage());
                assertTrue(e.getMessage().length() < 600, e.getMessage());
            }
        }
        assertTrue(failed > 50, "most flips hit a marker, a count or a label: " + failed + " of 400 failed");
    }

    @Test
    void randomBytesEmptyAndADirectory() throws IOException {
        byte[] random = new byte[4096];
        new Random(3).nextBytes(random);
        Path f = Files.write(dir.resolve("random"), random);
        IOException e = assertThrows(IOException.class, () -> Gadget2Reader.read(f));
        assertTrue(e.getMessage().startsWith("GADGET-2 snapshot file " + f + ", byte offset 0: the first record"
                + " marker is "), e.getMessage());
        Path empty = Files.createFile(dir.resolve("empty"));
        e = assertThrows(IOException.class, () -> Gadget2Reader.read(empty));
        assertEquals("GADGET-2 snapshot file " + empty + " is empty, expected " + Gadget2File.EXPECTED, e.getMessage());
        Path d = Files.createDirectory(dir.resolve("snapshot_000.0"));
        e = assertThrows(IOException.class, () -> Gadget2Reader.read(d));
        assertEquals("GADGET-2 snapshot file " + d + " is a directory, expected " + Gadget2File.EXPECTED,
                e.getMessage());
    }

    /** The file with the int at {@code offset} (a header field) set to {@code value}. */
    private Path patched(String name, Gadget2TestFile g, Bodies b, int offset, int value) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(g.bytes(b)).order(g.order);
        bytes.putInt(offset, value);
        return Files.write(dir.resolve(name), bytes.array());
    }

    @Test
    void aHugeCountInTheHeaderIsABlockSizeMismatchNotAnAllocation() throws IOException {
        Gadget2TestFile g = layout(ByteOrder.LITTLE_ENDIAN, 1, false, false, 1);
        Path f = patched("huge", g, bodies(false), 4 + 4, Integer.MAX_VALUE);
        long n = GAS + (long) Integer.MAX_VALUE;
        rejected(f, "GADGET-2 snapshot file " + f + ", byte offset 264: the POS block has 1200 bytes, expected 12 x "
                + n + " = " + 12 * n + " (floats) or " + 24 * n + " (doubles) for the header's " + n + " particles");
        Path high = patched("high", g, bodies(false), 4 + 168 + 4, 1);
        rejected(high, "the header's total of type-1 particles is " + ((1L << 32) + HALO) + ", but the 1 file(s) of"
                + " the snapshot hold 60");
        Path negative = patched("negative", g, bodies(false), 4, -5);
        rejected(negative, "byte offset 4: the header's count of type-0 particles in this file is -5");
    }

    @Test
    void blocksWhoseSizeDoesNotMatchTheCounts() throws IOException {
        Gadget2TestFile g = layout(ByteOrder.LITTLE_ENDIAN, 1, false, false, 2);
        Bodies b = bodies(false);
        // the header says 41 gas particles, the blocks hold 40
        Path f = patched("count", g, b, 4, GAS + 1);
        rejected(f, "byte offset 264: the POS block has 1200 bytes, expected 12 x 101 = 1212 (floats) or 2424"
                + " (doubles) for the header's 101 particles");
        // gas masses in the table, but the MASS block also holds them: it has 100 values where 60 are expected
        g.massTable[0] = 0;
        byte[] both = g.bytes(b);
        ByteBuffer.wrap(both).order(g.order).putDouble(4 + 24, 0.25);
        Path m = Files.write(dir.resolve("mass"), both);
        rejected(m, "the MASS block has 400 bytes, expected 4 x 60 = 240 (floats) or 480 (doubles) for the 60"
                + " particles of types whose MassTable entry is 0");
    }

    @Test
    void badValuesAreNamedByOffset() throws IOException {
        Gadget2TestFile g = layout(ByteOrder.LITTLE_ENDIAN, 1, false, true, 0);
        Bodies b = bodies(true);
        b.vy[2] = Double.NaN;
        Path f = write("nan", g, b);
        long vy2 = 264 + 4 + 1200 + 4 + 4 + (2 * 3 + 1) * 4;
        rejected(f, "GADGET-2 snapshot file " + f + ", byte offset " + vy2 + ": the VEL block's value NaN (particle 2"
                + " of the file, y) is not finite");
        b = bodies(true);
        b.mass[5] = -1;
        Path m = write("negative-mass", g, b);
        rejected(m, "mass -1.0 of type-0 particle 5 of the MASS block, expected a finite mass > 0");
        b = bodies(true);
        b.id[9] = -3;
        Path id = write("id", g, b);
        rejected(id, "id " + Long.toUnsignedString(-3) + " is past " + Long.MAX_VALUE);
        Path table = patched("table", layout(ByteOrder.LITTLE_ENDIAN, 1, false, false, 0), bodies(false), 4 + 24 + 8,
                0);
        ByteBuffer t = ByteBuffer.wrap(Files.readAllBytes(table)).order(ByteOrder.LITTLE_ENDIAN);
        t.putDouble(4 + 24 + 8, -0.5);
        Files.write(table, t.array());
        rejected(table, "byte offset 36: the header's MassTable[1] is -0.5, expected a finite mass >= 0");
    }

    @Test
    void formatTwoNeedsEveryBlockOnceAndTheHeaderFirst() throws IOException {
        Gadget2TestFile g = layout(ByteOrder.LITTLE_ENDIAN, 2, false, false, 0);
        g.gasBlock = false;
        byte[] whole = g.bytes(bodies(false));
        List<Long> starts = new ArrayList<>(g.recordStarts);
        long massLabel = starts.get(starts.size() - 3);
        Path f = Files.write(dir.resolve("no-mass"), Arrays.copyOf(whole, (int) massLabel));
        rejected(f, "byte offset " + massLabel + ": the file ends without a MASS block (100 particles are of types"
                + " whose MassTable entry is 0)");
        byte[] relabelled = whole.clone();
        System.arraycopy("POS ".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 0, relabelled,
                (int) massLabel + 4, 4);
        Path twice = Files.write(dir.resolve("twice"), relabelled);
        rejected(twice, "byte offset " + massLabel + ": a second POS block");
        byte[] noHead = whole.clone();
        System.arraycopy("HEAD".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 0, noHead,
                (int) starts.get(2).longValue() + 4, 4);
        Path h = Files.write(dir.resolve("head-twice"), noHead);
        rejected(h, "a second HEAD block");
        assertFalse(Files.exists(dir.resolve("twice.tmp")));
    }
}
