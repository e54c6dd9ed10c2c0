#!/usr/bin/python3
"""k-ary n-trees: saturation throughput of each up-port rule

The 512-node 8-ary 3-tree (topologies/fat-tree-8-3.yaml: radix-16
switches, 4-flit packets), offered 0.95 flits per node per cycle (above
saturation): the accepted load is the routing's saturation throughput
(docs/routing-fat-tree.md, docs/validation.md "k-ary n-trees"). Patterns:
uniform (bound: the injection links' 1; the leaves' up links saturate only
at (N-1)/(N-k)), bitcomp (node s to N-1-s, a permutation through the top
stage; bound 1) and shuffle (rotate the address left by one bit). Two
routers: the file's (separable input-first switch allocator, 2 VCs) and one
that is not the limit (maximum-size matching, 8 VCs). 1,000 warm-up and
3,000 measured cycles, 3 seeds.
Then other shapes under uniform traffic and dmodk: the radix-64 2-stage
tree (k = 32, 1,024 nodes) and the 8-ary 3-tree slimmed to 6 and 4 up links
per switch (topology.up), against their bounds (the injection links' 1, or
the slimmed up links').
--quick: a 4-ary 3-tree (64 nodes), then the 4:2 3-tree and the 8-ary
2-tree, 300 + 700 cycles, 1 seed, the first router only.
Run it as ./scripts/reproduce/fat_tree.py [--quick] (Debian's /usr/bin/python3)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from nocsimexp.reproduce import Reproduction, md_table  # noqa: E402

ROUTINGS = ["dmodk", "smodk", "adaptive-up"]
PATTERNS = [("uniform", "1"), ("bitcomp", "1"), ("shuffle", "-")]
SHAPES = [("32-ary 2-tree (radix 64, 1,024 nodes)", ["topology.k=32", "topology.n=2"]),
          ("8:6 3-tree (512 nodes)", ["topology.up=6"]), ("8:4 3-tree (512 nodes)", ["topology.up=4"])]
QUICK_SHAPES = [("4:2 3-tree (64 nodes)", ["topology.k=4", "topology.up=2"]),
                ("8-ary 2-tree (64 nodes)", ["topology.k=8", "topology.n=2"])]
ROUTERS = [("sep_if, 2 VCs", ["router.allocator.sa=sep_if", "router.vcs=2"]),
           ("max_size, 8 VCs", ["router.allocator.sa=max_size", "router.vcs=8"])]


def main():
    r = Reproduction("fat_tree", __doc__)
    window = ["topology.k=4", "sim.warmup=300", "sim.cycles=700"] if r.quick else ["sim.warmup=1000", "sim.cycles=3000"]
    common = ["traffic.load=0.95", "sim.drain=0"] + window
    seeds = (1,) if r.quick else (1, 2, 3)
    routers = ROUTERS[:1] if r.quick else ROUTERS
    header = ["routing"]
    for pattern, _ in PATTERNS:
        header += ["bound, %s" % pattern] + ["%s, %s" % (pattern, name) for name, _ in routers]
    rows, series = [], {}
    for alg in ROUTINGS:
        row = [alg]
        for pattern, bound in PATTERNS:
            row.append(bound)
            for name, keys in routers:
                tag = "%s-%s-%s" % (alg, pattern, name.split(",")[0])
                x = r.sweep(tag, "topologies/fat-tree-8-3.yaml", [], seeds,
                            common + keys + ["routing.algorithm=" + alg, "traffic.pattern=" + pattern]).sums_[0]
                if not x.get("ok"):
                    row.append("failed")
                    continue
                ci = x.get("accepted_load.ci95")
                row.append("%.3f%s" % (x["accepted_load"], " ± %.3f" % ci if ci not in (None, "") else ""))
                series.setdefault((pattern, name), []).append(x["accepted_load"])
        rows.append(row)
    r.section("Saturation throughput (accepted flits per node per cycle at offered 0.95)", md_table(header, rows))
    plot(series, routers, r.path("fat_tree.png"))
    r.image("Saturation throughput by up-port rule", "fat_tree.png", "Mean over the seeds.")
    shapes = QUICK_SHAPES if r.quick else SHAPES
    window = window[1:] if r.quick else window  # the shapes give their own k
    shape_rows(r, shapes, routers, ["traffic.load=0.95", "sim.drain=0"] + window, seeds)
    r.finish("`topologies/fat-tree-8-3.yaml` with `%s`; routers: %s; routings %s; patterns %s; other shapes "
             "(uniform, dmodk, without the quick k): %s; seeds %s." % (
                 " ".join(common), "; ".join("%s: `%s`" % (n, " ".join(k)) for n, k in routers), ", ".join(ROUTINGS),
                 ", ".join(p for p, _ in PATTERNS), "; ".join("%s: `%s`" % (n, " ".join(k)) for n, k in shapes),
                 ", ".join(map(str, seeds))))


def shape_rows(r, shapes, routers, common, seeds):
    """Uniform saturation under dmodk of each shape, beside its bound."""
    rows = []
    for i, (name, keys) in enumerate(shapes):
        row, bound = [name], None
        for rname, rkeys in routers:
            x = r.sweep("shape%d-%s" % (i, rname.split(",")[0]), "topologies/fat-tree-8-3.yaml", [], seeds,
                        common + keys + rkeys + ["routing.algorithm=dmodk", "traffic.pattern=uniform"]).sums_[0]
            if not x.get("ok"):
                row.append("failed")
                continue
            bound = min(1.0, x["gamma0_flits"])
            ci = x.get("accepted_load.ci95")
            row.append("%.3f%s (%.2f of the bound)" % (
                x["accepted_load"], " ± %.3f" % ci if ci not in (None, "") else "", x["accepted_load"] / bound))
        rows.append([row[0], "%.3f" % bound if bound is not None else "-"] + row[1:])
    r.section("Other shapes: uniform traffic, dmodk, offered 0.95", md_table(
        ["tree", "bound"] + ["accepted, %s" % n for n, _ in routers], rows) +
        "\nThe bound is the injection links' 1, or below it the most loaded stage's up links "
        "(docs/routing-fat-tree.md, \"Uniform bound\").")


def plot(series, routers, out):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, len(PATTERNS), figsize=(11, 3.8), sharey=True)
    for ax, (pattern, _) in zip(axes, PATTERNS):
        width = 0.8 / len(routers)
        for j, (name, _) in enumerate(routers):
            ys = series.get((pattern, name), [])
            xs = [i + (j - (len(routers) - 1) / 2) * width for i in range(len(ys))]
            ax.bar(xs, ys, width=width * 0.95, label=name)
        ax.axhline(1.0, ls="--", lw=1, color="grey")
        ax.set_xticks(range(len(ROUTINGS)))
        ax.set_xticklabels(ROUTINGS, fontsize=8)
        ax.set_title("%s traffic" % pattern)
        ax.set_ylim(0, 1.05)
        ax.grid(True, axis="y", alpha=0.3)
    axes[0].set_ylabel("accepted load (flits/node/cycle)")
    axes[-1].legend(fontsize=8, loc="upper right")
    fig.suptitle("8-ary 3-tree (512 nodes): saturation throughput at offered 0.95; dashed: injection bound",
                 fontsize=10)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


if __name__ == "__main__":
    main()
