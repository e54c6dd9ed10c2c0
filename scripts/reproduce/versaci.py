#!/usr/bin/python3
"""Versaci's OutFlank study in its own setting: gamma* of ABR, POR and OFR

The saturation search of scripts/reproduce/torus_adaptive.py (gamma* per
routing and pattern, WIDN / OIDN / total deroutes at gamma*) on the presets
that carry the paper's setting (topologies/torus-versaci-8.yaml and -16.yaml;
docs/validation.md, "Versaci's setting"): 64 B flits and 8 ns cycles, 512 B
packets, external links of 3.2 cycles per flit and 25 cycles, injection
links of 10 cycles, 64-flit VCs, 3 VCs for every routing, store-and-forward,
messages of 96 packets handed over at 2.4 gamma0; gamma0 in the external
links' bandwidth. Transposition needs a square node count (Versaci ran it
on 16x8x8): on 8x8x8 it is listed as not run, and
scripts/reproduce/versaci_transposition.py runs it on 16x8x8.
Full: 8x8x8, 10,000 + 60,000 cycles per run (a message takes thousands of
cycles: shorter windows end with too many in flight for the 3% backlog
rule), resolution 0.05 gamma0; about 40 minutes on 2 cores;
--quick: 4x4x4 (the 8-preset with topology.k=4), 3 patterns, 1,000 + 4,000
cycles, resolution 0.2.
Run it as ./scripts/reproduce/versaci.py [--quick] (Debian's /usr/bin/python3)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import torus_adaptive  # noqa: E402

CONFIG = "topologies/torus-versaci-8.yaml"


def setting(quick):
    if quick:
        return CONFIG, [4, 4, 4], ["uniform", "transposition", "bitrev"], [1], 0.2, \
            ["topology.k=4", "sim.warmup=1000", "sim.cycles=4000", "sim.drain=0"]
    return CONFIG, [8, 8, 8], torus_adaptive.PATTERNS, [1], 0.05, \
        ["sim.warmup=10000", "sim.cycles=60000", "sim.drain=0"]


if __name__ == "__main__":
    torus_adaptive.main("versaci", __doc__, setting, vcs_from_config=True)
