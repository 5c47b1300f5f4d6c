#!/usr/bin/env bash
# Compares `grundy boards` with a classic baseline solution BASELINE.cpp of the
# multi-board 2x2-blocks problem (the team keeps one, tetris_map_memo.cpp, beside
# the repository; it is not part of it): several boards per case, Yes if the
# first player wins; the same random multi-board input to both, answers compared
# line by line, wall time of each.
#   bash scripts/compare-baseline.sh --baseline BASELINE.cpp [--cases N] [--seed S] [--with-8x8]
# Phase 1: N random cases (default 1000, seed 2026) within the baseline's limits.
# Phase 2: the empty 6x6 and 7x7 boards, one case each; the empty 8x8 only with
# --with-8x8 (off by default: the baseline needs 46-60 s for it).
# Exits 1 on any difference, printing the first differing case in full.
# The baseline is not ours: it is built from the file given into a temporary
# directory at every run and never kept.
set -euo pipefail
cd "$(dirname "$0")/.."
cases=1000
seed=2026
with_8x8=0
baseline_src=${GRUNDY_BASELINE:-}
while [ $# -gt 0 ]; do
  case "$1" in
    --cases) cases=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --with-8x8) with_8x8=1; shift ;;
    --baseline) baseline_src=$2; shift 2 ;;
    *) echo "usage: bash scripts/compare-baseline.sh --baseline BASELINE.cpp [--cases N] [--seed S] [--with-8x8]" >&2; exit 2 ;;
  esac
done
[ -n "$baseline_src" ] || { echo "compare-baseline.sh: give the baseline's source with --baseline FILE" >&2; exit 2; }
[ -f "$baseline_src" ] || { echo "compare-baseline.sh: no such file: $baseline_src" >&2; exit 2; }
[ -x build/grundy ] || bash scripts/build.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O2 -w -o "$work/baseline" "$baseline_src"

# The baseline's limits (read from its source): a board has rows*cols <= 64 cells
# (one bitset<64>), values must stay below 32 (bitset<32> of option values; 2x2
# blocks on 64 cells stay far below), cells are read one character each, 1 blocked.
# It also takes boards with 0 rows or columns (value 0), which grundy refuses as
# bad input by design ("a board needs at least one row and one column"): those are
# left out. Cases with no boards (answer No) are in.
# It memoises every position of every board in one std::map, so its time is about
# the number of positions reachable (packings of 2x2 blocks: 12.7 million for the
# empty 8x8). The generator counts them and blocks more random cells of a board
# until it is under its budget, so that the default run stays short.
python3 - "$work/random.txt" "$cases" "$seed" <<'PY'
import random, sys
from functools import lru_cache

path, cases, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)

def positions(r, c, blocked):
    """Positions reachable from the board: sets of disjoint 2x2 blocks on free cells."""
    wins = []
    for i in range(r - 1):
        for j in range(c - 1):
            cells = (i * c + j, i * c + j + 1, (i + 1) * c + j, (i + 1) * c + j + 1)
            if not any(blocked[x] for x in cells):
                wins.append((i * c + j, sum(1 << x for x in cells)))
    later = [0] * (len(wins) + 1)  # cells of the k-th window and those after it
    for k in range(len(wins) - 1, -1, -1):
        later[k] = later[k + 1] | wins[k][1]
    @lru_cache(maxsize=None)
    def go(k, mask):  # mask: covered cells that windows k.. could still use
        if k == len(wins):
            return 1
        m = wins[k][1]
        total = go(k + 1, mask & later[k + 1])
        if not mask & m:
            total += go(k + 1, (mask | m) & later[k + 1])
        return total
    return go(0, 0)

def shape():
    kind = rng.choices(["line", "thin", "square", "any"], [1, 2, 2, 5])[0]
    if kind == "line":  # 1 x k or k x 1: value 0, no move
        k = rng.randint(1, 64)
        return (1, k) if rng.random() < 0.5 else (k, 1)
    if kind == "thin":
        r = rng.randint(2, 3)
        k = rng.randint(1, 64 // r)
        return (r, k) if rng.random() < 0.5 else (k, r)
    if kind == "square":
        n = rng.randint(1, 8)
        return n, n
    r = rng.randint(2, 8)
    c = rng.randint(2, 64 // r)
    return (r, c) if rng.random() < 0.5 else (c, r)

stats = {"boards": 0, "empty": 0, "full": 0, "one_wide": 0, "64_cells": 0, "positions": 0, "trimmed": 0}
out = []
for _ in range(cases):
    n = rng.choices([0, 1, 2, 3, 4, 5, 6, 8], [1, 6, 6, 5, 4, 3, 2, 1])[0]
    lines = [str(n)]
    for _ in range(n):
        r, c = shape()
        density = rng.choice([0.0, 0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1.0])
        blocked = [1 if rng.random() < density else 0 for _ in range(r * c)]
        # Most boards up to 30k positions, one in 20 up to 500k (the empty 7x7 has 203k).
        budget = 500_000 if rng.random() < 0.05 else 30_000
        count = positions(r, c, blocked)
        if count > budget:
            stats["trimmed"] += 1
        while count > budget:
            free = [i for i, b in enumerate(blocked) if not b]
            blocked[rng.choice(free)] = 1
            count = positions(r, c, blocked)
        stats["boards"] += 1
        stats["empty"] += not any(blocked)
        stats["full"] += all(blocked)
        stats["one_wide"] += min(r, c) == 1
        stats["64_cells"] += r * c == 64
        stats["positions"] += count
        rows = ["".join(map(str, blocked[i * c:(i + 1) * c])) for i in range(r)]
        style = rng.randrange(3)  # the cells' layout varies; both programs skip white space
        if style == 0:
            lines.append(f"{r} {c}\n" + "\n".join(rows))
        elif style == 1:
            lines.append(f"{r} {c}\n" + "\n".join(" ".join(row) for row in rows))
        else:
            lines.append(f"{r} {c} " + "".join(rows))
    out.append("\n".join(lines))
open(path, "w").write("\n".join(out) + "\n")
print(f"input: {cases} cases (seed {seed}), {stats['boards']} boards: {stats['empty']} with no blocked cell, "
      f"{stats['full']} all blocked, {stats['one_wide']} one row or column, {stats['64_cells']} of 64 cells; "
      f"{stats['trimmed']} given more blocked cells to stay under the budget; "
      f"{stats['positions']} positions reachable in all")
PY

now() { date +%s.%N; }
elapsed() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$1" "$2"; }

# Runs both programs on $1; sets t_grundy, t_baseline; exits 1 on any difference.
compare() {
  local input=$1 t0 t1
  t0=$(now)
  ./build/grundy boards "$input" > "$work/grundy.out" || { echo "grundy boards failed on $input" >&2; exit 1; }
  t1=$(now)
  t_grundy=$(elapsed "$t0" "$t1")
  t0=$(now)
  "$work/baseline" < "$input" > "$work/baseline.out" || { echo "the baseline failed on $input" >&2; exit 1; }
  t1=$(now)
  t_baseline=$(elapsed "$t0" "$t1")
  if ! cmp -s "$work/grundy.out" "$work/baseline.out"; then
    python3 - "$input" "$work/grundy.out" "$work/baseline.out" <<'PY'
import sys
tokens = open(sys.argv[1]).read().split()
ours = open(sys.argv[2]).read().split("\n")
theirs = open(sys.argv[3]).read().split("\n")
k = next(i for i in range(max(len(ours), len(theirs)))
         if i >= len(ours) or i >= len(theirs) or ours[i] != theirs[i])
# Walk the input to case k (token-wise, as both programs read it).
pos = 0
def take():
    global pos
    pos += 1
    return tokens[pos - 1]
text = ""
for case in range(k + 1):
    n = int(take())
    text = f"{n}\n"
    for _ in range(n):
        r, c = int(take()), int(take())
        need, got = r * c, ""  # cells may be glued together: gather characters
        while len(got) < need:
            got += take()
        text += f"{r} {c}\n" + "\n".join(got[i * c:(i + 1) * c] for i in range(r)) + "\n"
print(f"DIFFERENCE at case {k + 1}: grundy says {ours[k] if k < len(ours) else '(nothing)'!r}, "
      f"baseline says {theirs[k] if k < len(theirs) else '(nothing)'!r}. The case:")
print(text, end="")
open(sys.argv[1] + ".case", "w").write(text)
PY
    echo "grundy's values for it:"
    ./build/grundy boards "$input.case" --json || true
    exit 1
  fi
}

echo "phase 1: random cases"
compare "$work/random.txt"
answered=$(wc -l < "$work/grundy.out")
yes=$(grep -c '^Yes$' "$work/grundy.out" || true)
echo "$answered cases ($yes Yes), all answers equal; grundy $t_grundy s, baseline $t_baseline s"

echo "phase 2: empty boards, one case each"
sizes="6 7"
[ "$with_8x8" = 1 ] && sizes="6 7 8" || echo "  (the empty 8x8 is left out: run with --with-8x8, 46-60 s for the baseline)"
for n in $sizes; do
  python3 -c "import sys; n = int(sys.argv[1]); print(1); print(n, n); print(('0' * n + chr(10)) * n, end='')" "$n" \
    > "$work/empty$n.txt"
  compare "$work/empty$n.txt"
  echo "empty ${n}x$n: both $(cat "$work/grundy.out"); grundy $t_grundy s, baseline $t_baseline s"
done
