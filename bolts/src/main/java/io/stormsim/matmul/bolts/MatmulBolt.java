package io.stormsim.matmul.bolts;

import io.stormsim.bsp.PartitionRule;
import io.stormsim.bsp.StepBolt;
import io.stormsim.matmul.Summa;
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
