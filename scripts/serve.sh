#!/usr/bin/env bash
# Builds the release app into dist/ and serves it at http://127.0.0.1:${PORT:-8080}/spieltisch/
#
#   bash scripts/serve.sh            # PORT=9000 bash scripts/serve.sh
#   SKIP_BUILD=1 bash scripts/serve.sh   # serve the existing dist/ as is
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

source scripts/setup.sh

if [[ "${SKIP_BUILD:-}" != 1 ]]; then
  echo "==> trunk build --release"
  trunk build --release
fi

echo "==> serving dist/"
exec cargo run --quiet -p spieltisch-tools --bin serve -- --dir dist --prefix /spieltisch/ --port "${PORT:-8080}"
