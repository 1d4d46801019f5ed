package io.stormsim.cli;

import io.stormsim.run.RedisResults;
import io.stormsim.run.RunConfig;
import io.stormsim.run.RunOutput;
import io.stormsim.topologies.ConfigException;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** A run's results from its run store into a local directory, whichever host wrote them. */
@Command(name = "results", description = {"Writes a run's results from its run store (its store value) into a"
        + " local directory: complete, or as far as the run has got, whichever host wrote them."})
final class ResultsCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "NAME", description = "the topology's name")
    private String name;

    @Option(names = "--store", paramLabel = "redis://HOST:PORT[/DB]",
            description = "the run store the run was given (its store value; default: that of the cluster of several"
                    + " hosts in --cluster DIR, or in ~/.stormsim/cluster)")
    private String store;

    @Option(names = "--cluster", paramLabel = "DIR", description = "the cluster of several hosts scripts/cluster started"
            + " in DIR, whose run store the run used (default: ~/.stormsim/cluster, or $STORMSIM_CLUSTER_DIR)")
    private Path cluster;

    @Option(names = "--to", paramLabel = "DIR", description = "where the files go (default: output/NAME)")
    private Path to;

    @Override
    public Integer call() throws Exception {
        if (store != null && cluster != null) {
            throw new ParameterException(spec.commandLine(), "--store and --cluster name the run store both: give one");
        }
        URI url;
        try {
            url = RunConfig.storeUrl("--store", store != null ? store.trim() : clusterStore());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        if (url == null) {
            throw new ParameterException(spec.commandLine(), "--store is empty: must be redis://HOST:PORT[/DB]");
        }
        Path dir = to != null ? to : Path.of("output", name);
        try (RedisResults results = new RedisResults(url, name)) {
            List<String> names = results.names();
            if (names.isEmpty()) {
                throw new ConfigException("run store " + url + " has no results of " + name + ": is it the store the run"
                        + " was given (--set store=...), and the topology's name?");
            }
            for (String file : names) {
                Path target = dir.resolve(file).normalize();
                if (!target.startsWith(dir.normalize())) {
                    throw new ConfigException("result " + file + " in run store " + url + " is not allowed: it would be"
                            + " written outside " + dir);
                }
                Files.createDirectories(target.getParent());
                results.get(file, target);
            }
            System.out.printf("%d result files of %s from %s in %s (%s)%n", names.size(), name, url,
                    dir.toAbsolutePath(), names.contains(RunOutput.SUMMARY) ? "complete: " + RunOutput.SUMMARY + " is there"
                            : "as far as the run has got: no " + RunOutput.SUMMARY + " yet");
            names.forEach(f -> System.out.println("  " + f));
        } catch (IOException e) {
            throw new ConfigException(e.getMessage());
        }
        return 0;
    }

    /** The run store of the cluster of several hosts in --cluster DIR, or in the default directory. */
    private String clusterStore() throws ConfigException {
        ClusterLayout layout = ClusterLayout.read(cluster != null ? cluster : ClusterLayout.defaultDir());
        return layout.runStore().orElseThrow(() -> new ConfigException("the cluster in " + layout.dir() + " is one host"
                + " and keeps no run store: give the run's store with --store redis://HOST:PORT[/DB]"));
    }
}
