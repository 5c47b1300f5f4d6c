#!/usr/bin/env bash
# Makes what a user installs, from the trees the test command built, into
# ./packages, and tests each where it is made:
#
#   grundy_VERSION_ARCH.deb   (CPack, from ./build) the command with its manual
#       page and bash completion, the library, its headers and CMake package.
#       Installed with dpkg into a scratch root (its own dpkg database, so the
#       machine's stays untouched; the package's dependencies are checked
#       against this machine's): the installed grundy answers `grundy value`,
#       `man grundy` shows its page, bash completes from the installed script,
#       and a CMake project (tests/consumer) builds against the installed
#       package and answers.
#   grundy-VERSION-*.whl      (pip wheel, reusing ./build) the Python module:
#       installed into a fresh venv of Debian's python3 (nothing downloaded),
#       imported from outside the checkout and used.
#   grundy-web-VERSION.tar.gz the web page's static files (./build-web/site):
#       unpacked into a scratch folder, served from there, and one browser test
#       (web/tests) run against it in headless Chromium.
#
# Builds what is missing first (./build with the Python module, ./build-web).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
. scripts/stage_timer.sh
python=/usr/bin/python3
bash scripts/install-deps.sh --package
out=$root/packages
rm -rf "$out"
mkdir -p "$out"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

make_deb() {
  if ! grep -qs "GRUNDY_BUILD_PYTHON:BOOL=ON" build/CMakeCache.txt; then
    bash scripts/build.sh -DGRUNDY_BUILD_PYTHON=ON -DPython_EXECUTABLE="$python"
  fi
  cmake --build build -j"$(nproc)"
  (cd build && cpack -G DEB -B "$scratch/cpack" >/dev/null)
  cp "$scratch"/cpack/grundy_*.deb "$out/"
}

test_deb() {
  local deb target=$scratch/root
  deb=$(ls "$out"/grundy_*.deb)
  # Every dependency the package declares is installed on this machine (the
  # shared libraries dpkg-shlibdeps found, nlohmann-json3-dev).
  local depends
  depends=$(dpkg-deb -f "$deb" Depends)
  echo "$deb: Depends: $depends"
  local dependency
  while read -r dependency; do
    dependency=${dependency%% *}
    [ -z "$dependency" ] && continue
    dpkg-query -W -f='${Status}' "$dependency" 2>/dev/null | grep -q "install ok installed" \
      || { echo "package.sh: $deb depends on $dependency, which is not installed here" >&2; return 1; }
  done < <(tr ',' '\n' <<<"$depends" | sed 's/|.*//; s/^ *//')
  # A root with a dpkg database of its own: dpkg installs the package there as
  # it would into /, without touching this machine's packages.
  mkdir -p "$target/var/lib/dpkg/info" "$target/var/lib/dpkg/updates"
  touch "$target/var/lib/dpkg/status" "$target/var/lib/dpkg/available"
  dpkg --root="$target" --force-depends --force-not-root -i "$deb" >/dev/null
  dpkg --root="$target" -s grundy | grep -q "^Status: install ok installed"
  local usr=$target/usr
  local answer
  answer=$("$usr/bin/grundy" value 'sub{1,2,3}(10) + sub(odd)(7) + nim(9,12)')
  grep -q "^Nim-value: 6$" <<<"$answer" || { echo "installed grundy answered: $answer" >&2; return 1; }
  "$usr/bin/grundy" --version | grep -q "^grundy "
  # The manual page, as man finds it on the MANPATH.
  local page
  page=$(MANPATH="$usr/share/man" MANWIDTH=80 man grundy 2>/dev/null | col -b)
  grep -q "grundy value" <<<"$page" && grep -q "EXIT STATUS" <<<"$page" \
    || { echo "man grundy did not show the installed page" >&2; return 1; }
  # The completion script, loaded as bash-completion loads it, completes a command.
  local completions
  completions=$(bash -c 'source "$1"; COMP_WORDS=(grundy va); COMP_CWORD=1; _grundy grundy va grundy; echo "${COMPREPLY[*]}"' \
    _ "$usr/share/bash-completion/completions/grundy")
  [ "$completions" = "value" ] || { echo "installed completion gave '$completions' for 'grundy va'" >&2; return 1; }
  # A CMake project of someone else's builds against the installed package.
  cmake -S tests/consumer -B "$scratch/consumer" -DCMAKE_PREFIX_PATH="$usr" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$scratch/consumer" -j"$(nproc)" >/dev/null
  answer=$("$scratch/consumer/consumer" 'nim(3,4,5) + kayles(7)')
  # nim(3,4,5) = 2, kayles(7) = 2 (OEIS A002186): the xor is 0.
  [ "$answer" = "0 second" ] || { echo "the consumer answered '$answer'" >&2; return 1; }
  dpkg --root="$target" --force-not-root -r grundy >/dev/null
  [ ! -e "$usr/bin/grundy" ] || { echo "dpkg -r left $usr/bin/grundy" >&2; return 1; }
  echo "$(basename "$deb"): installed into a scratch root, grundy value, man grundy, completion and a CMake consumer work, removed"
}

make_wheel() {
  GRUNDY_CMAKE_BUILD_DIR=build "$python" -m pip wheel -q --no-build-isolation --no-index --no-deps -w "$out" .
  rm -rf python/grundy.egg-info
}

test_wheel() {
  local wheel venv=$scratch/venv
  wheel=$(ls "$out"/grundy-*.whl)
  "$python" -m venv --system-site-packages "$venv"
  "$venv/bin/pip" install -q --no-index --no-build-isolation "$wheel"
  (cd "$scratch" && "$venv/bin/python" - <<'PY'
import sys
import grundy
assert grundy.__file__.startswith(sys.prefix), grundy.__file__
assert grundy.value("sub{1,2,3}(10) + sub(odd)(7) + nim(9,12)").value == 6
assert grundy.table("kayles", upto=300).period == 12
g = grundy.Game(lambda n: [[a, n - a] for a in range(1, (n + 1) // 2)])
assert list(g.table(upto=8).values) == [0, 0, 0, 1, 0, 2, 1, 0, 2]   # Grundy's game, OEIS A002188
PY
  )
  echo "$(basename "$wheel"): installed into a fresh venv, imported from outside the checkout, answers"
}

make_web_archive() {
  [ -f build-web/site/grundy.wasm ] || bash scripts/web.sh --build-only
  local version
  version=$(sed -n 's/^project(grundy VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
  tar -C build-web/site -czf "$out/grundy-web-$version.tar.gz" --transform "s,^\.,grundy-web-$version," .
}

test_web_archive() {
  local archive site
  archive=$(ls "$out"/grundy-web-*.tar.gz)
  mkdir -p "$scratch/web"
  tar -C "$scratch/web" -xzf "$archive"
  site=$(ls -d "$scratch"/web/grundy-web-*)
  # The tests' fixtures serve GRUNDY_WEB_SITE instead of build-web/site (and keep
  # this run's screenshots apart from the suite's).
  GRUNDY_WEB_SITE=$site GRUNDY_WEB_SCREENSHOTS=$scratch/screenshots "$python" -m pytest -q -p no:cacheprovider \
    "web/tests/test_position.py::test_typed_expressions_are_answered_as_the_cli_answers"
  echo "$(basename "$archive"): unpacked into a scratch folder, served from there, the page answers as the CLI"
}

stage "package: .deb (CPack)" make_deb
stage "package: .deb installed and used" test_deb
stage "package: wheel" make_wheel
stage "package: wheel installed and used" test_wheel
stage "package: web archive" make_web_archive
stage "package: web archive served and tested" test_web_archive
ls -l "$out"
stage_summary "bash scripts/package.sh"
