package io.stormsim.topologies;

import java.util.Map;

/** Which workload a topology config is: the class its {@value Workload#CLASS_KEY} names. */
public final class Workloads {
    private Workloads() {
    }

    /** The workload {@code config} names, after checking that its values use that workload's keys. */
    public static Workload of(Map<String, Object> config) throws ConfigException {
        Object className = config.get(Workload.CLASS_KEY);
        String allowed = "the class name of a " + Workload.class.getName() + ", e.g. "
                + "io.stormsim.nbody.topologies.NbodyWorkload";
        if (className == null) {
            throw new ConfigException(Workload.CLASS_KEY + " is missing: set it in the topology's config to " + allowed);
        }
        Workload workload;
        try {
            Class<?> type = Class.forName(className.toString().trim());
            if (!Workload.class.isAssignableFrom(type)) {
                throw new ConfigException(Workload.CLASS_KEY + " = " + className + " is not allowed: must be " + allowed);
            }
            workload = (Workload) type.getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new ConfigException(Workload.CLASS_KEY + " = " + className + " is not allowed: no such class with a"
                    + " public constructor without arguments; must be " + allowed);
        }
        String prefix = prefix(workload);
        if (config.keySet().stream().noneMatch(k -> k.startsWith(prefix))) {
            throw new ConfigException("the topology config must set the keys of exactly one workload (" + prefix
                    + "*, those of " + Workload.CLASS_KEY + " = " + className + "); it sets none");
        }
        return workload;
    }

    static String prefix(Workload w) {
        return "stormsim." + w.name() + ".";
    }
}
