#!/usr/bin/python3
"""scripts/sweep.py as a user runs it: the grid, its CSVs and table, a
refused run recorded without stopping the sweep, and resume after a kill."""
import json
import os
import signal
import subprocess
import tempfile
import time
import unittest

import common

MESH = common.config("topologies/mesh-8x8.yaml")
SHORT = ["sim.warmup=200", "sim.cycles=1000"]


class Sweep(unittest.TestCase):
    def test_grid_seeds_csvs_table_and_a_refused_run(self):
        with tempfile.TemporaryDirectory() as d:
            p = common.script("sweep.py", MESH, "traffic.load=0.1,0.5", "router.vcs=0,2", *SHORT,
                              "--seeds", "2", "--jobs", "2", "-o", d, "--nocsim", common.NOCSIM)
            self.assertEqual(p.returncode, 1, p.stderr)  # router.vcs=0 is refused: the sweep goes on
            runs = common.read_csv(os.path.join(d, "runs.csv"))
            self.assertEqual(len(runs), 2 * 2 * 2)
            self.assertEqual([(r["traffic.load"], r["router.vcs"], r["seed"]) for r in runs[:4]],
                             [("0.1", "0", "1"), ("0.1", "0", "2"), ("0.1", "2", "1"), ("0.1", "2", "2")])
            for r in runs:
                if r["router.vcs"] == "0":
                    self.assertEqual(r["exit_code"], "2")
                    self.assertIn("router.vcs", r["message"])
                else:
                    self.assertEqual(r["exit_code"], "0", r["message"])
                    with open(os.path.join(d, "runs", r["id"] + ".json")) as f:
                        cfg = json.load(f)["config"]
                    self.assertEqual((cfg["sim.seed"], cfg["traffic.load"]), (r["seed"], r["traffic.load"]))
            ok = [r for r in runs if r["exit_code"] == "0"]
            self.assertNotEqual(ok[0]["accepted_load"], ok[1]["accepted_load"], "seeds 1 and 2 differ")
            self.assertEqual(ok[0]["saturated"], "false")
            self.assertEqual(ok[2]["saturated"], "true")  # 0.5 is past the mesh's saturation
            self.assertIn("failed runs:", p.stderr)
            summary = common.read_csv(os.path.join(d, "summary.csv"))
            self.assertEqual(len(summary), 4)
            s = summary[1]  # load 0.1, 2 VCs
            a = [float(r["accepted_load"]) for r in ok[:2]]
            self.assertAlmostEqual(float(s["accepted_load"]), sum(a) / 2, places=9)
            # t(0.975, 1) * s / sqrt(2) with s = |a0 - a1| / sqrt(2)
            self.assertAlmostEqual(float(s["accepted_load.ci95"]), 12.706 * abs(a[0] - a[1]) / 2, places=9)
            self.assertEqual((s["runs"], s["ok"], s["failed"]), ("2", "2", "0"))
            self.assertEqual(summary[0]["failed"], "2")
            with open(os.path.join(d, "table.md")) as f:
                table = f.read()
            self.assertIn("saturated", table)
            self.assertIn("2 failed", table)
            self.assertEqual(p.stdout, table)
            self.assertEqual(len([f for f in os.listdir(os.path.join(d, "runs")) if f.endswith(".meta.json")]), 8)

    def test_a_killed_sweep_runs_only_what_is_missing(self):
        with tempfile.TemporaryDirectory() as d:
            log = os.path.join(d, "calls.log")
            wrapper = os.path.join(d, "nocsim")
            with open(wrapper, "w") as f:  # counts the runs, then runs nocsim
                f.write("#!/bin/sh\necho \"$*\" >> %s\nexec %s \"$@\"\n" % (log, common.NOCSIM))
            os.chmod(wrapper, 0o755)
            out = os.path.join(d, "sweep")
            loads = "traffic.load=0.05:0.40:0.05"  # 8 points
            args = [os.path.join(common.SCRIPTS, "sweep.py"), MESH, loads, "sim.warmup=200", "sim.cycles=3000",
                    "--jobs", "1", "-o", out, "--nocsim", wrapper]
            p = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            runs_dir = os.path.join(out, "runs")
            deadline = time.time() + 300
            while time.time() < deadline:
                self.assertIsNone(p.poll(), "the sweep ended before it was killed")
                metas = [f for f in os.listdir(runs_dir) if f.endswith(".meta.json")] if os.path.isdir(runs_dir) else []
                if len(metas) >= 3:
                    break
                time.sleep(0.05)
            p.send_signal(signal.SIGTERM)
            self.assertNotEqual(p.wait(timeout=120), 0)
            done = {}
            for f in os.listdir(runs_dir):
                if f.endswith(".meta.json"):
                    with open(os.path.join(runs_dir, f)) as m:
                        meta = json.load(m)
                    if meta["exit_code"] == 0:
                        done[f] = os.stat(os.path.join(runs_dir, f)).st_mtime_ns
            self.assertGreaterEqual(len(done), 3)
            self.assertLess(len(done), 8, "the sweep was killed before it ended")
            with open(log) as f:
                calls_before = len(f.readlines())
            r = subprocess.run(args, capture_output=True, text=True, timeout=600)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("%d already finished, %d to run" % (len(done), 8 - len(done)), r.stderr)
            with open(log) as f:
                self.assertEqual(len(f.readlines()) - calls_before, 8 - len(done))
            for f, mtime in done.items():
                self.assertEqual(os.stat(os.path.join(runs_dir, f)).st_mtime_ns, mtime, f + " was run again")
            self.assertEqual(len(common.read_csv(os.path.join(out, "runs.csv"))), 8)
            # A third time: nothing to run; --force runs everything again.
            r = subprocess.run(args, capture_output=True, text=True, timeout=600)
            self.assertIn("8 already finished, 0 to run", r.stderr)
            r = subprocess.run(args + ["--force"], capture_output=True, text=True, timeout=600)
            self.assertIn("0 already finished, 8 to run", r.stderr)

    def test_a_result_named_like_a_swept_key_keeps_the_configured_value(self):
        with tempfile.TemporaryDirectory() as d:
            p = common.script("sweep.py", MESH, "sim.cycles=300,600", "sim.warmup=100", "-o", d, "--quiet",
                              "--nocsim", common.NOCSIM)
            self.assertEqual(p.returncode, 0, p.stderr)
            rows = common.read_csv(os.path.join(d, "runs.csv"))
            self.assertEqual([r["sim.cycles"] for r in rows], ["300", "600"])
            for r in rows:  # the run's own cycles: warm-up, window and drain
                self.assertGreater(int(r["result.sim.cycles"]), 100 + int(r["sim.cycles"]) - 1)
            summary = common.read_csv(os.path.join(d, "summary.csv"))
            self.assertEqual([s["sim.cycles"] for s in summary], ["300", "600"])
            self.assertIn("result.sim.cycles", summary[0])

    def test_bad_arguments_exit_2_with_one_line(self):
        for args in (["nonexistent.yaml"], [MESH, "traffic.load=0.5:0.1:0.1"], [MESH, "--seeds", "0"],
                     [MESH, "sim.seed=1,2"]):
            p = common.script("sweep.py", *args, "--nocsim", common.NOCSIM)
            self.assertEqual(p.returncode, 2, args)
            self.assertEqual(len(p.stderr.strip().splitlines()), 1, p.stderr)
            self.assertTrue(p.stderr.startswith("sweep.py: error: "), p.stderr)


if __name__ == "__main__":
    unittest.main()
