#!/usr/bin/env bash
# Officers to N on one thread with each vector kernel set, interleaved rounds
# (so that load from other work hits every set alike): CPU seconds (user +
# sys) and values/s of CPU time, and a check that the output files are equal.
#
#   bash scripts/bench_officers_kernels.sh [GRUNDY] [N] [ROUNDS] [SETS]
#
# Defaults: build/grundy, 10^7, 3 rounds, "portable avx2 avx512" (a set this
# CPU lacks is refused by grundy, and reported). docs/performance.md.
set -euo pipefail
grundy=$(realpath "${1:-build/grundy}")
n=${2:-10000000}
rounds=${3:-3}
sets=${4:-portable avx2 avx512}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), Officers to $n, $rounds rounds"
for round in $(seq "$rounds"); do
  for set in $sets; do
    if ! /usr/bin/time -f "%U %S" -o "$work/time" "$grundy" table officers --upto "$n" --kernels "$set" \
        --output "$work/$set.bin" --format binary --quiet --no-values > /dev/null 2> "$work/err"; then
      echo "round $round $set: $(cat "$work/err")"
      continue
    fi
    read -r user sys < "$work/time"
    awk -v r="$round" -v s="$set" -v u="$user" -v y="$sys" -v n="$n" \
      'BEGIN { t = u + y; printf "round %s %-8s %6.2f s CPU  %5.3f M values/s\n", r, s, t, (n + 1) / t / 1e6 }'
  done
done
first=""
for set in $sets; do
  [ -f "$work/$set.bin" ] || continue
  if [ -z "$first" ]; then first=$set; elif ! cmp -s "$work/$first.bin" "$work/$set.bin"; then echo "DIFFERENT: $set"; exit 1; fi
done
echo "outputs of $sets equal"
