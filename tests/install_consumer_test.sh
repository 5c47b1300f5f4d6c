#!/usr/bin/env bash
# `cmake --install` into a scratch prefix, then a consumer project that finds the
# package with find_package(grundy CONFIG), links grundy::grundy, builds and runs;
# and the installed bin/grundy answers, man finds its page and the completion
# script is where bash-completion looks. Arguments: the build directory, the
# consumer project's sources.
set -euo pipefail
build=$1
consumer=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cmake --install "$build" --prefix "$scratch/prefix" >/dev/null
test -x "$scratch/prefix/bin/grundy"
test -f "$scratch/prefix/include/grundy/core/position.hpp"
test -f "$scratch/prefix/lib/cmake/grundy/grundyConfig.cmake" || test -f "$scratch/prefix/lib/x86_64-linux-gnu/cmake/grundy/grundyConfig.cmake"
cmake -S "$consumer" -B "$scratch/consumer" -DCMAKE_PREFIX_PATH="$scratch/prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$scratch/consumer" -j2 >/dev/null
answer=$("$scratch/consumer/consumer" 'nim(3,4,5) + kayles(7)')
# nim(3,4,5) = 2, kayles(7) = 2 (OEIS A002186): the xor is 0, the second player wins.
if [ "$answer" != "0 second" ]; then
  echo "consumer answered '$answer', expected '0 second'" >&2
  exit 1
fi
# The placement family's settings through ContextOptions::families: the table
# file is written. cram(4x5) = 2 (a brute force in placement_component_test.cpp),
# so with nim(2) the xor is 0.
table="$scratch/cram.table"
answer=$("$scratch/consumer/consumer" 'cram(4x5) + nim(2)' "$table")
if [ "$answer" != "0 second" ] || [ ! -s "$table" ]; then
  echo "consumer with a table file answered '$answer'; table file: $(ls -l "$table" 2>&1)" >&2
  exit 1
fi
installed=$("$scratch/prefix/bin/grundy" value 'nim(3,4,5)' --json | grep -c '"value": 2')
[ "$installed" -ge 1 ]
# The manual page, found by man on the MANPATH as a user's shell finds it, and
# the completion script where bash-completion looks for it.
page=$(MANPATH="$scratch/prefix/share/man" MANWIDTH=100 man grundy 2>&1 | col -b)
if ! grep -q "grundy value" <<<"$page" || ! grep -q "EXIT STATUS" <<<"$page"; then
  echo "man grundy after cmake --install showed: $(head -5 <<<"$page")" >&2
  exit 1
fi
test -f "$scratch/prefix/share/bash-completion/completions/grundy"
grep -q "complete -F _grundy grundy" "$scratch/prefix/share/bash-completion/completions/grundy"
echo "installed package found and used"
