package io.stormsim.nbody.analysis.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.SingleTask;
import io.stormsim.bsp.StepInputs;
import io.stormsim.nbody.bolts.UpdateBolt;
import io.stormsim.nbody.fof.Catalogue;
import io.stormsim.nbody.fof.FofTab;
import io.stormsim.nbody.fof.GroupPieces;
import io.stormsim.run.RunOutput;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Friends-of-friends, phase 6 of 6, one task: assembles the groups from every partition's pieces and writes the
 * catalogue {@code snapshots/fof_tab_NNN.hdf5} (GADGET-4's layout, {@link FofTab}), whole or not at all, into the
 * run's output and run store; the catalogues older than the newest {@code snapshot.keep} go, as the snapshots do.
 */
public class FofCatalogueBolt extends FofPhaseBolt implements SingleTask {
    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(FofPiecesBolt.PIECES, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected List<String> outputs() {
        return List.of();
    }

    @Override
    protected void onStep(long step, StepInputs in) throws IOException {
        RunOutput output = output();
        List<FofPieces> all = in.all(FofPiecesBolt.PIECES);
        List<GroupPieces> pieces = new ArrayList<>();
        all.forEach(p -> pieces.add(p.pieces));
        FofPieces first = all.get(0);
        Catalogue catalogue = Catalogue.assemble(pieces, params.minMembers);
        String name = UpdateBolt.SNAPSHOT_DIR + "/" + FofTab.fileName(first.number);
        Files.createDirectories(output.file(UpdateBolt.SNAPSHOT_DIR));
        FofTab.write(output.file(name), catalogue, first.time, first.boxSize);
        output.written(name);
        if (config.run().snapshotKeep() > 0) {
            output.deleteNumbered(number -> UpdateBolt.SNAPSHOT_DIR + "/" + FofTab.fileName(number),
                    first.number - config.run().snapshotKeep());
        }
    }
}
