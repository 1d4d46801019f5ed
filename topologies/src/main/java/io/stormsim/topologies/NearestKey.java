package io.stormsim.topologies;

import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;
import org.apache.commons.text.similarity.LevenshteinDistance;

/** The known key a mistyped one most likely meant: "did you mean theta?". */
public final class NearestKey {
    private NearestKey() {
    }

    /**
     * The known key fewest single-character edits away from {@code typed}, if it is close enough to be a typo
     * of it: at most a third of its length, and at most 3, edits.
     */
    public static Optional<String> of(String typed, Collection<String> known) {
        LevenshteinDistance distance = LevenshteinDistance.getDefaultInstance();
        return known.stream()
                .filter(k -> distance.apply(typed, k) <= Math.min(3, Math.max(1, k.length() / 3)))
                .min(Comparator.comparingInt((String k) -> distance.apply(typed, k)).thenComparing(k -> k));
    }

    /** " did you mean K?" for the nearest known key K, or nothing. */
    public static String didYouMean(String typed, Collection<String> known) {
        return of(typed, known).map(k -> " did you mean " + k + "?").orElse("");
    }
}
