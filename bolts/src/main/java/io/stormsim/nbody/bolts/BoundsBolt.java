package io.stormsim.nbody.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.BodiesBinary;
import io.stormsim.nbody.Box;
import io.stormsim.run.CheckpointStore;
import io.stormsim.run.CheckpointWrites;
import io.stormsim.run.StepCommand;
import io.stormsim.spouts.TimestepSpout;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.storm.task.TopologyContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Phase 1, and the keeper of each partition's bodies between rounds. A round's trigger says where its
 * state comes from: the initial conditions (its stripe of them), the update phase of the previous round
 * (handed over), or a complete checkpoint. At checkpoint rounds it first writes its bodies to the
 * checkpoint store; the spout marks the checkpoint complete once the round is done everywhere.
 * Then it sends its bounding box to every partition's decomposition phase.
 */
public class BoundsBolt extends NbodyBolt {
    public static final String STATE = "state";
    public static final String BOX = "box";
    public static final String BODIES = "bodies";

    private static final Logger LOG = LoggerFactory.getLogger(BoundsBolt.class);

    private transient CheckpointStore checkpoints;
    private transient CheckpointWrites pieces;
    private transient TreeMap<Long, PartitionState> handedOver;

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
        super.setUp(conf, context);
        checkpoints = config.run().checkpoints();
        pieces = new CheckpointWrites(checkpoints, System::nanoTime);
        handedOver = new TreeMap<>();
    }

    @Override
    protected void onHandOver(long step, Object payload) {
        handedOver.put(step, (PartitionState) payload);
    }

    @Override
    protected void onStep(long step, StepInputs in) throws IOException {
        StepCommand command = in.one(TimestepSpout.STREAM);
        PartitionState state = switch (command.kind) {
            case START -> new PartitionState(0, config.initialBodies().stripe(partition, partitions));
            case RESTORE -> new PartitionState(command.round, restore(command.round));
            case CONTINUE -> handedOver.get(step);
        };
        handedOver.headMap(step, true).clear();
        if (state == null || state.round != command.round) {
            throw new IllegalStateException("partition " + partition + " has no bodies for round " + command.round
                    + ": the previous round did not hand them over (was this worker restarted?)");
        }
        if (command.kind != StepCommand.Kind.RESTORE && config.run().checkpointAt(state.round)) {
            Bodies bodies = state.bodies;
            pieces.write(state.round, partition, partitions, out -> BodiesBinary.write(bodies, out)).ifPresent(LOG::warn);
        }
        Box box = Box.of(state.bodies);
        timed(state, Phase.BOUNDS);
        emitToEach(BOX, step, p -> box);
        emitTo(BODIES, partition, step, state);
    }

    /**
     * This partition's stripe of the checkpoint of round r. The checkpoint may come from another number
     * of partitions: the pieces are joined in order and striped again; the decomposition of the first
     * round moves the bodies where they belong, and the physics does not depend on where they start.
     */
    private Bodies restore(long round) throws IOException {
        int pieces = checkpoints.pieces(round);
        List<Bodies> all = new ArrayList<>();
        for (int p = 0; p < pieces; p++) {
            all.add(checkpoints.readPiece(round, p, BodiesBinary::read));
        }
        return Bodies.concat(all).stripe(partition, partitions);
    }

    /** The store's connections go with the topology (a Redis store holds some). */
    @Override
    public void cleanup() {
        if (checkpoints != null) {
            checkpoints.close();
        }
        super.cleanup();
    }
}
