#!/usr/bin/python3
"""Stacked bars of router power (and area) per stage from nocsim result files.
One bar per file, one segment per stage of power.stages: leakage + dynamic
power per router, and area per router in a second panel.
Usage: scripts/plot_power.py -o OUT.png RESULT.json [RESULT.json ...]
       (labels: the file names without .json)"""
import argparse
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

STAGES = ["buffer", "rc", "va", "sa", "st", "output", "link", "clock", "contention", "vc_select"]


def load(path):
    doc = json.load(open(path))
    if "power" not in doc:
        sys.exit("%s: no power section (not a nocsim result file?)" % path)
    p = doc["power"]
    routers = doc["network"]["routers"]
    mw = {s: 1e3 * (v["leakage_w"] + v["dynamic_w"]) / routers for s, v in p["stages"].items()}
    mm2 = {s: 1e-6 * v["area_um2"] / routers for s, v in p["stages"].items()}
    return mw, mm2


def stacked(ax, labels, values, unit):
    bottom = [0.0] * len(labels)
    for s in STAGES:
        h = [v.get(s, 0.0) for v in values]
        if any(h):
            ax.bar(labels, h, bottom=bottom, label=s)
            bottom = [b + x for b, x in zip(bottom, h)]
    ax.set_ylabel(unit)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-o", "--output", required=True, help="PNG file to write")
    ap.add_argument("results", nargs="+", help="nocsim JSON result files")
    a = ap.parse_args()
    labels, power, area = [], [], []
    for path in a.results:
        mw, mm2 = load(path)
        labels.append(os.path.splitext(os.path.basename(path))[0])
        power.append(mw)
        area.append(mm2)
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(max(4, 1.2 * len(labels) + 2), 7), sharex=True)
    stacked(top, labels, power, "power per router (mW)")
    stacked(bottom, labels, area, "area per router (mm$^2$)")
    top.legend(fontsize="small", ncol=2)
    top.set_title("router power and area by stage")
    fig.tight_layout()
    fig.savefig(a.output, dpi=100)


if __name__ == "__main__":
    main()
