package io.stormsim.nbody.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.nbody.Conserved;
import io.stormsim.nbody.GadgetSnapshot;
import io.stormsim.nbody.Leapfrog;
import io.stormsim.nbody.SnapshotFormat;
import io.stormsim.nbody.SnapshotHeader;
import io.stormsim.run.RunOutput;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.TopologyContext;

/**
 * Phase 7: the leapfrog update (close the last step, measure, write the snapshot file if one is due,
 * open the next) of the partition's bodies; its conserved quantities (and, every
 * {@code stormsim.stream.sample.every} rounds, its part of the live stream's body sample) go to the
 * diagnostics bolt, its bodies back to the bounds phase for the next round (or, after the last round,
 * to the diagnostics bolt for output), and, at their output times, a copy of them to the analysis stages
 * subscribed to {@link #ANALYSIS} ({@link AnalysisTaps}).
 */
public class UpdateBolt extends NbodyBolt {
    public static final String REPORT = "report";
    public static final String ANALYSIS = "analysis";
    public static final String SNAPSHOT_DIR = "snapshots";
    private transient List<AnalysisTaps.Tap> taps;

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(ForceBolt.FIELD, FanIn.SAME_PARTITION);
    }

    @Override
    protected List<String> outputs() {
        return List.of(REPORT, BoundsBolt.STATE, ANALYSIS);
    }

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        super.setUp(conf, context);
        taps = AnalysisTaps.of(subscribers(ANALYSIS), context, conf, config.params().dt(), partition, partitions);
    }


    @Override
    protected void onStep(long step, StepInputs in) throws IOException {
        PartitionState state = in.one(ForceBolt.FIELD);
        long round = state.round;
        Conserved conserved = Leapfrog.close(state.bodies, state.field, config.params(), round);
        // positions at time round*dt, as the diagnostics of the round
        BodySample sample = config.stream().sampleAt(round)
                ? BodySample.of(state.bodies, config.stream().sampleStride(state.decomposition.bodies)) : null;
        if (config.snapshots().dueAt(round)) {
            writeSnapshot(round, state);
        }
        feedAnalysis(step, state, conserved);
        Leapfrog.open(state.bodies, state.field, config.params(), round);
        state.field = null;
        timed(state, Phase.UPDATE);
        boolean last = round == config.run().lastRound();
        emitTo(REPORT, 0, step, new PartitionReport(round, conserved, state.phaseNanos,
                state.phaseCpuNanos, last ? state.bodies : null, sample));
        if (!last) {
            emitTo(BoundsBolt.STATE, partition, step + 1, new PartitionState(round + 1, state.bodies));
        }
    }

    /** The bodies are copied once for all stages due this round: the next lines of this step move them on. */
    private void feedAnalysis(long step, PartitionState state, Conserved conserved) {
        AnalysisBodies copy = null;
        for (AnalysisTaps.Tap tap : taps) {
            if (tap.cadence().dueAt(state.round)) {
                if (copy == null) {
                    copy = new AnalysisBodies(state.round, state.round * config.params().dt(),
                            state.bodies.slice(0, state.bodies.n), conserved, state.box, state.decomposition.bodies);
                }
                emitToTask(ANALYSIS, tap.task(), step, copy);
            }
        }
    }

    /**
     * This partition's file of the snapshot of round r (in {@code snapshot.format}), at the synchronised time r*dt,
     * also in the run store if there is one (each partition its own file: they may be on different hosts). Its
     * {@code BoxSize} comes from the round's global box, the same in every partition. Partition 0 also writes the
     * GADGET-2 units file (physical units) and removes the snapshots beyond the newest {@code snapshot.keep} (0: none
     * removed), every partition's files on a shared disk; each partition removes its own from the store.
     */
    private void writeSnapshot(long round, PartitionState state) throws IOException {
        RunOutput output = output();
        Path dir = config.outputDir().resolve(SNAPSHOT_DIR);
        Files.createDirectories(dir);
        long number = config.snapshots().number(round);
        SnapshotFormat format = config.snapshotFormat();
        String name = format.fileName(number, partition);
        SnapshotHeader header = new SnapshotHeader(round * config.params().dt(), SnapshotHeader.boxSize(state.box),
                state.decomposition.bodies, partitions, config.units());
        format.write(dir.resolve(name), state.bodies, header);
        output.written(SNAPSHOT_DIR + "/" + name);
        // GADGET-2 has no place for units: pynbody reads them beside the snapshot
        boolean unitsFile = partition == 0 && format.unitsFileName(number) != null && config.units().physical();
        if (unitsFile) {
            GadgetSnapshot.writeUnits(dir.resolve(format.unitsFileName(number)), config.units());
            output.written(SNAPSHOT_DIR + "/" + format.unitsFileName(number));
        }
        int keep = config.run().snapshotKeep();
        long old = keep == 0 ? -1 : number - keep;
        if (old >= 0) {
            output.deleted(SNAPSHOT_DIR + "/" + format.fileName(old, partition));
            if (unitsFile) {
                output.deleted(SNAPSHOT_DIR + "/" + format.unitsFileName(old));
            }
        }
        if (partition == 0) {
            format.prune(dir, old);
        }
    }
}
