package io.stormsim.spouts;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.shade.org.apache.curator.framework.CuratorFramework;
import org.apache.storm.shade.org.apache.zookeeper.KeeperException;
import org.apache.storm.shade.org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts of a topology's step tasks, kept in the cluster's ZooKeeper under {@code /stormsim-starts/<topology
 * id>/<task>}: every step task records its start ({@link #announce}), and the spout, which polls them, learns
 * within a fraction of a second that a task started after the trigger in flight was sent, that is that its
 * worker died and Storm restarted it. The round in flight cannot complete then (the task lost what it held,
 * and the trigger may have been dropped on the way to it), so the spout restores at once instead of waiting
 * for the message timeout ({@link RestartRecovery}: the settling and resends that follow). ZooKeeper's
 * transaction ids order the starts and the triggers, whatever the machines' clocks say.
 */
public final class TaskRestarts implements AutoCloseable {
    /** How often a spout looks for restarted tasks. */
    static final long POLL_NANOS = 250_000_000L;
    private static final String ROOT = "/stormsim-starts/";
    private static final Logger LOG = LoggerFactory.getLogger(TaskRestarts.class);

    private final CuratorFramework zk;
    private final String path;
    private final Map<String, Long> seen = new HashMap<>();
    private int parentVersion = -1;
    private long nextPoll = System.nanoTime();

    public TaskRestarts(Map<String, Object> conf, String topologyId) {
        this.zk = ProgressStore.connect(conf);
        this.path = ROOT + topologyId;
    }

    /**
     * Records that task {@code taskId} of the topology has started (called by the task, once, when it starts).
     * Returns whether it had started before: this start is a restart (its worker died), and what it wrote
     * before (an output file) is its own run's.
     */
    public static boolean announce(Map<String, Object> conf, String topologyId, int taskId) throws Exception {
        CuratorFramework zk = ProgressStore.connect(conf);
        try {
            String parent = ROOT + topologyId;
            String task = parent + "/" + taskId;
            boolean startedBefore = zk.checkExists().forPath(task) != null;
            if (!startedBefore) {
                try {
                    zk.create().creatingParentsIfNeeded().forPath(task);
                } catch (KeeperException.NodeExistsException raced) {
                    zk.setData().forPath(task);
                }
            } else {
                zk.setData().forPath(task);
            }
            // the parent's version is what the spout polls: one read a poll, whatever the task count
            zk.setData().forPath(parent);
            return startedBefore;
        } finally {
            // closing waits ~0.1 s for ZooKeeper to end the session: the start is recorded, the task need not wait
            Thread closing = new Thread(zk::close, "stormsim-zookeeper-close");
            closing.setDaemon(true);
            closing.start();
        }
    }

    /** A ZooKeeper transaction id of now (a write to a node of its own): starts recorded later have larger ones. */
    public long now() throws Exception {
        String clock = path + ".clock";
        try {
            return zk.setData().forPath(clock).getMzxid();
        } catch (KeeperException.NoNodeException none) {
            zk.create().creatingParentsIfNeeded().forPath(clock);
            return zk.setData().forPath(clock).getMzxid();
        }
    }

    /**
     * Whether at least {@code tasks} starts are recorded: at a topology's start, whether its {@code tasks} tasks of
     * the rounds have all started (each start writes the parent once).
     */
    boolean allStarted(int tasks) throws Exception {
        Stat parent = zk.checkExists().forPath(path);
        return parent != null && parent.getVersion() >= tasks;
    }

    /**
     * The tasks that started after {@code zxid} (a {@link #now}) and since the last call. A task seen for the
     * first time counts only if {@code firstStartsCount}: at a topology's start the tasks start while the
     * first trigger waits for them, but a spout that was itself restarted cannot tell a first start from one
     * it never saw.
     */
    public List<Integer> startedAfter(long zxid, boolean firstStartsCount) throws Exception {
        Stat parent = zk.checkExists().forPath(path);
        if (parent == null || parent.getVersion() == parentVersion) {
            return List.of();
        }
        parentVersion = parent.getVersion();
        List<Integer> started = new ArrayList<>();
        for (String task : zk.getChildren().forPath(path)) {
            Stat stat = zk.checkExists().forPath(path + "/" + task);
            if (stat == null) {
                continue;
            }
            Long before = seen.put(task, stat.getMzxid());
            boolean changed = before == null ? firstStartsCount : before != stat.getMzxid();
            if (changed && stat.getMzxid() > zxid) {
                started.add(Integer.parseInt(task));
            }
        }
        return started;
    }

    /**
     * {@link #startedAfter}, looked up at most every {@link #POLL_NANOS} (a spout asks at every call from Storm):
     * empty between looks, and when ZooKeeper cannot be read (logged: the message timeout is then the fallback).
     */
    List<Integer> poll(long nowNanos, long zxid, boolean firstStartsCount) {
        if (nowNanos - nextPoll < 0) {
            return List.of();
        }
        nextPoll = nowNanos + POLL_NANOS;
        try {
            return startedAfter(zxid, firstStartsCount);
        } catch (Exception e) {
            LOG.warn("could not look for restarted tasks in ZooKeeper: {}", e.toString());
            return List.of();
        }
    }

    @Override
    public void close() {
        zk.close();
    }
}
