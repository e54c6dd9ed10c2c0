#!/usr/bin/python3
"""Dragonfly load sweeps per routing under UN, ADV+1 and ADVc.

Accepted load and latency against offered load for MIN, Valiant, UGAL-L, PAR
and OLM (router.vcs=5, the most any of them needs; docs/routing-dragonfly.md)
under uniform (UN), adversarial-consecutive ADV+1 and ADVc traffic, with
strict Valiant's and MIN's channel-load bounds (docs/validation.md,
"Dragonfly"). Full: h = 4 (1,056 nodes), offered 0.1..0.9 in steps of 0.2, 2 seeds;
--quick: h = 2 (72 nodes), 4 loads, 1 seed, short windows.
Run it as ./scripts/reproduce/dragonfly_load.py [--quick] (Debian's
/usr/bin/python3)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from nocsimexp.reproduce import Reproduction, fmt_pm, md_table, highest_sustained  # noqa: E402
from nocsimexp import plots  # noqa: E402

ROUTINGS = ["min", "val", "ugal-l", "par", "olm"]
PATTERNS = [("uniform", "UN"), ("adv", "ADV+1"), ("advc", "ADVc")]


def main():
    r = Reproduction("dragonfly_load", __doc__)
    if r.quick:
        cfg, loads, seeds = "topologies/dragonfly-h2.yaml", ["0.2", "0.4", "0.6", "0.8"], [1]
        fixed = ["sim.warmup=300", "sim.cycles=1000", "sim.drain=0"]
    else:
        cfg, loads, seeds = "topologies/dragonfly-h4.yaml", ["0.1", "0.3", "0.5", "0.7", "0.9"], [1, 2]
        fixed = ["sim.warmup=2000", "sim.cycles=5000", "sim.drain=0"]
    rows = []
    for pattern, name in PATTERNS:
        s = r.sweep(pattern, cfg, [("routing.algorithm", ROUTINGS), ("traffic.load", loads)], seeds,
                    ["traffic.pattern=" + pattern, "router.vcs=5"] + fixed)
        png = "%s.png" % pattern
        plots.plot_sweep(s.sums_, s.keys, r.path(png), "%s, %s traffic (%s); %d seed(s) per point" % (
            os.path.basename(cfg), name, " ".join(fixed), len(seeds)), by=["routing.algorithm"])
        r.image("%s traffic" % name, png)
        for routing in ROUTINGS:
            pts = [x for x in s.sums_ if x["routing.algorithm"] == routing and x["ok"]]
            last = highest_sustained(pts)
            best = max(pts, key=lambda x: x.get("accepted_load", 0), default=None)
            bound = best.get("bound.channel_load") if best else None
            rows.append([name, routing,
                         last["traffic.load"] if last else "< %s" % loads[0],
                         fmt_pm(best, "accepted_load") if best else "-",
                         best["traffic.load"] if best else "-",
                         "%.4f" % bound if bound not in (None, "") else "-"])
    r.section("Throughput per routing", md_table(
        ["traffic", "routing", "highest sustained offered load", "peak accepted (± 95% CI)", "at offered",
         "channel-load bound (oblivious)"], rows) +
        "\nSustained: not flagged saturated (docs/user-guide.md, \"Saturation\"). The bound is nocsim's "
        "closed form for oblivious routings (`bound.channel_load`), absent for adaptive ones.")
    r.finish("`%s` with `router.vcs=5`, `%s`; routings %s; loads %s; seeds %s." % (
        cfg, " ".join(fixed), ", ".join(ROUTINGS), ", ".join(loads), ", ".join(map(str, seeds))))


if __name__ == "__main__":
    main()
