#!/usr/bin/env bash
# Load sweep, the old interface: one run per offered load and a markdown
# table, through scripts/sweep.py (which takes any grid, seeds, CSVs and
# Slurm; see docs/experiments.md).
# Usage: scripts/sweep.sh CONFIG.yaml "0.1 0.2 ..." [key=value ...]
set -euo pipefail
cd "$(dirname "$0")/.."
cfg=$1
loads=$2
shift 2
exec ./scripts/sweep.py "$cfg" "traffic.load=$(echo $loads | tr ' ' ',')" "$@" --quiet
