#!/usr/bin/env bash
# The style gate (issue 23): formatting and clippy, -D warnings, for the native build of the
# whole workspace (tests and tools included) and for the wasm32 build of the page and the worker
# (the tools crate is native only). scripts/test.sh runs it before the engine tests; run it alone
# before a commit:   bash scripts/lint.sh
# Format everything first (what `cargo fmt --all` does, plus the games' modules, see below):
#                     bash scripts/lint.sh --fix
# The lints themselves are in the root Cargo.toml ([workspace.lints]).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Every tracked .rs file (or, outside a git checkout, every .rs file but the build's).
rust_files() { git ls-files -z '*.rs' 2>/dev/null || find . -name '*.rs' -not -path '*/target/*' -print0; }
if [[ "${1:-}" == "--fix" ]]; then
  rust_files | xargs -0 rustfmt --edition 2021
  echo "formatted every .rs file"
  exit 0
fi

echo "-- cargo fmt --all -- --check"
cargo fmt --all -- --check
# The games' modules are declared by the list of games (src/games.rs, `games_modules`), and
# rustfmt does not follow a `mod` a macro declares: so every tracked .rs file is checked as well
# (`--fix` formats them all).
echo "-- rustfmt --check (every tracked .rs file)"
rust_files | xargs -0 rustfmt --edition 2021 --check
echo "-- cargo clippy --workspace --all-targets -- -D warnings"
cargo clippy --workspace --all-targets --quiet -- -D warnings
echo "-- cargo clippy -p spieltisch --target wasm32-unknown-unknown --bins -- -D warnings"
cargo clippy -p spieltisch --target wasm32-unknown-unknown --bins --quiet -- -D warnings
echo "style: formatting and clippy (native + wasm32) clean"
