package io.stormsim.nbody.analysis.bolts;

import io.stormsim.nbody.bolts.NbodyBolt;
import io.stormsim.nbody.fof.FofParameters;
import java.util.Map;
import org.apache.storm.task.TopologyContext;

/** A phase of the friends-of-friends stage after the first ({@link FofLinkBolt}): reads the stage's parameters. */
abstract class FofPhaseBolt extends NbodyBolt {
    protected transient FofParameters params;

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        super.setUp(conf, context);
        params = FofParameters.of(conf);
    }
}
