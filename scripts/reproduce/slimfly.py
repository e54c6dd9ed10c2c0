#!/usr/bin/python3
"""SlimFly: saturation throughput of min, val and ugal-l against min's bound

SlimFly q = 5 (topologies/slimfly-q5.yaml: the Hoffman-Singleton graph, 50
routers of network degree 7, 4 nodes each, 200 nodes), 4-flit packets,
offered 0.9 flits per node per cycle: the accepted load is the routing's
saturation throughput (docs/routing-graph.md, docs/validation.md "Graphs
and SlimFly"). Patterns uniform and bitcomp (node s to N-1-s). Two routers:
the file's (separable input-first switch allocator, 4 VCs) and a
maximum-size matching with 8 VCs. The bound is min's channel-load bound as
the run reports it (bound.channel_load: the table's shortest paths walked
under the pattern's demand). 1,000 warm-up and 5,000 measured cycles, 3
seeds.
--quick: 300 + 700 cycles, 1 seed, the first router only.
Run it as ./scripts/reproduce/slimfly.py [--quick] (Debian's /usr/bin/python3)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from nocsimexp.plots import plot_bar_panels  # noqa: E402
from nocsimexp.reproduce import Reproduction, accepted_cell, md_table  # noqa: E402

ROUTINGS = ["min", "val", "ugal-l"]
PATTERNS = ["uniform", "bitcomp"]
ROUTERS = [("sep_if, 4 VCs", ["router.allocator.sa=sep_if", "router.vcs=4"]),
           ("max_size, 8 VCs", ["router.allocator.sa=max_size", "router.vcs=8"])]


def main():
    r = Reproduction("slimfly", __doc__)
    window = ["sim.warmup=300", "sim.cycles=700"] if r.quick else ["sim.warmup=1000", "sim.cycles=5000"]
    common = ["traffic.load=0.9", "sim.drain=0"] + window
    seeds = (1,) if r.quick else (1, 2, 3)
    routers = ROUTERS[:1] if r.quick else ROUTERS
    header, bounds, rows = ["routing"], {}, []
    for pattern in PATTERNS:
        header += ["min's bound, %s" % pattern] + ["%s, %s" % (pattern, n) for n, _ in routers]
    cells = {}
    for alg in ROUTINGS:
        for pattern in PATTERNS:
            for name, keys in routers:
                tag = "%s-%s-%s" % (alg, pattern, name.split(",")[0])
                x = r.sweep(tag, "topologies/slimfly-q5.yaml", [], seeds,
                            common + keys + ["routing.algorithm=" + alg, "traffic.pattern=" + pattern]).sums_[0]
                cells[(alg, pattern, name)] = (x.get("accepted_load") if x.get("ok") else None, accepted_cell(x))
                if x.get("ok") and alg == "min" and x.get("bound.channel_load") not in (None, ""):
                    bounds[pattern] = x["bound.channel_load"]
    for alg in ROUTINGS:
        row = [alg]
        for pattern in PATTERNS:
            row.append("%.3f" % bounds[pattern] if alg == "min" and pattern in bounds else "-")
            row += [cells[(alg, pattern, n)][1] for n, _ in routers]
        rows.append(row)
    r.section("Saturation throughput (accepted flits per node per cycle at offered 0.9)", md_table(header, rows))
    plot_bar_panels(["%s traffic" % p for p in PATTERNS], ROUTINGS, [n for n, _ in routers],
                    {("%s traffic" % p, n): [cells[(a, p, n)][0] for a in ROUTINGS] for p in PATTERNS
                     for n, _ in routers}, r.path("slimfly.png"),
                    "SlimFly q = 5 (200 nodes): saturation throughput at offered 0.9",
                    lines={"%s traffic" % p: [("", b)] for p, b in bounds.items()})
    r.image("Saturation throughput by routing", "slimfly.png", "Mean over the seeds; dashed: min's bound.")
    r.finish("`topologies/slimfly-q5.yaml` with `%s`; routers: %s; routings %s; patterns %s; seeds %s." % (
        " ".join(common), "; ".join("%s: `%s`" % (n, " ".join(k)) for n, k in routers), ", ".join(ROUTINGS),
        ", ".join(PATTERNS), ", ".join(map(str, seeds))))


if __name__ == "__main__":
    main()
