package io.stormsim.water.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.water.BlockPartials;
import io.stormsim.water.Frames;
import io.stormsim.water.Rdf;
import io.stormsim.water.RunConstants;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.TopologyContext;

/**
 * Phase 4, the potential energies on printing steps (every NPRINT steps; nothing on others) and the pair
 * counts of the radial distribution functions on their samples (every rdf.sample.every steps, when they are on;
 * {@link Rdf}: own rows' pairs, so the sink's sum counts each pair once), and the end of the round: the
 * partition's report goes to the sink (with its molecules' state after the last round), the state back to the
 * predictor for the next round.
 */
public class PotentialBolt extends WaterBolt {
    public static final String REPORT = "report";
    public static final String STATE = "state";

    private transient Rdf rdf;

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(CorrectBolt.FRAMES, FanIn.EACH_SOURCE_TASK, PARTITION, FanIn.SAME_PARTITION);
    }

    @Override
    protected List<String> outputs() {
        return List.of(REPORT, STATE);
    }

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        super.setUp(conf, context);
        rdf = config.rdfEvery() > 0 ? new Rdf(new RunConstants(config.input()), config.rdfBins()) : null;
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        WaterPartitionState s = in.one(PARTITION);
        if (exchangesBoundaryFrames(s)) {
            s.partition.receiveFrames(nonEmpty(in.<Frames>all(CorrectBolt.FRAMES), Frames::isEmpty));
        }
        BlockPartials potential = s.prints(config.input().printEvery()) ? s.partition.potential() : null;
        long[] pairCounts = null;
        if (s.samplesRdf(config.rdfEvery(), config.rdfSampleEvery())) {
            pairCounts = rdf.newCounts();
            s.partition.countPairs(rdf, pairCounts);
        }
        boolean last = s.round == config.run().lastRound();
        emitTo(REPORT, 0, step, new WaterReport(s.round, s.mode, s.step, s.kineticSum, s.virialSum,
                s.intramolecularVirial, s.intermolecularVirial, s.kinetic, potential, pairCounts, s.pairs,
                s.exchangedBytes, s.partition.from, last ? ownDerivatives(s.partition) : null));
        if (!last) {
            WaterPartitionState next = new WaterPartitionState(s.round + 1, WaterPartitionState.Mode.STEP, s.step,
                    Double.NaN, Double.NaN, s.partition);
            emitTo(STATE, partition, step + 1, next);
        }
    }
}
