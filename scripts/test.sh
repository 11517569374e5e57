#!/usr/bin/env bash
# The whole test suite (what CI runs via .ci/run):
#   1. setup (tools + chromium)       2. style: rustfmt and clippy -D warnings, native + wasm32
#   3. engine unit and property tests (cargo test -p spieltisch)
#   4. trunk build --release           5. browser tests against dist/ (scripts/browser-tests.sh)
# Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-always}"

start=$SECONDS
section() { printf '\n==================== %s ====================\n' "$*"; }
trap 'rc=$?; if [[ $rc != 0 ]]; then printf "\n*** FAILED (exit %s) in section: %s ***\n" "$rc" "${current:-?}" >&2; fi' EXIT

current="setup"; section "1/5 setup (toolchain, trunk, wasm-bindgen, wasm-opt, chromium)"
# A full run writes several GB under target/ (native, test and wasm builds): say how much room
# there is, so that a run stopped by a full disk says so at the top.
df -h . | awk 'NR == 2 { printf "disk: %s free of %s at %s\n", $4, $2, $6 }'
source scripts/setup.sh --browser
printf 'trunk: %s | %s | %s | %s\n' "$(trunk --version)" "$(wasm-bindgen --version)" \
  "$(wasm-opt --version)" "$(chromium --version 2>/dev/null | head -n1)"

current="style"; section "2/5 style: cargo fmt --check, cargo clippy -D warnings (native + wasm32)"
bash scripts/lint.sh

current="engine tests"; section "3/5 engine tests: cargo test -p spieltisch"
cargo test -p spieltisch

current="trunk build"; section "4/5 trunk build --release"
trunk build --release
ls -l dist

current="browser tests"; section "5/5 browser tests: scripts/browser-tests.sh (cargo test -p spieltisch-tools, two files at once)"
# Each browser test starts its own server (port 0, sub-path) and its own headless Chromium; two
# test files run at once (BROWSER_TEST_JOBS), see scripts/browser-tests.sh.
bash scripts/browser-tests.sh

current="done"
printf '\nAll tests passed in %d s.\n' "$((SECONDS - start))"
