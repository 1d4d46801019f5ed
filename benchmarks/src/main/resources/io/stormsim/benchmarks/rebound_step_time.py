"""Seconds a step of REBOUND's tree gravity on the bodies stormsim's Barnes-Hut bench simulates.

Run by `stormsim bench barnes-hut --rebound` with the Python of a virtual environment that has REBOUND:

    python rebound_step_time.py BODIES.csv --steps S --warmup W --theta T --epsilon E --dt DT

BODIES.csv is stormsim's bodies CSV (id,mass,x,y,z,vx,vy,vz, numbers that read back to the same bits).
The bodies go into one REBOUND simulation with G = 1, tree gravity at opening angle T (REBOUND compares
the cell width squared with T^2 times the distance squared), Plummer softening E, the leapfrog
integrator at step DT, and an open boundary around one root box wide enough that no body leaves it in a
short run. Each step is timed on its own (sim.steps(1)); prints one line "seconds=<median of the steps
after the first W> bodies=<bodies still in the box>".
"""
import argparse
import csv
import statistics
import sys
import time

import rebound

# The root box is this many times as wide as the bodies' largest coordinate (half-width 2x the extent):
# the outermost bodies of a Plummer sphere move far less than their radius in a short run.
BOX_PER_EXTENT = 4.0


def read_bodies(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = csv.reader(f)
        header = next(rows)
        if header != ["id", "mass", "x", "y", "z", "vx", "vy", "vz"]:
            sys.exit(f"{path}: line 1 is {','.join(header)}, expected id,mass,x,y,z,vx,vy,vz")
        return [[float(v) for v in row[1:]] for row in rows]


def simulation(bodies, theta, epsilon, dt):
    sim = rebound.Simulation()
    sim.G = 1.0
    sim.gravity = "tree"
    sim.opening_angle2 = theta * theta
    sim.softening = epsilon
    sim.integrator = "leapfrog"
    sim.dt = dt
    sim.boundary = "open"
    extent = max(max(abs(b[1]), abs(b[2]), abs(b[3])) for b in bodies)
    sim.root_size = BOX_PER_EXTENT * extent
    sim.N_root_x = sim.N_root_y = sim.N_root_z = 1
    for m, x, y, z, vx, vy, vz in bodies:
        sim.add(m=m, x=x, y=y, z=z, vx=vx, vy=vy, vz=vz)
    return sim


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bodies")
    parser.add_argument("--steps", type=int, required=True)
    parser.add_argument("--warmup", type=int, required=True)
    parser.add_argument("--theta", type=float, required=True)
    parser.add_argument("--epsilon", type=float, required=True)
    parser.add_argument("--dt", type=float, required=True)
    args = parser.parse_args()
    if not 0 <= args.warmup < args.steps:
        sys.exit(f"--warmup {args.warmup} must be in 0..{args.steps - 1} (--steps {args.steps})")
    bodies = read_bodies(args.bodies)
    sim = simulation(bodies, args.theta, args.epsilon, args.dt)
    seconds = []
    for _ in range(args.steps):
        start = time.perf_counter()
        sim.steps(1)
        seconds.append(time.perf_counter() - start)
    print(f"seconds={statistics.median(seconds[args.warmup:])!r} bodies={sim.N}")


if __name__ == "__main__":
    main()
