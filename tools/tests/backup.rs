//! Browser tests for the one backup of everything (settings, "Sicherung"): exported, the storage
//! cleared, read back, and everything is there again; two backups read one after the other lose
//! nothing of either; a file that is no backup is said plainly and changes nothing.

mod common;

use common::*;
use serde_json::Value;
use std::collections::BTreeMap;

fn start_in_german(name: &str) -> App {
    let app = App::start_blank(name, "/tisch/");
    spieltisch_tools::screens::german(&app.b, &app.base_url).ctx("open the app in German");
    app
}

/// This deployment's stored games, saves, finished games and family, by key.
fn kept(app: &App) -> BTreeMap<String, String> {
    let v = app.js("const out = {}; for (const k of Object.keys(localStorage)) \
           if (/\\|(game\\.|slot\\.|archive\\.|family$|records$)/.test(k)) out[k] = localStorage.getItem(k); \
         return out;");
    v.as_object().into_iter().flatten().map(|(k, v)| (k.clone(), v.as_str().unwrap_or("").to_string())).collect()
}

/// Exports a backup from the settings and returns its text (the download's blob, caught).
fn export(app: &App) -> String {
    app.click("[data-test=settings]");
    app.js("window.__backup = null; const made = URL.createObjectURL; \
         URL.createObjectURL = (b) => { window.__backup = b; return made.call(URL, b); };");
    app.click("[data-test=backup-export]");
    // The backup is written by the lazily loaded wasm: a moment later.
    app.b
        .wait_until(T, "the backup", |b| {
            Ok((b.execute("return !!window.__backup;", vec![])? == Value::Bool(true)).then_some(()))
        })
        .ctx("the backup is offered");
    let text = app.js("return window.__backup.text();");
    app.click("[data-test=home-button]");
    text.as_str().expect("the backup was offered as a download").to_string()
}

/// Reads `text` back through the settings' file input; returns the message.
fn read_back(app: &App, text: &str, file: &str) -> String {
    let path = std::env::temp_dir().join(format!("spieltisch-{}-{}-{file}", std::process::id(), app.name));
    std::fs::write(&path, text).expect("write the file");
    app.click("[data-test=settings]");
    // An earlier message closed (its × button), so the one read is this file's.
    app.js("const close = document.querySelector('[data-test=message] button'); if (close) close.click();");
    app.b.wait_until(T, "no message", |b| Ok((!b.exists("[data-test=message]")?).then_some(()))).ctx("closed");
    let input = app.wait("[data-test=backup-import]");
    app.b.send_keys(&input, &path.display().to_string()).ctx("choose the file");
    let message = app.b.text(&app.wait("[data-test=message]")).ctx("the message");
    app.click("[data-test=home-button]");
    message
}

/// Everything this deployment keeps removed, but its settings (the language).
fn clear_storage(app: &App) {
    app.js("for (const k of Object.keys(localStorage)) if (!k.endsWith('|settings')) localStorage.removeItem(k);");
    app.b.refresh().ctx("reload");
    app.wait("[data-test=home]");
}

/// A running game with a move, and a finished game in the archive.
fn some_games(app: &App) {
    start_with_seats(app, "viermalvier", Some(2), &["kind-person", "kind-easy"], &[]);
    while !play_hint(app, "viermalvier") {
        std::thread::sleep(std::time::Duration::from_millis(60));
    }
    go_home(app);
    let path = std::env::temp_dir().join(format!("spieltisch-{}-{}-finished.json", std::process::id(), app.name));
    std::fs::write(&path, fixture("v4/sudoku-finished.json")).expect("write");
    let input = app.b.find("input[type=file][data-test=import]").ctx("import input");
    app.b.send_keys(&input, &path.display().to_string()).ctx("import");
    app.wait("[data-test=message]");
}

#[test]
fn a_backup_brings_everything_back() {
    let app = start_in_german("backup-back");
    some_games(&app);
    let before = kept(&app);
    assert!(
        before.keys().any(|k| k.contains("|game.")) && before.keys().any(|k| k.contains("|archive.")),
        "{before:?}"
    );
    assert!(before.keys().any(|k| k.ends_with("|family")), "the family is kept: {:?}", before.keys());
    let file = export(&app);
    clear_storage(&app);
    assert!(kept(&app).is_empty(), "the storage is empty");
    let said = read_back(&app, &file, "backup.json");
    assert!(said.contains("Sicherung eingespielt"), "{said}");
    assert_eq!(kept(&app), before, "everything back");
    assert_eq!(app.count("[data-test=open-game]"), 1, "the running game is listed again");
}

#[test]
fn two_backups_lose_nothing_of_either() {
    let app = start_in_german("backup-merge");
    some_games(&app);
    let first = export(&app);
    let of_first = kept(&app);
    // On goes the evening: another game, and the first running game deleted.
    app.click("[data-test=open-game] [data-test=slot-delete]");
    app.click("[data-test=confirm-yes]");
    start_with_seats(&app, "just4fun", Some(2), &["kind-person", "kind-easy"], &[]);
    while !play_hint(&app, "just4fun") {
        std::thread::sleep(std::time::Duration::from_millis(60));
    }
    go_home(&app);
    let second = export(&app);
    let of_second = kept(&app);
    clear_storage(&app);
    read_back(&app, &first, "first.json");
    read_back(&app, &second, "second.json");
    let now = kept(&app);
    for (key, text) in of_first.iter().chain(&of_second).filter(|(k, _)| !k.ends_with("|family")) {
        assert_eq!(now.get(key), Some(text), "{key} is kept");
    }
    assert_eq!(app.count("[data-test=open-game]"), 2, "both running games");
}

#[test]
fn a_file_that_is_no_backup_changes_nothing() {
    let app = start_in_german("backup-crafted");
    some_games(&app);
    let before = kept(&app);
    let said = read_back(&app, &fixture("v4/just4fun-slot.json"), "slot.json");
    assert!(said.contains("keine Spieltisch-Sicherung"), "{said}");
    let mut damaged: Value = serde_json::from_str(&export(&app)).expect("json");
    damaged["entries"]["game.0000000000000abc"] = Value::from("{\"app\":\"spieltisch\"}");
    let said = read_back(&app, &damaged.to_string(), "damaged.json");
    assert!(said.contains("beschädigt"), "{said}");
    assert_eq!(kept(&app), before, "nothing touched");
}
