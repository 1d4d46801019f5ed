package io.stormsim.nbody.analysis.bolts;

import io.stormsim.bsp.StepInputs;
import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.analysis.DensityCentre;
import io.stormsim.nbody.analysis.DensityProfile;
import io.stormsim.nbody.analysis.ProfileFiles;
import io.stormsim.nbody.bolts.AnalysisBodies;
import io.stormsim.nbody.bolts.UpdateBolt;
import io.stormsim.run.ConfigValues;
import java.nio.file.Files;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The density-profile stage ({@code profile}), one task: at each output, from every partition's bodies, the
 * spherical profile about the density centre in logarithmic bins ({@link DensityProfile}: density, enclosed mass,
 * circular velocity, dispersions), written as {@code profiles/profile_NNN.hdf5} (or {@code .csv}), the newest
 * {@code profile.keep} kept (0: all); the plot {@code profile.png} (the first output's and the newest) at the end of a
 * bounded run and at most once a minute before.
 */
public class ProfileBolt extends GatheringStageBolt {
    public static final String DIR = "profiles", PLOT = "profile.png";
    private transient int bins;
    private transient double rMin, rMax;
    private transient boolean hdf5;
    private transient int keep;
    private transient DensityProfile.Profile first;
    private transient double firstTime;

    @Override
    protected String stage() {
        return "profile";
    }

    @Override
    protected List<String> stageKeys() {
        return List.of(key("bins"), key("r.min"), key("r.max"), key("format"), key("keep"));
    }

    @Override
    protected void checkStage(Map<String, Object> conf) {
        bins = (int) ConfigValues.longValue(conf, key("bins"), 40, 1, 100_000, "an integer in 1..100000");
        rMin = conf.containsKey(key("r.min")) ? ConfigValues.doubleValue(conf, key("r.min"), r -> r >= 0,
                "0 (from the data) or a radius > 0") : 0;
        rMax = conf.containsKey(key("r.max")) ? ConfigValues.doubleValue(conf, key("r.max"), r -> r >= 0,
                "0 (from the data) or a radius > " + key("r.min")) : 0;
        if ((rMin == 0) != (rMax == 0) || (rMin > 0 && rMin >= rMax)) {
            throw ConfigValues.notAllowed(key("r.max"), rMax, "0 with " + key("r.min") + " = 0 (the range from the"
                    + " data), else a radius > " + key("r.min") + " = " + rMin);
        }
        String format = conf.getOrDefault(key("format"), "hdf5").toString().trim();
        if (!format.equals("hdf5") && !format.equals("csv")) {
            throw ConfigValues.notAllowed(key("format"), format, "hdf5 or csv");
        }
        hdf5 = format.equals("hdf5");
        keep = (int) ConfigValues.longValue(conf, key("keep"), 0, 0, 100_000,
                "an integer in 0..100000 (the newest profiles kept; 0: all)");
    }

    @Override
    public List<String> results() {
        return List.of(DIR + "/", PLOT);
    }

    @Override
    protected String plotFile() {
        return PLOT;
    }

    @Override
    protected List<String> outputs() {
        return List.of();
    }

    /** The file of output {@code number}, relative to the output directory. */
    public static String file(long number, boolean hdf5) {
        return String.format(Locale.ROOT, "%s/profile_%03d.%s", DIR, number, hdf5 ? "hdf5" : "csv");
    }

    @Override
    protected void onStep(long step, StepInputs in) throws Exception {
        List<AnalysisBodies> parts = in.all(UpdateBolt.ANALYSIS);
        Bodies all = gathered(parts);
        AnalysisBodies a = parts.get(0);
        double[] centre = densityCentre(a.round, DensityCentre.DEFAULT_K, all).position();
        double g = config.params().gravitationalConstant();
        DensityProfile.Profile p = rMin > 0 ? DensityProfile.of(all, centre, bins, rMin, rMax, g)
                : DensityProfile.of(all, centre, bins, g);
        String name = file(cadence.number(a.round), hdf5);
        Files.createDirectories(output().file(DIR));
        if (hdf5) {
            ProfileFiles.writeHdf5(output().file(name), p, a.round, a.time);
        } else {
            ProfileFiles.writeCsv(output().file(name), p);
        }
        output().written(name);
        if (keep > 0) {
            output().deleteNumbered(number -> file(number, hdf5), cadence.number(a.round) - keep);
        }
        if (first == null || a.round <= 0) {
            first = p;
            firstTime = a.time;
        }
        DensityProfile.Profile from = first;
        double fromTime = firstTime, time = a.time;
        String run = String.format("Barnes-Hut, %,d bodies", all.n);
        plot(a.round, () -> ProfilePlot.chart(from, fromTime, p, time, run));
    }
}
