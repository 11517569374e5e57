//! Browser tests: the app's modal dialogs ("Speichern unter …", every confirmation, the other
//! tab's conflict) behave as modals — focus moves into them, Tab stays inside, Escape closes
//! them (as "cancel") where cancelling means something, and each has a name and a description.

mod common;

use common::*;
use spieltisch_tools::webdriver::KEY_TAB;

/// WebDriver's Escape key.
const KEY_ESCAPE: &str = "\u{E00C}";

/// The open modal around the focused element, or else any: its name and description (the text
/// of the elements aria-labelledby / aria-describedby point at, or aria-label) and whether the
/// focus is inside it.
const MODAL: &str = "const f = document.activeElement; \
    const m = (f && f.closest('dialog[open], [role=dialog], [role=alertdialog]')) || document.querySelector('dialog[open], [role=dialog], [role=alertdialog]'); \
    if (!m) return null; \
    const text = attr => (m.getAttribute(attr) || '').split(/\\s+/).filter(Boolean).map(id => (document.getElementById(id) || {}).textContent || '').join(' ').trim(); \
    return { name: text('aria-labelledby') || (m.getAttribute('aria-label') || ''), description: text('aria-describedby'), \
             focus_inside: !!f && f !== document.body && m.contains(f), modal: m.matches(':modal') || m.getAttribute('aria-modal') === 'true' };";

/// Where the focus is: in the open modal, on nothing of the page (the browser's own controls: a
/// modal `<dialog>` lets Tab leave the page, never to what lies behind it), or behind it.
const FOCUS: &str = "const f = document.activeElement, m = document.querySelector('dialog[open]'); \
    return !f || f === document.body ? 'none' : (m && m.contains(f) ? 'inside' : 'behind: ' + f.outerHTML.slice(0, 100));";

/// Checks the modal on show: named, described, focus inside, and Tab (forward and back) never
/// reaches anything behind it and keeps coming back into it.
#[track_caller]
fn assert_modal(app: &App, what: &str) {
    let m = app.js(MODAL);
    assert!(!m.is_null(), "{what}: no modal dialog");
    assert!(m["name"].as_str().is_some_and(|n| !n.is_empty()), "{what}: the dialog has no name: {m}");
    assert!(m["description"].as_str().is_some_and(|n| !n.is_empty()), "{what}: the dialog has no description: {m}");
    assert_eq!(m["focus_inside"], true, "{what}: focus is not in the dialog: {m}");
    let mut inside = 0;
    for i in 0..10 {
        if i < 6 { app.b.press(&[KEY_TAB]) } else { app.b.press_shifted(KEY_TAB) }.ctx("Tab");
        let at = app.js(FOCUS);
        assert!(at == "inside" || at == "none", "{what}: Tab {i} reached the page behind the dialog: {at}");
        inside += usize::from(at == "inside");
    }
    assert!(inside >= 6, "{what}: Tab keeps leaving the dialog ({inside} of 10 inside)");
}

/// "Speichern unter …": a modal (focus on the name field), Escape cancels and nothing is saved.
#[test]
fn save_as_is_a_modal_dialog() {
    let app = App::start("dialog_save_as", "/spiele/");
    app.start_game("sudoku", Some(1), &[]);
    app.click("[data-test=save-as]");
    app.wait("[data-test=slot-name]");
    app.b
        .wait_until(T, "focus in the dialog", |b| {
            Ok((b
                .execute(&MODAL.replace("return {", "return !!m && m.contains(document.activeElement) && {"), vec![])?
                .is_object())
            .then_some(()))
        })
        .ctx("focus");
    assert_eq!(focused_attr(&app, "data-test").as_deref(), Some("slot-name"), "focus starts on the name");
    assert_modal(&app, "save as");
    app.b.press(&[KEY_ESCAPE]).ctx("Escape");
    app.b.wait_gone("[data-test=slot-name]", T).ctx("Escape closes the dialog");
    assert_eq!(app.count("[data-test=slot]"), 0);
    go_home(&app);
    assert_eq!(app.count("[data-test=slot]"), 0, "nothing was saved");
}

/// A confirmation (deleting a game; the same component asks "trotzdem setzen?" in games and
/// before the oldest of too many games goes): a named and described modal, Escape = cancel.
#[test]
fn a_confirmation_is_a_modal_dialog() {
    let app = App::start("dialog_confirm", "/spiele/");
    app.new_game(2);
    // One move: a game never moved in is not kept.
    play_placements(&app, 1, 5);
    let key = app.save_key().expect("a record");
    go_home(&app);
    app.click("[data-test=open-game] [data-test=slot-delete]");
    app.wait("[data-test=confirm-no]");
    app.b
        .wait_until(T, "focus in the dialog", |b| {
            Ok((b.execute(
                "return document.activeElement && document.activeElement.dataset.test === 'confirm-no';",
                vec![],
            )? == true)
                .then_some(()))
        })
        .ctx("focus on cancel");
    assert_modal(&app, "confirm");
    app.b.press(&[KEY_ESCAPE]).ctx("Escape");
    app.b.wait_gone("[data-test=confirm-no]", T).ctx("Escape closes the question");
    assert!(app.local_storage(&key).is_some(), "Escape is cancel: the game is kept");
}

/// The conflict with another tab: a named modal whose question stands (Escape does not make it
/// go: this tab saves nothing until the player chose).
#[test]
fn the_conflict_dialog_is_a_modal_that_must_be_answered() {
    let app = App::start("dialog_conflict", "/spiele/");
    app.new_game(2);
    play_placements(&app, 1, 7);
    resume_to_board(&app);
    let key = app.save_key().expect("a record");
    // Another tab's move, as the storage event brings it.
    let mut v: serde_json::Value = serde_json::from_str(&app.autosave_raw().unwrap()).unwrap();
    v["rev"] = (v["rev"].as_u64().unwrap() + 1).into();
    app.js(&format!(
        "const k = {key:?}, t = {text:?}; localStorage.setItem(k, t); \
         window.dispatchEvent(new StorageEvent('storage', {{ key: k, newValue: t, storageArea: localStorage }})); return true;",
        text = v.to_string()
    ));
    app.wait("[data-test=conflict-keep]");
    assert_modal(&app, "conflict");
    app.b.press(&[KEY_ESCAPE]).ctx("Escape");
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(app.exists("[data-test=conflict-keep]"), "the question stands after Escape");
    assert_eq!(app.js(MODAL)["focus_inside"], true, "focus stays in the question");
}
