#!/usr/bin/env bash
# Installs the Debian packages grundy builds with, only those that are missing.
#
#   install-deps.sh            everything the test command builds: the library,
#                              the CLI with MPI, the tests, the benchmarks and
#                              the Python module
#   install-deps.sh --cli      only what the `grundy` command needs (the first
#                              command of the README, scripts/example.sh)
#   --sanitizers               also what the sanitizer builds and the fuzz
#                              harnesses need (scripts/sanitize.sh, scripts/fuzz.sh):
#                              clang 14, its runtime libraries (libclang-rt-14-dev
#                              holds libclang_rt.fuzzer and the ASan/UBSan/TSan
#                              runtimes) and llvm-symbolizer (llvm-14)
#   --web                      also what the web page needs (scripts/web.sh,
#                              scripts/web-test.sh): emscripten (which brings clang,
#                              lld, binaryen and node-acorn), and for its browser
#                              tests chromium, chromium-driver and python3-selenium
#   --package                  also what scripts/package.sh uses: dpkg-dev and
#                              file (CPack's dpkg-shlibdeps, for the .deb's
#                              dependencies on shared libraries)
set -euo pipefail
# The command: a compiler, CMake and Ninja, CLI11 for its options,
# nlohmann-json for --json, SQLite for `grundy census` (the program links it;
# libsqlite3-dev is 1 MB), zlib for `grundy check` on gzip-compressed
# certificates (zlib1g-dev, 1 MB). Not MPI: grundy runs every command in one process
# without it, and OpenMPI is 61 packages that took longer to install than the
# program takes to build (docs/testing.md, "The first command").
packages=(g++ cmake ninja-build libcli11-dev nlohmann-json3-dev libsqlite3-dev zlib1g-dev)
# The tests and the rest: GoogleTest, Google Benchmark, OpenMPI for
# `mpirun -np N grundy …`, the sqlite3 shell the census tests damage files with,
# man (man-db) and col (bsdextrautils) to read the installed manual page,
# and the Python module (python/): headers, pybind11, and what its tests, plots
# and `pip install .` in a venv use — all from Debian, nothing from the Python
# registry.
everything=(make libgtest-dev libbenchmark-dev openmpi-bin libopenmpi-dev sqlite3 man-db bsdextrautils
  python3-dev python3-pybind11 pybind11-dev python3-numpy python3-matplotlib python3-pytest python3-venv
  python3-setuptools python3-wheel python3-pip)
cli_only=0
extras=()
for option in "$@"; do
  case "$option" in
    --cli) cli_only=1 ;;
    --sanitizers) extras+=(clang-14 libclang-rt-14-dev llvm-14) ;;
    --web) extras+=(emscripten chromium chromium-driver python3-selenium) ;;
    --package) extras+=(dpkg-dev file) ;;
    *) echo "install-deps.sh: unknown option $option (--cli, --sanitizers, --web, --package)" >&2; exit 2 ;;
  esac
done
((cli_only)) || packages+=("${everything[@]}")
packages+=("${extras[@]}")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then exit 0; fi
echo "installing: ${missing[*]}" >&2
run_as_root=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "grundy: need root (or sudo) to install ${missing[*]}" >&2; exit 1; }
  run_as_root=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${run_as_root[@]}" apt-get update -qq
# --force-unsafe-io: dpkg skips its fsync after each file it unpacks, as
# Debian's container images do. Measured on the 2-core machine, the packages of
# --cli into a fresh Debian 12: 84 s with the fsyncs, 57 s without (under the
# same load; 23 s of CPU either way). The cost: a power cut during the install
# can leave these packages' files short (apt-get install --reinstall mends them).
"${run_as_root[@]}" apt-get install -y -qq --no-install-recommends -o Dpkg::Options::=--force-unsafe-io \
  "${missing[@]}" >/dev/null
