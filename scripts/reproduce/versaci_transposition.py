#!/usr/bin/python3
"""Versaci's OutFlank study: transposition on the 16x8x8 torus

Transposition (i, j) -> (j, i) needs a square node count, which 8x8x8 is
not; Versaci ran it on 16x8x8 (1,024 = 32^2 nodes). The saturation search
of scripts/reproduce/versaci.py (gamma* of ABR, POR and OFR, deroutes and
the profit rule at gamma*) on topologies/torus-versaci-8.yaml with
topology.k=[16,8,8], every other parameter the preset's (docs/validation.md,
"Versaci's own setting").
Full: 16x8x8, 10,000 + 60,000 cycles per run, resolution 0.05 gamma0;
--quick: 4x4x4, 1,000 + 4,000 cycles, resolution 0.2.
Run it as ./scripts/reproduce/versaci_transposition.py [--quick] (Debian's
/usr/bin/python3)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import torus_adaptive  # noqa: E402
import versaci  # noqa: E402


def setting(quick):
    if quick:
        return versaci.CONFIG, [4, 4, 4], ["transposition"], [1], 0.2, \
            ["topology.k=4", "sim.warmup=1000", "sim.cycles=4000", "sim.drain=0"]
    return versaci.CONFIG, [16, 8, 8], ["transposition"], [1], 0.05, \
        ["topology.k=[16,8,8]", "sim.warmup=10000", "sim.cycles=60000", "sim.drain=0"]


if __name__ == "__main__":
    torus_adaptive.main("versaci_transposition", __doc__, setting, vcs_from_config=True)
