#!/usr/bin/env bash
# Times `grundy graph` end to end on a game graph file with cycles of 10^6
# vertices and about 3·10^6 moves (docs/performance.md): reading the file,
# the loopy labelling, and writing every value (text and JSON). The graph is the
# one bench/loopy_bench.cpp labels alone: each vertex has 0..6 moves to random
# vertices. Usage: scripts/loopy-bench.sh [vertices] [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x build/grundy ] || bash scripts/build.sh
vertices=${1:-1000000}
runs=${2:-3}
input=$(mktemp --suffix=.graph)
trap 'rm -f "$input"' EXIT
python3 - "$input" "$vertices" <<'PY'
import random, sys
random.seed(20261)
n = int(sys.argv[2])
edges = 0
with open(sys.argv[1], "w") as out:
    for v in range(n):
        k = random.randrange(7)
        edges += k
        out.write("v%d:%s\n" % (v, "".join(" v%d" % random.randrange(n) for _ in range(k))))
print("graph: %d vertices, %d moves, %.1f MB" % (n, edges, sum(1 for _ in open(sys.argv[1], "rb").read()) / 2**20),
      file=sys.stderr)
PY
for run in $(seq "$runs"); do
  /usr/bin/env time -f "text: %e s wall, %U s user, %S s sys, %M KiB max RSS" ./build/grundy graph "$input" > /dev/null
  /usr/bin/env time -f "json: %e s wall, %U s user, %S s sys, %M KiB max RSS" ./build/grundy graph "$input" --json > /dev/null
done 2>&1
./build/grundy graph "$input" | tail -1
