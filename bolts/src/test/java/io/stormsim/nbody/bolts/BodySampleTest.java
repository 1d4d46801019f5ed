package io.stormsim.nbody.bolts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.run.StreamConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The stream's body sample is chosen by id: the same whatever the partitions hold. */
class BodySampleTest {
    @Test
    void theMergedSampleOfAnyPartitioningIsTheWholeSystemsSample() {
        Bodies all = PlummerSphere.generate(2003, 5);
        long stride = StreamConfig.from(Map.of(StreamConfig.SAMPLE_SIZE, 100)).sampleStride(all.n);
        assertEquals(21, stride);
        BodySample whole = BodySample.of(all, stride);
        assertEquals(96, whole.id.length, "ids 0, 21, ..., 1995");
        for (int partitions : new int[] {2, 3, 7}) {
            List<BodySample> parts = new ArrayList<>();
            for (int p = 0; p < partitions; p++) {
                // a partition holds bodies in no id order: every partitions-th body, from the end
                List<Integer> mine = new ArrayList<>();
                for (int i = all.n - 1 - p; i >= 0; i -= partitions) {
                    mine.add(i);
                }
                Bodies part = new Bodies(mine.size());
                for (int k = 0; k < mine.size(); k++) {
                    part.id[k] = all.id[mine.get(k)];
                    part.x[k] = all.x[mine.get(k)];
                    part.y[k] = all.y[mine.get(k)];
                    part.z[k] = all.z[mine.get(k)];
                }
                parts.add(BodySample.of(part, stride));
            }
            BodySample merged = BodySample.merge(parts);
            assertArrayEquals(whole.id, merged.id, partitions + " partitions");
            assertArrayEquals(whole.x, merged.x);
            assertArrayEquals(whole.y, merged.y);
            assertArrayEquals(whole.z, merged.z);
        }
        assertEquals((float) all.z[21 * 7], whole.z[7]);
    }
}
