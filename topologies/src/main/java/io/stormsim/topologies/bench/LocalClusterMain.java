package io.stormsim.topologies.bench;

/**
 * Runs the body of a main that starts a LocalCluster, then ends the JVM: a LocalCluster leaves non-daemon
 * threads behind after close, so a main that returned, or threw, would otherwise never end.
 */
final class LocalClusterMain {
    interface Body {
        void run(String[] args) throws Exception;
    }

    private LocalClusterMain() {
    }

    /** Exits with status 0 once {@code body} returns, 1 (stack trace on stderr) if it throws. */
    static void runThenExit(Body body, String[] args) {
        try {
            body.run(args);
        } catch (Throwable e) {
            e.printStackTrace();
            System.exit(1);
        }
        System.exit(0);
    }
}
