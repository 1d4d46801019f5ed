package io.stormsim.topologies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every workload's sizes are checked against the heap the run will have before anything is submitted: a size
 * that cannot fit is refused naming the key, the value, the estimate and the heap; the shipped sizes fit.
 */
class WorkloadHeapTest {
    private static final Path FLUX = LocalClusterTest.YAML.getParent();

    @TempDir
    Path tmp;

    private TopologyFile load(String yaml, String... overrides) throws Exception {
        Map<String, String> props = new HashMap<>();
        props.put("output.dir", tmp.resolve("out").toString());
        for (String kv : overrides) {
            props.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
        }
        return TopologyFile.load(FLUX.resolve(yaml), null, props, false);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "fft.yaml|m=28|stormsim.fft.m = 28 is not allowed: the run needs about 16.0 GiB of heap in a JVM (64 bytes a"
                + " point of the 2^m, measured at 2^24 points), and each worker has 3.0 GiB",
        "matmul.yaml|n=8192|stormsim.matmul.n = 8192 is not allowed: the run needs about 7.5 GiB of heap in a JVM (56"
                + " bytes an element of the n x n, and 32 more a job in flight, measured at n = 2048), and each worker"
                + " has 3.0 GiB",
        "water.yaml|molecules=1331000|stormsim.water.molecules = 1331000 is not allowed: the run needs about 9.3"
                + " GiB of heap in a JVM (5500 bytes a molecule, and 1000 more in each partition, measured at"
                + " 64,000 molecules), and each worker has 1.4 GiB",
        "radix-sort.yaml|keys=1000000000|stormsim.sort.keys = 1000000000 is not allowed: the run needs about 44.7 GiB"
                + " of heap in a JVM (a record (4 or 8 bytes a key, 8 a payload) x (2 + 3 a partition) a key, x (jobs in"
                + " flight + 1) / 2, measured at 64 million keys), and each worker has 3.0 GiB",
        "checkers-perft.yaml|table.log2=28|stormsim.checkers.table.log2 = 28 is not allowed: the run needs about 11.0"
                + " GiB of heap in a JVM (22 bytes a table entry, 2^table.log2 entries in each partition, measured at"
                + " 2^24), and each worker has 1.0 GiB",
        "checkers-search.yaml|table.log2=26|stormsim.checkers.table.log2 = 26 is not allowed: the run needs about 1.4"
                + " GiB of heap in a JVM (22 bytes a table entry, 2^table.log2 entries in each searcher (table local or"
                + " partitioned) or each worker (table worker), measured at 2^24), and each worker has 1.0 GiB",
    })
    void aSizeThatCannotFitAWorkerIsRefusedBeforeSubmitting(String yaml, String size, String expected) throws Exception {
        String error = assertThrows(ConfigException.class, () -> HeapCheck.cluster(load(yaml, size))).getMessage();
        assertTrue(error.startsWith(expected + ": give more with -Xmx in topology.worker.childopts, or more workers"),
                error);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "fft.yaml|m=28|stormsim.fft.m = 28",
        "matmul.yaml|n=16384|stormsim.matmul.n = 16384",
        "water.yaml|molecules=1331000|stormsim.water.molecules = 1331000",
        "radix-sort.yaml|keys=1000000000|stormsim.sort.keys = 1000000000",
        "checkers-perft.yaml|table.log2=28|stormsim.checkers.table.log2 = 28",
        "checkers-search.yaml|table.log2=28|stormsim.checkers.table.log2 = 28",
    })
    void aSizeThatCannotFitThisJvmIsRefusedBeforeRunning(String yaml, String size, String keyValue) throws Exception {
        TopologyFile t = load(yaml, size);
        String error = assertThrows(ConfigException.class, () -> HeapCheck.local(t)).getMessage();
        assertTrue(error.startsWith(keyValue + " is not allowed: the run needs about "
                + HeapCheck.bytes(HeapCheck.estimate(t, 1)) + " of heap in a JVM ("), error);
        assertTrue(error.endsWith("and this JVM (the embedded cluster) has " + HeapCheck.bytes(Runtime.getRuntime()
                .maxMemory()) + ": give it more with STORMSIM_JAVA_OPTS=\"-Xmx...\", or submit to a cluster with more"
                + " workers"), error);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fft.yaml", "matmul.yaml", "water.yaml", "radix-sort.yaml", "checkers-perft.yaml",
        "checkers-search.yaml"})
    void theShippedSizesFitTheEmbeddedClusterAndAWorker(String yaml) throws Exception {
        TopologyFile t = load(yaml);
        HeapCheck.local(t);
        HeapCheck.cluster(t);
        assertTrue(HeapCheck.estimate(t, 1) > 0, "an estimate for " + yaml);
    }

    @ParameterizedTest
    @CsvSource({"1,4", "2,2", "3,2", "4,1"})
    void aWorkerHoldsTheTablesOfItsShareOfThePartitions(int workers, int tablesPerWorker) throws Exception {
        TopologyFile t = load("checkers-perft.yaml", "partitions=4", "workers=" + workers, "table.log2=20");
        assertEquals(tablesPerWorker * (22L << 20), HeapCheck.estimate(t, workers));
    }

    @ParameterizedTest
    @CsvSource({"local,1,4", "local,2,2", "partitioned,3,2", "worker,1,1", "worker,2,1", "worker,4,1"})
    void aSearchWorkerHoldsATableForEachOfItsSearchersOrOneItsSearchersShare(String table, int workers,
            int tablesPerWorker) throws Exception {
        TopologyFile t = load("checkers-search.yaml", "partitions=4", "workers=" + workers, "table=" + table,
                "table.log2=20");
        assertEquals(tablesPerWorker * (22L << 20), HeapCheck.estimate(t, workers));
    }
}
