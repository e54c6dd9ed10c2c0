#!/usr/bin/python3
"""Request-reply traffic on the dragonfly: VC sets against FlexVC's chain.

Load sweeps with traffic.request_reply=true (every delivered request answered
by a reply of its size; requests at half the offered load) for the seven
configurations of docs/validation.md, "Request-reply traffic": MIN with 4/2
VCs (2/1 requests + 2/1 replies) as separate distance-based sets and as
FlexVC's chain; VAL with 8/4 = 4/2 + 4/2 both ways and with the chain's
5/3 = 3/2 + 2/1; OLM under ADV+1 with separate sets 6/4 = 3/2 + 3/2 and with
the chain's 5/3 (the others under uniform traffic). FlexVC runs use
vc.select=first, as the section did. Full: h = 2 (72 nodes) with its
configured window (sim.warmup=5000, sim.cycles=20000), offered 0.1..1.0,
3 seeds; --quick: h = 2, 3 loads, a short window, 1 seed.
Run it as ./scripts/reproduce/request_reply.py [--quick] (Debian's
/usr/bin/python3)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from nocsimexp.reproduce import Reproduction, fmt_pm, md_table, highest_sustained  # noqa: E402
from nocsimexp import plots  # noqa: E402

FLEXVC = ["vc.policy=flexvc", "vc.select=first"]
# (tag, routing label, pattern label, VCs label, policy label, overrides)
VARIANTS = [
    ("min-sets", "MIN", "UN", "4/2 = 2/1 + 2/1", "distance (separate sets)",
     ["routing.algorithm=min", "router.vcs=4", "router.global_vcs=2"]),
    ("min-chain", "MIN", "UN", "4/2 = 2/1 + 2/1", "FlexVC chain",
     ["routing.algorithm=min", "router.vcs=4", "router.global_vcs=2"] + FLEXVC),
    ("val-sets", "VAL", "UN", "8/4 = 4/2 + 4/2", "distance (separate sets)",
     ["routing.algorithm=val", "router.vcs=8", "router.global_vcs=4"]),
    ("val-chain", "VAL", "UN", "8/4 = 4/2 + 4/2", "FlexVC chain",
     ["routing.algorithm=val", "router.vcs=8", "router.global_vcs=4"] + FLEXVC),
    ("val-chain53", "VAL", "UN", "5/3 = 3/2 + 2/1", "FlexVC chain",
     ["routing.algorithm=val", "router.vcs=5", "router.global_vcs=3", "router.reply_vcs=2",
      "router.reply_global_vcs=1"] + FLEXVC),
    ("olm-sets", "OLM", "ADV+1", "6/4 = 3/2 + 3/2", "distance (separate sets)",
     ["routing.algorithm=olm", "traffic.pattern=adv", "router.vcs=6", "router.global_vcs=4"]),
    ("olm-chain53", "OLM", "ADV+1", "5/3 = 3/2 + 2/1", "FlexVC chain",
     ["routing.algorithm=olm", "traffic.pattern=adv", "router.vcs=5", "router.global_vcs=3",
      "router.reply_vcs=2", "router.reply_global_vcs=1"] + FLEXVC),
]


def label(v):
    return "%s %s, %s" % (v[1], v[3].split(" ")[0], v[4].replace(" (separate sets)", ""))


def main():
    r = Reproduction("request_reply", __doc__)
    cfg = "topologies/dragonfly-h2.yaml"
    if r.quick:
        loads, seeds = ["0.3", "0.6", "1.0"], [1]
        window = ["sim.warmup=1000", "sim.cycles=1500", "sim.drain=0"]
    else:
        loads, seeds = ["%.1f" % (0.1 * i) for i in range(1, 11)], [1, 2, 3]
        window = ["sim.warmup=5000", "sim.cycles=20000", "sim.drain=0"]  # the configuration's own window
    common = ["traffic.request_reply=true"] + window
    sums = {}
    for v in VARIANTS:
        s = r.sweep(v[0], cfg, [("traffic.load", loads)], seeds, common + v[5])
        for row in s.sums_:
            row["variant"] = label(v)
        sums[v[0]] = s.sums_

    for pattern in ("UN", "ADV+1"):
        rows = [row for v in VARIANTS if v[2] == pattern for row in sums[v[0]]]
        png = "%s.png" % ("un" if pattern == "UN" else "adv")
        plots.plot_sweep(rows, ["variant", "traffic.load"], r.path(png),
                         "%s, request-reply, %s traffic (%s); %d seed(s) per point; VCs local/global "
                         "(requests + replies)" % (os.path.basename(cfg), pattern, " ".join(window), len(seeds)),
                         by=["variant"])
        r.image("Request-reply under %s" % pattern, png,
                "Offered and accepted count requests and replies (requests are generated at half the offered "
                "load). Red circles: saturated points (accepted < 0.97 x generated, the replies counted as their "
                "requests call for: docs/user-guide.md, \"Saturation\").")

    top = loads[-1]
    table = []
    for v in VARIANTS:
        pts = [x for x in sums[v[0]] if x["ok"]]
        last = highest_sustained(pts)
        at_top = next((x for x in pts if x["traffic.load"] == top), None)
        table.append([v[1] + ("" if v[2] == "UN" else ", " + v[2]), v[3], v[4],
                      fmt_pm(at_top, "accepted_load") if at_top else "-",
                      fmt_pm(at_top, "latency.mean", "%.0f") if at_top else "-",
                      last["traffic.load"] if last else "< %s" % loads[0]])
    r.section("Saturation (offered %s)" % top, md_table(
        ["routing", "VCs (requests + replies)", "policy", "accepted at offered %s" % top,
         "mean latency at offered %s (cycles)" % top, "highest sustained offered load"], table) +
        "\nAccepted in flits/(node·cycle), requests and replies together; latency from generation to "
        "delivery of the delivered packets (with sim.drain=0 past saturation it covers only those delivered "
        "in the window). %s Sustained: not flagged saturated (docs/user-guide.md, \"Saturation\") on the "
        "load grid %s." % ("Mean ± 95%% confidence half-width over %d seeds." % len(seeds) if len(seeds) > 1
                           else "One seed.", ", ".join(loads)))
    r.finish("`%s` with `traffic.request_reply=true %s`; per configuration: %s; loads %s; seeds %s." % (
        cfg, " ".join(window), "; ".join("%s = `%s`" % (label(v), " ".join(v[5])) for v in VARIANTS),
        ", ".join(loads), ", ".join(map(str, seeds))))


if __name__ == "__main__":
    main()
