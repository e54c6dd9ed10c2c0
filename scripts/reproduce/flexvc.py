#!/usr/bin/python3
"""FlexVC against distance-based VCs on the dragonfly: UN load sweeps and bursty latency

Part 1, oblivious routings under uniform traffic (UN): accepted load and
latency against offered load for MIN with 3/2 (local/global) VCs under the
distance-based policy and FlexVC, MIN with 2/1 under FlexVC, VAL with 4/2
under both and VAL with 3/2 under FlexVC (the fewest VCs the FlexVC tables of
docs/vc-flexvc.md allow), FlexVC with vc.select=first; the table gives the
accepted load at the highest offered load (docs/validation.md, "FlexVC
(vc.policy=flexvc)": offered 0.95). Part 2, bursty UN (traffic.source=onoff,
mean burst 5 packets) at offered 0.4 with MIN and the same buffer memory per
port (32-flit local and 256-flit global VC buffers at 2/1, halved per VC at
each doubling of the VCs): mean and p99 latency for distance-based 2/1, DAMQ
at 2/1 with 1, 2 and 3 packets reserved per VC, and FlexVC at 2/1, 4/2 and
8/4 with vc.select first and jsq.
Full: h = 4 (1,056 nodes), 2,000 + 8,000 cycles, offered 0.2..0.95, 2 seeds;
--quick: h = 2 (72 nodes), 300 + 1,000 cycles, 3 loads, 1 seed.
Run it as ./scripts/reproduce/flexvc.py [--quick] (Debian's /usr/bin/python3)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from nocsimexp.reproduce import Reproduction, fmt_pm, md_table, highest_sustained  # noqa: E402
from nocsimexp import plots  # noqa: E402

# (tag, routing, local VCs, global VCs, policies)
UN_VARIANTS = [
    ("un-min-3-2", "min", 3, 2, ["distance", "flexvc"]),
    ("un-min-2-1", "min", 2, 1, ["flexvc"]),
    ("un-val-4-2", "val", 4, 2, ["distance", "flexvc"]),
    ("un-val-3-2", "val", 3, 2, ["flexvc"]),
]


def buffers(vcs, gvcs):
    """The same memory per port as 2/1 with 32-flit local and 256-flit global VCs."""
    return ["router.vcs=%d" % vcs, "router.global_vcs=%d" % gvcs,
            "router.buffer_depth=%d" % (64 // vcs), "router.global_buffer_depth=%d" % (256 // gvcs)]


# (tag, label, overrides, axes): the bursty rows
BURSTY = [
    ("bursty-distance-2-1", "2/1", "distance", buffers(2, 1), []),
    ("bursty-damq-2-1", "2/1", "distance, DAMQ", buffers(2, 1) + ["router.buffer_model=damq"],
     [("router.damq.reserve", ["1", "2", "3"])]),
    ("bursty-flexvc-2-1", "2/1", "FlexVC", buffers(2, 1) + ["vc.policy=flexvc"], [("vc.select", ["first", "jsq"])]),
    ("bursty-flexvc-4-2", "4/2", "FlexVC", buffers(4, 2) + ["vc.policy=flexvc"], [("vc.select", ["first", "jsq"])]),
    ("bursty-flexvc-8-4", "8/4", "FlexVC", buffers(8, 4) + ["vc.policy=flexvc"], [("vc.select", ["first", "jsq"])]),
]


def main():
    r = Reproduction("flexvc", __doc__)
    if r.quick:
        cfg, loads, seeds = "topologies/dragonfly-h2.yaml", ["0.3", "0.6", "0.9"], [1]
        window = ["sim.warmup=300", "sim.cycles=1000"]
    else:
        cfg, loads, seeds = "topologies/dragonfly-h4.yaml", ["0.2", "0.4", "0.6", "0.8", "0.95"], [1, 2]
        window = ["sim.warmup=2000", "sim.cycles=8000"]
    un_fixed = window + ["sim.drain=0"]

    # Part 1: UN load sweeps.
    by_routing, rows = {}, []
    for tag, routing, vcs, gvcs, policies in UN_VARIANTS:
        fixed = ["routing.algorithm=" + routing, "router.vcs=%d" % vcs, "router.global_vcs=%d" % gvcs,
                 "vc.select=first"] + un_fixed
        s = r.sweep(tag, cfg, [("vc.policy", policies), ("traffic.load", loads)], seeds, fixed)
        for x in s.sums_:
            x["VCs (local/global)"] = "%d/%d" % (vcs, gvcs)
        by_routing.setdefault(routing, []).extend(s.sums_)
        for policy in policies:
            pts = [x for x in s.sums_ if x["vc.policy"] == policy and x["ok"]]
            last = highest_sustained(pts)
            top = [x for x in pts if x["traffic.load"] == loads[-1]]
            low = [x for x in pts if x["traffic.load"] == loads[1]]
            rows.append(["%s, %d/%d" % (routing.upper(), vcs, gvcs), policy,
                         fmt_pm(top[0], "accepted_load", "%.4f") if top else "-",
                         last["traffic.load"] if last else "< %s" % loads[0],
                         fmt_pm(low[0], "latency.mean", "%.1f") if low else "-",
                         fmt_pm(top[0], "hops_mean", "%.2f") if top else "-"])
    for routing, sums in by_routing.items():
        png = "un-%s.png" % routing
        plots.plot_sweep(sums, ["VCs (local/global)", "vc.policy", "traffic.load"], r.path(png),
                         "%s, %s under UN (vc.select=first, %s); %d seed(s) per point" % (
                             os.path.basename(cfg), routing.upper(), " ".join(un_fixed), len(seeds)),
                         by=["VCs (local/global)", "vc.policy"])
        r.image("UN, %s: accepted and latency against offered load" % routing.upper(), png,
                "VCs are local/global per port. Circled points are flagged saturated "
                "(docs/user-guide.md, \"Saturation\").")
    r.section("UN throughput per VC policy", md_table(
        ["routing, VCs (local/global)", "vc.policy", "accepted at offered %s (± 95%% CI)" % loads[-1],
         "highest sustained offered load", "mean latency at offered %s (cycles)" % loads[1],
         "hops at offered %s" % loads[-1]], rows) +
        "\nAccepted and offered in flits/(node·cycle). Sustained: not flagged saturated on the grid %s. "
        "FlexVC runs use `vc.select=first` (the VC allocator's round-robin picks among the allowed VCs), "
        "as the section's table." % ", ".join(loads))

    # Part 2: bursty UN, MIN, the same buffer memory per port.
    bfixed = ["routing.algorithm=min", "traffic.source=onoff", "traffic.load=0.4"] + window
    brows = []
    for tag, vcs_label, policy, over, axes in BURSTY:
        if not axes:
            axes = [("vc.policy", ["distance"])]
        s = r.sweep(tag, cfg, axes, seeds, bfixed + over)
        depth = "%s/%s" % (over[2].split("=")[1], over[3].split("=")[1])
        if tag.startswith("bursty-flexvc"):
            first = [x for x in s.sums_ if x["vc.select"] == "first"][0]
            jsq = [x for x in s.sums_ if x["vc.select"] == "jsq"][0]
            brows.append([vcs_label, depth, policy, fmt_pm(first, "latency.mean", "%.1f"),
                          fmt_pm(first, "latency.p99", "%.0f"),
                          "%s / %s" % (fmt_pm(jsq, "latency.mean", "%.1f"), fmt_pm(jsq, "latency.p99", "%.0f")),
                          fmt_pm(first, "accepted_load", "%.4f")])
        elif tag.startswith("bursty-damq"):
            for x in s.sums_:
                res = int(x["router.damq.reserve"])
                brows.append([vcs_label, depth, "%s reserve %d packet(s) per VC (%d%% of the %d-flit local pool)" % (
                    policy, res, round(100 * res * 8 * 2 / 64), 64), fmt_pm(x, "latency.mean", "%.1f"),
                    fmt_pm(x, "latency.p99", "%.0f"), "", fmt_pm(x, "accepted_load", "%.4f")])
        else:
            x = s.sums_[0]
            brows.append([vcs_label, depth, policy, fmt_pm(x, "latency.mean", "%.1f"),
                          fmt_pm(x, "latency.p99", "%.0f"), "", fmt_pm(x, "accepted_load", "%.4f")])
    r.section("Bursty UN at offered 0.4, MIN, the same buffer memory per port", md_table(
        ["VCs (local/global)", "flits per VC (local/global)", "policy", "mean latency (cycles)", "p99 (cycles)",
         "with vc.select=jsq: mean / p99", "accepted"], brows) +
        "\n`traffic.source=onoff` (mean burst 5 packets), `%s`; FlexVC rows use `vc.select=first` and, in the "
        "jsq column, `vc.select=jsq`. DAMQ rows: `router.buffer_model=damq router.damq.reserve=R` (8-flit "
        "packets; the local ports' 2 x 32 flits pooled; the global port has one VC, so its pool is its buffer). "
        "Latency is generation to delivery, in cycles, mean ± 95%% CI over the seeds (p99: mean of the seeds' "
        "p99)." % " ".join(window))
    r.finish("`%s`, FlexVC (`vc.policy=flexvc`) against distance-based VCs. UN sweeps: `%s`, offered %s, "
             "routings and VCs %s; bursty: `%s`; seeds %s." % (
                 cfg, " ".join(un_fixed), ", ".join(loads),
                 ", ".join("%s %d/%d" % (v[1], v[2], v[3]) for v in UN_VARIANTS), " ".join(bfixed),
                 ", ".join(map(str, seeds))))


if __name__ == "__main__":
    main()
