#!/usr/bin/env bash
# Times the misère quotients of `grundy quotient` and the misère analysis of a
# large sum (docs/performance.md, "Misère quotients"), end to end through the
# CLI, with GNU time (wall, user CPU, max RSS). One Markdown row per run.
#
#   scripts/misere-bench.sh [SECONDS]   SECONDS: the .07 run's time bound (default 600)
#
# Rows: the quotient of Dawson's Kayles (0.07) to heap 30 (|Q| = 360), of
# Kayles to its proven period, of 0.75 (R8); a sum of 10^5 random Kayles heaps
# (sizes 1..10^6) and of 10^5 Dawson's Kayles heaps up to 30 decided by their
# quotients; then 0.07 as far as it gets in SECONDS (interrupted by SIGINT,
# keeping its checkpoint), reporting the last heap done.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x build/grundy ] || bash scripts/build.sh
limit=${1:-600}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
grundy=$(pwd)/build/grundy

row() {  # label, command...
  local label=$1
  shift
  /usr/bin/time -f '%e %U %M' -o "$dir/time" "$@" >"$dir/out" 2>"$dir/err" || true
  read -r wall user rss <"$dir/time"
  local summary
  summary=$(grep -m1 -E '^\|Q\| =|^Outcome|first|second' "$dir/out" | head -c 80 || true)
  echo "| $label | $wall | $user | $((rss / 1024)) | $summary |"
}

echo "| run | wall s | user s | max RSS MB | answer |"
echo "|---|---|---|---|---|"
row "quotient 0.07 --upto 30" "$grundy" quotient 0.07 --upto 30 --quiet
row "quotient kayles (to its proven period)" "$grundy" quotient kayles --quiet
row "quotient 0.75 --upto 100" "$grundy" quotient 0.75 --upto 100 --quiet
python3 -c "
import random
r = random.Random(1)
print('kayles(' + ','.join(str(r.randint(1, 10**6)) for _ in range(10**5)) + ')')" >"$dir/kayles.txt"
row "value --misere: 10^5 Kayles heaps (1..10^6)" "$grundy" value -f "$dir/kayles.txt" --misere --max-moves 1
python3 -c "
import random
r = random.Random(2)
print('0.07(' + ','.join(str(r.randint(1, 30)) for _ in range(10**5)) + ')')" >"$dir/dawson.txt"
row "value --misere: 10^5 Dawson's Kayles heaps (1..30)" "$grundy" value -f "$dir/dawson.txt" --misere --max-moves 1
/usr/bin/time -f '%e %U %M' -o "$dir/time" timeout -s INT "$limit" "$grundy" quotient 0.07 --upto 100000 \
  --checkpoint "$dir/d07.mq" --progress >"$dir/out" 2>"$dir/err" || true
read -r wall user rss <"$dir/time"
last=$(grep -oE 'heap [0-9]+, \|Q\| = [0-9]+' "$dir/err" | tail -1)
echo "| quotient 0.07 for ${limit} s (SIGINT): last progress line '$last' | $wall | $user | $((rss / 1024)) | $(tail -1 "$dir/err" | head -c 80) |"
