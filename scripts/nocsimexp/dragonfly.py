"""Dragonfly figures shared by scripts/adaptive.sh and
scripts/reproduce/dragonfly_adaptive.py: strict Valiant's ADV+1 bound and
the table of adaptive routings against it and against MIN under UN
(docs/validation.md, "Simulation against the bound")."""
from .reproduce import fmt_pm, md_table


def groups(cfg):
    """Group count g of a run's echoed configuration (topology.groups 0 =
    a*h + 1, the maximum)."""
    a, h, g = int(cfg["topology.a"]), int(cfg["topology.h"]), int(cfg["topology.groups"])
    return g or a * h + 1


def valiant_adv_bound(g):
    """Strict Valiant's throughput under ADV+1: (g-2) / (2(g-1))."""
    return (g - 2) / (2 * (g - 1))


def adaptive_table(sums, routings, g):
    """sums: sweep summary rows over routing.algorithm (min and `routings`)
    x traffic.pattern (adv, uniform). Returns (markdown, [(routing, ADV+1
    over the bound, UN over MIN)])."""
    by = {(x["routing.algorithm"], x["traffic.pattern"]): x for x in sums}
    val = valiant_adv_bound(g)
    base_row = by[("min", "uniform")]
    base = base_row.get("accepted_load")
    rows, ratios = [], []
    for routing in routings:
        x, u = by[(routing, "adv")], by[(routing, "uniform")]
        xa, ua = x.get("accepted_load"), u.get("accepted_load")
        rows.append([routing, "%s (%.2f)" % (fmt_pm(x, "accepted_load"), xa / val) if xa else "failed",
                     "%s (%+.1f%%)" % (fmt_pm(u, "accepted_load"), 100 * (ua - base) / base) if ua and base else "failed",
                     "%.2f / %.2f" % (x.get("misrouted_fraction.global", 0), u.get("misrouted_fraction.global", 0))])
        ratios.append((routing, (xa or 0) / val, (ua or 0) / base if base else 0))
    text = ("MIN under UN: %s; strict Valiant's ADV+1 bound (g = %d): %.4f\n\n" % (
        fmt_pm(base_row, "accepted_load", "%.4f"), g, val) +
        md_table(["routing", "ADV+1 (of VAL's bound)", "UN (vs MIN)", "misrouted global ADV+1 / UN"], rows))
    return text, ratios
