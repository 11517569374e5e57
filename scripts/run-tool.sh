#!/usr/bin/env bash
# Builds the release app, then runs one of the tools crate's binaries against dist/ (what
# scripts/report.sh and scripts/screenshots.sh do):
#
#   bash scripts/run-tool.sh <report|screenshots> [options for it]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tool=$1
shift

source scripts/setup.sh --browser

echo "==> trunk build --release"
trunk build --release

echo "==> $tool"
cargo run --quiet --release -p spieltisch-tools --bin "$tool" -- --dist dist "$@"
