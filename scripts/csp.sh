#!/usr/bin/env bash
# Trunk post_build hook (see Trunk.toml), after minify-js.sh and before gen-sw.sh: writes the
# hashes of index.html's inline scripts, as they are after the build minified them, into its
# Content-Security-Policy (the placeholder __CSP_SCRIPT_HASHES__ in index.html). A browser runs
# an inline script only when its text has one of these hashes, so every change of a script (or
# of the minifier) is covered by the next build. Node does the parsing and hashing (scripts/setup.sh
# installs it for terser).
set -euo pipefail

stage="${TRUNK_STAGING_DIR:?csp.sh must run as a Trunk post_build hook (TRUNK_STAGING_DIR unset)}"
node - "$stage/index.html" <<'JS'
const fs = require("fs"), crypto = require("crypto");
const file = process.argv[2];
const html = fs.readFileSync(file, "utf8");
// Inline scripts: <script …>text</script> without a src attribute. The hash is over the text
// exactly as it stands (script text is raw: no entities).
const hashes = [];
for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
  if (/\bsrc\s*=/i.test(m[1])) continue;
  hashes.push("'sha256-" + crypto.createHash("sha256").update(m[2], "utf8").digest("base64") + "'");
}
const parts = html.split("__CSP_SCRIPT_HASHES__");
if (parts.length !== 2) {
  console.error("csp.sh: expected one __CSP_SCRIPT_HASHES__ in index.html, found " + (parts.length - 1));
  process.exit(1);
}
fs.writeFileSync(file, parts.join(hashes.join(" ")));
console.log("csp.sh: " + hashes.length + " inline scripts allowed by hash");
JS
