package io.stormsim.bolts.checkers;

import io.stormsim.bolts.bsp.FanIn;
import io.stormsim.bolts.bsp.SingleTask;
import io.stormsim.bolts.bsp.StepBolt;
import io.stormsim.bolts.bsp.StepInputs;
import io.stormsim.checkers.Move;
import io.stormsim.checkers.RootDriver;
import io.stormsim.run.RunOutput;
import io.stormsim.spouts.JobCommand;
import io.stormsim.spouts.JobSpout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
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
 * in; a coordinator that lost its state (a restarted worker) refuses the later rounds, and the spout halts
 * the run.
 */
public class SearchCoordinatorBolt extends StepBolt implements SingleTask {
    public static final String BATCH = "batch";
    public static final String SEARCH_CSV = "search.csv";
    public static final String SEARCH_TXT = "search.txt";
    public static final String CSV_HEADER = "position,fen,depth,best_move,score,nodes,seconds,nodes_per_s,jobs";
    private static final Logger LOG = LoggerFactory.getLogger("stormsim.progress");

    private transient SearchConfig config;
    private transient RunOutput output;
    private transient int searchers;
    private transient SearchRounds rounds;
    private transient long startNanos;
    private transient long runStartNanos;
    private transient List<Row> rows;

    /** One position's result. */
    private record Row(int position, String fen, String best, int score, long nodes, double seconds, int jobs) {
        /** The fen is quoted: it holds commas. */
        String csv(int depth) {
            return String.format("%d,\"%s\",%d,%s,%d,%d,%.6f,%.0f,%d", position, fen, depth, best, score, nodes, seconds,
                    nodes / seconds, jobs);
        }
    }

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
        String searcher = context.getThisTargets().get(BATCH).keySet().iterator().next();
        searchers = context.getComponentTasks(searcher).size();
        rounds = new SearchRounds(config.positions(), config.depth(), searchers);
        rows = new ArrayList<>();
        output = new RunOutput(config.outputDir());
        try {
            output.create();
            output.writeString(SEARCH_CSV, CSV_HEADER + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + output.file(SEARCH_CSV) + ": " + e, e);
        }
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        long round = in.<JobCommand>one(JobSpout.STREAM).job;
        if (rounds.startsPosition(round)) {
            startNanos = System.nanoTime();
            runStartNanos = runStartNanos == 0 ? startNanos : runStartNanos;
        }
        List<SearchBatch> batches = rounds.batches(round);
        emitToEach(BATCH, step, batches::get);
    }

    @Override
    protected void onHandOver(long step, Object payload) {
        SearchRounds.Finished finished = rounds.answer((SearchAnswers) payload);
        if (finished == null) {
            return;
        }
        try {
            finishPosition(finished);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + output.dir() + ": " + e, e);
        }
    }

    private void finishPosition(SearchRounds.Finished f) throws IOException {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        RootDriver.Outcome outcome = f.outcome();
        String best = outcome.bestMove() == 0 ? "none" : Move.toPdn(outcome.bestMove());
        Row row = new Row(f.position(), config.positions().get(f.position()).toFen(), best, outcome.score(), f.nodes(),
                seconds, f.jobs());
        rows.add(row);
        output.append(SEARCH_CSV, row.csv(config.depth()) + "\n");
        LOG.info("position {} of {} searched to depth {}: {} scores {}", f.position() + 1, config.positions().size(),
                config.depth(), best, outcome.score());
        if (!rounds.done()) {
            return;
        }
        double total = (System.nanoTime() - runStartNanos) / 1e9;
        output.writeString(SEARCH_TXT, table());
        long allNodes = rows.stream().mapToLong(Row::nodes).sum();
        output.complete(String.format("%d positions searched to depth %d by %d searchers, %s tables: %d nodes in"
                + " %.3f s, %.4g nodes/s (%s, %s)%n", rows.size(), config.depth(), searchers, config.table().key(),
                allNodes, total, allNodes / total, SEARCH_CSV, SEARCH_TXT));
    }

    private String table() {
        StringBuilder b = new StringBuilder(String.format("searchers %d, table %s (2^%d entries %s%s), depth %d%n%n",
                searchers, config.table().key(), config.tableLog2(), config.table() == SearchConfig.Table.WORKER
                        ? "a worker" : "each", config.table() == SearchConfig.Table.PARTITIONED
                        ? ", used from remaining depth " + config.tableMinDepth() : "", config.depth()));
        b.append(String.format("%4s  %-9s %7s %12s %10s %12s  %s%n", "#", "best", "score", "nodes", "seconds", "nodes/s",
                "fen"));
        for (Row r : rows) {
            b.append(String.format("%4d  %-9s %7d %12d %10.3f %12.4g  %s%n", r.position(), r.best(), r.score(), r.nodes(),
                    r.seconds(), r.nodes() / r.seconds(), r.fen()));
        }
        return b.toString();
    }
}
