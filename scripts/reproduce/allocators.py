#!/usr/bin/python3
"""Switch allocators on a single switch: saturation throughput

A 10 x 10 single switch (topologies/single-10.yaml), uniform traffic offered
at 1 flit per node per cycle, input-queued (8-flit VC buffers, no output
buffers, speedup 1): the accepted load is the switch's saturation
throughput under each switch allocator (router.allocator.sa,
docs/architecture.md, "Allocators"). Columns: 1 VC and 1-flit packets (the
issue's setting: one head per input), 1 VC and 8-flit packets, and 4 and
10 VCs with 1-flit packets (several heads per input with different outputs:
the matching algorithm decides). 2,000 warm-up and 10,000 measured cycles,
3 seeds.
Then the VC allocators (router.allocator.va) on the same switch, its
switch allocator max_size so that SA is not what limits: 4 and 10 VCs with
1-flit packets, and 4 VCs with wormhole switching and 4-flit packets.
--quick: 1,000 + 1,000 cycles, 1 seed, the first three columns of each.
Run it as ./scripts/reproduce/allocators.py [--quick] (Debian's /usr/bin/python3)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from nocsimexp.reproduce import Reproduction, md_table  # noqa: E402

ALLOCATORS = [("max_size", ["router.allocator.sa=max_size"]), ("wavefront", ["router.allocator.sa=wavefront"]),
              ("islip, 4 iterations", ["router.allocator.sa=islip", "router.allocator.sa_iterations=4"]),
              ("islip, 2 iterations", ["router.allocator.sa=islip", "router.allocator.sa_iterations=2"]),
              ("islip, 1 iteration", ["router.allocator.sa=islip"]),
              ("sep_if (separable input-first)", ["router.allocator.sa=sep_if"]),
              ("sep_of (separable output-first)", ["router.allocator.sa=sep_of"])]
VA_ALLOCATORS = [(a, ["router.allocator.va=" + a] + (["router.allocator.va_iterations=4"] if a == "islip" else []))
                 for a in ("max_size", "wavefront", "islip", "sep_if", "sep_of", "free_pool")]
VA_COLUMNS = [("4 VCs", ["router.vcs=4"]), ("10 VCs", ["router.vcs=10"]),
              ("4 VCs, wormhole, 4-flit packets", ["router.vcs=4", "router.switching=wormhole",
                                                    "traffic.packet_size=4"])]


def columns(quick):
    cols = [("1 VC", ["router.vcs=1"]), ("1 VC, 8-flit packets", ["router.vcs=1", "traffic.packet_size=8"]),
            ("4 VCs", ["router.vcs=4"]), ("10 VCs", ["router.vcs=10"])]
    return cols[:3] if quick else cols


def table(r, tag, allocators, cols, common, seeds):
    """Accepted load per allocator (rows) and column: markdown rows and the means."""
    rows, series = [], {}
    for i, (name, keys) in enumerate(allocators):
        row = [name]
        for j, (_, col) in enumerate(cols):
            x = r.sweep("%s%d-%d" % (tag, i, j), "topologies/single-10.yaml", [], seeds, common + keys + col).sums_[0]
            if not x.get("ok"):
                row.append("failed")
                series.setdefault(name, []).append(0.0)
                continue
            ci = x.get("accepted_load.ci95")
            row.append("%.3f%s" % (x["accepted_load"], " ± %.3f" % ci if ci not in (None, "") else ""))
            series.setdefault(name, []).append(x["accepted_load"])
        rows.append(row)
    return rows, series


def main():
    r = Reproduction("allocators", __doc__)
    window = ["sim.warmup=1000", "sim.cycles=1000"] if r.quick else ["sim.warmup=2000", "sim.cycles=10000"]
    common = ["traffic.load=1", "sim.drain=0"] + window
    seeds = (1,) if r.quick else (1, 2, 3)
    cols = columns(r.quick)
    rows, series = table(r, "alloc", ALLOCATORS, cols, common, seeds)
    r.section("Saturation throughput (accepted flits per node per cycle at offered 1)", md_table(
        ["allocator"] + [c for c, _ in cols], rows) +
        "\nWith one VC an output VC serves one packet per packet length + 2 cycles: it is free again only "
        "after its packet's tail has its SA grant, and the next packet then needs VA before SA (without contention, "
        "`traffic.pattern=bitcomp`, a permutation, carries 1/3 flit per cycle with 1-flit packets and 8/11 with "
        "8-flit ones). So with 1-flit packets the VC sets the pace, every input offers one head, and every "
        "allocator carries the same; with 8-flit packets the turnaround is amortised and head-of-line blocking "
        "bounds every allocator alike, below Karol et al.'s 0.586 by that turnaround. "
        "With several VCs each input offers several outputs and the allocators part.")
    plot(series, [c for c, _ in cols], r.path("allocators.png"), "switch allocator")
    r.image("Saturation throughput by allocator", "allocators.png", "Mean over the seeds.")
    va_common = common + ["router.allocator.sa=max_size"]
    va_cols = VA_COLUMNS[:1] if r.quick else VA_COLUMNS
    va_rows, va_series = table(r, "va", VA_ALLOCATORS, va_cols, va_common, seeds)
    r.section("VC allocators (switch allocator max_size)", md_table(
        ["VC allocator"] + [c for c, _ in va_cols], va_rows) +
        "\nislip runs 4 iterations. free_pool grants one VC per output port per cycle; the matchings grant as "
        "many as the port has free.")
    plot(va_series, [c for c, _ in va_cols], r.path("va_allocators.png"), "VC allocator, SA max_size")
    r.image("Saturation throughput by VC allocator", "va_allocators.png", "Mean over the seeds.")
    r.finish("`topologies/single-10.yaml` with `%s`; allocators: %s; columns: %s; VC allocators (with "
             "`router.allocator.sa=max_size`): %s; columns: %s; seeds %s." % (
                 " ".join(common), "; ".join("%s: `%s`" % (n, " ".join(k)) for n, k in ALLOCATORS),
                 "; ".join("%s: `%s`" % (c, " ".join(k)) for c, k in cols),
                 "; ".join("%s: `%s`" % (n, " ".join(k)) for n, k in VA_ALLOCATORS),
                 "; ".join("%s: `%s`" % (c, " ".join(k)) for c, k in va_cols), ", ".join(map(str, seeds))))


def plot(series, cols, out, what):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(8, 4.2))
    names = list(series)
    width = 0.8 / max(len(cols), 1)
    for k, c in enumerate(cols):
        xs = [i + (k - (len(cols) - 1) / 2) * width for i in range(len(names))]
        ax.bar(xs, [series[n][k] for n in names], width=width * 0.95, label=c)
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels([n.split(" (")[0] for n in names], rotation=20, ha="right", fontsize=8)
    ax.set_ylabel("accepted load (flits/node/cycle)")
    ax.set_ylim(0, 1)
    ax.set_title("10 x 10 single switch, uniform traffic at offered 1: by %s" % what)
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


if __name__ == "__main__":
    main()
