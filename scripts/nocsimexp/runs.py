"""One nocsim run as a task: its command, its identity (a hash of the
configuration file's text, the overrides and the seed) and its files.

A task's files live in a runs/ folder: ID.json (nocsim's results), ID.err
(its standard error) and ID.meta.json, written last and atomically, holding
the exit code and the message. A task counts as finished when its meta file
exists with a final exit code (0 ok, 2 refused, 3 deadlock, 4 invariant):
a finished task is never run again. Interrupted or crashed runs (1, 128+N)
are run again."""
import hashlib
import json
import os
import socket
import subprocess
import sys
import time

FINAL_CODES = (0, 2, 3, 4)
HOST_FIELDS = ("sim.wall_seconds", "sim.cycles_per_second", "sim.peak_rss_kb", "sim.build", "host", "elapsed_s")


def config_digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def task_id(config_text_digest, overrides, seed):
    """Twelve hex digits naming a run: the same configuration text, the same
    overrides (order kept) and the same seed give the same name."""
    key = json.dumps({"config": config_text_digest, "overrides": list(overrides), "seed": seed})
    return hashlib.sha256(key.encode()).hexdigest()[:12]


def make_task(nocsim, config, overrides, seed, run_dir, point):
    """A task: a dict that survives a JSON round trip (the Slurm backend
    hands tasks to its array through a file)."""
    tid = task_id(config_digest(config), overrides, seed)
    return {
        "id": tid,
        "nocsim": os.path.abspath(nocsim),
        "config": os.path.abspath(config),
        "overrides": list(overrides) + ["sim.seed=%d" % seed],
        "seed": seed,
        "point": point,
        "json": os.path.join(os.path.abspath(run_dir), tid + ".json"),
    }


def meta_path(task):
    return task["json"][: -len(".json")] + ".meta.json"


def read_meta(task):
    try:
        with open(meta_path(task)) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def finished(task):
    m = read_meta(task)
    return m is not None and m.get("exit_code") in FINAL_CODES


def _write_atomic(path, text):
    tmp = "%s.%d.tmp" % (path, os.getpid())
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def _message(code, err_text):
    if code == 0:
        return ""
    lines = [l.strip() for l in err_text.splitlines() if l.strip()]
    errors = [l for l in lines if l.startswith("nocsim:")]
    if errors:
        return errors[0]
    if lines:
        return lines[-1]
    return "exit %d" % code


def run_task(task, on_start=None):
    """Runs one task to its end and writes its meta file; returns the meta.
    on_start(Popen) lets the caller stop a running child."""
    out = task["json"]
    os.makedirs(os.path.dirname(out), exist_ok=True)
    tmp_json = "%s.%d.part" % (out, os.getpid())
    err_path = out[: -len(".json")] + ".err"
    cmd = [task["nocsim"], task["config"]] + task["overrides"] + ["--quiet", "-o", tmp_json]
    if os.path.exists(out):  # a rerun that writes nothing must not leave the old results behind
        os.remove(out)
    env = dict(os.environ, SYSTEMC_DISABLE_COPYRIGHT_MESSAGE="1")
    t0 = time.time()
    with open(err_path, "w") as err:
        try:
            # Its own session: a terminal's Ctrl-C reaches the sweep only,
            # which forwards one signal, so nocsim writes what it measured.
            p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err, env=env, start_new_session=True)
        except OSError as e:
            err.write("cannot start %s: %s\n" % (task["nocsim"], e))
            code = 127
        else:
            if on_start:
                on_start(p)
            code = p.wait()
    code = 128 - code if code < 0 else code  # killed by a signal: the shell's 128 + N
    if os.path.exists(tmp_json):
        os.replace(tmp_json, out)
    with open(err_path) as f:
        err_text = f.read()
    meta = {
        "id": task["id"],
        "exit_code": code,
        "message": _message(code, err_text),
        "command": cmd[:-2] + ["-o", out],
        "seed": task["seed"],
        "point": task["point"],
        "host": socket.gethostname(),
        "elapsed_s": round(time.time() - t0, 3),
    }
    _write_atomic(meta_path(task), json.dumps(meta, indent=1) + "\n")
    return meta


def flatten(doc, prefix=""):
    """The scalars of a result document as {dotted key: value}, in document
    order; arrays and the echoed configuration are left out (the runs' CSV
    names the swept keys itself)."""
    out = {}
    for k, v in doc.items():
        key = prefix + k
        if isinstance(v, dict):
            if key == "config":
                continue
            out.update(flatten(v, key + "."))
        elif isinstance(v, list):
            continue
        else:
            out[key] = v
    return out


def load_result(task):
    """(meta, flat results or {})."""
    meta = read_meta(task) or {"exit_code": None, "message": "not run"}
    try:
        with open(task["json"]) as f:
            doc = json.load(f)
    except (OSError, ValueError):
        doc = {}
    return meta, flatten(doc), doc


if __name__ == "__main__":
    sys.exit("runs.py is a module; use scripts/sweep.py")
