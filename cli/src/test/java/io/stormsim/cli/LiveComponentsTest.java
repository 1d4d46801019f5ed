package io.stormsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.apache.storm.generated.BoltAggregateStats;
import org.apache.storm.generated.CommonAggregateStats;
import org.apache.storm.generated.ComponentAggregateStats;
import org.apache.storm.generated.ErrorInfo;
import org.apache.storm.generated.ExecutorInfo;
import org.apache.storm.generated.ExecutorSummary;
import org.apache.storm.generated.SpecificAggregateStats;
import org.apache.storm.generated.TopologyInfo;
import org.apache.storm.generated.TopologyPageInfo;
import org.junit.jupiter.api.Test;

/** The components table from what Nimbus reports, and the events it tells: a worker restarted, an error reported. */
class LiveComponentsTest {
    @Test
    void theTableFollowsTheDataFlowAndARestartedWorkerIsAnEvent() {
        LiveRun run = new LiveRun("barnes-hut");
        long[] nowMillis = {100_000};
        LiveComponents components = new LiveComponents("barnes-hut", run, 10, () -> nowMillis[0]);
        List<String> order = List.of("timestep", "force");
        // h1 started at 70 s, h2 at 60 s (the clock's seconds)
        JsonNode t = components.table(page(), info(30, 40), order);
        assertEquals(List.of("timestep", "force"), t.get("components").findValues("component").stream().map(JsonNode::asText).toList());
        JsonNode force = t.get("components").get(1);
        assertEquals(7, force.get("executed").asLong());
        assertEquals(0.25, force.get("capacity").asDouble());
        assertEquals(List.of("h1:6700", "h2:6701"), t.get("worker_list").findValues("worker").stream().map(JsonNode::asText).toList());
        assertEquals(0, run.state().get("events").size(), "the first look tells nothing");

        // uptimes a heartbeat old at most (10 s): no restart, however stale
        nowMillis[0] = 109_000;
        components.table(page(), info(30, 40), order);
        nowMillis[0] = 115_000;
        components.table(page(), info(40, 50), order);
        assertEquals(0, run.state().get("events").size(), run.state().get("events").toString());

        // h2 now started at 122 s, later than 60 + 10 allows: a new worker; then it ages as any other
        nowMillis[0] = 125_000;
        components.table(page(), info(50, 3), order);
        nowMillis[0] = 140_000;
        components.table(page(), info(60, 13), order);
        JsonNode events = run.state().get("events");
        assertEquals(1, events.size(), events.toString());
        assertEquals("worker h2:6701 restarted (up 3 s)", events.get(0).get("text").asText());

        TopologyInfo withError = info(70, 23);
        withError.put_to_errors("force", List.of(new ErrorInfo("java.lang.IllegalStateException: boom\n\tat ...", 1_700_000_000)));
        nowMillis[0] = 150_000;
        JsonNode errors = components.table(page(), withError, order).get("errors");
        assertEquals("java.lang.IllegalStateException: boom", errors.get(0).get("error").asText());
        assertEquals("force reported: java.lang.IllegalStateException: boom",
                run.state().get("events").get(1).get("text").asText());
    }

    private static TopologyPageInfo page() {
        TopologyPageInfo page = new TopologyPageInfo("id-1");
        page.set_name("barnes-hut");
        page.set_status("ACTIVE");
        page.set_uptime_secs(60);
        CommonAggregateStats spout = new CommonAggregateStats();
        spout.set_num_executors(1);
        spout.set_num_tasks(1);
        spout.set_emitted(5);
        page.put_to_id_to_spout_agg_stats("timestep", aggregate(spout, null));
        CommonAggregateStats bolt = new CommonAggregateStats();
        bolt.set_num_executors(2);
        bolt.set_num_tasks(2);
        BoltAggregateStats b = new BoltAggregateStats();
        b.set_executed(7);
        b.set_capacity(0.25);
        page.put_to_id_to_bolt_agg_stats("force", aggregate(bolt, SpecificAggregateStats.bolt(b)));
        return page;
    }

    private static ComponentAggregateStats aggregate(CommonAggregateStats common, SpecificAggregateStats specific) {
        ComponentAggregateStats s = new ComponentAggregateStats();
        s.set_common_stats(common);
        if (specific != null) {
            s.set_specific_stats(specific);
        }
        return s;
    }

    /** Two workers: h1 up {@code up1} s with the spout, h2 up {@code up2} s with the force bolt. */
    private static TopologyInfo info(int up1, int up2) {
        List<ExecutorSummary> executors = List.of(new ExecutorSummary(new ExecutorInfo(1, 1), "timestep", "h1", 6700, up1),
                new ExecutorSummary(new ExecutorInfo(2, 3), "force", "h2", 6701, up2));
        return new TopologyInfo("id-1", "barnes-hut", 60, executors, "ACTIVE", new java.util.HashMap<>(Map.of()));
    }
}
