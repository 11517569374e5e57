//! Browser tests: hangs, updates, odd addresses and the page's security policy — a worker that
//! stops answering, a worker of another build, `/spieltisch//`, the Content-Security-Policy
//! during complete games of every kind, and the "new version" note never over a board.

mod common;

use common::*;
use serde_json::{json, Value};
use spieltisch::session::{AnySession, SaveMeta};
use spieltisch_tools::screens::{self, KINDS, VIEWPORTS};
use std::path::PathBuf;
use std::time::Duration;

/// A copy of dist/ for one test, removed when dropped.
struct Copy(PathBuf);

impl Copy {
    fn new(name: &str) -> Copy {
        let dir = std::env::temp_dir().join(format!("spieltisch-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        copy_dir(&dist(), &dir);
        Copy(dir)
    }
}

impl Drop for Copy {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const LOADER: &str = "spieltisch-worker_loader.js";

fn open(app: &App, query: &str) {
    app.b.goto(&format!("{}{query}", app.base_url)).ctx("open app");
    app.wait("[data-test=home]");
}

/// From home: a Just 4 Fun game whose first seat is Hard (it moves first) against a person.
fn start_against_hard(app: &App) {
    app.click("[data-test=new-just4fun]");
    app.wait("[data-test=setup]");
    app.click("[data-test=players-2]");
    app.js("document.querySelectorAll('[data-test=seat-row], .seat-row')[0].querySelector('[data-test=kind-hard]').click();");
    app.click("[data-test=start]");
    app.wait("[data-test=game]");
}

fn turn(app: &App) -> u64 {
    app.autosave_raw()
        .and_then(|r| serde_json::from_str::<Value>(&r).ok())
        .and_then(|r| r["turn"].as_u64())
        .unwrap_or(0)
}

/// The worker starts, then swallows every answer while `./worker-mute` exists on the server (as
/// a worker killed without an error event): the page gives up after its timeout (here shortened
/// by `?timeout=`) with the "try again" message; once the worker answers, "try again" works.
#[test]
fn a_worker_that_stops_answering_ends_in_try_again() {
    let copy = Copy::new("mute-worker");
    let real = std::fs::read_to_string(copy.0.join(LOADER)).unwrap();
    let mute = "const post = self.postMessage.bind(self); \
        self.postMessage = m => { if (String(m).startsWith('ready')) return post(m); \
          const x = new XMLHttpRequest(); x.open('GET', './worker-mute', false); x.send(); if (x.status !== 200) post(m); };\n";
    std::fs::write(copy.0.join(LOADER), format!("{mute}{real}")).unwrap();
    std::fs::write(copy.0.join("worker-mute"), "1").unwrap();
    let app = App::start_serving("worker-mute", "/tisch/", &copy.0);
    open(&app, "?budget=60&timeout=1500");
    start_against_hard(&app);
    app.wait("[data-test=thinking]");
    let banner =
        app.b.wait_for("[data-test=computer-failed]", Duration::from_secs(20)).ctx("the worker counts as gone");
    let text = app.b.text(&banner).ctx("text");
    assert!(text.contains("gespeichert") || text.contains("saved"), "{text:?}");
    assert!(!app.exists("[data-test=thinking]"), "no computer is said to think any more");
    assert_eq!(turn(&app), 0);

    std::fs::remove_file(copy.0.join("worker-mute")).unwrap();
    app.click("[data-test=computer-retry]");
    app.b
        .wait_until(Duration::from_secs(30), "the computer's move after trying again", |_| {
            Ok((turn(&app) >= 1).then_some(()))
        })
        .ctx("retry works");
    assert!(!app.exists("[data-test=computer-failed]"));
}

/// After another tab took a new deploy, an old page gets the new build's worker files. The page
/// refuses a worker of another build (it names its build on "ready") with a clear message and a
/// reload button, and never sends it a request.
#[test]
fn a_worker_of_another_build_is_refused_with_a_reload() {
    let copy = Copy::new("other-worker");
    std::fs::write(
        copy.0.join(LOADER),
        "self.onmessage = () => { self.postMessage('0 0 error I should never be asked'); }; self.postMessage('ready 0123456789abcdef');",
    )
    .unwrap();
    let app = App::start_serving("worker-other-build", "/tisch/", &copy.0);
    open(&app, "?budget=60");
    start_against_hard(&app);
    app.b.wait_for("[data-test=computer-reload]", Duration::from_secs(20)).ctx("the outdated message");
    let text = app.b.text(&app.wait("[data-test=computer-failed]")).ctx("text");
    assert!(text.contains("neue Version") || text.contains("new version"), "{text:?}");
    assert!(!app.exists("[data-test=thinking]") && !app.exists("[data-test=computer-retry]"));
    assert_eq!(turn(&app), 0);
    app.js("window.__marker = 1; return true;");
    app.click("[data-test=computer-reload]");
    app.b
        .wait_until(T, "a reload", |b| {
            Ok((b.execute("return window.__marker === undefined;", vec![]).ok() == Some(Value::Bool(true)))
                .then_some(()))
        })
        .ctx("reloaded");
}

/// `/spieltisch//` (a doubled slash in a link) is the same deployment as `/spieltisch/`: its
/// saves are listed, one service worker, one cache, no "new version" note.
#[test]
fn a_doubled_slash_opens_the_same_deployment() {
    let app = App::start("double-slash", "/spieltisch/");
    wait_for_controller(&app);
    app.new_game(2);
    play_placements(&app, 1, 3);
    let key = app.save_key().expect("a record");
    go_home(&app);
    app.b.goto(&format!("{}/", app.base_url)).ctx("open /spieltisch//");
    app.wait("[data-test=home]");
    let keys =
        app.js("return [...document.querySelectorAll('[data-test=open-game]')].map(r => r.getAttribute('data-key'));");
    assert_eq!(keys, json!([key]), "the saved game is listed");
    assert_eq!(app.js("return location.pathname;"), "/spieltisch/", "the address is normalised");
    std::thread::sleep(Duration::from_secs(2));
    let regs = app.b.execute_async("const done = arguments[0]; navigator.serviceWorker.getRegistrations().then(r => done(r.map(x => x.scope)));", vec![]).ctx("registrations");
    assert_eq!(regs.as_array().map(Vec::len), Some(1), "one service worker: {regs}");
    assert_eq!(cache_names(&app.b).map(|c| c.len()), Some(1), "one cache");
    assert!(!app.exists("[data-test=update-ready]"), "no false 'new version' note");
}

/// Records every Content-Security-Policy violation from the start of each page.
const RECORD_VIOLATIONS: &str = "window.__csp = []; document.addEventListener('securitypolicyviolation', \
    e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sample || '')));";

fn violations(app: &App) -> Vec<String> {
    let v = app.js("return window.__csp || ['no listener'];");
    v.as_array().into_iter().flatten().filter_map(|x| x.as_str().map(str::to_string)).collect()
}

/// The page has a Content-Security-Policy that stops injected scripts, and a complete game of
/// every kind (computers only, small budget) raises no violation: the service worker, the Wasm,
/// the worker, the rules and every screen work under it.
#[test]
fn the_security_policy_holds_and_every_game_plays_under_it() {
    let app = App::start_blank("csp", "/tisch/");
    app.b.cdp("Page.addScriptToEvaluateOnNewDocument", json!({ "source": RECORD_VIOLATIONS })).ctx("listener");
    open(&app, "?budget=30");
    wait_for_controller(&app);
    app.js("const s = document.createElement('script'); s.textContent = 'window.__injected = 1'; document.head.append(s); return true;");
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(
        app.js("return window.__injected === undefined;"),
        Value::Bool(true),
        "an injected inline script ran: no policy"
    );
    let found = violations(&app);
    assert!(found.len() == 1 && found[0].starts_with("script-src"), "the injection is reported: {found:?}");
    app.js("window.__csp = []; return true;");
    assert!(violations(&app).is_empty());
    for kind in KINDS {
        app.b.goto(&format!("{}#/rules/{kind}", app.base_url)).ctx("rules");
        app.wait("[data-test=rules-text]");
        let found = violations(&app);
        assert!(found.is_empty(), "{kind} rules: policy violations: {found:?}");
        screens::computer_game(&app.b, &app.base_url, kind, 2, None).ctx(kind);
        assert!(app.exists("[data-test=end-screen]"), "{kind}: the computers finished");
        let found = violations(&app);
        assert!(found.is_empty(), "{kind}: policy violations: {found:?}");
    }
}

/// A game of `kind` a few moves in, for two people (Anna, Ben).
fn a_game(kind: &str) -> AnySession {
    match kind {
        "just4fun" => AnySession::Just4Fun(screens::random_game(2, Default::default(), 5, |s| s.log.len() >= 6)),
        "gutangelegt" => AnySession::GutAngelegt(screens::random_game(2, Default::default(), 5, |s| s.log.len() >= 6)),
        "sudoku" => AnySession::Sudoku(screens::random_game(2, Default::default(), 5, |s| s.log.len() >= 6)),
        _ => AnySession::VierMalVier(screens::random_game(2, Default::default(), 5, |s| s.log.len() >= 4)),
    }
}

/// The "new version" note lies where it covers no board field, hand card or main action, on
/// every game's screen at the three viewports (a tap meant for the board must never reload).
#[test]
fn the_update_note_covers_no_board() {
    let copy = Copy::new("update-note");
    let sw = std::fs::read_to_string(copy.0.join("sw.js")).unwrap();
    let app = App::start_serving("update-note", "/spiele/", &copy.0);
    app.goto_home();
    wait_for_controller(&app);
    std::fs::write(copy.0.join("sw.js"), sw.replacen("const BUILD = \"", "const BUILD = \"x", 1)).unwrap();
    app.b.refresh().ctx("visit after a deploy");
    app.wait("[data-test=update-ready]");
    let covered = "const n = document.querySelector('[data-test=update-ready]').getBoundingClientRect(); \
        return [...document.querySelectorAll('[data-test=field], [data-test=cell], [data-test=slot], [data-test=card], [data-test=hand-card], \
          [data-test=tafel-stone], [data-test=stone], [data-test=place], [data-test=new-hand], [data-test=reveal], [data-test=gold-rest]')] \
          .filter(e => { const r = e.getBoundingClientRect(); \
            return r.width > 0 && r.height > 0 && r.left < n.right && r.right > n.left && r.top < n.bottom && r.bottom > n.top; }) \
          .map(e => e.dataset.test + ' ' + (e.dataset.number || e.dataset.cell || ''));";
    let mut problems = Vec::new();
    for (v, viewport) in VIEWPORTS.into_iter().enumerate() {
        screens::apply(&app.b, viewport).ctx("viewport");
        for (k, kind) in KINDS.into_iter().enumerate() {
            // Opened by its address (a change of the hash: the page and its note stay).
            let id = format!("{:016x}", 0xfeed00 + 16 * v + k);
            let record =
                spieltisch::session::to_json(&a_game(kind), SaveMeta { name: "x", saved_at: 1.8e12, id: &id, rev: 1 })
                    .unwrap();
            app.set_local_storage(&app.scoped_key(&format!("game.{id}")), &record);
            app.b.goto(&format!("{}#/play/{id}", app.base_url)).ctx("open the game");
            app.wait("[data-test=game]");
            app.b
                .wait_until(T, "the board and hand", |b| {
                    // Past the hand-over cover, by script: the test is about the note, not the cover.
                    b.execute(
                        "const r = document.querySelector('[data-test=reveal]'); if (r) r.click(); return true;",
                        vec![],
                    )?;
                    Ok((b.exists("[data-test=field], [data-test=cell], [data-test=slot], [data-test=tafel-stone]")?
                        && !b.exists("[data-test=handover]")?)
                    .then_some(()))
                })
                .ctx(kind);
            assert!(app.exists("[data-test=update-ready]"), "the note stays while playing");
            std::thread::sleep(Duration::from_millis(300));
            let hit = app.js(covered);
            if hit.as_array().is_some_and(|h| !h.is_empty()) {
                problems.push(format!("{} {kind}: {hit}", viewport.name));
            }
        }
    }
    assert!(problems.is_empty(), "the note covers:\n{}", problems.join("\n"));
}
