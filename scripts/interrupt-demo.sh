#!/usr/bin/env bash
# A long take-and-break run interrupted three ways — Ctrl-C (SIGINT), SIGTERM and
# kill -9 — and resumed each time from its checkpoint must write exactly the values
# of an uninterrupted run. Prints both checksums; exits 1 if they differ.
#   bash scripts/interrupt-demo.sh [RULE] [UPTO]
set -euo pipefail
cd "$(dirname "$0")/.."
rule=${1:-0.6}
upto=${2:-1200000}
[ -x build/grundy ] || bash scripts/build.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g=./build/grundy

echo "uninterrupted run of $rule to $upto ..."
$g table "$rule" --upto "$upto" --quiet --output "$work/straight.txt" > /dev/null

run_and_stop() {  # signal, seconds to let it run
  $g table "$rule" --upto "$upto" --quiet --checkpoint "$work/run.ckpt" --checkpoint-seconds 1 \
     --output "$work/resumed.txt" > /dev/null 2>&1 &
  local pid=$!
  sleep "$2"
  kill "-$1" "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null && echo "  (finished before $1)" || echo "  stopped by SIG$1, exit $?"
}
echo "interrupted runs:"
run_and_stop INT 3
run_and_stop TERM 3
run_and_stop KILL 3
echo "resuming to the end ..."
$g table "$rule" --upto "$upto" --quiet --checkpoint "$work/run.ckpt" --output "$work/resumed.txt" > /dev/null

a=$(sha256sum < "$work/straight.txt" | cut -d' ' -f1)
b=$(sha256sum < "$work/resumed.txt" | cut -d' ' -f1)
echo "uninterrupted: $a"
echo "resumed:       $b"
[ "$a" = "$b" ] && echo "identical" || { echo "DIFFERENT"; exit 1; }
