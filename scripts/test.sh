#!/usr/bin/env bash
# Builds grundy with its tests and benchmarks and runs the default test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh -DGRUNDY_BUILD_TESTS=ON -DGRUNDY_BUILD_BENCH=ON
cd build && ctest --output-on-failure -j"$(nproc)"
