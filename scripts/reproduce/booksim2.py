#!/usr/bin/python3
"""nocsim beside BookSim2 on the 8x8 mesh and torus

The project's BookSim2 measurements (BookSim2 commit 28f43299 built -O3,
2026-11-26: 2 VCs of 8 flits, wormhole, 8-flit packets, 1-cycle router
stages, DOR, uniform traffic; one run per point) beside nocsim on the same
configurations: the mesh (`topologies/mesh-8x8.yaml`), the torus with
nocsim's defaults (`topologies/torus-8x8.yaml router.switching=wormhole`)
and the torus with BookSim2's behaviour chosen by options (2-cycle torus
links, random ties at k/2, the dateline VC class chosen per dimension from
the route; docs/validation.md, "Against BookSim2"). Also each option alone
(which difference does what), the saturation search per variant, and
tornado traffic past saturation. The BookSim2 figures are its first
printed sample, cycles 0-10,000 from an empty network (found in session
42); scripts/booksim2_peer.py runs BookSim2 itself, warmed, beside nocsim
(docs/validation.md, "BookSim2 rerun").
Full: sim.warmup=3000 sim.cycles=10000 sim.drain=0 (BookSim2's sample is
10,000 cycles), seeds 1-3, search resolution 0.01; --quick: warm-up 1000,
3000 cycles, 1 seed, 4 loads, resolution 0.05.
Run it as ./scripts/reproduce/booksim2.py [--quick] (Debian's
/usr/bin/python3)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from nocsimexp.reproduce import Reproduction, md_table, stat, fmt_pm  # noqa: E402
from nocsimexp import plots  # noqa: E402
from nocsimexp.saturation import search, SearchError  # noqa: E402

# BookSim2 (latency: mean packet latency with the source queue, cycles;
# accepted: flits/(node*cycle)); None: BookSim2 stopped the run as unstable.
BOOKSIM2 = {
    "mesh": [(0.02, 40.7, 0.0195), (0.20, 47.6, 0.1991), (0.30, 62.7, 0.2993), (0.35, 157.7, 0.3435),
             (0.40, None, None)],
    "torus": [(0.02, 38.2, 0.0195), (0.10, 40.4, 0.0991), (0.20, 45.1, 0.1992), (0.25, 49.6, 0.2484),
              (0.28, 54.0, 0.2786), (0.30, 64.0, 0.2992), (0.32, 87.2, 0.3181), (0.35, 306.9, 0.3349),
              (0.40, None, None)],
}
BOOKSIM2_TORNADO = (0.30, 0.08)  # torus, tornado: accepted "about 0.08" at offered 0.3
MATCH = ["link.latency=2", "routing.tie=random", "routing.dateline_rule=route"]
VARIANTS = [  # tag, BookSim2 case, config, overrides
    ("mesh", "mesh", "topologies/mesh-8x8.yaml", []),
    ("torus-default", "torus", "topologies/torus-8x8.yaml", ["router.switching=wormhole"]),
    ("torus-booksim2", "torus", "topologies/torus-8x8.yaml", ["router.switching=wormhole"] + MATCH),
]
ABLATION = [[], ["link.latency=2"], ["routing.tie=random"], ["routing.dateline_rule=route"],
            ["routing.tie=random", "routing.dateline_rule=route"], MATCH]
TORNADO = [("vct (the torus preset)", []), ("wormhole", ["router.switching=wormhole"]),
           ("wormhole + BookSim2 options", ["router.switching=wormhole"] + MATCH),
           ("vct, dateline_rule=route", ["routing.dateline_rule=route"]),
           ("abr, 16-flit buffers", ["routing.algorithm=abr", "router.buffer_depth=16"])]


def main():
    r = Reproduction("booksim2", __doc__)
    if r.quick:
        seeds, res, win = [1], 0.05, ["sim.warmup=1000", "sim.cycles=3000", "sim.drain=0"]
        keep = {0.02, 0.20, 0.30, 0.35}
    else:
        seeds, res, win = [1, 2, 3], 0.01, ["sim.warmup=3000", "sim.cycles=10000", "sim.drain=0"]
        keep = None
    sweeps = {}
    for tag, case, cfg, over in VARIANTS:
        loads = [x for x, _, _ in BOOKSIM2[case] if keep is None or x in keep]
        sweeps[tag] = r.sweep(tag, cfg, [("traffic.load", ["%.2f" % x for x in loads])], seeds, over + win)

    def row_at(tag, load):
        return next((s for p, s in zip(sweeps[tag].points, sweeps[tag].sums_)
                     if abs(float(dict(p)["traffic.load"]) - load) < 1e-9), None)

    # Every row of the BookSim2 table beside both torus variants (or the mesh).
    rows = []
    for tag, case, _, _ in VARIANTS:
        for load, lat, acc in BOOKSIM2[case]:
            s = row_at(tag, load)
            if s is None:
                continue
            ratio = "%.3f" % (s["latency.mean"] / lat) if lat and s.get("latency.mean") else "-"
            rows.append([tag, "%.2f" % load, "sat" if lat is None else "%.1f" % lat,
                         "sat" if acc is None else "%.4f" % acc, fmt_pm(s, "latency.mean", "%.1f"),
                         fmt_pm(s, "accepted_load", "%.4f"), ratio, "yes" if s["saturated"] else "no"])
    r.section("Every row of the BookSim2 table", md_table(
        ["nocsim variant", "offered", "BookSim2 latency", "BookSim2 accepted", "nocsim latency",
         "nocsim accepted", "latency nocsim/BookSim2", "nocsim saturated"], rows) +
        "\nLatency: mean packet latency from generation (source queue included), cycles; accepted: "
        "flits/(node·cycle). torus-booksim2 = `%s`. %s" % (
            " ".join(MATCH), "Mean ± 95%% confidence half-width over seeds %s." % ", ".join(map(str, seeds))
            if len(seeds) > 1 else "One seed."))

    # Zero-load latency and saturation throughput per variant.
    summary = []
    for tag, case, cfg, over in VARIANTS:
        z = row_at(tag, 0.02)
        bz = BOOKSIM2[case][0][1]
        found = []
        for seed in seeds:
            try:
                o = search(r.args.nocsim, r.config(cfg), over + win, os.path.join(r.work, "search-" + tag), res,
                           0.6, seed, lambda m: None)
                found.append(o["load"])
            except SearchError as e:
                sys.stderr.write("booksim2: search %s seed %d: %s\n" % (tag, seed, e))
        stable = max(x for x, lat, _ in BOOKSIM2[case] if lat is not None)
        unstable = min(x for x, lat, _ in BOOKSIM2[case] if lat is None)
        summary.append([tag, "%.1f" % bz, fmt_pm(z, "latency.mean", "%.1f") if z else "-",
                        "%.3f" % (z["latency.mean"] / bz) if z else "-", "[%.2f, %.2f)" % (stable, unstable),
                        stat(found, "%.2f"),
                        "%.3f" % (sum(found) / len(found) / stable) if found else "-"])
    r.section("Zero-load latency and saturation throughput", md_table(
        ["nocsim variant", "BookSim2 latency at 0.02", "nocsim latency at 0.02", "ratio",
         "BookSim2 saturation (last stable, first unstable)", "nocsim saturation search", "search / last stable"],
        summary) +
        "\nBookSim2's saturation lies between the last offered load it ran with bounded latency and the first "
        "it stopped as unstable. nocsim's is the saturation search (`nocsimexp.saturation.search`: the "
        "highest offered load on a grid of %g that exit 0 and is not flagged saturated, the flit backlog "
        "growing by less than 3%% of the flits generated in the window), per seed." % res)

    # What each option does alone (torus, one seed).
    loads = [0.02, 0.30, 0.35]
    abl = r.sweep("ablation", "topologies/torus-8x8.yaml",
                  [("traffic.load", ["%.2f" % x for x in loads])], seeds[:1], ["router.switching=wormhole"] + win)
    abl_rows = []
    for opts in ABLATION[1:]:
        s = r.sweep("ablation-" + "-".join(o.split("=")[1] for o in opts), "topologies/torus-8x8.yaml",
                    [("traffic.load", ["%.2f" % x for x in loads])], seeds[:1], ["router.switching=wormhole"] + opts + win)
        abl_rows.append((" ".join(opts), s))
    rows = []
    for name, s in [("(none: nocsim's defaults)", abl)] + abl_rows:
        cells = []
        for p, x in zip(s.points, s.sums_):
            cells.append("%s / %s%s" % (fmt_pm(x, "latency.mean", "%.1f"), fmt_pm(x, "accepted_load", "%.4f"),
                                        " (sat)" if x["saturated"] else ""))
        rows.append([name] + cells)
    r.section("Each option alone (torus, wormhole)", md_table(
        ["options"] + ["latency / accepted at %.2f" % x for x in loads], rows) +
        "\nSeed %d. BookSim2: %s." % (seeds[0], "; ".join(
            "%.2f: %.1f / %.4f" % (x, lat, acc) for x, lat, acc in BOOKSIM2["torus"] if x in loads)))

    # Tornado past saturation.
    rows = []
    for name, opts in TORNADO:
        s = r.sweep("tornado-" + str(TORNADO.index((name, opts))), "topologies/torus-8x8.yaml",
                    [("traffic.load", ["0.10", "0.20", "0.30"])], seeds[:1], ["traffic.pattern=tornado"] + opts + win)
        rows.append([name, "`%s`" % " ".join(opts) if opts else "-"] + [
            "%s%s (Jain %.2f)" % (fmt_pm(x, "accepted_load", "%.4f"), " sat" if x["saturated"] else "",
                                  x.get("fairness.jain") or 0) for x in s.sums_])
    r.section("Tornado past saturation (torus)", md_table(
        ["variant", "options", "accepted at 0.10", "accepted at 0.20", "accepted at 0.30"], rows) +
        "\nSeed %d; accepted flits/(node·cycle), Jain's index over per-router injection. BookSim2 (wormhole, its "
        "own torus) accepts about %.2f at offered %.2f. docs/validation.md, \"Tornado past saturation\", "
        "explains the fall." % (seeds[0], BOOKSIM2_TORNADO[1], BOOKSIM2_TORNADO[0]))

    # Plot: the torus variants and the mesh beside BookSim2's points.
    png = "booksim2.png"
    ref = {"BookSim2 " + c: [(x, acc, lat) for x, lat, acc in BOOKSIM2[c] if lat is not None] for c in ("mesh", "torus")}
    rows_all, keys = [], ["variant", "traffic.load"]
    for tag, _, _, _ in VARIANTS:
        for p, s in zip(sweeps[tag].points, sweeps[tag].sums_):
            rows_all.append(dict(s, variant=tag))
    plots.plot_sweep(rows_all, keys, r.path(png), "8x8 mesh and torus, DOR, uniform, 2 VCs x 8 flits, wormhole: "
                     "nocsim beside BookSim2", by=["variant"], ref=ref)
    r.image("Accepted load and latency beside BookSim2", png,
            "Lines: nocsim (%s); black and grey markers: BookSim2. Red circles: nocsim runs flagged saturated."
            % ("mean of seeds %s" % ", ".join(map(str, seeds)) if len(seeds) > 1 else "seed %d" % seeds[0]))
    r.finish("The project's BookSim2 measurements (their configuration in docs/validation.md, "
             "\"Against BookSim2\") against nocsim's `topologies/mesh-8x8.yaml` and "
             "`topologies/torus-8x8.yaml router.switching=wormhole` with `%s`, uniform traffic unless stated, "
             "seeds %s." % (" ".join(win), ", ".join(map(str, seeds))))


if __name__ == "__main__":
    main()
