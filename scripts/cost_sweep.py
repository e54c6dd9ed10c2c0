#!/usr/bin/python3
"""What a simulated cycle costs against network size and load (issue 35).

Runs the Release build (scripts/setup.sh build-release Release, as
scripts/bench.sh does) on balanced dragonflies h = 2, 3, 4, 6, 8 (Fuentes'
default system: topologies/dragonfly-h4.yaml with p = h, a = 2h; MIN) and
meshes 4x4 ... 32x32 (topologies/mesh-8x8.yaml: DOR, 2 VCs of 8 flits), at
uniform loads 0.05 ... 0.8 flits/node/cycle and idle (load 0, 2 million
cycles), one run per point of enough cycles to take seconds, less the wall
time of a 1-cycle run (elaboration and start-up, which sim.wall_seconds
includes). Prints a table; writes cost.csv and cost.png (ns per
flit-router traversal against load, and wall time per simulated cycle
against size) into --out (default results/cost).
Figures are timings of one machine: they go to docs/performance.md, never
into a test. Usage: scripts/cost_sweep.py [--out DIR] [--runs N] [--quick]"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOADS = [0.0, 0.05, 0.1, 0.2, 0.4, 0.8]
IDLE_CYCLES = 2000000
# (label, nodes, config, overrides, total cycles): cycles chosen so a point takes seconds.
NETWORKS = [("mesh 4x4", 16, "topologies/mesh-8x8.yaml", ["topology.k=4"], 200000),
            ("mesh 8x8", 64, "topologies/mesh-8x8.yaml", [], 100000),
            ("mesh 16x16", 256, "topologies/mesh-8x8.yaml", ["topology.k=16"], 20000),
            ("mesh 32x32", 1024, "topologies/mesh-8x8.yaml", ["topology.k=32"], 5000)]
for h, cycles in ((2, 40000), (3, 12000), (4, 4000), (6, 1500), (8, 1500)):
    NETWORKS.append(("dragonfly h=%d" % h, 2 * h * h * (2 * h * h + 1), "topologies/dragonfly-h4.yaml",
                     ["topology.p=%d" % h, "topology.a=%d" % (2 * h), "topology.h=%d" % h], cycles))


def run(binary, net, load, quick, tmp, fixed=0.0, cycles=None):
    """One run; `fixed` (the wall seconds of a 1-cycle run: elaboration and
    start-up inside the timed part) is taken off its wall time."""
    label, nodes, config, extra, total = net
    if cycles is None:
        # An idle cycle costs next to nothing: its runs are long enough
        # that the 1-cycle run's time taken off is small beside them.
        cycles = IDLE_CYCLES if load == 0 else total
        cycles = max(200, cycles // 50) if quick else cycles
    out = os.path.join(tmp, "run.json")
    cmd = [binary, os.path.join(ROOT, config)] + extra + [
        "traffic.load=%g" % load, "sim.warmup=%d" % (cycles // 5), "sim.cycles=%d" % cycles, "sim.drain=0",
        "--quiet", "-o", out]
    p = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, SYSTEMC_DISABLE_COPYRIGHT_MESSAGE="1"))
    if p.returncode not in (0, 1):  # 1: saturated runs may end incomplete; the timing still holds
        sys.exit("cost_sweep: %s: exit %d: %s" % (" ".join(cmd), p.returncode, p.stderr.strip()[-300:]))
    with open(out) as f:
        r = json.load(f)
    s = r["sim"]
    hops = s["router_traversals"]
    wall = max(s["wall_seconds"] - fixed, 1e-9)
    return {"network": label, "nodes": nodes, "routers": r["network"]["routers"], "load": load,
            "accepted": r.get("accepted_load", 0.0), "saturated": r.get("saturated", False), "cycles": s["cycles"],
            "wall_s": wall, "cycles_per_s": s["cycles"] / wall, "us_per_cycle": 1e6 * wall / s["cycles"],
            "ns_per_hop": 1e9 * wall / hops if hops else float("nan"), "peak_rss_mb": s["peak_rss_kb"] / 1024}


def log_log(ax, xlabel, ylabel, title, legend_size):
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.grid(alpha=0.3, which="both")
    # Below the panel: inside it, it hid a curve.
    ax.legend(fontsize=legend_size, ncol=3, loc="upper center", bbox_to_anchor=(0.5, -0.16))
    ax.set_title(title, fontsize="medium")


def plot(rows, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, (a, b) = plt.subplots(1, 2, figsize=(12, 6.2))
    for net in dict.fromkeys(r["network"] for r in rows):
        pts = [r for r in rows if r["network"] == net and r["load"] > 0]
        style = "-o" if net.startswith("dragonfly") else "--s"
        a.plot([r["load"] for r in pts], [r["ns_per_hop"] for r in pts], style, ms=4, label=net)
    log_log(a, "offered load, flits/(node·cycle)", "wall ns per flit-router traversal", "cost per unit of work carried",
            "small")
    for load in LOADS:
        for kind, style in (("dragonfly", "-o"), ("mesh", "--s")):
            pts = sorted((r for r in rows if r["load"] == load and r["network"].startswith(kind)), key=lambda r: r["nodes"])
            if pts:
                b.plot([r["nodes"] for r in pts], [r["us_per_cycle"] for r in pts], style, ms=4,
                       label="%s, load %g" % (kind, load), color=plt.cm.viridis(LOADS.index(load) / len(LOADS)))
    log_log(b, "nodes", "wall µs per simulated cycle", "cost per cycle (load 0: an idle network)", "x-small")
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(ROOT, "results", "cost"))
    ap.add_argument("--quick", action="store_true", help="1/50 of the cycles (a smoke test; figures meaningless)")
    ap.add_argument("--nocsim", help="binary (default: build-release/nocsim, built by scripts/setup.sh)")
    ap.add_argument("--runs", type=int, default=1,
                    help="runs per point, the fastest kept (the machine drifts by tens of per cent)")
    args = ap.parse_args()
    binary = args.nocsim
    if not binary:
        subprocess.run([os.path.join(ROOT, "scripts", "setup.sh"), "build-release", "Release"], check=True)
        binary = os.path.join(ROOT, "build-release", "nocsim")
    os.makedirs(args.out, exist_ok=True)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for net in NETWORKS:
            fixed = run(binary, net, 0.0, args.quick, tmp, cycles=1)["wall_s"]
            for load in LOADS:
                sys.stderr.write("cost_sweep: %s load %g\n" % (net[0], load))
                runs = [run(binary, net, load, args.quick, tmp, fixed) for _ in range(max(1, args.runs))]
                rows.append(min(runs, key=lambda r: r["wall_s"]))
    with open(os.path.join(args.out, "cost.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    plot(rows, os.path.join(args.out, "cost.png"))
    print("| network | nodes | load | accepted | cycles/s | µs/cycle | ns/hop | peak RSS |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print("| %s | %d | %g | %.3f%s | %.0f | %.2f | %s | %.0f MB |" % (
            r["network"], r["nodes"], r["load"], r["accepted"], " (sat.)" if r["saturated"] else "", r["cycles_per_s"],
            r["us_per_cycle"], "-" if r["load"] == 0 else "%.0f" % r["ns_per_hop"], r["peak_rss_mb"]))


if __name__ == "__main__":
    main()
