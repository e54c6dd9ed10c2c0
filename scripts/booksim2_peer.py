#!/usr/bin/python3
"""Run BookSim2 on the configurations nocsim is compared with.

BookSim2 is not part of nocsim: build it from its public repository
(booksim/booksim2, `make` in src/) and pass the binary with --booksim.
Each case writes BookSim2's configuration (the keys below, in BookSim2's
own syntax) and a CSV (CASE-PATTERN.{cfg,csv} in --out, rewritten by each
invocation) with one row per load and seed:
  first_*     BookSim2's first printed sample: cycles 0..S from an empty
              network (what the project's BookSim2 figures of 2026-11-26 were);
  measured_*  the sample after `--warmup` warm-up samples (BookSim2 clears
              its statistics when it has warmed up), the window nocsim's
              sim.warmup/sim.cycles give.
With --nocsim-args, nocsim runs each load and seed over the same window
(sim.warmup = the warm-up samples, sim.cycles = one sample, sim.drain=0)
and the row carries its figures too (nocsim_*); the end prints the means
over the seeds side by side, as a markdown table.
The run is stopped once the measured sample is printed: BookSim2 would
otherwise drain every queued packet, which past saturation takes longer
than the run. `latency_thres = -1.0` keeps BookSim2 from abandoning a
saturated run after its first sample. docs/validation.md, "Against
BookSim2", says what each case stands for.
Run: ./scripts/booksim2_peer.py --booksim PATH --case C --loads L1,L2
[--seeds 1,2] [--sample 10000] [--warmup 1] [--out DIR] [--booksim-args "K=V ..."]
[--nocsim build/nocsim --nocsim-args "CONFIG KEY=VALUE ..."] [--work DIR]"""
import argparse
import csv
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nocsimexp import runs  # noqa: E402
from nocsimexp.sweeper import DEFAULT_NOCSIM, ROOT  # noqa: E402

COMMON = """vc_buf_size = {buf}; num_vcs = 2; wait_for_tail_credit = 0;
vc_allocator = separable_input_first; sw_allocator = separable_input_first; alloc_iters = 1;
credit_delay = {credit}; routing_delay = {rc}; vc_alloc_delay = 1; sw_alloc_delay = 1; st_final_delay = 1;
input_speedup = 1; output_speedup = 1; internal_speedup = {speedup};
hold_switch_for_packet = {hold}; priority = none;
traffic = {pattern}; packet_size = {size}; injection_rate_uses_flits = 1;
sim_type = latency; sim_count = 1; latency_thres = -1.0;
"""
CASES = {  # name: (topology lines, COMMON fields)
    "mesh": ("topology = mesh; k = 8; n = 2; routing_function = dor;",
             dict(buf=8, credit=1, rc=1, speedup="1.0", hold=0, size=8)),
    "torus": ("topology = torus; k = 8; n = 2; routing_function = dim_order;",
              dict(buf=8, credit=1, rc=1, speedup="1.0", hold=0, size=8)),
    # topologies/bench/dragonfly-h4-bench.yaml (p = 4, a = 8, h = 4)
    "dragonfly": ("topology = dragonflynew; k = 4; n = 1; routing_function = min;",
                  dict(buf=256, credit=1, rc=1, speedup="1.0", hold=0, size=8)),
    # BookSim2's src/examples/dragonflyconfig router settings
    "dragonfly-example": ("topology = dragonflynew; k = 4; n = 1; routing_function = min;",
                          dict(buf=256, credit=2, rc=0, speedup="2.0", hold=0, size=10)),
}
FIELDS = ["case", "pattern", "load", "seed", "first_latency", "first_accepted",
          "measured_latency", "measured_accepted", "cycles", "seconds", "nocsim_latency", "nocsim_accepted"]


def config_text(case, pattern, sample, warmup, extra):
    """BookSim2's configuration; extra: KEY=VALUE overrides, written last (the
    last assignment of a key wins in BookSim2's parser)."""
    topo, fields = CASES[case]
    return (topo + "\n" + COMMON.format(pattern=pattern, **fields)
            + "sample_period = %d; warmup_periods = %d; max_samples = %d;\n" % (sample, warmup, warmup + 1)
            + "".join("%s = %s;\n" % tuple(kv.split("=", 1)) for kv in extra))


def samples(proc):
    """Yield (latency, accepted) per printed sample of a running BookSim2."""
    latency = None
    for line in proc.stdout:
        if line.startswith("Packet latency average = "):
            latency = float(line.split("=")[1].split()[0])
        elif line.startswith("Accepted flit rate average="):
            yield latency, float(line.split("=")[1].split()[0])


def run(booksim, cfg, load, seed, warmup):
    """The first and the measured sample of one BookSim2 run."""
    start = time.time()
    proc = subprocess.Popen([booksim, cfg, "injection_rate=%g" % load, "seed=%d" % seed],
                            stdout=subprocess.PIPE, text=True)
    got = []
    for s in samples(proc):
        got.append(s)
        if len(got) == warmup + 1:
            break
    proc.kill()
    proc.wait()
    if len(got) < warmup + 1:
        sys.exit("booksim2_peer: BookSim2 printed %d of %d samples (%s, load %g)"
                 % (len(got), warmup + 1, cfg, load))
    return got[0], got[-1], time.time() - start


def run_nocsim(a, load, seed):
    """nocsim's mean packet latency and accepted load over BookSim2's window
    (a run of the experiment layer: JSON and meta file under --work)."""
    config, *keys = a.nocsim_args.split()
    window = ["traffic.load=%g" % load, "sim.warmup=%d" % (a.sample * a.warmup),
              "sim.cycles=%d" % a.sample, "sim.drain=0"]
    task = runs.make_task(a.nocsim, config, keys + window, seed, a.work, {"traffic.load": "%g" % load})
    meta = runs.run_task(task)
    if meta["exit_code"] != 0:  # nocsim's exit 2 (bad --nocsim-args) stays 2
        print("booksim2_peer: nocsim: %s (%s)" % (meta["message"], " ".join(meta["command"])), file=sys.stderr)
        sys.exit(2 if meta["exit_code"] == 2 else 1)
    doc = runs.load_result(task)[2]
    return doc["latency"]["mean"], doc["accepted_load"]


def table(rows):
    """Means over the seeds per load: BookSim2's measured sample beside nocsim."""
    loads = sorted({float(r[2]) for r in rows})
    print("| load | BookSim2 latency | BookSim2 accepted | nocsim latency | nocsim accepted |")
    print("| --- | --- | --- | --- | --- |")
    for load in loads:
        sel = [r for r in rows if float(r[2]) == load]

        def mean(i):
            vals = [float(r[i]) for r in sel if r[i] != ""]
            return sum(vals) / len(vals) if vals else float("nan")
        print("| %.2f | %.1f | %.4f | %.1f | %.4f |" % (load, mean(6), mean(7), mean(10), mean(11)))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--booksim", required=True, help="the BookSim2 binary")
    ap.add_argument("--case", required=True, choices=sorted(CASES))
    ap.add_argument("--pattern", default="uniform", help="BookSim2's traffic (uniform, tornado, ...)")
    ap.add_argument("--loads", required=True, help="offered loads, flits/(node*cycle), comma-separated")
    ap.add_argument("--seeds", default="1", help="BookSim2 seeds, comma-separated")
    ap.add_argument("--sample", type=int, default=10000, help="cycles per sample (BookSim2's sample_period)")
    ap.add_argument("--warmup", type=int, default=1, help="warm-up samples before the measured one (>= 1)")
    ap.add_argument("--out", default="results/booksim2", help="folder for configs, CSV")
    ap.add_argument("--booksim-args", default="", help="BookSim2 KEY=VALUE overrides, in one string")
    ap.add_argument("--nocsim", default=DEFAULT_NOCSIM, help="the nocsim binary (with --nocsim-args)")
    ap.add_argument("--work", default=os.path.join(ROOT, "results", "booksim2-peer-runs"),
                    help="folder for nocsim's runs (default results/booksim2-peer-runs)")
    ap.add_argument("--nocsim-args", help="nocsim's configuration and keys for the same case, in one string")
    a = ap.parse_args()
    extra = a.booksim_args.split()
    if any("=" not in kv or kv.startswith("=") for kv in extra):
        ap.error("--booksim-args takes KEY=VALUE words, got %r" % a.booksim_args)
    if a.warmup < 1:
        ap.error("--warmup must be at least 1 (the measured sample follows a warm-up)")
    try:
        loads = [float(x) for x in a.loads.split(",")]
        seeds = [int(x) for x in a.seeds.split(",")]
    except ValueError:
        ap.error("--loads takes numbers and --seeds integers, comma-separated")
    if not os.access(a.booksim, os.X_OK):
        ap.error("--booksim %s is not an executable file" % a.booksim)
    os.makedirs(a.out, exist_ok=True)
    tag = "%s-%s" % (a.case, a.pattern)
    cfg = os.path.join(a.out, tag + ".cfg")
    with open(cfg, "w") as f:
        f.write(config_text(a.case, a.pattern, a.sample, a.warmup, extra))
    rows = []
    with open(os.path.join(a.out, tag + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(FIELDS)
        for load in loads:
            for seed in seeds:
                first, measured, secs = run(a.booksim, cfg, load, seed, a.warmup)
                mine = run_nocsim(a, load, seed) if a.nocsim_args else ("", "")
                row = [a.case, a.pattern, load, seed, first[0], first[1], measured[0], measured[1],
                       a.sample * (a.warmup + 1), "%.0f" % secs, mine[0], mine[1]]
                rows.append(row)
                w.writerow(row)
                f.flush()
                print("booksim2_peer: %s load %g seed %d: first %.1f/%.4f measured %.1f/%.4f (%.0f s)"
                      % (tag, load, seed, first[0], first[1], measured[0], measured[1], secs), file=sys.stderr)
    if a.nocsim_args:
        table(rows)


if __name__ == "__main__":
    main()
