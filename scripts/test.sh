#!/usr/bin/env bash
# Builds grundy with its tests, benchmarks and Python module, runs the C++ test
# suite (ctest) and the Python tests (pytest on python/tests).
set -euo pipefail
cd "$(dirname "$0")/.."
# Debian's interpreter, which has the python3-* packages install-deps.sh installs
# (another python3 may come first on PATH).
python=/usr/bin/python3
bash scripts/build.sh -DGRUNDY_BUILD_TESTS=ON -DGRUNDY_BUILD_BENCH=ON -DGRUNDY_BUILD_PYTHON=ON \
  -DPython_EXECUTABLE="$python"
(cd build && ctest --output-on-failure -j"$(nproc)")
PYTHONPATH="$PWD/build/python" MPLBACKEND=Agg "$python" -m pytest -q -p no:cacheprovider python/tests
# The module as users install it: pip into a fresh venv (reusing ./build).
bash scripts/python-install-check.sh
# The web page: WebAssembly build and browser tests in headless Chromium (docs/web.md).
bash scripts/web-test.sh
