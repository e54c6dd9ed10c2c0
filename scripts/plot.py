#!/usr/bin/python3
"""Plots nocsim results (PNG by default; --format svg|pdf).

From a sweep (its folder or its summary.csv): accepted vs offered and
latency vs offered side by side, one line per variant (every swept key but
traffic.load, or --by), 95% CI error bars, saturated points circled red.
From one run's JSON (--kind):
  fairness   injected load per router (bars), Jain's index and max/min
  series     time series per interval (run with stats.series_period=N):
             misrouted fraction, mean latency, accepted load
  power      stacked power and area per router stage (several JSONs: a bar each)
  links      link power time per state (several JSONs: a bar each)

Run it as ./scripts/plot.py (Debian's /usr/bin/python3 with matplotlib).
Usage: ./scripts/plot.py SWEEP_DIR|summary.csv [-o OUT] [--by KEY,...] [--unit flits|gamma0]
       ./scripts/plot.py RESULT.json [...] --kind fairness|series|power|links [-o OUT]"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nocsimexp import plots  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(prog="./scripts/plot.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("inputs", nargs="+", help="a sweep folder or summary.csv, or result JSON files")
    ap.add_argument("-o", "--output", help="output file (default beside the input, named by the plot)")
    ap.add_argument("--format", choices=["png", "svg", "pdf"], default="png")
    ap.add_argument("--kind", choices=["sweep", "fairness", "series", "power", "links"])
    ap.add_argument("--by", help="sweep: comma-separated keys naming the lines (default every swept key but traffic.load)")
    ap.add_argument("--unit", choices=["flits", "gamma0"], default="flits", help="sweep: load unit of the axes")
    ap.add_argument("--linear", action="store_true", help="sweep: linear latency axis (default log)")
    ap.add_argument("--title")
    ap.add_argument("--mark", type=int, action="append", default=[], help="series: a cycle to mark (repeatable)")
    a = ap.parse_args(argv)
    first = a.inputs[0]
    kind = a.kind or ("sweep" if (os.path.isdir(first) or first.endswith(".csv")) else None)
    if kind is None:
        ap.error("--kind is needed for result JSON files (fairness, series, power or links)")
    for p in a.inputs:
        if not os.path.exists(p):
            ap.error("%s: no such file or folder" % p)
    base = first.rstrip("/")
    if os.path.isdir(base):
        base = os.path.join(base, "plot")
    else:
        base = os.path.splitext(base)[0]
    out = a.output or "%s-%s.%s" % (base, kind, a.format)
    labels = [os.path.splitext(os.path.basename(p))[0] for p in a.inputs]
    try:
        if kind == "sweep":
            rows, keys = plots.read_summary(first)
            by = a.by.split(",") if a.by else None
            plots.plot_sweep(rows, keys, out, a.title, by, a.unit, log_latency=not a.linear)
        elif kind in ("fairness", "series"):
            if len(a.inputs) != 1:
                ap.error("--kind %s takes one result file" % kind)
            doc = plots._load_json(first)
            if kind == "fairness":
                plots.plot_fairness(doc, out, a.title)
            else:
                plots.plot_series(doc, out, a.title, a.mark)
        elif kind == "power":
            plots.plot_power([plots._load_json(p) for p in a.inputs], labels, out, a.title)
        else:
            plots.plot_link_states([plots._load_json(p) for p in a.inputs], labels, out, a.title)
    except (ValueError, KeyError, OSError) as e:
        sys.stderr.write("plot.py: error: %s\n" % e)
        sys.exit(2)
    print(out)


if __name__ == "__main__":
    main()
