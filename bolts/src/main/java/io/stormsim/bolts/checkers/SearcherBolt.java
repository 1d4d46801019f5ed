package io.stormsim.bolts.checkers;

import io.stormsim.bolts.bsp.FanIn;
import io.stormsim.bolts.bsp.StepBolt;
import io.stormsim.bolts.bsp.StepInputs;
import io.stormsim.checkers.LocalTable;
import io.stormsim.checkers.Search;
import io.stormsim.checkers.TableShard;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.storm.task.TopologyContext;

/**
 * A searcher: each round it searches the jobs the coordinator sent it (alpha-beta to the job's depth and
 * window, {@link Search}) and answers with their scores. Its table lives as long as the task, across
 * rounds and positions.
 *
 * <p>With {@code table = local} the table is its own. With {@code table = partitioned} it holds a
 * {@link TableShard}: the entries whose hash it owns. The step engine has no way to ask another searcher
 * and wait for the answer within a step, so a searcher looks up only the entries it owns (at remaining
 * depth >= {@code table.min.depth}); the entries it computes for other owners are sent to them at the end
 * of its round (stream {@value #TABLE_UPDATES}, at most a share's size each) and are in their tables before
 * the next round starts. What it does not do: answer a lookup of a hash another searcher owns.
 */
public class SearcherBolt extends StepBolt {
    public static final String ANSWERS = "answers";
    public static final String TABLE_UPDATES = "table-updates";

    private transient Search search;
    private transient TableShard shard;

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(SearchCoordinatorBolt.BATCH, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected Set<String> handOverStreams() {
        return Set.of(TABLE_UPDATES);
    }

    @Override
    protected List<String> outputs() {
        return List.of(ANSWERS, TABLE_UPDATES);
    }

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        SearchConfig config = SearchConfig.from(conf);
        if (config.table() == SearchConfig.Table.PARTITIONED) {
            shard = new TableShard(partition, partitions, config.tableLog2(), config.tableMinDepth());
            search = new Search(shard);
        } else {
            search = new Search(new LocalTable(config.tableLog2()));
        }
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        SearchBatch batch = in.one(SearchCoordinatorBolt.BATCH);
        int[] scores = new int[batch.jobs.size()];
        long[] nodes = new long[scores.length];
        for (int j = 0; j < scores.length; j++) {
            long before = search.nodes();
            scores[j] = search.search(batch.root, batch.jobs.get(j));
            nodes[j] = search.nodes() - before;
        }
        if (shard != null) {
            for (int owner = 0; owner < partitions; owner++) {
                TableShard.Updates updates = shard.drain(owner);
                if (updates.size() > 0) {
                    emitTo(TABLE_UPDATES, owner, step, updates);
                }
            }
        }
        emitTo(ANSWERS, 0, step, new SearchAnswers(batch.round, partition, scores, nodes, stepElapsedNanos()));
    }

    @Override
    protected void onHandOver(long step, Object payload) {
        shard.apply((TableShard.Updates) payload);
    }
}
