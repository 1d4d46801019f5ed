package io.stormsim.sort.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.run.JobCommand;
import io.stormsim.sort.KeySplitters;
import io.stormsim.sort.RadixPartition;
import io.stormsim.sort.RadixPartition.Chunk;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.TopologyContext;

/**
 * The split stage of every sort job, the one exchange: a partition receives its own stripe and every
 * partition's sample, chooses the splitters from the samples (every partition the same, from the same
 * samples in partition order, so no task gathers them), and sends each partition of the sort stage the
 * chunk of its stripe in that partition's key range, ordered by the top digit ({@link RadixPartition#split}).
 */
public class SplitBolt extends SortBolt {
    private transient RadixPartition sorter;

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(CHUNKS, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected List<String> outputs() {
        return List.of(CHUNKS);
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
        JobCommand job = received.get(0).job;
        long[] stats = SortStats.merge(received, SortStats.LOAD);
        List<long[]> samples = new ArrayList<>(partitions);
        for (SortExchange m : received) {
            samples.add(m.samples);
        }
        Chunk stripe = received.get(partition).chunks[0];
        Chunk[] out = sorter.split(stripe.records(), RadixPartition.rangeStart(config.keys(), partitions, partition),
                KeySplitters.choose(samples, partitions));
        // the split copied every record into its outbox: the load stage may reuse the stripe's buffer
        stripe.release();
        long records = 0;
        for (Chunk c : out) {
            records += c.destination() == partition ? 0 : c.count();
        }
        SortStats.stamp(stats, SortStats.SPLIT, start, System.nanoTime() - start, records * config.recordBytes());
        emitToEach(CHUNKS, step, q -> new SortExchange(job, new Chunk[] {out[q]}, new long[0], stats));
    }
}
