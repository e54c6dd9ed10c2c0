"""Reaction of misrouting to a traffic change, from a result with a time
series (stats.series_period) and traffic.phases whose next phase starts at
a known cycle (docs/validation.md, "Contention counters"; scripts/transient.py
and scripts/reproduce/contention_transient.py use it)."""


def misrouted_global(doc):
    """[(interval end, misrouted global fraction)] of the intervals in
    which packets were injected (delivered > 0)."""
    s = doc.get("series")
    if not s:
        raise ValueError("no series in the result (run with stats.series_period=N)")
    return [(e, m / d) for e, d, m in zip(s["interval_end"], s["delivered"], s["misrouted_global"]) if d > 0]


def reaction(doc, switch, end=None):
    """(final, cycles): final is the mean misrouted (global) fraction of the
    last quarter of the intervals ending after `switch` (and, when `end` is
    given, at or before `end`); cycles is the end of the first interval after
    `switch` whose fraction reaches 90% of final, minus `switch` (None when
    none does)."""
    after = [(e, f) for e, f in misrouted_global(doc) if e > switch and (end is None or e <= end)]
    if not after:
        raise ValueError("no interval with packets after cycle %d" % switch)
    tail = after[len(after) * 3 // 4:]
    final = sum(f for _, f in tail) / len(tail)
    for e, f in after:
        if f >= 0.9 * final:
            return final, e - switch
    return final, None


def pooled_fraction(doc, start, end):
    """Misrouted (global) packets over delivered packets injected in the
    intervals ending in (start, end]; None without packets there."""
    s = doc["series"]
    d = m = 0
    for e, dl, mg in zip(s["interval_end"], s["delivered"], s["misrouted_global"]):
        if start < e <= end:
            d, m = d + dl, m + mg
    return m / d if d else None
