#!/usr/bin/env bash
# Sets up, builds and runs the whole test suite with ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh build
cd build
ctest --output-on-failure -j 2 --timeout 900 "$@"
