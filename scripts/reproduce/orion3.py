#!/usr/bin/python3
"""Router area, leakage and power against ORION 3.0's 45 nm routers.

ORION 3.0's 64 placed-and-routed 45 nm routers (its training data,
routers_45nm.csv; buffers per VC B, VCs V, ports P, flit width F) against
nocsim's power model at the same parameters: one router of a k = 4 torus
with 2n + 1 = P ports (the NIC port included), V VCs of B flits on every
port, wormhole, and the
reference's microarchitecture where nocsim has a choice: Netmaker's flit
(F data bits plus its control fields, control_bits()), a mux crossbar and
the free-pool VC allocator (router.allocator.va=free_pool; nocsim's
default sep_if beside it). Area and leakage are the router's own (links
left out, as the reference has none). Power: the reference states neither
clock nor activity, so one assumption holds for the whole set (1 GHz,
uniform random traffic at 0.2 flits/node/cycle, every node injecting), and
the comparison is of trends: each point's router power over the P = 5,
V = 2, B = 5, F = 32 point's, in the model and in the reference. Full:
every point, 2,000 measured cycles; --quick: 8 points and 500 cycles (the
plots and tables the same way).
Run it as ./scripts/reproduce/orion3.py [--quick] (Debian's /usr/bin/python3)."""
import csv
import json
import os
import statistics
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from nocsimexp.reproduce import Reproduction, md_table  # noqa: E402
from nocsimexp.sweeper import ROOT  # noqa: E402

DATA = os.path.join(ROOT, "..", "shared", "data", "orion3", "routers_45nm.csv")
PARAMS = (("buffers_per_vc", "B"), ("vcs", "V"), ("ports", "P"), ("flit_bits", "F"))
REF_POINT = {"B": 5, "V": 2, "P": 5, "F": 32}
LOAD, FREQ = "0.2", "1"
K = 4  # torus radix of the runs


def control_bits(p):
    """Bits a reference flit carries beside its F data bits: Netmaker's flit
    (the RTL ORION 3.0's routers are generated from) holds valid and tail
    flags, the output port at the next router one-hot (P bits, lookahead
    routing), the VC one-hot (V bits) and the destination as x and y
    displacements of log2(k) + 1 bits each; buffers, input register and
    crossbar hold the whole flit."""
    return 2 + p["P"] + p["V"] + 2 * (K.bit_length() - 1 + 1)


def read_points():
    with open(DATA) as f:
        rows = list(csv.DictReader(f))
    pts = []
    for r in rows:
        p = {short: int(r[col]) for col, short in PARAMS}
        p.update(area=float(r["area_um2"]), leakage=float(r["leakage_mw"]) * 1e-3, power=float(r["total_mw"]) * 1e-3)
        pts.append(p)
    return sorted(pts, key=lambda p: (p["P"], p["V"], p["B"], p["F"]))


def overrides(p, cycles, va="free_pool"):
    return ["topology.type=torus", "topology.k=%d" % K, "topology.n=%d" % ((p["P"] - 1) // 2), "topology.concentration=1",
            "router.vcs=%d" % p["V"], "router.buffer_depth=%d" % p["B"], "router.switching=wormhole",
            "routing.algorithm=dor", "router.allocator.va=" + va, "power.crossbar=mux",
            "power.flit_bits=%d" % (p["F"] + control_bits(p)), "power.freq_ghz=" + FREQ,
            "traffic.pattern=uniform", "traffic.load=" + LOAD, "traffic.packet_size=4",
            "sim.warmup=500", "sim.cycles=%d" % (500 + cycles), "sim.drain=0", "sim.seed=1"]


def run_point(r, p, cycles, va):
    tag = "P%d-V%d-B%d-F%d-%s" % (p["P"], p["V"], p["B"], p["F"], va)
    out = os.path.join(r.work, tag + ".json")
    cmd = [r.args.nocsim] + overrides(p, cycles, va) + ["--quiet", "-o", out]
    if r.args.force or not os.path.exists(out):
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        if run.returncode != 0:
            sys.exit("orion3: %s: exit %d: %s" % (" ".join(cmd), run.returncode, run.stderr.strip()[-400:]))
    with open(out) as f:
        doc = json.load(f)
    pw, routers = doc["power"], doc["network"]["routers"]
    link = pw["stages"].get("link", {"area_um2": 0, "leakage_w": 0, "dynamic_w": 0})
    return {"area": (pw["total"]["area_um2"] - link["area_um2"]) / routers,
            "leakage": (pw["total"]["leakage_w"] - link["leakage_w"]) / routers,
            "power": (pw["total"]["power_w"] - link["leakage_w"] - link["dynamic_w"]) / routers,
            "stages": {s: v["area_um2"] / routers for s, v in pw["stages"].items() if s != "link"}}


def median(xs):
    return statistics.median(xs) if xs else float("nan")


def per_value_table(points, keys):
    """Median (min-max) of each ratio per parameter value."""
    rows = []
    for _, param in PARAMS:
        for v in sorted({p[param] for p in points}):
            sel = [p for p in points if p[param] == v]
            rows.append(["%s = %d" % (param, v), len(sel)] +
                        ["%.2f (%.2f-%.2f)" % (median([p[k] for p in sel]), min(p[k] for p in sel),
                                               max(p[k] for p in sel)) for k in keys])
    return rows


def summary(points):
    n = len(points)
    area_in = sum(1 for p in points if abs(p["area_ratio"] - 1) <= 0.25)
    trend_in = sum(1 for p in points if abs(p["trend_ratio"] - 1) <= 0.30)
    leak_in = sum(1 for p in points if 0.5 <= p["leakage_ratio"] <= 2)
    worst = []
    for _, param in PARAMS:
        for v in sorted({p[param] for p in points}):
            m = median([p["area_ratio"] for p in points if p[param] == v])
            if not 0.85 <= m <= 1.15:
                worst.append("%s = %d (%.2f)" % (param, v, m))
    lines = [
        "- Area: median ratio %.2f (%.2f-%.2f); %d of %d points within ±25%%; parameter values whose median "
        "lies outside 0.85-1.15: %s." % (median([p["area_ratio"] for p in points]),
                                         min(p["area_ratio"] for p in points), max(p["area_ratio"] for p in points),
                                         area_in, n, ", ".join(worst) or "none"),
        "- Area with nocsim's default VA instead (router.allocator.va=sep_if, P·V arbiters of P·V inputs): "
        "median %.2f (%.2f-%.2f); %d of %d points within ±25%%." % (
            median([p["sep_ratio"] for p in points]), min(p["sep_ratio"] for p in points),
            max(p["sep_ratio"] for p in points), sum(1 for p in points if abs(p["sep_ratio"] - 1) <= 0.25), n),
        "- Leakage: median ratio %.2f (%.2f-%.2f); %d of %d points within a factor of 2." % (
            median([p["leakage_ratio"] for p in points]), min(p["leakage_ratio"] for p in points),
            max(p["leakage_ratio"] for p in points), leak_in, n),
        "- Power trend (each point's power over the P = 5, V = 2, B = 5, F = 32 point's, model over "
        "reference): median %.2f (%.2f-%.2f); %d of %d points within ±30%%." % (
            median([p["trend_ratio"] for p in points]), min(p["trend_ratio"] for p in points),
            max(p["trend_ratio"] for p in points), trend_in, n),
        "- Absolute power (model / reference, 1 GHz, load %s): median %.2f (%.2f-%.2f)." % (
            LOAD, median([p["power_ratio"] for p in points]), min(p["power_ratio"] for p in points),
            max(p["power_ratio"] for p in points)),
    ]
    return "\n".join(lines) + "\n"


def main():
    r = Reproduction("orion3", __doc__)
    from nocsimexp import plots
    points = read_points()
    cycles = 2000
    if r.quick:  # the reference point and one point per extreme of each parameter
        keep = lambda p: p == REF_POINT or any(p[k] in (2, 3, 9, 16, 64) for k in ("B", "P", "F")) and p["V"] == 2
        points = [p for p in points if keep({k: p[k] for k in "BVPF"})][:8]
        if not any(all(p[k] == REF_POINT[k] for k in REF_POINT) for p in points):
            points.append(next(p for p in read_points() if all(p[k] == REF_POINT[k] for k in REF_POINT)))
        cycles = 500
    os.makedirs(r.work, exist_ok=True)
    if not r.args.quiet:
        sys.stderr.write("orion3: %d points\n" % len(points))
    with ThreadPoolExecutor(max_workers=max(1, r.args.jobs)) as pool:
        models = list(pool.map(lambda p: run_point(r, p, cycles, "free_pool"), points))
        sep_if = list(pool.map(lambda p: run_point(r, p, cycles, "sep_if"), points))
    ref = None
    for p, m, sep in zip(points, models, sep_if):
        p.update(model_area=m["area"], model_leakage=m["leakage"], model_power=m["power"], stages=m["stages"],
                 sep_area=sep["area"])
        if all(p[k] == REF_POINT[k] for k in REF_POINT):
            ref = p
    for p in points:
        p["area_ratio"] = p["model_area"] / p["area"]
        p["sep_ratio"] = p["sep_area"] / p["area"]
        p["leakage_ratio"] = p["model_leakage"] / p["leakage"]
        p["power_ratio"] = p["model_power"] / p["power"]
        p["trend_ratio"] = (p["model_power"] / ref["model_power"]) / (p["power"] / ref["power"])
    stages = sorted({s for p in points for s in p["stages"]})
    with open(r.path("points-runs.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["B", "V", "P", "F", "ref_area_um2", "model_area_um2", "area_ratio", "ref_leakage_w",
                    "model_leakage_w", "leakage_ratio", "ref_power_w", "model_power_w", "power_ratio",
                    "trend_ratio", "sep_if_va_area_ratio"] + ["model_%s_um2" % s for s in stages])
        for p in points:
            w.writerow([p["B"], p["V"], p["P"], p["F"], p["area"], "%.1f" % p["model_area"], "%.3f" % p["area_ratio"],
                        p["leakage"], "%.4g" % p["model_leakage"], "%.3f" % p["leakage_ratio"], p["power"],
                        "%.4g" % p["model_power"], "%.3f" % p["power_ratio"], "%.3f" % p["trend_ratio"],
                        "%.3f" % p["sep_ratio"]] +
                       ["%.1f" % p["stages"].get(s, 0) for s in stages])
    r.section("Summary", summary(points))
    keys = ["area_ratio", "sep_ratio", "leakage_ratio", "trend_ratio"]
    r.section("Ratios by parameter value", md_table(
        ["value", "points", "area", "area with sep_if VA", "leakage", "power trend"],
        per_value_table(points, keys)))
    plots.plot_ratios_by_parameter(points, ["B", "V", "P", "F"],
                                   {"area": "area_ratio", "area, sep_if VA": "sep_ratio",
                                    "leakage": "leakage_ratio", "power trend": "trend_ratio"},
                                   r.path("ratios.png"), "nocsim / ORION 3.0 45 nm routers (line: median per value)",
                                   band=(0.85, 1.15))
    r.image("Model over reference, per parameter", "ratios.png",
            "Each dot is one router; the line joins the medians per value; the grey band is 0.85-1.15.")
    rows = [[p["P"], p["V"], p["B"], p["F"], "%.0f" % p["area"], "%.0f" % p["model_area"], "%.2f" % p["area_ratio"],
             "%.2f" % p["leakage_ratio"], "%.2f" % p["trend_ratio"]] for p in points]
    r.section("Every point", md_table(["P", "V", "B", "F", "reference µm²", "model µm²", "area", "leakage",
                                       "power trend"], rows))
    r.finish("Setting: %s\n\nThe model's router at each point is priced from a run of "
             "`nocsim %s` (the link stage left out)." % (__doc__.split("\n\n")[1].replace("\n", " "),
                                                          " ".join(overrides(points[0], cycles))))


if __name__ == "__main__":
    main()
