#!/usr/bin/env bash
# Size and speed report: builds the release app, then prints per-file raw/gzip/brotli sizes,
# the first-load budget check (≤ 300 KB brotli), median home/board ready times over 5 cold
# headless-Chromium runs, and random games per second of each engine (native).
#
#   bash scripts/report.sh [report options, e.g. --runs 3 --seconds 1 --no-browser]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

source scripts/setup.sh --browser

echo "==> trunk build --release"
trunk build --release

echo "==> report"
cargo run --quiet --release -p spieltisch-tools --bin report -- --dist dist "$@"
