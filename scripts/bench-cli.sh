#!/usr/bin/env bash
# Times the `grundy` command end to end on inputs too large for a command line:
# Nim with 10^5 heaps of sizes up to 10^18, read from a file (docs/performance.md).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x build/grundy ] || bash scripts/build.sh
input=$(mktemp)
trap 'rm -f "$input"' EXIT
python3 - "$input" <<'PY'
import random, sys
random.seed(2026)
heaps = [random.randint(1, 10**18) for _ in range(100_000)]
open(sys.argv[1], "w").write("nim(" + ",".join(map(str, heaps)) + ")\n")
PY
for run in 1 2 3 4 5; do
  /usr/bin/env time -f "%e s, %M KiB max RSS" ./build/grundy value -f "$input" > /dev/null
done 2>&1
