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
from nocsimexp.plots import plot_bar_panels  # noqa: E402
from nocsimexp.reproduce import Reproduction, accepted_cell, md_table  # noqa: E402

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
                row.append(accepted_cell(x))
                series.setdefault(("%s traffic" % pattern, name), []).append(x.get("accepted_load") if x.get("ok") else None)
        rows.append(row)
    r.section("Saturation throughput (accepted flits per node per cycle at offered 0.95)", md_table(header, rows))
    plot_bar_panels(["%s traffic" % p for p, _ in PATTERNS], ROUTINGS, [n for n, _ in routers], series,
                    r.path("fat_tree.png"), "8-ary 3-tree (512 nodes): saturation throughput at offered 0.95; "
                    "dashed: injection bound", lines={"%s traffic" % p: [("", 1.0)] for p, _ in PATTERNS},
                    ylim=(0, 1.05))
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
            row.append("%s (%.2f of the bound)" % (accepted_cell(x), x["accepted_load"] / bound))
        rows.append([row[0], "%.3f" % bound if bound is not None else "-"] + row[1:])
    r.section("Other shapes: uniform traffic, dmodk, offered 0.95", md_table(
        ["tree", "bound"] + ["accepted, %s" % n for n, _ in routers], rows) +
        "\nThe bound is the injection links' 1, or below it the most loaded stage's up links "
        "(docs/routing-fat-tree.md, \"Uniform bound\").")


if __name__ == "__main__":
    main()
