package io.stormsim.matmul;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MatrixMarketTest {
    @TempDir
    Path tmp;

    @Test
    void writtenMatricesReadBackBitForBit() throws Exception {
        DenseMatrix m = DenseMatrix.random(7, 5, 3);
        m.data[0] = -0.0;
        m.data[1] = Double.MIN_VALUE;
        m.data[2] = Double.MAX_VALUE;
        m.data[3] = 1e-300 / 3;
        Path f = tmp.resolve("m.mtx");
        MatrixMarket.write(f, m);
        assertTrue(m.sameBits(MatrixMarket.read(f)));
        assertEquals(MatrixMarket.HEADER, Files.readAllLines(f).get(0));
    }

    @Test
    void valuesAreColumnMajorCommentsAndIntegerFieldsAllowed() throws Exception {
        Path f = tmp.resolve("small.mtx");
        Files.writeString(f, "%%MatrixMarket matrix array integer general\n% a comment\n%\n2 3\n1\n2\n3\n4\n5\n6\n");
        DenseMatrix m = MatrixMarket.read(f);
        assertEquals(new DenseMatrix(2, 3, new double[] {1, 3, 5, 2, 4, 6}), m);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "%%MatrixMarket matrix coordinate real general\\n2 2 1\\n1 1 5|:1: format 'coordinate' is not supported: only dense 'array' files",
        "%%MatrixMarket matrix array real symmetric\\n2 2\\n1\\n2\\n3|:1: symmetry 'symmetric' is not supported: must be general",
        "%%MatrixMarket matrix array complex general\\n1 1\\n1 0|:1: field 'complex' is not supported: must be real or integer",
        "a,b,c\\n1,2,3|:1: bad header 'a,b,c': expected '%%MatrixMarket matrix array real general'",
        "%%MatrixMarket matrix array real general\\n2 2 4\\n1\\n2\\n3\\n4|:2: size line '2 2 4' is not two integers 'rows cols'",
        "%%MatrixMarket matrix array real general\\n0 2\\n|:2: size 0x2 is not allowed",
        "%%MatrixMarket matrix array real general\\n2 2\\n1\\n2\\n3|:6: end of file after 3 values: a 2x2 array needs 4",
        "%%MatrixMarket matrix array real general\\n1 2\\n1\\n2\\n3|:5: more values than the 2 of a 1x2 array: '3'",
        "%%MatrixMarket matrix array real general\\n2 1\\n1.5\\nNaN|:4: value 'NaN' is not finite (NaN and Inf are not allowed)",
        "%%MatrixMarket matrix array real general\\n% c\\n2 1\\nInfinity\\n1|:4: value 'Infinity' is not finite",
        "%%MatrixMarket matrix array real general\\n2 1\\n1.5\\n2,5|:4: '2,5' is not one number",
        "%%MatrixMarket matrix array real general\\n2 1\\n1.5 2.5\\n1|:3: '1.5 2.5' is not one number",
        "''|:1: empty file",
    })
    void malformedFilesAreRejectedNamingTheLine(String content, String message) throws Exception {
        Path f = tmp.resolve("bad.mtx");
        Files.writeString(f, content.replace("\\n", "\n"));
        String error = assertThrows(MatrixMarket.FormatException.class, () -> MatrixMarket.read(f)).getMessage();
        assertTrue(error.startsWith(f.toString()), error);
        assertTrue(error.contains(message), "'" + error + "' should contain '" + message + "'");
    }
}
