package io.stormsim.nbody.topologies;

import io.stormsim.bsp.SingleTask;
import io.stormsim.bsp.StepInputs;
import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.analysis.CentreOfMass;
import io.stormsim.nbody.analysis.LagrangianRadii;
import io.stormsim.nbody.bolts.AnalysisBodies;
import io.stormsim.nbody.bolts.AnalysisBolt;
import io.stormsim.nbody.bolts.UpdateBolt;
import io.stormsim.run.RoundRows;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.TopologyContext;

/** The half-mass radius about the centre of mass, one row of half-mass.csv an output (docs/pipelines.md). */
public class HalfMassRadiusBolt extends AnalysisBolt implements SingleTask {
    private transient RoundRows rows;

    @Override
    protected String stage() {
        return "half-mass";
    }

    @Override
    protected List<String> stageKeys() {
        return List.of();
    }

    @Override
    protected void checkStage(Map<String, Object> conf) {
    }

    @Override
    protected List<String> outputs() {
        return List.of();
    }

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        super.setUp(conf, context);
        rows = new RoundRows(output(), "half-mass.csv", "round,time,half_mass_radius", 0);
    }

    @Override
    protected void onStep(long step, StepInputs in) throws IOException {
        List<AnalysisBodies> parts = in.all(UpdateBolt.ANALYSIS);
        Bodies all = Bodies.concat(parts.stream().map(a -> a.bodies).toList());
        double r = LagrangianRadii.about(all, CentreOfMass.of(all).position(), new double[] {0.5}).halfMassRadius();
        AnalysisBodies first = parts.get(0);
        rows.add(first.round, first.round + "," + first.time + "," + r);
    }
}
