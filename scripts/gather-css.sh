#!/usr/bin/env bash
# Trunk pre_build hook (see Trunk.toml): gathers the two stylesheets of the page into target/style/
# (not in git):
# - spieltisch.css, linked by index.html (Trunk minifies and hashes it): style/main.css, what every
#   screen shares and the screens before a game (home, setup, settings, rules);
# - table.css, loaded after the first screen is up (Trunk.toml's start script; at once when the app
#   opens on a game): style/table.css, the frame of the game screen, then each game's own styles,
#   kept beside its components (src/ui/<game>/style.css), in name order. The home screen needs none
#   of it, so it stays out of the first load. A game's rules come after the shared ones and never
#   compete with another game's (each is scoped by its own classes), so adding a game adds its file
#   and nothing here.
# Each is written only when its content changed: `trunk serve` ignores cargo's target/ only after
# the first cargo run, and an unchanged file makes no change event, so it cannot rebuild in a loop.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mkdir -p target/style
LC_ALL=C
write() {
  local out="target/style/$1" tmp="target/style/$1.$$.tmp"
  shift
  cat "$@" >"$tmp"
  if cmp -s "$tmp" "$out"; then rm -f "$tmp"; else mv "$tmp" "$out"; fi
}
write spieltisch.css style/main.css
write table.css style/table.css src/ui/*/style.css
