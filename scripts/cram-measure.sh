#!/usr/bin/env bash
# CPU seconds (user + sys) and peak resident memory of `grundy value` on empty
# Cram boards, value and winning moves ('cram(RxC)') and value only
# ('cram(RxC) + nim(v)' with v the board's known value, so that no winning
# move is listed), for each search. Runs are interleaved (search A, search B,
# A, B...) so that load on a shared machine hits both alike. One line a run:
#   board  kind  search  value  cpu_s  peak_kb
#
# Usage: scripts/cram-measure.sh [-b BUILD] [-r RUNS] [-s "auto requested-set outcome"] RxC=v ...
#   e.g. scripts/cram-measure.sh -r 2 4x7=3 5x6=2 4x9=1 5x7=1 5x8=1 4x11=1
set -euo pipefail
build=build
runs=1
searches="requested-set outcome"
while getopts "b:r:s:" opt; do
  case $opt in
    b) build=$OPTARG ;;
    r) runs=$OPTARG ;;
    s) searches=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
grundy=$build/grundy
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for case in "$@"; do
  board=${case%=*}
  value=${case#*=}
  for ((i = 0; i < runs; i++)); do
    for kind in full value-only; do
      expr="cram($board)"
      [[ $kind == value-only ]] && expr="cram($board) + nim($value)"
      for s in $searches; do
        /usr/bin/time -f "%U %S %M" -o "$out" "$grundy" value "$expr" --search "$s" --max-moves 0 >"$out.stdout"
        got=$(sed -n 's/^  cram([0-9x]*) *g = \([0-9]*\).*/\1/p' "$out.stdout" | head -1)
        read -r user sys peak <"$out"
        printf '%s\t%s\t%s\t%s\t%.2f\t%s\n' "$board" "$kind" "$s" "$got" "$(echo "$user + $sys" | bc)" "$peak"
        [[ $got == "$value" ]] || echo "WRONG VALUE: $board gave $got, expected $value" >&2
      done
    done
  done
done
rm -f "$out.stdout"
