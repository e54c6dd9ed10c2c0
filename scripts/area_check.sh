#!/usr/bin/env bash
# The rtl_ref/ blocks' size two ways: yosys (scripts/rtl_area.sh; its
# transistor count / 4 = NAND2 gate equivalents) beside the power model's
# count of the same block (nocsim --power-model: gates + flip-flops weighted
# by their area in gate equivalents), and the ratio model / yosys.
# Usage: scripts/area_check.sh [P V]   (defaults P=5 V=2; P >= 3)
# Needs build/nocsim (scripts/setup.sh) and yosys.
set -euo pipefail
cd "$(dirname "$0")/.."
P=${1:-5}
V=${2:-2}
[ "$P" -ge 3 ] || { echo "area_check.sh: P must be at least 3" >&2; exit 2; }
# A line of routers with P-2 nodes each: P ports, V VCs.
model=$(./build/nocsim topology.type=mesh topology.n=1 topology.k=4 topology.concentration=$((P - 2)) \
        router.vcs="$V" --power-model | sed -n 's/^block \(.*[^ ]\) \+\([0-9.]*\) GE$/\1|\2/p')
# yosys marks a count with cells it cannot price "1234+": the row says so.
yosys_out=$(./scripts/rtl_area.sh "$P" "$V" | sed -n 's/^\(.*[^ ]\) \+\([0-9]*+\?\) transistors$/\1|\2/p')
printf '| block | yosys GE | model GE | model / yosys |\n| --- | --- | --- | --- |\n'
while IFS='|' read -r label tr; do
  ge=$(echo "$model" | awk -F'|' -v l="$label" '$1 == l {print $2}')
  [ -n "$ge" ] || continue  # a block the model does not price (mincred, filtered)
  awk -v l="$label" -v tr="$tr" -v ge="$ge" 'BEGIN { plus = tr ~ /\+$/ ? "+" : ""; y = (tr + 0) / 4;
    printf "| %s | %.0f%s | %.0f | %.2f%s |\n", l, y, plus, ge, ge / y, plus }'
done <<< "$yosys_out"
