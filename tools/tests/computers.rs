//! Browser tests for computer seats: a person against Hard in every game, played to the end by
//! taps (the person's moves are the "Tipp" suggestions, tapped on the board's buttons), with the
//! page checked at every step to hold only that person's secrets; one person against three
//! computers; a game of computers alone; a reload while a computer thinks; computers offline; and
//! the rules opening while a computer still thinks.
//!
//! Computer moves come from the worker wasm. `?budget=N` keeps Hard's searches short here (like
//! the native tests' small budget); the report command measures the full budget.

mod common;

use common::*;
use serde_json::Value;
use std::time::{Duration, Instant};

/// Hard's search budget in these tests (iterations; the game's own is 1 500).
const TEST_BUDGET: &str = "?budget=60";

fn open(app: &App, query: &str) {
    app.b.goto(&format!("{}{query}", app.base_url)).ctx("open app");
    app.wait("[data-test=home]");
}

/// Attribute values of all elements matching `css`.
fn attrs(app: &App, css: &str, attr: &str) -> Vec<String> {
    let v =
        app.js(&format!("return [...document.querySelectorAll('{css}')].map(e => e.getAttribute('{attr}') || '');"));
    v.as_array().into_iter().flatten().filter_map(|x| x.as_str().map(str::to_string)).collect()
}

/// The page holds no secret but `person`'s: the hand, held tile or wall side shown is theirs
/// (or none), whoever is to move.
fn assert_only_secrets_of(app: &App, kind: &str, person: usize, context: &str) {
    let Some(rec) = record(app) else { return };
    let state = &rec["state"];
    if rec["finished"] == Value::Bool(true) {
        return;
    }
    // Read the page, then make sure the game did not move on meanwhile (a computer's move may
    // land between the two reads; at the end both sides of a wall are public).
    let page = page_secrets(app, kind);
    if record(app).map(|r| (r["turn"].clone(), r["finished"].clone()))
        != Some((rec["turn"].clone(), Value::Bool(false)))
    {
        return;
    }
    match kind {
        "just4fun" => {
            let mut shown: Vec<u64> = page.iter().filter_map(|v| v.parse().ok()).collect();
            shown.sort_unstable();
            if !shown.is_empty() {
                let mut own: Vec<u64> =
                    state["hands"][person].as_array().unwrap().iter().filter_map(Value::as_u64).collect();
                own.sort_unstable();
                assert_eq!(shown, own, "{context}: the page shows cards that are not the person's hand");
            }
        }
        "gutangelegt" => {
            let shown: Vec<u64> = page.iter().filter_map(|v| v.parse().ok()).collect();
            let own: Vec<u64> = state["hands"][person].as_array().unwrap().iter().filter_map(Value::as_u64).collect();
            for c in &shown {
                let other = (0..state["hands"].as_array().unwrap().len())
                    .filter(|&p| p != person)
                    .any(|p| state["hands"][p].as_array().unwrap().iter().any(|x| x.as_u64() == Some(*c)));
                assert!(!other || own.contains(c), "{context}: card {c} of another hand is in the page");
            }
        }
        "sudoku" => {
            for n in page {
                let own = state["hands"][person].as_u64().map(|x| x.to_string());
                assert_eq!(Some(n.clone()), own, "{context}: the held tile shown is not the person's");
            }
        }
        "viermalvier" => {
            if state["options"]["view"] == "hidden" {
                for side in page {
                    assert_eq!(side, person.to_string(), "{context}: the other side of the wall is in the page");
                }
            }
        }
        _ => unreachable!(),
    }
}

/// What the page shows of the secrets of `kind`: card values, held tile, or wall sides.
fn page_secrets(app: &App, kind: &str) -> Vec<String> {
    match kind {
        "just4fun" => attrs(app, "[data-test=card]", "data-value"),
        "gutangelegt" => attrs(app, "[data-test=hand-card]", "data-card"),
        "sudoku" => attrs(app, "[data-test=held-tile]", "data-number"),
        _ => attrs(app, "[data-test=wall]", "data-side"),
    }
}

/// Plays the person's turns by taps until the game ends: "Tipp", then the button that plays the
/// suggestion. Checks the page's secrets at every step (also while computers move) and that the
/// hand-over cover never shows (`person` is the only person at the table).
fn play_person_to_end(app: &App, kind: &str, person: usize, limit: Duration) -> usize {
    let start = Instant::now();
    let mut own_moves = 0;
    loop {
        assert!(start.elapsed() < limit, "{kind}: the game did not end within {limit:?} (turn {})", turn(app));
        if app.exists("[data-test=end-screen]") {
            return own_moves;
        }
        assert!(!app.exists("[data-test=handover]"), "{kind}: a hand-over cover with only one person at the table");
        assert!(!app.exists("[data-test=computer-failed]"), "{kind}: the computer players did not start");
        assert_only_secrets_of(app, kind, person, &format!("{kind}, turn {}", turn(app)));
        if !play_hint(app, kind) {
            std::thread::sleep(Duration::from_millis(60));
            continue;
        }
        own_moves += 1;
    }
}

/// (1) In every game a person plays against Hard to the end, seeing only their own things.
#[test]
fn a_person_plays_every_game_against_hard() {
    let app = App::start_blank("computers-every-game", "/tisch/");
    open(&app, TEST_BUDGET);
    for kind in ["just4fun", "gutangelegt", "viermalvier", "sudoku"] {
        start_with_seats(&app, kind, Some(2), &["kind-person", "kind-hard"], &[]);
        let rec = record(&app).expect("the game is stored");
        assert_eq!(
            rec["players"][1]["kind"],
            serde_json::json!({"computer": "hard"}),
            "{kind}: the seat's kind is saved"
        );
        assert!(
            app.b.text(&app.wait("[data-test=seat-level]")).ctx("level label").contains("Schwer")
                || app.b.text(&app.wait("[data-test=seat-level]")).ctx("level label").contains("Hard"),
            "{kind}: the level shows next to the name"
        );
        let own = play_person_to_end(&app, kind, 0, Duration::from_secs(240));
        let rec = record(&app).expect("the finished game is stored");
        assert_eq!(rec["finished"], Value::Bool(true), "{kind}");
        let hints = rec["hints"].as_array().map_or(0, Vec::len);
        assert_eq!(hints, own, "{kind}: every Tipp is counted in the game's record");
        let log = app.b.text(&app.wait("[data-test=move-log]")).ctx("log");
        assert!(log.contains("Tipp") || log.contains("hint"), "{kind}: the log counts the hints: {log}");
        go_home(&app);
    }
}

/// (2) Just 4 Fun with one person and three computers: no cover ever, the person's hand only.
#[test]
fn one_person_against_three_computers() {
    let app = App::start_blank("computers-j4f-4", "/tisch/");
    open(&app, TEST_BUDGET);
    start_with_seats(&app, "just4fun", Some(4), &["kind-person", "kind-easy", "kind-medium", "kind-hard"], &[]);
    let names: Vec<String> = app.autosave_player_names();
    assert_eq!(names[1..], ["Computer 1", "Computer 2", "Computer 3"], "default computer names");
    // After the computers' moves the person sees what happened since their last move.
    let mut saw_news = false;
    let start = Instant::now();
    while !app.exists("[data-test=end-screen]") {
        assert!(start.elapsed() < Duration::from_secs(300), "the game did not end");
        if app.exists("[data-test=recent]") && turn(&app) > 3 {
            saw_news = true;
        }
        play_person_to_end_step(&app);
    }
    assert!(saw_news, "the person never saw the computers' moves since their own");
}

/// One person's step for [`one_person_against_three_computers`]: a Tipp and its move when the
/// person is to move, else a short wait.
fn play_person_to_end_step(app: &App) {
    assert!(!app.exists("[data-test=handover]"), "a hand-over cover with one person");
    assert_only_secrets_of(app, "just4fun", 0, "J4F 1 vs 3");
    if !play_hint(app, "just4fun") {
        std::thread::sleep(Duration::from_millis(60));
    }
}

/// (3) Computers alone finish a game by themselves (pauses skipped on request).
#[test]
fn an_all_computer_game_finishes_by_itself() {
    let app = App::start_blank("computers-alone", "/tisch/");
    open(&app, TEST_BUDGET);
    start_with_seats(&app, "gutangelegt", Some(3), &["kind-easy", "kind-medium", "kind-hard"], &[]);
    assert!(!app.exists("[data-test=hint]"), "no Tipp without a person to move");
    app.click("[data-test=skip]");
    app.b.wait_for("[data-test=end-screen]", Duration::from_secs(120)).ctx("the computers finish the game");
    let rec = record(&app).expect("stored");
    assert_eq!(rec["finished"], Value::Bool(true));
    assert!(rec["turn"].as_u64().unwrap_or(0) > 20, "the computers played the game: {}", rec["turn"]);
}

/// (4) A reload while a computer thinks: the computer's move comes after the reload.
#[test]
fn a_reload_during_a_computer_turn_resumes_it() {
    // A long search, so that the reload surely happens while the computer thinks.
    let app = hard_vier_mal_vier_thinking("computers-reload", "?budget=6000");
    let before = turn(&app);
    assert_eq!(before, 0, "the computer has not moved yet");
    app.b.refresh().ctx("reload");
    app.wait("[data-test=game]");
    app.b
        .wait_until(Duration::from_secs(60), "the computer's move after the reload", |_| {
            Ok((turn(&app) > before).then_some(()))
        })
        .ctx("computer moved after reload");
    assert_only_secrets_of(&app, "viermalvier", 1, "after the reload");
}

/// A Vier mal Vier game, Hard (with `query`'s budget) against a person, shown while Hard thinks
/// about its first move. Vier mal Vier, because Hard searches from the first move on (in Just 4
/// Fun's opening one move can stand out so clearly that Hard answers at once).
fn hard_vier_mal_vier_thinking(name: &str, query: &str) -> App {
    let app = App::start_blank(name, "/tisch/");
    open(&app, query);
    start_with_seats(&app, "viermalvier", Some(2), &["kind-hard", "kind-person"], &[]);
    app.wait("[data-test=thinking]");
    app
}

/// (5) Offline after the service worker's install, a computer seat still plays.
#[test]
fn computers_play_offline() {
    let mut app = App::start_blank("computers-offline", "/tisch/");
    open(&app, TEST_BUDGET);
    wait_for_controller(&app);
    app.server.stop();
    app.b.refresh().ctx("reload offline");
    app.wait("[data-test=home]");
    start_with_seats(&app, "sudoku", Some(2), &["kind-hard", "kind-person"], &[]);
    app.b
        .wait_until(Duration::from_secs(60), "the computer's first move offline", |_| {
            Ok((turn(&app) >= 1).then_some(()))
        })
        .ctx("computer moved offline");
    assert!(!app.exists("[data-test=computer-failed]"));
}

/// (6) While a computer thinks, "Regeln" opens the rules at once: the page is not blocked.
#[test]
fn the_rules_open_while_a_computer_thinks() {
    let app = hard_vier_mal_vier_thinking("computers-rules", "?budget=60000");
    app.click("[data-test=rules]");
    app.wait("[data-test=rules-text]");
    let shown_at = app.js("return Date.now();").as_f64().expect("a time");
    // The worker's answer (its arrival is noted in the page) came after the rules were shown.
    app.b
        .wait_until(Duration::from_secs(60), "the worker's answer", |b| {
            let v = b.execute("return (window.spieltischBotReplyAt || [])[0] || null;", vec![])?;
            Ok(v.as_f64())
        })
        .map(|replied_at| assert!(replied_at > shown_at, "the rules showed only after the computer had answered"))
        .ctx("the computer answers while the rules are open");
}

/// (7) Two people and a computer: the hand-over cover shows only when the device passes from one
/// person to the other; while the computer moves, the person who just moved keeps the device
/// and sees only their own hand.
#[test]
fn the_cover_shows_only_between_people() {
    let app = App::start_blank("computers-cover", "/tisch/");
    open(&app, TEST_BUDGET);
    start_with_seats(&app, "just4fun", Some(3), &["kind-person", "kind-hard", "kind-person"], &[]);
    let reveal = |player: &str| {
        let cover = app.wait("[data-test=reveal]");
        assert_eq!(
            app.b.attr(&cover, "data-player").ctx("data-player").as_deref(),
            Some(player),
            "the cover names the next person"
        );
        app.click("[data-test=reveal]");
        app.b
            .wait_until(T, "cover gone", |b| Ok((!b.exists("[data-test=handover]")?).then_some(())))
            .ctx("cover lifted");
    };
    reveal("0");
    for round in 0..2 {
        // Person 0 moves; the computer follows without a cover, person 0 still holding the device.
        assert!(play_hint(&app, "just4fun"), "round {round}: person 0 to move");
        assert!(!app.exists("[data-test=handover]"), "round {round}: a cover before the computer's turn");
        assert_only_secrets_of(&app, "just4fun", 0, "while the computer moves");
        // Then the device passes to person 2: the cover names them.
        reveal("2");
        assert_only_secrets_of(&app, "just4fun", 2, "person 2's turn");
        assert!(play_hint(&app, "just4fun"), "round {round}: person 2 to move");
        reveal("0");
    }
}

/// (8) When the worker cannot start (its files are missing from the deployment), a plain
/// message says so, the game stays saved and playable, and nothing else breaks.
#[test]
fn a_worker_that_cannot_start_is_said_plainly_and_the_game_stays_saved() {
    let dir = dist_without_worker("no-worker");
    let app = App::start_serving("computers-no-worker", "/tisch/", &dir);
    open(&app, TEST_BUDGET);
    start_with_seats(&app, "just4fun", Some(2), &["kind-hard", "kind-person"], &[]);
    let banner = app.b.wait_for("[data-test=computer-failed]", Duration::from_secs(30)).ctx("the message");
    let text = app.b.text(&banner).ctx("text");
    assert!(text.contains("gespeichert") || text.contains("saved"), "the message says the game is kept: {text:?}");
    let saved = record(&app).expect("the game is saved");
    assert_eq!(saved["turn"].as_u64(), Some(0));
    assert_eq!(saved["players"][0]["kind"]["computer"].as_str(), Some("hard"), "the seats are kept: {saved}");
    assert!(!app.exists("[data-test=thinking]"), "no computer is said to think");
    // The rules still open: the page works.
    app.click("[data-test=rules]");
    app.wait("[data-test=rules-screen]");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 26, 3: setup says in one line per computer level at the table how strong it measured
/// (the arena's figures, `view::strength`), in German and in English; a table of people has none.
#[test]
fn setup_says_how_strong_each_level_at_the_table_is() {
    use spieltisch::engine::bots::Level;
    use spieltisch::engine::GameKind;
    use spieltisch::lang::{set_lang, Lang};
    let strength = spieltisch::view::strength::Strength::stored().expect("the figures read");
    let app = App::start("level-lines", "/spiele/");
    for (lang, kind) in [(Lang::En, GameKind::Sudoku), (Lang::De, GameKind::Just4Fun)] {
        if lang == Lang::De {
            spieltisch_tools::screens::german(&app.b, &app.base_url).ctx("German");
        }
        app.click(&format!("[data-test=new-{}]", kind.id()));
        app.wait("[data-test=setup]");
        app.click(".seat-row:nth-child(2) [data-test=kind-person]");
        app.click(".seat-row:nth-child(1) [data-test=kind-person]");
        assert_eq!(app.count("[data-test=level-line]"), 0, "people only: no levels to describe");
        for (level, test) in [(Level::Easy, "kind-easy"), (Level::Hard, "kind-hard"), (Level::Medium, "kind-medium")] {
            app.click(&format!(".seat-row:nth-child(2) [data-test={test}]"));
            let line = app.wait(&format!("[data-test=level-line][data-level={}]", spieltisch::named::name_of(level)));
            set_lang(lang);
            let said = strength.line(kind, level).expect("a line for every level");
            set_lang(Lang::De);
            assert_eq!(app.b.text(&line).ctx("the line"), said, "{kind:?} {level:?} in {lang:?}");
            assert_eq!(app.count("[data-test=level-line]"), 1, "one line: the level at the table");
        }
        app.click("[data-test=home-button]");
        app.wait("[data-test=home]");
    }
}
