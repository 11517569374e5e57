#!/usr/bin/env bash
# Installs whatever is missing to build (and with --browser: to test) Spieltisch.
#
#   bash scripts/setup.sh [--browser] [--lighthouse]   # or: source scripts/setup.sh …
#
# Idempotent and quiet when everything is present. Only package registries are used
# (crates.io via cargo, npm, Debian apt); Trunk itself never downloads anything
# (Trunk.toml: offline = true). Installs:
#   - rustup target wasm32-unknown-unknown, components rustfmt + clippy (scripts/lint.sh)
#   - trunk 0.21.14                       (cargo install --locked)
#   - wasm-bindgen-cli = version in Cargo.lock (cargo install, without --locked)
#   - wasm-opt 132                         (npm binaryen@132.0.0: global, else a cache dir on PATH)
#   - terser 5.36.0                        (npm, into a cache dir; scripts/minify-js.sh finds it)
#   - with --browser: chromium + chromium-driver (apt)
#   - with --lighthouse: also npm lighthouse@12.8.2 (the last for Node 20) into
#     tools/lighthouse/node_modules (git-ignored); the report runs it (`report --lighthouse`)
# and runs `cargo fetch` so the offline Trunk build finds every crate.
#
# When sourced, PATH changes (cargo bin dir, wasm-opt cache dir) stay in the caller's shell.

_st_setup() {
  local want_browser=0 want_lighthouse=0 arg
  for arg in "$@"; do
    case "$arg" in
      --browser) want_browser=1 ;;
      --lighthouse) want_browser=1; want_lighthouse=1 ;;
      -h | --help) sed -n '2,18p' "${BASH_SOURCE[0]}"; return 0 ;;
      *) echo "setup.sh: unknown argument: $arg" >&2; return 2 ;;
    esac
  done

  local root
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  local TRUNK_VERSION="0.21.14"
  local BINARYEN_NPM_VERSION="132.0.0"
  local WASM_OPT_VERSION="132"
  local TERSER_VERSION="5.36.0"
  # Lighthouse 13 needs Node 22; 12.8.2 runs on Node 18.16+ (Debian's and CI's Node 20).
  local LIGHTHOUSE_VERSION="12.8.2"
  local logdir="${TMPDIR:-/tmp}/spieltisch-setup"
  mkdir -p "$logdir"

  _st_die() { echo "setup.sh: ERROR: $*" >&2; return 1; }

  # Runs a command with output going to a log; on failure shows the log's tail.
  _st_run() {
    local name="$1"; shift
    local log="$logdir/$name.log"
    echo "setup.sh: installing $name (log: $log) …"
    if ! "$@" >"$log" 2>&1; then
      echo "setup.sh: ERROR: installing $name failed: $*" >&2
      tail -n 30 "$log" >&2
      return 1
    fi
  }

  # --- Rust toolchain -------------------------------------------------------------------------
  [[ -d "$HOME/.cargo/bin" && ":$PATH:" != *":$HOME/.cargo/bin:"* ]] && export PATH="$HOME/.cargo/bin:$PATH"
  command -v cargo >/dev/null || { _st_die "cargo not found; install Rust via rustup first"; return 1; }
  command -v rustup >/dev/null || { _st_die "rustup not found (needed for the wasm32 target)"; return 1; }

  local targets
  targets="$(rustup target list --installed 2>/dev/null || true)"
  if ! grep -qx wasm32-unknown-unknown <<<"$targets"; then
    _st_run rustup-target-wasm32 rustup target add wasm32-unknown-unknown || return 1
  fi
  local components component
  components="$(rustup component list --installed 2>/dev/null || true)"
  for component in rustfmt clippy; do
    if ! grep -q "^$component-" <<<"$components"; then
      _st_run "rustup-$component" rustup component add "$component" || return 1
    fi
  done

  # --- trunk ----------------------------------------------------------------------------------
  if [[ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]]; then
    _st_run "trunk-$TRUNK_VERSION" cargo install trunk --version "$TRUNK_VERSION" --locked --force || return 1
  fi

  # --- wasm-bindgen-cli (exactly the version in Cargo.lock) -----------------------------------
  local wbg
  wbg="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$root/Cargo.lock" 2>/dev/null || true)"
  [[ -n "$wbg" ]] || { _st_die "cannot read the wasm-bindgen version from $root/Cargo.lock"; return 1; }
  if [[ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $wbg"* ]]; then
    _st_run "wasm-bindgen-cli-$wbg" cargo install wasm-bindgen-cli --version "=$wbg" --force || return 1
  fi
  if ! grep -q "wasm_bindgen = \"$wbg\"" "$root/Trunk.toml" 2>/dev/null; then
    echo "setup.sh: WARNING: Trunk.toml [tools] wasm_bindgen differs from Cargo.lock ($wbg)" >&2
  fi

  # --- wasm-opt (binaryen from npm) -----------------------------------------------------------
  local cache_bin="${XDG_CACHE_HOME:-$HOME/.cache}/spieltisch/binaryen-$BINARYEN_NPM_VERSION/node_modules/.bin"
  _st_wasm_opt_ok() { [[ "$(wasm-opt --version 2>/dev/null)" == *"version $WASM_OPT_VERSION"* ]]; }
  if ! _st_wasm_opt_ok && [[ -x "$cache_bin/wasm-opt" ]]; then
    export PATH="$cache_bin:$PATH"
  fi
  if ! _st_wasm_opt_ok; then
    command -v npm >/dev/null || { _st_die "npm not found (needed for wasm-opt: npm binaryen@$BINARYEN_NPM_VERSION)"; return 1; }
    local gprefix
    gprefix="$(npm prefix -g 2>/dev/null || true)"
    if [[ -n "$gprefix" && -w "$gprefix" ]] && ! command -v wasm-opt >/dev/null; then
      _st_run "binaryen-$BINARYEN_NPM_VERSION" npm install -g --no-audit --no-fund "binaryen@$BINARYEN_NPM_VERSION" || return 1
    else
      # A different wasm-opt is installed globally (or no write access): use a private copy.
      local dir="${cache_bin%/node_modules/.bin}"
      mkdir -p "$dir"
      _st_run "binaryen-$BINARYEN_NPM_VERSION" npm install --prefix "$dir" --no-audit --no-fund --no-save "binaryen@$BINARYEN_NPM_VERSION" || return 1
      export PATH="$cache_bin:$PATH"
    fi
    hash -r
    _st_wasm_opt_ok || { _st_die "wasm-opt $WASM_OPT_VERSION still not found after installing binaryen@$BINARYEN_NPM_VERSION (got: $(wasm-opt --version 2>&1 | head -n1))"; return 1; }
  fi

  # --- terser (minifies the page's JS glue in release builds: scripts/minify-js.sh) ------------
  local terser_dir="${XDG_CACHE_HOME:-$HOME/.cache}/spieltisch/terser-$TERSER_VERSION"
  if [[ "$("$terser_dir/node_modules/.bin/terser" --version 2>/dev/null)" != "terser $TERSER_VERSION" ]]; then
    command -v npm >/dev/null || { _st_die "npm not found (needed for terser@$TERSER_VERSION)"; return 1; }
    mkdir -p "$terser_dir"
    _st_run "terser-$TERSER_VERSION" npm install --prefix "$terser_dir" --no-audit --no-fund --no-save --no-package-lock "terser@$TERSER_VERSION" || return 1
  fi

  # --- crates (Trunk runs cargo --offline) ----------------------------------------------------
  if ! (cd "$root" && cargo fetch --quiet >"$logdir/cargo-fetch.log" 2>&1); then
    echo "setup.sh: ERROR: cargo fetch failed:" >&2
    tail -n 30 "$logdir/cargo-fetch.log" >&2
    return 1
  fi

  # --- browser for the tests ------------------------------------------------------------------
  if [[ "$want_browser" == 1 ]]; then
    if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
      local sudo=""
      if [[ "$(id -u)" != 0 ]]; then
        command -v sudo >/dev/null || { _st_die "chromium/chromedriver missing and not root (no sudo)"; return 1; }
        sudo="sudo"
      fi
      _st_run apt-update $sudo env DEBIAN_FRONTEND=noninteractive apt-get update || return 1
      _st_run apt-chromium $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver || return 1
      hash -r
      command -v chromedriver >/dev/null || { _st_die "chromedriver not on PATH after apt install"; return 1; }
    fi
  fi

  # --- Lighthouse for the report (project-local, never global) ---------------------------------
  if [[ "$want_lighthouse" == 1 ]]; then
    local lh_dir="$root/tools/lighthouse"
    if [[ "$("$lh_dir/node_modules/.bin/lighthouse" --version 2>/dev/null)" != "$LIGHTHOUSE_VERSION" ]]; then
      command -v npm >/dev/null || { _st_die "npm not found (needed for lighthouse@$LIGHTHOUSE_VERSION)"; return 1; }
      mkdir -p "$lh_dir"
      _st_run "lighthouse-$LIGHTHOUSE_VERSION" npm install --prefix "$lh_dir" --no-audit --no-fund --no-save --no-package-lock "lighthouse@$LIGHTHOUSE_VERSION" || return 1
    fi
    export LIGHTHOUSE_BIN="$lh_dir/node_modules/.bin/lighthouse"
  fi

  export TRUNK_SKIP_VERSION_CHECK=true
  return 0
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  _st_setup "$@"
else
  _st_setup "$@" || return $?
fi
