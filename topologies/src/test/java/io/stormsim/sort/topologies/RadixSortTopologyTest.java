package io.stormsim.sort.topologies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.sort.KeyGenerator;
import io.stormsim.sort.RadixSort;
import io.stormsim.sort.SortFile;
import io.stormsim.sort.SortRecords;
import io.stormsim.sort.bolts.SortSinkBolt;
import io.stormsim.stream.StreamFormat;
import io.stormsim.topologies.LocalClusterTest;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.StreamRecorder;
import io.stormsim.topologies.TopologyFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The radix sort YAML on an embedded LocalCluster, Kryo forced on every tuple, several jobs in flight: each
 * job's sorted records are the sequential kernel's bits and a library stable sort's, at 1, 2, 3 and 5
 * partitions, for several generators, 32-bit keys and 64-bit records, counts that divide nothing, 0 and 1
 * key, and records from a file; with the live stream on, a subscriber gets a message a job.
 */
class RadixSortTopologyTest extends LocalClusterTest {
    static final Path SORT_YAML = YAML.resolveSibling("radix-sort.yaml");
    private static final long SEED = 11;

    /**
     * One run: its partitions, its settings, and its input (generated per job, or the file's for every job,
     * whose header then overrides keys, key bits and payload).
     */
    private record Run(int partitions, String generator, int keys, int keyBits, boolean payload, int digitBits,
                       int jobs, Path file) {
    }

    /** The run {@code r}, its live stream off. */
    static Map<String, String> settings(Run r, Path outputDir) {
        Map<String, String> m = new HashMap<>();
        m.put("partitions", String.valueOf(r.partitions));
        m.put("generator", r.generator);
        m.put("keys", String.valueOf(r.keys));
        m.put("key.bits", String.valueOf(r.keyBits));
        m.put("payload", String.valueOf(r.payload));
        m.put("digit.bits", String.valueOf(r.digitBits));
        m.put("seed", String.valueOf(SEED));
        m.put("jobs", String.valueOf(r.jobs));
        m.put("jobs.in.flight", "3");
        m.put("input.file", r.file == null ? "" : r.file.toString());
        m.put("output.dir", outputDir.toString());
        m.put("always.try.serialize", "true");
        m.put("stream.bind", "");
        return m;
    }

    /** The library's answer: a merge sort (stable) of the record indices on the unsigned key. */
    private static SortRecords stableSorted(SortRecords in) {
        Integer[] order = new Integer[in.size()];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparing(in::key, Long::compareUnsigned));
        int[] ints = in.keyBits() == 32 ? new int[in.size()] : null;
        long[] longs = in.keyBits() == 64 ? new long[in.size()] : null;
        long[] payloads = in.hasPayloads() ? new long[in.size()] : null;
        for (int i = 0; i < order.length; i++) {
            if (ints != null) {
                ints[i] = in.intKeys()[order[i]];
            } else {
                longs[i] = in.longKeys()[order[i]];
            }
            if (payloads != null) {
                payloads[i] = in.payloads()[order[i]];
            }
        }
        return ints != null ? SortRecords.ofInts(ints, payloads) : SortRecords.ofLongs(longs, payloads);
    }

    /** The keys alone in the library's unsigned order: Arrays.sort with the sign bit flipped. */
    private static SortRecords librarySorted(SortRecords in) {
        if (in.keyBits() == 32) {
            int[] keys = Arrays.copyOf(in.intKeys(), in.size());
            Arrays.setAll(keys, i -> keys[i] ^ Integer.MIN_VALUE);
            Arrays.sort(keys);
            Arrays.setAll(keys, i -> keys[i] ^ Integer.MIN_VALUE);
            return SortRecords.ofInts(keys, null);
        }
        long[] keys = Arrays.copyOf(in.longKeys(), in.size());
        Arrays.setAll(keys, i -> keys[i] ^ Long.MIN_VALUE);
        Arrays.sort(keys);
        Arrays.setAll(keys, i -> keys[i] ^ Long.MIN_VALUE);
        return SortRecords.ofLongs(keys, null);
    }

    /**
     * 64-bit records with many equal keys and payloads unrelated to the input order, as a file brings them;
     * the keys' top three bytes are zero, so every record has the same top digit and lower digits are skipped.
     */
    private static SortRecords fileRecords(int n) {
        SplittableRandom random = new SplittableRandom(5);
        long[] keys = new long[n], payloads = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = random.nextInt(4) == 0 ? random.nextLong() & 0xFF_FFFF_FFFFL : random.nextInt(20) * 0x01_0000_0001L;
            payloads[i] = random.nextLong();
        }
        return SortRecords.ofLongs(keys, payloads);
    }

    @Test
    void everyJobIsTheSequentialKernelsBitsAtEveryPartitionCount() throws Exception {
        Path file = out.resolve("records.bin");
        SortFile.write(file, fileRecords(997));
        List<Run> runs = List.of(
                new Run(1, "uniform", 1000, 32, false, 8, 3, null),
                new Run(2, "hot-digit", 1001, 64, true, 8, 3, null),
                new Run(3, "few-distinct", 1003, 32, true, 11, 2, null),
                new Run(5, "reversed", 1002, 64, false, 16, 2, null),
                new Run(3, "uniform", 0, 32, false, 8, 2, file),
                new Run(5, "sorted", 1, 64, true, 8, 1, null),
                new Run(2, "uniform", 0, 32, false, 8, 1, null));
        for (Run r : runs) {
            Path dir = out.resolve("run-" + r.partitions + "-" + r.generator + "-" + r.keys + "-" + r.keyBits
                    + (r.file == null ? "" : "-file"));
            int jobs = r.jobs;
            LocalRun.run(cluster, TopologyFile.load(SORT_YAML, null, settings(r, dir), false), Duration.ofMinutes(3));
            List<String> rows = Files.readAllLines(dir.resolve(SortSinkBolt.JOBS_CSV));
            assertEquals(jobs + 1, rows.size(), "a header and one row per job: " + rows);
            for (int job = 0; job < jobs; job++) {
                SortRecords input = r.file != null ? SortFile.read(file)
                        : KeyGenerator.named(r.generator).generate(r.keyBits, r.keys, r.payload, SEED + job);
                SortRecords expected = input.copyOfRange(0, input.size());
                new RadixSort(r.digitBits).sort(expected);
                String what = r + ", job " + job;
                assertTrue(expected.sameRecords(r.payload || r.file != null ? stableSorted(input) : librarySorted(input)),
                        "the kernel itself: " + what);
                SortRecords sorted = SortFile.read(dir.resolve("sorted-" + job + ".bin"));
                assertTrue(expected.sameRecords(sorted), what);
                String prefix = job + ",1," + input.size() + ",";
                String[] row = rows.stream().filter(s -> s.startsWith(prefix)).findFirst().orElse(prefix).split(",");
                assertEquals(Long.toHexString(SortSinkBolt.bitsHash(expected)), row[row.length - 1], what);
                long bytesMoved = Long.parseLong(row[9]);
                assertTrue(r.partitions == 1 ? bytesMoved == 0 : bytesMoved <= (long) input.size() * (r.keyBits / 8
                        + (r.payload || r.file != null ? 8 : 0)), "bytes moved " + bytesMoved + ": " + what);
            }
            String summary = Files.readString(dir.resolve(SortSinkBolt.SUMMARY));
            assertTrue(summary.contains("partitions = " + r.partitions + ", jobs = " + jobs), summary);
        }
    }

    /**
     * With the live stream on, a subscriber connected before the run gets one job message a job: jobs done 1, 2
     * and 3 of 3 (in any order of arrival), each with the latency of its row of jobs.csv.
     */
    @Test
    void aSubscriberGetsAJobMessageForEveryJobWithItsLatency() throws Exception {
        String endpoint = StreamRecorder.freeEndpoint();
        Path dir = out.resolve("stream");
        Map<String, String> m = settings(new Run(2, "uniform", 1000, 32, false, 8, 3, null), dir);
        m.put("stream.bind", endpoint);
        var received = StreamRecorder.during(endpoint,
                () -> LocalRun.run(cluster, TopologyFile.load(SORT_YAML, null, m, false), Duration.ofMinutes(1)));
        Map<Long, Long> latency = new HashMap<>();
        for (String row : Files.readAllLines(dir.resolve(SortSinkBolt.JOBS_CSV)).stream().skip(1).toList()) {
            String[] f = row.split(",");
            latency.put(Long.parseLong(f[0]), Long.parseLong(f[3]));
        }
        List<Map<String, Number>> jobs = new ArrayList<>();
        for (byte[][] message : received) {
            assertEquals(StreamFormat.JOB, new String(message[0], StandardCharsets.UTF_8));
            jobs.add(StreamFormat.decodeDiagnostics(message[1]));
        }
        assertEquals(3, jobs.size(), "a message a job: " + jobs);
        assertEquals(Set.of(1L, 2L, 3L), jobs.stream().map(j -> j.get("done").longValue()).collect(Collectors.toSet()));
        assertEquals(Set.of(0L, 1L, 2L), jobs.stream().map(j -> j.get("job").longValue()).collect(Collectors.toSet()));
        for (Map<String, Number> j : jobs) {
            assertEquals(List.of("job", "done", "jobs", "latency_ms", "elapsed_s", "keys"), List.copyOf(j.keySet()));
            assertEquals(3L, j.get("jobs"));
            assertEquals(1000L, j.get("keys"));
            assertEquals(latency.get(j.get("job").longValue()), j.get("latency_ms"), "job " + j.get("job"));
            assertTrue(j.get("elapsed_s").doubleValue() >= j.get("latency_ms").doubleValue() / 1e3 - 1e-3,
                    "the first job was sent no later than this one: " + j);
        }
    }
}
