//! Browser tests: every question before something is deleted or replaced means what it says.
//! "Abbrechen" keeps, Escape keeps, only the yes acts — checked in storage and in what the
//! screen lists, for every such question: home (an unfinished game, a named save, "Alle
//! löschen"), the finished games, "Speichern unter …" over an existing name, and the oldest of
//! too many unfinished games. (Settings asks nothing: reading a backup back only adds.)

mod common;

use common::*;
use serde_json::Value;

/// WebDriver's Escape key.
const KEY_ESCAPE: &str = "\u{E00C}";

/// The three ways to answer a question.
#[derive(Clone, Copy, Debug)]
enum Answer {
    Cancel,
    Escape,
    Yes,
}

/// Waits until the question is open with the focus on its "Abbrechen" (where it starts), so a
/// key goes to the dialog.
fn wait_question(app: &App) {
    app.wait("[data-test=confirm-no]");
    app.b
        .wait_until(T, "focus in the question", |b| {
            let at = b.execute("return document.activeElement && document.activeElement.dataset.test;", vec![])?;
            Ok((at == "confirm-no").then_some(()))
        })
        .ctx("focus on cancel");
}

/// Answers the open question and waits until it is gone.
fn answer(app: &App, how: Answer) {
    wait_question(app);
    match how {
        Answer::Cancel => app.click("[data-test=confirm-no]"),
        Answer::Escape => app.b.press(&[KEY_ESCAPE]).ctx("Escape"),
        Answer::Yes => app.click("[data-test=confirm-yes]"),
    }
    app.b.wait_gone("[data-test=confirm-no]", T).ctx("the question closes");
}

/// Asks by `ask`, answers "Abbrechen", then Escape: `kept` must hold after each (and the
/// question must be gone); then the yes, after which `kept` must turn false.
fn cancel_and_escape_keep_yes_acts(app: &App, what: &str, ask: &dyn Fn(&App), kept: &dyn Fn(&App) -> bool) {
    assert!(kept(app), "{what}: there before the question");
    for how in [Answer::Cancel, Answer::Escape] {
        ask(app);
        answer(app, how);
        assert!(kept(app), "{what}: {how:?} must keep it");
    }
    ask(app);
    answer(app, Answer::Yes);
    app.b.wait_until(T, what, |_| Ok((!kept(app)).then_some(()))).ctx(&format!("{what}: the yes acts"));
}

/// Stores `text` (a save) under `key` after the scope, with `id` and `saved_at` set.
fn store(app: &App, key: &str, text: &str, id: &str, saved_at: f64) {
    let mut v: Value = serde_json::from_str(text).expect("a fixture is JSON");
    v["id"] = id.into();
    v["saved_at"] = saved_at.into();
    app.set_local_storage(&app.scoped_key(key), &v.to_string());
}

fn stored(app: &App, key: &str) -> bool {
    app.local_storage(&app.scoped_key(key)).is_some()
}

/// The number of list rows matching `css`, once the home screen is drawn.
fn rows(app: &App, css: &str) -> usize {
    app.wait("[data-test=home]");
    app.count(css)
}

/// An unfinished game and a named save deleted from home, each asked first.
#[test]
fn deleting_a_game_or_a_save_on_home_asks_and_means_it() {
    let app = App::start("questions_home", "/spiele/");
    store(&app, "game.00000000000000a1", &fixture("v4/just4fun-autosave.json"), "00000000000000a1", 1.795e12);
    store(&app, "game.00000000000000a2", &fixture("v4/sudoku-autosave.json"), "00000000000000a2", 1.795e12);
    store(&app, "slot.Abend", &fixture("v4/gutangelegt-slot.json"), "", 1.795e12);
    app.b.refresh().ctx("reload home");
    let game = "[data-test=open-game][data-key$='game.00000000000000a1']";
    cancel_and_escape_keep_yes_acts(
        &app,
        "an unfinished game",
        &|app| app.click(&format!("{game} [data-test=slot-delete]")),
        &|app| stored(app, "game.00000000000000a1") && rows(app, game) == 1,
    );
    assert!(stored(&app, "game.00000000000000a2"), "the other game stays");
    let slot = "[data-test=slot][data-slot=Abend]";
    cancel_and_escape_keep_yes_acts(
        &app,
        "a named save",
        &|app| app.click(&format!("{slot} [data-test=slot-delete]")),
        &|app| stored(app, "slot.Abend") && rows(app, slot) == 1,
    );
    assert!(stored(&app, "game.00000000000000a2"), "the game stays when a save goes");
}

/// "Alle löschen" asks, naming how many; only the yes empties the list.
#[test]
fn delete_all_on_home_asks_and_means_it() {
    let app = App::start("questions_delete_all", "/spiele/");
    let ids = ["00000000000000b1", "00000000000000b2", "00000000000000b3"];
    for (i, id) in ids.iter().enumerate() {
        let kind = ["just4fun", "sudoku", "viermalvier"][i];
        store(&app, &format!("game.{id}"), &fixture(&format!("v4/{kind}-autosave.json")), id, 1.795e12 + i as f64);
    }
    store(&app, "slot.Abend", &fixture("v4/gutangelegt-slot.json"), "", 1.795e12);
    app.b.refresh().ctx("reload home");
    cancel_and_escape_keep_yes_acts(
        &app,
        "every unfinished game",
        &|app| app.click("[data-test=delete-all]"),
        &|app| {
            ids.iter().all(|id| stored(app, &format!("game.{id}"))) && rows(app, "[data-test=open-game]") == ids.len()
        },
    );
    assert!(ids.iter().all(|id| !stored(&app, &format!("game.{id}"))), "every unfinished game is gone");
    assert!(stored(&app, "slot.Abend"), "a named save is no unfinished game: it stays");
}

/// A finished game deleted from "Beendete Spiele" (finding 1: "Abbrechen" and Escape deleted it).
#[test]
fn deleting_a_finished_game_asks_and_means_it() {
    let app = App::start("questions_archive", "/spiele/");
    store(&app, "archive.f1", &fixture("v4/sudoku-finished.json"), "f1", 1.795e12);
    store(&app, "archive.f2", &fixture("v4/just4fun-finished.json"), "f2", 1.795e12 + 1.0);
    app.b.refresh().ctx("reload home");
    app.wait("[data-test=home]");
    app.click("[data-test=archive]");
    app.wait("[data-test=archive-list]");
    let row = "[data-test=archived][data-id=f1]";
    cancel_and_escape_keep_yes_acts(
        &app,
        "a finished game",
        &|app| app.click(&format!("{row} [data-test=archived-delete]")),
        &|app| stored(app, "archive.f1") && app.count(row) == 1,
    );
    assert!(stored(&app, "archive.f2") && app.count("[data-test=archived]") == 1, "the other finished game stays");
}

/// "Speichern unter …" a name that is taken asks before replacing: "Abbrechen" and Escape leave
/// the save of that name as it was, "Ersetzen" writes the running game there.
#[test]
fn replacing_a_named_save_asks_and_means_it() {
    let app = App::start("questions_replace", "/spiele/");
    let before = fixture("v4/gutangelegt-slot.json");
    store(&app, "slot.Abend", &before, "", 1.795e12);
    let held = app.local_storage(&app.scoped_key("slot.Abend")).expect("the slot");
    app.b.refresh().ctx("reload home");
    app.wait("[data-test=home]");
    app.start_game("sudoku", Some(1), &[]);
    let ask = |app: &App| {
        app.click("[data-test=save-as]");
        let name = app.wait("[data-test=slot-name]");
        app.b.send_keys(&name, "Abend").ctx("type the name");
        app.click("[data-test=save-confirm]");
        app.b
            .wait_until(T, "the question before replacing", |b| {
                let q = b.execute(
                    "const q = document.querySelector('[data-test=replace-question]'); return q ? q.textContent : '';",
                    vec![],
                )?;
                Ok(q.as_str().is_some_and(|q| q.contains("Abend")).then_some(()))
            })
            .ctx("asked");
    };
    let kept = |app: &App| app.local_storage(&app.scoped_key("slot.Abend")).as_deref() == Some(held.as_str());
    for how in [Answer::Cancel, Answer::Escape] {
        ask(&app);
        match how {
            Answer::Cancel => app.click("[data-test=save-cancel]"),
            _ => app.b.press(&[KEY_ESCAPE]).ctx("Escape"),
        }
        app.b.wait_gone("[data-test=slot-name]", T).ctx("the dialog closes");
        assert!(kept(&app), "{how:?} must keep the save “Abend” as it was");
    }
    ask(&app);
    app.click("[data-test=save-confirm]");
    app.b.wait_gone("[data-test=slot-name]", T).ctx("replaced");
    let now: Value =
        serde_json::from_str(&app.local_storage(&app.scoped_key("slot.Abend")).expect("the slot")).expect("JSON");
    assert_eq!(now["game"], "sudoku", "the yes writes the running game over “Abend”");
}

/// With as many unfinished games as are kept, a new game asks before the oldest goes:
/// "Abbrechen" and Escape keep every game and start none, the yes replaces the oldest.
#[test]
fn the_oldest_of_too_many_games_goes_only_on_yes() {
    let app = App::start("questions_oldest", "/spiele/");
    let text = fixture("v4/viermalvier-autosave.json");
    let ids: Vec<String> = (0..spieltisch::saves::MAX_UNFINISHED).map(|i| format!("{:016x}", 0xc0 + i)).collect();
    for (i, id) in ids.iter().enumerate() {
        store(&app, &format!("game.{id}"), &text, id, 1.795e12 + i as f64 * 1000.0);
    }
    app.b.refresh().ctx("reload home");
    app.wait("[data-test=home]");
    app.click("[data-test=new-sudoku]");
    app.wait("[data-test=setup]");
    let oldest = format!("game.{}", ids[0]);
    cancel_and_escape_keep_yes_acts(
        &app,
        "the oldest unfinished game",
        &|app| app.click("[data-test=start]"),
        &|app| stored(app, &oldest) && !app.exists("[data-test=game]"),
    );
    app.wait("[data-test=game]");
    assert!(ids[1..].iter().all(|id| stored(&app, &format!("game.{id}"))), "only the oldest went");
}
