package io.stormsim.input;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jhdf.HdfFile;
import io.jhdf.WritableHdfFile;
import io.jhdf.api.DatasetCreationOptions;
import io.jhdf.api.WritableGroup;
import io.stormsim.fft.ComplexBlock;
import io.stormsim.fft.ComplexFile;
import io.stormsim.fft.Signals;
import io.stormsim.matmul.DenseMatrix;
import io.stormsim.matmul.MatrixMarket;
import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.BodiesBinary;
import io.stormsim.nbody.BodiesCsv;
import io.stormsim.nbody.GadgetSnapshot;
import io.stormsim.nbody.Hdf5Snapshot;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.run.CheckpointStore;
import io.stormsim.run.DirectoryCheckpointStore;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20, files that are not what they claim: every input reader, given random bytes, a truncated file, an
 * empty file, a line of 100 MB and a directory, fails with its own exception naming the file, the line (text)
 * or byte offset (binary) and what was expected: no OutOfMemoryError, no bare decoder message, nothing left
 * behind in the directory.
 */
class MalformedInputsTest {
    private static final long HUNDRED_MB = 100L << 20;

    @TempDir
    Path dir;

    /** The file's random bytes (seeded, so a failure can be replayed). */
    private Path randomBytes(String name, int size, long seed) throws IOException {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return Files.write(dir.resolve(name), b);
    }

    /** {@code before}, then a line of {@code lineBytes} digits, then {@code after}; written in 1 MiB pieces. */
    private Path longLine(String name, String before, long lineBytes, String after) throws IOException {
        Path f = dir.resolve(name);
        ByteBuffer digits = ByteBuffer.allocateDirect(1 << 20);
        while (digits.hasRemaining()) {
            digits.put((byte) ('0' + digits.position() % 10));
        }
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(before.getBytes(StandardCharsets.UTF_8)));
            for (long left = lineBytes; left > 0; left -= digits.limit()) {
                digits.clear().limit((int) Math.min(left, digits.capacity()));
                while (digits.hasRemaining()) {
                    ch.write(digits);
                }
            }
            ch.write(ByteBuffer.wrap(after.getBytes(StandardCharsets.UTF_8)));
        }
        assertEquals(before.length() + lineBytes + after.length(), Files.size(f));
        return f;
    }

    /** A file of {@code size} bytes, zeros after {@code start} (sparse: nothing written). */
    private Path sized(String name, byte[] start, long size) throws IOException {
        Path f = Files.write(dir.resolve(name), start);
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(size);
        }
        return f;
    }

    private static Path truncated(Path f, long size) throws IOException {
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
            ch.truncate(size);
        }
        return f;
    }

    /**
     * Where the JDK's own UTF-8 decoder, given the whole file at once, first fails, and on which line that
     * is (\n, \r and \r\n end lines): the oracle for a reader that decodes it in pieces.
     */
    private static String firstNotUtf8(Path f) throws IOException {
        byte[] bytes = Files.readAllBytes(f);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CoderResult r = StandardCharsets.UTF_8.newDecoder().decode(in, CharBuffer.allocate(bytes.length), true);
        assertTrue(r.isError(), f + " should not be UTF-8");
        long line = 1;
        for (int i = 0; i < in.position(); i++) {
            if (bytes[i] == '\n' && (i == 0 || bytes[i - 1] != '\r') || bytes[i] == '\r') {
                line++;
            }
        }
        return String.format("line %d: byte offset %d (0x%02x) is not UTF-8 text (a binary file?)", line,
                in.position(), bytes[in.position()] & 0xff);
    }

    private List<Path> everythingIn() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.sorted().toList();
        }
    }

    /**
     * Runs {@code read}, which must throw {@code type} with a short message containing each fragment (the
     * file among them), and must leave the directory as it was.
     */
    private <T extends IOException> T rejected(Class<T> type, Executable read, Object... fragments)
            throws IOException {
        List<Path> before = everythingIn();
        T e = assertThrows(type, read);
        String m = e.getMessage();
        for (Object f : fragments) {
            assertTrue(m.contains(f.toString()), "'" + m + "' should contain '" + f + "'");
        }
        assertTrue(m.length() < 600, "a message a reader can read, not " + m.length() + " characters: " + m);
        assertFalse(m.contains("Input length"), m);
        assertEquals(before, everythingIn(), "the reader left something behind");
        return e;
    }

    @Nested
    class BodiesCsvFile {
        private static final Class<BodiesCsv.MalformedBodiesException> MALFORMED =
                BodiesCsv.MalformedBodiesException.class;

        @Test
        void randomBytes() throws IOException {
            Path f = MalformedInputsTest.this.randomBytes("random.csv", 4096, 20);
            rejected(MALFORMED, () -> BodiesCsv.read(f), "bodies file " + f + ", " + firstNotUtf8(f));
        }

        @Test
        void binaryBytesAfterGoodLinesNameTheirLineAndOffset() throws IOException {
            byte[] text = (BodiesCsv.HEADER + "\n1,0.5,1,2,3,4,5,6\r\n").getBytes(StandardCharsets.US_ASCII);
            byte[] bytes = Arrays.copyOf(text, text.length + 100);
            bytes[text.length + 3] = (byte) 0x9c; // a continuation byte with nothing to continue
            Path f = Files.write(dir.resolve("binary-tail.csv"), bytes);
            rejected(MALFORMED, () -> BodiesCsv.read(f), "bodies file " + f + ", line 3: byte offset "
                    + (text.length + 3) + " (0x9c) is not UTF-8 text");
        }

        @Test
        void truncatedInsideARow() throws IOException {
            Path f = dir.resolve("cut.csv");
            BodiesCsv.write(PlummerSphere.generate(50, 4), f);
            String text = Files.readString(f);
            int line30 = 0;
            for (int l = 1; l < 30; l++) {
                line30 = text.indexOf('\n', line30) + 1;
            }
            int afterThirdComma = text.indexOf(',', text.indexOf(',', text.indexOf(',', line30) + 1) + 1) + 1;
            truncated(f, afterThirdComma);
            rejected(MALFORMED, () -> BodiesCsv.read(f), "bodies file " + f + ", line 30: expected 8 fields ("
                    + BodiesCsv.HEADER + "), found 4");
        }

        @Test
        void empty() throws IOException {
            Path f = Files.createFile(dir.resolve("empty.csv"));
            rejected(MALFORMED, () -> BodiesCsv.read(f), "bodies file " + f + ", line 1: the file is empty,"
                    + " expected the header '" + BodiesCsv.HEADER + "'");
        }

        @Test
        void aLineOf100MB() throws IOException {
            String h = BodiesCsv.HEADER + "\n1,0.5,1,2,3,4,5,6\n";
            Path f = longLine("long.csv", h, HUNDRED_MB, "\n2,0.5,1,2,3,4,5,6\n");
            rejected(MALFORMED, () -> BodiesCsv.read(f), "bodies file " + f + ", line 3: the line is longer than "
                    + Utf8Lines.MAX_LINE_CHARS + " characters");
        }

        @Test
        void aDirectory() throws IOException {
            Path d = Files.createDirectory(dir.resolve("bodies.csv"));
            IOException e = rejected(IOException.class, () -> BodiesCsv.read(d), "bodies file " + d
                    + " is a directory, expected a CSV file with the header '" + BodiesCsv.HEADER + "'");
            assertFalse(e instanceof BodiesCsv.MalformedBodiesException, "a wrong path, not a malformed file");
        }

        @Test
        void longFieldsAreShownCut() throws IOException {
            Path f = Files.writeString(dir.resolve("long-field.csv"), BodiesCsv.HEADER + "\n1,0.5,"
                    + "7".repeat(500_000) + "x,2,3,4,5,6\n");
            rejected(MALFORMED, () -> BodiesCsv.read(f), "line 2: x '" + "7".repeat(60)
                    + "... (500001 characters)' is not a number");
        }
    }

    @Nested
    class MatrixMarketFile {
        private static final Class<MatrixMarket.FormatException> MALFORMED = MatrixMarket.FormatException.class;

        @Test
        void randomBytes() throws IOException {
            Path f = MalformedInputsTest.this.randomBytes("random.mtx", 4096, 20);
            rejected(MALFORMED, () -> MatrixMarket.read(f), f + ":" + firstNotUtf8(f).substring("line ".length()));
        }

        @Test
        void truncatedAtALineEnd() throws IOException {
            Path f = dir.resolve("cut.mtx");
            MatrixMarket.write(f, DenseMatrix.random(30, 20, 5));
            String text = Files.readString(f);
            int cut = 0;
            for (int l = 0; l < 2 + 437; l++) { // the header, the size line and 437 values
                cut = text.indexOf('\n', cut) + 1;
            }
            truncated(f, cut);
            rejected(MALFORMED, () -> MatrixMarket.read(f), f + ":440: end of file after 437 values: a 30x20 array"
                    + " needs 600");
        }

        @Test
        void aSizeLineTheFileCannotHoldFailsBeforeAllocating() throws IOException {
            Path f = Files.writeString(dir.resolve("huge.mtx"), MatrixMarket.HEADER + "\n% big\n40000 40000\n1\n2\n");
            rejected(MALFORMED, () -> MatrixMarket.read(f), f + ":3: size 40000x40000 needs 1600000000 values,"
                    + " at least 3199999999 bytes, but only 4 bytes follow this line");
        }

        @Test
        void empty() throws IOException {
            Path f = Files.createFile(dir.resolve("empty.mtx"));
            rejected(MALFORMED, () -> MatrixMarket.read(f), f + ":1: empty file: expected the header '"
                    + MatrixMarket.HEADER + "'");
        }

        @Test
        void aLineOf100MB() throws IOException {
            Path f = longLine("long.mtx", MatrixMarket.HEADER + "\n2 1\n", HUNDRED_MB, "\n1\n");
            rejected(MALFORMED, () -> MatrixMarket.read(f), f + ":3: the line is longer than "
                    + Utf8Lines.MAX_LINE_CHARS + " characters");
        }

        @Test
        void aDirectory() throws IOException {
            Path d = Files.createDirectory(dir.resolve("m.mtx"));
            rejected(IOException.class, () -> MatrixMarket.read(d), "matrix file " + d + " is a directory, expected"
                    + " a Matrix Market file ('" + MatrixMarket.HEADER + "')");
        }
    }

    @Nested
    class ComplexPointsFile {
        private static final String EXPECTED = "expected a file of interleaved little-endian float64 (re, im) pairs";

        private Path written(String name, int points) throws IOException {
            ComplexBlock x = ComplexBlock.zeros(1, points);
            Signals.generate(3, 0, points, x.re, x.im, 0);
            Path f = dir.resolve(name);
            ComplexFile.write(f, List.of(x));
            return f;
        }

        @Test
        void randomBytesOfNoWholeNumberOfPoints() throws IOException {
            Path f = MalformedInputsTest.this.randomBytes("random.c128", 4099, 20);
            rejected(EOFException.class, () -> ComplexFile.points(f), f + " has 4099 bytes", "truncated, point 256"
                    + " starts at byte offset 4096 and the data ends at byte offset 4099", EXPECTED);
            rejected(EOFException.class, () -> ComplexFile.read(f, 0, 1, new double[1], new double[1], 0),
                    "byte offset 4096");
        }

        @Test
        void randomBytesOfWholePointsFailAtTheFirstNonFiniteValue() throws IOException {
            int points = 4096;
            Path f = MalformedInputsTest.this.randomBytes("random-whole.c128", points * 16, 7);
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(f)).order(ByteOrder.LITTLE_ENDIAN);
            int firstBad = 0;
            while (Double.isFinite(b.getDouble(firstBad))) {
                firstBad += 8;
            }
            // Finite values are data for a format without a header; the seed gives a non-finite one.
            assertTrue(firstBad < points * 16, "seed 7 should give a NaN or infinity");
            rejected(IOException.class, () -> ComplexFile.read(f, 0, points, new double[points], new double[points], 0),
                    f + ": point " + firstBad / 16 + " is not finite (", "at byte offset " + firstBad + ":");
        }

        @Test
        void truncatedInsideThe1000thPoint() throws IOException {
            Path f = truncated(written("cut.c128", 1000), 1000 * 16 - 5);
            rejected(EOFException.class, () -> ComplexFile.points(f), f + " has 15995 bytes", "point 999 starts at"
                    + " byte offset 15984 and the data ends at byte offset 15995", EXPECTED);
        }

        @Test
        void aRangePastTheEnd() throws IOException {
            Path f = written("short.c128", 100);
            double[] re = new double[20];
            rejected(EOFException.class, () -> ComplexFile.read(f, 90, 20, re, new double[20], 0),
                    f + ": points 90 to 109 need bytes up to offset 1760, but the data ends at byte offset 1600");
        }

        @Test
        void empty() throws IOException {
            Path f = Files.createFile(dir.resolve("empty.c128"));
            rejected(IOException.class, () -> ComplexFile.points(f), f + " is empty, " + EXPECTED);
        }

        @Test
        void oneHundredMBAndAHalfPoint() throws IOException {
            Path f = sized("big.c128", new byte[0], HUNDRED_MB + 8);
            rejected(EOFException.class, () -> ComplexFile.points(f), "point " + HUNDRED_MB / 16 + " starts at byte"
                    + " offset " + HUNDRED_MB + " and the data ends at byte offset " + (HUNDRED_MB + 8));
        }

        @Test
        void aDirectory() throws IOException {
            Path d = Files.createDirectory(dir.resolve("x.c128"));
            rejected(IOException.class, () -> ComplexFile.points(d), "complex points file " + d + " is a directory, "
                    + EXPECTED);
            rejected(IOException.class, () -> ComplexFile.read(d, 0, 1, new double[1], new double[1], 0),
                    d + " is a directory");
        }
    }

    @Nested
    class GadgetSnapshotFile {
        private static final String EXPECTED = "expected a GADGET-2 snapshot (Fortran records in either byte order";
        /** Header, positions, velocities, 4-byte ids, masses: each record with its two lengths. */
        private static final long BYTES_OF_100 = 264 + 2 * (8 + 1200) + (8 + 400) + (8 + 400);

        private Path written(String name, Bodies b) throws IOException {
            Path f = dir.resolve(name);
            GadgetSnapshot.write(f, b, 0.5, b.n, 1);
            return f;
        }

        @Test
        void readsBackWhatWasWrittenInSinglePrecision() throws IOException {
            Bodies b = PlummerSphere.generate(100, 8);
            for (boolean longIds : new boolean[] {false, true}) {
                b.id[7] = longIds ? 1L << 40 : 7;
                Bodies back = GadgetSnapshot.read(written("ok-" + longIds, b));
                assertEquals(b.n, back.n);
                for (int i = 0; i < b.n; i++) {
                    assertEquals(b.id[i], back.id[i]);
                    assertEquals((float) b.x[i], back.x[i]);
                    assertEquals((float) b.vz[i], back.vz[i]);
                    assertEquals((float) b.mass[i], back.mass[i]);
                }
            }
            assertEquals(BYTES_OF_100, Files.size(dir.resolve("ok-false")));
        }

        @Test
        void randomBytes() throws IOException {
            Path f = MalformedInputsTest.this.randomBytes("random.snap", 4096, 20);
            int len = ByteBuffer.wrap(Files.readAllBytes(f)).order(ByteOrder.LITTLE_ENDIAN).getInt();
            rejected(IOException.class, () -> GadgetSnapshot.read(f), "snapshot file " + f + ", byte offset 0: the"
                    + " first record marker is " + Integer.toUnsignedString(len) + " (0x" + Integer.toHexString(len)
                    + " little-endian), expected 256 (format 1) or 8 followed by 'HEAD' (format 2)");
        }

        @Test
        void truncatedInsideTheMasses() throws IOException {
            Path f = truncated(written("cut.snap", PlummerSphere.generate(100, 8)), BYTES_OF_100 - 50);
            rejected(IOException.class, () -> GadgetSnapshot.read(f), "snapshot file " + f + ", byte offset "
                    + (BYTES_OF_100 - 408) + ": truncated: the MASS block record of 400 bytes and its closing marker"
                    + " need bytes up to offset " + BYTES_OF_100 + ", the file ends at byte offset "
                    + (BYTES_OF_100 - 50));
        }

        @Test
        void recordLengthsThatDisagree() throws IOException {
            Path f = written("bad-close.snap", PlummerSphere.generate(100, 8));
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
                ch.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(0, 1199), 264 + 4 + 1200);
            }
            rejected(IOException.class, () -> GadgetSnapshot.read(f), "byte offset 264: the POS block record opens"
                    + " with length 1200 and closes with 1199");
        }

        @Test
        void empty() throws IOException {
            Path f = Files.createFile(dir.resolve("empty.snap"));
            rejected(IOException.class, () -> GadgetSnapshot.read(f), "snapshot file " + f + " is empty, " + EXPECTED);
        }

        @Test
        void oneHundredMBOfZeros() throws IOException {
            Path f = sized("zeros.snap", new byte[0], HUNDRED_MB);
            rejected(IOException.class, () -> GadgetSnapshot.read(f), "snapshot file " + f + ", byte offset 0: the"
                    + " first record marker is 0 (0x00000000 little-endian), expected 256");
        }

        @Test
        void aDirectory() throws IOException {
            Path d = Files.createDirectory(dir.resolve("snapshot_000.0"));
            rejected(IOException.class, () -> GadgetSnapshot.read(d), "snapshot file " + d + " is a directory, "
                    + EXPECTED);
        }
    }

    /** HDF5 bodies files in the GADGET-4 layout (stormsim's own snapshots, or initial conditions from elsewhere). */
    @Nested
    class Hdf5BodiesFile {
        private static final Class<Hdf5Snapshot.MalformedHdf5Exception> MALFORMED =
                Hdf5Snapshot.MalformedHdf5Exception.class;
        private static final String EXPECTED = "an HDF5 file in the GADGET-4 layout";
        private static final int N = 10;

        /** A file in the layout, as other tools write one: {@code put} adds or replaces datasets of PartType1. */
        private Path custom(String name, long[] thisFile, double[] massTable, Map<String, Object> put) {
            Path f = dir.resolve(name);
            Bodies b = PlummerSphere.generate(N, 3);
            Map<String, Object> datasets = new HashMap<>(Map.of("Coordinates", rows(b.x, b.y, b.z),
                    "Velocities", rows(b.vx, b.vy, b.vz), "ParticleIDs", b.id, "Masses", b.mass));
            datasets.putAll(put);
            datasets.values().removeIf(v -> v == NONE);
            try (WritableHdfFile hdf = HdfFile.write(f)) {
                WritableGroup header = hdf.putGroup("Header");
                header.putAttribute("NumPart_ThisFile", thisFile);
                header.putAttribute("NumPart_Total", thisFile);
                header.putAttribute("MassTable", massTable);
                header.putAttribute("NumFilesPerSnapshot", 1);
                WritableGroup type1 = hdf.putGroup("PartType1");
                for (Map.Entry<String, Object> d : datasets.entrySet()) {
                    if (d.getValue() instanceof BigInteger[] unsigned) {
                        type1.putDataset(d.getKey(), Arrays.stream(unsigned).mapToLong(BigInteger::longValue)
                                .toArray(), DatasetCreationOptions.builder().unsigned().build());
                    } else {
                        type1.putDataset(d.getKey(), d.getValue());
                    }
                }
                // written after Header, so that jHDF's version string does not land on it (see Hdf5Snapshot)
                hdf.putGroup(Hdf5Snapshot.STORMSIM).putDataset(Hdf5Snapshot.COST, new long[N]);
            }
            return f;
        }

        private static final Object NONE = new Object();

        private static double[][] rows(double[] x, double[] y, double[] z) {
            double[][] r = new double[x.length][];
            for (int i = 0; i < x.length; i++) {
                r[i] = new double[] {x[i], y[i], z[i]};
            }
            return r;
        }

        private Path custom(String name, Map<String, Object> put) {
            return custom(name, new long[] {0, N, 0, 0, 0, 0}, new double[6], put);
        }

        @Test
        void initialConditionsInSinglePrecisionWithUnsignedIdsAndOneMassForAll() throws IOException {
            float[][] pos = new float[N][3];
            pos[4][2] = 0.1f;
            BigInteger[] ids = new BigInteger[N];
            for (int i = 0; i < N; i++) {
                ids[i] = BigInteger.valueOf(100 + i);
            }
            Path f = custom("ic.hdf5", new long[] {0, N, 0, 0, 0, 0}, new double[] {0, 0.25, 0, 0, 0, 0},
                    Map.of("Coordinates", pos, "ParticleIDs", ids, "Masses", NONE));
            Bodies b = Hdf5Snapshot.read(f);
            assertEquals((double) 0.1f, b.z[4]);
            assertEquals(109, b.id[9]);
            assertEquals(0.25, b.mass[5]);
        }

        @Test
        void randomBytes() throws IOException {
            Path f = MalformedInputsTest.this.randomBytes("random.hdf5", 4096, 20);
            rejected(MALFORMED, () -> Hdf5Snapshot.read(f), "HDF5 file " + f + ": not readable as " + EXPECTED);
        }

        @Test
        void truncatedInsideTheDatasets() throws IOException {
            Path f = dir.resolve("cut.hdf5");
            Bodies b = PlummerSphere.generate(1000, 8);
            Hdf5Snapshot.write(f, b, 0, b.n, 1);
            truncated(f, Files.size(f) / 2);
            rejected(MALFORMED, () -> Hdf5Snapshot.read(f), "HDF5 file " + f + ": not readable as " + EXPECTED);
        }

        @Test
        void empty() throws IOException {
            Path f = Files.createFile(dir.resolve("empty.hdf5"));
            rejected(MALFORMED, () -> Hdf5Snapshot.read(f), "HDF5 file " + f + ": the file is empty, expected "
                    + EXPECTED);
        }

        @Test
        void oneHundredMBOfZeros() throws IOException {
            Path f = sized("zeros.hdf5", new byte[0], HUNDRED_MB);
            rejected(MALFORMED, () -> Hdf5Snapshot.read(f), "HDF5 file " + f + ": not readable as " + EXPECTED);
        }

        @Test
        void aDirectory() throws IOException {
            Path d = Files.createDirectory(dir.resolve("ic.hdf5"));
            rejected(IOException.class, () -> Hdf5Snapshot.read(d), "HDF5 file " + d + " is a directory, expected "
                    + EXPECTED);
        }

        @Test
        void noHeader() throws IOException {
            Path f = dir.resolve("no-header.hdf5");
            try (WritableHdfFile hdf = HdfFile.write(f)) {
                hdf.putGroup("PartType1").putDataset("Masses", new double[] {1});
            }
            rejected(MALFORMED, () -> Hdf5Snapshot.read(f), "HDF5 file " + f + ": there is no Header group");
        }

        @Test
        void aTypeCountedWithoutItsGroup() throws IOException {
            Path f = custom("gas.hdf5", new long[] {5, N, 0, 0, 0, 0}, new double[6], Map.of());
            rejected(MALFORMED, () -> Hdf5Snapshot.read(f), "HDF5 file " + f + ": there is no PartType0 group, but"
                    + " NumPart_ThisFile[0] = 5");
        }

        @Test
        void aCountTheFileCannotHold() throws IOException {
            Path f = custom("count.hdf5", new long[] {0, 1L << 40, 0, 0, 0, 0}, new double[6], Map.of());
            rejected(MALFORMED, () -> Hdf5Snapshot.read(f), "HDF5 file " + f + ", Header: NumPart_ThisFile[1] = "
                    + (1L << 40) + ", NumPart_Total[1] = " + (1L << 40) + ": not counts this " + Files.size(f)
                    + "-byte file can hold");
        }

        @Test
        void coordinatesOfTwoColumns() throws IOException {
            Path f = custom("flat.hdf5", Map.of("Coordinates", new double[N][2]));
            rejected(MALFORMED, () -> Hdf5Snapshot.read(f), "HDF5 file " + f + ", /PartType1/Coordinates: shape"
                    + " [10, 2], expected [10, 3] (NumPart_ThisFile[1] = 10)");
        }

        @Test
        void noVelocities() throws IOException {
            Path f = custom("still.hdf5", Map.of("Velocities", NONE));
            rejected(MALFORMED, () -> Hdf5Snapshot.read(f), "HDF5 file " + f + ", /PartType1/Velocities: missing");
        }

        @Test
        void aVelocityThatIsNotFinite() throws IOException {
            double[][] v = new double[N][3];
            v[3][1] = Double.NaN;
            Path f = custom("nan.hdf5", Map.of("Velocities", v));
            rejected(MALFORMED, () -> Hdf5Snapshot.read(f), "HDF5 file " + f + ", /PartType1/Velocities[3, 1]: NaN:"
                    + " values must be finite");
        }

        @Test
        void aMassThatIsNotPositive() throws IOException {
            double[] m = new double[N];
            Arrays.fill(m, 0.1);
            m[4] = 0;
            Path f = custom("massless.hdf5", Map.of("Masses", m));
            rejected(MALFORMED, () -> Hdf5Snapshot.read(f), "HDF5 file " + f + ", /PartType1/Masses[4]: mass 0.0,"
                    + " must be finite and > 0");
        }

        @Test
        void noMassesAndNoMassTable() throws IOException {
            Path f = custom("weightless.hdf5", Map.of("Masses", NONE));
            rejected(MALFORMED, () -> Hdf5Snapshot.read(f), "HDF5 file " + f + ", /PartType1: there is no Masses"
                    + " dataset and no MassTable[1] to give the particles one mass");
        }

        @Test
        void idsThatAreNotIntegers() throws IOException {
            Path f = custom("float-ids.hdf5", Map.of("ParticleIDs", new double[N]));
            rejected(MALFORMED, () -> Hdf5Snapshot.read(f), "HDF5 file " + f + ", /PartType1/ParticleIDs: holds"
                    + " double values, expected 32- or 64-bit integers");
        }

        @Test
        void anIdUsedTwice() throws IOException {
            long[] ids = new long[N];
            for (int i = 0; i < N; i++) {
                ids[i] = i;
            }
            ids[7] = 2;
            Path f = custom("twice.hdf5", Map.of("ParticleIDs", ids));
            rejected(MALFORMED, () -> Hdf5Snapshot.read(f), "HDF5 file " + f + ": id 2 is used twice:"
                    + " /PartType1/ParticleIDs[2] and /PartType1/ParticleIDs[7]");
        }

        @Test
        void aSnapshotWithAFileMissing() throws IOException {
            Bodies b = PlummerSphere.generate(30, 2);
            for (int p = 0; p < 3; p += 2) {
                Hdf5Snapshot.write(dir.resolve(Hdf5Snapshot.fileName(4, p)), b.stripe(p, 3), 0, b.n, 3);
            }
            Path missing = dir.resolve(Hdf5Snapshot.fileName(4, 1));
            rejected(IOException.class, () -> Hdf5Snapshot.read(dir.resolve(Hdf5Snapshot.fileName(4, 2))),
                    missing.toString(), "HDF5 file cannot be read: there is no such file");
        }

        /** The first half of 30 bodies, written as a snapshot that says it has {@code files} files and 30 bodies. */
        private Path halfOfThirty(String name, int files) throws IOException {
            Bodies b = PlummerSphere.generate(30, 2);
            Path f = dir.resolve(name);
            Hdf5Snapshot.write(f, b.stripe(0, 2), 0, b.n, files);
            return f;
        }

        @Test
        void aSnapshotFileRenamedSoItsSiblingsCannotBeFound() throws IOException {
            Path f = halfOfThirty("part.hdf5", 2);
            rejected(MALFORMED, () -> Hdf5Snapshot.read(f), "HDF5 file " + f + ", Header: NumFilesPerSnapshot = 2,"
                    + " but the name is not BASE.i.hdf5");
        }

        @Test
        void filesThatHoldFewerBodiesThanTheTotal() throws IOException {
            Path f = halfOfThirty("short.hdf5", 1);
            rejected(MALFORMED, () -> Hdf5Snapshot.read(f), "HDF5 file " + f + ", Header: NumPart_Total[1] = 30,"
                    + " but the 1 file(s) of the snapshot hold 15 type-1 particles");
        }
    }

    /** Checkpoint pieces, read through the store that names their files. */
    @Nested
    class CheckpointPiece {
        private static final int BODIES = 100;
        private static final long PIECE_BYTES = 12 + 72L * BODIES;
        private CheckpointStore store;
        private Path piece;
        private Bodies bodies;

        @BeforeEach
        void aCompleteCheckpoint() throws IOException {
            store = new DirectoryCheckpointStore(dir.resolve("ckpt"));
            bodies = PlummerSphere.generate(2 * BODIES, 6);
            for (int p = 0; p < 2; p++) {
                Bodies part = bodies.slice(p * BODIES, (p + 1) * BODIES);
                store.writePiece(10, p, 2, out -> BodiesBinary.write(part, out));
            }
            store.commit(10, 2, 1);
            piece = dir.resolve("ckpt/round-000000010/part-0001-of-0002.bin");
            assertEquals(PIECE_BYTES, Files.size(piece));
        }

        private <T extends IOException> void rejectedPiece(Class<T> type, Object... fragments) throws IOException {
            rejected(type, () -> store.readPiece(10, 1, BodiesBinary::read), fragments);
        }

        @Test
        void theCheckpointReadsBackBeforeItIsSpoilt() throws IOException {
            assertTrue(bodies.slice(BODIES, 2 * BODIES).sameStateBits(store.readPiece(10, 1, BodiesBinary::read)));
        }

        @Test
        void randomBytes() throws IOException {
            Files.write(piece, Files.readAllBytes(MalformedInputsTest.this.randomBytes("random.bin", 4096, 20)));
            rejectedPiece(IOException.class, "checkpoint piece " + piece + ": byte offset 0: not a stormsim bodies"
                    + " file (bad magic number 0x", "expected 0x53534244 'SSBD')");
        }

        @Test
        void truncatedInsideTheCosts() throws IOException {
            truncated(piece, PIECE_BYTES - 100);
            rejectedPiece(EOFException.class, "checkpoint piece " + piece + ": truncated: the data ends at byte"
                    + " offset 7112, at costs value 87 of 100; the header's count of 100 bodies needs 7212 bytes");
        }

        @Test
        void truncatedInsideTheHeader() throws IOException {
            truncated(piece, 7);
            rejectedPiece(EOFException.class, "checkpoint piece " + piece + ": truncated: the data ends at byte"
                    + " offset 7, inside the 12-byte header");
        }

        @Test
        void bytesAfterTheLastBody() throws IOException {
            Files.write(piece, new byte[] {0}, StandardOpenOption.APPEND);
            rejectedPiece(IOException.class, "checkpoint piece " + piece + ": byte offset 7212: more bytes after the"
                    + " 100 bodies");
        }

        @Test
        void empty() throws IOException {
            truncated(piece, 0);
            rejectedPiece(EOFException.class, "checkpoint piece " + piece + ": empty, expected a stormsim bodies"
                    + " piece (magic 'SSBD'");
        }

        @Test
        void aCountThatOneHundredMBDoNotHold() throws IOException {
            byte[] header = ByteBuffer.allocate(12).putInt(0x53534244).putInt(1).putInt(Integer.MAX_VALUE).array();
            Files.delete(piece);
            Files.move(sized("big.bin", header, 12 + HUNDRED_MB), piece);
            rejectedPiece(EOFException.class, "checkpoint piece " + piece + ": truncated: the data ends at byte"
                    + " offset " + (12 + HUNDRED_MB) + ", at ids value " + HUNDRED_MB / 8 + " of 2147483647",
                    "needs " + (12 + 72L * Integer.MAX_VALUE) + " bytes");
        }

        @Test
        void aDirectory() throws IOException {
            Files.delete(piece);
            Files.createDirectory(piece);
            rejectedPiece(IOException.class, "checkpoint piece " + piece + " is a directory, expected piece 1 of"
                    + " round 10");
        }

        @Test
        void aManifestThatIsNotOne() throws IOException {
            Path manifest = piece.resolveSibling("MANIFEST");
            Files.write(manifest, Files.readAllBytes(MalformedInputsTest.this.randomBytes("random", 4096, 21)));
            rejectedPiece(IOException.class, "checkpoint manifest " + manifest);
            Files.writeString(manifest, "");
            rejectedPiece(IOException.class, "checkpoint manifest " + manifest + ": 'pieces' is missing, expected a"
                    + " whole number >= 1");
            Files.writeString(manifest, "round=10\npieces=-2\n");
            rejectedPiece(IOException.class, "'pieces' is '-2', expected a whole number >= 1");
            Files.delete(manifest);
            Files.move(longLine("long-manifest", "pieces=", HUNDRED_MB, "\n"), manifest);
            rejectedPiece(IOException.class, "checkpoint manifest " + manifest + " has " + (HUNDRED_MB + 8)
                    + " bytes, expected a few lines");
        }

        @Test
        void aNegativeCount() {
            byte[] header = ByteBuffer.allocate(12).putInt(0x53534244).putInt(1).putInt(-3).array();
            IOException e = assertThrows(IOException.class, () -> BodiesBinary.read(new ByteArrayInputStream(header)));
            assertEquals("byte offset 8: body count -3 is negative", e.getMessage());
        }

        @Test
        void aWrongVersion() {
            byte[] header = ByteBuffer.allocate(12).putInt(0x53534244).putInt(2).putInt(5).array();
            IOException e = assertThrows(IOException.class, () -> BodiesBinary.read(new ByteArrayInputStream(header)));
            assertEquals("byte offset 4: bodies file version 2, this build reads version 1", e.getMessage());
        }
    }

    @Test
    void aBodiesPieceReadsBackBitForBitFromAnyStream() throws IOException {
        // More bodies than the reader's chunk and first allocation hold, so both are exercised.
        Bodies b = PlummerSphere.generate(20_000, 9);
        for (int i = 0; i < b.n; i++) {
            b.cost[i] = 31L * i + 7;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BodiesBinary.write(b, out);
        assertEquals(12 + 72L * b.n, out.size());
        Bodies back = BodiesBinary.read(new ByteArrayInputStream(out.toByteArray()));
        assertTrue(b.sameStateBits(back));
        assertArrayEquals(b.cost, back.cost);
    }
}
