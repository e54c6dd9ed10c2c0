#!/usr/bin/python3
"""The sweep of the experiments issue's acceptance, through the local
backend and through a real single-node Slurm cluster brought up on this
machine (tb/experiments/slurm_local.sh): the same runs.csv, host figures
aside. Where Slurm is missing or its daemons do not start, prints why and
exits 77, which ctest reports as skipped (never as passed)."""
import os
import subprocess
import sys
import tempfile

import common

SKIP = 77
# Short runs (1,000 + 4,000 cycles): the backends, not the figures, are under test.
SWEEP = [common.config("topologies/dragonfly-h2.yaml"), "traffic.load=0.2,0.4,0.6,0.8", "routing.algorithm=min,val",
         "router.vcs=4", "sim.warmup=1000", "sim.cycles=4000", "--seeds", "2", "--nocsim", common.NOCSIM, "--quiet"]


def fail(msg):
    print("FAILED: " + msg)
    sys.exit(1)


def main():
    helper = os.path.join(common.SOURCE, "tb", "experiments", "slurm_local.sh")
    with tempfile.TemporaryDirectory(prefix="nocsim-slurm-") as d:
        os.chmod(d, 0o755)  # munged wants its socket's parents readable by all
        local = common.script("sweep.py", *SWEEP, "-o", os.path.join(d, "local"), "--jobs", "2")
        if local.returncode != 0:
            fail("local sweep: exit %d\n%s" % (local.returncode, local.stderr))
        rows_local = common.read_csv(os.path.join(d, "local", "runs.csv"))
        if len(rows_local) != 16 or any(r["exit_code"] != "0" for r in rows_local):
            fail("local sweep: expected 16 runs with exit 0")
        cluster = os.path.join(d, "cluster")
        port = 20000 + os.getpid() % 20000 // 2 * 2
        up = subprocess.run([helper, "up", cluster, str(port)], capture_output=True, text=True, timeout=120)
        if up.returncode != 0:
            print("SKIPPED: a local Slurm cluster could not be started: " + (up.stderr.strip() or "no reason given"))
            sys.exit(SKIP)
        try:
            env = dict(os.environ, SLURM_CONF=os.path.join(cluster, "etc", "slurm.conf"))
            s = subprocess.run([os.path.join(common.SCRIPTS, "sweep.py"), *SWEEP, "-o", os.path.join(d, "slurm"),
                                "--backend", "slurm", "--poll", "0.5", "--slurm-timeout", "900"],
                               capture_output=True, text=True, timeout=1000, env=env, cwd=common.SOURCE)
            if s.returncode != 0:
                fail("slurm sweep: exit %d\n%s" % (s.returncode, s.stderr))
            array = os.path.join(d, "slurm", "slurm", "array.sh")
            with open(array) as f:
                if "#SBATCH --array=0-15" not in f.read():
                    fail("the job array does not hold the 16 runs")
            rows_slurm = common.read_csv(os.path.join(d, "slurm", "runs.csv"))
            if common.without_host(rows_slurm) != common.without_host(rows_local):
                fail("runs.csv differs between the local and the Slurm backend")
            hosts = {r["host"] for r in rows_slurm}
            print("PASSED: 16 runs through Slurm (job array, hosts %s) give the local backend's runs.csv" % hosts)
        finally:
            subprocess.run([helper, "down", cluster], capture_output=True, timeout=120)


if __name__ == "__main__":
    main()
