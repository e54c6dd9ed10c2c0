"""A sweep: tasks for every point of a grid and seed, run through a backend,
collected into runs.csv, summary.csv and table.md (docs/experiments.md)."""
import csv
import hashlib
import json
import os
import sys

from . import backends
from .grid import points as grid_points
from .progress import Progress
from .runs import make_task, finished, load_result, HOST_FIELDS
from .stats import mean_ci

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_NOCSIM = os.path.join(ROOT, "build", "nocsim")

# Columns every runs.csv row starts with, after the swept keys.
RUN_COLUMNS = ["seed", "id", "exit_code", "status", "saturated", "message"]


def default_out(config, axes, seeds, fixed):
    """A folder named after the configuration and a hash of the grid, so
    that the same command finds its own earlier runs (resume)."""
    spec = json.dumps([os.path.abspath(config), axes, seeds, fixed])
    stem = os.path.splitext(os.path.basename(config))[0]
    return os.path.join("results", "sweeps", "%s-%s" % (stem, hashlib.sha256(spec.encode()).hexdigest()[:8]))


class Sweep:
    def __init__(self, config, axes, seeds, out_dir, nocsim=DEFAULT_NOCSIM, fixed=()):
        """axes: [(key, [values])]; seeds: list of ints; fixed: overrides
        given after the grid's (e.g. a shorter sim.cycles)."""
        self.config, self.axes, self.seeds = config, axes, list(seeds)
        self.out_dir, self.nocsim, self.fixed = out_dir, nocsim, list(fixed)
        self.keys = [k for k, _ in axes]
        self.points = grid_points(axes)
        run_dir = os.path.join(out_dir, "runs")
        self.tasks = []
        for p in self.points:
            overrides = ["%s=%s" % kv for kv in p] + self.fixed
            for s in self.seeds:
                self.tasks.append(make_task(nocsim, config, overrides, s, run_dir, dict(p)))

    def pending(self, force=False):
        return [t for t in self.tasks if force or not finished(t)]

    def run(self, backend="local", jobs=1, slurm_opts=None, force=False, quiet=False):
        todo = self.pending(force)
        os.makedirs(self.out_dir, exist_ok=True)
        with open(os.path.join(self.out_dir, "sweep.json"), "w") as f:
            json.dump({"config": os.path.abspath(self.config), "axes": self.axes, "seeds": self.seeds,
                       "fixed": self.fixed, "nocsim": os.path.abspath(self.nocsim)}, f, indent=1)
        if not quiet:
            sys.stderr.write("sweep: %d points x %d seeds = %d runs; %d already finished, %d to run (%s)\n"
                             % (len(self.points), len(self.seeds), len(self.tasks), len(self.tasks) - len(todo),
                                len(todo), self.out_dir))
        progress = Progress(len(todo), "sweep", quiet)
        try:
            if backend == "slurm":
                backends.run_slurm(todo, slurm_opts or {}, self.out_dir, progress)
            else:
                backends.run_local(todo, jobs, progress)
        finally:
            progress.close()
        return len(todo)

    # -- collection ---------------------------------------------------------

    def rows(self):
        """One dict per run, in point then seed order."""
        out = []
        for t in self.tasks:
            meta, flat, _ = load_result(t)
            row = {k: t["point"][k] for k in self.keys}
            row.update({"seed": t["seed"], "id": t["id"], "exit_code": meta.get("exit_code"),
                        "status": flat.get("status", "not run" if meta.get("exit_code") is None else "error"),
                        "saturated": flat.get("saturated", ""), "message": meta.get("message", "")})
            for k, v in flat.items():
                if k in ("status", "saturated", "error"):
                    continue
                # A result named like a swept key (sim.cycles: the cycles the
                # run took) must not overwrite the configured value.
                row["result." + k if k in self.keys else k] = v
            row["host"] = meta.get("host", "")
            row["elapsed_s"] = meta.get("elapsed_s", "")
            out.append(row)
        return out

    def summaries(self, rows):
        """One dict per point: runs, ok, failed, saturated (runs flagged),
        then every numeric result's mean and 95% CI half-width (Student t
        over the point's ok runs)."""
        out = []
        n = len(self.seeds)
        for i, p in enumerate(self.points):
            group = rows[i * n:(i + 1) * n]
            ok = [r for r in group if r["exit_code"] == 0]
            s = dict(p)
            s.update({"runs": len(group), "ok": len(ok), "failed": len(group) - len(ok),
                      "saturated": sum(1 for r in ok if r.get("saturated") is True)})
            metrics = []
            for r in ok:
                for k, v in r.items():
                    if k in self.keys or k in RUN_COLUMNS or k in HOST_FIELDS or k in metrics:
                        continue
                    if isinstance(v, (int, float)) and not isinstance(v, bool):
                        metrics.append(k)
            for k in metrics:
                m, ci = mean_ci([float(r[k]) for r in ok if isinstance(r.get(k), (int, float))])
                s[k] = m
                s[k + ".ci95"] = "" if ci is None else ci
            out.append(s)
        return out

    def write(self):
        rows = self.rows()
        _write_csv(os.path.join(self.out_dir, "runs.csv"), rows, self.keys + RUN_COLUMNS)
        sums = self.summaries(rows)
        _write_csv(os.path.join(self.out_dir, "summary.csv"), sums, self.keys + ["runs", "ok", "failed", "saturated"])
        table = markdown_table(self.keys, sums)
        with open(os.path.join(self.out_dir, "table.md"), "w") as f:
            f.write(table)
        return rows, sums, table


def _columns(dicts, first):
    cols = list(first)
    seen = set(cols)
    for d in dicts:
        for k in d:
            if k not in seen:
                seen.add(k)
                cols.append(k)
    # Host figures (wall clock, memory, machine) last: they differ between
    # machines and runs while every other column is the model's.
    return [c for c in cols if c not in HOST_FIELDS] + [c for c in cols if c in HOST_FIELDS]


def _cell(v):
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return "%.10g" % v
    return v


def _write_csv(path, dicts, first):
    cols = _columns(dicts, first)
    tmp = path + ".tmp"
    with open(tmp, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(cols)
        for d in dicts:
            w.writerow([_cell(d.get(c)) for c in cols])
    os.replace(tmp, path)


def pm(s, key, fmt):
    """'mean ± ci' of a summary row, '' without a value."""
    m = s.get(key)
    if m is None or m == "":
        return ""
    ci = s.get(key + ".ci95")
    return (fmt % m) + (" ± " + fmt % ci if ci not in (None, "") else "")


def markdown_table(keys, sums):
    head = keys + ["runs", "offered", "accepted", "latency mean", "p99", "hops", "note"]
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for s in sums:
        note = []
        if s["saturated"]:
            note.append("saturated" if s["saturated"] == s["ok"] else "saturated %d/%d" % (s["saturated"], s["ok"]))
        if s["failed"]:
            note.append("%d failed" % s["failed"])
        cells = [str(s[k]) for k in keys] + [
            "%d" % s["runs"], pm(s, "offered_load", "%.4f"), pm(s, "accepted_load", "%.4f"),
            pm(s, "latency.mean", "%.1f"), pm(s, "latency.p99", "%.0f"), pm(s, "hops_mean", "%.2f"),
            ", ".join(note)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def failure_summary(rows, keys):
    """Lines naming each failed run, its exit code and its message."""
    out = []
    for r in rows:
        if r["exit_code"] != 0:
            where = " ".join("%s=%s" % (k, r[k]) for k in keys)
            out.append("  %s seed %s: exit %s: %s" % (where, r["seed"], r["exit_code"], r["message"]))
    return out
