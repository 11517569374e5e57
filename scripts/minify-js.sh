#!/usr/bin/env bash
# Trunk post_build hook (see Trunk.toml), run just before gen-sw.sh: minifies the page's
# wasm-bindgen JS glue with terser (scripts/setup.sh installs terser@5.36.0). Trunk's own
# minify leaves that file as wasm-bindgen wrote it; minified it is ~1.8 KB smaller with brotli,
# and every byte of the first load counts (300 KB budget). Release builds only. The glue is an
# ES module, so terser may rename everything but its exports. The worker's glue is left alone
# and the rules examples' glue are left alone (not part of the first load).
set -euo pipefail

stage="${TRUNK_STAGING_DIR:?minify-js.sh must run as a Trunk post_build hook (TRUNK_STAGING_DIR unset)}"
[[ "${TRUNK_PROFILE:-release}" == release ]] || exit 0

terser="${XDG_CACHE_HOME:-$HOME/.cache}/spieltisch/terser-5.36.0/node_modules/.bin/terser"
[[ -x "$terser" ]] || terser="$(command -v terser || true)"
[[ -n "$terser" ]] || { echo "minify-js.sh: terser not found; run scripts/setup.sh" >&2; exit 1; }

shopt -s nullglob
glue=("$stage"/spieltisch-*.js)
n=0
for f in "${glue[@]}"; do
  case "$(basename "$f")" in spieltisch-worker* | spieltisch-rules*) continue ;; esac
  "$terser" "$f" --module --compress passes=3 --mangle -o "$f.min"
  mv -- "$f.min" "$f"
  n=$((n + 1))
done
[[ "$n" == 1 ]] || { echo "minify-js.sh: expected one page glue file, found $n" >&2; exit 1; }
echo "minify-js.sh: minified the page's JS glue"
