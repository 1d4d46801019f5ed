package io.stormsim.sort.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.sort.RadixPartition;
import io.stormsim.sort.RadixPartition.Chunk;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.TopologyContext;

/**
 * The sort stage of every sort job: a partition sorts the chunks of its key range that every partition of
 * the split stage sent it ({@link RadixPartition#sort}: the remaining digit passes, here alone, and the check
 * that the range is in order) and sends the sorted range to the sink.
 */
public class RangeSortBolt extends SortBolt {
    private transient RadixPartition sorter;

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(CHUNKS, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected List<String> outputs() {
        return List.of(SORTED);
    }

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        super.setUp(conf, context);
        sorter = new RadixPartition(partition, partitions, config.digitBits());
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        long start = System.nanoTime();
        List<SortExchange> received = in.all(CHUNKS);
        long[] stats = SortStats.merge(received, SortStats.SPLIT);
        List<Chunk> mine = new ArrayList<>(partitions);
        for (SortExchange m : received) {
            mine.add(m.chunks[0]);
        }
        Chunk sorted = sorter.sort(mine);
        SortStats.stamp(stats, SortStats.SORT, start, System.nanoTime() - start, 0);
        emitTo(SORTED, 0, step, new SortExchange(received.get(0).job, new Chunk[] {sorted}, new long[0], stats));
    }
}
