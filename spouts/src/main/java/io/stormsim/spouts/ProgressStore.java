package io.stormsim.spouts;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.storm.Config;
import org.apache.storm.shade.org.apache.curator.framework.CuratorFramework;
import org.apache.storm.utils.CuratorUtils;
import org.apache.storm.utils.ZookeeperAuthInfo;

/**
 * A running topology's progress in the cluster's ZooKeeper (Storm's own client), under {@code
 * /stormsim/<topology id>}: for a simulation in rounds the last completed round and the last complete
 * checkpoint, for a job stream the jobs done. A spout restarted on another worker reads it to know where its
 * run is.
 */
final class ProgressStore implements AutoCloseable {
    private static final String ROOT = "/stormsim/";
    private final CuratorFramework zk;
    private final String path;
    private boolean jobsRecorded;

    ProgressStore(Map<String, Object> conf, String topologyId) {
        this.zk = connect(conf);
        this.path = ROOT + topologyId;
    }

    /** A client of the cluster's ZooKeeper, from the topology config. */
    @SuppressWarnings("unchecked")
    static CuratorFramework connect(Map<String, Object> conf) {
        return CuratorUtils.newCuratorStarted(conf, (List<String>) conf.get(Config.STORM_ZOOKEEPER_SERVERS),
                conf.get(Config.STORM_ZOOKEEPER_PORT), new ZookeeperAuthInfo(conf), null);
    }

    /** Whether this topology has recorded progress before (this spout is a restarted one). */
    boolean exists() throws Exception {
        return zk.checkExists().forPath(path) != null;
    }

    /**
     * Records round r as completed, and the last complete checkpoint (-1: none). Returns the write's ZooKeeper
     * transaction id: later writes (a task's start) have larger ones.
     */
    long record(long round, long checkpoint) throws Exception {
        byte[] data = ("round=" + round + "\ncheckpoint=" + checkpoint + "\n").getBytes(StandardCharsets.UTF_8);
        if (!exists()) {
            zk.create().creatingParentsIfNeeded().forPath(path, data);
        }
        return zk.setData().forPath(path, data).getMzxid();
    }

    /** The last complete checkpoint recorded for this topology, if the run had made one. */
    OptionalLong lastCheckpoint() throws Exception {
        long c = exists() ? read("checkpoint") : -1;
        return c < 0 ? OptionalLong.empty() : OptionalLong.of(c);
    }

    /**
     * Records the done jobs of a job stream: all below {@code doneBelow}, and {@code doneAbove}. Written in the
     * background (a job stream's spout acks jobs every few milliseconds); ZooKeeper applies one client's
     * writes in order, so the newest record wins.
     */
    void recordJobs(long doneBelow, Collection<Long> doneAbove) throws Exception {
        StringBuilder text = new StringBuilder("jobs.done.below=").append(doneBelow).append("\njobs.done.above=");
        for (long job : doneAbove) {
            text.append(job).append(',');
        }
        byte[] data = text.append('\n').toString().getBytes(StandardCharsets.UTF_8);
        if (jobsRecorded || exists()) {
            zk.setData().inBackground().forPath(path, data);
        } else {
            zk.create().creatingParentsIfNeeded().forPath(path, data);
        }
        jobsRecorded = true;
    }

    /** The done jobs of a job stream: every job below {@code below}, and those in {@code above}. */
    record DoneJobs(long below, List<Long> above) {
    }

    /** The done jobs recorded by {@link #recordJobs} (none if the stream has recorded nothing yet). */
    DoneJobs doneJobs() throws Exception {
        if (!exists()) {
            return new DoneJobs(0, List.of());
        }
        List<Long> above = new ArrayList<>();
        for (String job : readText("jobs.done.above").split(",")) {
            if (!job.isEmpty()) {
                above.add(Long.parseLong(job));
            }
        }
        return new DoneJobs(read("jobs.done.below"), above);
    }

    private long read(String key) throws Exception {
        return Long.parseLong(readText(key));
    }

    private String readText(String key) throws Exception {
        for (String line : new String(zk.getData().forPath(path), StandardCharsets.UTF_8).split("\n")) {
            if (line.startsWith(key + "=")) {
                return line.substring(key.length() + 1);
            }
        }
        throw new IllegalStateException(path + " in ZooKeeper has no " + key);
    }

    @Override
    public void close() {
        zk.close();
    }
}
