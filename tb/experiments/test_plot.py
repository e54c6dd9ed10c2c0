#!/usr/bin/python3
"""scripts/plot.py on a sweep's CSV and on one run's JSON (every kind), and
the refusals of inputs it cannot plot."""
import json
import os
import subprocess
import tempfile
import unittest

import common

MESH = common.config("topologies/mesh-8x8.yaml")


class Plot(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        d = cls.tmp.name
        cls.sweep = os.path.join(d, "sweep")
        p = common.script("sweep.py", MESH, "traffic.load=0.1,0.3,0.5", "router.vcs=2,4", "sim.warmup=200",
                          "sim.cycles=1000", "--seeds", "2", "-o", cls.sweep, "--nocsim", common.NOCSIM, "--quiet")
        assert p.returncode == 0, p.stderr
        cls.run_json = os.path.join(d, "run.json")
        q = subprocess.run([common.NOCSIM, common.config("topologies/dragonfly-h2.yaml"), "sim.warmup=200",
                            "sim.cycles=1500", "stats.series_period=100", "link.power.policy=onoff",
                            "traffic.phases=[{cycles: 800, pattern: uniform, load: -1}, {cycles: 900, pattern: adv, load: -1}]",
                            "--quiet", "-o", cls.run_json], capture_output=True, text=True, timeout=300)
        assert q.returncode == 0, q.stderr

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def plot(self, *args):
        return common.script("plot.py", *args)

    def test_sweep_curves_from_the_folder_and_from_the_csv(self):
        p = self.plot(self.sweep)
        self.assertEqual(p.returncode, 0, p.stderr)
        out = p.stdout.strip()
        self.assertEqual(out, os.path.join(self.sweep, "plot-sweep.png"))
        self.assertTrue(common.is_png(out))
        svg = os.path.join(self.tmp.name, "c.svg")
        p = self.plot(os.path.join(self.sweep, "summary.csv"), "--format", "svg", "-o", svg, "--by", "router.vcs")
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(svg) as f:
            text = f.read()
        for label in ("router.vcs=2", "router.vcs=4", "saturated", "accepted load", "latency"):
            self.assertIn(label, text)

    def test_every_kind_from_a_run(self):
        for kind in ("fairness", "series", "power", "links"):
            out = os.path.join(self.tmp.name, kind + ".png")
            p = self.plot(self.run_json, "--kind", kind, "-o", out, "--mark", "800")
            self.assertEqual(p.returncode, 0, kind + ": " + p.stderr)
            self.assertTrue(common.is_png(out), kind)

    def test_series_carry_latency_and_accepted_per_window(self):
        with open(self.run_json) as f:
            doc = json.load(f)
        s = doc["series"]
        n = len(s["interval_end"])
        self.assertEqual(len(s["latency_mean"]), n)
        self.assertEqual(len(s["accepted_flits"]), n)
        self.assertEqual(sum(s["accepted_flits"]), 8 * sum(s["delivered"]))  # 8-flit packets, whole run
        self.assertTrue(all(l > 0 for l, d in zip(s["latency_mean"], s["delivered"]) if d))

    def test_unplottable_inputs_exit_2(self):
        mesh_run = os.path.join(self.tmp.name, "plain.json")
        subprocess.run([common.NOCSIM, MESH, "sim.cycles=300", "--quiet", "-o", mesh_run], capture_output=True,
                       timeout=120, check=True)
        p = self.plot(mesh_run, "--kind", "series")
        self.assertEqual(p.returncode, 2)
        self.assertIn("stats.series_period", p.stderr)
        p = self.plot(mesh_run)
        self.assertEqual(p.returncode, 2)
        self.assertIn("--kind", p.stderr)


if __name__ == "__main__":
    unittest.main()
