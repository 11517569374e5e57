#!/usr/bin/env bash
# Builds the release app, then runs one of the tools crate's binaries against dist/ (what
# scripts/report.sh and scripts/screenshots.sh do):
#
#   bash scripts/run-tool.sh <report|screenshots> [options for it]
#
# With `--dist DIR` among the options nothing is built: the tool runs against DIR (e.g. an older
# build kept for a before/after comparison). `--lighthouse` or `--browser` also installs
# Lighthouse (scripts/setup.sh --lighthouse).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tool=$1
shift

own_dist=0 lighthouse=0
for arg in "$@"; do
  case "$arg" in
    --dist) own_dist=1 ;;
    --lighthouse | --browser) lighthouse=1 ;;
  esac
done

if [[ "$lighthouse" == 1 ]]; then
  source scripts/setup.sh --browser --lighthouse
else
  source scripts/setup.sh --browser
fi

if [[ "$own_dist" == 1 ]]; then
  echo "==> $tool"
  cargo run --quiet --release -p spieltisch-tools --bin "$tool" -- "$@"
else
  echo "==> trunk build --release"
  trunk build --release
  echo "==> $tool"
  cargo run --quiet --release -p spieltisch-tools --bin "$tool" -- --dist dist "$@"
fi
