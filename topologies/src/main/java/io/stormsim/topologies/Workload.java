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
 * {@code stormsim.<name>.*} config keys, and how to read a topology's config into its validated settings, which
 * then answer everything else. A topology names its workload's class in its config ({@value #CLASS_KEY}), so a
 * new workload is its own packages and YAML, with no list to edit.
 */
public interface Workload {
    /** The topology config key naming the workload's class. */
    String CLASS_KEY = "stormsim.workload";

    /** Short name; its keys start with {@code stormsim.<name>.}. */
    String name();

    /** Every {@code stormsim.*} key the workload reads (its own and the shared run keys it uses). */
    List<String> keys();

    /**
     * Reads the config once into the workload's config record, which checks every value's range (its messages
     * name the key, the value and what is allowed; a {@code RuntimeException} of the record counts as such a
     * message). The parallelism ({@link Settings#partitionRule}), the output directory and Storm's own keys are
     * checked by the caller.
     */
    Settings read(Map<String, Object> config) throws ConfigException;

    /** One topology's settings, read and checked: what the launcher asks of a run. */
    interface Settings {
        /**
         * Checks what the values name beyond their ranges, before submitting: files it reads (read as the run's
         * start will), directories it writes.
         */
        default void check(TopologyDef def) throws ConfigException {
        }

        /** Where the run writes its results. */
        Path outputDir();

        /** Rounds (or jobs) a run does; 0 means without end. */
        long steps();

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

        /**
         * The keys of {@link #pathKeys} whose files the workers read as input: shipped with the topology through
         * Storm's blob store when it is submitted to a cluster, so that no host needs them.
         */
        default List<String> inputKeys() {
            return List.of();
        }

        /**
         * The Kryo decorators ({@code IKryoDecorator}) that register the serializers of the workload's payloads:
         * the YAML's {@code topology.kryo.decorators} must list them (checked before submitting).
         */
        default List<String> kryoDecorators() {
            return List.of();
        }

        /** The partition counts the phase bolts allow: the rule they apply themselves. */
        default PartitionRule partitionRule() {
            return PartitionRule.ANY;
        }

        /**
         * The heap one of {@code workers} JVMs needs when the phase bolts run {@code partitions} tasks: the
         * launcher refuses a run that cannot fit ({@code HeapCheck}).
         */
        default Heap heap(int partitions, int workers) {
            return Heap.NONE;
        }
    }

    /**
     * A heap estimate: {@code bytes} (0: none), the key whose value it grows with (named when a run is refused),
     * and how it was made (e.g. "600 bytes a body, measured at 10^6 bodies").
     */
    record Heap(long bytes, String key, String basis) {
        public static final Heap NONE = new Heap(0, RunConfig.OUTPUT_DIR, "");
    }
}
