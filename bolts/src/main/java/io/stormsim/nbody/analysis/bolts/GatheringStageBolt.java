package io.stormsim.nbody.analysis.bolts;

import io.stormsim.bsp.SingleTask;
import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.analysis.DensityCentre;
import io.stormsim.nbody.bolts.AnalysisBodies;
import io.stormsim.nbody.bolts.AnalysisBolt;
import io.stormsim.plot.BackgroundPlots;
import io.stormsim.plot.Charts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.storm.task.TopologyContext;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * A stage of one task that gathers every partition's bodies at each output ({@code lagrangian}, {@code profile}):
 * their density centre, found once per worker for all such stages of a round ({@link DensityCentres}), and the
 * stage's plot, drawn at the run's last output and at most once a minute before, off the rounds' path (a plot takes
 * a few tenths of a second of a core).
 */
abstract class GatheringStageBolt extends AnalysisBolt implements SingleTask {
    private static final long PLOTS_EVERY_NANOS = 60_000_000_000L;
    private transient String topology;
    private transient BackgroundPlots plots;

    /** The stage's plot, relative to the output directory. */
    protected abstract String plotFile();

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        super.setUp(conf, context);
        topology = context.getStormId();
        plots = new BackgroundPlots("the plot " + output().file(plotFile()).toAbsolutePath(), PLOTS_EVERY_NANOS,
                System.nanoTime());
    }

    /** Every partition's bodies of one output, in partition order. */
    protected static Bodies gathered(List<AnalysisBodies> parts) {
        List<Bodies> bodies = new ArrayList<>(parts.size());
        parts.forEach(a -> bodies.add(a.bodies));
        return Bodies.concat(bodies);
    }

    /** The density centre (from {@code k} neighbours) of {@code all}, the bodies of round {@code round}. */
    protected DensityCentre.Result densityCentre(long round, int k, Bodies all) {
        return DensityCentres.of(topology, round, k, all);
    }

    /**
     * Draws the plot of output round {@code round}: now at the run's last output, else in the background when one is
     * due. {@code chart} must read copies (the run goes on).
     */
    protected void plot(long round, Supplier<Chart<?, ?>> chart) throws Exception {
        Runnable draw = () -> {
            try {
                Charts.writePng(chart.get(), output().file(plotFile()));
                output().written(plotFile());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
        long now = System.nanoTime();
        if (cadence.nextDue(round) > config.run().lastRound()) {
            plots.drawLast(draw);
        } else if (plots.due(now)) {
            plots.draw(now, draw);
        }
    }

    @Override
    public void cleanup() {
        if (plots != null) {
            plots.close();
        }
        DensityCentres.release(topology);
        super.cleanup();
    }
}
