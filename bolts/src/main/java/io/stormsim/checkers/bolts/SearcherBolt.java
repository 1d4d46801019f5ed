package io.stormsim.checkers.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepBolt;
import io.stormsim.bsp.StepInputs;
import io.stormsim.checkers.LocalTable;
import io.stormsim.checkers.Search;
import io.stormsim.checkers.SearchJob;
import io.stormsim.checkers.SharedJob;
import io.stormsim.checkers.TableShard;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.storm.task.TopologyContext;

/**
 * A searcher: each round it searches jobs of the coordinator's batch (alpha-beta to the job's depth and
 * window, {@link Search}) and answers with their scores: the jobs dealt to the searchers of its worker,
 * taken one at a time as it comes free, shared with them ({@link WorkerShare}), so a round ends when its
 * last job does. Its table lives as long as the task, across rounds and positions.
 *
 * <p>With {@code table = local} the table is its own. With {@code table = partitioned} it holds a
 * {@link TableShard}: the entries whose hash it owns. The step engine has no way to ask another searcher
 * and wait for the answer within a step, so a searcher looks up only the entries it owns (at remaining
 * depth >= {@code table.min.depth}); the entries it computes for other owners are sent to them at the end
 * of its round (stream {@value #TABLE_UPDATES}, at most a share's size each) and are in their tables before
 * the next round starts. What it does not do: answer a lookup of a hash another searcher owns. With
 * {@code table = worker} the searchers of a worker share one {@code SharedTable} ({@link WorkerSearch}), and one
 * with no job left to take joins a job of the round still running instead of waiting for it: they search it
 * together ({@link SharedJob}, ABDADA), so a round of one large job, or whose last job is large, keeps every
 * searcher of the worker busy.
 */
public class SearcherBolt extends StepBolt {
    public static final String ANSWERS = "answers";
    public static final String TABLE_UPDATES = "table-updates";

    private transient Search search;
    private transient TableShard shard;
    private transient boolean[] inThisWorker;
    private transient WorkerShare<WorkerSearch> share;

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
        List<Integer> tasks = context.getComponentTasks(context.getThisComponentId());
        List<Integer> workerTasks = context.getThisWorkerTasks();
        inThisWorker = new boolean[tasks.size()];
        for (int p = 0; p < tasks.size(); p++) {
            inThisWorker[p] = workerTasks.contains(tasks.get(p));
        }
        int log2 = config.tableLog2();
        share = WorkerShare.acquire(context, () -> config.table() == SearchConfig.Table.WORKER ? new WorkerSearch(log2)
                : null);
        if (config.table() == SearchConfig.Table.PARTITIONED) {
            shard = new TableShard(partition, partitions, log2, config.tableMinDepth());
            search = new Search(shard);
        } else {
            search = new Search(share.shared() != null ? share.shared().table : new LocalTable(log2));
        }
    }

    @Override
    protected void onStep(long step, StepInputs in) throws InterruptedException {
        SearchBatch batch = in.one(SearchCoordinatorBolt.BATCH);
        int[] worker = IntStream.range(0, batch.dealtTo.length).filter(j -> inThisWorker[batch.dealtTo[j]]).toArray();
        int[] jobs = new int[worker.length];
        int[] scores = new int[worker.length];
        long[] nodes = new long[worker.length];
        long[] best = new long[worker.length];
        int n = 0;
        WorkerShare.Jobs mine = share.jobs(step, worker.length);
        WorkerSearch together = share.shared();
        for (int w = mine.next(); w >= 0; w = mine.next(), n++) {
            SearchJob job = batch.jobs.get(worker[w]);
            SharedJob shared = together == null ? new SharedJob(job) : together.taken(step, worker.length, w, job);
            search.search(batch.root, shared);
            shared.awaitLeft();
            jobs[n] = worker[w];
            scores[n] = shared.score();
            nodes[n] = shared.nodes();
            best[n] = shared.bestMove();
        }
        // none of the worker's jobs left to take: help with those still running
        for (SharedJob shared = together == null ? null : together.toJoin(step); shared != null;
                shared = together.toJoin(step)) {
            search.search(batch.root, shared);
        }
        if (shard != null) {
            for (int owner = 0; owner < partitions; owner++) {
                TableShard.Updates updates = shard.drain(owner);
                if (updates.size() > 0) {
                    emitTo(TABLE_UPDATES, owner, step, updates);
                }
            }
        }
        emitTo(ANSWERS, 0, step, new SearchAnswers(batch.round, partition, Arrays.copyOf(jobs, n),
                Arrays.copyOf(scores, n), Arrays.copyOf(nodes, n), Arrays.copyOf(best, n), stepElapsedNanos()));
    }

    @Override
    protected void onHandOver(long step, Object payload) {
        shard.apply((TableShard.Updates) payload);
    }

    @Override
    public void cleanup() {
        share.release();
        super.cleanup();
    }
}
