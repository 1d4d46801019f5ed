package io.stormsim.nbody.bolts;

import io.stormsim.nbody.Bodies;
import java.util.Arrays;
import java.util.List;

/**
 * A decimated sample of body positions for the live stream: the bodies whose id is a multiple of a
 * stride, positions as floats (20 bytes a body on the wire). Chosen by id, so the sample is the same
 * whatever the partition count; it only reads the bodies.
 */
public final class BodySample {
    public final long[] id;
    public final float[] x, y, z;

    public BodySample(long[] id, float[] x, float[] y, float[] z) {
        this.id = id;
        this.x = x;
        this.y = y;
        this.z = z;
    }

    /** The bodies of {@code b} whose id is a multiple of {@code stride}, in the order of {@code b}. */
    public static BodySample of(Bodies b, long stride) {
        int count = 0;
        for (int i = 0; i < b.n; i++) {
            if (b.id[i] % stride == 0) {
                count++;
            }
        }
        BodySample s = new BodySample(new long[count], new float[count], new float[count], new float[count]);
        for (int i = 0, k = 0; i < b.n; i++) {
            if (b.id[i] % stride == 0) {
                s.id[k] = b.id[i];
                s.x[k] = (float) b.x[i];
                s.y[k] = (float) b.y[i];
                s.z[k] = (float) b.z[i];
                k++;
            }
        }
        return s;
    }

    /** The partitions' samples as one, ordered by id. */
    public static BodySample merge(List<BodySample> parts) {
        int n = parts.stream().mapToInt(p -> p.id.length).sum();
        long[][] byId = new long[n][];
        int k = 0;
        for (int p = 0; p < parts.size(); p++) {
            for (int i = 0; i < parts.get(p).id.length; i++) {
                byId[k++] = new long[] {parts.get(p).id[i], p, i};
            }
        }
        Arrays.sort(byId, (a, b) -> Long.compare(a[0], b[0]));
        BodySample merged = new BodySample(new long[n], new float[n], new float[n], new float[n]);
        for (int j = 0; j < n; j++) {
            BodySample from = parts.get((int) byId[j][1]);
            int i = (int) byId[j][2];
            merged.id[j] = from.id[i];
            merged.x[j] = from.x[i];
            merged.y[j] = from.y[i];
            merged.z[j] = from.z[i];
        }
        return merged;
    }
}
