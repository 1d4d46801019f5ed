package io.stormsim.topologies;

import io.stormsim.bsp.PartitionRule;
import io.stormsim.run.RunConfig;
import io.stormsim.run.RunOutput;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.storm.flux.model.TopologyDef;

/**
 * What the launcher knows of one kind of simulation (Barnes-Hut, matrix multiply, ...): its
 * {@code stormsim.<name>.*} config keys, how to check their values before submitting, which partition
 * counts its phases allow, and where a run's results are. A topology names its workload's class in its
 * config ({@value #CLASS_KEY}), so a new workload is its own package and YAML, with no list to edit.
 */
public interface Workload {
    /** The topology config key naming the workload's class. */
    String CLASS_KEY = "stormsim.workload";

    /** Short name; its keys start with {@code stormsim.<name>.}. */
    String name();

    /** Every {@code stormsim.*} key the workload reads (its own and the shared run keys it uses). */
    List<String> keys();

    /**
     * Checks the values and the files they name; messages name the key, the value and what is allowed. A
     * config reader's {@code RuntimeException} counts as such a message; the output directory, the
     * parallelism ({@link #partitionRule}) and Storm's own keys are checked by the caller.
     */
    void check(TopologyDef def, Map<String, Object> config) throws ConfigException;

    /** The partition counts the phase bolts allow under {@code config}: the rule they apply themselves. */
    default PartitionRule partitionRule(Map<String, Object> config) {
        return PartitionRule.ANY;
    }

    /**
     * The Kryo decorators ({@code IKryoDecorator}) that register the serializers of the workload's payloads:
     * the YAML's {@code topology.kryo.decorators} must list them (checked before submitting).
     */
    default List<String> kryoDecorators() {
        return List.of();
    }

    /**
     * Bytes of heap one JVM needs when it runs 1/{@code workers} of the partitions (and the single-task
     * sinks): the launcher refuses a run that cannot fit ({@code HeapCheck}). 0: no estimate.
     */
    default long heapBytes(Map<String, Object> config, int workers) {
        return 0;
    }

    /**
     * {@link #heapBytes(Map, int)} when the phase bolts run {@code partitions} tasks: for workloads whose every
     * task holds something of its own size (a table, all of a job's keys), so that a worker's share is
     * ceil(partitions / workers) of them. The launcher calls this one.
     */
    default long heapBytes(Map<String, Object> config, int partitions, int workers) {
        return heapBytes(config, workers);
    }

    /** The key whose value the heap estimate grows with, named when a run is refused. */
    default String heapSizeKey(Map<String, Object> config) {
        return RunConfig.OUTPUT_DIR;
    }

    /** How the estimate was made, for the message (e.g. "600 bytes a body, measured"). */
    default String heapBasis() {
        return "";
    }

    /** Where the run writes its results. */
    Path outputDir(Map<String, Object> config);

    /** Rounds (or jobs) a run does; 0 means without end. */
    long steps(Map<String, Object> config);

    /** The config key that sets {@link #steps}, for messages. */
    default String stepsKey() {
        return RunConfig.STEPS;
    }

    /**
     * The file, relative to the output directory, whose appearance means a bounded run is complete: the
     * summary every sink writes last through {@code RunOutput}, unless the workload says otherwise.
     */
    default String doneFile() {
        return RunOutput.SUMMARY;
    }

    /** The result files a user reads, relative to the output directory, printed after a run. */
    List<String> results();

    /** Keys whose values are files or directories (made absolute before submitting to a cluster). */
    List<String> pathKeys();
}
