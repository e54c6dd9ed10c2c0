#!/usr/bin/python3
"""Link power policies (on/off, high/low) over rho x t_t on a torus and a dragonfly

Link energy saved and the slowdown of Zahn's on/off and high/low link power
policies (docs/power-model.md, "Link power"; docs/validation.md, "Link power
policies") over the tolerated loss rho and the training time t_t, on one
bulk-synchronous iteration: a quiet compute phase of Q cycles, then a
communication phase of C cycles of uniform traffic at 0.5 flits/(node·cycle)
(traffic.phases), run until every packet is delivered (sim.stop_injection),
at power.freq_ghz=1. The run time is the iteration's: the slowdown is a run's
length against policy none with the same seed, the latency change its mean
packet latency against that run's.
Full: 8x8x8 torus (DOR) and dragonfly h = 2 (MIN), Q = 1,000,000, C = 2,000,
t_t in {1, 10, 100} us, rho in {1, 5, 10, 50, 90}%, 2 seeds (the on/off
runs at t_t = 100 us on the torus thrash and take minutes each);
--quick: 4x4x4 torus and dragonfly h = 2, Q = 50,000, C = 500,
t_t in {1, 10} us, rho in {5, 50}%, 1 seed.
Run it as ./scripts/reproduce/link_power.py [--quick] (Debian's /usr/bin/python3)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from nocsimexp.reproduce import Reproduction, md_table  # noqa: E402
from nocsimexp.runs import load_result  # noqa: E402
from nocsimexp.stats import mean_ci  # noqa: E402
from nocsimexp import plots  # noqa: E402

POLICIES = ["onoff", "highlow"]
LOAD = "0.5"


def pm(values, fmt, scale=1.0, sign=False):
    """'mean ± ci' of a list of numbers (fractions shown as per cent with scale 100)."""
    m, ci = mean_ci(values)
    if m is None:
        return "-"
    f = ("%+" if sign else "%") + fmt[1:]
    return (f % (scale * m)) + ("" if ci is None else " ± " + fmt % (scale * ci))


def main():
    r = Reproduction("link_power", __doc__)
    if r.quick:
        nets = [("torus", "topologies/torus-4x4x4.yaml", [], "4x4x4 torus, DOR"),
                ("dragonfly", "topologies/dragonfly-h2.yaml", ["routing.algorithm=min"], "dragonfly h = 2, MIN")]
        Q, C, tts, rhos, seeds = 50000, 500, [1, 10], ["0.05", "0.5"], [1]
    else:
        nets = [("torus", "topologies/torus-4x4x4.yaml", ["topology.k=8"], "8x8x8 torus, DOR"),
                ("dragonfly", "topologies/dragonfly-h2.yaml", ["routing.algorithm=min"], "dragonfly h = 2, MIN")]
        Q, C, tts, rhos, seeds = 1000000, 2000, [1, 10, 100], ["0.01", "0.05", "0.1", "0.5", "0.9"], [1, 2]
    workload = ["traffic.load=" + LOAD, "traffic.phases=[{cycles: %d, load: 0}, {cycles: %d, load: -1}]" % (Q, C),
                "sim.warmup=0", "sim.cycles=%d" % (Q + C), "sim.stop_injection=true", "sim.drain=100000000",
                "sim.watchdog=0", "sim.progress=false", "power.freq_ghz=1"]
    colors = {tt: c for tt, c in zip(tts, ["tab:blue", "tab:orange", "tab:green", "tab:red"])}
    shown_rho = rhos[len(rhos) // 2]

    for net, cfg, over, desc in nets:
        fixed = over + workload
        base = r.sweep(net + "-none", cfg, [("link.power.policy", ["none"])], seeds, fixed)
        pol = r.sweep(net + "-policies", cfg, [("link.power.policy", POLICIES),
                                               ("link.power.t_train_ns", [str(tt * 1000) for tt in tts]),
                                               ("link.power.rho", rhos)], seeds, fixed)
        ref = {b["seed"]: b for b in base.rows_ if b["exit_code"] == 0}
        if not ref:
            r.section("%s: no baseline" % desc, "Every run with policy none failed; see \"Failed runs\".")
            continue
        bc = [b["sim.cycles"] for b in ref.values()]
        bl = [b["latency.mean"] for b in ref.values()]
        rows, curves, styles = [], {}, {}
        n = len(seeds)
        for i, point in enumerate(pol.sums_):
            group = [x for x in pol.rows_[i * n:(i + 1) * n] if x["exit_code"] == 0 and x["seed"] in ref]
            policy, tt = point["link.power.policy"], int(point["link.power.t_train_ns"]) // 1000
            rho = float(point["link.power.rho"])
            saved = [x["link_power.savings"] for x in group]
            slow = [x["sim.cycles"] / ref[x["seed"]]["sim.cycles"] - 1 for x in group]
            lat = [x["latency.mean"] / ref[x["seed"]]["latency.mean"] - 1 for x in group
                   if ref[x["seed"]].get("latency.mean")]
            down = [x["link_power.time_in_state.off"] + x["link_power.time_in_state.low"] for x in group]
            trains = [x["link_power.trainings"] for x in group]
            status = "ok" if len(group) == n else "%d of %d runs failed" % (n - len(group), n)
            rows.append([policy, tt, "%g%%" % (100 * rho), "%g" % (tt / rho), pm(saved, "%.1f%%", 100),
                         pm(slow, "%.2f%%", 100, True), pm(lat, "%.1f%%", 100, True), pm(down, "%.1f%%", 100),
                         pm(trains, "%.0f"), status])
            if group:
                label = "%s, t_t = %d µs" % (policy, tt)
                m_s, ci_s = mean_ci(saved)
                m_w, ci_w = mean_ci(slow)
                curves.setdefault(label, []).append((rho, m_s, ci_s or 0.0, m_w, ci_w or 0.0))
                styles[label] = {"color": colors[tt], "ls": "-" if policy == "onoff" else "--",
                                 "marker": "o" if policy == "onoff" else "s"}
        routers = base.rows_[0].get("network.routers", "?")
        r.section("%s (%s routers)" % (desc, routers),
                  "Policy none: run %s cycles, mean latency %s cycles (mean ± 95%% CI over %d seed(s)).\n\n" % (
                      pm(bc, "%.0f"), pm(bl, "%.1f"), len(ref)) +
                  md_table(["policy", "t_t (µs)", "ρ", "idle timer t_t/ρ (µs)", "link energy saved",
                            "run time vs none", "mean latency vs none", "off / low share of link time",
                            "trainings", "status"], rows) +
                  "\nRun time and latency against the run of policy none with the same seed; every column is "
                  "the mean ± 95%% CI over the seeds. The quiet phase lasts %d µs: an idle timer at or above "
                  "it saves nothing." % (Q // 1000))
        png = "%s-savings.png" % net
        plots.plot_link_power_sweep(curves, r.path(png), "%s: one iteration of %d quiet + %d cycles of UN at %s "
                                    "flits/(node·cycle), 1 GHz; %d seed(s)" % (desc, Q, C, LOAD, len(seeds)),
                                    styles)
        r.image("%s: savings and slowdown against ρ" % desc, png,
                "Solid: on/off; dashed: high/low; one colour per t_t. Slowdown: run time against policy none "
                "(same seed), on a symlog axis.")
        docs, labels = [], []
        for i, point in enumerate(pol.sums_):
            if point["link.power.rho"] != shown_rho:
                continue
            meta, _, doc = load_result(pol.tasks[i * n])
            if meta.get("exit_code") == 0 and doc.get("link_power"):
                docs.append(doc)
                labels.append("%s\nt_t %d µs" % (point["link.power.policy"],
                                                 int(point["link.power.t_train_ns"]) // 1000))
        if docs:
            png = "%s-states.png" % net
            plots.plot_link_states(docs, labels, r.path(png), "%s, ρ = %g%%, seed %d: time in each link state" % (
                desc, 100 * float(shown_rho), seeds[0]))
            r.image("%s: link states at ρ = %g%%" % (desc, 100 * float(shown_rho)), png,
                    "Shares of link time over the whole run (the run's length differs per bar); training is "
                    "charged at the high state's power.")
    r.finish("One bulk-synchronous iteration per run: `%s` (the phases value is one argument), policies %s with "
             "`link.power.t_train_ns` %s and `link.power.rho` %s, each against `link.power.policy=none`; networks: "
             "%s; seeds %s." % (" ".join(workload), ", ".join(POLICIES), ", ".join(str(t * 1000) for t in tts),
                                ", ".join(rhos), "; ".join("%s (`%s`)" % (d, " ".join([c] + o)) for _, c, o, d in nets),
                                ", ".join(map(str, seeds))))


if __name__ == "__main__":
    main()
