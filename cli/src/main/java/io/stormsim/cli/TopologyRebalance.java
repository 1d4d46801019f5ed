package io.stormsim.cli;

import io.stormsim.bsp.SingleTask;
import io.stormsim.bsp.StepBolt;
import io.stormsim.topologies.ConfigException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.storm.generated.Bolt;
import org.apache.storm.generated.ExecutorSummary;
import org.apache.storm.generated.Nimbus;
import org.apache.storm.generated.RebalanceOptions;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.generated.TopologyInfo;
import org.apache.storm.utils.Utils;

/**
 * Checks a rebalance against the rules of a simulation topology, and builds Nimbus's request. Storm keeps
 * a component's task count fixed from submission, and each task of a phase bolt is a partition; a rebalance
 * changes workers, and executors (threads, each running one or more tasks) up to the task count. The phase
 * bolts keep one parallelism: an executor count given for one must be given, the same, for all of them.
 */
final class TopologyRebalance {
    private TopologyRebalance() {
    }

    static RebalanceOptions check(Nimbus.Iface nimbus, String name, Integer workers, Map<String, Integer> executors,
            int waitSecs) throws Exception {
        if (workers == null && executors.isEmpty()) {
            throw new ConfigException("nothing to rebalance: give --workers W and/or --executors component=n");
        }
        TopologyInfo info = nimbus.getTopologyInfoByName(name);
        Map<String, Integer> tasks = taskCounts(info);
        List<String> phaseBolts = phaseBolts(nimbus.getUserTopology(info.get_id()));
        for (Map.Entry<String, Integer> e : executors.entrySet()) {
            String component = e.getKey();
            if (!tasks.containsKey(component)) {
                throw new ConfigException("--executors " + component + "=" + e.getValue() + " is not allowed: "
                        + name + " has no component '" + component + "'; it has " + String.join(", ", tasks.keySet()));
            }
            if (e.getValue() < 1 || e.getValue() > tasks.get(component)) {
                throw new ConfigException("--executors " + component + "=" + e.getValue() + " is not allowed: must be"
                        + " in 1.." + tasks.get(component) + " (" + component + " has " + tasks.get(component) + " tasks,"
                        + " fixed at submission; for more partitions, set partitions and submit again)");
            }
        }
        List<String> phasesGiven = new ArrayList<>(phaseBolts);
        phasesGiven.retainAll(executors.keySet());
        if (!phasesGiven.isEmpty()) {
            int n = executors.get(phasesGiven.get(0));
            boolean allSame = phasesGiven.size() == phaseBolts.size()
                    && phaseBolts.stream().allMatch(b -> executors.get(b) == n);
            if (!allSame) {
                StringBuilder all = new StringBuilder();
                phaseBolts.forEach(b -> all.append(" --executors ").append(b).append('=').append(n));
                throw new ConfigException("--executors " + phasesGiven.get(0) + "=" + n + " is not allowed alone: the"
                        + " phase bolts " + String.join(", ", phaseBolts) + " keep one parallelism (the YAML sets them"
                        + " all from ${partitions}); give them all the same count:" + all);
            }
        }
        RebalanceOptions options = new RebalanceOptions();
        options.set_wait_secs(waitSecs);
        if (workers != null) {
            options.set_num_workers(workers);
        }
        if (!executors.isEmpty()) {
            options.set_num_executors(executors);
        }
        return options;
    }

    /** Tasks per component, Storm's own components left out. */
    private static Map<String, Integer> taskCounts(TopologyInfo info) {
        Map<String, Integer> tasks = new TreeMap<>();
        for (ExecutorSummary e : info.get_executors()) {
            if (!Utils.isSystemId(e.get_component_id())) {
                int n = e.get_executor_info().get_task_end() - e.get_executor_info().get_task_start() + 1;
                tasks.merge(e.get_component_id(), n, Integer::sum);
            }
        }
        return tasks;
    }

    /** The bolts that run one task per partition: every step bolt but the single-task ones. */
    private static List<String> phaseBolts(StormTopology topology) {
        List<String> phases = new ArrayList<>();
        for (String id : TopologyStatusTable.dataFlowOrder(topology)) {
            Bolt bolt = topology.get_bolts().get(id);
            if (bolt != null && bolt.get_bolt_object().is_set_serialized_java()) {
                Object instance = Utils.javaDeserialize(bolt.get_bolt_object().get_serialized_java(), Object.class);
                if (instance instanceof StepBolt && !(instance instanceof SingleTask)) {
                    phases.add(id);
                }
            }
        }
        return phases;
    }
}
