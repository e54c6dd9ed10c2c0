#!/usr/bin/env bash
# docs/cosim-your-rtl.md, step by step, from the source tree: a second build
# tree beside BUILD (BUILD-user-sa) configured with rtl_ref/sw_alloc_wavefront.sv
# as "your" switch allocator, then the 8x8 mesh with router.allocator.sa=user:
#   - cpp mode is refused (exit 2): the block has no C++ side of its own;
#   - lockstep against the C++ wavefront allocator: no mismatch, status ok;
#   - rtl mode (the block decides) gives BUILD's JSON of the C++ wavefront;
#   - lockstep against sep_if reports where the two first differ (exit 4).
# The simulator's own sources come from ccache when BUILD was compiled
# through it (same compiler and flags: the -D arguments of BUILD).
# Usage: user_rtl.sh SOURCE BUILD NOCSIM [cmake -D arguments of BUILD...]
set -euo pipefail
src=$1 build=$2 ref_bin=$3
shift 3
user=$build-user-sa
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
fail() { echo "user_rtl: $*" >&2; exit 1; }

mkdir -p "$user"
# Only the mesh's (P, V) and one arbiter width: fewer blocks to verilate.
cmake -S "$src" -B "$user" -G Ninja "$@" -DNOCSIM_RTL_PV=5:2 -DNOCSIM_RTL_ARB_N=4 \
  "-DNOCSIM_USER_SA=rtl_ref/sw_alloc_wavefront.sv;rtl_ref/rr_arbiter.sv" \
  -DNOCSIM_USER_SA_TOP=sw_alloc_wavefront > "$user/configure.log" 2>&1 ||
  { tail -n 20 "$user/configure.log" >&2; fail "configure failed"; }
grep -q "your switch allocator sw_alloc_wavefront" "$user/configure.log" || fail "configure did not take the block"
start=$SECONDS
cmake --build "$user" --target nocsim -j 2 > "$user/build.log" 2>&1 ||
  { tail -n 30 "$user/build.log" >&2; fail "build failed"; }
echo "user_rtl: second build in $((SECONDS - start)) s" \
  "($(grep -c 'Building C' "$user/build.log" || true) compilations)"

mesh=("$src/topologies/mesh-8x8.yaml" traffic.load=0.4 sim.warmup=0 sim.cycles=5000 --quiet)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

rc=0; "$user/nocsim" "${mesh[@]}" router.allocator.sa=user -o "$out/cpp.json" 2> "$out/cpp.err" || rc=$?
[ "$rc" -eq 2 ] || fail "cpp mode: exit $rc, expected 2"
grep -q "router.allocator.sa: user is your Verilog block" "$out/cpp.err" || fail "cpp mode: $(cat "$out/cpp.err")"

"$user/nocsim" "${mesh[@]}" router.allocator.sa=user router.allocator.sa_reference=wavefront rtl.sa=lockstep \
  -o "$out/lockstep.json" || fail "lockstep against wavefront: exit $?"
grep -q '"status": "ok"' "$out/lockstep.json" || fail "lockstep against wavefront: status not ok"

"$user/nocsim" "${mesh[@]}" router.allocator.sa=user rtl.sa=rtl -o "$out/rtl.json" || fail "rtl mode: exit $?"
"$ref_bin" "${mesh[@]}" router.allocator.sa=wavefront -o "$out/ref.json" || fail "reference run: exit $?"
/usr/bin/python3 - "$out/rtl.json" "$out/ref.json" <<'PY' || fail "rtl mode differs from the C++ wavefront"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
# The configuration echo names the modes; the host figures are the machine's.
for r in (a, b):
    r.pop("config", None)
    for k in ("wall_seconds", "cycles_per_second", "peak_rss_kb", "memory_estimate_kb"):
        r["sim"].pop(k, None)
if a != b:
    print("\n".join("%s: %s | %s" % (k, a.get(k), b.get(k)) for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)),
          file=sys.stderr)
sys.exit(0 if a == b else 1)
PY

rc=0; "$user/nocsim" "${mesh[@]}" router.allocator.sa=user rtl.sa=lockstep -o "$out/diff.json" 2> "$out/diff.err" || rc=$?
[ "$rc" -eq 4 ] || fail "lockstep against sep_if: exit $rc, expected 4"
grep -q "lockstep mismatch: cycle " "$out/diff.err" && grep -q "switch allocator" "$out/diff.err" ||
  fail "lockstep against sep_if: $(cat "$out/diff.err")"
echo "user_rtl: ok; against sep_if: $(grep -m1 'lockstep mismatch' "$out/diff.err")"
