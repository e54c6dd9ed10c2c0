#!/usr/bin/env bash
# Installs the Debian packages nocsim needs (only those missing), then
# configures and builds. Usage: scripts/setup.sh [BUILD_DIR] [BUILD_TYPE]
# NOCSIM_EXTRA_PKGS: more packages (e.g. clang for the fuzzers);
# NOCSIM_CMAKE_ARGS: configure arguments (applied to BUILD_DIR, new or not).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
type=${2:-RelWithDebInfo}
pkgs=(g++ cmake ninja-build pkg-config libsystemc-dev libyaml-cpp-dev libgtest-dev verilator zlib1g-dev yosys python3 python3-matplotlib time)
read -r -a extra <<< "${NOCSIM_EXTRA_PKGS:-}"
pkgs+=(${extra[@]+"${extra[@]}"})
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
fi
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
# A new build directory, or configure arguments to apply (kept in its cache).
if [ ! -f "$build/build.ninja" ] || [ -n "${NOCSIM_CMAKE_ARGS:-}" ]; then
  read -r -a cmake_args <<< "${NOCSIM_CMAKE_ARGS:-}"
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE="$type" ${cmake_args[@]+"${cmake_args[@]}"} >&2
fi
cmake --build "$build" -j 2 >&2
