#!/usr/bin/env python3
"""Reaction time of misrouting to a traffic change, from nocsim result files
with a time series (stats.series_period) and traffic.phases whose second
phase starts at SWITCH. Prints, per file, the final misrouted (global)
fraction (mean of the last quarter of the intervals after the switch) and
the cycles after the switch until an interval first reaches 90% of it.
Usage: scripts/transient.py SWITCH RESULT.json [RESULT.json ...]"""
import json
import sys


def reaction(path, switch):
    s = json.load(open(path))["series"]
    ends, dl, mg = s["interval_end"], s["delivered"], s["misrouted_global"]
    after = [(e, m / d) for e, d, m in zip(ends, dl, mg) if e > switch and d > 0]
    tail = after[len(after) * 3 // 4:]
    final = sum(f for _, f in tail) / len(tail)
    for e, f in after:
        if f >= 0.9 * final:
            return final, e - switch
    return final, None


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    switch = int(sys.argv[1])
    for p in sys.argv[2:]:
        final, t = reaction(p, switch)
        print("%s  final %.3f  reaches 90%% after %s cycles" % (p, final, t))
