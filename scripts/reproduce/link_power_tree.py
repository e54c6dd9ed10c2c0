#!/usr/bin/python3
"""Link power on a fat tree and a torus: one application, two networks

The application of ./scripts/reproduce/link_power_app.py (every rank
computes for a time drawn uniformly from 0.1-1 ms, exchanges 16 KiB with
each of its six 8x8x8-torus neighbours, joins an allreduce of 8 bytes)
on the 512-node 8-ary 3-tree (topologies/fat-tree-8-3.yaml, d-mod-k, 1,024
router-to-router links) and on the 8x8x8 torus (DOR, 1,536 links), the same
trace and rank-to-node mapping on both, under each of Zahn's link power
policies (docs/power-model.md, "Link power"): completion time, link energy
and the saving over links kept high. rho = 0.1, t_t = 1 us, power.freq_ghz
= 1, 3 iterations, seed 1.
--quick: a 4-ary 3-tree against a 4x4x4 torus (64 nodes), compute
2-20 us, 4 KiB per neighbour, 1 iteration.
Run it as ./scripts/reproduce/link_power_tree.py [--quick] (Debian's /usr/bin/python3)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from nocsimexp.reproduce import Reproduction, md_table  # noqa: E402
from reproduce.link_power_app import EXCHANGE_BYTES, write_trace  # noqa: E402

POLICIES = ["none", "onoff", "highlow", "awake"]


def main():
    r = Reproduction("link_power_tree", __doc__)
    k = 4 if r.quick else 8
    iterations = 1 if r.quick else 3
    compute = (2000, 20000) if r.quick else (100000, 1000000)
    os.makedirs(r.work, exist_ok=True)
    trace = os.path.join(r.work, "bsp.txt")
    exchange = 4096 if r.quick else EXCHANGE_BYTES
    write_trace(trace, k, iterations, compute, 1, exchange)
    common = ["workload.type=trace", "workload.trace_file=" + trace, "link.power.rho=0.1",
              "link.power.t_train_ns=1000", "sim.warmup=0", "sim.cycles=100000000", "sim.seed=1"]
    nets = [("%d-ary 3-tree" % k, "topologies/fat-tree-8-3.yaml", ["topology.k=%d" % k]),
            ("%dx%dx%d torus" % (k, k, k), "topologies/torus-4x4x4.yaml", ["topology.k=[%d,%d,%d]" % (k, k, k)])]
    rows, points = [], []
    for name, config, keys in nets:
        s = r.sweep("tree" if "tree" in name else "torus", config,
                    [("link.power.policy", POLICIES)], (1,), common + keys)
        by = {x["link.power.policy"]: x for x in s.sums_}
        base = by.get("none", {})
        for pol in POLICIES:
            x = by.get(pol, {})
            if not x.get("ok"):
                rows.append([name, pol, "failed", "", "", ""])
                continue
            slow = x["completion.cycles"] / base["completion.cycles"] - 1 if base.get("ok") else None
            # Policy none models no link states, so it reports no link energy.
            energy = "%.4g" % x["link_power.energy_j"] if "link_power.energy_j" in x else "-"
            saved = "%.2f" % (100 * x["link_power.savings"]) if "link_power.savings" in x else "-"
            rows.append([name, pol, "%.0f" % x["completion.cycles"],
                         "-" if slow is None else "%.2f" % (100 * slow), energy, saved])
            if slow is not None and "link_power.savings" in x:
                points.append((name, pol, 100 * slow, 100 * x["link_power.savings"]))
    r.section("Completion and link energy", md_table(
        ["network", "policy", "completion (cycles)", "slowdown (%)", "link energy (J)", "saved (%)"], rows) +
        "\nSlowdown and saving against the same network with policy none.")
    plot(points, r.path("tree-vs-torus.png"))
    r.image("Saving against slowdown", "tree-vs-torus.png",
            "One point per network and policy; up and left is better.")
    r.finish("The application of `./scripts/reproduce/link_power_app.py`, %d iterations of compute U(%g, %g) us "
             "and %d KiB exchanges, "
             "on %s; `%s`; policies %s." % (iterations, compute[0] / 1000, compute[1] / 1000, exchange // 1024,
                                           " and ".join("%s (`%s` with `%s`)" % (n, c, " ".join(k)) for n, c, k in nets),
                                           " ".join(common[2:]), ", ".join(POLICIES)))


def plot(points, out):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(6.5, 4))
    markers = {"onoff": "o", "highlow": "s", "awake": "^"}
    colors = {}
    for name, pol, slow, saved in points:
        c = colors.setdefault(name, "C%d" % len(colors))
        ax.scatter([slow], [saved], marker=markers[pol], s=55, color=c, label="%s, %s" % (name, pol))
    ax.set_xlabel("completion slowdown against policy none (%)")
    ax.set_ylabel("link energy saved (%)")
    ax.set_title("One application on a fat tree and a torus")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


if __name__ == "__main__":
    main()
