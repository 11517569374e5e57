//! Browser tests: what the app keeps in localStorage is never lost silently nor misreported —
//! two tabs committing in the same millisecond, "Speichern unter …" onto a name in use, settings
//! and players that cannot be read, a record damaged in the tab itself, a failed write that is
//! not the quota, a stored time no date can be.

mod common;

use common::*;
use serde_json::Value;
use std::collections::BTreeSet;
use std::time::Duration;

fn moves_shown(app: &App) -> u64 {
    let v = app.js(
        "const l = document.querySelector('[data-test=move-log]'); return l ? l.getAttribute('data-moves') : null;",
    );
    v.as_str().and_then(|s| s.parse().ok()).unwrap_or(0)
}

fn message(app: &App) -> String {
    app.b.text(&app.wait("[data-test=message]")).ctx("message text")
}

/// Picks the cards of `choice` (an index into the playable combinations of the hand on screen)
/// and returns the field they sum to; the move is then one tap on "place".
fn pick_cards(app: &App, avoid: Option<u32>, choice: usize) -> u32 {
    let hand = hand_values(app);
    let open: BTreeSet<u32> = fields(app).iter().filter(|f| !f.1).map(|f| f.0).collect();
    let options: Vec<(Vec<usize>, u32)> =
        playable(&hand, &open).into_iter().filter(|(_, sum)| Some(*sum) != avoid).collect();
    assert!(!options.is_empty(), "a move to another field than {avoid:?} with {hand:?}");
    let (cards, sum) = options[choice % options.len()].clone();
    for i in cards {
        let all = app.b.find_all("[data-test=hand] [data-test=card]").ctx("cards");
        app.b.click(&all[i]).ctx("pick a card");
    }
    app.b
        .wait_until(T, "the place button", |b| Ok(b.exists("[data-test=place]:not([disabled])")?.then_some(())))
        .ctx("place enabled");
    sum
}

/// Each tab waits for the word on a BroadcastChannel, then until the agreed moment (to the
/// millisecond, busy) and taps "place": two tabs commit at once.
const ARM: &str = "window.__commit = new BroadcastChannel('spieltisch-test-commit'); \
    window.__commit.onmessage = e => { while (Date.now() < e.data) {} \
      document.querySelector('[data-test=place]').click(); window.__committedAt = Date.now(); }; return true;";

/// Two tabs of one game both play a move in the same millisecond. Both read the same revision
/// and both write "revision 2"; the tab whose write was replaced must say so (the conflict
/// dialog), and no move is lost: after a reload each tab's move is stored (the loser keeps its
/// own as a game of its own).
#[test]
fn two_tabs_committing_in_the_same_millisecond_lose_no_move() {
    let app = App::start("same_millisecond", "/spiele/");
    app.new_game(2);
    play_placements(&app, 2, 91);
    resume_to_board(&app);
    let key = app.save_key().expect("a record");
    let url = app.b.url().ctx("game url");
    let tabs = [app.b.tab().ctx("tab 1"), app.b.new_tab().ctx("tab 2")];
    app.b.switch_to(&tabs[1]).ctx("to tab 2");
    app.b.goto(&url).ctx("open the same game");
    resume_to_board(&app);
    assert_eq!(app.save_key().as_deref(), Some(key.as_str()));

    // The same position in both; each picks a different move.
    let mut field = None;
    for (i, tab) in tabs.iter().enumerate() {
        app.b.switch_to(tab).ctx("tab");
        resume_to_board(&app);
        field = Some(pick_cards(&app, field, i));
        app.js(ARM);
    }
    let at = app.js("return Date.now() + 1000;");
    app.js(&format!("new BroadcastChannel('spieltisch-test-commit').postMessage({at}); return true;"));
    std::thread::sleep(Duration::from_millis(2000));

    let mut shown = Vec::new();
    for tab in &tabs {
        app.b.switch_to(tab).ctx("tab");
        let committed = app.js("return window.__committedAt || null;");
        assert!(committed.as_f64().is_some(), "the tab did not commit");
        assert!(!app.exists("[data-test=confirm-yes]"), "the move asked a question instead of being played");
        shown.push((
            committed.as_f64().unwrap_or(0.0),
            app.exists("[data-test=conflict]"),
            app.board_snapshot(),
            moves_shown(&app),
        ));
    }
    eprintln!("committed at {} and {} ms", shown[0].0, shown[1].0);
    assert_ne!(shown[0].2, shown[1].2, "the tabs played different moves");
    assert!(
        shown.iter().any(|s| s.1),
        "both tabs wrote the same revision, and neither says that one move was replaced"
    );

    // Nothing lost: a tab without the dialog shows what is stored; a tab with it keeps its own.
    for (tab, (_, conflict, board, moves)) in tabs.iter().zip(&shown) {
        app.b.switch_to(tab).ctx("tab");
        if *conflict {
            app.click("[data-test=conflict-keep]");
            app.b
                .wait_until(T, "a record of its own", |b| {
                    let k = b.execute("const g = document.querySelector('[data-test=game]'); return g && g.getAttribute('data-save-key');", vec![])?;
                    Ok(k.as_str().filter(|k| *k != key).map(str::to_string))
                })
                .ctx("kept as a game of its own");
        }
        app.b.refresh().ctx("reload");
        resume_to_board(&app);
        assert_eq!(moves_shown(&app), *moves, "the reloaded game has this tab's moves");
        assert_eq!(&app.board_snapshot(), board, "the reloaded board is the one this tab played");
    }
}

/// Opens "Speichern unter …", types `name` and confirms.
fn save_as(app: &App, name: &str) {
    app.click("[data-test=save-as]");
    let input = app.wait("[data-test=slot-name]");
    app.b.send_keys(&input, name).ctx("type the name");
    app.click("[data-test=save-confirm]");
}

/// "Speichern unter …" with a name that cleans to a slot in use (" Oma‎ " is "Oma") asks before
/// replacing it, naming what it holds; "cancel" keeps it, "replace" replaces it.
#[test]
fn save_as_asks_before_replacing_a_save() {
    let app = App::start("save_as_replace", "/spiele/");
    app.start_game("sudoku", Some(1), &[]);
    save_as(&app, "Oma");
    app.b.wait_gone("[data-test=slot-name]", T).ctx("saved");
    let key = app.scoped_key("slot.Oma");
    let first = app.local_storage(&key).expect("the slot is stored");
    go_home(&app);
    app.start_game("just4fun", Some(2), &[]);
    resume_to_board(&app);
    save_as(&app, " Oma\u{200e} ");
    let question = app
        .b
        .wait_until(T, "the question", |b| {
            Ok(Some(b.text(&b.find("[data-test=replace-question]")?)?).filter(|q| !q.is_empty()))
        })
        .ctx("question");
    assert!(
        question.contains("Oma") && question.contains("Sudoku"),
        "the question names the slot and what it holds: {question:?}"
    );
    assert_eq!(app.local_storage(&key).as_deref(), Some(first.as_str()), "nothing replaced before the answer");
    app.click("[data-test=save-cancel]");
    app.b.wait_gone("[data-test=slot-name]", T).ctx("cancelled");
    assert_eq!(app.local_storage(&key).as_deref(), Some(first.as_str()), "cancel keeps the save");

    save_as(&app, " Oma\u{200e} ");
    app.b
        .wait_until(T, "the question", |b| {
            Ok((!b.text(&b.find("[data-test=replace-question]")?)?.is_empty()).then_some(()))
        })
        .ctx("question");
    app.click("[data-test=save-confirm]");
    app.b.wait_gone("[data-test=slot-name]", T).ctx("replaced");
    let now: Value = serde_json::from_str(&app.local_storage(&key).expect("still a slot")).unwrap();
    assert_eq!(now["game"], "just4fun", "replaced after the answer");
    // A new name is saved at once, without a question.
    save_as(&app, "Opa");
    app.b.wait_gone("[data-test=slot-name]", T).ctx("saved without a question");
    assert!(app.local_storage(&app.scoped_key("slot.Opa")).is_some());
}

/// Settings and the remembered players that cannot be read: a message says so (as for high
/// scores), the text is kept aside, the defaults apply.
#[test]
fn unreadable_settings_and_players_are_said_and_kept_aside() {
    let app = App::start("unreadable_settings", "/spiele/");
    let (settings, players) = ("{\"lang\":\"xx\"", "[{\"name\":");
    app.set_local_storage(&app.scoped_key("settings"), settings);
    app.set_local_storage(&app.scoped_key("players"), players);
    app.b.refresh().ctx("start again");
    app.wait("[data-test=home]");
    let text = message(&app);
    assert!(text.contains("Einstellungen") || text.contains("settings"), "{text:?}");
    assert_eq!(app.local_storage(&app.scoped_key("settings.unreadable")).as_deref(), Some(settings), "kept aside");
    app.click("[data-test=message] button");

    app.click("[data-test=new-just4fun]");
    app.wait("[data-test=setup]");
    let text = message(&app);
    assert!(text.contains("Spieler") || text.contains("players"), "{text:?}");
    assert_eq!(app.local_storage(&app.scoped_key("players.unreadable")).as_deref(), Some(players), "kept aside");
    // Said once: the next start and the next setup are quiet.
    app.b.refresh().ctx("start again");
    app.wait("[data-test=setup]");
    std::thread::sleep(Duration::from_millis(500));
    assert!(!app.exists("[data-test=message]"), "told only once");
}

/// A game record damaged under the tab playing it (no other tab involved) is called damaged, not
/// another window's doing, and is not overwritten; the game can be kept as a game of its own.
#[test]
fn a_record_damaged_in_this_tab_is_not_blamed_on_another_window() {
    let app = App::start("damaged_here", "/spiele/");
    app.new_game(2);
    play_placements(&app, 1, 5);
    resume_to_board(&app);
    let key = app.save_key().expect("a record");
    app.set_local_storage(&key, "{ kaputt");
    play_placements(&app, 1, 6);
    let text = app.b.text(&app.wait("[data-test=conflict]")).ctx("dialog text");
    assert!(!text.contains("Fenster") && !text.contains("window"), "blamed on another window: {text:?}");
    assert!(text.contains("beschädigt") || text.contains("damaged"), "{text:?}");
    assert_eq!(app.local_storage(&key).as_deref(), Some("{ kaputt"), "the damaged record is not overwritten");
    app.click("[data-test=conflict-keep]");
    app.b.wait_until(T, "the game kept as a game of its own", |_| Ok(app.save_key().filter(|k| *k != key))).ctx("kept");
}

/// A write the browser refuses for another reason than the quota is not called "storage full".
#[test]
fn a_failed_write_that_is_not_the_quota_says_so() {
    let app = App::start("write_failed", "/spiele/");
    app.new_game(2);
    play_placements(&app, 1, 51);
    resume_to_board(&app);
    app.js("Storage.prototype.setItem = function () { throw new DOMException('refused', 'InvalidStateError'); }; return true;");
    play_placements(&app, 1, 52);
    resume_to_board(&app);
    let text = message(&app);
    assert!(!text.contains("voll") && !text.contains("full") && !text.contains("lösche"), "not a full store: {text:?}");
    assert!(text.contains("speichern") || text.contains("save"), "{text:?}");
}

/// Stored times no date can be (a tampered or broken record) show as unknown, not "00.01.0".
#[test]
fn an_impossible_saved_time_shows_as_unknown() {
    let app = App::start("impossible_time", "/spiele/");
    let fixture = fixture("v2/gutangelegt-autosave.json");
    for (i, at) in [-62_198_755_200_000.0, 1e20].into_iter().enumerate() {
        let mut v: Value = serde_json::from_str(&fixture).unwrap();
        v["saved_at"] = at.into();
        app.set_local_storage(&app.scoped_key(&format!("game.{:016x}", 0xdead0 + i)), &v.to_string());
    }
    app.b.refresh().ctx("reload home");
    app.wait("[data-test=home]");
    let rows = app.js("return [...document.querySelectorAll('[data-test=open-game]')].map(r => r.innerText);");
    let rows: Vec<&str> = rows.as_array().unwrap().iter().filter_map(Value::as_str).collect();
    assert_eq!(rows.len(), 2, "{rows:?}");
    for row in rows {
        assert!(row.contains("unbekannt") || row.contains("unknown"), "{row:?}");
    }
}
