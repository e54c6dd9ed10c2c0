#!/usr/bin/env bash
# Fuzzes one text input of nocsim with libFuzzer (clang, ASan+UBSan) for
# SECONDS, starting from the seed corpus in tb/fuzz/corpus/TARGET and a
# dictionary of every configuration key and value and of YAML's hostile
# structure (anchors, aliases, tags). An input that crashes, takes more than
# 5 s or 1 GiB (an alias bomb, docs/reliability.md "Input limits") leaves
# its input in build-fuzz/artifacts/ and exits non-zero.
# Usage: scripts/fuzz.sh {config|override|trace} SECONDS [--merge]
#   --merge: afterwards, minimise what was found into the committed corpus.
# NOCSIM_FUZZ_BUILD=DIR: use the fuzzers of an existing tree (CI: the
# sanitized suite's build-asan, which scripts/test.sh --sanitize builds with
# them) instead of configuring and building build-fuzz.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] && [[ $1 =~ ^(config|override|trace)$ ]] && [[ $2 =~ ^[1-9][0-9]*$ ]] ||
  { echo "usage: $0 {config|override|trace} SECONDS [--merge]" >&2; exit 2; }
target=$1; seconds=$2; merge=${3:-}
build=${NOCSIM_FUZZ_BUILD:-build-fuzz}
if [ -z "${NOCSIM_FUZZ_BUILD:-}" ]; then
  NOCSIM_EXTRA_PKGS="clang libclang-rt-14-dev" \
  NOCSIM_CMAKE_ARGS="-DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DNOCSIM_FUZZ=ON -DNOCSIM_RTL_COSIM=OFF" \
    ./scripts/setup.sh "$build" RelWithDebInfo
elif [ ! -x "$build/tb/fuzz/fuzz_$target" ]; then
  echo "fuzz.sh: $build/tb/fuzz/fuzz_$target missing: build $build with -DNOCSIM_FUZZ=ON" >&2
  exit 2
fi
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
dict=$build/$target.dict
# Every key and every allowed value, as tokens the fuzzer splices in.
ASAN_OPTIONS=detect_leaks=0 "$build/nocsim" --list-keys | python3 -c '
import re, sys
toks = set()
for line in sys.stdin:
    key = line.split(" = ")[0]
    toks.add(key)
    toks.update(key.split("."))
    m = re.search(r"\[([^\]]*)\]", line)
    if m: toks.update(t for t in re.split(r"[|,{} ]+", m.group(1)) if t)
# YAML structure that a hostile file uses: anchors, aliases, merge keys,
# tags, document marks, special scalars, flow punctuation.
toks.update(["&a", "*a", "&b", "*b", "<<", "!!str", "!!int", "!!float", "!!binary", "!!map", "!!seq", "---",
             "...", "~", "null", ".inf", "-.inf", ".nan", "0x1F", "0o17", "1e-400", "1e400", "[", "]", "{", "}",
             ": ", ", ", "- ", "|", ">", "#", "%YAML 1.2",
             # the text trace format (fuzz_trace)
             "ranks ", "* ", " any", "compute", "send", "isend", "recv", "irecv", "wait", "barrier", "bcast",
             "reduce", "allreduce", "alltoall", "alltoallv", "1e12", "1099511627776", "1073741823",
             "ibarrier", "iallreduce", "ibcast", "igatherv", "iscan", "sendrecv", "@1", "comm "])
for t in sorted(toks):
    print("\"%s\"" % t.replace("\\", "\\\\").replace("\"", "\\\""))
' > "$dict"
work=$build/corpus-$target
mkdir -p "$work" "$build/artifacts"
rc=0
"$build/tb/fuzz/fuzz_$target" "$work" "tb/fuzz/corpus/$target" -dict="$dict" -max_total_time="$seconds" -max_len=4096 \
  -timeout=5 -rss_limit_mb=1024 -print_final_stats=1 -artifact_prefix="$build/artifacts/$target-" || rc=$?
if [ "$merge" = --merge ] && [ $rc -eq 0 ]; then
  # Adds to the committed corpus only the inputs that reach something new.
  "$build/tb/fuzz/fuzz_$target" -merge=1 "tb/fuzz/corpus/$target" "$work" -dict="$dict" -max_len=4096 >&2
fi
exit $rc
