#!/usr/bin/python3
"""Per-VC occupancy from a nocsim waveform (.vcd, trace.file)

For every traced router, input port and VC: the mean flits buffered, the
share of cycles it held any flit, and the share of cycles in each state
(idle, routing, VC allocation, active), averaged over the traced cycles;
and per output port the share of cycles its link carried a flit. This is
what docs/validation.md's torus tornado analysis reads.

Usage: ./scripts/vc_occupancy.py RUN.vcd [--routers 0,1,2] [--csv OUT.csv]
Run it as ./scripts/vc_occupancy.py (Debian's /usr/bin/python3).
Exit code: 0; 2 for a file that is not a nocsim waveform."""
import argparse
import csv
import re
import sys

STATES = ["idle", "routing", "va", "active"]


def parse_header(f):
    """Maps each VCD id to (router, unit, signal), unit 'in<p>.vc<v>' or 'out<p>'."""
    ids, scope = {}, []
    for line in f:
        tok = line.split()
        if not tok:
            continue
        if tok[0] == "$scope":
            scope.append(tok[2])
        elif tok[0] == "$upscope":
            scope.pop()
        elif tok[0] == "$var":
            routers = [s for s in scope if s.startswith("router_")]
            if routers:
                unit = ".".join(s for s in scope[scope.index(routers[0]) + 1:])
                ids.setdefault(tok[3], []).append((int(routers[0][7:]), unit, tok[4]))
        elif tok[0] == "$enddefinitions":
            return ids
    raise ValueError("no $enddefinitions")


def integrate(f, ids, wanted):
    """Time-weighted sums of each wanted signal; returns (sums, cycles)."""
    value, since, sums = {}, {}, {}
    t0 = t = None
    for line in f:
        if line.startswith("#"):
            t = int(line[1:]) // 1000
            if t0 is None:
                t0 = t
            continue
        m = re.match(r"b([01xz]+) (\S+)|([01xz])(\S+)", line.strip())
        if not m:
            continue
        bits, ident = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        if ident not in wanted:
            continue
        v = int(bits.replace("x", "0").replace("z", "0"), 2)
        if ident in value:
            sums.setdefault(ident, {}).setdefault(value[ident], 0)
            sums[ident][value[ident]] += t - since[ident]
        value[ident], since[ident] = v, t
    end = t + 1 if t is not None else 0
    for ident, v in value.items():
        sums.setdefault(ident, {}).setdefault(v, 0)
        sums[ident][v] += end - since[ident]
    return sums, (end - t0 if t0 is not None else 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("vcd")
    ap.add_argument("--routers", help="comma-separated routers (default: all traced)")
    ap.add_argument("--csv", help="also write the rows here")
    a = ap.parse_args()
    keep = {int(x) for x in a.routers.split(",")} if a.routers else None
    try:
        with open(a.vcd) as f:
            ids = parse_header(f)
            wanted = {i for i, sigs in ids.items() for r, u, s in sigs
                      if (keep is None or r in keep) and s in ("flits", "state", "link_flits")}
            sums, cycles = integrate(f, ids, wanted)
    except (OSError, ValueError) as e:
        sys.stderr.write("vc_occupancy: %s: not a nocsim waveform (%s)\n" % (a.vcd, e))
        return 2
    rows = {}
    for ident in wanted:
        for r, unit, sig in ids[ident]:
            if keep is not None and r not in keep:
                continue
            row = rows.setdefault((r, unit), {"router": r, "unit": unit})
            hist = sums.get(ident, {0: cycles})
            total = sum(hist.values()) or 1
            if sig == "flits":
                row["mean_flits"] = sum(v * n for v, n in hist.items()) / total
                row["nonempty"] = sum(n for v, n in hist.items() if v) / total
            elif sig == "state":
                for k, name in enumerate(STATES):
                    row[name] = hist.get(k, 0) / total
            elif sig == "link_flits":
                row["link_busy"] = sum(n for v, n in hist.items() if v) / total
    cols = ["router", "unit", "mean_flits", "nonempty"] + STATES + ["link_busy"]
    out = [rows[k] for k in sorted(rows, key=lambda k: (k[0], [int(x) if x.isdigit() else x
                                                             for x in re.split(r"(\d+)", k[1])]))]
    print("%d cycles" % cycles)
    print(" ".join("%10s" % c for c in cols))
    for row in out:
        print(" ".join("%10s" % (("%.3f" % row[c]) if isinstance(row.get(c), float) else row.get(c, ""))
                       for c in cols))
    if a.csv:
        with open(a.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=cols)
            w.writeheader()
            w.writerows(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
