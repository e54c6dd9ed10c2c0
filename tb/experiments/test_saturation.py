#!/usr/bin/python3
"""scripts/saturation.py against a 0.01-step sweep on the 8x8 mesh: the
search's answer lies within one step of the sweep's (the highest load below
the first saturated one)."""
import json
import os
import tempfile
import unittest

import common

MESH = common.config("topologies/mesh-8x8.yaml")
WINDOW = ["sim.warmup=1000", "sim.cycles=4000"]


class Saturation(unittest.TestCase):
    def test_search_agrees_with_a_fine_sweep(self):
        with tempfile.TemporaryDirectory() as d:
            p = common.script("saturation.py", MESH, *WINDOW, "--resolution", "0.01", "-o", os.path.join(d, "s"),
                              "--nocsim", common.NOCSIM)
            self.assertEqual(p.returncode, 0, p.stderr)
            with open(os.path.join(d, "s", "saturation.json")) as f:
                found = json.load(f)
            self.assertIn("saturation: traffic.load=%g" % found["load"], p.stdout)
            self.assertIn("traffic.load=1.00:", p.stdout)  # every point it ran is printed
            self.assertFalse(found["at_max"])
            self.assertAlmostEqual(found["saturated_load"] - found["load"], 0.01, places=9)
            self.assertLessEqual(len(found["runs"]), 8)  # bisection: 1 + ceil(log2(100)) runs
            # The sweep: 0.01 steps around the answer, from well below to well above.
            lo, hi = max(0.01, found["load"] - 0.08), found["load"] + 0.08
            s = common.script("sweep.py", MESH, "traffic.load=%.2f:%.2f:0.01" % (lo, hi), *WINDOW, "-o",
                              os.path.join(d, "w"), "--nocsim", common.NOCSIM, "--jobs", "2", "--quiet")
            self.assertEqual(s.returncode, 0, s.stderr)
            rows = common.read_csv(os.path.join(d, "w", "summary.csv"))
            self.assertEqual(rows[0]["saturated"], "0", "the sweep starts below saturation")
            self.assertEqual(rows[-1]["saturated"], "1", "and ends above it")
            first = next(i for i, r in enumerate(rows) if r["saturated"] == "1")
            sweep_answer = float(rows[first - 1]["traffic.load"])
            self.assertLessEqual(abs(sweep_answer - found["load"]), 0.01 + 1e-9,
                                 "search %.2f, sweep %.2f" % (found["load"], sweep_answer))
            # In flits/node/cycle: the mesh's flit unit is the load itself.
            self.assertAlmostEqual(found["offered_flits"], found["load"], places=6)

    def test_torus_reports_gamma0_and_a_repeated_search_reruns_nothing(self):
        with tempfile.TemporaryDirectory() as d:
            args = [common.config("topologies/torus-8x8.yaml"), "traffic.load_unit=gamma0", *WINDOW,
                    "--resolution", "0.1", "--max", "1.0", "-o", d, "--nocsim", common.NOCSIM]
            p = common.script("saturation.py", *args)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIn("gamma0", p.stdout.splitlines()[-1])
            with open(os.path.join(d, "saturation.json")) as f:
                found = json.load(f)
            self.assertAlmostEqual(found["offered_gamma0"], found["load"], places=6)
            metas = sorted(f for f in os.listdir(os.path.join(d, "runs")) if f.endswith(".meta.json"))
            stamps = [os.stat(os.path.join(d, "runs", f)).st_mtime_ns for f in metas]
            q = common.script("saturation.py", *args)
            self.assertEqual(q.stdout.splitlines()[-1], p.stdout.splitlines()[-1])
            self.assertEqual([os.stat(os.path.join(d, "runs", f)).st_mtime_ns for f in metas], stamps)

    def test_a_dry_search_runs_nothing_and_names_the_next_load(self):
        from nocsimexp.saturation import search
        torus = common.config("topologies/torus-8x8.yaml")
        over = ["traffic.load_unit=gamma0", *WINDOW]
        with tempfile.TemporaryDirectory() as d:
            dry = search(common.NOCSIM, torus, over, d, 0.1, 1.0, log=lambda m: None, dry=True)
            self.assertEqual(dry, {"pending": 1.0, "runs": []})  # bisection starts at the top
            self.assertEqual(os.listdir(d), [])
            full = search(common.NOCSIM, torus, over, d, 0.1, 1.0, log=lambda m: None)
            self.assertNotIn("pending", full)
            self.assertEqual(search(common.NOCSIM, torus, over, d, 0.1, 1.0, log=lambda m: None, dry=True), full)
            # Without its last run, the dry search stops there and names it.
            last = full["runs"][-1][0]
            for f in os.listdir(d):
                with open(os.path.join(d, f)) as g:
                    if f.endswith(".meta.json") and "traffic.load=%g" % last in g.read():
                        os.remove(os.path.join(d, f))
            part = search(common.NOCSIM, torus, over, d, 0.1, 1.0, log=lambda m: None, dry=True)
            self.assertEqual(part, {"pending": last, "runs": full["runs"][:-1]})

    def test_traffic_load_is_the_searchs_own(self):
        p = common.script("saturation.py", MESH, "traffic.load=0.3", "--nocsim", common.NOCSIM)
        self.assertEqual(p.returncode, 2)
        self.assertIn("traffic.load", p.stderr)


if __name__ == "__main__":
    unittest.main()
