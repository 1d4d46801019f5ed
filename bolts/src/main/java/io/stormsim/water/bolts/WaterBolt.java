package io.stormsim.water.bolts;

import io.stormsim.bsp.PartitionRule;
import io.stormsim.bsp.StepBolt;
import io.stormsim.water.ForceUpdate;
import io.stormsim.water.Frames;
import io.stormsim.water.WaterModel;
import io.stormsim.water.WaterPartition;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.storm.task.TopologyContext;

/** A Water phase bolt: a {@link StepBolt} that reads the run's settings, with the partition rule they imply. */
abstract class WaterBolt extends StepBolt {
    /** Every phase hands its partition's state to the next phase of the same partition on this stream. */
    static final String PARTITION = "partition";
    static final Frames NO_FRAMES = new Frames(new int[0], new int[0], new double[0]);
    static final ForceUpdate NO_UPDATE = new ForceUpdate(new int[0], new int[0], new int[0], new int[0],
            new double[0]);

    protected transient WaterConfig config;

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        config = WaterConfig.from(conf);
    }

    @Override
    protected PartitionRule partitionRule(Map<String, Object> conf) {
        return WaterConfig.from(conf);
    }

    /** Whether the corrector sends the frames after the boundary: for the potential energies, or an RDF sample. */
    protected boolean exchangesBoundaryFrames(WaterPartitionState s) {
        return s.prints(config.input().printEvery()) || s.samplesRdf(config.rdfEvery(), config.rdfSampleEvery());
    }

    /** Sends every partition the frames of this partition's molecules its rows reach; returns the bytes sent to others. */
    protected long emitFrames(String stream, long step, WaterPartition part) {
        long bytes = 0;
        for (int q = 0; q < partitions; q++) {
            Frames f = part.framesFor(q);
            bytes += 8L * f.values().length + 8L * f.first().length;
            emitTo(stream, q, step, f);
        }
        return bytes;
    }

    /** The non-empty messages of a list (the kernel's phases take those a partition was actually sent). */
    static <T> List<T> nonEmpty(List<T> messages, Predicate<T> isEmpty) {
        List<T> out = new ArrayList<>(messages.size());
        for (T m : messages) {
            if (!isEmpty.test(m)) {
                out.add(m);
            }
        }
        return out;
    }

    /** The Gear derivatives of the partition's own molecules, [order+1][9 (to - from)]. */
    static double[][] ownDerivatives(WaterPartition part) {
        double[][] all = new double[part.constants.order + 1][WaterModel.PER_MOLECULE * part.constants.molecules];
        part.copyDerivativesTo(all);
        double[][] own = new double[all.length][];
        for (int k = 0; k < all.length; k++) {
            own[k] = Arrays.copyOfRange(all[k], WaterModel.PER_MOLECULE * part.from, WaterModel.PER_MOLECULE * part.to);
        }
        return own;
    }
}
