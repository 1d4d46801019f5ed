package io.stormsim.nbody.fof;

import io.stormsim.nbody.Bodies;
import java.util.ArrayList;
import java.util.List;

/**
 * Every phase of friends-of-friends for every partition in one thread, each partition seeing only what the
 * topology's tasks would send it: the oracle the topology's catalogue is compared with, and the reference for
 * the order of the phases.
 *
 * <ol start="0">
 *   <li>each partition: {@link Census#of}, sent to all; each: {@link FofGrid#of} of all censuses;
 *   <li>each partition: {@link LocalGroups#link}; its {@link LocalGroups#occupiedCells} to each partition p with
 *       {@link Boundary#flows}(p, it);
 *   <li>each partition p: {@link Boundary#of} for each partition q it flows to, from q's cells, sent to q;
 *   <li>each partition: {@link CrossLinks#find} over the boundaries it received, sent to the catalogue task;
 *   <li>catalogue task: {@link GroupMerge#select} over all links, a {@link Selection} back to each partition;
 *   <li>each partition: {@link GroupPieces#of}, sent to the catalogue task;
 *   <li>catalogue task: {@link Catalogue#assemble} of all pieces.
 * </ol>
 */
public final class PartitionedFof {
    private PartitionedFof() {
    }

    /** The catalogue of the bodies split into {@code parts} (partition p holds part p). */
    public static Catalogue run(List<Bodies> parts, FofParameters params) {
        int partitions = parts.size();
        List<Census> censuses = new ArrayList<>();
        for (Bodies b : parts) {
            censuses.add(Census.of(b));
        }
        FofGrid grid = FofGrid.of(censuses, params);
        List<LocalGroups> local = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            local.add(LocalGroups.link(p, parts.get(p), grid));
        }
        List<CrossLinks> links = new ArrayList<>();
        for (int q = 0; q < partitions; q++) {
            List<Boundary> received = new ArrayList<>();
            for (int p = 0; p < partitions; p++) {
                if (Boundary.flows(p, q)) {
                    received.add(Boundary.of(local.get(p), local.get(q).occupiedCells()));
                }
            }
            links.add(CrossLinks.find(local.get(q), received));
        }
        Selection[] selections = GroupMerge.select(links, partitions, params.minMembers);
        List<GroupPieces> pieces = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            pieces.add(GroupPieces.of(local.get(p), selections[p], params.minMembers));
        }
        return Catalogue.assemble(pieces, params.minMembers);
    }
}
