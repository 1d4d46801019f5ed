package io.stormsim.nbody.analysis.bolts;

import io.stormsim.nbody.analysis.DensityProfile;
import io.stormsim.plot.Charts;
import java.util.Locale;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The plot of the density profile ({@code profile.png}): density against radius, both logarithmic, at the first
 * output and the newest, so that a change in the structure shows; each bin at the geometric mean of its edges,
 * empty bins left out.
 */
final class ProfilePlot {
    private ProfilePlot() {
    }

    static XYChart chart(DensityProfile.Profile first, double firstTime, DensityProfile.Profile newest, double newestTime,
                         String run) {
        XYChart chart = Charts.xy("Density profile about the density centre, " + run, "radius", "density");
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        add(chart, first, firstTime);
        if (newest != first) {
            add(chart, newest, newestTime);
        }
        return chart;
    }

    private static void add(XYChart chart, DensityProfile.Profile p, double time) {
        int bins = 0;
        for (int k = 0; k < p.bins(); k++) {
            bins += p.count()[k] > 0 ? 1 : 0;
        }
        double[] r = new double[bins], rho = new double[bins];
        for (int k = 0, i = 0; k < p.bins(); k++) {
            if (p.count()[k] > 0) {
                r[i] = Math.sqrt(p.radiusInner()[k] * p.radiusOuter()[k]);
                rho[i++] = p.density()[k];
            }
        }
        chart.addSeries(String.format(Locale.ROOT, "time %.4g", time), r, rho).setMarker(SeriesMarkers.CIRCLE);
    }
}
