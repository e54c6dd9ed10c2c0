#!/usr/bin/python3
"""VAL-group under bit-complement with Prisacari's wiring against Prisacari's model 3/(4p)

Prisacari's analysis of Valiant routing over random intermediate groups
(routing.algorithm=val-group) under bit-complement traffic on a dragonfly
wired as in his paper (topology.arrangement=prisacari) bounds the
saturation throughput by 3/(4p) flits/(node·cycle) for balanced sizes
h = p (docs/validation.md, "Prisacari: VAL-group under bit-complement").
This script runs a load sweep (not the bisection of nocsimexp.saturation)
per size: offered 0.05..0.35 in steps of 0.05 and then the section's
overload point (0.9 at h = 2, 0.6 at h = 3, 0.5 at h = 4). It reports the
accepted load at the overload point (the section's figure: the saturation
throughput), the highest offered load of the grid that is sustained (not
flagged saturated) and the lowest per-router injection, beside 3/(4p).
Full: h = p = 2, 3, 4 (72, 342, 1,056 nodes) with the section's windows
(5,000 + 20,000, 3,000 + 10,000 and 2,000 + 8,000 cycles), 2 seeds;
--quick: h = p = 2, 3 with 500 + 2,000 cycles, offered 0.1, 0.2, 0.3 and
the overload point, 1 seed (too short to settle: a smoke test).
Run it as ./scripts/reproduce/valiant_groups.py [--quick] (Debian's /usr/bin/python3)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from nocsimexp.reproduce import Reproduction, fmt_pm, md_table  # noqa: E402
from nocsimexp import plots  # noqa: E402

COMMON = ["routing.algorithm=val-group", "traffic.pattern=bitcomp", "topology.arrangement=prisacari", "sim.drain=0"]
# (h = p, configuration, its overrides, the section's overload offered load, its window)
SIZES = [
    (2, "topologies/dragonfly-h2.yaml", [], "0.9", ["sim.warmup=5000", "sim.cycles=20000"]),
    (3, "topologies/dragonfly-h2.yaml", ["topology.p=3", "topology.a=6", "topology.h=3"], "0.6",
     ["sim.warmup=3000", "sim.cycles=10000"]),
    (4, "topologies/dragonfly-h4.yaml", [], "0.5", ["sim.warmup=2000", "sim.cycles=8000"]),
]


def model(p):
    return 3.0 / (4.0 * p)


def main():
    r = Reproduction("valiant_groups", __doc__)
    if r.quick:
        sizes = [(h, cfg, over, top, ["sim.warmup=500", "sim.cycles=2000"]) for h, cfg, over, top, _ in SIZES[:2]]
        grid, seeds = ["0.1", "0.2", "0.3"], [1]
    else:
        sizes = SIZES
        grid, seeds = ["%.2f" % (0.05 * i) for i in range(1, 8)], [1, 2]
    rows, all_sums = [], []
    acc_pts, sus_pts = [], []
    for h, cfg, over, top, window in sizes:
        p = h
        loads = grid + [top]
        s = r.sweep("h%d" % h, cfg, [("traffic.load", loads)], seeds, over + COMMON + window)
        for x in s.sums_:
            x["h = p"] = str(h)
        all_sums += s.sums_
        ok = [x for x in s.sums_ if x["ok"]]
        sustained = []
        for x in ok:  # ascending load: the last one before the first saturated point
            if x["saturated"]:
                break
            sustained.append(x)
        over_pt = [x for x in ok if x["traffic.load"] == top]
        o = over_pt[0] if over_pt else None
        nodes = o.get("network.nodes") if o else None
        bound = o.get("bound.channel_load") if o else None
        rows.append([h, p, "%d" % nodes if nodes else "-", top, fmt_pm(o, "accepted_load", "%.4f") if o else "-",
                     "%.4f" % model(p), "%.2f" % (o["accepted_load"] / model(p)) if o else "-",
                     sustained[-1]["traffic.load"] if sustained else "< %s" % loads[0],
                     fmt_pm(o, "fairness.min_injection", "%.4f") if o else "-",
                     "%.4f" % bound if bound not in (None, "") else "-"])
        if o:
            acc_pts.append((p, o["accepted_load"], o.get("accepted_load.ci95") or 0.0))
        if sustained:
            sus_pts.append((p, float(sustained[-1]["traffic.load"]), 0.0))
    r.section("Saturation throughput against 3/(4p)", md_table(
        ["h", "p", "nodes", "overload offered", "accepted at overload (± 95% CI)", "3/(4p)", "accepted / 3/(4p)",
         "highest sustained offered on the grid", "lowest per-router injection at overload", "bound.channel_load"],
        rows) +
        "\nLoads in flits/(node·cycle). Load sweep, not a bisection: offered %s and the overload point per size; "
        "*sustained* is nocsim's saturation flag (docs/user-guide.md, \"Saturation\"), so it is resolved to the "
        "grid's step. The lowest per-router injection is `fairness.min_injection` (flits injected per node of a router per cycle; under overload the routers behind the bottleneck are throttled); `bound.channel_load` is nocsim's "
        "closed-form bound for uniform injection over the wiring (with an odd group count the middle group maps "
        "onto itself and nodes are not equivalent)." % ", ".join(grid))
    series = {"accepted at the overload point (mean ± 95% CI)": acc_pts}
    if sus_pts:
        series["highest sustained offered load on the grid (step %s)" % grid[0]] = sus_pts
    plots.plot_points_vs_model(series, model, r.path("throughput-vs-p.png"),
                               "VAL-group, bit-complement, Prisacari wiring, h = p; %d seed(s)" % len(seeds),
                               "p = h (nodes per router = global links per router)",
                               "load (flits/(node·cycle))", "Prisacari's model 3/(4p)")
    r.image("Throughput against p", "throughput-vs-p.png",
            "Markers: measured; line: 3/(4p). The sustained load is a grid value (no error bar).")
    plots.plot_sweep(all_sums, ["h = p", "traffic.load"], r.path("load-sweep.png"),
                     "VAL-group, bit-complement, Prisacari wiring; %d seed(s) per point" % len(seeds), by=["h = p"])
    r.image("Accepted and latency against offered load", "load-sweep.png",
            "Circled points are flagged saturated. Latency is over the packets delivered in the window "
            "(sim.drain=0).")
    r.finish("`%s` on %s; offered %s plus the overload point; seeds %s." % (
        " ".join(COMMON), "; ".join("h = p = %d: `%s` with `%s`, overload %s" % (
            h, " ".join([cfg] + over), " ".join(w), top) for h, cfg, over, top, w in sizes),
        ", ".join(grid), ", ".join(map(str, seeds))))


if __name__ == "__main__":
    main()
