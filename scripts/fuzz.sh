#!/usr/bin/env bash
# Builds the libFuzzer harnesses of tests/fuzz in ./build-fuzz (clang 14 with
# ASan and UBSan) and runs each for a set time, one after another:
#
#   bash scripts/fuzz.sh [SECONDS-PER-HARNESS [HARNESS...]]
#
# SECONDS defaults to 60; HARNESS is one of expression heap_rule boards graph
# checkpoint placement_table misere_notation pattern_ranges saved_quotient census_arguments
# certificate part_table sprouts (default: all). Each run starts from the seed corpus
# tests/fuzz/corpus/<harness>/ and keeps what it finds in build-fuzz/corpus/<harness>/
# (reused by the next run, never committed by this script). A crash, leak,
# sanitizer report or timeout (10 s on one input) stops that harness; its input
# is saved as build-fuzz/artifacts/<harness>-crash-… and the script exits 1 after
# the others have run. One line a harness: executions, seconds, result.
#
# FUZZ_RUNS=N also stops a harness after N inputs, whichever comes first: the
# opt-in long run of docs/testing.md is FUZZ_RUNS=1000000 bash scripts/fuzz.sh 600.
# FUZZ_SEED=N fixes libFuzzer's random seed (default: a new one each run), so
# that from the same corpus a run tries the same inputs in the same order: CI
# uses FUZZ_SEED=1 on the committed seed corpus, a sequence checked clean
# before it was made to fail CI.
set -euo pipefail
cd "$(dirname "$0")/.."
# Absolute paths: the expression harness works in a scratch directory of its own.
root=$PWD
seconds=${1:-60}
shift || true
all=(expression heap_rule boards graph checkpoint placement_table misere_notation pattern_ranges saved_quotient census_arguments certificate part_table sprouts)
harnesses=("$@")
((${#harnesses[@]})) || harnesses=("${all[@]}")

. scripts/stage_timer.sh
stage "install packages (--sanitizers)" bash scripts/install-deps.sh --sanitizers
generator=()
[ -f build-fuzz/CMakeCache.txt ] || generator=(-G Ninja)
# -gline-tables-only: file:line in reports at little cost in build time.
# -O1, as OSS-Fuzz builds its harnesses: the run is timed per harness, so a
# slower input rate costs no CI time, and the build is 25 % shorter (measured
# on 2 cores: 152 s against 203 s at -O3, 273 s of CPU against 371 s).
cmake -S . -B build-fuzz "${generator[@]}" -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" \
  -DCMAKE_CXX_FLAGS=-gline-tables-only -DGRUNDY_FUZZ=ON -DGRUNDY_BUILD_TESTS=OFF -DGRUNDY_BUILD_BENCH=OFF \
  -DGRUNDY_BUILD_PYTHON=OFF >/dev/null
targets=()
for h in "${harnesses[@]}"; do targets+=(--target "fuzz_$h"); done
# At most two jobs: CI and the development machine have two cores.
stage "fuzz: build" cmake --build build-fuzz -j2 "${targets[@]}"
fuzz_start=$SECONDS

export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-14/bin/llvm-symbolizer
export UBSAN_OPTIONS=print_stacktrace=1
mkdir -p build-fuzz/artifacts build-fuzz/logs
failed=0
for h in "${harnesses[@]}"; do
  mkdir -p "build-fuzz/corpus/$h"
  log="build-fuzz/logs/$h.log"
  # -max_len: every seed is far smaller, and 4 KB of expression or file already
  # reaches every limit the parsers have. -rss_limit_mb (and the malloc limit it
  # implies): an input that makes the library allocate 2 GB is a finding.
  status=0
  "$root/build-fuzz/tests/fuzz/fuzz_$h" -max_total_time="$seconds" -runs="${FUZZ_RUNS:--1}" -seed="${FUZZ_SEED:-0}" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -dict="$root/tests/fuzz/grundy.dict" -print_final_stats=1 -artifact_prefix="$root/build-fuzz/artifacts/$h-" \
    "$root/build-fuzz/corpus/$h" "$root/tests/fuzz/corpus/$h" >"$log" 2>&1 || status=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
  if [ "$status" -eq 0 ]; then
    echo "fuzz_$h: ${execs:-?} inputs in ${took:-$seconds} s, no finding"
  else
    failed=1
    echo "fuzz_$h: FAILED after ${execs:-?} inputs (exit $status); log $log:" >&2
    grep -E 'ERROR|SUMMARY|invariant|Test unit written|#0 |#1 |#2 |#3 ' "$log" | head -30 >&2 || tail -30 "$log" >&2
  fi
done
stage_times+=("$(printf '%-34s %4d s' "fuzz: ${#harnesses[@]} harnesses" $((SECONDS - fuzz_start)))")
stage_summary "bash scripts/fuzz.sh $seconds"
exit "$failed"
