package io.stormsim.spouts;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.storm.Config;
import org.apache.storm.shade.org.apache.curator.framework.CuratorFramework;
import org.apache.storm.utils.CuratorUtils;
import org.apache.storm.utils.ZookeeperAuthInfo;

/**
 * A running topology's progress in the cluster's ZooKeeper (Storm's own client): the last completed
 * round and the last complete checkpoint, under {@code /stormsim/<topology id>}. A spout restarted on
 * another worker reads it to know where its run is.
 */
final class ProgressStore implements AutoCloseable {
    private static final String ROOT = "/stormsim/";
    private final CuratorFramework zk;
    private final String path;

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

    private long read(String key) throws Exception {
        for (String line : new String(zk.getData().forPath(path), StandardCharsets.UTF_8).split("\n")) {
            if (line.startsWith(key + "=")) {
                return Long.parseLong(line.substring(key.length() + 1));
            }
        }
        throw new IllegalStateException(path + " in ZooKeeper has no " + key);
    }

    @Override
    public void close() {
        zk.close();
    }
}
