"""The saturation search (docs/experiments.md): the highest offered load on
a grid of the given resolution that the network sustains, by bisection
between a sustained and a saturated load. A run is sustained when it ends
with exit 0 and nocsim does not flag it saturated (its rule:
docs/user-guide.md, "Saturation"); a failed run (deadlock, invariant) counts
as not sustained. Bisection assumes one crossing; runs are cached like a
sweep's, so a repeated search reruns nothing."""
import math

from .runs import make_task, finished, run_task, load_result


class SearchError(RuntimeError):
    pass


class _Pending(Exception):
    """A dry search reached a run not yet finished."""


def _fmt(res, k):
    digits = max(0, len(("%.10f" % res).rstrip("0").split(".")[1]))
    return "%.*f" % (digits, k * res)


def search(nocsim, config, overrides, run_dir, resolution=0.01, max_load=1.0, seed=1, log=print, dry=False):
    """Returns a dict: load (the highest sustained traffic.load, a multiple
    of resolution; 0 when even one step saturates), offered_flits and
    offered_gamma0 of that run (None without a run or a gamma0), the
    saturated load above it, and every run as (load, sustained, accepted,
    message). dry: run nothing; at the first run not finished, return only
    runs (those finished, in bisection's order) and pending (that run's
    traffic.load)."""
    top = int(math.floor(max_load / resolution + 1e-9))
    if top < 1:
        raise SearchError("--max %g is below --resolution %g" % (max_load, resolution))
    runs, docs = [], {}

    def sustained(k):
        load = _fmt(resolution, k)
        task = make_task(nocsim, config, list(overrides) + ["traffic.load=" + load], seed, run_dir,
                         {"traffic.load": load})
        if not finished(task):
            if dry:
                raise _Pending(load)
            run_task(task)
        meta, flat, doc = load_result(task)
        code = meta.get("exit_code")
        if code == 2:
            raise SearchError("nocsim refused the configuration: %s" % meta.get("message"))
        if code not in (0, 3, 4):  # out of memory, a crash, a signal: no answer about the load
            raise SearchError("traffic.load=%s: nocsim ended with exit %s: %s" % (load, code, meta.get("message")))
        if code == 0 and "saturated" not in flat:
            raise SearchError("%s writes no saturated flag (an older build?)" % nocsim)
        ok = code == 0 and flat.get("saturated") is False
        acc = flat.get("accepted_load")
        note = "sustained" if ok else ("saturated" if code == 0 else "exit %s: %s" % (code, meta.get("message")))
        log("  traffic.load=%s: offered %s accepted %s  %s" % (
            load, "%.4f" % flat["offered_load"] if "offered_load" in flat else "-",
            "%.4f" % acc if acc is not None else "-", note))
        runs.append((float(load), ok, acc, note))
        docs[k] = flat
        return ok

    lo, hi = 0, top
    try:
        if sustained(top):
            lo, hi = top, None
        else:
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if sustained(mid):
                    lo = mid
                else:
                    hi = mid
    except _Pending as p:
        return {"pending": float(p.args[0]), "runs": runs}
    flat = docs.get(lo, {})
    g0 = flat.get("gamma0_flits")
    offered = flat.get("offered_load")
    return {"load": float(_fmt(resolution, lo)),
            "offered_flits": offered,
            "offered_gamma0": offered / g0 if (offered is not None and g0) else None,
            "saturated_load": float(_fmt(resolution, hi)) if hi is not None else None,
            "resolution": resolution, "at_max": hi is None, "runs": runs}
