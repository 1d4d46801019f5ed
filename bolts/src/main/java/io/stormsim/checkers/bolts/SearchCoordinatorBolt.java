package io.stormsim.checkers.bolts;

import com.codahale.metrics.Counter;
import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.SingleTask;
import io.stormsim.bsp.StepBolt;
import io.stormsim.bsp.StepInputs;
import io.stormsim.checkers.Move;
import io.stormsim.checkers.RootDriver;
import io.stormsim.run.JobCommand;
import io.stormsim.run.RunConfig;
import io.stormsim.run.RunOutput;
import io.stormsim.spouts.JobSpout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.storm.task.TopologyContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The root of the parallel search: turns each spout job (a round) into one batch of {@link SearchRounds},
 * dealt over the searchers largest job first (every searcher gets the deal in one message). The
 * searchers' scores come back on a hand-over stream before the spout sends the next round; once all are
 * in, the search moves on: batch, then depth of the iterative deepening ({@code RootBatches.deeper}: the
 * previous depth's best move and best replies first), then position. Each position's result is a row of
 * {@value #SEARCH_CSV}; at the end {@value #SEARCH_TXT} (the same as a table) and {@code summary.txt}.
 * Runs as one task.
 *
 * <p>A round the spout sends again (it failed) is sent again as it was, or empty if its scores were all
 * in; only the answers to the latest deal count. A coordinator restarted (its worker died) has lost the
 * search's state but not its results: it continues {@value #SEARCH_CSV} ({@link SearchResults}) and searches
 * the first position without a row there again from depth 1, from whatever round the spout sends it first.
 */
public class SearchCoordinatorBolt extends StepBolt implements SingleTask {
    public static final String BATCH = "batch";
    public static final String SEARCH_CSV = "search.csv";
    public static final String SEARCH_TXT = "search.txt";
    public static final String CSV_HEADER = "position,fen,depth,best_move,score,nodes,seconds,nodes_per_s,jobs";
    private static final Logger LOG = LoggerFactory.getLogger("stormsim.progress");

    private transient SearchConfig config;
    /** Positions searched and their nodes (whose rate is nodes a second), for the metrics reporters. */
    private transient Counter positions, nodes;
    private transient int searchers;
    private transient SearchResults results;
    private transient SearchRounds rounds;
    private transient long dealtStep;
    private transient long startNanos;
    private transient long runStartNanos;

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(JobSpout.STREAM, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected Set<String> handOverStreams() {
        return Set.of(SearcherBolt.ANSWERS);
    }

    @Override
    protected List<String> outputs() {
        return List.of(BATCH);
    }

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        config = SearchConfig.from(conf);
        positions = context.registerCounter("stormsim.positions");
        nodes = context.registerCounter("stormsim.nodes");
        context.registerGauge("stormsim.depth", config::depth);
        String searcher = context.getThisTargets().get(BATCH).keySet().iterator().next();
        searchers = context.getComponentTasks(searcher).size();
        rounds = null;
        dealtStep = -1;
        RunOutput output = RunConfig.output(conf, config.outputDir());
        try {
            results = new SearchResults(output, config, searchers, restartedTask());
            if (results.allFinished() && !results.completed()) {
                // the predecessor died between the last row and the summary
                results.complete(0);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + output.file(SEARCH_CSV) + ": " + e, e);
        }
        if (restartedTask()) {
            LOG.warn("coordinator restarted: {} of {} positions are in {}; the search resumes at position {} from"
                    + " depth 1", results.finishedBefore(), config.positions().size(), SEARCH_CSV,
                    results.firstUnfinished());
        }
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        long round = in.<JobCommand>one(JobSpout.STREAM).job;
        if (rounds == null) {
            rounds = results.searchFrom(round);
        }
        if (rounds.startsPosition(round)) {
            startNanos = System.nanoTime();
            runStartNanos = runStartNanos == 0 ? startNanos : runStartNanos;
        }
        List<SearchBatch> batches = rounds.batches(round);
        emitToEach(BATCH, step, batches::get);
        dealtStep = step;
    }

    @Override
    protected void onHandOver(long step, Object payload) {
        if (step != dealtStep) {
            // an answer to an earlier deal (the round sent again, or dealt by a predecessor that died) comes late
            return;
        }
        SearchRounds.Finished finished = rounds.answer((SearchAnswers) payload);
        if (finished == null) {
            return;
        }
        try {
            finishPosition(finished);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + config.outputDir() + ": " + e, e);
        }
    }

    private void finishPosition(SearchRounds.Finished f) throws IOException {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        RootDriver.Outcome outcome = f.outcome();
        String best = outcome.bestMove() == 0 ? "none" : Move.toPdn(outcome.bestMove());
        results.add(new SearchResults.Row(f.position(), config.positions().get(f.position()).toFen(), config.depth(),
                best, outcome.score(), f.nodes(), seconds, f.jobs()));
        LOG.info("position {} of {} searched to depth {}: {} scores {}", f.position() + 1, config.positions().size(),
                config.depth(), best, outcome.score());
        positions.inc();
        nodes.inc(f.nodes());
        if (rounds.done()) {
            results.complete((System.nanoTime() - runStartNanos) / 1e9);
        }
    }

    @Override
    public void cleanup() {
        results.close();
        super.cleanup();
    }
}
