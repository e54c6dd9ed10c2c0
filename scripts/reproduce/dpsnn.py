#!/usr/bin/python3
"""DPSNN: time per iteration on a torus and a dragonfly

Pisani's bulk-synchronous spiking neural network model (docs/workloads.md,
"DPSNN"): a grid of cortical columns, one per process; each iteration a
barrier through rank 0, the spike counts to every process of a column's
21 x 21 stencil, the spikes (12 B each, no message for none) and
computation proportional to the spikes received (50 ns each). 12 x 12
columns on a 12 x 12 torus (e-cube, star-channel) and on the first 144
nodes of an h = 4 dragonfly (MIN, UGAL-L); 5 spikes per column and
iteration (Poisson), 1,240 neurons per column, 10 iterations, 3 seeds.
--quick: 6 x 6 columns on a 6 x 6 torus and the dragonfly, 2 iterations,
1 seed.
Run it as ./scripts/reproduce/dpsnn.py [--quick] (Debian's /usr/bin/python3)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from nocsimexp.reproduce import Reproduction, fmt_pm, md_table  # noqa: E402


def networks(k):
    torus = ["topology.k=[%d,%d]" % (k, k)]
    return [("torus %dx%d, e-cube" % (k, k), "topologies/torus-8x8.yaml", torus + ["routing.algorithm=dor"]),
            ("torus %dx%d, star-channel" % (k, k), "topologies/torus-8x8.yaml",
             torus + ["routing.algorithm=star", "router.vcs=3"]),
            ("dragonfly h = 4, MIN", "topologies/dragonfly-h4.yaml", ["routing.algorithm=min", "router.vcs=4"]),
            ("dragonfly h = 4, UGAL-L", "topologies/dragonfly-h4.yaml", ["routing.algorithm=ugal-l", "router.vcs=4"])]


def main():
    r = Reproduction("dpsnn", __doc__)
    k = 6 if r.quick else 12
    iterations = 2 if r.quick else 10
    seeds = (1,) if r.quick else (1, 2, 3)
    common = ["workload.type=dpsnn", "workload.dpsnn.columns_x=%d" % k, "workload.dpsnn.columns_y=%d" % k,
              "workload.dpsnn.iterations=%d" % iterations, "sim.warmup=0", "sim.cycles=100000000"]
    rows, bars = [], []
    for i, (name, cfg, extra) in enumerate(networks(k)):
        s = r.sweep("net%d" % i, cfg, [], seeds, common + extra)
        x = s.sums_[0]
        if not x.get("ok"):
            rows.append([name, "failed", "-", "-", "-"])
            continue
        per = x["completion.cycles"] / iterations
        ci = x.get("completion.cycles.ci95")
        rows.append([name, "%.0f%s" % (per, " ± %.0f" % (ci / iterations) if ci not in (None, "") else ""),
                     "%.1f" % (per / 1000), "%.0f" % (x["completion.messages"] / iterations),
                     fmt_pm(x, "completion.message_latency_mean", "%.0f")])
        bars.append((name, per / 1000))
    r.section("Time per iteration", md_table(
        ["network", "cycles per iteration (± 95% CI)", "us per iteration (1 GHz)", "messages per iteration",
         "message latency (cycles)"], rows) +
        "\nThe iteration time is the completion over the iterations: barrier, count and spike exchanges and the "
        "computation, whose share is the same on every network (50 ns per spike received).")
    plot(bars, r.path("iteration.png"), "DPSNN %dx%d columns, %d iterations" % (k, k, iterations))
    r.image("Time per iteration", "iteration.png", "Mean over the seeds.")
    r.finish("%d x %d columns, one per process (rank y * %d + x on node rank), `%s`; networks: %s; seeds %s."
             % (k, k, k, " ".join(common), "; ".join("%s: `%s` with `%s`" % (n, c, " ".join(e))
                                                    for n, c, e in networks(k)), ", ".join(map(str, seeds))))


def plot(bars, out, title):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(6.5, 3.8))
    ax.barh([b[0] for b in bars], [b[1] for b in bars], color="tab:blue")
    ax.invert_yaxis()
    ax.set_xlabel("time per iteration (us at 1 GHz)")
    ax.set_title(title)
    ax.grid(True, axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


if __name__ == "__main__":
    main()
