//! Checks of the built dist/ that need no browser: relative URLs, the service worker's file
//! list, the manifest and icons, and that everything is served correctly from two sub-paths.

mod common;

use common::dist;
use serde_json::Value;
use spieltisch_tools::{dist::list_files, http, server::StaticServer};
use std::collections::BTreeSet;

/// Every `href=…` / `src=…` value (quoted, or unquoted as the minifier writes them) and every
/// quoted string ending in .js/.wasm/.css.
fn referenced_urls(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for attr in ["href=", "src="] {
        let mut rest = html;
        while let Some(i) = rest.find(attr) {
            rest = &rest[i + attr.len()..];
            match rest.chars().next() {
                Some(q @ ('"' | '\'')) => {
                    let body = &rest[1..];
                    if let Some(end) = body.find(q) {
                        out.push(body[..end].to_string());
                    }
                }
                _ => {
                    let end = rest.find(|c: char| c.is_whitespace() || c == '>').unwrap_or(rest.len());
                    out.push(rest[..end].to_string());
                }
            }
        }
    }
    for q in ['"', '\''] {
        for (i, part) in html.split(q).enumerate() {
            if i % 2 == 1
                && !part.contains(char::is_whitespace)
                && [".js", ".wasm", ".css"].iter().any(|e| part.ends_with(e))
            {
                out.push(part.to_string());
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

#[test]
fn index_html_uses_only_relative_urls() {
    let html = std::fs::read_to_string(dist().join("index.html")).unwrap();
    let urls = referenced_urls(&html);
    assert!(urls.iter().any(|u| u.ends_with(".wasm")), "index.html references the wasm: {urls:?}");
    assert!(urls.iter().any(|u| u.ends_with(".js")), "index.html references the JS: {urls:?}");
    for u in &urls {
        assert!(
            !u.starts_with('/') && !u.contains("://"),
            "absolute URL {u:?} in dist/index.html — the app must work under any sub-path"
        );
    }
    assert!(html.contains("lang=\"de\"") || html.contains("lang=de"), "html lang=de");
    assert!(html.contains("manifest.webmanifest"), "manifest link");
    assert!(!html.contains("data-trunk"), "unprocessed data-trunk links left");
}

#[test]
fn assets_are_served_from_any_sub_path() {
    let dist = dist();
    let html = std::fs::read_to_string(dist.join("index.html")).unwrap();
    let mut urls: BTreeSet<String> = referenced_urls(&html).into_iter().collect();
    urls.insert("manifest.webmanifest".into());
    urls.insert("sw.js".into());
    for prefix in ["/spieltisch/", "/x/y/"] {
        let srv = StaticServer::serve(&dist, prefix).unwrap();
        let base = srv.url();
        let index = http::get(&base).unwrap();
        assert_eq!(index.status, 200, "{base}");
        assert!(index.header("content-type").unwrap().starts_with("text/html"));
        for u in &urls {
            let rel = u.trim_start_matches("./");
            let r = http::get(&format!("{base}{rel}")).unwrap();
            assert_eq!(r.status, 200, "{base}{rel}");
            let ct = r.header("content-type").unwrap_or("");
            let want = match rel.rsplit('.').next().unwrap() {
                "wasm" => "application/wasm",
                "js" => "text/javascript",
                "css" => "text/css",
                "webmanifest" => "application/manifest+json",
                "png" => "image/png",
                "html" => "text/html",
                _ => "",
            };
            assert!(ct.starts_with(want), "{rel}: content-type {ct:?}, want {want}");
        }
    }
}

#[test]
fn service_worker_precaches_exactly_the_build() {
    let dist = dist();
    let sw = std::fs::read_to_string(dist.join("sw.js")).expect("dist/sw.js (post_build hook)");
    let start = sw.find("const FILES = [").expect("FILES list in sw.js") + "const FILES = ".len();
    let end = start + sw[start..].find("];").expect("end of FILES") + 1;
    let listed: Vec<String> = serde_json::from_str(&sw[start..end]).expect("FILES is a JSON array");
    let mut expected: Vec<String> = list_files(&dist)
        .unwrap()
        .into_iter()
        .filter(|f| f != "sw.js")
        .map(|f| if f == "index.html" { "./".to_string() } else { format!("./{f}") })
        .collect();
    expected.sort();
    let mut got = listed.clone();
    got.sort();
    assert_eq!(got, expected, "sw.js precache list vs. files in dist/");
    assert!(!sw.contains("__BUILD_HASH__") && !sw.contains("__PRECACHE_LIST__"), "template filled");
    let build = sw.split("const BUILD = \"").nth(1).and_then(|s| s.split('"').next()).unwrap();
    assert_eq!(build.len(), 16, "cache build hash {build:?}");
    assert!(sw.contains("clients.claim"));
    // An update waits for the page's "skipWaiting" message (the player's click), never more.
    assert_eq!(sw.matches("skipWaiting").count(), 2, "skipWaiting only on request:\n{sw}");
    assert!(sw.contains("\"skipWaiting\""), "the message the page posts");
}

/// The boot check (plain JS inline in index.html) survives the release build's minifier.
#[test]
fn index_html_keeps_the_boot_check() {
    let html = std::fs::read_to_string(dist().join("index.html")).unwrap();
    for needle in [
        "data-booted",
        "boot-failed",
        "boot-repair",
        "unhandledrejection",
        "unregister",
        "caches.delete",
        "spieltisch:",
    ] {
        assert!(html.contains(needle), "{needle:?} missing from the boot check in dist/index.html");
    }
    // The boot check's repair deletes caches, never saves. (The start script reads the stored
    // language, to ask for a rules page's text beside the wasm.)
    let boot_check = html
        .split("<script")
        .find(|script| script.contains("boot-repair"))
        .and_then(|script| script.split("</script>").next())
        .expect("the boot check's script");
    assert!(!boot_check.contains("localStorage"), "the boot check never touches localStorage");
}

fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "PNG signature");
    let w = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let h = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    (w, h)
}

#[test]
fn manifest_and_icons() {
    let dist = dist();
    let m: Value = serde_json::from_str(&std::fs::read_to_string(dist.join("manifest.webmanifest")).unwrap())
        .expect("manifest is JSON");
    assert_eq!(m["name"], "Spieltisch");
    assert_eq!(m["short_name"], "Spieltisch");
    assert_eq!(m["start_url"], "./");
    assert_eq!(m["scope"], "./");
    assert_eq!(m["display"], "standalone");
    let icons = m["icons"].as_array().unwrap();
    let mut seen = BTreeSet::new();
    for icon in icons {
        let src = icon["src"].as_str().unwrap();
        assert!(!src.starts_with('/'), "relative icon URL {src}");
        let bytes = std::fs::read(dist.join(src)).unwrap_or_else(|_| panic!("{src} in dist"));
        let (w, h) = png_size(&bytes);
        assert_eq!(format!("{w}x{h}"), icon["sizes"].as_str().unwrap(), "{src}");
        seen.insert((w, icon["purpose"].as_str().unwrap_or("any").to_string()));
    }
    assert!(seen.contains(&(192, "any".into())));
    assert!(seen.contains(&(512, "any".into())));
    assert!(seen.contains(&(512, "maskable".into())));
}

/// The page's Content-Security-Policy is filled in (scripts/csp.sh): one hash per inline script
/// of the final index.html, before any script, and no placeholder left.
#[test]
fn index_html_has_a_filled_in_security_policy() {
    let html = std::fs::read_to_string(dist().join("index.html")).unwrap();
    assert!(!html.contains("__CSP_SCRIPT_HASHES__"), "the placeholder was not filled in");
    let csp = html.find("Content-Security-Policy").expect("a Content-Security-Policy meta tag");
    assert!(html.find("<script").is_some_and(|s| s > csp), "the policy comes before every script");
    let inline = html
        .match_indices("<script")
        .filter(|(i, _)| !html[*i..].split('>').next().unwrap_or("").contains("src="))
        .count();
    assert_eq!(html.matches("'sha256-").count(), inline, "one hash per inline script");
    for directive in ["default-src 'self'", "'wasm-unsafe-eval'", "object-src 'none'", "base-uri 'self'"] {
        assert!(html.contains(directive), "{directive} missing");
    }
}

/// The page and the worker of one build name the same protocol id (build.rs): the page accepts
/// exactly its own build's worker.
#[test]
fn page_and_worker_name_the_same_protocol() {
    let ready = |name: &str| -> Vec<String> {
        let bytes = std::fs::read(dist().join(name)).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        let mut found: Vec<String> = text
            .match_indices("ready ")
            .filter_map(|(i, _)| text.get(i + 6..i + 22))
            .filter(|id| id.bytes().all(|b| b.is_ascii_hexdigit()))
            .map(str::to_string)
            .collect();
        found.dedup();
        found
    };
    let page = list_files(&dist())
        .unwrap()
        .into_iter()
        .find(|f| f.starts_with("spieltisch-") && f.ends_with("_bg.wasm") && !f.contains("worker"))
        .expect("the page's wasm");
    let (page, worker) = (ready(&page), ready("spieltisch-worker_bg.wasm"));
    assert_eq!(page.len(), 1, "one protocol id in the page: {page:?}");
    assert_eq!(page, worker, "the worker's id");
}
