//! Recovery from a damaged offline copy: when the app cannot start, the boot check in index.html
//! offers to delete this deployment's caches and service worker and to reload. Saved games stay.
//!
//! Needs `trunk build --release` first (scripts/test.sh does it) and chromium + chromedriver.

mod common;

use common::*;
use serde_json::{json, Value};

/// Every localStorage key with its value.
const ALL_STORAGE: &str = "return Object.fromEntries(\
     Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]));";

/// Puts junk in place of the cached Wasm, plus things the repair must (not) touch: an extra entry
/// in this deployment's cache (a re-install would overwrite the Wasm but keep it; only deleting
/// the cache drops it), a cache of another copy of the app on this origin, another app's cache.
const DAMAGE: &str = r#"return (async () => {
  const scope = arguments[0], prefix = "spieltisch:" + scope + ":";
  const names = (await caches.keys()).filter((n) => n.startsWith(prefix));
  if (names.length !== 1) return "want one cache for " + scope + ", got " + JSON.stringify(names);
  const cache = await caches.open(names[0]);
  const wasm = (await cache.keys()).find((r) => r.url.endsWith(".wasm") && !/spieltisch-(worker|rules)/.test(r.url));
  if (!wasm) return "no .wasm in " + names[0];
  await cache.put(wasm, new Response(new Uint8Array(4096).fill(7),
    { headers: { "content-type": "application/wasm" } }));
  const stored = await (await cache.match(wasm)).arrayBuffer();
  if (stored.byteLength !== 4096) return "junk not stored";
  await cache.put(new URL("left-behind", scope).href, new Response("x"));
  const other = await caches.open("spieltisch:" + new URL("/other/", scope).href + ":0123456789abcdef");
  await other.put(new URL("/other/x", scope).href, new Response("other copy"));
  await (await caches.open("another-app")).put(new URL("/y", scope).href, new Response("y"));
  return "ok";
})();"#;

/// This deployment's caches: name → (byte length of the cached .wasm, whether the extra entry
/// is still there); plus all cache names.
const INSPECT: &str = r#"return (async () => {
  const scope = arguments[0], prefix = "spieltisch:" + scope + ":", ours = {};
  const all = await caches.keys();
  for (const name of all.filter((n) => n.startsWith(prefix))) {
    const cache = await caches.open(name);
    const keys = await cache.keys();
    const wasm = keys.find((r) => r.url.endsWith(".wasm") && !/spieltisch-(worker|rules)/.test(r.url));
    const len = wasm ? (await (await cache.match(wasm)).arrayBuffer()).byteLength : -1;
    ours[name] = [len, keys.some((r) => r.url.endsWith("/left-behind"))];
  }
  return { all, ours };
})();"#;

/// A damaged cached Wasm: the app does not start, the boot check says so and its button deletes
/// this deployment's offline copy only; the app then starts from the network, installs a fresh
/// copy, localStorage is exactly as before and the game goes on.
#[test]
fn a_damaged_offline_copy_is_repaired_and_saved_games_are_kept() {
    let dir = std::env::temp_dir().join(format!("spieltisch-recovery-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&dist(), &dir);
    let wasm_len = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .find(|e| {
            // The page's own Wasm: not the worker's, not the rules examples'.
            let name = e.file_name().to_string_lossy().into_owned();
            name.ends_with(".wasm") && !name.starts_with("spieltisch-worker") && !name.starts_with("spieltisch-rules")
        })
        .expect("a .wasm in dist/")
        .metadata()
        .unwrap()
        .len();

    let app = App::start_serving("recovery", "/x/y/", &dir);
    app.goto_home();
    wait_for_controller(&app);
    let scope = app.js("return navigator.serviceWorker.getRegistration().then(r => r.scope);");
    assert_eq!(scope, app.base_url.as_str(), "the service worker's scope is the app's folder");
    app.new_game(2);
    play_placements(&app, 1, 81);
    // Back on the home screen, where a restart lands too.
    app.goto_home();
    let saved = app.js(ALL_STORAGE);
    assert!(
        saved.as_object().is_some_and(|all| all.keys().any(|k| k.contains("|game."))),
        "the running game is autosaved: {saved}"
    );

    let damaged = app.b.execute(DAMAGE, vec![scope.clone()]).ctx("damage the cache");
    assert_eq!(damaged, "ok");
    app.b.refresh().ctx("reload with the damaged Wasm");
    let failed = app.wait("[data-test=boot-failed]");
    let after_ms = app.js("return performance.now();").as_f64().unwrap_or(f64::MAX);
    assert!(
        after_ms < 5000.0,
        "the boot check reacts to the load error at once, not only after its 6 s timer \
         ({after_ms} ms after load)"
    );
    assert_eq!(app.b.attr(&failed, "role").ctx("role"), Some("alert".into()));
    let de = app.js("return navigator.language.toLowerCase().startsWith('de');") == true;
    let text = app.b.text(&failed).ctx("boot-failed text");
    let want = if de { "konnte nicht starten" } else { "could not start" };
    assert!(text.contains(want), "boot-failed text {text:?}, want {want:?}");
    assert!(!app.exists("[data-test=home]"), "the damaged app did not start");
    assert_eq!(app.js("return document.documentElement.hasAttribute('data-booted');"), false);

    app.click("[data-test=boot-repair]");
    app.wait("[data-test=home]");
    assert_eq!(app.js("return document.documentElement.getAttribute('data-booted');"), "1", "the app marks its start");
    assert!(!app.exists("[data-test=boot-failed]"), "no boot message after a good start");
    assert_eq!(app.js(ALL_STORAGE), saved, "localStorage is exactly as before the repair");

    // The damaged cache is gone; a fresh service worker controls the page again and has cached
    // the good build; nothing outside this deployment was touched.
    wait_for_controller(&app);
    let state = app
        .b
        .wait_until(T, "a fresh copy of the build in Cache Storage", |b| {
            let v = b.execute(INSPECT, vec![scope.clone()])?;
            let ours = v["ours"].as_object().cloned().unwrap_or_default();
            let fresh = ours.len() == 1 && ours.values().all(|o| o[0] == json!(wasm_len));
            Ok(fresh.then_some(v))
        })
        .ctx("fresh offline copy");
    let entry = state["ours"].as_object().unwrap().values().next().unwrap().clone();
    assert_eq!(entry[1], false, "the damaged cache was deleted, not just refilled: {state}");
    let all: Vec<&str> = state["all"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    assert!(all.contains(&"another-app"), "another app's cache is kept: {all:?}");
    assert!(all.iter().any(|n| n.contains("/other/:")), "the cache of another copy of the app is kept: {all:?}");

    resume_to_board(&app);
    play_placements(&app, 1, 82);
    // A good start never shows the boot message, also after its timer ran out.
    app.b
        .wait_until(T, "7 s after load", |b| {
            let t = b.execute("return performance.now();", vec![])?;
            Ok((t.as_f64().unwrap_or(0.0) > 7000.0).then_some(()))
        })
        .ctx("time passing");
    assert!(!app.exists("[data-test=boot-failed]"), "boot message after a good start");
    let _ = std::fs::remove_dir_all(&dir);
}
