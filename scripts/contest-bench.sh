#!/usr/bin/env bash
# The two speed claims of issue 26, measured as CPU time (user + system) of the
# `grundy` process, runs interleaved so that load from other work falls on both
# sides alike; prints the medians and their ratio (docs/performance.md).
#
#   1. `grundy value --batch` over 2000 random Grundy's-game heaps <= 10^6
#      against one `grundy table grundy --upto 1000000`;
#   2. `grundy value 'cram(5x8)' --max-moves 0` (the value alone) against
#      `grundy value 'cram(5x8) + nim(1)'` (the value of a sum, whose winning
#      moves need only the cheap nim(1) side... and Cram's moves to value 1).
#
# Usage: bash scripts/contest-bench.sh [ROUNDS] [GRUNDY]   (defaults 3, build/grundy)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-3}"
grundy="${2:-build/grundy}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 - "$work/heaps.txt" <<'PY'
import random, sys
random.seed(26)
with open(sys.argv[1], "w") as out:
    heaps = [random.randint(1, 10**6) for _ in range(2000)]
    heaps[0] = 10**6  # the largest heap asked is 10^6, as in the table
    for h in heaps:
        out.write(f"grundy({h})\n")
PY
cpu() {  # CPU seconds of one command (user + system), its output discarded
  /usr/bin/time -f "%U %S" -o "$work/time" "$@" > /dev/null 2>&1 || true
  awk '{printf "%.2f\n", $1 + $2}' "$work/time"
}
declare -a batch table value_only sum
for ((r = 0; r < rounds; ++r)); do
  batch+=("$(cpu sh -c "$grundy value --batch < $work/heaps.txt")")
  table+=("$(cpu "$grundy" table grundy --upto 1000000 --no-values)")
  value_only+=("$(cpu "$grundy" value 'cram(5x8)' --max-moves 0)")
  sum+=("$(cpu "$grundy" value 'cram(5x8) + nim(1)')")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }
b=$(median "${batch[@]}"); t=$(median "${table[@]}"); v=$(median "${value_only[@]}"); s=$(median "${sum[@]}")
echo "batch of 2000 Grundy heaps <= 10^6:   ${batch[*]} s CPU (median $b)"
echo "grundy table grundy --upto 1000000:   ${table[*]} s CPU (median $t)"
echo "  ratio $(awk -v a="$b" -v c="$t" 'BEGIN {printf "%.2f", a / c}') (issue 26 asks <= 1.5)"
echo "cram(5x8) --max-moves 0:              ${value_only[*]} s CPU (median $v)"
echo "cram(5x8) + nim(1):                   ${sum[*]} s CPU (median $s)"
echo "  ratio $(awk -v a="$v" -v c="$s" 'BEGIN {printf "%.2f", a / c}') (issue 26 asks <= 1.1)"
