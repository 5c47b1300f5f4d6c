#!/usr/bin/env bash
# kill -9 of any rank of `mpirun -np 3 grundy table officers` at random
# moments: each rerun resumes from the checkpoint rank 0 wrote, and the final
# output equals that of an uninterrupted run of one process, byte for byte.
#
#   bash scripts/distributed_kill_test.sh [GRUNDY] [UPTO] [KILLS] [SEED]
#
# Defaults: build/grundy, 10^7, 20 kills, seed 1. Each kill picks one of the
# three ranks and a moment 0.3-2.5 s after the start (start-up and table
# exchange included). Prints a line per kill (which rank, the checkpoint's
# heaps after it) and exits 1 on any difference. docs/testing.md.
set -euo pipefail
grundy=$(realpath "${1:-build/grundy}")
upto=${2:-10000000}
kills=${3:-20}
RANDOM=${4:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=mpirun_wait.sh
source "$(dirname "$0")/mpirun_wait.sh"
mpirun=(mpirun --oversubscribe --allow-run-as-root -np 3)
run=("$grundy" table officers --upto "$upto" --checkpoint "$work/run.ckpt" --checkpoint-seconds 0.2
     --output "$work/run.bin" --format binary --quiet --no-values)

"$grundy" table officers --upto "$upto" --output "$work/reference.bin" --format binary --quiet --no-values > /dev/null
done_kills=0
attempts=0
while [ "$done_kills" -lt "$kills" ]; do
  attempts=$((attempts + 1))
  if [ "$attempts" -gt $((4 * kills + 10)) ]; then echo "too many attempts"; exit 1; fi
  "${mpirun[@]}" "${run[@]}" > "$work/log" 2>&1 &
  launcher=$!
  delay=$(printf '%d.%02d' $((RANDOM % 3)) $((RANDOM % 100)))
  case "$delay" in 0.[0-2]*) delay=0.3 ;; esac
  sleep "$delay"
  mapfile -t ranks < <(pgrep -P "$launcher" -x "$(basename "$grundy" | cut -c1-15)" || true)
  # Ranks still starting (a loaded machine): give them up to 5 s more.
  for _ in $(seq 50); do
    [ "${#ranks[@]}" -eq 3 ] || ! kill -0 "$launcher" 2> /dev/null && break
    sleep 0.1
    mapfile -t ranks < <(pgrep -P "$launcher" -x "$(basename "$grundy" | cut -c1-15)" || true)
  done
  if [ "${#ranks[@]}" -ne 3 ]; then
    # Finished before the moment: start over without the checkpoint, so that
    # later kills still hit a run. A run that failed is a failure.
    status=0
    wait "$launcher" || status=$?
    if [ "$status" -ne 0 ]; then
      echo "mpirun exited $status before the kill:"
      cat "$work/log"
      exit 1
    fi
    echo "(a run finished before its moment: starting over)"
    rm -f "$work/run.ckpt" "$work/run.bin"
    continue
  fi
  victim=$((RANDOM % 3))
  kill -9 "${ranks[$victim]}" 2> /dev/null || true
  wait_for_mpirun "$launcher" 60
  status=$mpirun_status
  [ "$mpirun_hung" = 1 ] && echo "(mpirun hung in its own finalize after the kill: killed it)"
  done_kills=$((done_kills + 1))
  heaps=$(( ($(stat -c %s "$work/run.ckpt" 2> /dev/null || echo 35) - 35) / 2 ))  # 35 bytes of header and checksum for rule 0.6
  echo "kill $done_kills: process $((victim + 1)) of 3 (pid ${ranks[$victim]}) after ${delay}s, mpirun exit $status; checkpoint holds $heaps heaps"
done
"${mpirun[@]}" "${run[@]}" --json > "$work/final.json"
resumed=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['resumed_from'])" "$work/final.json")
echo "final run resumed from $resumed heaps"
if cmp -s "$work/reference.bin" "$work/run.bin"; then
  echo "output after $kills kills equals the uninterrupted run"
else
  echo "DIFFERENT output after kills"
  exit 1
fi
