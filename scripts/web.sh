#!/usr/bin/env bash
# grundy in the browser: builds the library and the page's bindings to
# WebAssembly with Debian's emscripten (CMake preset "web") into
# build-web/site — a folder of static files, published as it is — and serves
# that folder on this machine with Python's http.server (docs/web.md).
#
#   bash scripts/web.sh                 build, then serve on http://127.0.0.1:8000/
#   bash scripts/web.sh --port 8080     another port
#   bash scripts/web.sh --build-only    build only
set -euo pipefail
cd "$(dirname "$0")/.."
port=8000
serve=1
while (($#)); do
  case "$1" in
    --port) port="$2"; shift 2 ;;
    --build-only) serve=0; shift ;;
    *) echo "web.sh: unknown option $1 (--port N, --build-only)" >&2; exit 2 ;;
  esac
done
bash scripts/install-deps.sh --web
# Debian's emscripten runs its JavaScript tools with the `node` on PATH and
# looks for the acorn module only where Debian installs it.
export NODE_PATH=/usr/share/nodejs
cmake --preset web >/dev/null
cmake --build --preset web -j"$(nproc)"
if ((serve)); then
  echo "grundy in the browser: http://127.0.0.1:$port/  (serving build-web/site; Ctrl-C stops)"
  exec /usr/bin/python3 -m http.server "$port" --bind 127.0.0.1 --directory build-web/site
fi
