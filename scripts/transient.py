#!/usr/bin/env python3
"""Reaction time of misrouting to a traffic change, from nocsim result files
with a time series (stats.series_period) and traffic.phases whose second
phase starts at SWITCH. Prints, per file, the final misrouted (global)
fraction (mean of the last quarter of the intervals after the switch) and
the cycles after the switch until an interval first reaches 90% of it.
The rule lives in scripts/nocsimexp/transient.py (also used by
scripts/reproduce/contention_transient.py).
Usage: scripts/transient.py SWITCH RESULT.json [RESULT.json ...]"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nocsimexp import transient  # noqa: E402


def reaction(path, switch):
    with open(path) as f:
        return transient.reaction(json.load(f), switch)


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    switch = int(sys.argv[1])
    for p in sys.argv[2:]:
        final, t = reaction(p, switch)
        print("%s  final %.3f  reaches 90%% after %s cycles" % (p, final, t))
