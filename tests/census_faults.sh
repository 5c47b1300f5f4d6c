#!/usr/bin/env bash
# kill -9 at random moments during censuses under mpirun: of the manager (rank
# 0) and of a worker, alternately, KILLS times in all (default 20). After each
# kill the database still holds every row it held before (no finished job
# lost) and rows are never duplicated (the game is the key); each census, run
# again until it completes, ends equal to an uninterrupted one, timing and rank
# columns apart. Exit 0 when all holds, 1 with the first difference otherwise.
#   bash tests/census_faults.sh GRUNDY [KILLS] [SEED]
set -u
export LC_ALL=C
grundy=$1
kills_wanted=${2:-20}
RANDOM=${3:-2026}
work=$(mktemp -d)
# shellcheck source=../scripts/mpirun_wait.sh
source "$(dirname "$0")/../scripts/mpirun_wait.sh"
trap 'rm -rf "$work"' EXIT

mpirun=(mpirun --oversubscribe -np 3)
[ "$(id -u)" = 0 ] && mpirun+=(--allow-run-as-root)
# A census of about three seconds: 60 jobs, a few of them long enough to be
# killed in the middle (checkpoints every 0.2 s).
args=(census octal --digits 2 --upto 32767 --checkpoint-seconds 0.2 --quiet)

dump() {
  [ -f "$1" ] || return 0
  # A rank killed a moment ago may still be letting go of its lock: wait for it.
  sqlite3 -cmd ".timeout 10000" "$1" "SELECT game, kind, bound, status, preperiod, period, theorem, largest, largest_at, value,
                sequence_hash, equivalent_to, shift, message, time_bound, version FROM results ORDER BY game"
}

"$grundy" "${args[@]}" --db "$work/reference.sqlite" > /dev/null || { echo "reference census failed"; exit 1; }
reference=$(dump "$work/reference.sqlite")

kills=0
round=0
while [ "$kills" -lt "$kills_wanted" ]; do
  round=$((round + 1))
  db=$work/round$round.sqlite
  finished=0
  : > "$work/attempts"
  for attempt in $(seq 1 60); do
    before=$(dump "$db")
    "${mpirun[@]}" "$grundy" "${args[@]}" --db "$db" > /dev/null 2> "$work/stderr" &
    launcher=$!
    # 0 to 2 s: mpirun's start, the census's first jobs, or deep in it.
    sleep "$(printf '0.%03d' $((RANDOM % 1000)))"
    sleep "$((RANDOM % 2))"
    ranks=()
    for child in $(pgrep -P "$launcher"); do
      rank=$(tr '\0' '\n' < "/proc/$child/environ" 2> /dev/null | sed -n 's/^OMPI_COMM_WORLD_RANK=//p')
      [ -n "$rank" ] && ranks[$rank]=$child
    done
    if [ "${#ranks[@]}" -lt 3 ] || [ "$kills" -ge "$kills_wanted" ]; then
      # Finished (or not started yet, or enough kills): let it run to its end.
      wait_for_mpirun "$launcher" 300
      status=$mpirun_status
      if [ "$status" -eq 0 ]; then finished=1; break; fi
      # Kept for the message below if the census never completes.
      echo "attempt $attempt: exit $status: $(head -c 300 "$work/stderr" | tr '\n' ' ')" >> "$work/attempts"
      continue
    fi
    # The manager on odd kills, a worker (1 or 2) on even ones.
    if [ $((kills % 2)) -eq 1 ]; then victim=0; else victim=$((1 + RANDOM % 2)); fi
    kill -9 "${ranks[$victim]}" 2> /dev/null && kills=$((kills + 1))
    wait_for_mpirun "$launcher" 60
    after=$(dump "$db")
    # Every row held before the kill is still there, unchanged.
    if [ -n "$before" ]; then
      missing=$(LC_ALL=C comm -23 <(printf '%s\n' "$before" | LC_ALL=C sort) <(printf '%s\n' "$after" | LC_ALL=C sort))
      if [ -n "$missing" ]; then
        echo "round $round: rows lost or changed after killing rank $victim:"
        echo "$missing" | head -5
        exit 1
      fi
    fi
    hung=""
    [ "$mpirun_hung" = 1 ] && hung=" (mpirun hung in its own finalize after the kill: killed it)"
    echo "round $round: killed rank $victim; $(printf '%s\n' "$after" | grep -c . ) of 127 rows kept$hung"
  done
  if [ "$finished" -ne 1 ]; then
    echo "round $round: the census never completed"
    tail -5 "$work/attempts" 2> /dev/null
    pgrep -a grundy || true
    exit 1
  fi
  if [ "$(dump "$db")" != "$reference" ]; then
    echo "round $round: the completed database differs from the uninterrupted one:"
    diff <(printf '%s\n' "$reference") <(dump "$db") | head -10
    exit 1
  fi
  echo "round $round: complete and equal to the uninterrupted census"
done
echo "$kills kills in $round censuses: no row lost, every census completed equal to the uninterrupted one"
