#!/usr/bin/env bash
# Configures and builds grundy in ./build (Release, warnings as errors).
#
#   build.sh [CMAKE-ARGUMENTS…]         every target the arguments turn on
#   build.sh --cli [CMAKE-ARGUMENTS…]   only the `grundy` command (with its manual
#                                       page and completion script), installing
#                                       only the packages it needs
#
# A new ./build uses Ninja (it keeps both cores busy to the end of the build);
# one configured before keeps its generator. A later build.sh with more targets
# turned on reuses everything built before: the flags of the library do not
# depend on which targets are on.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/stage_timer.sh
deps=()
targets=()
if [ "${1:-}" = "--cli" ]; then
  shift
  deps=(--cli)
  targets=(--target grundy grundy_manual_and_completion)
fi
stage "install packages (install-deps.sh ${deps[*]})" bash scripts/install-deps.sh "${deps[@]}"
generator=()
[ -f build/CMakeCache.txt ] || generator=(-G Ninja)
stage "configure" cmake -S . -B build "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DGRUNDY_WERROR=ON "$@" >/dev/null
stage "build${targets:+ the command}" cmake --build build -j"$(nproc)" "${targets[@]}"
