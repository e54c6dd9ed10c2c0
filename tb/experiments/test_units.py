#!/usr/bin/python3
"""The experiment layer's arithmetic: grid axes, Student-t intervals, the
flattening of a result, and nocsim's --csv against its JSON."""
import json
import math
import os
import subprocess
import tempfile
import unittest

import common
from nocsimexp import grid, stats, runs


class Grid(unittest.TestCase):
    def test_range_is_inclusive_and_keeps_the_steps_digits(self):
        self.assertEqual(grid.parse_axis("traffic.load=0.1:0.5:0.1"),
                         ("traffic.load", ["0.1", "0.2", "0.3", "0.4", "0.5"]))
        self.assertEqual(grid.parse_axis("router.vcs=2:8:3")[1], ["2", "5", "8"])
        self.assertEqual(grid.parse_axis("traffic.load=0.25:0.3:0.01")[1],
                         ["0.25", "0.26", "0.27", "0.28", "0.29", "0.30"])

    def test_lists_single_values_and_yaml_values(self):
        self.assertEqual(grid.parse_axis("routing.algorithm=min,val")[1], ["min", "val"])
        self.assertEqual(grid.parse_axis("router.vcs=4")[1], ["4"])
        v = "[{cycles: 10, load: 0}, {cycles: 20, load: -1}]"
        self.assertEqual(grid.parse_axis("traffic.phases=" + v)[1], [v])

    def test_bad_axes_are_refused(self):
        for bad in ("traffic.load", "traffic.load=", "traffic.load=0.5:0.1:0.1", "traffic.load=0.1:0.5:0", "a=1,,2", "=3"):
            with self.assertRaises(grid.GridError, msg=bad):
                grid.parse_axis(bad)
        with self.assertRaises(grid.GridError):
            grid.parse_grid(["a=1", "a=2"])

    def test_points_vary_the_last_axis_fastest(self):
        pts = grid.points([("a", ["1", "2"]), ("b", ["x", "y", "z"])])
        self.assertEqual(len(pts), 6)
        self.assertEqual(pts[0], [("a", "1"), ("b", "x")])
        self.assertEqual(pts[1], [("a", "1"), ("b", "y")])
        self.assertEqual(pts[3], [("a", "2"), ("b", "x")])


class Stats(unittest.TestCase):
    def test_t_quantiles(self):
        self.assertAlmostEqual(stats.t975(1), 12.706)
        self.assertAlmostEqual(stats.t975(10), 2.228)
        self.assertAlmostEqual(stats.t975(50), 2.009, delta=0.002)  # exact 2.0086
        self.assertAlmostEqual(stats.t975(100000), 1.960, delta=0.001)
        with self.assertRaises(ValueError):
            stats.t975(0)

    def test_mean_and_interval(self):
        m, ci = stats.mean_ci([1.0, 2.0, 3.0])
        self.assertEqual(m, 2.0)
        self.assertAlmostEqual(ci, 4.303 * 1.0 / math.sqrt(3))
        self.assertEqual(stats.mean_ci([5.0]), (5.0, None))
        self.assertEqual(stats.mean_ci([]), (None, None))


class Flatten(unittest.TestCase):
    def test_scalars_in_objects_only(self):
        doc = {"a": 1, "b": {"c": 2.5, "d": [1, 2], "e": {"f": "x"}}, "config": {"k": "v"}, "g": True}
        self.assertEqual(runs.flatten(doc), {"a": 1, "b.c": 2.5, "b.e.f": "x", "g": True})

    def test_task_ids_name_the_configuration_text_overrides_and_seed(self):
        a = runs.task_id("d1", ["x=1"], 1)
        self.assertEqual(a, runs.task_id("d1", ["x=1"], 1))
        self.assertNotEqual(a, runs.task_id("d2", ["x=1"], 1))
        self.assertNotEqual(a, runs.task_id("d1", ["x=2"], 1))
        self.assertNotEqual(a, runs.task_id("d1", ["x=1"], 2))


class RunCsv(unittest.TestCase):
    def test_csv_holds_every_scalar_of_the_json(self):
        with tempfile.TemporaryDirectory() as d:
            j, c = os.path.join(d, "r.json"), os.path.join(d, "r.csv")
            p = subprocess.run([common.NOCSIM, common.config("topologies/mesh-8x8.yaml"), "sim.cycles=500",
                                "sim.warmup=100", "traffic.phases=[{cycles: 300, load: -1}]", "--quiet", "-o", j,
                                "--csv", c], capture_output=True, text=True, timeout=300)
            self.assertEqual(p.returncode, 0, p.stderr)
            with open(j) as f:
                doc = json.load(f)
            rows = common.read_csv(c)
            got = {r["key"]: r["value"] for r in rows}
            self.assertEqual(len(got), len(rows), "a key twice")
            want = {}

            def walk(d, prefix):
                for k, v in d.items():
                    if isinstance(v, dict):
                        walk(v, prefix + k + ".")
                    elif not isinstance(v, list):
                        want[prefix + k] = v
            walk(doc, "")
            self.assertEqual(set(got), set(want))
            for k, v in want.items():
                if isinstance(v, bool):
                    self.assertEqual(got[k], "true" if v else "false", k)
                elif isinstance(v, (int, float)):
                    self.assertEqual(float(got[k]), float(v), k)
                elif v is None:  # a figure that does not apply (latency.breakdown.global_queue on a mesh)
                    self.assertEqual(got[k], "", k)
                else:
                    self.assertEqual(got[k], v, k)  # the phases value holds commas: quoted
            self.assertIn("saturated", got)
            self.assertIn("config.traffic.phases", got)

    def test_csv_to_a_missing_folder_is_refused(self):
        p = subprocess.run([common.NOCSIM, common.config("topologies/mesh-8x8.yaml"), "--csv", "/nonexistent/r.csv"],
                           capture_output=True, text=True, timeout=60)
        self.assertEqual(p.returncode, 2)
        self.assertIn("--csv: cannot write /nonexistent/r.csv", p.stderr)


class BookSim2Peer(unittest.TestCase):
    """scripts/booksim2_peer.py against a stand-in for BookSim2 that prints
    two samples in BookSim2's format and then would run for minutes."""
    SAMPLES = ("Class 0:\nPacket latency average = 41.5\nAccepted flit rate average= 0.0195\n"
               "Warmed up ...Time used is 500 cycles\n"
               "Class 0:\nPacket latency average = 42.25\nAccepted flit rate average= 0.0201\n")

    def fake(self, d, samples, then="exec sleep 600"):
        path = os.path.join(d, "booksim")
        with open(path, "w") as f:
            f.write("#!/bin/sh\nprintf '%s'\n%s\n" % (samples.replace("\n", "\\n"), then))
        os.chmod(path, 0o755)
        return path

    def test_reads_both_samples_stops_the_run_and_runs_nocsim_alike(self):
        with tempfile.TemporaryDirectory() as d:
            p = common.script("booksim2_peer.py", "--booksim", self.fake(d, self.SAMPLES), "--case", "mesh",
                              "--loads", "0.02", "--sample", "500", "--out", d, "--nocsim", common.NOCSIM,
                              "--booksim-args", "hold_switch_for_packet=1", "--work", d,
                              "--nocsim-args", common.config("topologies/mesh-8x8.yaml"), timeout=120)
            self.assertEqual(p.returncode, 0, p.stderr)
            row = common.read_csv(os.path.join(d, "mesh-uniform.csv"))[0]
            self.assertEqual((float(row["first_latency"]), float(row["first_accepted"])), (41.5, 0.0195))
            self.assertEqual((float(row["measured_latency"]), float(row["measured_accepted"])), (42.25, 0.0201))
            self.assertEqual(row["cycles"], "1000")
            self.assertAlmostEqual(float(row["nocsim_accepted"]), 0.02, delta=0.01)
            self.assertIn("| 0.02 | 42.2 | 0.0201 |", p.stdout)
            with open(os.path.join(d, "mesh-uniform.cfg")) as f:
                cfg = f.read()
            self.assertTrue(cfg.endswith("hold_switch_for_packet = 1;\n"), cfg)
            for key in ("topology = mesh;", "latency_thres = -1.0;", "sample_period = 500;", "max_samples = 2;"):
                self.assertIn(key, cfg)

    def test_a_run_that_ends_early_is_an_error(self):
        with tempfile.TemporaryDirectory() as d:
            p = common.script("booksim2_peer.py", "--booksim", self.fake(d, self.SAMPLES.split("Warmed")[0], "exit 255"),
                              "--case", "torus", "--loads", "0.3", "--sample", "500", "--warmup", "2",
                              "--out", d, timeout=60)
            self.assertNotEqual(p.returncode, 0)
            self.assertIn("printed 1 of 3 samples", p.stderr)
            p = common.script("booksim2_peer.py", "--booksim", "/bin/true", "--case", "mesh", "--loads", "0.1",
                              "--booksim-args", "hold_switch_for_packet", "--out", d, timeout=60)
            self.assertEqual(p.returncode, 2)
            self.assertIn("--booksim-args takes KEY=VALUE", p.stderr)
            p = common.script("booksim2_peer.py", "--booksim", "/bin/true", "--case", "mesh", "--loads", "0.1,x",
                              "--out", d, timeout=60)
            self.assertEqual(p.returncode, 2)
            self.assertIn("--loads takes numbers", p.stderr)
            p = common.script("booksim2_peer.py", "--booksim", self.fake(d, self.SAMPLES), "--case", "mesh",
                              "--loads", "0.02", "--sample", "500", "--out", d, "--work", d, "--nocsim", common.NOCSIM,
                              "--nocsim-args", common.config("topologies/mesh-8x8.yaml") + " router.vcz=2", timeout=60)
            self.assertEqual(p.returncode, 2)
            self.assertIn("router.vcz: unknown key", p.stderr)


if __name__ == "__main__":
    unittest.main()
