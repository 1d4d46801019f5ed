package io.stormsim.nbody.topologies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.Parameters;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.nbody.SequentialSimulation;
import io.stormsim.nbody.analysis.CentreOfMass;
import io.stormsim.nbody.analysis.LagrangianRadii;
import io.stormsim.topologies.LocalClusterTest;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.TopologyFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The worked example of docs/pipelines.md ("Adding a stage"): the page's Java is {@link HalfMassRadiusBolt}'s and its
 * YAML, run on the LocalCluster beside a copy of barnes-hut.yaml, writes the half-mass radius of the sequential
 * simulation's bodies at each output.
 */
public class AnalysisStageExampleTest extends LocalClusterTest {
    private static final Path PAGE = YAML.resolveSibling("../docs/pipelines.md");
    private static final Path SOURCE = Path.of("src/test/java/io/stormsim/nbody/topologies/HalfMassRadiusBolt.java");

    private static String block(String page, String language, String startingWith) {
        Matcher m = Pattern.compile("```" + language + "\n(" + Pattern.quote(startingWith) + ".*?)```", Pattern.DOTALL)
                .matcher(page);
        assertTrue(m.find(), "docs/pipelines.md has a " + language + " block starting with " + startingWith);
        return m.group(1);
    }

    @Test
    void thePagesExampleIsTheTestedClassAndItsYamlRuns() throws Exception {
        String page = Files.readString(PAGE);
        String source = Files.readString(SOURCE);
        String java = block(page, "java", "public class HalfMassRadiusBolt");
        assertTrue(source.contains(java), "docs/pipelines.md's class is HalfMassRadiusBolt.java's, line for line");

        Path dir = Files.createTempDirectory(out, "example");
        copyIncludes(dir);
        Files.copy(YAML, dir.resolve("barnes-hut.yaml"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(YAML.resolveSibling("barnes-hut.properties"), dir.resolve("barnes-hut.properties"));
        Path yaml = dir.resolve("half-mass.yaml");
        Files.writeString(yaml, block(page, "yaml", "name: \"barnes-hut-half-mass\""));
        int n = 1500, steps = 20;
        long seed = 3;
        Path results = dir.resolve("out");
        LocalRun.run(cluster, TopologyFile.load(yaml, null, Map.of("n", "" + n, "seed", "" + seed, "steps", "" + steps,
                "output.dir", results.toString(), "stream.bind", "", "always.try.serialize", "true"), false),
                Duration.ofMinutes(5));

        List<String> expected = new ArrayList<>(List.of("round,time,half_mass_radius"));
        for (long r = 0; r <= steps; r += 10) {
            Bodies b = r == 0 ? PlummerSphere.generate(n, seed)
                    : new SequentialSimulation(PlummerSphere.generate(n, seed), Parameters.of(r, 0.005, 0.5, 0.01)).run(c -> { });
            double half = LagrangianRadii.about(b, CentreOfMass.of(b).position(), new double[] {0.5}).halfMassRadius();
            expected.add(r + "," + r * 0.005 + "," + half);
        }
        assertEquals(expected, Files.readAllLines(results.resolve("half-mass.csv")));
    }
}
