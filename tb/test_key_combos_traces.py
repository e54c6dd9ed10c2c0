#!/usr/bin/python3
"""scripts/key_combos's text traces (docs/reliability.md, "Key
combinations") draw receives from any source only where no other message
can take their place: with a tag that one send alone carries, or with two
ranks. Else such a receive may take a message a later receive names, and
the run deadlocks as the MPI program would (a race, not a finding)."""
import importlib.util
import random
import sys
from importlib.machinery import SourceFileLoader
from pathlib import Path

_path = str(Path(__file__).resolve().parents[1] / "scripts" / "key_combos")
_spec = importlib.util.spec_from_loader("key_combos", SourceFileLoader("key_combos", _path))
kc = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(kc)
SENDS = ("send", "isend", "ssend", "issend", "bsend", "ibsend")


def check(program):
    """(wildcard-source receives, wildcard-tag receives) of one program; raises on a race."""
    lines = [l.split() for l in program.splitlines()]
    ranks = int(lines[0][1])
    sent_tags, any_source, any_tag = [], [], 0
    for words in lines[1:]:
        op = words[1].split("@")[0]
        if op in SENDS:
            sent_tags.append(words[4])
        elif op in ("recv", "irecv"):
            if words[2] == "any":
                any_source.append(words[4])
            any_tag += words[4] == "any"
        elif op == "sendrecv":
            sent_tags.append(words[4])
            if words[5] == "any":
                any_source.append(words[7])
            any_tag += words[7] == "any"
    if ranks > 2:
        for tag in any_source:
            assert tag != "any" and sent_tags.count(tag) == 1, f"receive from any source with tag {tag}:\n{program}"
    return len(any_source), any_tag


def main():
    wild_sources = wild_tags = 0
    for seed in range(3000):
        s, t = check(kc.trace_program(random.Random(seed)))
        wild_sources += s
        wild_tags += t
    # The draws still hold both wildcards, and OTF2's named programs none.
    assert wild_sources > 100 and wild_tags > 100, (wild_sources, wild_tags)
    for seed in range(300):
        assert check(kc.trace_program(random.Random(seed), named=True)) == (0, 0)
    print(f"3000 programs: {wild_sources} receives from any source, {wild_tags} of any tag, none racing")
    return 0


if __name__ == "__main__":
    sys.exit(main())
