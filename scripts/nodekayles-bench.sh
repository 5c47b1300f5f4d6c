#!/usr/bin/env bash
# Times `grundy value 'nodekayles(@FILE)'` end to end (value, outcome and every
# winning move) on sparse graphs of 40-48 vertices: random graphs with average
# degree 3 (seeded, so every run times the same graphs), grid graphs and a cubic
# generalized Petersen graph. Prints one Markdown row per graph for
# docs/performance.md: vertices, edges, largest component, value, winning
# moves, wall and user time, max RSS.
#
#   scripts/nodekayles-bench.sh [COUNT]     COUNT random graphs per size (default 10)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x build/grundy ] || bash scripts/build.sh
count=${1:-10}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# One file per graph, and a line "file|label|vertices|edges|largest component"
# for each in $dir/list.
python3 - "$dir" "$count" <<'PY'
import random, sys
out, count = sys.argv[1], int(sys.argv[2])

def largest_component(n, edges):
    parent = list(range(n))
    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x
    for u, v in edges:
        parent[find(u)] = find(v)
    sizes = {}
    for v in range(n):
        sizes[find(v)] = sizes.get(find(v), 0) + 1
    return max(sizes.values())

lines = []
def write(label, n, edges):
    path = f"{out}/g{len(lines)}.graph"
    later = [[] for _ in range(n)]
    for u, v in edges:
        later[min(u, v)].append(max(u, v))
    with open(path, "w") as f:
        for v in range(n):
            f.write(f"v{v}:" + "".join(f" v{w}" for w in later[v]) + "\n")
    lines.append(f"{path}|{label}|{n}|{len(edges)}|{largest_component(n, edges)}")

# G(n, m) with m = 3n/2 distinct edges: average degree 3.
for n in (40, 48):
    for seed in range(1, count + 1):
        rng = random.Random(seed)
        edges = set()
        while len(edges) < 3 * n // 2:
            u, v = rng.randrange(n), rng.randrange(n)
            if u != v:
                edges.add((min(u, v), max(u, v)))
        write(f"random n={n} seed {seed}", n, sorted(edges))

for rows, cols in ((5, 8), (6, 7)):
    edges = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols: edges.append((r * cols + c, r * cols + c + 1))
            if r + 1 < rows: edges.append((r * cols + c, (r + 1) * cols + c))
    write(f"grid {rows}x{cols}", rows * cols, edges)

# GP(20, 3): outer 20-cycle, spokes, inner vertices i ~ i+3 (cubic, 40 vertices).
edges = [(i, (i + 1) % 20) for i in range(20)] + [(i, 20 + i) for i in range(20)] + \
        [(20 + i, 20 + (i + 3) % 20) for i in range(20)]
write("generalized Petersen GP(20,3)", 40, edges)

open(f"{out}/list", "w").write("\n".join(lines) + "\n")
PY

echo "| graph | vertices | edges | largest component | value | winning moves | wall | user | max RSS |"
echo "|---|---|---|---|---|---|---|---|---|"
while IFS='|' read -r file label n m largest; do
  /usr/bin/env time -f "%e %U %M" -o "$dir/time" ./build/grundy value "nodekayles(@$file)" --json > "$dir/out"
  read -r wall user rss < "$dir/time"
  read -r value moves < <(python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); print(j["value"], j["winning_move_count"])' "$dir/out")
  printf '| %s | %s | %s | %s | %s | %s | %s s | %s s | %s MiB |\n' "$label" "$n" "$m" "$largest" "$value" "$moves" \
    "$wall" "$user" "$((rss / 1024))"
done < "$dir/list"
