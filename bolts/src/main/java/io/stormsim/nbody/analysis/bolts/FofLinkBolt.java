package io.stormsim.nbody.analysis.bolts;

import io.stormsim.bsp.StepInputs;
import io.stormsim.nbody.SnapshotHeader;
import io.stormsim.nbody.bolts.AnalysisBodies;
import io.stormsim.nbody.bolts.AnalysisBolt;
import io.stormsim.nbody.bolts.NbodyConfig;
import io.stormsim.nbody.bolts.UpdateBolt;
import io.stormsim.nbody.fof.Boundary;
import io.stormsim.nbody.fof.Census;
import io.stormsim.nbody.fof.FofParameters;
import io.stormsim.nbody.fof.FofTab;
import io.stormsim.run.Cadence;
import io.stormsim.run.ConfigValues;
import io.stormsim.run.RunConfig;
import java.util.List;
import java.util.Map;

/**
 * The friends-of-friends stage ({@code fof}), phase 1 of 6 (docs/pipelines.md): links the partition's own bodies
 * into local groups and sends the cells it occupies to the partitions whose boundary it receives. One task per
 * partition; the catalogue ({@link FofCatalogueBolt}) is {@code fof_tab_NNN.hdf5} beside the snapshot of the same
 * number, so the stage's cadence is the snapshots' when the run writes snapshots.
 */
public class FofLinkBolt extends AnalysisBolt {
    public static final String CELLS = "fof-cells", STATE = "fof-state";
    private transient FofParameters params;

    @Override
    protected String stage() {
        return "fof";
    }

    @Override
    protected List<String> stageKeys() {
        return List.of(FofParameters.B, FofParameters.LINKING_LENGTH, FofParameters.MIN_MEMBERS);
    }

    @Override
    protected void checkStage(Map<String, Object> conf) {
        params = FofParameters.of(conf);
        Cadence fof = readCadence(conf), snapshots = NbodyConfig.from(conf).snapshots();
        if (!snapshots.on()) {
            throw ConfigValues.notAllowed(RunConfig.SNAPSHOT_EVERY, snapshots.everySteps() + " (and "
                    + RunConfig.SNAPSHOT_EVERY_TIME + " = 0)", "> 0 with the fof stage, whose catalogues go beside the"
                    + " snapshots; to run without snapshots, remove its bolts, their streams and its config lines"
                    + " (docs/pipelines.md)");
        }
        if (!fof.equals(snapshots)) {
            throw ConfigValues.notAllowed(key("every"), fof.everySteps() + " (" + key("every.time") + " = "
                    + fof.everyTime() + ")", "the snapshots' cadence (" + RunConfig.SNAPSHOT_EVERY + " = "
                    + snapshots.everySteps() + ", " + RunConfig.SNAPSHOT_EVERY_TIME + " = " + snapshots.everyTime()
                    + "): a catalogue fof_tab_NNN.hdf5 goes beside the snapshot of the same number");
        }
    }

    @Override
    public List<String> results() {
        return List.of(UpdateBolt.SNAPSHOT_DIR + "/" + FofTab.fileName(0).replace("000", "NNN"));
    }

    @Override
    protected List<String> outputs() {
        return List.of(CELLS, STATE);
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        AnalysisBodies a = in.one(UpdateBolt.ANALYSIS);
        FofState state = new FofState(a.round, cadence.number(a.round), a.time, SnapshotHeader.boxSize(a.box), partition,
                a.bodies, new Census(a.totalBodies, a.box.bounds));
        FofCells cells = new FofCells(state.local(params).occupiedCells());
        emitToEach(CELLS, step, p -> Boundary.flows(p, partition) ? cells : FofCells.NONE);
        emitTo(STATE, partition, step, state);
    }
}
