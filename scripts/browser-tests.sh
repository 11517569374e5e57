#!/usr/bin/env bash
# The tools' tests: the browser test files (tools/tests/*.rs, each its own binary) and the tools'
# unit tests, against dist/ (scripts/test.sh runs it after the Trunk build; run it alone with a
# dist/ in place):   bash scripts/browser-tests.sh [test name filter]
#
# `cargo test` runs the binaries one after another; most of a browser test is waiting (for the
# page, the worker, the headless Chromium), so BROWSER_TEST_JOBS files (default 2) run at once,
# each with BROWSER_TEST_THREADS tests at a time (default 2). They share nothing: every test
# starts its own server on its own port (a port is an origin: own storage) and its own Chromium.
# The longest files start first. A file's output is printed when it ends (all of it if it
# failed); exits non-zero if any file failed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

jobs="${BROWSER_TEST_JOBS:-2}"
threads="${BROWSER_TEST_THREADS:-2}"
logs="target/browser-test-logs"
rm -rf "$logs" && mkdir -p "$logs"

# Build once; the binaries' paths from cargo's "Executable <source> (<path>)" lines (without
# colour codes, which test.sh's CARGO_TERM_COLOR=always would put around "Executable").
cargo test -p spieltisch-tools --no-run --color never 2>&1 | tee "$logs/build.txt" >&2
mapfile -t binaries < <(sed -n 's/^ *Executable .*(\(.*\))$/\1/p' "$logs/build.txt" | sed "s|^\([^/]\)|$PWD/\1|")
[[ ${#binaries[@]} -gt 0 ]] || { echo "browser-tests.sh: no test binaries found" >&2; exit 1; }

# Two at a time, longest first (as measured), the rest as cargo lists them. (viermalvier's wall
# checks once polled for every quick computer move and ran alone; the page now records each
# move's wall itself, so it runs beside another file.)
longest=(layout computers gutangelegt viermalvier sudoku browser saves shell)
pick() { for name in "$@"; do for bin in "${binaries[@]}"; do [[ "$(basename "$bin")" == "$name"-* ]] && echo "$bin"; done; done; }
mapfile -t ordered < <(pick "${longest[@]}")
for bin in "${binaries[@]}"; do [[ " ${ordered[*]} " == *" $bin "* ]] || ordered+=("$bin"); done

# One file: its log in $logs, a line when it ends, the whole log if it failed.
run_one() {
  local bin="$1" threads="$2" logs="$3"; shift 3
  local name start rc=0
  name="$(basename "$bin" | sed 's/-[0-9a-f]*$//')"
  start=$SECONDS
  (cd tools && "$bin" --test-threads="$threads" "$@") >"$logs/$name.txt" 2>&1 || rc=$?
  if [[ $rc == 0 ]]; then
    printf '%-12s ok   in %4d s: %s\n' "$name" "$((SECONDS - start))" "$(grep '^test result' "$logs/$name.txt" | tail -n1)"
  else
    printf '\n%-12s FAILED (exit %s) in %d s:\n' "$name" "$rc" "$((SECONDS - start))"
    cat "$logs/$name.txt"
  fi
  return "$rc"
}
export -f run_one

start=$SECONDS
rc=0
# The library's doc tests (what `cargo test` runs besides the binaries; none today).
cargo test -p spieltisch-tools --doc --quiet "$@" || rc=$?
printf '%s\0' "${ordered[@]}" | xargs -0 -P "$jobs" -I{} bash -c 'run_one "$@"' _ {} "$threads" "$logs" "$@" || rc=$?
printf 'tools tests: %d files in %d s (%s at once, %s tests each)\n' \
  "${#ordered[@]}" "$((SECONDS - start))" "$jobs" "$threads"
exit "$rc"
