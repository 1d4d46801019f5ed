package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
}
