#!/usr/bin/env bash
# Installs the Debian packages nocsim needs (only those missing), then
# configures and builds. Usage: scripts/setup.sh [BUILD_DIR] [BUILD_TYPE]
# NOCSIM_EXTRA_PKGS: more packages (e.g. clang for the fuzzers);
# NOCSIM_CMAKE_ARGS: configure arguments (applied to BUILD_DIR, new or not).
# Prints one line per step on stderr; apt's, cmake's and the compiler's
# output go to BUILD_DIR/setup-*.log and are shown only when a step fails.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
type=${2:-RelWithDebInfo}
pkgs=(g++ make cmake ninja-build ccache pkg-config libsystemc-dev libyaml-cpp-dev libgtest-dev verilator zlib1g-dev yosys
  libopen-trace-format2-dev otf2-tools
      python3 python3-yaml python3-numpy python3-matplotlib time)
read -r -a extra <<< "${NOCSIM_EXTRA_PKGS:-}"
pkgs+=(${extra[@]+"${extra[@]}"})
mkdir -p "$build"
log() { echo "setup: $*" >&2; }
# Runs a step with its output in a log; on failure shows the log's end.
quiet() {
  local logfile=$1
  shift
  if ! "$@" > "$logfile" 2>&1; then
    log "failed: $* (last lines of $logfile:)"
    tail -n 40 "$logfile" >&2
    exit 1
  fi
}
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${#missing[@]} Debian packages: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  quiet "$build/setup-apt.log" $sudo apt-get update -qq
  quiet "$build/setup-apt.log" $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    --no-install-recommends -o Dpkg::Use-Pty=0 "${missing[@]}"
fi
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
# A new build directory, or configure arguments to apply (kept in its cache).
if [ ! -f "$build/build.ninja" ] || [ -n "${NOCSIM_CMAKE_ARGS:-}" ]; then
  read -r -a cmake_args <<< "${NOCSIM_CMAKE_ARGS:-}"
  log "configuring $build ($type${NOCSIM_CMAKE_ARGS:+, $NOCSIM_CMAKE_ARGS})"
  quiet "$build/setup-cmake.log" cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE="$type" \
    ${cmake_args[@]+"${cmake_args[@]}"}
fi
log "building $build (a fresh build takes 5 to 7 minutes on 2 cores; log in $build/setup-build.log)"
start=$SECONDS
quiet "$build/setup-build.log" cmake --build "$build" -j 2
warnings=$(grep -c 'warning:' "$build/setup-build.log" || true)
log "built in $((SECONDS - start)) s$([ "$warnings" -eq 0 ] || echo ", $warnings compiler warnings")"
[ "$warnings" -eq 0 ] || grep 'warning:' "$build/setup-build.log" | head -n 20 >&2
