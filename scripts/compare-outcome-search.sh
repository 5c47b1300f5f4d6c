#!/usr/bin/env bash
# Two builds of `grundy` side by side on the Lemoine–Viennot outcome search
# (src/core/outcome_search.hpp), which the placement engine and the Node Kayles
# graph engine share: CPU seconds (user + sys) of Cram 5x8 and 4x11 value only
# with each search (requested-set, whose winning-move questions and small parts
# use the outcome search, and outcome), interleaved before/after in ROUNDS
# rounds; then COUNT random Node Kayles graphs (seeded: 30 to 50 vertices,
# average degree 2.5 to 3.5), each answered by both builds (value and every
# winning move, --json) — the answers must be equal — and the CPU seconds of
# all of them summed per build.
#
#   bash scripts/compare-outcome-search.sh BEFORE_GRUNDY AFTER_GRUNDY [ROUNDS] [COUNT]
set -euo pipefail
before=${1:?the grundy binary before}
after=${2:?the grundy binary after}
rounds=${3:-3}
count=${4:-150}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cpu() { /usr/bin/time -f "%U %S" "$@" 2>&1 >/dev/null | tail -1 | awk '{printf "%.2f", $1+$2}'; }
for r in $(seq "$rounds"); do
  for which in before after; do
    b=${!which}
    line="round $r $which"
    for search in requested-set outcome; do
      for board in 5x8 4x11; do
        line+=" cram$board/$search $(cpu "$b" value "cram($board)" --max-moves 0 --search "$search")"
      done
    done
    echo "$line"
  done
done
/usr/bin/python3 - "$dir" "$count" <<'PY'
import random, sys
out, count = sys.argv[1], int(sys.argv[2])
random.seed(150)
for i in range(count):
    n = random.randint(30, 50)
    degree = random.uniform(2.5, 3.5)
    edges = set()
    while len(edges) < int(n * degree / 2):
        u, v = random.sample(range(n), 2)
        edges.add((min(u, v), max(u, v)))
    neighbours = {v: [] for v in range(n)}
    for u, v in edges:
        neighbours[u].append(v)
        neighbours[v].append(u)
    with open(f"{out}/g{i:03d}.graph", "w") as f:
        for v in range(n):
            f.write(f"v{v}: " + " ".join(f"v{u}" for u in sorted(neighbours[v])) + "\n")
PY
total_before=0
total_after=0
differ=0
for file in "$dir"/g*.graph; do
  for which in before after; do
    b=${!which}
    t=$( { /usr/bin/time -f "%U %S" "$b" value "nodekayles(@$file)" --json > "$dir/$which.json"; } 2>&1 | tail -1 | awk '{printf "%.3f", $1+$2}')
    if [ "$which" = before ]; then total_before=$(echo "$total_before + $t" | bc); else total_after=$(echo "$total_after + $t" | bc); fi
  done
  cmp -s "$dir/before.json" "$dir/after.json" || { differ=$((differ + 1)); echo "differ: $file"; }
done
echo "node kayles: $count graphs, answers differing: $differ, CPU s before $total_before after $total_after"
