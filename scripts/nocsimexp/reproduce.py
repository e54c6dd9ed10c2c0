"""Shared frame of the scripts in scripts/reproduce/: options (--quick,
--out, --jobs, --nocsim, --force), sweeps whose raw runs stay under results/
while their CSVs, plots and a README with tables and the exact command go to
the output folder (docs/validation/<name>/ for full runs,
results/reproduce/<name>/ for --quick)."""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from . import backends
from .stats import mean_ci
from .sweeper import Sweep, DEFAULT_NOCSIM, ROOT, failure_summary, pm


class Reproduction:
    def __init__(self, name, doc, argv=None, extra=None):
        """extra: a script's options of its own, an object with add(ap) (adds
        them), name(args) (the run's name: its output and work folders),
        options(args) (them as the command line gives them, for the README)
        and optionally work(args) (a default work folder relative to the
        repository, or None for results/reproduce-runs/NAME)."""
        ap = argparse.ArgumentParser(prog="./scripts/reproduce/%s.py" % name, description=doc,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
        ap.add_argument("--quick", action="store_true",
                        help="a small version (seconds to a minute), as CI runs it; output to results/reproduce/%s" % name)
        ap.add_argument("--out", help="output folder (default docs/validation/%s, or results/reproduce/%s with --quick)"
                        % (name, name))
        ap.add_argument("--work", help="folder for the raw runs (default results/reproduce-runs/%s[-quick])" % name)
        ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="runs at once (default: the cores)")
        ap.add_argument("--nocsim", default=DEFAULT_NOCSIM, help="the nocsim binary (default build/nocsim)")
        ap.add_argument("--force", action="store_true", help="rerun finished runs")
        ap.add_argument("--quiet", action="store_true", help="no progress on stderr")
        if extra:
            extra.add(ap)
        self.args = ap.parse_args(argv)
        script = name
        if extra:
            name = extra.name(self.args)
        self.name, self.doc = name, doc
        self.quick = self.args.quick
        if not (os.path.isfile(self.args.nocsim) and os.access(self.args.nocsim, os.X_OK)):
            sys.stderr.write("%s: error: --nocsim %s: not an executable (build it with scripts/setup.sh)\n"
                             % (name, self.args.nocsim))
            sys.exit(2)
        default = os.path.join(ROOT, "results", "reproduce", name) if self.quick \
            else os.path.join(ROOT, "docs", "validation", name)
        self.out = os.path.abspath(self.args.out or default)
        work = extra.work(self.args) if extra and hasattr(extra, "work") else None
        self.work = os.path.abspath(self.args.work or (os.path.join(ROOT, work) if work else os.path.join(
            ROOT, "results", "reproduce-runs", name + ("-quick" if self.quick else ""))))
        self.sections, self.failures, self.t0 = [], [], time.time()
        self.command = "./scripts/reproduce/%s.py%s%s" % (
            script, extra.options(self.args) if extra else "", " --quick" if self.quick else "")

    def config(self, rel):
        return os.path.join(ROOT, rel)

    def sweep(self, tag, config, axes, seeds=(1,), fixed=()):
        """Runs a grid (axes: [(key, [values])]) and copies its runs.csv and
        summary.csv into the output folder as TAG-runs.csv, TAG-summary.csv.
        Returns the Sweep with its rows and summaries collected."""
        axes = [(k, [str(v) for v in vals]) for k, vals in axes]
        s = Sweep(self.config(config), axes, list(seeds), os.path.join(self.work, tag), self.args.nocsim, fixed)
        if not self.args.quiet:
            sys.stderr.write("%s: %s\n" % (self.name, tag))
        try:
            s.run("local", self.args.jobs, None, self.args.force, self.args.quiet)
        except backends.BackendError as e:
            sys.exit("%s: %s" % (self.name, e))
        s.rows_, s.sums_, s.table_ = s.write()
        for f in ("runs.csv", "summary.csv"):
            shutil.copyfile(os.path.join(s.out_dir, f), self.path("%s-%s" % (tag, f)))
        self.failures += failure_summary(s.rows_, s.keys)
        return s

    def path(self, filename):
        # Made when first written to: a script that refuses its options
        # leaves no empty folder behind.
        os.makedirs(self.out, exist_ok=True)
        return os.path.join(self.out, filename)

    def section(self, title, text):
        self.sections.append((title, text))

    def image(self, title, filename, caption=""):
        self.sections.append((title, "![%s](%s)\n\n%s" % (title, filename, caption)))

    def finish(self, setting):
        """Writes README.md: what was run (setting, in prose), the command,
        the build, then every section in order."""
        commit = build_of(self.args.nocsim)
        lines = ["# %s%s" % (self.doc.strip().splitlines()[0], " (quick)" if self.quick else ""), "",
                 setting.strip(), "",
                 "Made by `%s` (nocsim build %s, %.0f s on %d jobs); every table and plot below comes from the runs "
                 "of that command, whose CSVs lie beside this file (`*-runs.csv`: one row per run; "
                 "`*-summary.csv`: mean and 95%% confidence half-width per point)."
                 % (self.command, commit, time.time() - self.t0, self.args.jobs), ""]
        for title, text in self.sections:
            lines += ["## " + title, "", text.rstrip(), ""]
        if self.failures:
            lines += ["## Failed runs", "", "```"] + self.failures + ["```", ""]
        with open(self.path("README.md"), "w") as f:
            f.write("\n".join(lines))
        if not self.args.quiet:
            sys.stderr.write("%s: wrote %s\n" % (self.name, self.out))


def build_of(nocsim):
    """The commit the binary was built from (`nocsim --version`), not the
    checkout's: a script writes its outputs into the checkout, and the binary
    may be a copy of an older build. "unknown" for a build older than
    --version."""
    try:
        r = subprocess.run([nocsim, "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    words = r.stdout.split()
    return words[1] if r.returncode == 0 and len(words) == 2 and words[0] == "nocsim" else "unknown"


def fmt_pm(s, key, fmt="%.3f"):
    """'mean ± ci' of a summary row, '-' without a value."""
    return pm(s, key, fmt) or "-"


def accepted_cell(x):
    """A summary row's accepted load as a table cell ('mean ± ci'), or
    'failed' when a run of the point did not finish."""
    return fmt_pm(x, "accepted_load") if x.get("ok") else "failed"


def md_table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out) + "\n"



def highest_sustained(points):
    """The last of `points` (summary rows in ascending load) before the first
    one any seed flagged saturated; None when the first already is."""
    last = None
    for x in points:
        if x["saturated"]:
            break
        last = x
    return last


def stat(values, fmt="%.3f"):
    """'v' for one value, 'mean ± ci' (95%, Student t) for several, '-' for
    none (None values are left out)."""
    values = [v for v in values if v is not None]
    if not values:
        return "-"
    m, ci = mean_ci(values)
    return fmt % m if ci is None else (fmt % m) + " ± " + fmt % ci


def gamma0_flits(nocsim, config, overrides):
    """gamma0 in flits/node/cycle of a mesh or torus, as nocsim computes it
    (a one-cycle run), so that no script repeats the topology's arithmetic."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "g.json")
        p = subprocess.run([nocsim, config] + list(overrides) + ["sim.warmup=0", "sim.cycles=1", "sim.drain=0",
                                                                  "traffic.load=0", "--quiet", "-o", out],
                           capture_output=True, text=True, timeout=600)
        if p.returncode != 0:
            raise RuntimeError("gamma0: nocsim refused %s: %s" % (" ".join(overrides), p.stderr.strip()))
        with open(out) as f:
            doc = json.load(f)
    if "gamma0_flits" not in doc:
        raise RuntimeError("gamma0: %s is not a mesh or torus" % config)
    return doc["gamma0_flits"]
