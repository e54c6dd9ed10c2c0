"""Paths and helpers of the experiment-layer tests (ctest runs each file as
its own test with NOCSIM_BIN and NOCSIM_SOURCE_DIR set)."""
import csv
import os
import subprocess
import sys

SOURCE = os.environ.get("NOCSIM_SOURCE_DIR") or os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
NOCSIM = os.environ.get("NOCSIM_BIN") or os.path.join(SOURCE, "build", "nocsim")
SCRIPTS = os.path.join(SOURCE, "scripts")
sys.path.insert(0, SCRIPTS)
PYTHON = "/usr/bin/python3"


def script(name, *args, timeout=900, **kw):
    """Runs ./scripts/NAME as a user would (its shebang), with --nocsim."""
    cmd = [os.path.join(SCRIPTS, name)] + list(args)
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=kw.get("cwd", SOURCE))


def config(rel):
    return os.path.join(SOURCE, rel)


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


HOST_COLUMNS = ("sim.wall_seconds", "sim.cycles_per_second", "sim.peak_rss_kb", "sim.build", "host", "elapsed_s")


def without_host(rows):
    """Rows without the host figures (wall clock, memory, machine name)."""
    return [{k: v for k, v in r.items() if k not in HOST_COLUMNS} for r in rows]


def is_png(path):
    with open(path, "rb") as f:
        return f.read(8) == b"\x89PNG\r\n\x1a\n"
