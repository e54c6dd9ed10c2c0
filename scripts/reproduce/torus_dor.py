#!/usr/bin/python3
"""Torus e-cube, star-channel and smart DOR: uniform load sweeps and saturation

Accepted load and latency against offered load (in gamma0) for e-cube (dor,
2 VCs: the dateline classes), star-channel (star, 3 VCs: the two e-cube
classes and the adaptive "*") and smart DOR (smart-dor, 2 VCs) on k x k and
k x k x k tori under uniform traffic, Pisani's setting (docs/validation.md, "Torus adaptive
routing", "Pisani's VCT tori"; docs/routing-torus.md): virtual cut-through,
8-flit packets, 16-flit buffers (2 packets) per VC, 1-cycle links. The
saturation point of each routing is given twice: from the sweep (the offered
load one step below the first one nocsim flags saturated) and from the
saturation search (nocsimexp.saturation, over traffic.load in
gamma0). Loads are given in gamma0 and, as Pisani normalises them, in
flits/node/cycle: the fraction of a node's injection bandwidth (one flit
per cycle), the same at every size.
Full: 10x10, 32x32 and 10x10x10 tori, offered 0.1..1.0 gamma0, 3,000 +
6,000 cycles per run, search resolution 0.02 gamma0; --quick: 6x6 and
4x4x4 tori, 4 loads, 500 + 1,500 cycles, resolution 0.1.
Run it as ./scripts/reproduce/torus_dor.py [--quick] (Debian's
/usr/bin/python3)."""
import csv
import math
import os
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from nocsimexp.reproduce import Reproduction, md_table, stat, gamma0_flits  # noqa: E402
from nocsimexp import plots  # noqa: E402
from nocsimexp.runs import make_task, load_result  # noqa: E402
from nocsimexp.saturation import search, SearchError, _fmt  # noqa: E402

ROUTINGS = [("dor", 2), ("star", 3), ("smart-dor", 2)]
# 2-D and 3-D tori, VCT, 8-flit packets, 1-cycle links; k set per size.
CONFIGS = {2: "topologies/torus-8x8.yaml", 3: "topologies/torus-4x4x4.yaml"}


def label(shape):
    k, n = shape
    return "x".join([str(k)] * n)


def main():
    r = Reproduction("torus_dor", __doc__)
    # sizes: (k, n) per torus; below, `k` names such a pair, label(k) its "10x10".
    if r.quick:
        sizes, seeds, res = [(6, 2), (4, 3)], [1], 0.1
        load_steps = [1, 3, 5, 7]  # in units of res: 0.1, 0.3, 0.5, 0.7
        win = ["500", "1500"]
    else:
        sizes, seeds, res = [(10, 2), (32, 2), (10, 3)], [1], 0.02
        load_steps = list(range(5, 51, 5))  # 0.10, 0.20, ..., 1.00
        win = ["3000", "6000"]
    log = (lambda m: None) if r.args.quiet else (lambda m: sys.stderr.write(m + "\n"))
    cfgs = {n: r.config(c) for n, c in CONFIGS.items()}
    sat_rows, trace, csv_rows, g0s = [], [], [], {}
    sweeps, prefix, loads_of, top_of = {}, {}, {}, {}
    for k in sizes:
        g0s[k] = gamma0_flits(r.args.nocsim, cfgs[k[1]], ["topology.k=%d" % k[0]])
        cap = int(math.floor(1.0 / g0s[k] / res + 1e-9))  # the injection limit, 1 flit/node/cycle
        steps = [x for x in load_steps if x <= cap]
        loads_of[k] = [_fmt(res, x) for x in steps]
        top_of[k] = steps[-1]  # the search goes as high as the sweep
        for alg, vcs in ROUTINGS:
            # Every setting is a (single-valued) axis so that each run's
            # overrides end in traffic.load, as the search's do: the search
            # then reuses the sweep's runs at the loads they share.
            axes = [("topology.k", [k[0]]), ("router.vcs", [vcs]), ("router.buffer_depth", [16]),
                    ("traffic.load_unit", ["gamma0"]), ("sim.warmup", [win[0]]), ("sim.cycles", [win[1]]),
                    ("sim.drain", [0]), ("routing.algorithm", [alg])]
            prefix[(k, alg)] = ["%s=%s" % (key, v[0]) for key, v in axes]
            s = sweeps[(k, alg)] = r.sweep("%s-%s" % (label(k), alg), CONFIGS[k[1]],
                                           axes + [("traffic.load", loads_of[k])], seeds)
            if r.args.force:  # the searches' own runs are rerun too
                mine, run_dir = {x["id"] for x in s.tasks}, os.path.join(s.out_dir, "runs")
                for f in os.listdir(run_dir):
                    if f.endswith(".meta.json") and f[:12] not in mine:
                        os.remove(os.path.join(run_dir, f))

    def one(job):
        k, alg, seed = job
        run_dir = os.path.join(sweeps[(k, alg)].out_dir, "runs")
        try:
            out = search(r.args.nocsim, cfgs[k[1]], prefix[(k, alg)], run_dir, res, top_of[k] * res, seed,
                         lambda m: None)
        except SearchError as e:
            out = {"error": str(e)}
        log("torus_dor: search %s %s seed %d: %s" % (
            label(k), alg, seed, out.get("error") or "gamma* %g gamma0 (%d runs)" % (out["load"], len(out["runs"]))))
        return job, out

    # All searches in one pool, the largest torus first.
    jobs = [(k, alg, seed) for k in sorted(sizes, key=lambda shape: -(shape[0] ** shape[1])) for alg, _ in ROUTINGS for seed in seeds]
    with ThreadPoolExecutor(max_workers=max(1, r.args.jobs)) as pool:
        found = dict(pool.map(one, jobs))

    def at(k, alg, seed, load):
        task = make_task(r.args.nocsim, cfgs[k[1]], prefix[(k, alg)] + ["traffic.load=" + load], seed,
                         os.path.join(sweeps[(k, alg)].out_dir, "runs"), {"traffic.load": load})
        return load_result(task)[1]

    for k in sizes:
        g0, loads, top = g0s[k], loads_of[k], top_of[k]
        # The sweep per size: one plot, one table like docs/validation.md's.
        rows_all = []
        for alg, _ in ROUTINGS:
            rows_all += sweeps[(k, alg)].sums_
        png = "torus-%s.png" % label(k)
        plots.plot_sweep(rows_all, ["routing.algorithm", "traffic.load"], r.path(png),
                         "%s torus, VCT, uniform, 2 VCs (star 3) of 16 flits, 8-flit packets; "
                         "%s + %s cycles per run; %d seed(s)" % (label(k), win[0], win[1], len(seeds)),
                         by=["routing.algorithm"], unit="gamma0")
        table = []
        for i, load in enumerate(loads):
            row = [load, "%.3f" % (float(load) * g0)]
            for alg, _ in ROUTINGS:
                s = sweeps[(k, alg)].sums_[i]
                mark = " (sat.)" if s["saturated"] else ""
                if s["ok"]:
                    row += ["%.3f%s" % (s["accepted_load_gamma0"], mark), "%.3f" % s["accepted_load"],
                            "%.0f" % s["latency.mean"]]
                else:
                    row += ["failed", "-", "-"]
            table.append(row)
        head = ["offered (γ₀)", "offered (flits/node/cycle)"]
        for alg, _ in ROUTINGS:
            head += ["%s accepted (γ₀)" % alg, "%s accepted (flits/node/cycle)" % alg, "%s latency (cycles)" % alg]
        r.section("%s torus: uniform load sweep" % label(k), md_table(head, table) +
                  "\nγ₀ = %.4f flits/node/cycle; flits/node/cycle is the fraction of a node's injection "
                  "bandwidth (Pisani's normalisation: per node). Accepted: %s; (sat.): nocsim flagged the run saturated "
                  "(accepted < 0.97 × generated in the window; with several seeds, at least one). Latency: "
                  "mean, generation to delivery, over the packets delivered in the run (sim.drain=0)." % (
                      g0, "mean over seeds %s" % ", ".join(map(str, seeds)) if len(seeds) > 1
                      else "seed %d" % seeds[0]))
        r.image("%s torus: accepted load and latency" % label(k), png,
                "Red circles: runs flagged saturated. Dotted: accepted = offered.")

        # Saturation per routing, from the sweep and from the search.
        for alg, vcs in ROUTINGS:
            sums = sweeps[(k, alg)].sums_
            first = next((i for i, s in enumerate(sums) if s["saturated"] or s["failed"]), None)
            if first is None:
                from_sweep, first_sat = "≥ %s" % loads[-1], "none up to %s" % loads[-1]
            else:
                from_sweep = loads[first - 1] if first > 0 else "< %s" % loads[0]
                first_sat = loads[first]
            ok = [s for s in sums if s["ok"]]
            peak = max(ok, key=lambda s: s["accepted_load_gamma0"], default=None)
            gam, gam_f, acc, acc_f, notes = [], [], [], [], []
            for seed in seeds:
                o = found[(k, alg, seed)]
                if "error" in o:
                    notes.append("seed %d: %s" % (seed, o["error"]))
                    continue
                trace.append("- %s, %s, seed %d: %s" % (label(k), alg, seed, ", ".join(
                    "%g %s" % (load, "✓" if okr else "✗") for load, okr, _, _ in o["runs"])))
                for load, okr, _, note in o["runs"]:
                    f = at(k, alg, seed, _fmt(res, int(round(load / res))))
                    csv_rows.append([label(k), alg, seed, "%g" % load, "sustained" if okr else "not sustained"]
                                    + ["" if f.get(c) is None else "%.6g" % f[c] for c in SEARCH_COLUMNS] + [note])
                gam.append(o["load"])
                if o["at_max"]:
                    notes.append("search: sustained up to its top (%s)" % _fmt(res, top))
                if o["load"] <= 0:
                    gam_f.append(0.0)
                    continue
                f = at(k, alg, seed, _fmt(res, int(round(o["load"] / res))))
                gam_f.append(f.get("offered_load"))
                acc.append(f.get("accepted_load_gamma0"))
                acc_f.append(f.get("accepted_load"))
            sat_rows.append([label(k), alg, vcs, from_sweep, first_sat, stat(gam, "%.2f"),
                             stat(gam_f, "%.4f"), stat(acc, "%.3f"), stat(acc_f, "%.4f"),
                             "%.3f at %s" % (peak["accepted_load_gamma0"], peak["traffic.load"]) if peak else "-",
                             "; ".join(notes) or "ok"])

    with open(r.path("search-runs.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["torus", "routing.algorithm", "seed", "traffic.load", "result"] + SEARCH_COLUMNS + ["note"])
        w.writerows(csv_rows)
    r.section("Saturation point per routing", md_table(
        ["torus", "routing", "VCs", "sweep: highest sustained offered (γ₀)", "sweep: first saturated (γ₀)",
         "search: γ* (γ₀)", "search: γ* (flits/node/cycle)", "accepted at γ* (γ₀)",
         "accepted at γ* (flits/node/cycle)",
         "sweep: peak accepted (γ₀) at offered", "note"], sat_rows) +
        "\nSweep: the offered load one step (%s γ₀) below the first point nocsim flags saturated "
        "(with several seeds: flagged in at least one) or failed. Search: the highest offered load on a grid "
        "of %g γ₀ that the network sustains (exit 0, not flagged saturated), by the saturation search "
        "(`nocsimexp.saturation.search`, seeds %s), reusing the sweep's runs where the loads coincide; "
        "in flits/node/cycle it is that run's offered load. γ₀: %s." % (
            _fmt(res, load_steps[1] - load_steps[0]), res, ", ".join(map(str, seeds)),
            ", ".join("%.4f flits/node/cycle on %s" % (g0s[k], label(k)) for k in sizes)))
    r.section("Search runs", "Every run of every search (✓ sustained, ✗ not), in the order run; "
              "`search-runs.csv` has their offered, generated and accepted loads and latency.\n\n" +
              "\n".join(trace))
    r.finish(
        "%s, `router.buffer_depth=16`, `traffic.load_unit=gamma0`, "
        "uniform traffic, `sim.warmup=%s sim.cycles=%s sim.drain=0`; routings dor and smart-dor with "
        "`router.vcs=2`, star with `router.vcs=3`; offered loads %s γ₀ (at most 1 flit/node/cycle); "
        "saturation search from 0 to the top load at resolution %g γ₀; seeds %s." % (
            "; ".join("`%s` with `topology.k=%d` (%s)" % (CONFIGS[k[1]], k[0], label(k)) for k in sizes),
            win[0], win[1], ", ".join(_fmt(res, x) for x in load_steps),
            res, ", ".join(map(str, seeds))))


SEARCH_COLUMNS = ["offered_load", "generated_load", "accepted_load", "accepted_load_gamma0", "latency.mean",
                  "derouted.total"]

if __name__ == "__main__":
    main()
