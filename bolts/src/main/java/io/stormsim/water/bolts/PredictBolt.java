package io.stormsim.water.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.run.CheckpointStore;
import io.stormsim.run.CheckpointWrites;
import io.stormsim.run.StepCommand;
import io.stormsim.spouts.TimestepSpout;
import io.stormsim.water.RunConstants;
import io.stormsim.water.WaterPartition;
import io.stormsim.water.WaterState;
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
 * Phase 1, the Gear predictor and the intramolecular forces (merged: no exchange separates them), and the
 * keeper of each partition's state between rounds. A round's trigger says where the state comes from: the
 * start (round 0: a lattice, whose first round computes the initial accelerations, or a restart file), the
 * potential phase of the previous round (handed over, with the running sums the sink hands back), or a
 * complete checkpoint. At checkpoint rounds it first writes its piece. Then it sends every partition the
 * frames of its molecules that the partner's rows reach.
 */
public class PredictBolt extends WaterBolt {
    public static final String FRAMES = "frames";
    /** Hand-over from the sink: the running sums after a round, for the next. */
    public static final String SUMS = "sums";

    private static final Logger LOG = LoggerFactory.getLogger(PredictBolt.class);

    private transient CheckpointStore checkpoints;
    private transient CheckpointWrites pieces;
    private transient TreeMap<Long, WaterPartitionState> handedOver;
    private transient TreeMap<Long, double[]> sums;

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(TimestepSpout.STREAM, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected Set<String> handOverStreams() {
        return Set.of(PotentialBolt.STATE, SUMS);
    }

    @Override
    protected List<String> outputs() {
        return List.of(FRAMES, PARTITION);
    }

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        super.setUp(conf, context);
        checkpoints = config.run().checkpoints();
        pieces = new CheckpointWrites(checkpoints, System::nanoTime);
        handedOver = new TreeMap<>();
        sums = new TreeMap<>();
    }

    @Override
    protected void onHandOver(long step, Object payload) {
        if (payload instanceof WaterPartitionState s) {
            handedOver.put(step, s);
        } else {
            sums.put(step, (double[]) payload);
        }
    }

    @Override
    protected void onStep(long step, StepInputs in) throws IOException {
        StepCommand command = in.one(TimestepSpout.STREAM);
        WaterPartitionState state = switch (command.kind) {
            case START -> start();
            case RESTORE -> restore(command.round);
            case CONTINUE -> continued(step);
        };
        handedOver.headMap(step, true).clear();
        sums.headMap(step, true).clear();
        if (state == null || state.round != command.round) {
            throw new IllegalStateException("partition " + partition + " has no state for round " + command.round
                    + ": the previous round did not hand it over (was this worker restarted?)");
        }
        WaterPartition part = state.partition;
        if (command.kind == StepCommand.Kind.CONTINUE && config.run().checkpointAt(state.round)) {
            CheckpointPiece piece = new CheckpointPiece(state.step, state.kineticSum, state.virialSum, part.from,
                    part.to, ownDerivatives(part));
            pieces.write(state.round, partition, partitions, piece::write).ifPresent(LOG::warn);
        }
        switch (state.mode) {
            case STEP -> {
                state.step++;
                part.predict();
                state.intramolecularVirial = part.intramolecular();
                state.exchangedBytes = emitFrames(FRAMES, step, part);
            }
            case LATTICE_START -> {
                // the frames of the lattice; the start's intramolecular forces and virial are not used
                part.intramolecular();
                state.exchangedBytes = emitFrames(FRAMES, step, part);
            }
            case LOADED -> emitToEach(FRAMES, step, p -> NO_FRAMES);
        }
        emitTo(PARTITION, partition, step, state);
    }

    private WaterPartitionState start() {
        WaterConfig.Start start = config.start();
        WaterState s = start.state();
        return new WaterPartitionState(0, start.lattice() ? WaterPartitionState.Mode.LATTICE_START
                : WaterPartitionState.Mode.LOADED, s.step(), s.kineticSum(), s.virialSum(),
                new WaterPartition(new RunConstants(s.input()), partition, partitions, s.derivatives()));
    }

    private WaterPartitionState continued(long step) {
        WaterPartitionState state = handedOver.get(step);
        double[] runningSums = sums.get(step);
        if (state == null || runningSums == null) {
            return null;
        }
        state.kineticSum = runningSums[0];
        state.virialSum = runningSums[1];
        return state;
    }

    /** This partition's share of the checkpoint of round r, whatever partition count wrote it. */
    private WaterPartitionState restore(long round) throws IOException {
        int pieces = checkpoints.pieces(round);
        List<CheckpointPiece> all = new ArrayList<>();
        for (int p = 0; p < pieces; p++) {
            all.add(checkpoints.readPiece(round, p, CheckpointPiece::read));
        }
        RunConstants c = new RunConstants(config.input());
        double[][] x = CheckpointPiece.join(all, c.molecules, c.order + 1);
        CheckpointPiece first = all.get(0);
        return new WaterPartitionState(round, WaterPartitionState.Mode.STEP, first.step(), first.kineticSum(),
                first.virialSum(), new WaterPartition(c, partition, partitions, x));
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
