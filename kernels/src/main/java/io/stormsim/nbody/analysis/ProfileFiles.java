package io.stormsim.nbody.analysis;

import io.jhdf.HdfFile;
import io.jhdf.WritableHdfFile;
import io.jhdf.exceptions.HdfException;
import io.stormsim.run.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One {@link DensityProfile.Profile} as a file, written whole or not at all ({@link AtomicFiles}).
 *
 * <p>CSV: the header {@link #CSV_HEADER}, then one row per bin, innermost first, numbers by
 * {@link Double#toString} (the same bits read back). HDF5 (jHDF): one dataset per quantity at the root, named as
 * {@link #DATASETS} lists them, and root attributes {@code Time}, {@code Round}, {@code Centre} (x, y, z) and
 * {@code GravitationalConstant}. Everything sits at the root because jHDF 0.13.0 writes its version string just
 * after the last dataset's data, over the header of any group written after it (see
 * {@link io.stormsim.nbody.Hdf5Snapshot}): with no groups there is nothing for it to overwrite.
 */
public final class ProfileFiles {
    public static final String CSV_HEADER =
            "r_inner,r_outer,count,mass,density,enclosed_mass,v_circ,sigma_r,sigma_total";
    public static final List<String> DATASETS = List.of("RadiusInner", "RadiusOuter", "Count", "Mass", "Density",
            "EnclosedMass", "CircularVelocity", "SigmaRadial", "SigmaTotal");

    private ProfileFiles() {
    }

    public static void writeCsv(Path file, DensityProfile.Profile p) throws IOException {
        AtomicFiles.writeText(file, out -> {
            out.append(CSV_HEADER).append('\n');
            for (int k = 0; k < p.bins(); k++) {
                out.append(Double.toString(p.radiusInner()[k])).append(',')
                        .append(Double.toString(p.radiusOuter()[k])).append(',')
                        .append(Integer.toString(p.count()[k])).append(',')
                        .append(Double.toString(p.mass()[k])).append(',')
                        .append(Double.toString(p.density()[k])).append(',')
                        .append(Double.toString(p.enclosedMass()[k])).append(',')
                        .append(Double.toString(p.circularVelocity()[k])).append(',')
                        .append(Double.toString(p.sigmaRadial()[k])).append(',')
                        .append(Double.toString(p.sigmaTotal()[k])).append('\n');
            }
        });
    }

    public static void writeHdf5(Path file, DensityProfile.Profile p, long round, double time) throws IOException {
        Object[] data = {p.radiusInner(), p.radiusOuter(), p.count(), p.mass(), p.density(), p.enclosedMass(),
                p.circularVelocity(), p.sigmaRadial(), p.sigmaTotal()};
        AtomicFiles.writeVia(file, tmp -> {
            try (WritableHdfFile hdf = HdfFile.write(tmp)) {
                hdf.putAttribute("Time", time);
                hdf.putAttribute("Round", round);
                hdf.putAttribute("Centre", p.centre());
                hdf.putAttribute("GravitationalConstant", p.gravitationalConstant());
                for (int d = 0; d < data.length; d++) {
                    hdf.putDataset(DATASETS.get(d), data[d]);
                }
            } catch (HdfException e) {
                throw new IOException("HDF5 profile " + file + " cannot be written: " + e.getMessage(), e);
            }
        });
    }
}
