#!/usr/bin/python3
"""Latency breakdown on a dragonfly (Fuentes, Fig. 3.4's parts)

Each packet's latency split into its waits (injection queue, local, global
and ejection outputs), its minimal and non-minimal traversal and its
serialization (docs/metrics.md, "Latency breakdown"), averaged over the
measured packets, for MIN, Valiant and UGAL-L on the h = 4 dragonfly
(1,056 nodes): uniform traffic at 0.3 flits/node/cycle, and ADV+1 at 0.1
(Valiant, UGAL-L) and at 0.025 (MIN, below its 1/32 bound). 3,000 warm-up
and 5,000 measured cycles, drained; 2 seeds.
--quick: the h = 2 dragonfly (72 nodes), 1,000 + 1,000 cycles, 1 seed.
Run it as ./scripts/reproduce/latency_breakdown.py [--quick] (Debian's /usr/bin/python3)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from nocsimexp.reproduce import Reproduction, md_table  # noqa: E402

PARTS = [("injection_queue", "injection queue"), ("local_queue", "local queue"), ("global_queue", "global queue"),
         ("eject_queue", "ejection queue"), ("minimal_traversal", "minimal traversal"),
         ("nonminimal_traversal", "non-minimal traversal"), ("serialization", "serialization")]


def cases(quick):
    adv_min = "0.05" if quick else "0.025"  # h = 2: MIN's ADV+1 bound is 1/8
    return [("UN, MIN", "uniform", "min", "0.3"), ("UN, Valiant", "uniform", "val", "0.3"),
            ("UN, UGAL-L", "uniform", "ugal-l", "0.3"), ("ADV+1, MIN", "adv", "min", adv_min),
            ("ADV+1, Valiant", "adv", "val", "0.1"), ("ADV+1, UGAL-L", "adv", "ugal-l", "0.1")]


def main():
    r = Reproduction("latency_breakdown", __doc__)
    config = "topologies/dragonfly-h2.yaml" if r.quick else "topologies/dragonfly-h4.yaml"
    window = ["sim.warmup=1000", "sim.cycles=1000"] if r.quick else ["sim.warmup=3000", "sim.cycles=5000"]
    common = window + ["sim.drain=200000", "router.vcs=4"]
    seeds = (1,) if r.quick else (1, 2)
    rows, bars = [], []
    for i, (name, pattern, routing, load) in enumerate(cases(r.quick)):
        s = r.sweep("case%d" % i, config, [], seeds, common + ["traffic.pattern=" + pattern,
                                                              "routing.algorithm=" + routing, "traffic.load=" + load])
        x = s.sums_[0]
        if not x.get("ok"):
            rows.append([name, load] + ["failed"] * (len(PARTS) + 2))
            continue
        parts = [float(x["latency.breakdown." + k]) for k, _ in PARTS]
        mean = float(x["latency.mean"])
        rows.append([name, load] + ["%.1f" % v for v in parts] + ["%.1f" % sum(parts), "%.1f" % mean])
        bars.append((name, parts))
    r.section("Mean latency by part (cycles)", md_table(
        ["case", "load"] + [label for _, label in PARTS] + ["sum of parts", "latency.mean"], rows) +
        "\nThe parts add up to the mean latency when every measured packet was delivered (the runs drain). "
        "Traversal is zero-load time: each router's 5-cycle pipeline and each link's latency (local 10, "
        "global 100 cycles); a hop toward Valiant's intermediate counts as non-minimal.")
    plot(bars, r.path("breakdown.png"), "Latency breakdown, dragonfly h = %d" % (2 if r.quick else 4))
    r.image("Mean latency by part", "breakdown.png", "Stacked means over the measured packets.")
    r.finish("`%s` with `%s`; cases (pattern, routing, load): %s; seeds %s."
             % (config, " ".join(common), "; ".join("%s: `traffic.pattern=%s routing.algorithm=%s traffic.load=%s`"
                                                    % c for c in cases(r.quick)), ", ".join(map(str, seeds))))


def plot(bars, out, title):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(9, 4.2))
    names = [b[0] for b in bars]
    left = [0.0] * len(bars)
    colors = ["tab:gray", "tab:orange", "tab:red", "tab:purple", "tab:blue", "tab:cyan", "tab:green"]
    for k, (_, label) in enumerate(PARTS):
        width = [b[1][k] for b in bars]
        ax.barh(names, width, left=left, color=colors[k], label=label)
        left = [a + w for a, w in zip(left, width)]
    ax.invert_yaxis()
    ax.set_xlabel("mean latency (cycles)")
    ax.set_title(title)
    ax.grid(True, axis="x", alpha=0.3)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


if __name__ == "__main__":
    main()
