package io.stormsim.nbody;

/**
 * Finds a repeated body id the way a reader reports it: the first body, in the order read, whose id an earlier
 * body already has, and that earlier body. It sorts the ids' order (stable) rather than filling a map of boxed
 * ids, so a file of 10^8 bodies costs two arrays, not 10^8 objects.
 */
final class UniqueIds {
    private UniqueIds() {
    }

    /** {earlier, later}: the smallest index whose id an earlier index has, and that earlier index; null if none. */
    static int[] firstRepeat(long[] ids) {
        int[] order = KeyOrder.sortedOrder(ids);
        int earlier = -1, later = Integer.MAX_VALUE;
        for (int k = 1; k < order.length; k++) {
            // the order is stable, so the first of a run of equal ids is its earliest body, the second the next
            if (ids[order[k]] == ids[order[k - 1]] && (k == 1 || ids[order[k - 2]] != ids[order[k]])
                    && order[k] < later) {
                earlier = order[k - 1];
                later = order[k];
            }
        }
        return earlier < 0 ? null : new int[] {earlier, later};
    }
}
