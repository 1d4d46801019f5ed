package io.stormsim.checkers.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.SingleTask;
import io.stormsim.bsp.StepBolt;
import io.stormsim.bsp.StepInputs;
import io.stormsim.checkers.Move;
import io.stormsim.run.RunConfig;
import io.stormsim.run.RunOutput;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sums every partition's perft counts per root move (exactly: longs, in partition order) and writes
 * {@value #PERFT_TXT} (the total, the divide per root move in PDN, time and leaves a second), then
 * {@code summary.txt}. Runs as one task.
 */
public class PerftResultBolt extends StepBolt implements SingleTask {
    public static final String PERFT_TXT = "perft.txt";
    private static final Logger LOG = LoggerFactory.getLogger("stormsim.progress");

    private transient PerftConfig config;
    private transient RunOutput output;

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(PerftBolt.PARTIAL, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected List<String> outputs() {
        return List.of();
    }

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        config = PerftConfig.from(conf);
        output = RunConfig.output(conf, config.outputDir());
    }

    @Override
    protected void onStep(long step, StepInputs in) throws IOException {
        List<PerftPartial> parts = in.all(PerftBolt.PARTIAL);
        long[] moves = config.root().moves();
        long[] divide = new long[moves.length];
        int jobs = 0;
        long slowest = 0;
        for (PerftPartial part : parts) {
            for (int i = 0; i < divide.length; i++) {
                divide[i] += part.perRootMove[i];
            }
            jobs += part.jobs;
            slowest = Math.max(slowest, part.nanos);
        }
        long total = 0;
        for (long c : divide) {
            total += c;
        }
        double seconds = Math.max(1, System.currentTimeMillis() - parts.get(0).emittedMillis) / 1e3;
        StringBuilder text = new StringBuilder();
        text.append(String.format("position   %s%n", config.root().toFen()));
        text.append(String.format("depth      %d, split %d plies down: %d jobs over %d partitions%n", config.depth(),
                config.splitDepth(), jobs, parts.size()));
        text.append(String.format("table      %s%n", config.tableLog2() == 0 ? "none"
                : "2^" + config.tableLog2() + " entries in each worker"));
        text.append(String.format("perft      %d%n", total));
        text.append(String.format("time       %.3f s from the spout to the sum; slowest partition counted %.3f s%n",
                seconds, slowest / 1e9));
        text.append(String.format("leaves/s   %.4g%n", total / seconds));
        text.append(String.format("divide     (perft %d of each root move)%n", config.depth() - 1));
        for (int i = 0; i < moves.length; i++) {
            text.append(String.format("  %-7s %d%n", Move.toPdn(moves[i]), divide[i]));
        }
        output.create();
        output.writeString(PERFT_TXT, text);
        output.complete(String.format("perft(%d) = %d of %s: %d jobs over %d partitions, %.3f s (%s)%n",
                config.depth(), total, config.root().toFen(), jobs, parts.size(), seconds, PERFT_TXT));
        LOG.info("perft({}) = {} in {} s", config.depth(), total, String.format("%.3f", seconds));
    }

    @Override
    public void cleanup() {
        output.close();
        super.cleanup();
    }
}
