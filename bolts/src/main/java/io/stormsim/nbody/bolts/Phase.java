package io.stormsim.nbody.bolts;

/** The phases of a Barnes-Hut round, one bolt each, in order. */
public enum Phase {
    BOUNDS, DECOMPOSE, MIGRATE, TREE, ESSENTIAL_TREE, FORCE, UPDATE;

    /** Column name in the diagnostics CSV. */
    public String column() {
        return name().toLowerCase() + "_ms";
    }

    /** Column name of the phase's CPU time in the diagnostics CSV. */
    public String cpuColumn() {
        return name().toLowerCase() + "_cpu_ms";
    }
}
