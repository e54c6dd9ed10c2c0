#!/usr/bin/python3
"""Graph500 BFS on two groups of a dragonfly: MIN against Valiant.

Fuentes's synthetic Graph500 model (docs/workloads.md, "Graph500") with 64
processes on the first 64 nodes of topologies/dragonfly-h4.yaml (h = 4,
32 nodes per group: groups 0 and 1). Destinations are uniform over the
other processes, so about half of every level's queries cross between the
two groups, which MIN routes over their one global link: the model's
check is that MIN's throughput is capped at 2 * 1/(2h^2) = 0.0625
flits/(process*cycle), while Valiant spreads the crossing traffic over
other groups' links. The run's metric is the search's completion time.
Full: scales 11-14, three seeds; --quick: scales 9-10, one seed.
Run it as ./scripts/reproduce/graph500.py [--quick] (Debian's /usr/bin/python3)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from nocsimexp.reproduce import Reproduction, fmt_pm, md_table  # noqa: E402

CONFIG = "topologies/dragonfly-h4.yaml"
PROCESSES, H = 64, 4
ROUTINGS = ["min", "val", "ugal-l"]
FIXED = ["workload.type=graph500", "workload.graph500.processes=%d" % PROCESSES, "router.vcs=4",
         "sim.warmup=0", "sim.cycles=50000000"]


def main():
    r = Reproduction("graph500", __doc__)
    scales = [9, 10] if r.quick else [11, 12, 13, 14]
    seeds = (1,) if r.quick else (1, 2, 3)
    s = r.sweep("bfs", CONFIG, [("workload.graph500.scale", scales), ("routing.algorithm", ROUTINGS)], seeds, FIXED)
    by = {(int(x["workload.graph500.scale"]), x["routing.algorithm"]): x for x in s.sums_}
    cap = 2 * 1.0 / (2 * H * H)
    rows, curves = [], {a: [] for a in ROUTINGS}
    for sc in scales:
        for a in ROUTINGS:
            x = by[(sc, a)]
            if not x.get("ok"):
                rows.append([sc, a, "failed"] + ["-"] * 5)
                continue
            cyc = x["completion.cycles"]
            curves[a].append((sc, cyc))
            inj = x["activity.by_port_class.nic.link_flits"] / (PROCESSES * cyc)
            glob = x["activity.by_port_class.global.link_flits"] / 2 / cyc
            base = by[(sc, "val")]
            rows.append([sc, a, fmt_pm(x, "completion.cycles", "%.0f"),
                         "%.2f" % (cyc / base["completion.cycles"]) if base.get("ok") else "-",
                         "%.0f" % x["completion.messages"], "%.4f" % inj, "%.3f" % glob])
    r.section("Completion time", md_table(
        ["scale", "routing", "completion cycles (± 95% CI)", "over VAL's", "messages",
         "delivered flits per process per cycle", "global-link flits per cycle / 2 (MIN: per direction of the one link)"],
        rows) +
        "\nThe delivered load is averaged over the whole search, compute phases and end-of-level "
        "synchronisation included; MIN's must stay below the cap %.4f flits/(process*cycle) the spec "
        "predicts, and its one global link carries at most one flit per cycle per direction." % cap)
    plot(curves, r.path("completion.png"))
    r.image("Completion time against scale", "completion.png",
            "Mean over the seeds; log scale. MIN's searches are bound by the one global link between the groups.")
    r.finish("`%s` with `%s`, scales %s, routings %s, seeds %s; 64 processes on groups 0 and 1 (linear "
             "mapping), t_q = 1.5 ns, c_s = 256, f_e = 16, 64-bit flits at 1 GHz."
             % (CONFIG, " ".join(FIXED), ", ".join(map(str, scales)), ", ".join(ROUTINGS),
                ", ".join(map(str, seeds))))


def plot(curves, out):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(6, 4))
    for a, pts in curves.items():
        if pts:
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=a)
    ax.set_yscale("log")
    ax.set_xticks(sorted({p[0] for pts in curves.values() for p in pts}))
    ax.set_xlabel("Graph500 scale s (2^s vertices)")
    ax.set_ylabel("completion (cycles)")
    ax.set_title("BFS on 2 groups of an h = 4 dragonfly, 64 processes")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


if __name__ == "__main__":
    main()
