package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.input.Utf8Lines;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Bodies files round-trip bit for bit, and every kind of malformed file is rejected with where and why. */
class BodiesCsvTest {
    private static final String GOOD_ROW = "0,0.5,1,2,3,0.1,0.2,0.3";

    @TempDir
    Path dir;

    private Path file(String name, String content) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, content, StandardCharsets.UTF_8);
        return f;
    }

    @Test
    void writeThenReadGivesTheSameBits() throws IOException {
        Bodies b = PlummerSphere.generate(500, 3);
        // Values whose decimal form is easy to get wrong: extremes, subnormals, -0.0, 0.1.
        b.x[0] = -0.0;
        b.y[0] = Double.MIN_VALUE;
        b.z[0] = -Double.MAX_VALUE;
        b.vx[0] = 0.1;
        b.vy[0] = Double.MIN_NORMAL;
        b.vz[0] = Math.nextDown(1.0);
        b.mass[1] = Double.MIN_VALUE;
        b.id[2] = Long.MIN_VALUE;
        b.id[3] = Long.MAX_VALUE;
        Path f = dir.resolve("bodies.csv");
        BodiesCsv.write(b, f);
        Bodies back = BodiesCsv.read(f);
        assertTrue(b.sameStateBits(back), "read back differs from what was written");
        assertFalse(Files.exists(dir.resolve("bodies.csv.tmp")), "temporary file left behind");
    }

    @Test
    void writeReplacesAnExistingFile() throws IOException {
        Path f = file("bodies.csv", "old content\n");
        Bodies b = PlummerSphere.generate(10, 1);
        BodiesCsv.write(b, f);
        assertTrue(b.sameStateBits(BodiesCsv.read(f)));
    }

    @Test
    void readAcceptsBlankLinesAndSpacesAroundFields() throws IOException {
        Path f = file("b.csv", "id, mass, x, y, z, vx, vy, vz\n\n 7 , 0.25 ,1,2,3,4,5,6\n  \n8,0.75,-1,-2,-3,-4,-5,-6\n");
        Bodies b = BodiesCsv.read(f);
        assertEquals(2, b.n);
        assertEquals(7, b.id[0]);
        assertEquals(0.25, b.mass[0]);
        assertEquals(-6.0, b.vz[1]);
    }

    /** Name, file content, then fragments the message must contain (the line is always among them). */
    static Stream<Arguments> malformedFiles() {
        String h = BodiesCsv.HEADER + "\n";
        return Stream.of(
                Arguments.of("wrong header", "id,mass,x,y,z,vx,vy\n" + GOOD_ROW + "\n",
                        new String[] {"line 1:", "header", "id,mass,x,y,z,vx,vy'"}),
                Arguments.of("empty file", "", new String[] {"line 1:", "header"}),
                Arguments.of("header only", h, new String[] {"line 1:", "no bodies"}),
                Arguments.of("too few fields", h + GOOD_ROW + "\n1,0.5,1,2,3,4,5\n",
                        new String[] {"line 3:", "expected 8 fields", "found 7"}),
                Arguments.of("too many fields", h + "0,0.5,1,2,3,4,5,6,7\n",
                        new String[] {"line 2:", "expected 8 fields", "found 9"}),
                Arguments.of("non-number", h + GOOD_ROW + "\n\n1,0.5,1,two,3,4,5,6\n",
                        new String[] {"line 4:", "y 'two'", "not a number"}),
                Arguments.of("empty field", h + "1,0.5,1,2,,4,5,6\n", new String[] {"line 2:", "z ''", "not a number"}),
                Arguments.of("id not an integer", h + "1.5,0.5,1,2,3,4,5,6\n",
                        new String[] {"line 2:", "id '1.5'", "not an integer"}),
                Arguments.of("NaN", h + "1,0.5,1,2,3,NaN,5,6\n", new String[] {"line 2:", "vx", "NaN", "finite"}),
                Arguments.of("Infinity", h + "1,0.5,1,2,3,4,5,-Infinity\n",
                        new String[] {"line 2:", "vz", "Infinity", "finite"}),
                Arguments.of("infinite mass", h + "1,Infinity,1,2,3,4,5,6\n",
                        new String[] {"line 2:", "mass", "Infinity", "finite"}),
                Arguments.of("zero mass", h + "1,0,1,2,3,4,5,6\n", new String[] {"line 2:", "mass 0.0", "> 0"}),
                Arguments.of("negative mass", h + GOOD_ROW + "\n1,-0.5,1,2,3,4,5,6\n",
                        new String[] {"line 3:", "mass -0.5", "> 0"}),
                Arguments.of("duplicate id", h + "5,0.5,1,2,3,4,5,6\n6,0.5,1,2,3,4,5,6\n5,0.5,7,8,9,4,5,6\n",
                        new String[] {"line 4:", "id 5", "line 2"}));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedFiles")
    void malformedFileIsRejectedWithLineAndProblem(String name, String content, String[] fragments)
            throws IOException {
        Path f = file("bad.csv", content);
        BodiesCsv.MalformedBodiesException e =
                assertThrows(BodiesCsv.MalformedBodiesException.class, () -> BodiesCsv.read(f));
        assertTrue(e.getMessage().contains(f.toString()), "message should name the file: " + e.getMessage());
        for (String fragment : fragments) {
            assertTrue(e.getMessage().contains(fragment),
                    "message should contain \"" + fragment + "\": " + e.getMessage());
        }
    }

    @Test
    void missingFileIsAnIOExceptionNamingThePath() {
        Path missing = dir.resolve("no-such-bodies.csv");
        IOException e = assertThrows(IOException.class, () -> BodiesCsv.read(missing));
        assertFalse(e instanceof BodiesCsv.MalformedBodiesException, "a missing file is not a malformed one");
        assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
    }

    @Test
    void columnsInAnyOrderWithoutIdsAndWithExtraColumnsNamedOnce() throws IOException {
        Path f = file("any.csv", "\uFEFFVX,name,z,y,x,Mass,vz,vy,type\r\n0.5,\"star, a\",3,2,1,0.25,0.1,0.2,4\r\n"
                + "\n-0.5,\"b \"\"quoted\"\"\",-3,-2,-1,2e-3,6,5,4");
        LoadedBodies loaded = BodiesCsv.load(f);
        Bodies b = loaded.bodies();
        assertEquals(2, b.n);
        Bodies want = new Bodies(2);
        double[][] rows = {{0, 0.25, 1, 2, 3, 0.5, 0.2, 0.1}, {1, 2e-3, -1, -2, -3, -0.5, 5, 6}};
        for (int i = 0; i < 2; i++) {
            want.id[i] = (long) rows[i][0];
            want.mass[i] = rows[i][1];
            want.x[i] = rows[i][2];
            want.y[i] = rows[i][3];
            want.z[i] = rows[i][4];
            want.vx[i] = rows[i][5];
            want.vy[i] = rows[i][6];
            want.vz[i] = rows[i][7];
        }
        assertTrue(want.sameStateBits(b), "ids 0, 1 in file order, every value where its header put it");
        assertEquals(List.of("bodies file " + f + ": column(s) ['name', 'type'] ignored (a body is mass, x, y, z,"
                + " vx, vy, vz; ids 0 to 1 in file order)"), loaded.notes());
        assertEquals("CSV", loaded.format());
        assertNull(loaded.unitsOrNull());
    }

    /** Name, file content, then fragments the message must contain. */
    static Stream<Arguments> malformedHeadersAndRecords() {
        return Stream.of(
                Arguments.of("a column named twice", "mass,x,y,z,vx,vy,vz,X\n", new String[] {"line 1:",
                    "the header names column 'X' twice (fields 2 and 8)"}),
                Arguments.of("columns missing", "mass,x,y,speed\n1,2,3,4\n", new String[] {"line 1:",
                    "found 'mass,x,y,speed': no column z, vx, vy, vz"}),
                Arguments.of("text after a closing quote", "mass,x,y,z,vx,vy,vz\n1,2,3,4,5,6,7\n1,\"2\"x,3,4,5,6,7\n",
                    new String[] {"line 3:", "Invalid character between encapsulated token and delimiter"}),
                Arguments.of("a quote never closed", "mass,x,y,z,vx,vy,vz\n1,2,3,4,5,6,7\n1,\"2,3,4,5,6,7\n",
                    new String[] {"line 3:", "EOF reached before encapsulated token finished"}),
                Arguments.of("fields past the header's", "mass,x,y,z,vx,vy,vz\n\n1,2,3,4,5,6,7,8\r\n",
                    new String[] {"line 3:", "expected 7 fields (mass,x,y,z,vx,vy,vz), found 8"}),
                Arguments.of("a repeat on the last line, no line end", "id,mass,x,y,z,vx,vy,vz\r\n5,1,2,3,4,5,6,7\r\n"
                    + "\r\n  \r\n6,1,2,3,4,5,6,7\r\n5,1,2,3,4,5,6,7", new String[] {"line 6:",
                    "id 5 already used on line 2"}));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedHeadersAndRecords")
    void malformedHeadersAndRecordsAreNamedByLine(String name, String content, String[] fragments) throws IOException {
        malformedFileIsRejectedWithLineAndProblem(name, content, fragments);
    }

    @Test
    void aQuoteLeftOpenInALargeFileFailsWithoutGatheringTheRest() throws IOException {
        String row = "1,2,3,4,5,6,0." + "7".repeat(1000) + "\n";
        Path f = file("open-quote.csv", "mass,x,y,z,vx,vy,vz\n" + row + "1,\"2," + row.repeat(3000));
        BodiesCsv.MalformedBodiesException e =
                assertThrows(BodiesCsv.MalformedBodiesException.class, () -> BodiesCsv.read(f));
        assertTrue(e.getMessage().startsWith("bodies file " + f + ", line 3: a record from here runs past "
                + 2 * Utf8Lines.MAX_LINE_CHARS + " characters, to line "), e.getMessage());
    }

    @Test
    void mutatedFilesFailWithTheFileAndALineOrReadBodies() throws IOException {
        Path good = dir.resolve("good.csv");
        BodiesCsv.write(PlummerSphere.generate(30, 2), good);
        byte[] whole = Files.readAllBytes(good);
        byte[] alphabet = ",\"\n\r 0123456789.-eE+xNa\u00ff".getBytes(StandardCharsets.ISO_8859_1);
        Random random = new Random(5);
        for (int trial = 0; trial < 300; trial++) {
            byte[] b = whole.clone();
            for (int k = 1 + random.nextInt(4); k > 0; k--) {
                b[random.nextInt(b.length)] = alphabet[random.nextInt(alphabet.length)];
            }
            Path f = Files.write(dir.resolve("mutated.csv"), b);
            try {
                Bodies read = BodiesCsv.read(f);
                assertTrue(read.n > 0 && read.n <= 31, "trial " + trial);
            } catch (BodiesCsv.MalformedBodiesException e) {
                assertTrue(e.getMessage().matches("(?s)bodies file " + java.util.regex.Pattern.quote(f.toString())
                        + ", line \\d+: .+"), e.getMessage());
            }
        }
    }
}
