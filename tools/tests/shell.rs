//! The frame around the games (issue 22): setup choices that show what is chosen and are one
//! tab stop per group, messages that belong to their game and turn, focus that stays where the
//! player was, screen titles, the home list of unfinished games, the pause, and the "since your
//! last move" box after a reload.

mod common;

use common::*;
use serde_json::Value;
use spieltisch::engine::bots::Level;
use spieltisch::engine::{gutangelegt, just4fun, sudoku, viermalvier, Game};
use spieltisch::session::{AnySession, PlayerColor, Seat, SeatKind, Session};
use spieltisch_tools::webdriver::{
    KEY_DOWN, KEY_END, KEY_ENTER, KEY_HOME, KEY_LEFT, KEY_RIGHT, KEY_SPACE, KEY_TAB, KEY_UP,
};
use std::time::{Duration, Instant};

/// Hard's search budget here (the computers only need to move, not to play well).
const BUDGET: &str = "?budget=40";

/// The app in German (headless Chromium asks for English), at `query` (e.g. a search budget).
fn german(app: &App, query: &str) {
    app.b.goto(&format!("{}{query}", app.base_url)).ctx("open app");
    app.wait("[data-test=home]");
    app.set_local_storage(&app.scoped_key("settings"), r#"{"lang":"de","handover":true,"reduced_motion":false}"#);
    app.b.refresh().ctx("reload");
    app.wait("[data-test=home]");
}

fn to_move(app: &App) -> Option<u64> {
    record(app).and_then(|r| r["state"]["to_move"].as_u64())
}

/// Whether the focused element matches `css`.
fn focus_is(app: &App, css: &str) -> bool {
    app.b
        .execute("const a = document.activeElement; return !!a && a.matches(arguments[0]);", vec![css.into()])
        .ctx("active element")
        == Value::Bool(true)
}

// ----- item 2: every choice shows its state, not by colour alone ---------------------------------

/// What a control shows besides colour: the marks before and after it, the weight of its text,
/// its border's width and its outline's style.
const SHAPE_OF: &str = "const shape = e => { const s = getComputedStyle(e), b = getComputedStyle(e, '::before'), a = getComputedStyle(e, '::after');\
    return [b.content, a.content, s.fontWeight, s.borderTopWidth, s.outlineStyle, s.textDecorationLine].join(' | '); };";

#[test]
fn every_setup_choice_shows_what_is_chosen_not_by_colour_alone() {
    let app = App::start("shell_setup_choices", "/spiele/");
    for kind in ["just4fun", "gutangelegt", "viermalvier", "sudoku"] {
        app.b.goto(&format!("{}#/new/{kind}", app.base_url)).ctx("setup");
        app.wait("[data-test=setup]");
        // Two seats at least, so every seat shows its kind (person or computer).
        app.click("[data-test=players-2]");
        app.wait(".seat-kind");
        let groups = app.js(&format!(
            "{SHAPE_OF} const out = [];\
             for (const g of document.querySelectorAll('.setup [role=radiogroup], .setup .segmented')) {{\
               const items = [...g.querySelectorAll('button')];\
               const on = items.filter(e => e.getAttribute('aria-checked') === 'true' || e.getAttribute('aria-pressed') === 'true');\
               const off = items.filter(e => !on.includes(e));\
               out.push([g.getAttribute('aria-label') || g.previousElementSibling?.textContent || '?', on.length, on.map(shape), off.map(shape)]); }}\
             return out;"
        ));
        let groups = groups.as_array().expect("groups");
        assert!(groups.len() >= 4, "{kind}: player count, two seats' colours and kinds at least: {groups:?}");
        for g in groups {
            let name = g[0].as_str().unwrap_or("?");
            assert_eq!(g[1], 1, "{kind}, {name}: exactly one choice is chosen");
            let chosen = g[2][0].as_str().unwrap_or("");
            for other in g[3].as_array().unwrap() {
                assert_ne!(
                    other.as_str(),
                    Some(chosen),
                    "{kind}, {name}: the chosen choice looks like the others but for its colour ({chosen})"
                );
            }
        }
    }
}

// ----- item 13: one tab stop per choice group, arrows choose ------------------------------------

#[test]
fn setup_groups_are_one_tab_stop_each_and_arrows_choose() {
    let app = App::start("shell_setup_keys", "/spiele/");
    app.click("[data-test=new-just4fun]");
    app.wait("[data-test=setup]");
    app.click("[data-test=players-4]");
    app.wait(".seat-row:nth-child(4)");
    app.js("document.querySelector('[data-test=home-button]').focus();");
    let mut presses = 0;
    while !focus_is(&app, "[data-test=start]") {
        press(&app, &[KEY_TAB]);
        presses += 1;
        assert!(presses < 80, "Tab never reached „Spiel starten“");
    }
    // The player count, then per seat its name, colours, kind and the order buttons, the
    // game's option, the hand-over setting: 22 stops for four seats (56 before).
    assert!(presses <= 24, "{presses} Tab presses from the first control to „Spiel starten“ with four players");

    // The player count: one stop, the chosen count; arrows choose another.
    app.js("document.querySelector('[data-test=home-button]').focus();");
    press(&app, &[KEY_TAB]);
    assert!(focus_is(&app, "[data-test=players-4]"), "the first stop is the chosen player count");
    press(&app, &[KEY_LEFT]);
    app.b
        .wait_until(T, "three seats", |b| Ok((b.find_all(".seat-row")?.len() == 3).then_some(())))
        .ctx("arrow left chooses 3");
    assert!(focus_is(&app, "[data-test=players-3]"), "the focus follows the choice");
    // A seat's kind: one stop on the chosen kind; arrows move and choose.
    press(&app, &[KEY_TAB, KEY_TAB, KEY_TAB]);
    assert!(
        focus_is(&app, ".seat-row:nth-child(1) [data-test=kind-person]"),
        "name, colours, then the seat's kind (on the chosen one)"
    );
    press(&app, &[KEY_RIGHT, KEY_RIGHT]);
    assert!(
        focus_is(&app, ".seat-row:nth-child(1) [data-test=kind-medium][aria-checked=true]"),
        "two arrows right choose „Mittel“"
    );
    assert_eq!(app.count(".seat-row:nth-child(1) [aria-checked=true][role=radio]:not(.swatch)"), 1);
    press(&app, &[KEY_END]);
    assert!(focus_is(&app, ".seat-row:nth-child(1) [data-test=kind-hard][aria-checked=true]"), "End chooses the last");
    // The colours: Shift+Tab back to the group, arrows choose the next colour.
    app.b.press_shifted(KEY_TAB).ctx("Shift+Tab");
    assert!(
        focus_is(&app, ".seat-row:nth-child(1) .swatch[aria-checked=true]"),
        "the colour group's stop is the chosen colour"
    );
    let before = app.js("return document.activeElement.getAttribute('aria-label');");
    press(&app, &[KEY_DOWN]);
    let after = app.js("return document.querySelector('.seat-row:nth-child(1) .swatch[aria-checked=true]').getAttribute('aria-label');");
    assert_ne!(before, after, "an arrow chooses the next colour");
    assert!(focus_is(&app, ".seat-row:nth-child(1) .swatch[aria-checked=true]"));
    press(&app, &[KEY_UP]);
    let back = app.js("return document.querySelector('.seat-row:nth-child(1) .swatch[aria-checked=true]').getAttribute('aria-label');");
    assert_eq!(before, back, "and back");
    // The chosen kind and colour are what the game starts with.
    app.click("[data-test=start]");
    app.wait("[data-test=game]");
    let rec = record(&app).expect("stored");
    assert_eq!(rec["players"][0]["kind"], serde_json::json!({"computer": "hard"}));
}

// ----- item 3: a message belongs to its game and its turn ----------------------------------------

/// In a two-person Just 4 Fun game: taps a field no card combination reaches, which says so.
fn raise_message(app: &App) {
    resume_to_board(app);
    // The board's fields stay in place for the whole game, so an earlier call's mark is still on
    // its field (reachable by now, perhaps): only this call's field carries the mark.
    let field = app.js("for (const m of document.querySelectorAll('[data-shell-test]')) m.removeAttribute('data-shell-test'); const f = [...document.querySelectorAll('[data-test=field]')].find(f => f.getAttribute('data-reachable') !== 'true'); f.setAttribute('data-shell-test', '1'); return f.getAttribute('data-number');");
    assert!(field.is_string(), "a field no combination of four cards reaches");
    app.click("[data-test=field][data-shell-test]");
    app.wait("[data-test=message]");
}

#[test]
fn a_message_goes_with_its_game_its_turn_and_its_time() {
    let app = App::start("shell_messages", "/spiele/");
    app.new_game(2);
    raise_message(&app);
    // Another game: the message stays behind.
    go_home(&app);
    app.start_game("sudoku", Some(1), &[]);
    app.wait("[data-test=held-tile], [data-test=gold-setup]");
    assert!(!app.exists("[data-test=message]"), "the Just 4 Fun message shows over the new Sudoku game");
    // The next move: gone.
    go_home(&app);
    // Without the hand-over cover (which hides every message anyway) the next player's board shows.
    app.start_game("just4fun", Some(2), &["handover-setting"]);
    raise_message(&app);
    let placed = play_placements(&app, 1, 3);
    assert!(matches!(placed.last(), Some(Step::Placed { .. })), "a stone was placed: {placed:?}");
    assert!(!app.exists("[data-test=message]"), "the message outlived the move");
    // Its time: an error goes by itself after some seconds.
    raise_message(&app);
    let shown = Instant::now();
    app.b.wait_gone("[data-test=message]", Duration::from_secs(12)).ctx("the message goes by itself");
    assert!(shown.elapsed() >= Duration::from_secs(4), "an error stays long enough to be read ({:?})", shown.elapsed());
}

// ----- item 8: focus stays with the player ------------------------------------------------------

/// The board or hand that holds the focus (its class), if any.
fn focused_group(app: &App) -> Option<String> {
    app.js("const a = document.activeElement; const g = a && a.closest('[role=group], [data-test=hand]'); return g ? g.getAttribute('class') : null;")
        .as_str()
        .map(str::to_string)
}

/// A person (seat 0) against Easy (seat 1), `moves` moves in (random legal ones), the person to move.
fn against_easy<G: Game>(options: G::Options, seed: u64, stop: impl Fn(&Session<G>) -> bool) -> Session<G> {
    let seats = vec![
        Seat::person("Anna", PlayerColor::Red),
        Seat { name: "Computer 1".into(), color: PlayerColor::Green, kind: SeatKind::Computer(Level::Easy) },
    ];
    let mut s = Session::<G>::new(seats, options, seed).expect("a setup");
    let mut pick = Pick(seed | 1);
    while s.state.outcome().is_none() && !(s.state.to_move() == Some(0) && stop(&s)) {
        let moves = s.state.legal_moves();
        let Some(mv) = moves.get(pick.next(moves.len())) else { break };
        s.play(mv).expect("a legal move");
    }
    s
}

/// Stores `game` as the running game `id` (hex digits) and opens it by URL, in a page loaded
/// afresh (as a reload or a link would).
fn open_game(app: &App, game: &AnySession, id: &str) {
    let meta = spieltisch::session::SaveMeta { name: "t", saved_at: 1.0, id, rev: 1 };
    let text = spieltisch::session::to_json(game, meta).expect("a game writes");
    app.set_local_storage(&app.scoped_key(&format!("game.{id}")), &text);
    app.b.goto(&format!("{}{BUDGET}#/play/{id}", app.base_url)).ctx("open game");
    app.b.refresh().ctx("load afresh");
    app.wait("[data-test=game]");
}

/// Waits until the focus is on an element matching `css` (a redrawn item gets it back in the
/// next frame).
fn wait_focus(app: &App, css: &str) {
    app.b.wait_until(T, &format!("focus on {css}"), |_| Ok(focus_is(app, css).then_some(()))).ctx("focus");
}

/// One person's move by keyboard; the group the focus was in when it was made.
fn keyboard_move(app: &App, kind: &str, pick: &mut Pick) -> String {
    match kind {
        "just4fun" => {
            if app.exists("[data-test=new-hand]") {
                tab_to(app, "[data-test=new-hand]", false);
                press(app, &[KEY_ENTER]);
                return String::new();
            }
            if !focus_is(app, "[data-test=field]") {
                tab_to(app, "[data-test=field]", false);
            }
            let reachable = app.js("return [...document.querySelectorAll('[data-test=field]')].map((f, i) => f.getAttribute('data-reachable') === 'true' && !f.hasAttribute('data-locked') ? i : -1).filter(i => i >= 0);");
            let reachable: Vec<usize> =
                reachable.as_array().unwrap().iter().filter_map(|v| v.as_u64().map(|v| v as usize)).collect();
            assert!(!reachable.is_empty(), "a field to play on");
            arrow_to(app, "[data-test=field]", 6, reachable[pick.next(reachable.len())]);
            press(app, &[KEY_ENTER]);
            wait_focus(app, "[data-test=field][data-target=true]");
            press(app, &[KEY_SPACE]);
        }
        "sudoku" => {
            if !focus_is(app, "[data-test=cell]") {
                tab_to(app, "[data-test=cell]", false);
            }
            let legal = app.js("return [...document.querySelectorAll('[data-test=cell]')].map((c, i) => c.getAttribute('data-legal') === 'true' ? i : -1).filter(i => i >= 0);");
            let legal: Vec<usize> =
                legal.as_array().unwrap().iter().filter_map(|v| v.as_u64().map(|v| v as usize)).collect();
            assert!(!legal.is_empty(), "a field for the tile");
            arrow_to(app, "[data-test=cell]", 9, legal[pick.next(legal.len())]);
            press(app, &[KEY_ENTER]);
            wait_focus(app, "[data-test=cell][data-preview=true]");
            press(app, &[KEY_ENTER]);
        }
        "gutangelegt" => {
            tab_to(app, "[data-test=hand-card]", false);
            press(app, &[KEY_ENTER]);
            tab_to(app, "[data-test=slot]", true);
            for _ in 0..pick.next(app.count("[data-test=slot]")) {
                press(app, &[KEY_RIGHT]);
            }
            press(app, &[KEY_ENTER]);
            app.wait("[data-test=preview]");
            wait_focus(app, "[data-test=slot]");
            press(app, &[KEY_ENTER]);
        }
        _ => {
            tab_to(app, "[data-test=tafel-stone]", false);
            for _ in 0..17 {
                press(app, &[KEY_ENTER]);
                app.wait("[data-test=picked]");
                if app.exists("[data-test=slot][data-legal=true]") {
                    break;
                }
                let before = focused_attr(app, "data-stone");
                press(app, &[KEY_RIGHT]);
                if focused_attr(app, "data-stone") == before {
                    press(app, &[KEY_TAB]);
                }
                if focused_attr(app, "data-test").as_deref() != Some("tafel-stone") {
                    tab_to(app, "[data-test=tafel-stone]", false);
                }
            }
            tab_to(app, "[data-test=slot]", true);
            press(app, &[KEY_HOME]);
            for _ in 0..7 {
                if focused_attr(app, "data-legal").as_deref() == Some("true") {
                    break;
                }
                press(app, &[KEY_RIGHT]);
            }
            press(app, &[KEY_ENTER]);
            app.wait("[data-test=preview]");
            wait_focus(app, "[data-test=slot]");
            press(app, &[KEY_ENTER]);
        }
    }
    focused_group(app).unwrap_or_default()
}

/// After the person's move: waits for the computer's move (or the end), then checks that the
/// focus is (back) in `group` within a frame or two.
fn after_computer_move(app: &App, kind: &str, before: u64, group: &str) {
    app.b
        .wait_until(T, "the computer's move", |b| {
            Ok((b.exists("[data-test=end-screen]")? || (turn(app) > before + 1 && to_move(app) == Some(0)))
                .then_some(()))
        })
        .ctx(&format!("{kind}: the computer moves"));
    if app.exists("[data-test=end-screen]") || group.is_empty() {
        return;
    }
    let back = app.b.wait_until(Duration::from_secs(2), "the focus in the board or hand", |_| {
        Ok(focused_group(app).filter(|g| g == group))
    });
    let now = app.js("const a = document.activeElement; return a ? a.tagName + ' ' + (a.getAttribute('data-test') || a.getAttribute('class') || '') : 'none';");
    assert!(
        back.is_ok(),
        "{kind}, turn {}: after the computer's move the focus is on {now}, not in {group}",
        turn(app)
    );
}

#[test]
fn focus_stays_in_the_board_after_computer_moves_and_new_screens_focus_their_heading() {
    let app = App::start("shell_focus", "/spiele/");
    // A new screen: its heading has the focus.
    app.click("[data-test=settings]");
    app.wait("[data-test=settings-screen]");
    app.b.wait_until(T, "the heading focused", |_| Ok(focus_is(&app, "h1").then_some(()))).ctx("settings: h1 focused");
    app.click("[data-test=home-button]");
    app.wait("[data-test=home]");
    app.b.wait_until(T, "the heading focused", |_| Ok(focus_is(&app, "h1").then_some(()))).ctx("home: h1 focused");
    let games: [(&str, AnySession); 4] = [
        (
            "just4fun",
            AnySession::Just4Fun(against_easy::<just4fun::Just4Fun>(Default::default(), 5, |s| s.log.len() >= 2)),
        ),
        (
            "sudoku",
            AnySession::Sudoku(against_easy::<sudoku::Sudoku>(Default::default(), 6, |s| {
                s.log.len() >= 2 && !s.state.in_gold_setup()
            })),
        ),
        (
            "gutangelegt",
            AnySession::GutAngelegt(against_easy::<gutangelegt::GutAngelegt>(Default::default(), 7, |s| {
                s.log.len() >= 2
            })),
        ),
        (
            "viermalvier",
            AnySession::VierMalVier(against_easy::<viermalvier::VierMalVier>(Default::default(), 8, |s| {
                s.log.len() >= 2
            })),
        ),
    ];
    let mut pick = Pick(77);
    for (i, (kind, game)) in games.into_iter().enumerate() {
        open_game(&app, &game, &format!("00000000000000c{i}"));
        app.b
            .wait_until(T, "the heading focused", |_| Ok(focus_is(&app, "h1").then_some(())))
            .ctx(&format!("{kind}: h1 focused on opening"));
        for _ in 0..3 {
            if app.exists("[data-test=end-screen]") {
                break;
            }
            app.b
                .wait_until(T, "the person's turn", |_| Ok((to_move(&app) == Some(0)).then_some(())))
                .ctx("person to move");
            let before = turn(&app);
            let group = keyboard_move(&app, kind, &mut pick);
            after_computer_move(&app, kind, before, &group);
        }
    }
    // The end of a game: the end screen's heading or first action has the focus.
    // A few moves before the end the same random play reaches (the moves in the page differ, but
    // near its end a Sudoku is soon blocked).
    let near_end = (9..40)
        .map(|seed| {
            let length = against_easy::<sudoku::Sudoku>(Default::default(), seed, |_| false).log.len();
            against_easy::<sudoku::Sudoku>(Default::default(), seed, |s| s.log.len() + 4 >= length)
        })
        .find(|s| s.state.outcome().is_none())
        .expect("a running game near its end");
    open_game(&app, &AnySession::Sudoku(near_end), "00000000000000e1");
    let deadline = Instant::now() + Duration::from_secs(120);
    while !app.exists("[data-test=end-screen]") {
        assert!(Instant::now() < deadline, "the game did not end");
        if to_move(&app) != Some(0) {
            std::thread::sleep(Duration::from_millis(100));
            continue;
        }
        let before = turn(&app);
        let group = keyboard_move(&app, "sudoku", &mut pick);
        after_computer_move(&app, "sudoku", before, &group);
    }
    app.b
        .wait_until(T, "the end screen focused", |_| {
            Ok(focus_is(&app, "[data-test=end-screen] h2, [data-test=end-screen] button").then_some(()))
        })
        .ctx("at the end the end screen's heading or first action has the focus");
}

// ----- item 11: every screen has its own title ---------------------------------------------------

fn wait_title(app: &App, want: &str) {
    let got = app.b.wait_until(T, want, |b| {
        let t = b.title()?;
        Ok((t == want).then_some(t))
    });
    assert!(got.is_ok(), "title {:?}, wanted {want:?}", app.b.title().unwrap_or_default());
}

#[test]
fn every_screen_names_itself_in_the_title() {
    let app = App::start_blank("shell_titles", "/spiele/");
    german(&app, BUDGET);
    wait_title(&app, "Spieltisch");
    app.click("[data-test=new-viermalvier]");
    wait_title(&app, "Neues Spiel: Vier mal Vier · Spieltisch");
    app.wait("[data-test=setup]");
    app.js("document.querySelectorAll('.seat-row')[1].querySelector('[data-test=kind-medium]').click();");
    app.click("[data-test=start]");
    wait_title(&app, "Vier mal Vier – Spieler 1 gegen Computer 1 · Spieltisch");
    app.click("[data-test=rules]");
    wait_title(&app, "Regeln: Vier mal Vier · Spieltisch");
    app.click("[data-test=home-button]");
    wait_title(&app, "Vier mal Vier – Spieler 1 gegen Computer 1 · Spieltisch");
    app.click("[data-test=home-button]");
    app.click("[data-test=settings]");
    wait_title(&app, "Einstellungen · Spieltisch");
    app.click("[data-test=lang-en]");
    wait_title(&app, "Settings · Spieltisch");
    app.click("[data-test=home-button]");
    app.click("[data-test=rules-sudoku]");
    wait_title(&app, "Rules: Sudoku – Das Brettspiel · Spieltisch");
}

// ----- item 14: the home list --------------------------------------------------------------------

fn open_games(app: &App) -> Vec<String> {
    app.js("return [...document.querySelectorAll('[data-test=open-game]')].map(e => e.textContent);")
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|v| v.as_str().map(str::to_string))
        .collect()
}

#[test]
fn the_home_list_says_who_when_how_far_and_keeps_no_unmoved_games() {
    let app = App::start_blank("shell_home_list", "/spiele/");
    german(&app, BUDGET);
    // Started and left at move 0: not kept.
    start_with_seats(&app, "just4fun", Some(2), &["kind-person", "kind-medium"], &[]);
    resume_to_board(&app);
    go_home(&app);
    assert!(open_games(&app).is_empty(), "a game never moved in is listed: {:?}", open_games(&app));
    // Moved in: listed with who played (the computer's level), how far, when.
    start_with_seats(&app, "just4fun", Some(2), &["kind-person", "kind-medium"], &[]);
    let placed = play_placements(&app, 1, 11);
    assert!(matches!(placed.last(), Some(Step::Placed { .. })));
    go_home(&app);
    let rows = open_games(&app);
    assert_eq!(rows.len(), 1, "{rows:?}");
    for part in ["Just 4 Fun", "Spieler 1 gegen Computer 1 (Mittel)", "Zug ", "Runde ", ".20"] {
        assert!(rows[0].contains(part), "the row {:?} lacks {part:?}", rows[0]);
    }
    // The games come first, the unfinished games below them.
    let order = app.js("const g = document.querySelector('.games'), u = document.querySelector('[data-test=unfinished]'); return !!(g.compareDocumentPosition(u) & Node.DOCUMENT_POSITION_FOLLOWING);");
    assert_eq!(order, Value::Bool(true), "the games list is first on the home screen");
    // A second one, then "delete all" names how many and deletes them.
    start_with_seats(&app, "just4fun", Some(2), &["kind-person", "kind-easy"], &[]);
    play_placements(&app, 1, 12);
    go_home(&app);
    assert_eq!(open_games(&app).len(), 2);
    app.click("[data-test=delete-all]");
    let question = app.b.text(&app.wait(".modal")).ctx("question");
    assert!(question.contains("2 angefangene Spiele"), "the question names how many: {question:?}");
    app.click("[data-test=confirm-no]");
    assert_eq!(open_games(&app).len(), 2, "„Abbrechen“ keeps them");
    app.click("[data-test=delete-all]");
    app.click("[data-test=confirm-yes]");
    app.b.wait_gone("[data-test=open-game]", T).ctx("all deleted");
    assert!(!app.exists("[data-test=delete-all]"), "nothing left to delete");
}

// ----- item 15: the pause says what it is ---------------------------------------------------------

#[test]
fn the_pause_is_labelled_and_the_status_says_the_computers_wait() {
    let app = App::start_blank("shell_pause", "/spiele/");
    german(&app, BUDGET);
    start_with_seats(&app, "just4fun", Some(2), &["kind-hard", "kind-person"], &[]);
    app.click("[data-test=pause]");
    let label = app.js("const p = document.querySelector('[data-test=pause]'); return p.innerText.trim();");
    assert_eq!(label.as_str(), Some("Weiter"), "the paused button says what it does: {label}");
    // If the computer moved before the pause, the person moves: then the computer is to move.
    if to_move(&app) == Some(1) {
        resume_to_board(&app);
        play_placements(&app, 1, 5);
    }
    app.b
        .wait_until(T, "the computer to move", |_| Ok((to_move(&app) == Some(0)).then_some(())))
        .ctx("the computer's turn");
    let status = app.js("return [...document.querySelectorAll('[data-test=paused], [data-test=status]')].filter(e => e.offsetParent).map(e => e.innerText).join(' / ');");
    let status = status.as_str().unwrap_or("");
    assert!(
        status.contains("Pausiert – Computer warten") && !status.contains("antippen"),
        "where the status line is, it says so: {status:?}"
    );
    let before = turn(&app);
    std::thread::sleep(Duration::from_millis(2500));
    assert_eq!(turn(&app), before, "the computer waits while paused");
    app.click("[data-test=resume]");
    app.b
        .wait_until(T, "the computer's move", |_| Ok((turn(&app) > before).then_some(())))
        .ctx("„Weiter“ lets the computer move");
    let label = app.js("return document.querySelector('[data-test=pause]').innerText.trim();");
    assert_eq!(label.as_str(), Some("Pause"), "running, the button says „Pause“: {label}");
    assert!(!app.exists("[data-test=resume]"));
}

// ----- item 17: "since your last move" after a reload --------------------------------------------

#[test]
fn the_news_box_survives_a_reload() {
    let app = App::start_blank("shell_news_reload", "/spiele/");
    german(&app, BUDGET);
    start_with_seats(&app, "just4fun", Some(2), &["kind-person", "kind-hard"], &[]);
    play_placements(&app, 1, 21);
    app.b
        .wait_until(T, "the computer's move", |_| Ok((turn(&app) >= 2 && to_move(&app) == Some(0)).then_some(())))
        .ctx("computer moved");
    let news = app.b.text(&app.wait("[data-test=recent]")).ctx("news");
    assert!(news.contains("Computer 1"), "the box names the computer's move: {news:?}");
    app.b.refresh().ctx("reload");
    app.wait("[data-test=game]");
    resume_to_board(&app);
    let after = app.b.text(&app.wait("[data-test=recent]")).ctx("news after the reload");
    assert_eq!(after, news, "the box after the reload");
}

/// Setup, settings and the finished games are drawn by the lazily loaded wasm into the app's
/// screens; what it drew goes with its screen (the app reuses its elements for the next one:
/// once it did, home showed the settings instead of its games).
#[test]
fn screens_of_the_lazily_loaded_wasm_leave_nothing_behind() {
    let app = App::start("shell_lazy", "/spiele/");
    let home_is_whole = |after: &str| {
        app.wait("[data-test=home]");
        let (cards, drawn): (u64, u64) = (
            app.js("return document.querySelectorAll('[data-test^=new-]').length").as_u64().unwrap_or(0),
            app.js("return document.querySelectorAll('.lazy-root').length").as_u64().unwrap_or(0),
        );
        assert_eq!((cards, drawn), (4, 0), "home after {after}: its four games, nothing else's");
    };
    for (open, body) in [
        ("[data-test=new-sudoku]", "[data-test=start]"),
        ("[data-test=settings]", "[data-test=lang-de]"),
        ("[data-test=archive]", "[data-test=stats]"),
    ] {
        app.click(open);
        app.wait(body);
        app.click("[data-test=home-button]");
        home_is_whole(open);
    }
    // A language chosen there is the app's at once, and the screen is drawn again in it.
    app.click("[data-test=settings]");
    app.click("[data-test=lang-de]");
    wait_title(&app, "Einstellungen · Spieltisch");
    let german = app.b.wait_until(T, "the settings in German", |b| {
        let heading = b.execute("return document.querySelector('[data-lazy] h2')?.textContent", vec![])?;
        Ok((heading.as_str() == Some("Sprache")).then_some(()))
    });
    assert!(german.is_ok(), "the body is drawn again in German");
    app.click("[data-test=home-button]");
    home_is_whole("a language change");
}
