package io.stormsim.nbody;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The units a user names ({@code units}): {@code nbody}, or {@code LENGTH,MASS,VELOCITY} from a small vocabulary,
 * each with an optional factor in front ({@code kpc,1e10Msun,km/s}), as a {@link UnitSystem}.
 *
 * <p>The cgs sizes are those astropy and yt use: the astronomical unit is IAU 2012's (exact), the parsec is
 * 648000 / pi AU, and the solar mass is IAU 2015's nominal GM of the Sun over {@link UnitSystem#G_CGS} (CODATA
 * 2018), so that G x Msun is the Sun's GM, which orbits are measured by. G in kpc, 1e10 Msun, km/s is therefore
 * 43009.17; GADGET-2's 43007.1 comes from its older G = 6.672e-8 and Msun = 1.989e33 g.
 */
public final class UnitNames {
    public static final String NBODY = "nbody";
    /** The Sun's GM in cm^3 s^-2, IAU 2015 Resolution B3 (nominal). */
    public static final double GM_SUN_CGS = 1.3271244e26;
    public static final double AU_CM = 1.495978707e13;
    public static final double PC_CM = AU_CM * 648000 / Math.PI;
    public static final double MSUN_G = GM_SUN_CGS / UnitSystem.G_CGS;
    private static final Map<String, Double> LENGTHS = new LinkedHashMap<>(), MASSES = new LinkedHashMap<>(),
            VELOCITIES = new LinkedHashMap<>();

    static {
        LENGTHS.put("cm", 1.0);
        LENGTHS.put("m", 1e2);
        LENGTHS.put("km", 1e5);
        LENGTHS.put("AU", AU_CM);
        LENGTHS.put("pc", PC_CM);
        LENGTHS.put("kpc", 1e3 * PC_CM);
        LENGTHS.put("Mpc", 1e6 * PC_CM);
        MASSES.put("g", 1.0);
        MASSES.put("kg", 1e3);
        MASSES.put("Msun", MSUN_G);
        VELOCITIES.put("cm/s", 1.0);
        VELOCITIES.put("m/s", 1e2);
        VELOCITIES.put("km/s", 1e5);
    }

    /** What {@link #parse} takes, for messages. */
    public static final String ALLOWED = NBODY + " (G = 1, no physical scale) or LENGTH,MASS,VELOCITY, each an optional"
            + " factor and a unit, e.g. kpc,1e10Msun,km/s; lengths " + String.join(" ", LENGTHS.keySet()) + "; masses "
            + String.join(" ", MASSES.keySet()) + "; velocities " + String.join(" ", VELOCITIES.keySet());
    private static final Pattern FACTOR_AND_NAME = Pattern.compile("([0-9][0-9.eE+-]*)?\\s*(\\S+)");

    private UnitNames() {
    }

    /**
     * The units {@code spec} names (blanks around the parts ignored; unit names are case-sensitive, as Mpc and mpc
     * differ by 10^9).
     *
     * @throws IllegalArgumentException naming the part that is not in the vocabulary, and the vocabulary
     */
    public static UnitSystem parse(String spec) {
        String s = spec.trim();
        if (s.equals(NBODY)) {
            return UnitSystem.NBODY;
        }
        String[] parts = s.split(",", -1);
        if (parts.length != 3) {
            throw new IllegalArgumentException("'" + spec + "' is not " + NBODY + " nor three units separated by commas");
        }
        return new UnitSystem(size(parts[0], LENGTHS, "length"), size(parts[1], MASSES, "mass"),
                size(parts[2], VELOCITIES, "velocity"));
    }

    private static double size(String part, Map<String, Double> names, String what) {
        Matcher m = FACTOR_AND_NAME.matcher(part.trim());
        Double unit = m.matches() ? names.get(m.group(2)) : null;
        double factor = unit == null ? Double.NaN : factor(m.group(1));
        if (unit == null || !(factor > 0) || !Double.isFinite(factor * unit)) {
            throw new IllegalArgumentException("the " + what + " unit '" + part.trim() + "' is not " + (unit == null
                    ? "one of " + String.join(" ", names.keySet()) + ", with an optional factor > 0 in front"
                    : "a finite factor > 0 times " + m.group(2)));
        }
        return factor * unit;
    }

    private static double factor(String text) {
        if (text == null) {
            return 1;
        }
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
