#!/usr/bin/python3
"""Contention-counter transient: misrouting's reaction to UN -> ADV+1.

OLM at offered 0.2 under uniform traffic (UN) that switches to
adversarial-consecutive ADV+1 (traffic.phases), with a time series of the
packets injected per 10-cycle interval (stats.series_period=10), for each
misrouting trigger docs/validation.md compares ("Contention counters
(Fuentes ch. 4)", "Transient UN -> ADV+1"): the UGAL-L test, FOGSim's credit
trigger (50%) and the contention counters Base, Filtered (alpha 0.5),
Hybrid and ECtN. The reaction time is the cycles after the switch until an
interval's misrouted (global) fraction first reaches 90% of its final value
(the mean of the last quarter of the intervals after the switch); the rule
is scripts/nocsimexp/transient.py's, which scripts/transient.py also uses.
Run twice: with sim.drain=0 as docs/validation.md did, and with a drain so
that every packet injected in the window is delivered and counted (the
rule then reads the intervals of the window only).
Full: h = 4 (1,056 nodes), the switch at cycle 3,000 of 6,000, 3 seeds;
--quick: h = 2 (72 nodes), the switch at cycle 1,000 of 2,000, 1 seed.
Run it as ./scripts/reproduce/contention_transient.py [--quick] (Debian's
/usr/bin/python3)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from nocsimexp.reproduce import Reproduction, md_table  # noqa: E402
from nocsimexp.runs import load_result  # noqa: E402
from nocsimexp.stats import mean_ci  # noqa: E402
from nocsimexp import plots, transient  # noqa: E402

PERIOD = 10
# (label, description); the first two are values of routing.trigger, the
# rest of routing.contention.variant with routing.trigger=contention.
BASELINES = [("ugal", "UGAL-L test"), ("credits", "credits (FOGSim's, 50%)")]
CONTENTION = [("base", "contention, base"), ("filtered", "contention, filtered (alpha 0.5)"),
              ("hybrid", "contention, hybrid"), ("ectn", "contention, ectn")]


def pm(values, fmt):
    vals = [v for v in values if v is not None]
    if not vals:
        return "-"
    m, ci = mean_ci(vals)
    return (fmt % m) + ("" if ci is None else " ± " + fmt % ci)


def collect(sweeps, seeds, switch, end):
    """Per trigger: (key, description, its table row, the first ok seed's
    result). A seed that never reaches 90% shows as "never" and is left
    out of the mean. With `end`, the rule reads the intervals up to it."""
    out = []
    un_from = switch // 3
    for sweep, variants in sweeps:
        for i, (key, desc) in enumerate(variants):
            un, first, final, react, per_seed, docs, complete = [], [], [], [], [], [], True
            for j in range(len(seeds)):
                meta, flat, doc = load_result(sweep.tasks[i * len(seeds) + j])
                if meta.get("exit_code") != 0 or not doc.get("series"):
                    per_seed.append("failed")
                    continue
                if end is not None and flat.get("packets.measured_delivered") != flat.get("packets.measured"):
                    complete = False
                f, t = transient.reaction(doc, switch, end)
                un.append(transient.pooled_fraction(doc, un_from, switch))
                first.append(transient.pooled_fraction(doc, switch, switch + PERIOD))
                final.append(f)
                react.append(t)
                per_seed.append("never" if t is None else str(t))
                docs.append(doc)
            cells = [desc, pm(un, "%.2f"), pm(first, "%.2f"), pm(final, "%.2f"), pm(react, "%.0f"),
                     ", ".join(per_seed) + ("" if complete else " (not every packet delivered)")]
            out.append((key, desc, cells, docs[0] if docs else None))
    return out


def main():
    r = Reproduction("contention_transient", __doc__)
    if r.quick:
        cfg, switch, cycles, seeds = "topologies/dragonfly-h2.yaml", 1000, 2000, [1]
    else:
        cfg, switch, cycles, seeds = "topologies/dragonfly-h4.yaml", 3000, 6000, [1, 2, 3]
    fixed = ["routing.algorithm=olm", "traffic.load=0.2",
             "traffic.phases=[{cycles: %d, pattern: uniform}, {cycles: 1, pattern: adv}]" % switch,
             "stats.series_period=%d" % PERIOD, "sim.warmup=0", "sim.cycles=%d" % cycles]
    runs = {}
    for tag, drain in (("", "sim.drain=0"), ("drained-", "sim.drain=%d" % cycles)):
        runs[tag] = [
            (r.sweep(tag + "baselines", cfg, [("routing.trigger", [k for k, _ in BASELINES])], seeds,
                     fixed + [drain]), BASELINES),
            (r.sweep(tag + "contention", cfg, [("routing.contention.variant", [k for k, _ in CONTENTION])], seeds,
                     fixed + [drain, "routing.trigger=contention"]), CONTENTION)]
    doc_rule = collect(runs[""], seeds, switch, None)
    drained = collect(runs["drained-"], seeds, switch, cycles)

    un_from = switch // 3  # UN reference window: (switch/3, switch], cycles 1,000-3,000 at full size
    head = ["trigger", "misrouted under UN (cycles %d-%d)" % (un_from, switch), "first %d cycles after" % PERIOD,
            "final", "90% of final after (cycles)", "per seed (cycles)"]
    ci_note = ("Mean ± 95%% confidence half-width over %d seeds (Student t; with reaction times quantised to %d "
               "cycles the interval is wide)." % (len(seeds), PERIOD) if len(seeds) > 1 else "One seed.")
    r.section("Reaction to UN -> ADV+1 (docs/validation.md's setting: sim.drain=0)", md_table(
        head, [c for _, _, c, _ in doc_rule]) +
        "\nMisrouted: the fraction of the packets whose head entered the network in the interval that took "
        "more global hops than a minimal path (`series.misrouted_global` / `series.delivered`). \"Under UN\" "
        "and \"first %d cycles after\" pool the packets of those intervals; \"final\" is the mean of the last "
        "quarter of the intervals after the switch at cycle %d; the reaction time is the end of the first "
        "interval reaching 90%% of final, minus the switch (a multiple of the %d-cycle interval). %s\n\n"
        "With sim.drain=0 the run stops at cycle %d and a packet injected in its last few hundred cycles "
        "counts only if it was delivered by then: the long (misrouted) paths drop out first, so the last "
        "intervals' misrouted fraction falls towards 0 (see the whole-run plots) and pulls \"final\" down." % (
            PERIOD, switch, PERIOD, ci_note, cycles))
    r.section("The same with every packet delivered (sim.drain=%d)" % cycles, md_table(
        head, [c for _, _, c, _ in drained]) +
        "\nThe same runs (same seeds, so the same traffic and the same series up to cycle %d), continued "
        "until every packet injected by cycle %d is delivered (sources keep injecting meanwhile); \"final\" "
        "and the reaction time use the intervals ending at or before cycle %d only, so every packet of "
        "every interval counts. The rule is otherwise unchanged." % (cycles, cycles, cycles))

    lo, hi = switch - 20 * PERIOD, switch + 40 * PERIOD
    png = "misrouted-around-switch.png"
    firsts = [(k, d, doc) for k, d, _, doc in doc_rule if doc]
    plots.plot_series_compare([doc for _, _, doc in firsts], [d for _, d, _ in firsts], r.path(png),
                              "%s, OLM, offered 0.2, UN -> ADV+1 at cycle %d (dashed), seed %d, %d-cycle intervals"
                              % (os.path.basename(cfg), switch, seeds[0], PERIOD), marks=[switch], xlim=(lo, hi))
    r.image("Around the switch, every trigger", png,
            "Cycles %d-%d; one point per %d-cycle interval (seed %d). Identical in both run sets." % (
                lo, hi, PERIOD, seeds[0]))
    for key, desc, doc in firsts:
        png = "series-%s.png" % key
        plots.plot_series(doc, r.path(png), "%s, OLM, %s, seed %d\noffered 0.2, UN -> ADV+1 at cycle %d (dashed), "
                          "%d-cycle intervals, sim.drain=0" % (os.path.basename(cfg), desc, seeds[0], switch, PERIOD),
                          marks=[switch])
        r.image("Whole run, %s" % desc, png, "The doc's setting (sim.drain=0): the fall at the end is the "
                "undelivered packets of the last intervals, not a change of routing.")
    r.finish("`%s` with `%s` and `sim.drain=0` (docs/validation.md's runs), then the same with `sim.drain=%d`; "
             "triggers: `routing.trigger=ugal`, `routing.trigger=credits`, and `routing.trigger=contention` with "
             "`routing.contention.variant=` base, filtered, hybrid, ectn (other keys at their defaults: "
             "threshold 6, alpha 0.5, credit threshold 50%%, ECtN period 100); seeds %s." % (
                 cfg, " ".join(fixed), cycles, ", ".join(map(str, seeds))))

if __name__ == "__main__":
    main()
