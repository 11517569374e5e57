//! Browser tests for the finished games kept on the device: a game played to its end joins the
//! archive; a finished game of every kind (imported from its file) is replayed from the end to
//! the start and back, by buttons, the slider and the arrow keys, the board, the hands and the
//! log in step; the same game imported twice stays one game; deleting asks first.

mod common;

use common::*;
use serde_json::Value;

const GAMES: [&str; 4] = ["just4fun", "gutangelegt", "viermalvier", "sudoku"];

fn start_in_german(name: &str) -> App {
    let app = App::start_blank(name, "/tisch/");
    spieltisch_tools::screens::german(&app.b, &app.base_url).ctx("open the app in German");
    app
}

/// Imports `text` as a file through the home screen's import.
fn import(app: &App, file_name: &str, text: &str) {
    let path = std::env::temp_dir().join(format!("spieltisch-{}-{file_name}", std::process::id()));
    std::fs::write(&path, text).expect("write the file");
    let input = app.b.find("[data-test=import]").ctx("import input");
    app.b.send_keys(&input, &path.display().to_string()).ctx("choose the file");
}

fn step(app: &App) -> (u64, u64) {
    let v = app.js(
        "const s = document.querySelector('[data-test=replay-step]'), r = document.querySelector('[data-test=replay]');\
         return [Number(s.getAttribute('data-step')), Number(r.getAttribute('data-last'))];",
    );
    (v[0].as_u64().unwrap_or(u64::MAX), v[1].as_u64().unwrap_or(0))
}

fn wait_step(app: &App, want: u64, what: &str) {
    app.b.wait_until(T, what, |_| Ok((step(app).0 == want).then_some(()))).ctx(what);
}

/// The board as drawn: every element with its attributes (in a fixed order) and its own text.
fn board_html(app: &App) -> String {
    app.js("return [...document.querySelectorAll('[data-test=replay-board] *')].map(e => e.tagName + ' ' +\
         [...e.attributes].map(a => a.name + '=' + a.value).sort().join(' ') + ' ' +\
         [...e.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('')).join('\\n');")
        .as_str()
        .unwrap_or("")
        .to_string()
}

fn log_count(app: &App) -> usize {
    app.count("[data-test=replay-log] li")
}

/// Opens the archive from home and replays its only game of `kind`.
fn open_replay(app: &App, kind: &str) {
    app.click("[data-test=archive]");
    app.wait("[data-test=archive-list]");
    let rows = app.count("[data-test=archived]");
    assert_eq!(rows, 1, "{kind}: one finished game in the archive");
    app.click("[data-test=archived-replay]");
    app.b.wait_for("[data-test=replay-step]", std::time::Duration::from_secs(30)).ctx("the replay is drawn");
}

/// Every game: imported, replayed from the end back to the start and forth again.
#[test]
fn a_finished_game_of_every_kind_replays_both_ways() {
    let app = start_in_german("archive-replay");
    for kind in GAMES {
        let text = fixture(&format!("v4/{kind}-finished.json"));
        import(&app, &format!("{kind}.json"), &text);
        import(&app, &format!("{kind}-again.json"), &text);
        app.wait("[data-test=message]");
        open_replay(&app, kind);
        let (at, last) = step(&app);
        assert!(last > 3, "{kind}: a game of several moves ({last})");
        assert_eq!(at, last, "{kind}: opened at the end");
        assert!(!app.exists("[data-test=replay-result][hidden]"), "{kind}: the result shows at the end");
        assert_eq!(log_count(&app), last as usize, "{kind}: every move in the log at the end");
        let end_board = board_html(&app);
        app.click("[data-test=replay-first]");
        wait_step(&app, 0, "to the start");
        assert_eq!(log_count(&app), 0, "{kind}: no move in the log at the start");
        assert!(board_html(&app) != end_board, "{kind}: the board at the start is not the end's");
        assert!(app.exists("[data-test=replay-result][hidden]"), "{kind}: no result at the start");
        app.click("[data-test=replay-forward]");
        wait_step(&app, 1, "one move on");
        assert_eq!(log_count(&app), 1, "{kind}: the first move in the log");
        // The arrow keys, on the focused forward button.
        press(&app, &["\u{E014}", "\u{E014}"]);
        wait_step(&app, 3, "two more by the arrow key");
        press(&app, &["\u{E012}"]);
        wait_step(&app, 2, "one back by the arrow key");
        // The slider, to the end.
        app.js(&format!(
            "const s = document.querySelector('[data-test=replay-slider]'); s.value = '{last}'; s.dispatchEvent(new Event('input', {{ bubbles: true }}));"
        ));
        wait_step(&app, last, "the slider to the end");
        assert!(board_html(&app) == end_board, "{kind}: the end's board again");
        if kind != "viermalvier" {
            let hands = app.b.text(&app.wait("[data-test=replay-hands]")).ctx("hands");
            assert!(hands.contains("in der Hand"), "{kind}: every hand open after the end, said as hands: {hands:?}");
        }
        // Counted in the statistics: Anna's game of this kind, against each level at the table.
        app.click("[data-test=home-button]");
        app.click("[data-test=stats]");
        let card =
            app.wait(&format!("[data-test=stats-game][data-game={kind}] [data-test=stats-player][data-name=Anna]"));
        assert_eq!(app.b.attr(&card, "data-games").ctx("games").as_deref(), Some("1"), "{kind}: Anna's game counted");
        let said = app.b.text(&card).ctx("card");
        assert!(said.contains("gegen Schwer: "), "{kind}: the result against Hard: {said}");
        app.click("[data-test=home-button]");
        // Deleting asks first; then the archive is empty again for the next game.
        app.wait("[data-test=archive-list]");
        app.click("[data-test=archived-delete]");
        app.click("[data-test=confirm-yes]");
        app.wait("[data-test=archive-empty]");
        go_home(&app);
    }
}

/// A game played to its end here joins the archive, with its result.
#[test]
fn a_game_played_to_the_end_joins_the_archive() {
    let app = start_in_german("archive-played");
    app.click("[data-test=archive]");
    app.wait("[data-test=archive-empty]");
    go_home(&app);
    start_with_seats(&app, "viermalvier", Some(2), &["kind-person", "kind-easy"], &[]);
    while !app.exists("[data-test=end-screen]") {
        if !play_hint(&app, "viermalvier") {
            std::thread::sleep(std::time::Duration::from_millis(60));
        }
    }
    let record: Value = serde_json::from_str(&app.autosave_raw().expect("the finished game")).expect("json");
    // The archive keeps it: a named save would be a second copy of the game (issue 45).
    assert!(!app.exists("[data-test=save-as]"), "no \"save as\" at a game's end");
    go_home(&app);
    open_replay(&app, "viermalvier");
    assert_eq!(step(&app).1, record["log"].as_array().map_or(0, Vec::len) as u64, "every move of the game");
    let result = app.b.text(&app.wait("[data-test=replay-result]")).ctx("the result");
    // The statistics count the game for the person, with its result.
    let person = record["players"][0]["name"].as_str().expect("the person's name").to_string();
    app.click("[data-test=home-button]");
    app.click("[data-test=stats]");
    let card = app.wait(&format!("[data-test=stats-player][data-name='{person}']"));
    let attr = |name: &str| app.b.attr(&card, name).ctx("attribute").unwrap_or_default();
    assert_eq!(attr("data-games"), "1", "one game counted");
    let won = result.starts_with(&format!("{person} gewinnt"));
    assert_eq!(attr("data-wins"), if won { "1" } else { "0" }, "the result counted: {result}");
    assert_eq!(app.count("[data-test=stats-player]"), 1, "the computer has no statistics");
}

/// Setup's names and each seat's kind, in seat order.
fn setup_seats(app: &App) -> Vec<(String, String)> {
    let v = app.js("return [...document.querySelectorAll('.seat-row')].map(r => [r.querySelector('[data-test=player-name]').value, \
           r.querySelector('.seat-kind [aria-checked=true]').getAttribute('data-test')]);");
    v.as_array()
        .into_iter()
        .flatten()
        .map(|r| (r[0].as_str().unwrap_or("").to_string(), r[1].as_str().unwrap_or("").to_string()))
        .collect()
}

fn seats(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(n, k)| (n.to_string(), k.to_string())).collect()
}

/// Issue 45's screenshot: Lena and a computer at the table, Papa's chip tapped. Papa takes the
/// computer's seat, never Lena's; Lena's seat switched to a computer takes a computer's name, so
/// no computer plays as Lena.
#[test]
fn a_family_chip_fills_a_computers_seat_never_a_persons() {
    let app = start_in_german("archive-family-seats");
    // Papa becomes family by sitting at a game.
    app.click("[data-test=new-viermalvier]");
    app.wait("[data-test=setup]");
    let names = app.b.find_all("[data-test=player-name]").ctx("names");
    app.b.clear(&names[0]).ctx("clear");
    app.b.send_keys(&names[0], "Papa").ctx("type a name");
    app.click(".seat-row:nth-child(2) [data-test=kind-medium]");
    app.click("[data-test=start]");
    app.wait("[data-test=game]");
    go_home(&app);

    app.click("[data-test=new-viermalvier]");
    app.wait("[data-test=setup]");
    assert_eq!(setup_seats(&app), seats(&[("Papa", "kind-person"), ("Computer 1", "kind-medium")]));
    let names = app.b.find_all("[data-test=player-name]").ctx("names");
    app.b.clear(&names[0]).ctx("clear");
    app.b.send_keys(&names[0], "Lena").ctx("Lena sits down");
    app.click("[data-test=family-pick][data-name=Papa]");
    assert_eq!(
        setup_seats(&app),
        seats(&[("Lena", "kind-person"), ("Papa", "kind-person")]),
        "Papa takes the computer's seat, Lena keeps hers"
    );
    app.click(".seat-row:nth-child(1) [data-test=kind-hard]");
    assert_eq!(
        setup_seats(&app),
        seats(&[("Computer 1", "kind-hard"), ("Papa", "kind-person")]),
        "a computer does not play as Lena"
    );
    app.click("[data-test=start]");
    app.wait("[data-test=game]");
    assert_eq!(app.autosave_player_names(), ["Computer 1", "Papa"]);
}

/// The family: a name given in one setup is picked with one tap in the next (with its colour),
/// and its games are counted under it.
#[test]
fn a_player_is_picked_again_in_the_next_setup() {
    let app = start_in_german("archive-family");
    app.click("[data-test=new-viermalvier]");
    app.wait("[data-test=setup]");
    assert_eq!(app.count("[data-test=family-pick]"), 0, "nobody remembered yet");
    let names = app.b.find_all("[data-test=player-name]").ctx("names");
    app.b.clear(&names[0]).ctx("clear");
    app.b.send_keys(&names[0], "Oma").ctx("type a name");
    app.click("[data-test=color-green]");
    app.click(".seat-row:nth-child(2) [data-test=kind-easy]");
    app.click("[data-test=start]");
    app.wait("[data-test=game]");
    while !app.exists("[data-test=end-screen]") {
        if !play_hint(&app, "viermalvier") {
            std::thread::sleep(std::time::Duration::from_millis(60));
        }
    }
    go_home(&app);
    // In every game's setup the seats start as the last game's ("Oma" again); a default name
    // typed over hers, and she is back with one tap, with her colour.
    for kind in GAMES {
        app.click(&format!("[data-test=new-{kind}]"));
        app.wait("[data-test=setup]");
        let names = app.b.find_all("[data-test=player-name]").ctx("names");
        app.b.clear(&names[0]).ctx("clear");
        app.b.send_keys(&names[0], "Spieler 1").ctx("type the default name");
        app.click("[data-test=family-pick][data-name=Oma]");
        let first = app.js("return document.querySelector('[data-test=player-name]').value;");
        assert_eq!(first, "Oma", "{kind}: one tap seats Oma");
        let green =
            app.js("return document.querySelector('.seat-row [data-test=color-green]').getAttribute('aria-checked');");
        assert_eq!(green, "true", "{kind}: with her colour");
        go_home(&app);
    }
    app.click("[data-test=archive]");
    app.click("[data-test=stats]");
    let card = app.wait("[data-test=stats-player][data-name=Oma]");
    assert_eq!(app.b.attr(&card, "data-games").ctx("games").as_deref(), Some("1"), "Oma's game is counted");
}
