#!/usr/bin/python3
"""Dragonfly+: saturation throughput of each routing against its bound

The 4-4-4-4 Dragonfly+ (topologies/dragonfly-plus-4.yaml: 17 groups of 4
leaves and 4 spines, 4 nodes per leaf, 4 global links per spine, 272
nodes), 8-flit packets, local links 10 cycles and global 100: the accepted
load above saturation is the routing's saturation throughput
(docs/routing-dragonfly-plus.md, docs/validation.md "Dragonfly+"). Two
patterns: uniform (offered 0.95) and ADV+1 (every node sends to the next
group, offered 0.5). Bounds: min under uniform is the run's own
gamma0_flits (the busiest link of the minimal paths); min under ADV+1
1/(L p) = 1/16 (a group's traffic shares one global link); Valiant about
G(G-1)/(2N) = 0.5 under both (each packet crosses two global links).
Two routers: the file's (separable input-first switch allocator, 2 VCs)
and one that is not the limit (a maximum-size matching, 8 VCs). 3,000
warm-up and 6,000 measured cycles, 3 seeds.
--quick: 1,000 + 1,000 cycles, 1 seed, the first router only.
Run it as ./scripts/reproduce/dragonfly_plus.py [--quick] (Debian's /usr/bin/python3)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from nocsimexp.plots import plot_bar_panels  # noqa: E402
from nocsimexp.reproduce import Reproduction, accepted_cell, md_table  # noqa: E402

P, L, S, H = 4, 4, 4, 4
G = S * H + 1
N = G * L * P
PATTERNS = [("uniform", ["traffic.pattern=uniform", "traffic.load=0.95"]),
            ("ADV+1", ["traffic.pattern=adv", "traffic.load=0.5"])]
VALIANT = G * (G - 1) / (2 * N)
BOUNDS = {("ADV+1", "min"): 1 / (L * P), ("uniform", "val"): VALIANT, ("ADV+1", "val"): VALIANT}
ROUTINGS = ["min", "val", "ugal-l"]
ROUTERS = [("sep_if, 2 VCs", ["router.allocator.sa=sep_if", "router.vcs=2"]),
           ("max_size, 8 VCs", ["router.allocator.sa=max_size", "router.vcs=8"])]


def main():
    r = Reproduction("dragonfly_plus", __doc__)
    window = ["sim.warmup=1000", "sim.cycles=1000"] if r.quick else ["sim.warmup=3000", "sim.cycles=6000"]
    common = ["sim.drain=0"] + window
    seeds = (1,) if r.quick else (1, 2, 3)
    routers = ROUTERS[:1] if r.quick else ROUTERS
    header = ["routing"]
    for pattern, _ in PATTERNS:
        header += ["bound, %s" % pattern] + ["%s, %s" % (pattern, name) for name, _ in routers]
    rows, series, bounds = [], {}, {}
    for alg in ROUTINGS:
        row = [alg]
        for pattern, pkeys in PATTERNS:
            cells, bound = [], BOUNDS.get((pattern, alg))
            for name, keys in routers:
                tag = "%s-%s-%s" % (alg, pattern.replace("+", ""), name.split(",")[0])
                x = r.sweep(tag, "topologies/dragonfly-plus-4.yaml", [], seeds,
                            common + keys + pkeys + ["routing.algorithm=" + alg]).sums_[0]
                cells.append(accepted_cell(x))
                series.setdefault((pattern, name), []).append(x.get("accepted_load") if x.get("ok") else None)
                if x.get("ok") and pattern == "uniform" and alg == "min":
                    bound = min(1.0, x["gamma0_flits"])
            row += ["%.3f" % bound if bound else "-"] + cells
            if bound:
                bounds[(pattern, alg)] = bound
        rows.append(row)
    r.section("Saturation throughput (accepted flits per node per cycle)", md_table(header, rows) +
              "\nugal-l has no bound of its own: it lies between min's and Valiant's, pattern by pattern.")
    lines = {p: [(alg, b) for (pp, alg), b in sorted(bounds.items()) if pp == p] for p, _ in PATTERNS}
    plot_bar_panels([p for p, _ in PATTERNS], ROUTINGS, [n for n, _ in routers], series,
                    r.path("dragonfly_plus.png"), "Dragonfly+ 4-4-4-4 (272 nodes): saturation throughput; "
                    "dashed: bounds", lines=lines)
    r.image("Saturation throughput by routing", "dragonfly_plus.png", "Mean over the seeds.")
    r.finish("`topologies/dragonfly-plus-4.yaml` with `%s`; patterns: %s; routers: %s; routings %s; seeds %s." % (
        " ".join(common), "; ".join("%s: `%s`" % (p, " ".join(k)) for p, k in PATTERNS),
        "; ".join("%s: `%s`" % (n, " ".join(k)) for n, k in routers), ", ".join(ROUTINGS),
        ", ".join(map(str, seeds))))


if __name__ == "__main__":
    main()
