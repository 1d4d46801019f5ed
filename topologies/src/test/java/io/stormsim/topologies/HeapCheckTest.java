package io.stormsim.topologies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Sizes that cannot fit the heap the run will have are refused before submitting, naming key, value and heaps. */
class HeapCheckTest extends ConfigChecks {
    @Override
    protected java.nio.file.Path yaml() {
        return LocalClusterTest.YAML;
    }

    private TopologyFile load(String n, String workers) throws Exception {
        Map<String, String> m = valid();
        m.put("n", n);
        m.put("workers", workers);
        return TopologyFile.load(yaml(), null, m, false);
    }

    @Test
    void twoBillionBodiesDoNotFitThisJvm() throws Exception {
        String error = assertThrows(ConfigException.class, () -> HeapCheck.local(load("2000000000", "1"))).getMessage();
        assertTrue(error.startsWith("stormsim.nbody.n = 2000000000 is not allowed: the run needs about 1.1 TiB of heap"
                + " in a JVM (600 bytes a body, measured at 10^6 bodies), and this JVM (the embedded cluster) has "), error);
        assertTrue(error.endsWith("give it more with STORMSIM_JAVA_OPTS=\"-Xmx...\", or submit to a cluster with more"
                + " workers"), error);
    }

    @Test
    void aClusterWorkerHasStormsHeapUnlessTheYamlGivesOne() throws Exception {
        TopologyFile t = load("20000", "2");
        // the spout, 7 phases x 2 partitions, diagnostics and publisher: 17 executors over 2 workers
        int executors = t.definition.getSpouts().stream().mapToInt(s -> s.getParallelism()).sum()
                + t.definition.getBolts().stream().mapToInt(b -> b.getParallelism()).sum();
        assertEquals((long) Math.ceil(executors / 2.0) * 128 << 20, HeapCheck.workerHeap(t));
        HeapCheck.cluster(t);
        String error = assertThrows(ConfigException.class, () -> HeapCheck.cluster(load("5000000", "2"))).getMessage();
        assertTrue(error.startsWith("stormsim.nbody.n = 5000000 is not allowed: the run needs about 1.7 GiB of heap in"
                + " a JVM"), error);
        assertTrue(error.contains("each worker has 1.1 GiB: give more with -Xmx in topology.worker.childopts, or more"
                + " workers"), error);
    }

    @Test
    void theDefaultRunFits() throws Exception {
        HeapCheck.local(load("20000", "1"));
    }
}
