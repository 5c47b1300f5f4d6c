#!/usr/bin/env bash
# Builds the grundy command (and nothing else: no tests, no MPI; the test
# command builds the rest in the same ./build, reusing this) and answers the
# textbook mixed sum: heap 1 takes 1-3, heap 2 takes an odd number, the rest
# are plain Nim.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh --cli -DGRUNDY_BUILD_TESTS=OFF -DGRUNDY_BUILD_BENCH=OFF
./build/grundy value 'sub{1,2,3}(10) + sub(odd)(7) + nim(9,12)'
