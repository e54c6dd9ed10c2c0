#!/usr/bin/python3
"""Torus adaptive routing: saturation throughput of ABR, POR and OFR

For each routing (ABR and POR on 2 VCs, OFR on 3; docs/routing-torus.md) and
traffic pattern (uniform, butterfly, transposition, transpose3d, bitrev):
gamma* = the maximum sustained throughput, found by the saturation search
(nocsimexp.saturation, over traffic.load in gamma0 units), given in
gamma0 and in flits/node/cycle; the fractions of packets derouted through a
WIDN, an OIDN and in all at that sustained load; and the accepted load at the
top of the search (offered 1 gamma0 on 8x8x8, what docs/validation.md's old
table showed); for POR and OFR, what the profit rule saw at its decisions
in the run at gamma* (the JSON's profit_rule). A pattern the size refuses (nocsim exit 2) is listed as not
run with nocsim's message. Versaci's setting (docs/validation.md, "Torus
adaptive routing"): store-and-forward, messages of 96 packets of 8 flits,
buffers of 64 flits (8 packets) per VC, 1-cycle links.
Full: 8x8x8 torus, 5,000 + 10,000 cycles per run, resolution 0.02 gamma0;
--quick: 4x4x4 torus, 2 patterns, 1,000 + 4,000 cycles, resolution 0.1.
Run it as ./scripts/reproduce/torus_adaptive.py [--quick] (Debian's
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
from nocsimexp.stats import mean_ci  # noqa: E402

ROUTINGS = [("abr", 2), ("por", 2), ("ofr", 3)]
PATTERNS = ["uniform", "butterfly", "transposition", "transpose3d", "bitrev"]
PROFIT = ["profit_rule.least_idle", "profit_rule.minimal_idle", "profit_rule.detour_in_range",
          "profit_rule.detour_within_reach", "profit_rule.detour_less_used"]
# Per decision (builds from session 39 on): used slots and the idle output's kind.
SAMPLES = ["profit_rule.mean_u_star", "profit_rule.mean_u0", "profit_rule.mean_least_detour_u",
           "profit_rule.idle_minimal", "profit_rule.idle_opposite", "profit_rule.idle_unneeded"]
SEARCH_COLUMNS = ["offered_load", "generated_load", "accepted_load", "accepted_load_gamma0", "latency.mean",
                  "derouted.widn", "derouted.oidn", "derouted.total"] + PROFIT + SAMPLES
CONFIG = "topologies/torus-4x4x4.yaml"  # 4x4x4 torus, 8-flit packets, 1-cycle links


def default_setting(quick):
    """This script's own setting: (config, size, patterns, seeds, resolution,
    overrides for every run)."""
    if quick:
        return CONFIG, [4, 4, 4], ["uniform", "bitrev"], [1], 0.1, \
            SAF_MESSAGES + ["sim.warmup=1000", "sim.cycles=4000", "sim.drain=0"]
    return CONFIG, [8, 8, 8], PATTERNS, [1], 0.02, \
        SAF_MESSAGES + ["topology.k=8", "sim.warmup=5000", "sim.cycles=10000", "sim.drain=0"]


SAF_MESSAGES = ["router.switching=saf", "traffic.message_packets=96", "router.buffer_depth=64",
                "traffic.packet_size=8", "traffic.load_unit=gamma0"]


def trail(runs):
    """A search's runs in the order run: load, then ✓ sustained or ✗ not."""
    return ", ".join("%g %s" % (load, "✓" if ok else "✗") for load, ok, _, _ in runs)


def status(nocsim, cfg, overrides, run_dirs, pats, seeds, res, top):
    """--status: each search's finished runs, in bisection's order, and the
    load it runs next or its gamma*; runs nothing."""
    for alg, _ in ROUTINGS:
        for p in pats:
            for seed in seeds:
                try:
                    out = search(nocsim, cfg, overrides[(alg, p)], run_dirs[alg], res, top * res, seed,
                                 lambda m: None, dry=True)
                except SearchError as e:
                    out = {"error": str(e), "runs": []}
                done = trail(out["runs"])
                state = out.get("error") or ("next %g γ₀" % out["pending"] if "pending" in out
                                             else "γ* %.2f γ₀" % out["load"])
                print("%s %s seed %d: %s; %s" % (alg, p, seed, done or "no run", state))


def main(name="torus_adaptive", doc=__doc__, setting=default_setting, vcs_from_config=False, extra=None):
    """vcs_from_config: every routing runs on the config's router.vcs (3 in
    Versaci's presets) instead of ABR's and POR's 2. extra: the script's own
    options (Reproduction); setting then takes (quick, args)."""
    r = Reproduction(name, doc, extra=extra)
    name = r.name
    CONFIG, ks, pats, seeds, res, base = setting(r.quick, r.args) if extra else setting(r.quick)
    cfg = r.config(CONFIG)
    g0 = gamma0_flits(r.args.nocsim, cfg, base)
    # The search goes up to 1.2 gamma0 or the injection limit (1 flit/node/cycle),
    # whichever is lower: 1.0 gamma0 on 8x8x8 (0.998 flits), 0.5 on 4x4x4.
    top = int(math.floor(min(1.2, 1.0 / g0) / res + 1e-9))
    ref = _fmt(res, top)
    size = "x".join(map(str, ks))
    log = (lambda m: None) if r.args.quiet else (lambda m: sys.stderr.write(m + "\n"))

    # The top of each search, run first as a sweep (parallel, with its CSVs):
    # the accepted load at offered `ref` gamma0. Its overrides end in
    # traffic.load=ref exactly as the search's own first run, in the same run
    # folder, so the search finds it done.
    jobs, refs, run_dirs, overrides, fixed = [], {}, {}, {}, {}
    for alg, vcs in ROUTINGS:
        fixed[alg] = ([] if vcs_from_config else ["router.vcs=%d" % vcs]) + base
        run_dirs[alg] = os.path.join(r.work, "ref-" + alg, "runs")
        for p in pats:
            overrides[(alg, p)] = ["routing.algorithm=" + alg, "traffic.pattern=" + p] + fixed[alg]
    if getattr(r.args, "status", False):
        return status(r.args.nocsim, cfg, overrides, run_dirs, pats, seeds, res, top)
    for alg, _ in ROUTINGS:
        s = r.sweep("ref-" + alg, CONFIG, [("routing.algorithm", [alg]), ("traffic.pattern", pats)], seeds,
                    fixed[alg] + ["traffic.load=" + ref])
        if r.args.force:  # the searches' own runs are rerun too
            mine = {t["id"] for t in s.tasks}
            for f in os.listdir(run_dirs[alg]):
                if f.endswith(".meta.json") and f[:12] not in mine:
                    os.remove(os.path.join(run_dirs[alg], f))
        for row in s.rows_:
            refs.setdefault((alg, row["traffic.pattern"]), []).append(row)
        for p in pats:
            refused = [x for x in refs[(alg, p)] if x["exit_code"] == 2]
            if not refused:
                jobs += [(alg, p, seed) for seed in seeds]

    def one(job):
        alg, p, seed = job
        lines = []
        try:
            out = search(r.args.nocsim, cfg, overrides[(alg, p)], run_dirs[alg], res, top * res, seed,
                         lines.append)
        except SearchError as e:
            out = {"error": str(e)}
        log("%s: search %s %s seed %d: %s" % (
            name, alg, p, seed, out.get("error") or "gamma* %.2f gamma0 (%d runs)" % (out["load"], len(out["runs"]))))
        return job, out

    with ThreadPoolExecutor(max_workers=max(1, r.args.jobs)) as pool:
        found = dict(pool.map(one, jobs))

    def at(alg, p, seed, load):
        task = make_task(r.args.nocsim, cfg, overrides[(alg, p)] + ["traffic.load=" + load], seed,
                         run_dirs[alg], {"traffic.load": load})
        return load_result(task)[1]

    rows, trace, csv_rows, profit_rows, sample_rows = [], [], [], [], []
    bars = {alg: [] for alg, _ in ROUTINGS}
    errs = {alg: [] for alg, _ in ROUTINGS}
    ticks = {alg: [] for alg, _ in ROUTINGS}
    for alg, _ in ROUTINGS:
        for p in pats:
            rr = refs[(alg, p)]
            refused = [x for x in rr if x["exit_code"] == 2]
            if refused:
                rows.append([alg, p, "-", "-", "-", "-", "-", "-", "-", "not run: " + refused[0]["message"]])
                bars[alg].append(None)
                errs[alg].append(None)
                ticks[alg].append(None)
                continue
            outs = [found[(alg, p, seed)] for seed in seeds]
            notes, gam, gam_f, widn, oidn, total = [], [], [], [], [], []
            view = {k: [] for k in PROFIT + SAMPLES}
            for seed, o in zip(seeds, outs):
                if "error" in o:
                    notes.append("seed %d: %s" % (seed, o["error"]))
                    continue
                for load, ok, acc, note in o["runs"]:
                    f = at(alg, p, seed, _fmt(res, int(round(load / res))))
                    csv_rows.append([alg, p, seed, "%g" % load, "sustained" if ok else "not sustained"] +
                                    ["" if f.get(k) is None else "%.6g" % f[k] for k in SEARCH_COLUMNS] + [note])
                trace.append("- %s, %s, seed %d: %s" % (alg, p, seed, trail(o["runs"])))
                gam.append(o["load"])
                who = "seed %d: " % seed if len(seeds) > 1 else ""
                if o["at_max"]:
                    notes.append(who + "sustained up to the top of the search (%s)" % ref)
                if o["load"] <= 0:
                    notes.append(who + "saturated at every load tried (γ* < %g)" % res)
                    gam_f.append(0.0)
                    continue
                flat = at(alg, p, seed, _fmt(res, int(round(o["load"] / res))))
                gam_f.append(flat.get("offered_load"))
                widn.append(flat.get("derouted.widn"))
                oidn.append(flat.get("derouted.oidn"))
                total.append(flat.get("derouted.total"))
                for k in PROFIT + SAMPLES:
                    if flat.get(k) is not None:
                        view[k].append(flat[k])
            ok_ref = [x for x in rr if x["exit_code"] == 0]
            acc_g = [x.get("accepted_load_gamma0") for x in ok_ref]
            acc_f = [x.get("accepted_load") for x in ok_ref]
            if ok_ref and all(x.get("saturated") is True for x in ok_ref):
                notes.append("saturated at offered %s" % ref)
            for x in rr:
                if x["exit_code"] not in (0, 2):
                    notes.append("offered %s, seed %s: exit %s: %s" % (ref, x["seed"], x["exit_code"], x["message"]))
            rows.append([alg, p, stat(gam, "%.2f"), stat(gam_f, "%.3f"), stat(acc_g, "%.3f"), stat(acc_f, "%.3f"),
                         stat(widn, "%.3f"), stat(oidn, "%.3f"), stat(total, "%.3f"), "; ".join(notes) or "ok"])
            if view[PROFIT[0]]:
                profit_rows.append([alg, p, stat(gam, "%.2f")] + [stat(view[k], "%.3f") for k in PROFIT] +
                                   [stat(total, "%.3f")])
            if view[SAMPLES[0]]:
                sample_rows.append([alg, p, stat(gam, "%.2f")] +
                                   [stat(view[k], "%.1f" if "mean" in k else "%.3f") for k in SAMPLES])
            m = mean_ci(gam) if gam else (None, None)
            bars[alg].append(m[0])
            errs[alg].append(m[1])
            ticks[alg].append(mean_ci(acc_g)[0] if acc_g else None)

    with open(r.path("search-runs.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["routing.algorithm", "traffic.pattern", "seed", "traffic.load", "result"] + SEARCH_COLUMNS +
                   ["note"])
        w.writerows(csv_rows)

    win = [x.split("=")[1] for x in base if x.startswith(("sim.warmup", "sim.cycles"))]
    png = "gamma_star.png"
    plots.plot_grouped_bars(
        pats, [a for a, _ in ROUTINGS], bars, r.path(png),
        "%s torus, %s: γ* = maximum sustained offered load\n"
        "(saturation search, resolution %g γ₀; γ₀ = %.4f flits/(node·cycle); %s + %s cycles per run; %s)" % (
            size, os.path.basename(CONFIG) if vcs_from_config else "SAF, 96-packet messages, 8-flit packets",
            res, g0, win[0], win[1], "seed %d" % seeds[0] if len(seeds) == 1 else "%d seeds, 95%% CI"
            % len(seeds)),
        "γ* (γ₀)", errors=errs if len(seeds) > 1 else None, overlay=ticks,
        overlay_label="accepted at offered %s γ₀" % ref, missing_text="not run (size refuses it)",
        xlabel="traffic pattern", legend_title="routing")

    seed_note = ("mean ± 95%% CI over seeds %s" % ", ".join(map(str, seeds))) if len(seeds) > 1 \
        else "seed %d" % seeds[0]
    r.section("Maximum sustained throughput and deroutes", md_table(
        ["routing", "pattern", "γ* (γ₀)", "γ* (flits/node/cycle)", "accepted at offered %s γ₀ (γ₀)" % ref,
         "accepted at offered %s γ₀ (flits/node/cycle)" % ref, "derouted WIDN at γ*", "OIDN at γ*",
         "total at γ*", "note"], rows) +
        "\nγ*: the highest offered load on a grid of %g γ₀ up to %s γ₀ that the network sustains (exit 0 and "
        "not flagged saturated: accepted ≥ 0.97 × generated in the window; docs/user-guide.md), found by "
        "bisection (`nocsimexp.saturation.search`); in flits/node/cycle it is that run's offered load. "
        "γ₀ = %.4f flits/node/cycle on the %s torus. The accepted load at offered %s γ₀ is the top of "
        "the search, past saturation for every row that is not sustained there: it can lie well below γ*. "
        "Derouted: fractions of measured packets that OFR sent through a WIDN or an OIDN, and that any "
        "routing sent on a longer path at injection (POR's longer orthants included), in the run at γ*. "
        "Values: %s." % (res, ref, g0, size, ref, seed_note))
    r.image("γ* per routing and pattern", png,
            "Bars: γ*; black ticks: the accepted load at offered %s γ₀ (the old table's figure)." % ref)
    if profit_rows:
        r.section("The profit rule at γ*", md_table(
            ["routing", "pattern", "γ* (γ₀)", "an output idle", "minimal outputs idle", "a detour in range",
             "a detour within reach", "a detour less used", "derouted (longer path)"], profit_rows) +
            "\nWhat POR's and OFR's profit rule saw at its decisions in the run at γ*, as fractions of measured "
            "packets (JSON `profit_rule`; docs/routing-torus.md, \"Why OFR deroutes rarely\"): some output of "
            "the source held nothing (u* = 0: a path whose first links hold anything then scores 0 in the occupancy "
            "term); the minimal outputs held nothing (u₀ = 0); some detour's length term cost less than 1, the most an occupancy "
            "term can gain (η·δ/(d + δ) < 1); less than 1 − u*/u₀, what it could gain at that decision; some "
            "detour's first links held fewer used slots than the minimal ones (u_q < u₀). A packet derouted "
            "had all of the last three. Counted as the heads arrive, over the packets delivered, so a fraction "
            "near 1 can exceed it by the packets whose tail was still on its way at the end. Values: %s." % seed_note)
    if sample_rows:
        r.section("Used slots at the decisions at γ*", md_table(
            ["routing", "pattern", "γ* (γ₀)", "mean u*", "mean u₀", "mean least detour u_q", "a minimal output idle",
             "a ν output idle", "an unneeded dimension's output idle"], sample_rows) +
            "\nOver every measured packet's decision at its source in the run at γ* (JSON `profit_rule`, "
            "docs/routing-torus.md, \"Why OFR deroutes rarely\"): the mean used slots, in flits, of the least used "
            "output of s (u*), of the minimal outputs (u₀) and of the least used longer path's first links; and the "
            "fractions of decisions at which an idle output (u* = 0) was a minimal link of the packet, the other "
            "direction of a dimension it needs, or a link of a dimension it does not need. Runs by builds before "
            "these figures existed show none. Values: %s." % seed_note)
    r.section("Search runs", "Every run of every search (✓ sustained, ✗ not), in the order run; "
              "`search-runs.csv` has their offered, generated and accepted loads, latency, deroutes and the "
              "profit rule's view.\n\n" + "\n".join(trace))
    r.finish(
        "`%s` on a %s torus (%s): %s; `%s`; "
        "patterns %s; loads in γ₀ (`traffic.load_unit=gamma0`); saturation search from 0 to %s γ₀ at "
        "resolution %g γ₀; seeds %s." % (
            CONFIG, size, " ".join(x for x in base if x.startswith("topology.")) or "as in the file",
            "routings ABR, POR and OFR on the file's VCs" if vcs_from_config else
            "routings ABR and POR with `router.vcs=2`, OFR with `router.vcs=3`",
            " ".join(x for x in base if not x.startswith("topology.")), ", ".join(pats), ref, res,
            ", ".join(map(str, seeds))))


if __name__ == "__main__":
    main()
