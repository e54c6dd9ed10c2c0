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
from nocsimexp.reproduce import Reproduction, md_table  # noqa: E402

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
                if not x.get("ok"):
                    cells[(alg, pattern, name)] = (None, "failed")
                    continue
                if alg == "min" and x.get("bound.channel_load") not in (None, ""):
                    bounds[pattern] = x["bound.channel_load"]
                ci = x.get("accepted_load.ci95")
                cells[(alg, pattern, name)] = (x["accepted_load"], "%.3f%s" % (
                    x["accepted_load"], " ± %.3f" % ci if ci not in (None, "") else ""))
    for alg in ROUTINGS:
        row = [alg]
        for pattern in PATTERNS:
            row.append("%.3f" % bounds[pattern] if alg == "min" and pattern in bounds else "-")
            row += [cells[(alg, pattern, n)][1] for n, _ in routers]
        rows.append(row)
    r.section("Saturation throughput (accepted flits per node per cycle at offered 0.9)", md_table(header, rows))
    plot(cells, bounds, routers, r.path("slimfly.png"))
    r.image("Saturation throughput by routing", "slimfly.png", "Mean over the seeds; dashed: min's bound.")
    r.finish("`topologies/slimfly-q5.yaml` with `%s`; routers: %s; routings %s; patterns %s; seeds %s." % (
        " ".join(common), "; ".join("%s: `%s`" % (n, " ".join(k)) for n, k in routers), ", ".join(ROUTINGS),
        ", ".join(PATTERNS), ", ".join(map(str, seeds))))


def plot(cells, bounds, routers, out):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, len(PATTERNS), figsize=(9, 3.8), sharey=True)
    for ax, pattern in zip(axes, PATTERNS):
        width = 0.8 / len(routers)
        for j, (name, _) in enumerate(routers):
            ys = [cells[(a, pattern, name)][0] or 0 for a in ROUTINGS]
            ax.bar([i + (j - (len(routers) - 1) / 2) * width for i in range(len(ROUTINGS))], ys,
                   width=width * 0.95, label=name)
        if pattern in bounds:
            ax.axhline(bounds[pattern], ls="--", lw=1, color="grey")
        ax.set_xticks(range(len(ROUTINGS)))
        ax.set_xticklabels(ROUTINGS)
        ax.set_title("%s traffic" % pattern)
        ax.grid(True, axis="y", alpha=0.3)
    axes[0].set_ylabel("accepted load (flits/node/cycle)")
    axes[-1].legend(fontsize=8)
    fig.suptitle("SlimFly q = 5 (200 nodes): saturation throughput at offered 0.9", fontsize=10)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


if __name__ == "__main__":
    main()
