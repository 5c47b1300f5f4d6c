#!/usr/bin/env bash
# Speed of a census (docs/census.md, docs/performance.md): the 3-digit octal
# census with one worker and with two, wall and CPU time of each, and against
# `grundy table` run on each code in turn — on every code of the family, and on
# the codes the census computes, one a job (the others are equivalent to them).
#   bash scripts/census-bench.sh [UPTO]      (default 16383; measure on idle cores)
set -euo pipefail
cd "$(dirname "$0")/.."
upto=${1:-16383}
grundy=$PWD/build/grundy
[ -x "$grundy" ] || bash scripts/build.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export LC_ALL=C

# Wall and CPU seconds of a command, on one line.
timed() {
  local label=$1
  shift
  /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" > /dev/null
  read -r wall user system < "$work/time"
  printf '%-44s wall %8.2f s   CPU %8.2f s\n' "$label" "$wall" "$(echo "$user + $system" | bc)"
}

echo "grundy census octal --digits 3 --upto $upto; $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
timed "census, 1 worker (--jobs 1)" "$grundy" census octal --digits 3 --upto "$upto" --quiet --jobs 1 --db "$work/one.sqlite"
timed "census, 2 workers (--jobs 2)" "$grundy" census octal --digits 3 --upto "$upto" --quiet --jobs 2 --db "$work/two.sqlite"
if command -v mpirun > /dev/null; then
  root=()
  [ "$(id -u)" = 0 ] && root=(--allow-run-as-root)
  timed "census, 2 workers (mpirun -np 3)" mpirun --oversubscribe "${root[@]}" -np 3 "$grundy" census octal --digits 3 \
    --upto "$upto" --quiet --db "$work/mpi.sqlite"
fi

# Every code of the family, and the codes the census computed, each by
# `grundy table` in its own process: the codes whose row has no equivalent_to,
# and the representatives outside the family that others are equivalent to
# (4.064 plays as .7367): one for each of the census's jobs.
sqlite3 "$work/one.sqlite" "SELECT game FROM results" > "$work/all.txt"
sqlite3 "$work/one.sqlite" "SELECT game FROM results WHERE equivalent_to = ''
  UNION SELECT DISTINCT equivalent_to FROM results
        WHERE equivalent_to != '' AND equivalent_to NOT IN (SELECT game FROM results)" > "$work/computed.txt"
cat > "$work/each.sh" << EOF
while read -r code; do "$grundy" table "\$code" --upto $upto --no-values --quiet > /dev/null; done < "\$1"
EOF
timed "grundy table on each of the $(wc -l < "$work/all.txt") codes in turn" bash "$work/each.sh" "$work/all.txt"
timed "grundy table on the $(wc -l < "$work/computed.txt") computed codes in turn" bash "$work/each.sh" "$work/computed.txt"
