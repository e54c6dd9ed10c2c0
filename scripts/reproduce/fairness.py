#!/usr/bin/python3
"""Fairness per router under ADVc for three arbitration schemes.

Per-router injection under adversarial-consecutive ADVc traffic at offered
1.0 (beyond every routing's saturation), router.vcs=4, for MIN, oblivious
Valiant (VAL) and in-transit adaptive OLM (its default UGAL trigger), each
with three arbitration schemes: in-transit priority over round-robin
arbiters ("transit"), round-robin without priority ("rr"), age-based
arbiters at VA and both SA stages without priority ("age")
(docs/validation.md, "Fairness under ADVc: arbitration (Fuentes ch. 3)").
Full: h = 4 (1,056 nodes), sim.warmup=3000
sim.cycles=10000, 2 seeds; --quick: h = 2 (72 nodes), sim.warmup=2000
sim.cycles=3000, 1 seed.
Run it as ./scripts/reproduce/fairness.py [--quick] (Debian's
/usr/bin/python3)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from nocsimexp.reproduce import Reproduction, fmt_pm, md_table  # noqa: E402
from nocsimexp.runs import load_result  # noqa: E402
from nocsimexp.stats import mean_ci  # noqa: E402
from nocsimexp import plots  # noqa: E402

ROUTINGS = [("min", "MIN"), ("val", "VAL"), ("olm", "OLM")]
ARBITRATIONS = [
    ("transit", "in-transit priority over round-robin", ["router.in_transit_priority=true"]),
    ("rr", "round-robin, no priority", ["router.in_transit_priority=false"]),
    ("age", "age-based at VA, SA in and SA out, no priority",
     ["router.in_transit_priority=false", "router.arbiter.va=age", "router.arbiter.sa_in=age",
      "router.arbiter.sa_out=age"]),
]
LOAD = "1.0"


def main():
    r = Reproduction("fairness", __doc__)
    if r.quick:
        cfg, seeds = "topologies/dragonfly-h2.yaml", [1]
        window = ["sim.warmup=2000", "sim.cycles=3000", "sim.drain=0"]
    else:
        cfg, seeds = "topologies/dragonfly-h4.yaml", [1, 2]
        window = ["sim.warmup=3000", "sim.cycles=10000", "sim.drain=0"]
    common = ["traffic.pattern=advc", "router.vcs=4", "traffic.load=" + LOAD] + window
    sweeps = {}
    for arb, _, keys in ARBITRATIONS:
        sweeps[arb] = r.sweep(arb, cfg, [("routing.algorithm", [x for x, _ in ROUTINGS])], seeds, common + keys)

    rows = []
    for routing, rname in ROUTINGS:
        for arb, _, _ in ARBITRATIONS:
            sw = sweeps[arb]
            i = next(j for j, p in enumerate(sw.points) if dict(p)["routing.algorithm"] == routing)
            s = sw.sums_[i]
            means = []  # the mean of per_router_injection per run (not among the flat scalars)
            for t in sw.tasks[i * len(seeds):(i + 1) * len(seeds)]:
                meta, _, doc = load_result(t)
                inj = doc.get("per_router_injection")
                if meta.get("exit_code") == 0 and inj:
                    means.append(sum(inj) / len(inj))
            m, ci = mean_ci(means)
            note = []
            if s["failed"]:
                note.append("%d failed" % s["failed"])
            rows.append([rname, arb, fmt_pm(s, "accepted_load"),
                         "-" if m is None else ("%.3f" % m) + ("" if ci is None else " ± %.3f" % ci),
                         fmt_pm(s, "fairness.min_injection"),
                         fmt_pm(s, "fairness.max_min_ratio", "%.2f"), fmt_pm(s, "fairness.cov"),
                         fmt_pm(s, "fairness.jain"), "%d/%d" % (s["ok"], s["runs"]), ", ".join(note)])
    r.section("Fairness per routing and arbitration", md_table(
        ["routing", "arbitration", "accepted", "mean injection", "min injection", "max/min", "CoV", "Jain",
         "ok runs", "note"], rows) +
        "\nAccepted and the per-router figures in flits/(node·cycle) over the measurement window; mean and min "
        "injection, max/min, CoV (coefficient of variation) and Jain's index are over `per_router_injection` "
        "(the flits injected per node of each router per cycle). %s Every run is past saturation at offered "
        "%s by design (docs/validation.md), so `saturated` is expected. Where the mean injection exceeds "
        "accepted, the network's buffers were still filling during the window (a window short for the "
        "network's buffer capacity): the injection figures then include that filling." % (
            "Mean ± 95%% confidence half-width over %d seeds." % len(seeds) if len(seeds) > 1 else "One seed.",
            LOAD))

    arb_text = "; ".join("%s = %s (`%s`)" % (a, d, " ".join(k)) for a, d, k in ARBITRATIONS)
    for routing, rname in ROUTINGS:
        docs, labels = [], []
        for arb, desc, _ in ARBITRATIONS:
            sw = sweeps[arb]
            i = next(j for j, p in enumerate(sw.points) if dict(p)["routing.algorithm"] == routing)
            _, _, doc = load_result(sw.tasks[i * len(seeds)])  # the first seed's run
            if doc.get("per_router_injection"):
                docs.append(doc)
                labels.append("%s (%s)" % (arb, desc))
        if not docs:
            continue
        group = int(docs[0].get("config", {}).get("topology.a", 0)) or None
        png = "injection-%s.png" % routing
        plots.plot_injection_compare(docs, labels, r.path(png), "Injected load per router: %s, %s under ADVc, offered %s, "
                                     "router.vcs=4\n%s, seed %d" % (
                                         os.path.basename(cfg), rname, LOAD, " ".join(window), seeds[0]),
                                     group=group)
        r.image("Per-router injection, %s" % rname, png,
                "One panel per arbitration (seed %d), same y scale; dashed: the mean over routers." % seeds[0])
    r.finish("`%s` with `traffic.pattern=advc router.vcs=4 traffic.load=%s %s`; routings %s; arbitrations: %s; "
             "seeds %s." % (cfg, LOAD, " ".join(window), ", ".join(x for x, _ in ROUTINGS), arb_text,
                            ", ".join(map(str, seeds))))


if __name__ == "__main__":
    main()
