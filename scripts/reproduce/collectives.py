#!/usr/bin/python3
"""Collectives: MPICH's algorithm choice against one algorithm each

Each collective alone, over one rank per node of the 8x8 mesh (DOR), at a
size where MPICH 3 picks another algorithm than the fixed set
(docs/workloads.md, "Collectives"), run under workload.collectives=fixed
and =mpich; the completion time beside the bandwidth term of Thakur,
Rabenseifner & Gropp's cost model (the bytes one rank sends on the
algorithm's path, at one 8-byte flit a cycle), a lower bound the network's
latency and contention add to. --quick: 16 ranks on a 4x4 mesh, sizes
divided by 16.
Run it as ./scripts/reproduce/collectives.py [--quick] (Debian's /usr/bin/python3)."""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from nocsimexp.reproduce import Reproduction, md_table  # noqa: E402

FLIT_BYTES = 8  # power.flit_bits = 64


def cases(p, scale):
    """(name, trace line, bandwidth term in bytes for fixed, for mpich) for
    p ranks, a power of two; b the event's size (a block's for alltoall,
    allgather and reduce_scatter), lg = log2 p."""
    lg = int(math.log2(p))
    big, block, small = (1 << 20) // scale, (16 << 10) // scale, 64
    rs = (4 << 10) // scale
    return [
        ("allreduce", "allreduce %d" % big, lg * big, 2 * (p - 1) * big / p),
        ("bcast", "bcast 0 %d" % big, lg * big, 2 * (p - 1) * big / p),
        ("reduce", "reduce 0 %d" % big, lg * big, 2 * (p - 1) * big / p),
        ("allgather", "allgather %d" % block, (p - 1) * block, (p - 1) * block),
        ("alltoall (short)", "alltoall %d" % small, (p - 1) * small, p / 2 * lg * small),
        ("alltoall (long)", "alltoall %d" % block, (p - 1) * block, (p - 1) * block),
        ("reduce_scatter", "reduce_scatter %d" % rs, (p - 1) * rs, (p - 1) * rs),
    ]


def main():
    r = Reproduction("collectives", __doc__)
    k = 4 if r.quick else 8
    p = k * k
    scale = 16 if r.quick else 1
    common = ["workload.type=trace", "topology.k=%d" % k, "sim.warmup=0", "sim.cycles=100000000"]
    traces = os.path.join(r.work, "traces")
    os.makedirs(traces, exist_ok=True)
    rows, bars = [], []
    for i, (name, line, bw_fixed, bw_mpich) in enumerate(cases(p, scale)):
        path = os.path.join(traces, "c%d.txt" % i)
        with open(path, "w") as f:
            f.write("ranks %d\n* %s\n" % (p, line))
        s = r.sweep("c%d" % i, "topologies/mesh-8x8.yaml", [("workload.collectives", ["fixed", "mpich"])], (1,),
                    common + ["workload.trace_file=%s" % path])
        got = {x["workload.collectives"]: x for x in s.rows_ if x.get("exit_code") == 0}
        if len(got) < 2:
            rows.append([name, "`%s`" % line, "failed", "-", "-", "-", "-"])
            continue
        f, m = got["fixed"], got["mpich"]
        cf, cm = float(f["completion.cycles"]), float(m["completion.cycles"])
        rows.append([name, "`%s`" % line,
                     "%s: %.0f (%.2f)" % (algo(f), cf, cf / (bw_fixed / FLIT_BYTES)),
                     "%s: %.0f (%.2f)" % (algo(m), cm, cm / (bw_mpich / FLIT_BYTES)),
                     "%.2f" % (cf / cm), "%.0f / %.0f" % (f["completion.messages"], m["completion.messages"]),
                     "%.0f / %.0f" % (f["completion.bytes"], m["completion.bytes"])])
        bars.append((name, cf, cm, bw_fixed / FLIT_BYTES, bw_mpich / FLIT_BYTES))
    r.section("Completion by algorithm", md_table(
        ["collective", "event (%d ranks)" % p, "fixed: algorithm, cycles (/ bound)",
         "mpich: algorithm, cycles (/ bound)", "fixed / mpich", "messages fixed / mpich",
         "bytes fixed / mpich"], rows) +
        "\nThe bound is the cost model's bandwidth term: the bytes one rank sends on the algorithm's path "
        "(Thakur et al. 2005: log2 p b for binomial trees and recursive doubling, 2 (p - 1) / p b for "
        "Rabenseifner's and the scatter-allgather bcast, (p - 1) b for the allgathers and the pairwise and "
        "scattered alltoall, p / 2 log2 p b for Bruck's alltoall) over 8 bytes a cycle; the ratio in brackets "
        "is what the mesh's latency and contention add.")
    plot(bars, r.path("completion.png"), "One collective, %d ranks on the %dx%d mesh" % (p, k, k))
    r.image("Completion, plotted", "completion.png",
            "Bars: completion in cycles (log scale); ticks: the bandwidth bound of each algorithm.")
    r.finish("%d ranks, rank r on node r of the %dx%d mesh (`topologies/mesh-8x8.yaml` with `topology.k=%d`, "
             "DOR), one collective per run, `%s`; each under `workload.collectives=fixed` and `=mpich`."
             % (p, k, k, k, " ".join(common)))


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
