#!/usr/bin/env bash
# Size and speed report: builds the release app, then prints per-file raw/gzip/brotli sizes,
# the first-load budget check (≤ 300 KB brotli), median home/board ready times over 5 cold
# headless-Chromium runs, and random games per second of each engine (native).
#
#   bash scripts/report.sh [report options, e.g. --runs 3 --seconds 1 --no-browser]
exec bash "$(dirname "${BASH_SOURCE[0]}")/run-tool.sh" report "$@"
