#!/usr/bin/env bash
# The web page's tests (web/tests): builds the site (scripts/web.sh
# --build-only) and runs the browser tests with Debian's pytest, which drive
# Debian's headless Chromium through chromedriver (python3-selenium). The
# answers are compared with the native CLI's, so ./build/grundy is built
# first if it is missing. Screenshots land in build-web/screenshots/.
set -euo pipefail
cd "$(dirname "$0")/.."
python=/usr/bin/python3
bash scripts/web.sh --build-only
if [ ! -x build/grundy ]; then
  bash scripts/install-deps.sh
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DGRUNDY_WERROR=ON >/dev/null
  cmake --build build -j"$(nproc)" --target grundy
fi
"$python" -m pytest -q -p no:cacheprovider web/tests "$@"
