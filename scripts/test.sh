#!/usr/bin/env bash
# Builds grundy with its tests, benchmarks and Python module in ./build
# (reusing what scripts/example.sh built there), then runs the default suite:
# the C++ tests (ctest), the Python tests (pytest on python/tests), the module
# installed with pip into a venv, the web page's browser tests, and the
# packages a user installs (scripts/package.sh). Each stage prints its
# wall time, and the last lines sum them up (docs/testing.md keeps a table).
# The long verifications are opt-in: cmake --build build --target check-long.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/stage_timer.sh
# Debian's interpreter, which has the python3-* packages install-deps.sh installs
# (another python3 may come first on PATH).
python=/usr/bin/python3
stage "build (scripts/build.sh)" bash scripts/build.sh -DGRUNDY_BUILD_TESTS=ON -DGRUNDY_BUILD_BENCH=ON \
  -DGRUNDY_BUILD_PYTHON=ON -DPython_EXECUTABLE="$python"
stage "C++ tests (ctest)" bash -c 'cd build && ctest --output-on-failure -j"$(nproc)"'
stage "Python tests (pytest)" env PYTHONPATH="$PWD/build/python" MPLBACKEND=Agg \
  "$python" -m pytest -q -p no:cacheprovider python/tests
# The module as users install it: pip into a fresh venv (reusing ./build).
stage "pip install into a venv" bash scripts/python-install-check.sh
# The web page: WebAssembly build and browser tests in headless Chromium (docs/web.md).
stage "web page: build and browser tests" bash scripts/web-test.sh
# The .deb, the wheel and the page's archive, each installed and used
# (scripts/package.sh; after the web page, whose build it packs).
stage "packages (scripts/package.sh)" bash scripts/package.sh
stage_summary "bash scripts/test.sh"
