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
--k 16: the 16^3 preset (topologies/torus-versaci-16.yaml; 16^3 = 64^2 nodes,
so transposition runs too), 10,000 + 60,000 cycles, resolution 0.05, output
docs/validation/versaci-16 and its runs under docs/validation/versaci-16/runs
(committed: the table takes more than one session's machine);
15 runs at 1.2 gamma0 and about 4-5 more per cell (bisection), about 85
in all; a run far past saturation takes 17-32 minutes of one core, one
below saturation about 10, so the table is about 20 CPU-hours (an
estimate). Finished runs are kept: an interrupted search goes on where it
stopped when run again.
--patterns P,Q: only these patterns (a part of the table; give --out
elsewhere than docs/validation so that the partial table does not replace
the full one).
--status: run nothing; print each search's finished runs and the load it
runs next, or its gamma*.
The 16^3 runs take sim.mode=per-router: results identical to per-stage (a
test holds the modes so), about 10% faster there.
Run it as ./scripts/reproduce/versaci.py [--quick] [--k 8|16] [--patterns P,...] [--status]
(Debian's /usr/bin/python3)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import torus_adaptive  # noqa: E402

CONFIG = "topologies/torus-versaci-8.yaml"
MODE = "sim.mode=per-router"


class Options:
    """--k and --patterns (nocsimexp.reproduce.Reproduction's extra)."""

    @staticmethod
    def add(ap):
        ap.add_argument("--k", type=int, choices=[8, 16], default=8, help="the 8^3 or the 16^3 preset (default 8)")
        ap.add_argument("--patterns", help="comma-separated subset of " + ",".join(torus_adaptive.PATTERNS))
        ap.add_argument("--status", action="store_true",
                        help="print each search's finished runs and the load it runs next (or its gamma*); "
                        "run nothing, write nothing")

    @staticmethod
    def name(args):
        return "versaci" if args.k == 8 else "versaci-16"

    @staticmethod
    def work(args):
        # The 16^3 runs take more CPU-hours than one machine keeps: they are
        # committed beside the table, so that a search goes on from them.
        return None if args.k == 8 or args.quick else "docs/validation/versaci-16/runs"

    @staticmethod
    def options(args):
        return ("" if args.k == 8 else " --k 16") + (" --patterns " + args.patterns if args.patterns else "")


def refuse(message):
    sys.stderr.write("versaci: error: %s\n" % message)
    sys.exit(2)


def patterns(args, every):
    if not args.patterns:
        return every
    chosen = args.patterns.split(",")
    unknown = [p for p in chosen if p not in torus_adaptive.PATTERNS]
    if unknown:
        refuse("--patterns: unknown %s; allowed: %s" % (",".join(unknown), ",".join(torus_adaptive.PATTERNS)))
    kept = [p for p in every if p in chosen]
    if not kept:
        refuse("--patterns: none of %s is in this setting's patterns (%s)" % (args.patterns, ",".join(every)))
    if not args.quick and not args.out and not args.status:
        refuse("--patterns: give --out, so that a part of the table does not replace docs/validation's whole one")
    return kept


def setting(quick, args):
    if quick and args.k == 16:
        refuse("--quick runs 4x4x4 whatever --k; give one of them")
    if quick:
        return CONFIG, [4, 4, 4], patterns(args, ["uniform", "transposition", "bitrev"]), [1], 0.2, \
            ["topology.k=4", "sim.warmup=1000", "sim.cycles=4000", "sim.drain=0"]
    if args.k == 16:
        return "topologies/torus-versaci-16.yaml", [16, 16, 16], patterns(args, torus_adaptive.PATTERNS), [1], 0.05, \
            ["sim.warmup=10000", "sim.cycles=60000", "sim.drain=0", MODE]
    return CONFIG, [8, 8, 8], patterns(args, torus_adaptive.PATTERNS), [1], 0.05, \
        ["sim.warmup=10000", "sim.cycles=60000", "sim.drain=0"]


if __name__ == "__main__":
    torus_adaptive.main("versaci", __doc__, setting, vcs_from_config=True, extra=Options)
