#!/usr/bin/env bash
# Trunk post_build hook (see Trunk.toml): writes sw.js into the staging directory.
#
# The service worker precaches exactly the files of this build: every file Trunk staged
# (hashed JS/Wasm/CSS names, manifest, icons), index.html listed as "./", sw.js itself excluded.
# Its cache name contains a hash over the contents of all those files, so every build that
# changes anything gets a new cache (and a byte-different sw.js, which browsers pick up as an
# update).
set -euo pipefail
shopt -u patsub_replacement 2>/dev/null || true

stage="${TRUNK_STAGING_DIR:?gen-sw.sh must run as a Trunk post_build hook (TRUNK_STAGING_DIR unset)}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
template="$here/sw.template.js"
[[ -f "$template" ]] || { echo "gen-sw.sh: missing $template" >&2; exit 1; }
[[ -f "$stage/index.html" ]] || { echo "gen-sw.sh: $stage/index.html missing" >&2; exit 1; }

cd "$stage"
mapfile -t files < <(find . -type f ! -path './sw.js' ! -name '.*' -printf '%P\n' | LC_ALL=C sort)

list="["
hash_input=""
for f in "${files[@]}"; do
  case "$f" in
    *'"'* | *'\'* ) echo "gen-sw.sh: unsupported file name: $f" >&2; exit 1 ;;
  esac
  if [[ "$f" == "index.html" ]]; then url="./"; else url="./$f"; fi
  list+=$'\n'"  \"$url\","
  hash_input+="$(sha256sum -- "$f")"$'\n'
done
list="${list%,}"$'\n'"]"
build_hash="$(printf '%s' "$hash_input" | sha256sum | cut -c1-16)"

tpl="$(<"$template")"
out="${tpl//__BUILD_HASH__/$build_hash}"
out="${out//__PRECACHE_LIST__/$list}"
printf '%s\n' "$out" > sw.js
echo "gen-sw.sh: sw.js precaches ${#files[@]} files, cache build $build_hash"
