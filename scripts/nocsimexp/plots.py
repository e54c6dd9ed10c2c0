"""Plots of sweeps and runs (docs/experiments.md). Every figure says what it
shows and in which unit; saturated sweep points are marked."""
import csv
import json
import os

import matplotlib
import matplotlib.ticker

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

POWER_STAGES = ["buffer", "rc", "va", "sa", "st", "output", "link", "clock", "contention", "vc_select", "vc_state"]
LOAD_UNITS = {"flits": ("offered_load", "accepted_load", "flits/(node·cycle)"),
              "gamma0": ("offered_load_gamma0", "accepted_load_gamma0", "γ₀")}


def _save(fig, out, suptitle=None):
    """Lays the figure out, writes it (the format from out's extension) and
    frees it."""
    if suptitle:
        fig.suptitle(suptitle, fontsize="medium")
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)


def read_summary(path):
    """summary.csv (or a sweep folder) -> (rows as dicts, swept keys)."""
    if os.path.isdir(path):
        path = os.path.join(path, "summary.csv")
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        raise ValueError("%s: no rows" % path)
    cols = list(rows[0].keys())
    keys = cols[:cols.index("runs")] if "runs" in cols else []
    return rows, keys


def _num(v):
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def _positive(v):
    """A latency of 0 means no packet was measured: a gap, not a point."""
    return v if v is not None and v > 0 else float("nan")


def load_curves(rows, keys, x_key="traffic.load", by=None, unit="flits"):
    """{variant label: [(x, x_ci, acc, acc_ci, lat, lat_ci, saturated)]} over
    the rows, x ascending; a variant is one combination of the `by` keys
    (default: every swept key but x_key)."""
    off, acc, _ = LOAD_UNITS[unit]
    if by is None:  # the keys that vary: a fixed key=value is the same on every line
        by = [k for k in keys if k != x_key and len({r.get(k) for r in rows}) > 1]
    curves = {}
    for r in rows:
        if _num(r.get(off)) is None:
            continue
        label = ", ".join("%s=%s" % (k, r[k]) for k in by) or "all"
        curves.setdefault(label, []).append((
            _num(r[off]), _num(r.get(off + ".ci95")) or 0.0, _num(r.get(acc)), _num(r.get(acc + ".ci95")) or 0.0,
            _positive(_num(r.get("latency.mean"))), _num(r.get("latency.mean.ci95")) or 0.0,
            (_num(r.get("saturated")) or 0) > 0))
    for c in curves.values():
        c.sort(key=lambda p: p[0])
    return curves


def plot_sweep(rows, keys, out, title=None, by=None, unit="flits", x_key="traffic.load", log_latency=True, ref=None):
    """Accepted load and latency against offered load, one line per variant;
    ref: {label: [(offered, accepted, latency)]} drawn as markers beside
    them (another simulator's points)."""
    curves = load_curves(rows, keys, x_key, by, unit)
    if not curves:
        raise ValueError("no successful runs to plot")
    _, _, u = LOAD_UNITS[unit]
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(11, 4.4))
    sat_done = False
    for label, pts in curves.items():
        xs = [p[0] for p in pts]
        l1 = a1.errorbar(xs, [p[2] for p in pts], yerr=[p[3] for p in pts], marker="o", ms=4, capsize=3, label=label)
        a2.errorbar(xs, [p[4] for p in pts], yerr=[p[5] for p in pts], marker="o", ms=4, capsize=3, label=label,
                    color=l1[0].get_color())
        sx = [p for p in pts if p[6]]
        if sx:
            kw = {"label": "saturated"} if not sat_done else {}
            sat_done = True
            a1.scatter([p[0] for p in sx], [p[2] for p in sx], s=90, facecolors="none", edgecolors="red", zorder=5, **kw)
            a2.scatter([p[0] for p in sx], [p[4] for p in sx], s=90, facecolors="none", edgecolors="red", zorder=5)
    for i, (label, pts) in enumerate(sorted((ref or {}).items())):
        style = {"marker": "xP"[i % 2], "color": ("black", "dimgrey")[i % 2], "s": 60, "zorder": 6}
        a1.scatter([p[0] for p in pts], [p[1] for p in pts], label=label, **style)
        a2.scatter([p[0] for p in pts], [p[2] for p in pts], **style)
    lim = max(p[0] for pts in curves.values() for p in pts)
    a1.plot([0, lim], [0, lim], ls=":", color="grey", lw=1, label="accepted = offered")
    a1.set_xlabel("offered load (%s)" % u)
    a1.set_ylabel("accepted load (%s)" % u)
    a1.set_title("accepted vs offered")
    a2.set_xlabel("offered load (%s)" % u)
    a2.set_ylabel("mean packet latency (cycles)")
    a2.set_title("latency vs offered (generation to delivery)")
    if log_latency:
        a2.set_yscale("log")
    a1.legend(fontsize="small")
    for a in (a1, a2):
        a.grid(alpha=0.3)
    _save(fig, out, title)


def _load_json(path):
    with open(path) as f:
        return json.load(f)


def plot_fairness(doc, out, title=None):
    inj = doc.get("per_router_injection")
    if not inj:
        raise ValueError("no per_router_injection in the result")
    f = doc.get("fairness", {})
    fig, ax = plt.subplots(figsize=(max(6, min(16, 0.12 * len(inj) + 3)), 4))
    ax.bar(range(len(inj)), inj, width=0.9, color="tab:blue")
    mean = sum(inj) / len(inj)
    ax.axhline(mean, color="black", ls="--", lw=1, label="mean %.4f" % mean)
    ax.set_xlabel("router")
    ax.set_ylabel("injected load (flits/(node·cycle))")
    c = doc.get("config", {})
    ax.set_title(title or "injection per router: %s, %s, offered %.3f; Jain %.3f, max/min %.2f, min %.4f" % (
        c.get("routing.algorithm", "?"), c.get("traffic.pattern", "?"), doc.get("offered_load", 0),
        f.get("jain", 0), f.get("max_min_ratio", 0), f.get("min_injection", 0)), fontsize="medium")
    ax.legend(fontsize="small")
    _save(fig, out)



def plot_injection_compare(docs, labels, out, title=None, group=None):
    """Per-router injected load of several runs of one network, one panel per
    run (same y scale), each with its mean and its fairness figures; `group`
    routers per dragonfly group draws the group boundaries."""
    if not docs:
        raise ValueError("no results to plot")
    injs = []
    for d in docs:
        inj = d.get("per_router_injection")
        if not inj:
            raise ValueError("no per_router_injection in a result")
        injs.append(inj)
    n = max(len(i) for i in injs)
    top = max(max(i) for i in injs) * 1.15 or 1.0
    fig, axes = plt.subplots(len(docs), 1, figsize=(max(7, min(16, 0.05 * n + 6)), 1.9 * len(docs) + 1.2),
                             sharex=True, squeeze=False)
    for ax, d, inj, label in zip(axes[:, 0], docs, injs, labels):
        f = d.get("fairness", {})
        mean = sum(inj) / len(inj)
        ax.bar(range(len(inj)), inj, width=1.0 if len(inj) > 100 else 0.85, color="tab:blue")
        ax.axhline(mean, color="black", ls="--", lw=1, label="mean %.3f" % mean)
        if group and group < len(inj):
            for g in range(group, len(inj), group):
                ax.axvline(g - 0.5, color="0.35", lw=0.6, ls=":", zorder=3)
        ax.set_ylim(0, top)
        ax.set_xlim(-0.5, n - 0.5)
        ax.set_ylabel("injected\n(flits/(node·cycle))", fontsize="small")
        ax.set_title("%s: accepted %.3f, min %.3f, max/min %.2f, CoV %.3f, Jain %.3f" % (
            label, d.get("accepted_load", 0), f.get("min_injection", 0), f.get("max_min_ratio", 0),
            f.get("cov", 0), f.get("jain", 0)), fontsize="small", loc="left")
        ax.legend(fontsize="x-small", loc="upper right")
        ax.grid(axis="y", alpha=0.3)
        ax.grid(axis="x", visible=False)
    axes[-1, 0].set_xlabel("router" + (" (dotted lines: group boundaries, %d routers per group)" % group
                                       if group else ""))
    _save(fig, out, title)


def series_of(doc):
    """Per interval: end cycle, misrouted global and local fraction, mean
    latency (cycles) and accepted load (flits/(node·cycle))."""
    s = doc.get("series")
    if not s:
        raise ValueError("no series in the result (run with stats.series_period=N)")
    nodes, period = doc["network"]["nodes"], s["period"]
    n = len(s["interval_end"])
    nan = float("nan")  # an interval without deliveries has no fraction or latency: a gap
    frac = lambda a: [(m / d if d else nan) for m, d in zip(s[a], s["delivered"])]  # noqa: E731
    acc = [a / (nodes * period) for a in s.get("accepted_flits", [0] * n)]
    lat = [(l if d else nan) for l, d in zip(s.get("latency_mean", [0.0] * n), s["delivered"])]
    return {"end": s["interval_end"], "mis_g": frac("misrouted_global"), "mis_l": frac("misrouted_local"),
            "latency": lat, "accepted": acc[:n]}


def plot_series(doc, out, title=None, marks=()):
    v = series_of(doc)
    fig, (a1, a2, a3) = plt.subplots(3, 1, figsize=(9, 7.5), sharex=True)
    a1.plot(v["end"], v["mis_g"], label="global misrouted")
    a1.plot(v["end"], v["mis_l"], label="local misrouted")
    a1.set_ylabel("fraction of packets")
    a1.legend(fontsize="small")
    a2.plot(v["end"], v["latency"], color="tab:red")
    a2.set_ylabel("mean latency (cycles)")
    a3.plot(v["end"], v["accepted"], color="tab:green")
    a3.set_ylabel("accepted (flits/(node·cycle))")
    a3.set_xlabel("cycle (end of interval; packets by injection cycle, accepted by delivery cycle)")
    for a in (a1, a2, a3):
        a.grid(alpha=0.3)
        for m in marks:
            a.axvline(m, color="grey", ls="--", lw=1)
    a1.set_title(title or "time series, %d-cycle intervals" % doc["series"]["period"], fontsize="medium")
    _save(fig, out)



def plot_series_compare(docs, labels, out, title=None, marks=(), xlim=None):
    """The misrouted (global) fraction and the mean latency per interval of
    several runs overlaid (series_of), optionally over a cycle range xlim."""
    fig, (a1, a2) = plt.subplots(2, 1, figsize=(9, 6.5), sharex=True)
    for d, label in zip(docs, labels):
        v = series_of(d)
        pts = [(e, g, l) for e, g, l in zip(v["end"], v["mis_g"], v["latency"])
               if xlim is None or xlim[0] <= e <= xlim[1]]
        a1.plot([p[0] for p in pts], [p[1] for p in pts], marker=".", ms=3, label=label)
        a2.plot([p[0] for p in pts], [p[2] for p in pts], marker=".", ms=3, label=label)
    a1.set_ylabel("global misrouted fraction\n(of packets injected in the interval)")
    a2.set_ylabel("mean latency (cycles)")
    a2.set_xlabel("cycle (end of interval; packets by injection cycle)")
    for a in (a1, a2):
        a.grid(alpha=0.3)
        for m in marks:
            a.axvline(m, color="grey", ls="--", lw=1)
    a1.legend(fontsize="small")
    a1.set_title(title or "time series, %d-cycle intervals" % docs[0]["series"]["period"], fontsize="medium")
    _save(fig, out)

def power_by_stage(doc):
    p = doc.get("power")
    if not p:
        raise ValueError("no power section in the result")
    routers = doc["network"]["routers"]
    mw = {s: 1e3 * (v["leakage_w"] + v["dynamic_w"]) / routers for s, v in p["stages"].items()}
    mm2 = {s: 1e-6 * v["area_um2"] / routers for s, v in p["stages"].items()}
    return mw, mm2


def _stacked(ax, labels, values, unit):
    bottom = [0.0] * len(labels)
    for s in POWER_STAGES:
        h = [v.get(s, 0.0) for v in values]
        if any(h):
            ax.bar(labels, h, bottom=bottom, label=s)
            bottom = [b + x for b, x in zip(bottom, h)]
    ax.set_ylabel(unit)


def plot_power(docs, labels, out, title=None):
    power, area = zip(*[power_by_stage(d) for d in docs])
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(max(4, 1.2 * len(labels) + 2), 7), sharex=True)
    _stacked(top, labels, power, "power per router (mW)")
    _stacked(bottom, labels, area, "area per router (mm$^2$)")
    top.legend(fontsize="small", ncol=2)
    top.set_title(title or "router power and area by stage", fontsize="medium")
    _save(fig, out)


def plot_link_states(docs, labels, out, title=None):
    states = None
    shares = []
    for d in docs:
        lp = d.get("link_power")
        if not lp:
            raise ValueError("no link_power section in the result (link.power.policy=none?)")
        states = list(lp["time_in_state"].keys())
        shares.append(lp["time_in_state"])
    fig, ax = plt.subplots(figsize=(max(5, 1.2 * len(labels) + 2), 4))
    bottom = [0.0] * len(labels)
    for s in states:
        h = [100 * sh.get(s, 0.0) for sh in shares]
        ax.bar(labels, h, bottom=bottom, label=s)
        bottom = [b + x for b, x in zip(bottom, h)]
    for i, d in enumerate(docs):
        ax.text(i, 101, "saved %.0f%%" % (100 * d["link_power"]["savings"]), ha="center", fontsize="small")
    ax.set_ylim(0, 110)
    ax.set_ylabel("time in state (% of link time)")
    ax.set_title(title or "link time per power state over the run", fontsize="medium")
    ax.legend(fontsize="small")
    _save(fig, out)


def plot_grouped_bars(groups, series, values, out, title=None, ylabel="", errors=None, overlay=None,
                      overlay_label=None, missing_text="not run", xlabel="", legend_title=None):
    """Bars grouped along x: one group per entry of `groups` (e.g. traffic
    patterns), one bar per entry of `series` (e.g. routings) in each.
    values[s][g] is the height of series s in group g, None where there is
    no value (the text `missing_text` is written there instead of a bar);
    errors[s][g] an optional error half-width; overlay[s][g] an optional
    second value per bar drawn as a black tick labelled overlay_label."""
    n = max(1, len(series))
    width = 0.8 / n
    fig, ax = plt.subplots(figsize=(max(9, 1.1 * len(groups) * n / 2 + 3), 4.6))
    top = max([v for s in series for v in values[s] if v is not None] +
              [v for s in series for v in ((overlay or {}).get(s) or []) if v is not None] + [0.0])
    tick_done = False
    for i, s in enumerate(series):
        xs = [g + (i - (n - 1) / 2) * width for g in range(len(groups))]
        hs = [v if v is not None else 0.0 for v in values[s]]
        err = None
        if errors and errors.get(s):
            err = [e if isinstance(e, (int, float)) else 0.0 for e in errors[s]]
        ax.bar(xs, hs, width=width * 0.95, label=s, yerr=err, capsize=3 if err else 0)
        for x, v in zip(xs, values[s]):
            if v is None:
                ax.text(x, 0.02 * (top or 1.0), missing_text, rotation=90, ha="center", va="bottom",
                        fontsize="small", color="grey")
            else:
                ax.text(x, v + 0.01 * (top or 1.0), "%.2f" % v, ha="center", va="bottom", fontsize="x-small")
        if overlay and overlay.get(s):
            ox = [x for x, o in zip(xs, overlay[s]) if o is not None]
            oy = [o for o in overlay[s] if o is not None]
            if ox:
                kw = {"label": overlay_label} if (overlay_label and not tick_done) else {}
                tick_done = True
                ax.scatter(ox, oy, marker="_", s=300 * width, linewidths=2, color="black", zorder=5, **kw)
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels(groups)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_ylim(0, 1.15 * (top or 1.0))
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize="small", title=legend_title, title_fontsize="small")
    if title:
        ax.set_title(title, fontsize="medium")
    _save(fig, out)


def plot_bar_panels(panels, categories, series, values, out, title=None,
                    ylabel="accepted load (flits/node/cycle)", lines=None, ylim=None):
    """Side-by-side panels, one per entry of `panels` (e.g. traffic
    patterns), each with a group of bars per category (e.g. routings) and a
    bar per entry of `series` (e.g. routers) in each group.
    values[(panel, s)] lists series s's heights over the categories (None:
    no bar); lines[panel] lists (label, y) dashed reference lines (bounds;
    label may be empty)."""
    fig, axes = plt.subplots(1, len(panels), figsize=(max(9, 3.7 * len(panels)), 3.8), sharey=True, squeeze=False)
    width = 0.8 / max(1, len(series))
    for ax, panel in zip(axes[0], panels):
        for j, s in enumerate(series):
            ys = [v or 0.0 for v in values.get((panel, s), [])]
            ax.bar([i + (j - (len(series) - 1) / 2) * width for i in range(len(ys))], ys, width=width * 0.95, label=s)
        for label, y in (lines or {}).get(panel, []):
            ax.axhline(y, ls="--", lw=1, color="grey")
            if label:
                ax.text(len(categories) - 0.6, y, label, fontsize=7, va="bottom", ha="right", color="grey")
        ax.set_xticks(range(len(categories)))
        ax.set_xticklabels(categories, fontsize=8)
        ax.set_title(panel)
        ax.grid(True, axis="y", alpha=0.3)
        if ylim:
            ax.set_ylim(*ylim)
    axes[0][0].set_ylabel(ylabel)
    axes[0][-1].legend(fontsize=8)
    _save(fig, out, title)


def plot_ratio_bars(labels, series, out, title, ylabel, lines=None):
    """Grouped bars: one group per label, one bar per series ({name: values}),
    with dotted reference lines ({name: y})."""
    n = len(series)
    width = 0.8 / max(1, n)
    fig, ax = plt.subplots(figsize=(max(6, 1.1 * len(labels) + 3), 4))
    for i, (name, values) in enumerate(series.items()):
        ax.bar([k + (i - (n - 1) / 2) * width for k in range(len(labels))], values, width, label=name)
    for name, y in (lines or {}).items():
        ax.axhline(y, ls=":", color="black", lw=1)
        ax.text(len(labels) - 0.5, y, " " + name, va="bottom", ha="right", fontsize="small")
    ax.set_xticks(range(len(labels)))
    ax.set_xticklabels(labels)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize="medium")
    ax.legend(fontsize="small", loc="lower left")
    ax.grid(axis="y", alpha=0.3)
    _save(fig, out)


def plot_link_power_sweep(curves, out, title=None, styles=None):
    """Link power policies over rho (docs/power-model.md, "Link power"): link
    energy saved (left) and run-time slowdown against policy none (right),
    both in per cent, against the tolerated loss rho (log scale).
    curves: {label: [(rho, saved, saved_ci, slowdown, slowdown_ci)]} with
    rho, saved and slowdown as fractions (ci: 95% half-widths or 0);
    styles: {label: matplotlib line keywords} (optional)."""
    if not curves:
        raise ValueError("no link power runs to plot")
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(11, 4.4))
    top = 0.0
    for label, pts in curves.items():
        pts = sorted(pts)
        kw = dict(marker="o", ms=4, capsize=3)
        kw.update((styles or {}).get(label, {}))
        xs = [100 * p[0] for p in pts]
        a1.errorbar(xs, [100 * p[1] for p in pts], yerr=[100 * p[2] for p in pts], label=label, **kw)
        a2.errorbar(xs, [100 * p[3] for p in pts], yerr=[100 * p[4] for p in pts], label=label, **kw)
        top = max([top] + [100 * (p[3] + p[4]) for p in pts])
    a1.set_ylabel("link energy saved (% of policy none's)")
    a1.set_title("link energy saved")
    a1.set_ylim(-2, 102)
    a2.set_ylabel("run time against policy none (% longer)")
    a2.set_title("slowdown (symlog scale; linear below 1%)")
    a2.set_yscale("symlog", linthresh=1.0)
    a2.set_ylim(bottom=-0.1, top=max(10.0, 2 * top))
    ticks = sorted({100 * p[0] for pts in curves.values() for p in pts})
    for a in (a1, a2):
        a.set_xscale("log")
        a.set_xticks(ticks)
        a.set_xticklabels(["%g" % t for t in ticks])
        a.minorticks_off()
        a.set_xlabel("ρ, tolerated performance loss (%; idle timer t_t/ρ)")
        a.grid(alpha=0.3, which="both")
    a1.legend(fontsize="small")
    _save(fig, out, title)


def plot_points_vs_model(series, model, out, title=None, xlabel="", ylabel="", model_label="model",
                         xlim=None):
    """Measured points beside a closed-form model: series {label: [(x, y,
    y_ci)]} as markers with 95% bars, model(x) as a line over xlim (default:
    the points' x range, padded by half a step)."""
    if not series:
        raise ValueError("no points to plot")
    xs = sorted({p[0] for pts in series.values() for p in pts})
    lo, hi = xlim or (xs[0] - 0.5, xs[-1] + 0.5)
    grid = [lo + (hi - lo) * i / 200 for i in range(201)]
    fig, ax = plt.subplots(figsize=(6.5, 4.4))
    ax.plot(grid, [model(x) for x in grid], color="black", lw=1.2, label=model_label)
    for label, pts in series.items():
        pts = sorted(pts)
        ax.errorbar([p[0] for p in pts], [p[1] for p in pts], yerr=[p[2] for p in pts], marker="o", ms=5,
                    capsize=3, ls=":", label=label)
    ax.set_xticks(xs)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    ax.legend(fontsize="small")
    if title:
        ax.set_title(title, fontsize="medium")
    _save(fig, out)


def plot_ratios_by_parameter(points, params, quantities, out, title=None, band=None):
    """One panel per parameter: each point's ratio (model / reference) for
    every quantity ({name: key in a point}) against that parameter's value,
    with the median per value as a line; band = (lo, hi) shades the
    accepted range. Log y axis: ratios read the same above and below 1."""
    fig, axes = plt.subplots(1, len(params), figsize=(3.2 * len(params), 3.6), sharey=True)
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for ax, param in zip(axes, params):
        values = sorted({p[param] for p in points})
        for i, (name, key) in enumerate(quantities.items()):
            offset = (i - (len(quantities) - 1) / 2) * 0.12 * (values[-1] - values[0]) / max(1, len(values))
            ax.scatter([p[param] + offset for p in points], [p[key] for p in points], s=10, alpha=0.5,
                       color=colours[i % len(colours)], label=name)
            meds = [sorted(p[key] for p in points if p[param] == v) for v in values]
            ax.plot(values, [m[len(m) // 2] if len(m) % 2 else (m[len(m) // 2 - 1] + m[len(m) // 2]) / 2
                             for m in meds], color=colours[i % len(colours)], lw=1.2)
        if band:
            ax.axhspan(band[0], band[1], color="grey", alpha=0.15, lw=0)
        ax.axhline(1.0, color="black", lw=0.8, ls=":")
        ax.set_yscale("log")
        ax.set_yticks([0.25, 0.35, 0.5, 0.7, 1.0, 1.4, 2.0])
        ax.yaxis.set_major_formatter(matplotlib.ticker.FormatStrFormatter("%g"))
        ax.yaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
        ax.set_xticks(values)
        ax.set_xlabel(param)
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("model / reference")
    axes[0].legend(fontsize="small", loc="center left")
    _save(fig, out, title)
