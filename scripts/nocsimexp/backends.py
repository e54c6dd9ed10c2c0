"""Where a sweep's tasks run: a local process pool, or a Slurm job array.
Both run the same command per task (runs.run_task), so their results are
identical for the same points and seeds."""
import json
import os
import shlex
import signal
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from .runs import run_task, read_meta, meta_path

HERE = os.path.dirname(os.path.abspath(__file__))


class BackendError(RuntimeError):
    pass


def _failed(meta):
    return meta is None or meta.get("exit_code") != 0


def run_local(tasks, jobs, progress):
    """Runs the tasks on a pool of `jobs` processes. SIGINT or SIGTERM stops
    the running children (nocsim writes what it measured, exit 130/143) and
    re-raises: an interrupted run is not finished and runs again on resume."""
    children, lock = set(), threading.Lock()
    state = {"done": 0, "running": 0, "failed": 0, "stop": False}

    def one(task):
        with lock:
            if state["stop"]:
                return
            state["running"] += 1
        progress.update(running=state["running"])

        def started(p):
            with lock:
                children.add(p)
                if state["stop"]:
                    p.terminate()

        meta = run_task(task, on_start=started)
        with lock:
            children.difference_update([c for c in children if c.poll() is not None])
            state["running"] -= 1
            state["done"] += 1
            state["failed"] += _failed(meta)
        progress.update(done=state["done"], running=state["running"], failed=state["failed"])

    def stop(signum, _frame):
        with lock:
            state["stop"] = True
            for c in children:
                if c.poll() is None:
                    c.send_signal(signum)
        raise KeyboardInterrupt

    old = {s: signal.signal(s, stop) for s in (signal.SIGINT, signal.SIGTERM)}
    pool = ThreadPoolExecutor(max_workers=max(1, jobs))
    try:
        futures = [pool.submit(one, t) for t in tasks]
        for f in futures:
            while not f.done():
                time.sleep(0.05)
            f.result()
    finally:
        with lock:
            state["stop"] = True
        pool.shutdown(wait=True, cancel_futures=True)
        for s, h in old.items():
            signal.signal(s, h)


def _slurm(cmd, timeout=30):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except FileNotFoundError:
        raise BackendError("%s: not found (install slurm-client, or use --backend local)" % cmd[0])
    except subprocess.TimeoutExpired:
        raise BackendError("%s: no answer within %d s" % (" ".join(cmd), timeout))
    return r


def run_slurm(tasks, opts, work_dir, progress):
    """Writes the tasks to work_dir/slurm/tasks.jsonl and one sbatch job
    array over them (one array task per run), submits it, polls squeue until
    the array has left the queue, and returns. opts: partition, time, mem
    (passed to sbatch when set), poll (seconds), timeout (seconds)."""
    if not tasks:
        return
    for t in tasks:  # results of an earlier, interrupted or forced-over run
        for f in (meta_path(t), t["json"]):
            if os.path.exists(f):
                os.remove(f)
    sdir = os.path.join(work_dir, "slurm")
    os.makedirs(sdir, exist_ok=True)
    tasks_file = os.path.join(sdir, "tasks.jsonl")
    with open(tasks_file, "w") as f:
        for t in tasks:
            f.write(json.dumps(t) + "\n")
    script = os.path.join(sdir, "array.sh")
    with open(script, "w") as f:
        f.write("#!/bin/bash\n")
        f.write("#SBATCH --job-name=nocsim-sweep\n")
        f.write("#SBATCH --array=0-%d\n" % (len(tasks) - 1))
        f.write("#SBATCH --output=%s\n" % os.path.join(sdir, "task-%a.out"))
        f.write("#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n")
        for key in ("partition", "time", "mem"):
            if opts.get(key):
                f.write("#SBATCH --%s=%s\n" % (key, opts[key]))
        f.write("exec /usr/bin/python3 %s %s \"$SLURM_ARRAY_TASK_ID\"\n"
                % (shlex.quote(os.path.join(HERE, "task.py")), shlex.quote(tasks_file)))
    r = _slurm(["sbatch", "--parsable", script])
    if r.returncode != 0:
        raise BackendError("sbatch refused the job array: %s" % (r.stderr.strip() or r.stdout.strip()))
    job = r.stdout.strip().split(";")[0]
    deadline = time.time() + opts.get("timeout", 86400)
    poll = opts.get("poll", 2.0)
    try:
        while True:
            try:
                q = _slurm(["squeue", "-h", "-j", job, "-o", "%i %T"])
            except BackendError:
                q = None  # no answer this time: ask again
            gone = q is not None and (("Invalid job id" in q.stderr) or (q.returncode == 0 and not q.stdout.strip()))
            lines = [l for l in q.stdout.splitlines() if l.strip()] if q is not None and q.returncode == 0 else []
            running = sum(1 for l in lines if l.split()[-1] in ("RUNNING", "COMPLETING"))
            metas = [read_meta(t) for t in tasks]
            done = sum(1 for m in metas if m is not None)
            failed = sum(1 for m in metas if m is not None and m.get("exit_code") != 0)
            progress.update(done=done, running=running, failed=failed)
            # squeue forgets a finished job: no line, or an unknown id.
            if gone:
                break
            if time.time() > deadline:
                _slurm(["scancel", job])
                raise BackendError("job array %s still queued after %d s (cancelled)" % (job, opts.get("timeout")))
            time.sleep(poll)
    except KeyboardInterrupt:
        _slurm(["scancel", job])
        raise
    # A task the array never ran (node failure, time limit) gets a meta
    # saying so, with Slurm's own output where there is one.
    for i, t in enumerate(tasks):
        m = read_meta(t)
        if m is None:
            out = os.path.join(sdir, "task-%d.out" % i)
            tail = ""
            if os.path.exists(out):
                with open(out) as f:
                    lines = [l.strip() for l in f if l.strip()]
                tail = lines[-1] if lines else ""
            meta = {"id": t["id"], "exit_code": 1, "message": "slurm task %s_%d ended without a result%s"
                    % (job, i, (": " + tail) if tail else ""), "seed": t["seed"], "point": t["point"],
                    "host": "", "elapsed_s": 0}
            with open(meta_path(t), "w") as f:
                json.dump(meta, f, indent=1)
    metas = [read_meta(t) for t in tasks]
    progress.update(done=len(tasks), running=0, failed=sum(1 for m in metas if _failed(m)))


__all__ = ["run_local", "run_slurm", "BackendError"]
