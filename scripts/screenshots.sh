#!/usr/bin/env bash
# Screenshots of every screen at 1024×768, 768×1024 and 390×844 (touch), for reviewing the
# layout without playing: builds the release app, then writes target/screenshots/<viewport>/*.png
# and target/screenshots/index.html.
#
#   bash scripts/screenshots.sh [--out DIR]
exec bash "$(dirname "${BASH_SOURCE[0]}")/run-tool.sh" screenshots "$@"
