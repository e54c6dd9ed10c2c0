#!/usr/bin/python3
"""Collectives: MPICH's algorithm choice against one algorithm each

Each collective alone, over one rank per node of the 8x8 mesh (DOR), at a
size where MPICH 3 picks another algorithm than the fixed set
(docs/workloads.md, "Collectives"), run under workload.collectives=fixed
and =mpich, without and with CODES's per-message delay (3,500 ns), and
with LogGP host overheads instead (o = 1,500 ns on each side, LogGOPSim's
default); the completion time beside Thakur, Rabenseifner & Gropp's cost
model (a delay per step on the algorithm's path, the overheads of the
messages its busiest rank sends and receives one after another, and the
bytes one rank sends on it, at one 8-byte flit a cycle), which the
network's latency and contention add to. --quick: 16 ranks on a 4x4 mesh, sizes divided by 16.
Run it as ./scripts/reproduce/collectives.py [--quick] (Debian's /usr/bin/python3)."""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from nocsimexp.reproduce import Reproduction, md_table  # noqa: E402

FLIT_BYTES = 8  # power.flit_bits = 64
DELAY_NS = 3500  # CODES's per-message cost (docs/workloads.md, "Per-message delay"); 1 GHz: cycles
OVERHEAD_NS = 1500  # LogGOPSim's default o, each side (docs/workloads.md, "Host overheads")


def cases(p, scale):
    """(name, trace line) for p ranks; sizes where MPICH 3 picks another
    algorithm than the fixed set."""
    big, block, small, rs = (1 << 20) // scale, (16 << 10) // scale, 64, (4 << 10) // scale
    return [("allreduce", "allreduce %d" % big), ("bcast", "bcast 0 %d" % big), ("reduce", "reduce 0 %d" % big),
            ("allgather", "allgather %d" % block), ("alltoall (short)", "alltoall %d" % small),
            ("alltoall (long)", "alltoall %d" % block), ("reduce_scatter", "reduce_scatter %d" % rs)]


def model(algorithm, line, p, delay, overhead=0):
    """Thakur et al.'s cost (2005) of the algorithm the run reports, for p
    ranks (a power of two), in cycles: `delay` per step on its path, a send's
    and a receive's `overhead` per step (the scattered alltoall's p - 1
    sends and receives, posted at once, still take one CPU one at a time),
    and the bytes one rank sends on it at 8 a cycle. b is the event's size
    (a block's for alltoall, allgather and reduce_scatter)."""
    kind, b = line.split()[0], float(line.split()[-1])
    lg = math.log2(p)
    steps, sent = {
        "binomial": (lg, lg * b),
        "recursive doubling": (lg, (p - 1) * b if kind == "allgather" else lg * b),
        "rabenseifner": (2 * lg, 2 * (p - 1) / p * b),
        "redscat+gather": (2 * lg, 2 * (p - 1) / p * b),
        "scatter+doubling": (2 * lg, 2 * (p - 1) / p * b),
        "scatter+ring": (lg + p - 1, 2 * (p - 1) / p * b),
        "bruck": (lg, p / 2 * lg * b if kind == "alltoall" else (p - 1) * b),
        "ring": (p - 1, (p - 1) * b),
        "scattered": (math.ceil(p / 32), (p - 1) * b),
        "pairwise": (p - 1, (p - 1) * b),
        "pairwise xor": (p - 1, (p - 1) * b),
        "recursive halving": (lg, (p - 1) * b),
    }[algorithm]
    cpu_steps = p - 1 if algorithm == "scattered" else steps
    return steps * delay + cpu_steps * 2 * overhead + sent / FLIT_BYTES


def main():
    r = Reproduction("collectives", __doc__)
    k = 4 if r.quick else 8
    p = k * k
    scale = 16 if r.quick else 1
    common = ["workload.type=trace", "topology.k=%d" % k, "sim.warmup=0", "sim.cycles=100000000"]
    traces = os.path.join(r.work, "traces")
    os.makedirs(traces, exist_ok=True)
    tables = {0: [], DELAY_NS: [], "overhead": []}
    bars = []
    overheads = ["workload.send_overhead_ns=%d" % OVERHEAD_NS, "workload.recv_overhead_ns=%d" % OVERHEAD_NS]
    for i, (name, line) in enumerate(cases(p, scale)):
        path = os.path.join(traces, "c%d.txt" % i)
        with open(path, "w") as f:
            f.write("ranks %d\n* %s\n" % (p, line))
        s = r.sweep("c%d" % i, "topologies/mesh-8x8.yaml",
                    [("workload.collectives", ["fixed", "mpich"]), ("workload.message_delay_ns", [0, DELAY_NS])],
                    (1,), common + ["workload.trace_file=%s" % path])
        got = {(x["workload.collectives"], int(float(x["workload.message_delay_ns"]))): x
               for x in s.rows_ if x.get("exit_code") == 0}
        o = r.sweep("o%d" % i, "topologies/mesh-8x8.yaml", [("workload.collectives", ["fixed", "mpich"])], (1,),
                    common + ["workload.trace_file=%s" % path] + overheads)
        got.update({(x["workload.collectives"], "overhead"): x for x in o.rows_ if x.get("exit_code") == 0})
        for setting, rows in tables.items():
            f, m = got.get(("fixed", setting)), got.get(("mpich", setting))
            if not (f and m):
                rows.append([name, "`%s`" % line, "failed", "-", "-", "-"])
                continue
            delay, over = (0, OVERHEAD_NS) if setting == "overhead" else (setting, 0)
            cf, cm = float(f["completion.cycles"]), float(m["completion.cycles"])
            rows.append([name, "`%s`" % line,
                         "%s: %.0f (%.2f)" % (algo(f), cf, cf / model(algo(f), line, p, delay, over)),
                         "%s: %.0f (%.2f)" % (algo(m), cm, cm / model(algo(m), line, p, delay, over)),
                         "%.2f" % (cf / cm), "%.0f / %.0f" % (f["completion.messages"], m["completion.messages"])])
            if setting == 0:  # the plot: no delay, no overheads
                bars.append((name, cf, cm, model(algo(f), line, p, 0), model(algo(m), line, p, 0)))
    header = ["collective", "event (%d ranks)" % p, "fixed: algorithm, cycles (/ model)",
              "mpich: algorithm, cycles (/ model)", "fixed / mpich", "messages fixed / mpich"]
    r.section("Completion by algorithm", md_table(header, tables[0]) +
              "\nThe model is Thakur et al.'s cost (2005) without its per-message term: the bytes one rank sends on "
              "the algorithm's path (log2 p b for binomial trees and recursive doubling's allreduce, "
              "2 (p - 1) / p b for Rabenseifner's and the scatter-allgather bcast, (p - 1) b for the allgathers, "
              "the pairwise and scattered alltoall and reduce_scatter, p / 2 log2 p b for Bruck's alltoall) over "
              "8 bytes a cycle; the ratio in brackets is what the mesh's latency and contention add.")
    r.section("With %d ns per message" % DELAY_NS, md_table(header, tables[DELAY_NS]) +
              "\nThe same runs with `workload.message_delay_ns=%d` (CODES's per-message cost); the model adds "
              "that delay once per step on the algorithm's path (log2 p for trees, recursive doubling and halving "
              "and Bruck's, 2 log2 p for Rabenseifner's and the scatter + doubling bcast, log2 p + p - 1 for the "
              "scatter + ring bcast, p - 1 for rings and pairwise exchanges, one per batch of 32 for the scattered "
              "alltoall)." % DELAY_NS)
    r.section("With LogGP host overheads of %d ns" % OVERHEAD_NS, md_table(header, tables["overhead"]) +
              "\nThe same runs without the delay but with `workload.send_overhead_ns=%d "
              "workload.recv_overhead_ns=%d` (LogGOPSim's default o on each side): each send and each message "
              "received takes its rank's CPU for that long, one after another. The model adds 2 o per step on the "
              "algorithm's path, and 2 o (p - 1) for the scattered alltoall, whose sends and receives are posted at "
              "once but still pass through one CPU." % (OVERHEAD_NS, OVERHEAD_NS))
    plot(bars, r.path("completion.png"), "One collective, %d ranks on the %dx%d mesh" % (p, k, k))
    r.image("Completion, plotted", "completion.png",
            "Bars: completion in cycles without a per-message delay (log scale); ticks: the model of each "
            "algorithm.")
    r.finish("%d ranks, rank r on node r of the %dx%d mesh (`topologies/mesh-8x8.yaml` with `topology.k=%d`, "
             "DOR), one collective per run, `%s`; each under `workload.collectives=fixed` and `=mpich`, with "
             "`workload.message_delay_ns` 0 and %d, and with `workload.send_overhead_ns` and "
             "`workload.recv_overhead_ns` %d." % (p, k, k, k, " ".join(common), DELAY_NS, OVERHEAD_NS))


def plot(bars, out, title):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7, 4))
    y = range(len(bars))
    for off, idx, bound, label, color in ((-0.2, 1, 3, "fixed", "tab:gray"), (0.2, 2, 4, "mpich", "tab:blue")):
        ys = [i + off for i in y]
        ax.barh(ys, [b[idx] for b in bars], height=0.38, color=color, label=label)
        ax.plot([b[bound] for b in bars], ys, "k|", markersize=12)
    ax.set_yticks(list(y))
    ax.set_yticklabels([b[0] for b in bars])
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlabel("completion (cycles)")
    ax.set_title(title)
    ax.legend(loc="lower right")
    ax.grid(True, axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def algo(row):
    """The algorithm the run's report names (completion.collectives)."""
    names = [key.split(".", 2)[2] for key in row if key.startswith("completion.collectives.")]
    return names[0].split(" ", 1)[1] if names else "?"


if __name__ == "__main__":
    main()
