#!/usr/bin/env bash
# A long take-and-break run interrupted three ways — Ctrl-C (SIGINT), SIGTERM and
# kill -9 — and resumed each time from its checkpoint must write exactly the values
# of an uninterrupted run. Prints both checksums; exits 1 if they differ.
# Each interrupted run gets a quarter of the uninterrupted run's time (at least
# 2 s, so that a periodic checkpoint exists before kill -9); a run that finishes
# before its signal proves nothing, so that fails the demo (give a larger UPTO).
#   bash scripts/interrupt-demo.sh [RULE] [UPTO]
set -euo pipefail
cd "$(dirname "$0")/.."
rule=${1:-0.6}
upto=${2:-12000000}
[ -x build/grundy ] || bash scripts/build.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g=./build/grundy

echo "uninterrupted run of $rule to $upto ..."
start=$(date +%s.%N)
$g table "$rule" --upto "$upto" --quiet --output "$work/straight.txt" > /dev/null
seconds=$(python3 -c "print(f'{max(2.0, ($(date +%s.%N) - $start) / 4):.1f}')")
echo "  took $(python3 -c "print(f'{$(date +%s.%N) - $start:.1f}')") s; each interrupted run gets $seconds s"

run_and_stop() {  # signal, seconds to let it run
  $g table "$rule" --upto "$upto" --quiet --checkpoint "$work/run.ckpt" --checkpoint-seconds 1 \
     --output "$work/resumed.txt" > /dev/null 2>&1 &
  local pid=$!
  sleep "$2"
  kill "-$1" "$pid" 2>/dev/null || true
  if wait "$pid" 2>/dev/null; then
    echo "  the run finished before SIG$1: nothing was interrupted (give a larger UPTO)"
    exit 1
  else
    echo "  stopped by SIG$1, exit $?"
  fi
}
echo "interrupted runs:"
run_and_stop INT "$seconds"
run_and_stop TERM "$seconds"
run_and_stop KILL "$seconds"
echo "resuming to the end ..."
$g table "$rule" --upto "$upto" --quiet --checkpoint "$work/run.ckpt" --output "$work/resumed.txt" > /dev/null

a=$(sha256sum < "$work/straight.txt" | cut -d' ' -f1)
b=$(sha256sum < "$work/resumed.txt" | cut -d' ' -f1)
echo "uninterrupted: $a"
echo "resumed:       $b"
[ "$a" = "$b" ] && echo "identical" || { echo "DIFFERENT"; exit 1; }
