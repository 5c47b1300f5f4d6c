#!/usr/bin/env bash
# Installs the Debian packages grundy builds with, only those that are missing.
# With --sanitizers, also what the sanitizer builds and the fuzz harnesses need
# (scripts/sanitize.sh, scripts/fuzz.sh): clang 14, its runtime libraries
# (libclang-rt-14-dev holds libclang_rt.fuzzer and the ASan/UBSan/TSan runtimes)
# and llvm-symbolizer (llvm-14) for readable reports.
# With --web, what the web page needs (scripts/web.sh, scripts/web-test.sh):
# emscripten (which brings clang, lld, binaryen and node-acorn), and for its
# browser tests chromium, chromium-driver and python3-selenium.
set -euo pipefail
# The Python module (python/): headers, pybind11, and what its tests, plots and
# `pip install .` in a venv use — all from Debian, nothing from the Python registry.
# OpenMPI for `mpirun -np N grundy …`; SQLite for the census database.
packages=(g++ cmake make libgtest-dev libbenchmark-dev libcli11-dev nlohmann-json3-dev
  openmpi-bin libopenmpi-dev libsqlite3-dev sqlite3
  python3-dev python3-pybind11 pybind11-dev python3-numpy python3-matplotlib python3-pytest python3-venv
  python3-setuptools python3-wheel python3-pip)
for option in "$@"; do
  case "$option" in
    --sanitizers) packages+=(clang-14 libclang-rt-14-dev llvm-14) ;;
    --web) packages+=(emscripten chromium chromium-driver python3-selenium) ;;
    *) echo "install-deps.sh: unknown option $option (--sanitizers, --web)" >&2; exit 2 ;;
  esac
done
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
"${run_as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
