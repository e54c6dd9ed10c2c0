#!/usr/bin/python3
"""Runs nocsim over a grid of configuration values, N seeds per point, and
writes runs.csv (one row per run), summary.csv (one row per point: mean and
95% confidence half-width, Student t, of every numeric result), table.md and
the raw JSONs (runs/ID.json) into the output folder.

Run it as ./scripts/sweep.py (its shebang is Debian's /usr/bin/python3, which
has the python3-yaml, -numpy and -matplotlib that scripts/setup.sh installs).

Axes: key=value (fixed), key=a,b,c (a list), key=start:stop:step (an
inclusive range), e.g.
  ./scripts/sweep.py topologies/dragonfly-h2.yaml traffic.load=0.1:0.9:0.1 \\
      routing.algorithm=min,val,olm router.vcs=4 --seeds 3

Resumable: a run is named by a hash of the configuration file's text, its
overrides and its seed; one that finished (exit 0, 2, 3 or 4) is never run
again unless --force. Interrupted runs (Ctrl-C, SIGTERM, a crash) run again.
A failed or refused run is recorded with its exit code and message and
summarised at the end; it never stops the sweep. Exit code: 0 when every run
finished with exit 0, 1 when some failed, 2 for bad arguments."""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nocsimexp import backends  # noqa: E402
from nocsimexp.grid import parse_grid, GridError  # noqa: E402
from nocsimexp.sweeper import Sweep, default_out, failure_summary, DEFAULT_NOCSIM  # noqa: E402


def parse_args(argv):
    ap = argparse.ArgumentParser(prog="./scripts/sweep.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("config", help="nocsim configuration file (YAML)")
    ap.add_argument("axes", nargs="*", help="key=value | key=a,b,c | key=start:stop:step")
    ap.add_argument("--seeds", type=int, default=1, help="seeds per point: sim.seed = 1..N (default 1)")
    ap.add_argument("--seed-base", type=int, default=1, help="first seed (default 1)")
    ap.add_argument("-o", "--out", help="output folder (default results/sweeps/<config>-<hash of the grid>)")
    ap.add_argument("--backend", choices=["local", "slurm"], default="local")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="local backend: runs at once (default: the number of cores)")
    ap.add_argument("--partition", help="slurm: sbatch --partition")
    ap.add_argument("--time", help="slurm: sbatch --time per array task (e.g. 00:30:00)")
    ap.add_argument("--mem", help="slurm: sbatch --mem per array task (e.g. 2G)")
    ap.add_argument("--poll", type=float, default=2.0, help="slurm: seconds between squeue polls (default 2)")
    ap.add_argument("--slurm-timeout", type=float, default=7 * 86400,
                    help="slurm: give up (scancel) after this many seconds (default a week)")
    ap.add_argument("--nocsim", default=DEFAULT_NOCSIM, help="the nocsim binary (default build/nocsim)")
    ap.add_argument("--force", action="store_true", help="run every point again, finished or not")
    ap.add_argument("--quiet", action="store_true", help="no progress on stderr")
    return ap.parse_args(argv)


def main(argv=None):
    a = parse_args(argv)
    err = lambda m: (sys.stderr.write("sweep.py: error: %s\n" % m), sys.exit(2))  # noqa: E731
    if not os.path.isfile(a.config):
        err("%s: no such configuration file" % a.config)
    if not (os.path.isfile(a.nocsim) and os.access(a.nocsim, os.X_OK)):
        err("--nocsim %s: not an executable (build it with scripts/setup.sh)" % a.nocsim)
    if a.seeds < 1:
        err("--seeds %d: at least 1" % a.seeds)
    if a.jobs < 1:
        err("--jobs %d: at least 1" % a.jobs)
    try:
        axes = parse_grid(a.axes)
    except GridError as e:
        err(str(e))
    if any(k == "sim.seed" for k, _ in axes):
        err("sim.seed: give seeds with --seeds and --seed-base, not as an axis")
    seeds = list(range(a.seed_base, a.seed_base + a.seeds))
    out = a.out or default_out(a.config, axes, seeds, [])
    sweep = Sweep(a.config, axes, seeds, out, a.nocsim)
    slurm = {"partition": a.partition, "time": a.time, "mem": a.mem, "poll": a.poll, "timeout": a.slurm_timeout}
    try:
        sweep.run(a.backend, a.jobs, slurm, a.force, a.quiet)
    except backends.BackendError as e:
        sys.stderr.write("sweep.py: error: %s\n" % e)
        sys.exit(1)
    except KeyboardInterrupt:
        sweep.write()
        sys.stderr.write("\nsweep.py: interrupted; finished runs are kept, run the same command to go on\n")
        sys.exit(130)
    rows, _, table = sweep.write()
    sys.stdout.write(table)
    failed = failure_summary(rows, sweep.keys)
    sat = sum(1 for r in rows if r.get("saturated") is True)
    sys.stderr.write("sweep: %d runs, %d failed, %d saturated; %s/{runs.csv,summary.csv,table.md}\n"
                     % (len(rows), len(failed), sat, out))
    if failed:
        sys.stderr.write("failed runs:\n" + "\n".join(failed) + "\n")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
