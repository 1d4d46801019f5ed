"""Loads stormsim snapshots with yt and pynbody as docs/operations.md#snapshots shows, and prints what they read.

Each argument is one load, TOOL|MODE|PATH|LENGTH_CM|MASS_G|VELOCITY_CM_S:
  TOOL   yt or pynbody
  MODE   cgs (physical units: print in cm, g, cm/s) or code (N-body units: print the numbers in the file's units)
  PATH   for yt a snapshot's first file (snapshot_NNN.0 or snapshot_NNN.0.hdf5); for pynbody its base name
         (snapshot_NNN), which loads all its files
  the three sizes: only for yt on a GADGET-2 snapshot in cgs mode (the format has no place for units), else empty

For each load it prints "load TOOL PATH", "box B", then one line "ID X Y Z VX VY VZ M" a body, sorted by id,
numbers as Python's repr, then "end". SnapshotAnalysisToolsTest compares them with the bodies it wrote.
"""
import sys

import numpy as np


def load_yt(path, mode, sizes):
    import yt

    yt.set_log_level(40)
    p = yt.load(path).parameters
    half = p["BoxSize"] / 2
    if sizes:
        units = dict(zip(("UnitLength_in_cm", "UnitMass_in_g", "UnitVelocity_in_cm_per_s"), sizes))
    else:
        units = {k: p[k] for k in ("UnitLength_in_cm", "UnitMass_in_g", "UnitVelocity_in_cm_per_s") if k in p}
    ds = yt.load(path, bounding_box=[[-half, half]] * 3, unit_base=units or None)
    ad = ds.all_data()
    as_units = ("cm", "g", "cm/s") if mode == "cgs" else ("code_length", "code_mass", "code_velocity")
    # "all": yt names type 1 PartType1 in HDF5 and Halo in GADGET-2 files
    pos = ad["all", "particle_position"].to(as_units[0]).d
    vel = ad["all", "particle_velocity"].to(as_units[2]).d
    mass = ad["all", "particle_mass"].to(as_units[1]).d
    ids = ad["all", "particle_index"].d.astype(np.int64)
    box = ds.domain_width[0].to(as_units[0]).d
    return box, ids, pos, vel, mass


def load_pynbody(path, mode):
    import pynbody

    s = pynbody.load(path)
    # in double precision: GADGET-2's 32-bit floats times 1e43 g would overflow if converted as they are
    to = ("cm", "cm s^-1", "g") if mode == "cgs" else (s["pos"].units, s["vel"].units, s["mass"].units)
    pos, vel, mass = (np.asarray(s[k], dtype=np.float64) * s[k].units.ratio(u) for k, u in zip(("pos", "vel", "mass"), to))
    if "boxsize" in s.properties:
        box = s.properties["boxsize"].ratio(to[0])
    else:
        # pynbody gives a box to cosmological GADGET-2 runs only; the header has it in the length unit
        box = s.header.BoxSize * s["pos"].units.ratio(to[0])
    return box, np.asarray(s["iord"]).astype(np.int64), np.asarray(pos), np.asarray(vel), np.asarray(mass)


def main():
    for job in sys.argv[1:]:
        tool, mode, path, *sizes = job.split("|")
        sizes = [float(v) for v in sizes if v]
        if tool == "yt":
            box, ids, pos, vel, mass = load_yt(path, mode, sizes)
        else:
            box, ids, pos, vel, mass = load_pynbody(path, mode)
        print("load", tool, path)
        print("box", repr(float(box)))
        for i in np.argsort(ids, kind="stable"):
            values = [*pos[i], *vel[i], mass[i]]
            print(int(ids[i]), " ".join(repr(float(v)) for v in values))
        print("end")


if __name__ == "__main__":
    main()
