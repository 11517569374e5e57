#!/usr/bin/env bash
# Size and speed report (prints numbers; not a test). Builds the release app (unless --dist DIR
# is given), then runs the report's sections: sizes and the first-load budget, bytes per visit,
# tap → next frame per game at 1× and 4× CPU with DOM changes per tap, start-up (longest task,
# app vs static page), Hard computer players, engine speed; Lighthouse with --lighthouse.
#
#   bash scripts/report.sh                          # all but Lighthouse, on a fresh build
#   bash scripts/report.sh --browser                # every browser section, Lighthouse included
#   bash scripts/report.sh --taps --startup --lighthouse --dist /path/to/other/dist --runs 3
#
# Options: see docs/tooling.md (report) or tools/src/bin/report.rs.
exec bash "$(dirname "${BASH_SOURCE[0]}")/run-tool.sh" report "$@"
