//! Browser tests for taking moves back (the setting "Züge zurücknehmen"): against a computer in
//! every game, back to exactly the game as it was (nothing seen moves, nothing drawn anew); between people only with the others' yes;
//! nothing when the setting says never; a finished game says that moves were taken back.

mod common;

use common::*;
use serde_json::{json, Value};

const GAMES: [&str; 4] = ["just4fun", "gutangelegt", "viermalvier", "sudoku"];

fn log_len(app: &App) -> usize {
    record(app).and_then(|r| r["log"].as_array().map(Vec::len)).unwrap_or(0)
}

/// Waits until the person may act (the "Tipp" button is enabled): the computers have moved.
fn wait_for_person(app: &App, kind: &str) {
    app.b
        .wait_until(T, "the person's turn", |b| {
            let ready =
                b.execute("const h = document.querySelector('[data-test=hint]'); return !!h && !h.disabled;", vec![])?;
            Ok((ready == Value::Bool(true)).then_some(()))
        })
        .ctx(&format!("{kind}: the person is to move"));
}

fn wait_for_log_len(app: &App, len: usize, what: &str) {
    app.b.wait_until(T, what, |_| Ok((log_len(app) == len).then_some(()))).ctx(what);
}

/// The app, in German (the headless browser speaks English).
fn start_in_german(name: &str) -> App {
    let app = App::start_blank(name, "/tisch/");
    spieltisch_tools::screens::german(&app.b, &app.base_url).ctx("open the app in German");
    app
}

/// Chooses the take-back setting (`takeback-never`, `-computers`, `-people`), from home or the
/// settings, and goes home.
fn choose_setting(app: &App, choice: &str) {
    if !app.exists("[data-test=settings-screen]") {
        app.click("[data-test=settings]");
    }
    app.click(&format!("[data-test={choice}]"));
    assert_eq!(
        app.js(&format!("return document.querySelector('[data-test={choice}]').getAttribute('aria-checked');")),
        json!("true")
    );
    app.click("[data-test=home-button]");
    app.wait("[data-test=home]");
}

/// In every game: the person's move and the computer's reply go back with one tap; the game is
/// exactly as before, the draw pile in its order too (nothing anyone saw has moved, nothing is
/// drawn anew), so the same move played again draws the very cards the person saw (no fishing
/// for better ones: tests/takebacks.rs plays it again natively); the take-back is in the save.
#[test]
fn a_move_against_the_computer_goes_back_exactly() {
    let app = start_in_german("takeback-computer");
    for kind in GAMES {
        start_with_seats(&app, kind, Some(2), &["kind-person", "kind-medium"], &[]);
        wait_for_person(&app, kind);
        assert!(!app.exists("[data-test=take-back]"), "{kind}: nothing to take back before the person's first move");
        let before = record(&app).expect("the game is stored");
        let at = log_len(&app);
        assert!(play_hint(&app, kind), "{kind}: the person moves");
        wait_for_person(&app, kind);
        assert!(log_len(&app) > at + 1, "{kind}: the computer replied");
        app.click("[data-test=take-back]");
        wait_for_log_len(&app, at, &format!("{kind}: back to before the person's move"));
        let back = record(&app).expect("still stored");
        let expected = json!([{ "at": at, "nonce": 1, "redraw": false }]);
        assert_eq!(back["takebacks"], expected, "{kind}: the take-back is in the save");
        assert_eq!(back["state"], before["state"], "{kind}: the game exactly as before, its pile's order too");
        let message = app.b.text(&app.wait("[data-test=message]")).ctx("the message");
        assert!(message.contains("zurückgenommen"), "{kind}: the message says so: {message}");
        assert!(play_hint(&app, kind), "{kind}: the game goes on");
        go_home(&app);
    }
}

/// Between people (the setting "also between people"): the mover asks, the next player answers
/// on the device; "no" keeps the move. With the default setting there is no button between
/// people, and with "never" none against a computer either.
#[test]
fn between_people_the_others_agree_first() {
    let app = start_in_german("takeback-people");
    app.click("[data-test=settings]");
    app.click("[data-test=setting-handover]");
    choose_setting(&app, "takeback-people");
    start_with_seats(&app, "viermalvier", Some(2), &["kind-person", "kind-person"], &["opt-view-open"]);
    wait_for_person(&app, "viermalvier");
    let at = log_len(&app);
    assert!(play_hint(&app, "viermalvier"), "the first person moves");
    wait_for_person(&app, "viermalvier");
    app.click("[data-test=take-back]");
    app.wait("[data-test=confirm-no]");
    let asked = app.js("return document.querySelector('dialog[open]').textContent;");
    assert!(asked.as_str().is_some_and(|t| t.contains("Spieler 2: einverstanden")), "asks the next player: {asked}");
    app.click("[data-test=confirm-no]");
    assert_eq!(log_len(&app), at + 1, "no: the move stays");
    app.click("[data-test=take-back]");
    app.click("[data-test=confirm-yes]");
    wait_for_log_len(&app, at, "yes: the move goes back");
    assert!(play_hint(&app, "viermalvier"), "the first person moves again");
    go_home(&app);
    choose_setting(&app, "takeback-computers");
    app.click("[data-test=continue]");
    wait_for_person(&app, "viermalvier");
    assert!(!app.exists("[data-test=take-back]"), "the default setting takes nothing back between people");
    go_home(&app);
    choose_setting(&app, "takeback-never");
    start_with_seats(&app, "just4fun", Some(2), &["kind-person", "kind-medium"], &[]);
    wait_for_person(&app, "just4fun");
    assert!(play_hint(&app, "just4fun"));
    wait_for_person(&app, "just4fun");
    assert!(!app.exists("[data-test=take-back]"), "never: no take-back against a computer either");
}

/// A finished game with a take-back says so on its end screen.
#[test]
fn the_end_screen_says_moves_were_taken_back() {
    let app = start_in_german("takeback-end");
    start_with_seats(&app, "viermalvier", Some(2), &["kind-person", "kind-easy"], &[]);
    wait_for_person(&app, "viermalvier");
    assert!(play_hint(&app, "viermalvier"));
    wait_for_person(&app, "viermalvier");
    app.click("[data-test=take-back]");
    app.b
        .wait_until(T, "the take-back", |_| Ok(record(&app).is_some_and(|r| r["takebacks"] != json!([])).then_some(())))
        .ctx("taken back");
    while !app.exists("[data-test=end-screen]") {
        if !play_hint(&app, "viermalvier") {
            std::thread::sleep(std::time::Duration::from_millis(60));
        }
    }
    let note = app.b.text(&app.wait("[data-test=takebacks-made]")).ctx("the note");
    assert!(note.contains("Zugrücknahmen (1)"), "the end screen: {note}");
}
