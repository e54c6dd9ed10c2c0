#!/usr/bin/python3
"""Stacked bars of router power (and area) per stage from nocsim result files.
One bar per file, one segment per stage of power.stages: leakage + dynamic
power per router, and area per router in a second panel. The same plot as
./scripts/plot.py RESULT.json ... --kind power.
Usage: ./scripts/plot_power.py -o OUT.png RESULT.json [RESULT.json ...]
       (labels: the file names without .json)"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nocsimexp import plots  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-o", "--output", required=True, help="PNG file to write")
    ap.add_argument("results", nargs="+", help="nocsim JSON result files")
    a = ap.parse_args()
    docs = []
    for path in a.results:
        with open(path) as f:
            doc = json.load(f)
        if "power" not in doc:
            sys.exit("%s: no power section (not a nocsim result file?)" % path)
        docs.append(doc)
    plots.plot_power(docs, [os.path.splitext(os.path.basename(p))[0] for p in a.results], a.output)


if __name__ == "__main__":
    main()
