package io.stormsim.bolts.nbody;

import io.stormsim.bolts.bsp.FanIn;
import io.stormsim.bolts.bsp.StepBolt;
import io.stormsim.bolts.bsp.StepInputs;
import io.stormsim.nbody.Box;
import io.stormsim.spouts.StepCommand;
import io.stormsim.spouts.TimestepSpout;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.storm.task.TopologyContext;

/**
 * Phase 1, and the keeper of each partition's bodies between rounds. On a round's trigger it takes
 * the bodies handed over by the update phase of the previous round (or, on the first round, its
 * stripe of the initial conditions), and sends its bounding box to every partition's decomposition
 * phase, which reduces them to the root cell.
 */
public class BoundsBolt extends StepBolt {
    public static final String STATE = "state";
    public static final String BOX = "box";
    public static final String BODIES = "bodies";

    private transient NbodyConfig config;
    private transient Map<Long, PartitionState> handedOver;

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(TimestepSpout.STREAM, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected Set<String> handOverStreams() {
        return Set.of(STATE);
    }

    @Override
    protected List<String> outputs() {
        return List.of(BOX, BODIES);
    }

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        config = NbodyConfig.from(conf);
        handedOver = new HashMap<>();
    }

    @Override
    protected void onHandOver(long step, Object payload) {
        handedOver.put(step, (PartitionState) payload);
    }

    @Override
    protected void onStep(long round, StepInputs in) {
        StepCommand command = in.one(TimestepSpout.STREAM);
        PartitionState state = command.start
                ? new PartitionState(config.initialBodies().stripe(partition, partitions))
                : handedOver.remove(round);
        if (state == null) {
            throw new IllegalStateException("partition " + partition + " has no bodies for round " + round
                    + ": the previous round's update did not hand them over (was this worker restarted?)");
        }
        Box box = Box.of(state.bodies);
        state.timed(Phase.BOUNDS, stepElapsedNanos());
        emitToEach(BOX, round, p -> box);
        emitTo(BODIES, partition, round, state);
    }
}
