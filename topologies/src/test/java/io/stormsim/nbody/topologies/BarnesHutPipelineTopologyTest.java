package io.stormsim.nbody.topologies;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jhdf.HdfFile;
import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.Conserved;
import io.stormsim.nbody.Parameters;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.nbody.SequentialSimulation;
import io.stormsim.nbody.analysis.DensityCentre;
import io.stormsim.nbody.analysis.DensityProfile;
import io.stormsim.nbody.analysis.LagrangianCsv;
import io.stormsim.nbody.analysis.LagrangianRadii;
import io.stormsim.nbody.analysis.bolts.LagrangianBolt;
import io.stormsim.nbody.analysis.bolts.ProfileBolt;
import io.stormsim.nbody.fof.Catalogue;
import io.stormsim.nbody.fof.FofParameters;
import io.stormsim.nbody.fof.FofTab;
import io.stormsim.nbody.fof.PartitionedFof;
import io.stormsim.plot.Charts;
import io.stormsim.topologies.ConfigException;
import io.stormsim.topologies.LocalClusterTest;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.TopologyFile;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * barnes-hut-pipeline.yaml on an embedded LocalCluster, Kryo forced on every tuple: the Lagrangian radii, the
 * density profiles and the friends-of-friends catalogues are the analysis kernels' results on the sequential
 * simulation's bodies at each output time, the same bits at 1, 2 and 3 partitions (3 on two workers, so the
 * stages' messages cross workers); bad stage values are refused before anything runs.
 */
public class BarnesHutPipelineTopologyTest extends LocalClusterTest {
    static final Path PIPELINE = YAML.resolveSibling("barnes-hut-pipeline.yaml");
    private static final int N = 2000, STEPS = 12, LAGRANGIAN_EVERY = 4, SNAPSHOT_EVERY = 6, BINS = 20, MIN_MEMBERS = 8;
    private static final long SEED = 11;
    private static final double DT = 0.01, THETA = 0.6, EPSILON = 0.02, B = 0.2;

    static TopologyFile pipeline(int partitions, int workers, Path outputDir, String... overrides) throws Exception {
        Map<String, String> values = new HashMap<>(Map.of("partitions", String.valueOf(partitions),
                "workers", String.valueOf(workers), "n", String.valueOf(N), "seed", String.valueOf(SEED),
                "steps", String.valueOf(STEPS), "dt", String.valueOf(DT), "theta", String.valueOf(THETA),
                "epsilon", String.valueOf(EPSILON), "output.dir", outputDir.toString(), "always.try.serialize", "true"));
        values.putAll(Map.of("stream.bind", "", "lagrangian.every", String.valueOf(LAGRANGIAN_EVERY),
                "profile.every", String.valueOf(SNAPSHOT_EVERY), "profile.bins", String.valueOf(BINS),
                "snapshot.every", String.valueOf(SNAPSHOT_EVERY), "fof.b", String.valueOf(B),
                "fof.min.members", String.valueOf(MIN_MEMBERS)));
        for (int i = 0; i < overrides.length; i += 2) {
            values.put(overrides[i], overrides[i + 1]);
        }
        return TopologyFile.load(PIPELINE, null, values, false);
    }

    /** The sequential simulation's bodies at round r (a run of r steps ends with them synchronised, as outputs are). */
    private static Bodies sequentialAt(long round) {
        Bodies initial = PlummerSphere.generate(N, SEED);
        return round == 0 ? initial : new SequentialSimulation(initial, Parameters.of(round, DT, THETA, EPSILON)).run(c -> { });
    }

    @Test
    void everyStagesResultIsTheKernelsOnTheSequentialBodiesAtEveryPartitionCount() throws Exception {
        List<Conserved> conserved = new ArrayList<>();
        new SequentialSimulation(PlummerSphere.generate(N, SEED), Parameters.of(STEPS, DT, THETA, EPSILON)).run(conserved::add);
        double[] fractions = LagrangianRadii.defaultFractions();
        LagrangianCsv table = new LagrangianCsv(fractions);
        List<String> expectedRows = new ArrayList<>(List.of(table.header()));
        for (long r = 0; r <= STEPS; r += LAGRANGIAN_EVERY) {
            Conserved c = conserved.get((int) r);
            expectedRows.add(table.row(r, r * DT, LagrangianRadii.both(sequentialAt(r), fractions, DensityCentre.DEFAULT_K),
                    c.value(Conserved.KINETIC), c.value(Conserved.POTENTIAL)));
        }
        for (int[] run : new int[][] {{1, 1}, {2, 1}, {3, 2}}) {
            Path dir = out.resolve("pipeline-p" + run[0] + "-w" + run[1]);
            LocalRun.run(cluster, pipeline(run[0], run[1], dir), Duration.ofMinutes(5));
            String where = run[0] + " partitions, " + run[1] + " workers";
            assertEquals(expectedRows, Files.readAllLines(dir.resolve(LagrangianBolt.CSV)), where + ": lagrangian.csv");
            for (long number = 0; number <= STEPS / SNAPSHOT_EVERY; number++) {
                Bodies b = sequentialAt(number * SNAPSHOT_EVERY);
                double[] centre = DensityCentre.of(b, DensityCentre.DEFAULT_K, DensityCentre.CORE_DIVISOR).position();
                DensityProfile.Profile p = DensityProfile.of(b, centre, BINS, 1.0);
                try (HdfFile hdf = new HdfFile(dir.resolve(ProfileBolt.file(number, true)))) {
                    assertArrayEquals(p.density(), (double[]) hdf.getDatasetByPath("Density").getData(), where);
                    assertArrayEquals(p.sigmaRadial(), (double[]) hdf.getDatasetByPath("SigmaRadial").getData(), where);
                }
                Catalogue expected = PartitionedFof.run(List.of(b), FofParameters.relative(B, MIN_MEMBERS));
                Catalogue written = FofTab.read(dir.resolve("snapshots").resolve(FofTab.fileName(number)));
                assertTrue(expected.length.length > 0, "the test's bodies have groups");
                assertTrue(expected.sameBits(written), where + ": catalogue " + number);
            }
            for (String plot : List.of(LagrangianBolt.PLOT, ProfileBolt.PLOT)) {
                BufferedImage image = ImageIO.read(dir.resolve(plot).toFile());
                assertEquals(Charts.WIDTH, image.getWidth(), plot);
            }
        }
    }

    @Test
    void aBadStageValueIsRefusedBeforeSubmittingNamingItsKey() throws Exception {
        Path dir = out.resolve("refused");
        Map<String[], String> cases = Map.of(
                new String[] {"fof.b", "0"}, "stormsim.fof.b = 0 is not allowed",
                new String[] {"fof.min.members", "1"}, "stormsim.fof.min.members = 1 is not allowed",
                new String[] {"lagrangian.fractions", "0.5,0.1"}, "stormsim.lagrangian.fractions = 0.5,0.1 is not allowed",
                new String[] {"lagrangian.fractions", "0.5,1.5"}, "stormsim.lagrangian.fractions = 0.5,1.5 is not allowed",
                new String[] {"profile.bins", "0"}, "stormsim.profile.bins = 0 is not allowed",
                new String[] {"profile.r.min", "2", "profile.r.max", "1"}, "stormsim.profile.r.max = 1.0 is not allowed",
                new String[] {"lagrangian.every", "0"}, "stormsim.lagrangian.every and stormsim.lagrangian.every.time are both 0",
                new String[] {"lagrangian.every.time", "0.5"}, "stormsim.lagrangian.every.time = 0.5 is not allowed: must be 0"
                        + " when stormsim.lagrangian.every = 4");
        for (Map.Entry<String[], String> c : cases.entrySet()) {
            String message = org.junit.jupiter.api.Assertions.assertThrows(ConfigException.class,
                    () -> pipeline(2, 1, dir, c.getKey())).getMessage();
            assertTrue(message.contains(c.getValue()), String.join("=", c.getKey()) + ": " + message);
        }
    }
}
