#!/usr/bin/python3
"""Saturation search: the highest offered load (traffic.load, on a grid of
--resolution) that the network sustains, by bisection between 0 and --max.
Prints every point it ran, then the load in traffic.load's unit, in
flits/node/cycle and, where the topology defines it (mesh, torus), in
gamma0. This is the maximum sustained throughput (the torus papers' gamma*),
not the accepted load at offered 1: past saturation a torus's accepted load
can fall far below it.

Sustained: exit 0 and not flagged saturated by nocsim (the flit backlog grew
by less than 3% of the flits generated in the window; docs/user-guide.md,
"Saturation"). Runs are cached in --out: a repeated search reruns nothing.

Run it as ./scripts/saturation.py (Debian's /usr/bin/python3).
Usage: ./scripts/saturation.py CONFIG [key=value ...] [--resolution 0.01]
Exit code: 0 found; 2 bad arguments, a refused configuration or a run that
ended without an answer (out of memory, a crash, a signal: the search stops
rather than count it as saturated)."""
import argparse
import hashlib
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nocsimexp.saturation import search, SearchError  # noqa: E402
from nocsimexp.sweeper import DEFAULT_NOCSIM  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(prog="./scripts/saturation.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("config")
    ap.add_argument("overrides", nargs="*", help="key=value (not traffic.load: the search sets it)")
    ap.add_argument("--resolution", type=float, default=0.01, help="load step (default 0.01)")
    ap.add_argument("--max", type=float, default=1.0, help="highest load tried (default 1.0)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--nocsim", default=DEFAULT_NOCSIM)
    ap.add_argument("-o", "--out", help="folder for the runs and saturation.json "
                    "(default results/saturation/<config>-<hash>)")
    ap.add_argument("--quiet", action="store_true", help="print only the result")
    a = ap.parse_args(argv)
    err = lambda m: (sys.stderr.write("saturation.py: error: %s\n" % m), sys.exit(2))  # noqa: E731
    if not os.path.isfile(a.config):
        err("%s: no such configuration file" % a.config)
    if not (os.path.isfile(a.nocsim) and os.access(a.nocsim, os.X_OK)):
        err("--nocsim %s: not an executable (build it with scripts/setup.sh)" % a.nocsim)
    if a.resolution <= 0 or a.max <= 0:
        err("--resolution and --max must be > 0")
    for o in a.overrides:
        if "=" not in o:
            err("%s: expected key=value" % o)
        if o.startswith("traffic.load="):
            err("traffic.load: the search sets it; give --max instead")
    spec = json.dumps([os.path.abspath(a.config), a.overrides, a.resolution, a.max, a.seed])
    out = a.out or os.path.join("results", "saturation", "%s-%s" % (
        os.path.splitext(os.path.basename(a.config))[0], hashlib.sha256(spec.encode()).hexdigest()[:8]))
    log = (lambda m: None) if a.quiet else (lambda m: print(m, flush=True))
    log("saturation search: %s %s, resolution %g, up to %g" % (a.config, " ".join(a.overrides), a.resolution, a.max))
    try:
        r = search(a.nocsim, a.config, a.overrides, os.path.join(out, "runs"), a.resolution, a.max, a.seed, log)
    except SearchError as e:
        err(str(e))
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "saturation.json"), "w") as f:
        json.dump(r, f, indent=1)
    parts = ["saturation: traffic.load=%g" % r["load"]]
    if r["at_max"]:
        parts[0] += " (sustained at --max; the saturation point is higher)"
    if r["offered_flits"] is not None:
        parts.append("%.4f flits/node/cycle" % r["offered_flits"])
    if r["offered_gamma0"] is not None:
        parts.append("%.3f gamma0" % r["offered_gamma0"])
    if r["saturated_load"] is not None:
        parts.append("saturated at %g" % r["saturated_load"])
    print(", ".join(parts))


if __name__ == "__main__":
    main()
