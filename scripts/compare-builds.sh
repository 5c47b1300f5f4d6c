#!/usr/bin/env bash
# Two builds side by side, interleaved, on the no-regression items of issue 25:
#
#   bash scripts/compare-builds.sh BEFORE_BUILD_DIR AFTER_BUILD_DIR [ROUNDS]
#
# Each build dir holds the `grundy` CLI and python/ (the module), as
# scripts/build.sh makes them (an older commit: `git worktree add DIR COMMIT`,
# then scripts/build.sh -DGRUNDY_BUILD_PYTHON=ON there). Prints CPU seconds
# (user + sys) of each process: Officers to 10^7, Cram 5x8 and 4x11 value
# only, Nim with 10^5 heaps up to 10^18 (10 runs of `value -f`), and a rule in
# Python tabulated to 10^5 (the table call alone, by time.process_time).
set -euo pipefail
before=${1:?before build dir}
after=${2:?after build dir}
rounds=${3:-3}
input=$(mktemp)
trap 'rm -f "$input"' EXIT
/usr/bin/python3 - "$input" <<'PY'
import random, sys
random.seed(2026)
heaps = [random.randint(1, 10**18) for _ in range(100_000)]
open(sys.argv[1], "w").write("nim(" + ",".join(map(str, heaps)) + ")\n")
PY
cpu() { /usr/bin/time -f "%U %S" "$@" 2>&1 >/dev/null | tail -1 | awk '{printf "%.2f", $1+$2}'; }
pyrule='import time, grundy
g = grundy.Game(lambda n: [n - k for k in (1, 3, 4) if k <= n])
t = time.process_time(); g.table(upto=10**5); print("%.3f" % (time.process_time() - t))'
for r in $(seq "$rounds"); do
  for which in before after; do
    b=${!which}
    o=$(cpu "$b/grundy" table officers --upto 10000000)
    c58=$(cpu "$b/grundy" value 'cram(5x8)' --max-moves 0)
    c411=$(cpu "$b/grundy" value 'cram(4x11)' --max-moves 0)
    nim=$(cpu bash -c "for i in 1 2 3 4 5 6 7 8 9 10; do '$b/grundy' value -f '$input' >/dev/null; done")
    py=$(PYTHONPATH=$b/python /usr/bin/python3 -c "$pyrule")
    echo "round $r $which officers1e7 $o cram5x8 $c58 cram4x11 $c411 nim1e5x10 $nim pyrule1e5 $py"
  done
done
