package io.stormsim.bolts.matmul;

import io.stormsim.bolts.bsp.PartitionRule;
import io.stormsim.bolts.bsp.StepBolt;
import io.stormsim.matrix.Summa;
import java.util.Map;
import org.apache.storm.task.TopologyContext;

/** A matrix multiply phase bolt: a {@link StepBolt} with the run's settings and its SUMMA grid. */
abstract class MatmulBolt extends StepBolt {
    protected transient MatmulConfig config;
    protected transient Summa summa;

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        config = MatmulConfig.from(conf);
        summa = config.summa();
    }

    @Override
    protected PartitionRule partitionRule(Map<String, Object> conf) {
        return MatmulConfig.from(conf);
    }
}
