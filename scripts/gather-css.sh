#!/usr/bin/env bash
# Trunk pre_build hook (see Trunk.toml): gathers the one stylesheet the page loads (one request,
# as before), target/style/spieltisch.css: style/main.css (what every screen shares) first, then
# each game's own styles, kept beside its components (src/ui/<game>/style.css), in name order.
# A game's rules come after the shared ones and never compete with another game's (each is
# scoped by its own classes), so adding a game adds its file and nothing here.
# Written only when its content changed: `trunk serve` ignores cargo's target/ only after the
# first cargo run, and an unchanged file makes no change event, so it cannot rebuild in a loop.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=target/style/spieltisch.css
mkdir -p "$(dirname "$out")"
tmp="$out.$$.tmp"
LC_ALL=C
cat style/main.css src/ui/*/style.css >"$tmp"
if cmp -s "$tmp" "$out"; then rm -f "$tmp"; else mv "$tmp" "$out"; fi
