#!/usr/bin/env bash
# Two `grundy` commands side by side, interleaved, on the searches' records
# of issue 55 ("speed unchanged"): Clobber 3x7 and 3x8, one-row NoGo 1x22 and
# 1x24, Cram 5x8 and 4x11, each value only, and Cram 5x7 with a certificate.
#
#   bash scripts/compare-searches.sh BEFORE_GRUNDY AFTER_GRUNDY [ROUNDS]
#
# Prints the CPU seconds (user + sys) of each process, a line a round and a
# command; an older commit's command: `git worktree add DIR COMMIT`, then
# scripts/build.sh --cli there.
set -euo pipefail
before=${1:?before grundy}
after=${2:?after grundy}
rounds=${3:-2}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cpu() { /usr/bin/time -f "%U %S" "$@" 2>&1 >/dev/null | tail -1 | awk '{printf "%.2f", $1+$2}'; }
positions=('clobber(XOXOXOX/OXOXOXO/XOXOXOX)' 'clobber(XOXOXOXO/OXOXOXOX/XOXOXOXO)' 'nogo(......................)'
  'nogo(........................)' 'cram(5x8)' 'cram(4x11)')
for r in $(seq "$rounds"); do
  for which in before after; do
    b=${!which}
    line="round $r $which"
    for p in "${positions[@]}"; do line+=" $p $(cpu "$b" value --max-moves 0 "$p")"; done
    line+=" cram(5x7)+certificate $(cpu "$b" value --certificate "$scratch/c.txt" 'cram(5x7)')"
    echo "$line"
  done
done
