#!/usr/bin/env bash
# Runs every compile-bench scenario at 1k, 10k and 100k passes for several
# rounds, one process per run pinned to one core, and prints the median mean
# per frame of each row with the 100k / 10k ratio.
#
#     scripts/compile-bench-rounds.sh [rounds=11] [core=1]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-11}
core=${2:-1}
cargo build --release --locked -q -p zenfg-examples --example compile-bench
bench=target/release/examples/compile-bench

# Iterations per row, chosen so that every run takes about 0.2 s or more.
rows=(
  "linear-chain 1000 4000" "linear-chain 10000 400" "linear-chain 100000 40"
  "buffer-ranges 1000 1000" "buffer-ranges 10000 130" "buffer-ranges 100000 12"
  "texture-subresources 1000 1300" "texture-subresources 10000 400" "texture-subresources 100000 40"
  "allocation-aliasing 1000 1000" "allocation-aliasing 10000 60" "allocation-aliasing 100000 5"
  "mixed 1000 1000" "mixed 10000 150" "mixed 100000 12"
)
results=$(mktemp)
trap 'rm -f "$results"' EXIT
for ((round = 1; round <= rounds; round++)); do
  for row in "${rows[@]}"; do
    # shellcheck disable=SC2086
    taskset -c "$core" "$bench" $row | sed -n 's/^scenario=\([^ ]*\) nodes=\([0-9]*\) .* mean_us=\([0-9.]*\)$/\1 \2 \3/p' >>"$results"
  done
done

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
printf '%-22s %10s %10s %10s %10s\n' scenario "1k (us)" "10k (us)" "100k (us)" "100k/10k"
for scenario in linear-chain buffer-ranges texture-subresources allocation-aliasing mixed; do
  m1=$(awk -v s="$scenario" '$1 == s && $2 == 1000 { print $3 }' "$results" | median)
  m10=$(awk -v s="$scenario" '$1 == s && $2 == 10000 { print $3 }' "$results" | median)
  m100=$(awk -v s="$scenario" '$1 == s && $2 == 100000 { print $3 }' "$results" | median)
  printf '%-22s %10.0f %10.0f %10.0f %10.2f\n' "$scenario" "$m1" "$m10" "$m100" "$(awk -v a="$m100" -v b="$m10" 'BEGIN { print a / b }')"
done
