#!/usr/bin/env bash
# docs/cosim-your-rtl.md, step by step, from the source tree: a second build
# tree beside BUILD (BUILD-user-sa) configured with rtl_ref/sw_alloc_wavefront.sv
# as "your" switch allocator and rtl_ref/vc_alloc_sep_if.sv as "your" VC
# allocator, then the 8x8 mesh with router.allocator.sa=user, then .va=user:
#   - cpp mode is refused (exit 2): the block has no C++ side of its own;
#   - lockstep against the C++ allocator it implements: no mismatch, status ok;
#   - rtl mode (the block decides) gives BUILD's JSON of that C++ allocator;
#   - lockstep against another allocator reports where the two first differ
#     (exit 4);
# and both blocks at once in lockstep (router.alloc=lockstep).
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
  "-DNOCSIM_USER_SA=rtl_ref/sw_alloc_wavefront.sv;rtl_ref/rr_arbiter.sv" -DNOCSIM_USER_SA_TOP=sw_alloc_wavefront \
  "-DNOCSIM_USER_VA=rtl_ref/vc_alloc_sep_if.sv;rtl_ref/rr_arbiter.sv" -DNOCSIM_USER_VA_TOP=vc_alloc_sep_if \
  > "$user/configure.log" 2>&1 || { tail -n 20 "$user/configure.log" >&2; fail "configure failed"; }
for b in "SA allocator sw_alloc_wavefront" "VA allocator vc_alloc_sep_if"; do
  grep -q "your $b" "$user/configure.log" || fail "configure did not take your $b"
done
start=$SECONDS
cmake --build "$user" --target nocsim -j 2 > "$user/build.log" 2>&1 ||
  { tail -n 30 "$user/build.log" >&2; fail "build failed"; }
echo "user_rtl: second build in $((SECONDS - start)) s" \
  "($(grep -c 'Building C' "$user/build.log" || true) compilations)"

mesh=("$src/topologies/mesh-8x8.yaml" traffic.load=0.4 sim.warmup=0 sim.cycles=5000 --quiet)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# run NAME EXPECTED_EXIT KEYS...: the second build on the mesh.
run() {
  local name=$1 want=$2 rc=0
  shift 2
  "$user/nocsim" "${mesh[@]}" "$@" -o "$out/$name.json" 2> "$out/$name.err" || rc=$?
  [ "$rc" -eq "$want" ] || fail "$name: exit $rc, expected $want: $(head -c 600 "$out/$name.err")"
}
said() { grep -q "$2" "$out/$1.err" || fail "$1: $(head -c 600 "$out/$1.err")"; }

# same_json A B: the results of A and B but for the configuration echo and the host figures.
same_json() {
  /usr/bin/python3 - "$out/$1.json" "$out/$2.json" <<'PY' || fail "$1 differs from $2"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
for r in (a, b):
    r.pop("config", None)
    for k in ("wall_seconds", "cycles_per_second", "peak_rss_kb", "memory_estimate_kb", "build"):
        r["sim"].pop(k, None)
if a != b:
    print("\n".join("%s: %s | %s" % (k, a.get(k), b.get(k)) for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)),
          file=sys.stderr)
sys.exit(0 if a == b else 1)
PY
}

# block KIND TWIN OTHER: your KIND (sa, va) block implements the C++ TWIN; OTHER differs.
block() {
  local k=$1 twin=$2 other=$3
  run "$k-cpp" 2 "router.allocator.$k=user"
  said "$k-cpp" "router.allocator.$k: user is your Verilog block"
  run "$k-lockstep" 0 "router.allocator.$k=user" "router.allocator.${k}_reference=$twin" "rtl.$k=lockstep"
  grep -q '"status": "ok"' "$out/$k-lockstep.json" || fail "$k-lockstep: status not ok"
  run "$k-rtl" 0 "router.allocator.$k=user" "rtl.$k=rtl"
  "$ref_bin" "${mesh[@]}" "router.allocator.$k=$twin" -o "$out/$k-ref.json" || fail "$k reference run: exit $?"
  same_json "$k-rtl" "$k-ref"
  run "$k-diff" 4 "router.allocator.$k=user" "router.allocator.${k}_reference=$other" "rtl.$k=lockstep"
  said "$k-diff" "lockstep mismatch: cycle "
  echo "user_rtl: $k ok; against $other: $(grep -m1 'lockstep mismatch' "$out/$k-diff.err")"
}
block sa wavefront sep_if
block va sep_if free_pool
run both 0 router.allocator.sa=user router.allocator.sa_reference=wavefront router.allocator.va=user \
  router.alloc=lockstep
echo "user_rtl: ok"
