#!/usr/bin/env bash
# Installs the Python module with pip into a fresh venv of Debian's python3
# (--system-site-packages: Debian's numpy and matplotlib; --no-build-isolation:
# Debian's setuptools; nothing is downloaded) and uses it from outside the
# checkout. By default the build tree ./build (configured by scripts/test.sh)
# is reused; --fresh compiles everything in pip's own tree, as a user's
# `pip install --no-build-isolation .` does (a few minutes on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."
python=/usr/bin/python3
venv=$(mktemp -d)
trap 'rm -rf "$venv"' EXIT
"$python" -m venv --system-site-packages "$venv"
if [ "${1:-}" = "--fresh" ]; then
  "$venv/bin/pip" install -q --no-build-isolation --no-index .
else
  GRUNDY_CMAKE_BUILD_DIR=build "$venv/bin/pip" install -q --no-build-isolation --no-index .
fi
rm -rf python/grundy.egg-info
cd "$venv"
"$venv/bin/python" - <<'PY'
import grundy
assert grundy.__file__.startswith(__import__("sys").prefix), grundy.__file__
assert grundy.value("sub{1,2,3}(10) + sub(odd)(7) + nim(9,12)").value == 6
assert grundy.table("kayles", upto=300).period == 12
g = grundy.Game(lambda n: [[a, n - a] for a in range(1, (n + 1) // 2)])
assert list(g.table(upto=8).values) == [0, 0, 0, 1, 0, 2, 1, 0, 2]   # Grundy's game, OEIS A002188
print("pip install --no-build-isolation . into a venv: grundy", grundy.__file__, "works")
PY
