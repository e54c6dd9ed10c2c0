#!/usr/bin/python3
"""Link power policies on an application: energy saved against slowdown

Zahn's link power policies (docs/power-model.md, "Link power") under a
closed-loop bulk-synchronous application (docs/workloads.md) instead of
open-loop phases: every rank computes for a time drawn uniformly from
0.1-1 ms, exchanges 16 KiB with each of its six torus neighbours and joins
an allreduce of 8 bytes, ITER times. A slower network now shows as a later
completion: the slowdown is the completion time over policy none's, the
saving the link energy saved (link_power.savings) over every link kept high.
8x8x8 torus, DOR, one rank per node, rho = 0.1, t_t in {1, 10} us,
power.freq_ghz=1. Full: 5 iterations, 2 seeds; --quick: a 4x4x4 torus,
compute 10-100 us, 4 KiB per neighbour, 2 iterations, 1 seed.
Run it as ./scripts/reproduce/link_power_app.py [--quick] (Debian's /usr/bin/python3)."""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from nocsimexp.reproduce import Reproduction, md_table  # noqa: E402
from nocsimexp.stats import mean_ci  # noqa: E402

POLICIES = ["none", "onoff", "highlow", "awake"]
T_TRAIN_NS = ["1000", "10000"]
EXCHANGE_BYTES = 16384


def write_trace(path, k, iterations, compute_ns, seed, exchange_bytes=EXCHANGE_BYTES):
    """The program: per iteration, compute (uniform in compute_ns), an
    exchange of exchange_bytes with each of the six neighbours of a
    k x k x k torus (node x + k y + k^2 z), then an allreduce."""
    rng = random.Random(seed)
    n = k ** 3
    lines = ["# bulk-synchronous: compute, six-neighbour exchange, allreduce", "ranks %d" % n]
    for it in range(iterations):
        for r in range(n):
            lines.append("%d compute %.3f" % (r, rng.uniform(*compute_ns)))
        for r in range(n):
            x, y, z = r % k, (r // k) % k, r // (k * k)
            peers = []
            for d, (cx, cy, cz) in enumerate([(1, 0, 0), (0, 1, 0), (0, 0, 1)]):
                for s in (1, -1):
                    peers.append(((x + s * cx) % k) + k * ((y + s * cy) % k) + k * k * ((z + s * cz) % k))
            for p in peers:
                lines.append("%d irecv %d %d %d" % (r, p, exchange_bytes, it))
            for p in peers:
                lines.append("%d isend %d %d %d" % (r, p, exchange_bytes, it))
            lines.append("%d wait" % r)
        lines.append("* allreduce 8")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    r = Reproduction("link_power_app", __doc__)
    k = 4 if r.quick else 8
    iterations = 2 if r.quick else 5
    compute = (10000, 100000) if r.quick else (100000, 1000000)
    seeds = (1,) if r.quick else (1, 2)
    exchange = 4096 if r.quick else EXCHANGE_BYTES
    os.makedirs(r.work, exist_ok=True)
    sweeps = []
    for seed in seeds:
        trace = os.path.join(r.work, "bsp-seed%d.txt" % seed)
        write_trace(trace, k, iterations, compute, seed, exchange)
        fixed = ["topology.k=[%d,%d,%d]" % (k, k, k), "workload.type=trace", "workload.trace_file=" + trace,
                 "link.power.rho=0.1", "sim.warmup=0", "sim.cycles=100000000", "sim.seed=%d" % seed]
        sweeps.append(r.sweep("seed%d" % seed, "topologies/torus-4x4x4.yaml",
                              [("link.power.policy", POLICIES), ("link.power.t_train_ns", T_TRAIN_NS)], (seed,),
                              fixed))
    rows, points = [], []
    for pol in POLICIES[1:]:
        for tt in T_TRAIN_NS:
            slow, save, held = [], [], []
            for s in sweeps:
                pt = {(x["link.power.policy"], x["link.power.t_train_ns"]): x for x in s.sums_}
                base, x = pt[("none", tt)], pt[(pol, tt)]
                if not (base.get("ok") and x.get("ok")):
                    continue
                slow.append(x["completion.cycles"] / base["completion.cycles"] - 1)
                save.append(x["link_power.savings"])
                held.append(x["link_power.held_flits"])
            rows.append([pol, "%g" % (float(tt) / 1000), fmt(save, 100), fmt(slow, 100), fmt(held, 1, "%.0f")])
            if save:
                points.append((pol, float(tt) / 1000, 100 * mean_ci(slow)[0], 100 * mean_ci(save)[0]))
    r.section("Energy saved and slowdown", md_table(
        ["policy", "t_t (us)", "link energy saved (%)", "completion slowdown (%)", "flits held by links"], rows) +
        "\nMean over the seeds (± 95%% CI with two or more). Completion of policy none: %s cycles." %
        ", ".join("%.0f" % {(x["link.power.policy"], x["link.power.t_train_ns"]): x for x in s.sums_}
                  [("none", T_TRAIN_NS[0])]["completion.cycles"] for s in sweeps))
    plot(points, r.path("saving-vs-slowdown.png"), "%dx%dx%d torus, %d iterations, rho = 0.1" % (k, k, k, iterations))
    r.image("Saving against slowdown", "saving-vs-slowdown.png",
            "One point per policy and training time (mean over the seeds); up and left is better.")
    r.finish("A %dx%dx%d torus (`topologies/torus-4x4x4.yaml` with `topology.k=[%d,%d,%d]`: DOR, 2 VCs of 8 "
             "flits, VCT, 1-cycle links), one rank per node, %d iterations of compute U(%g, %g) us, a %d KiB "
             "exchange with each of the six neighbours, an allreduce of 8 B; `link.power.rho=0.1`, policies %s, "
             "t_t %s us; seeds %s (the compute times and the run)."
             % (k, k, k, k, k, k, iterations, compute[0] / 1000, compute[1] / 1000, exchange // 1024,
                ", ".join(POLICIES),
                ", ".join("%g" % (float(t) / 1000) for t in T_TRAIN_NS), ", ".join(map(str, seeds))))


def plot(points, out, title):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(6, 4))
    markers = {"onoff": "o", "highlow": "s", "awake": "^"}
    for pol in markers:
        pts = [p for p in points if p[0] == pol]
        ax.scatter([p[2] for p in pts], [p[3] for p in pts], marker=markers[pol], s=50, label=pol)
        for p in pts:
            ax.annotate("t_t %g us" % p[1], (p[2], p[3]), textcoords="offset points", xytext=(5, 4), fontsize=8)
    ax.set_xlabel("completion slowdown against policy none (%)")
    ax.set_ylabel("link energy saved (%)")
    ax.set_title(title)
    ax.grid(True, alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def fmt(values, scale, f="%.2f"):
    m, ci = mean_ci(values)
    if m is None:
        return "-"
    return (f % (scale * m)) + ("" if ci is None else " ± " + f % (scale * ci))


if __name__ == "__main__":
    main()
