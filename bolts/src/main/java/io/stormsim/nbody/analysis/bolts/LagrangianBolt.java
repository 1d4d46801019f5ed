package io.stormsim.nbody.analysis.bolts;

import io.stormsim.bsp.StepInputs;
import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.Conserved;
import io.stormsim.nbody.analysis.DensityCentre;
import io.stormsim.nbody.analysis.LagrangianCsv;
import io.stormsim.nbody.analysis.LagrangianRadii;
import io.stormsim.nbody.bolts.AnalysisBodies;
import io.stormsim.nbody.bolts.UpdateBolt;
import io.stormsim.run.ConfigValues;
import io.stormsim.run.RoundRows;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.TopologyContext;

/**
 * The Lagrangian-radii stage ({@code lagrangian}), one task: at each output, from every partition's bodies, the
 * radii enclosing the mass fractions about the density centre and the centre of mass, the shells' dispersions
 * and the virial ratio ({@link LagrangianRadii}), one row of {@code lagrangian.csv}; the plot {@code
 * lagrangian.png} at the end of a bounded run and at most once a minute before.
 */
public class LagrangianBolt extends GatheringStageBolt {
    public static final String CSV = "lagrangian.csv", PLOT = "lagrangian.png";
    private transient double[] fractions;
    private transient int neighbours;
    private transient LagrangianCsv table;
    private transient RoundRows rows;

    @Override
    protected String stage() {
        return "lagrangian";
    }

    @Override
    protected List<String> stageKeys() {
        return List.of(key("fractions"), key("neighbours"));
    }

    @Override
    protected void checkStage(Map<String, Object> conf) {
        fractions = fractions(conf);
        neighbours = neighbours(conf);
    }

    /** Comma-separated, each in (0, 1], increasing; NBODY6's when the key is absent. */
    private double[] fractions(Map<String, Object> conf) {
        if (!conf.containsKey(key("fractions"))) {
            return LagrangianRadii.defaultFractions();
        }
        String value = conf.get(key("fractions")).toString();
        String allowed = "mass fractions separated by commas, each in (0, 1], increasing (e.g. 0.1,0.5,0.9,1.0)";
        String[] parts = value.split(",");
        double[] f = new double[parts.length];
        try {
            for (int i = 0; i < parts.length; i++) {
                f[i] = Double.parseDouble(parts[i].trim());
            }
            LagrangianRadii.checkFractions(f);
        } catch (IllegalArgumentException e) {
            throw ConfigValues.notAllowed(key("fractions"), value, allowed);
        }
        return f;
    }

    private int neighbours(Map<String, Object> conf) {
        return (int) ConfigValues.longValue(conf, key("neighbours"), DensityCentre.DEFAULT_K, 2, 1000,
                "an integer in 2..1000 (the neighbours each body's density is taken from; Casertano & Hut: 6)");
    }

    @Override
    public List<String> results() {
        return List.of(CSV, PLOT);
    }

    @Override
    protected String plotFile() {
        return PLOT;
    }

    @Override
    protected List<String> outputs() {
        return List.of();
    }

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        super.setUp(conf, context);
        table = new LagrangianCsv(fractions);
        rows = new RoundRows(output(), CSV, table.header(), config.run().steps() == 0 ? config.run().logRows() : 0);
    }

    @Override
    protected void onStep(long step, StepInputs in) throws Exception {
        List<AnalysisBodies> parts = in.all(UpdateBolt.ANALYSIS);
        Conserved total = new Conserved();
        parts.forEach(a -> total.merge(a.conserved));
        AnalysisBodies first = parts.get(0);
        Bodies all = gathered(parts);
        rows.add(first.round, table.row(first.round, first.time, LagrangianRadii.both(all, fractions,
                densityCentre(first.round, neighbours, all)), total.value(Conserved.KINETIC),
                total.value(Conserved.POTENTIAL)));
        List<String> now = rows.rows();
        String run = String.format("Barnes-Hut, %,d bodies", all.n);
        plot(first.round, () -> LagrangianPlot.chart(table.header(), now, run));
    }
}
