//! Browser tests for Gut angelegt: a complete three-player hot-seat game by taps (waiting
//! players' hands never in the DOM; the drawn scoring lines add up to the points scored), and the
//! announce option scoring only the claimed lines.

mod common;

use common::*;
use serde_json::Value;
use spieltisch::engine::gutangelegt::{table_shift, GutAngelegt, Laid, Line, Place};
use std::time::{Duration, Instant};

fn new_ga(app: &App, players: usize, options: &[&str]) {
    app.start_game("gutangelegt", Some(players), options);
}

fn moves_logged(app: &App) -> u64 {
    app.b.attr(&app.wait("[data-test=move-log]"), "data-moves").ctx("moves").and_then(|s| s.parse().ok()).unwrap_or(0)
}

fn hand_shown(app: &App) -> Vec<u64> {
    let v = app
        .js("return [...document.querySelectorAll('[data-test=hand-card]')].map(c => +c.getAttribute('data-card'));");
    let mut cards: Vec<u64> = v.as_array().unwrap().iter().filter_map(Value::as_u64).collect();
    cards.sort_unstable();
    cards
}

fn assert_no_hand_in_dom(app: &App) {
    let src = app.b.page_source().ctx("page source");
    assert!(
        !src.contains("data-test=\"hand-card\"") && !src.contains("data-test=\"hand\""),
        "a hand is in the page behind the cover"
    );
}

/// Lays the card the player picks by taps; returns the points the scored lines on the board show.
fn lay_by_taps(app: &App, pick: &mut Pick) -> u64 {
    let cards = app.b.find_all("[data-test=hand-card]").ctx("hand");
    app.b.click(&cards[pick.next(cards.len())]).ctx("pick card");
    if pick.next(2) == 1 {
        app.click("[data-test=flip]");
    }
    let slots = app.b.find_all("[data-test=slot]").ctx("slots");
    assert!(!slots.is_empty(), "places are offered during a turn");
    let slot = &slots[pick.next(slots.len())];
    let place = app.b.attr(slot, "data-place").ctx("place").unwrap_or_default();
    app.b.click(slot).ctx("tap place");
    app.wait("[data-test=preview]");
    let before = moves_logged(app);
    // The preview must be seen before a second tap confirms it (a double tap does not).
    std::thread::sleep(Duration::from_millis(450));
    app.click(&format!("[data-test=slot][data-place=\"{place}\"]"));
    app.b.wait_until(T, "the card to lie", |_| Ok((moves_logged(app) > before).then_some(()))).ctx("lay");
    let v = app.js(
        "return [...document.querySelectorAll('[data-test=scored-line]')].map(l => +l.getAttribute('data-points'));",
    );
    v.as_array().unwrap().iter().filter_map(Value::as_u64).sum()
}

#[test]
fn three_player_hot_seat_game_to_the_end() {
    let app = App::start("ga_three", "/spiele/");
    new_ga(&app, 3, &[]);
    let mut pick = Pick(17);
    let (mut laid, mut covers) = (0, 0);
    let deadline = Instant::now() + Duration::from_secs(300);
    loop {
        assert!(Instant::now() < deadline, "game took too long ({laid} cards)");
        let screen = app
            .b
            .wait_until(T, "end, cover or a hand", |b| {
                if b.exists("[data-test=end-screen]")? {
                    return Ok(Some("end"));
                }
                if b.exists("[data-test=handover]")? {
                    return Ok(Some("cover"));
                }
                Ok(b.exists("[data-test=hand-card]")?.then_some("turn"))
            })
            .ctx("screen");
        match screen {
            "end" => break,
            "cover" => {
                covers += 1;
                assert_no_hand_in_dom(&app);
                app.click("[data-test=reveal]");
                app.b.wait_gone("[data-test=handover]", T).ctx("reveal");
            }
            _ => {
                let state = current_autosave_state(&app).expect("autosave of the position on screen");
                let mover = state["to_move"].as_u64().unwrap() as usize;
                let mut own: Vec<u64> =
                    state["hands"][mover].as_array().unwrap().iter().filter_map(Value::as_u64).collect();
                own.sort_unstable();
                assert_eq!(app.count("[data-test=hand]"), 1, "exactly one hand during a turn");
                assert_eq!(hand_shown(&app), own, "the hand shown is player {mover}'s");
                let score_before = state["scores"][mover].as_u64().unwrap();
                let drawn = lay_by_taps(&app, &mut pick);
                let after = app.autosave_state().expect("autosave after the card");
                assert_eq!(
                    after["scores"][mover].as_u64().unwrap() - score_before,
                    drawn,
                    "the lines drawn add up to the points scored"
                );
                laid += 1;
            }
        }
    }
    assert_eq!(laid, 47, "47 cards laid after the start card");
    assert!(covers >= laid - 1, "a cover before every turn ({covers})");
    let state = app.autosave_state().unwrap();
    let game: GutAngelegt = serde_json::from_value(state).expect("the final state reads as a game");
    assert_eq!((game.width(), game.height(), game.cards_on_table()), (12, 12, 48));
    assert_eq!(app.count("[data-test=result-row]"), 3);
}

/// Announce option: a wrong claim is struck (the card stays, 0 points for it, "corrected" in the
/// log); claiming one of the lines scores exactly that line, the others are lost.
#[test]
fn announce_scores_only_claimed_lines() {
    let app = App::start("ga_announce", "/spiele/");
    new_ga(&app, 2, &["opt-announce"]);
    let mut pick = Pick(5);
    for turn in 0..40 {
        // Best a card with two lines or more, so that one line is claimed and another lost.
        let wanted = if turn < 30 { 2 } else { 1 };
        if app.exists("[data-test=handover]") {
            app.click("[data-test=reveal]");
            app.b.wait_gone("[data-test=handover]", T).ctx("reveal");
        }
        app.wait("[data-test=hand-card]");
        let state = current_autosave_state(&app).expect("autosave");
        let game: GutAngelegt = serde_json::from_value(state.clone()).expect("state");
        let mover = state["to_move"].as_u64().unwrap() as usize;
        // A move that makes at least one line, found with the engine on the saved state.
        let mut options = Vec::new();
        for &card in game.hand(mover) {
            for turned in [false, true] {
                for place in game.places() {
                    options.push((card, turned, place));
                }
            }
        }
        let found = options.into_iter().find_map(|(card, turned, place)| {
            let (lines, at) = game.preview(Laid { card, turned }, place).ok()?;
            // A claim that is wrong: the card's own three fields when they are not one line.
            let own = Line { from: at, to: (at.0, at.1 + 2) };
            (lines.len() >= wanted && !lines.contains(&own)).then_some((card, turned, place, lines, own, at))
        });
        let Some((card, turned, place, lines, wrong, at)) = found else {
            // Nothing scores this turn: lay something (no claims) and go on.
            let before = moves_logged(&app);
            lay_by_taps_announce(&app, &mut pick);
            app.b.wait_until(T, "the card to lie", |_| Ok((moves_logged(&app) > before).then_some(()))).ctx("lay");
            continue;
        };
        app.click(&format!("[data-test=hand-card][data-card=\"{card}\"]"));
        if turned {
            app.click("[data-test=flip]");
        }
        let place_id = spieltisch_place_id(place);
        app.click(&format!("[data-test=slot][data-place=\"{place_id}\"]"));
        app.wait("[data-test=preview]");
        assert_eq!(app.count("[data-test=preview-line]"), 0, "announce mode does not give the lines away");
        // A wrong claim beside a right one: the card is laid, the wrong claim is struck (0 points,
        // logged and said as corrected), the right one scores, the others are lost.
        let line = lines[0];
        // Claims name fields after the card lies; the table's own fields carry today's
        // coordinates (the preview moves the table by `table_shift`), the preview's the new ones.
        let shift = table_shift(place);
        let tap = |f: (usize, usize)| {
            let on_preview = f.0 == at.0 && (at.1..at.1 + 3).contains(&f.1);
            let (x, y, within) = if on_preview {
                (f.0, f.1, "[data-test=preview]")
            } else {
                (f.0 - shift.0, f.1 - shift.1, "[data-test=card]")
            };
            app.click(&format!("{within} [data-test=field][data-x=\"{x}\"][data-y=\"{y}\"]"))
        };
        tap(wrong.from);
        tap(wrong.to);
        // The right claim by keyboard: the table is a tab stop while a card is previewed; arrows
        // move its cursor (after-move coordinates), Enter marks a field as a tap does.
        claim_by_keys(&app, line);
        assert_eq!(app.count("[data-test=claims] li"), 2, "both claims are listed");
        let score_before = state["scores"][mover].as_u64().unwrap();
        let moves = moves_logged(&app);
        app.click("[data-test=place]");
        app.b.wait_until(T, "the card to lie", |_| Ok((moves_logged(&app) > moves).then_some(()))).ctx("lay");
        let after = app.autosave_state().unwrap();
        assert_eq!(
            after["scores"][mover].as_u64().unwrap() - score_before,
            u64::from(line.points()),
            "only the right claim scores"
        );
        let log = app
            .js("return document.querySelector('[data-test=move-log]').textContent;")
            .as_str()
            .unwrap_or("")
            .to_string();
        assert!(log.contains("korrigiert") || log.contains("corrected"), "the struck claim is in the log: {log}");
        if lines.len() > 1 {
            assert!(log.contains("übersehen") || log.contains("missed"), "the lost lines are noted: {log}");
        }
        let total: u32 = lines.iter().map(|l| l.points()).sum();
        eprintln!("claimed {line:?} ({} points) of {} lines ({total} points)", line.points(), lines.len());
        return;
    }
    panic!("no scoring move came up in 40 turns");
}

/// Claims `line` with the keyboard alone: Tab to the table, arrows to each end, Enter.
fn claim_by_keys(app: &App, line: Line) {
    use spieltisch_tools::webdriver::{KEY_DOWN, KEY_ENTER, KEY_LEFT, KEY_RIGHT, KEY_UP};
    tab_to(app, "[data-test=table]", false);
    for (i, end) in [line.from, line.to].into_iter().enumerate() {
        for _ in 0..40 {
            let at = app.js("return document.querySelector('[data-test=table]').getAttribute('data-cursor');");
            let (x, y) = at
                .as_str()
                .and_then(|a| a.split_once(','))
                .map(|(x, y)| (x.parse::<usize>().unwrap(), y.parse::<usize>().unwrap()))
                .expect("a cursor");
            let key = if x < end.0 {
                KEY_RIGHT
            } else if x > end.0 {
                KEY_LEFT
            } else if y < end.1 {
                KEY_DOWN
            } else if y > end.1 {
                KEY_UP
            } else {
                break;
            };
            press(app, &[key]);
        }
        let label = app.js("return document.querySelector('[data-test=table]').getAttribute('aria-label');");
        let (de, en) =
            (format!("Spalte {}, Feld {}", end.0 + 1, end.1 + 1), format!("Column {}, field {}", end.0 + 1, end.1 + 1));
        assert!(label.as_str().is_some_and(|l| l.contains(&de) || l.contains(&en)), "the cursor is named: {label}");
        press(app, &[KEY_ENTER]);
        assert_eq!(
            app.exists("[data-test=claim-start]"),
            i == 0,
            "the first Enter starts the line, the second ends it"
        );
    }
}

fn spieltisch_place_id(place: Place) -> String {
    match place {
        Place::Left => "left".into(),
        Place::Right => "right".into(),
        Place::Next => "next".into(),
        Place::Corner { top, left } => {
            format!("{}-{}", if top { "top" } else { "bottom" }, if left { "left" } else { "right" })
        }
    }
}

/// In announce mode the second tap on a place does not lay; "Lay" does (with no claims).
fn lay_by_taps_announce(app: &App, pick: &mut Pick) {
    let cards = app.b.find_all("[data-test=hand-card]").ctx("hand");
    app.b.click(&cards[pick.next(cards.len())]).ctx("pick card");
    let slots = app.b.find_all("[data-test=slot]").ctx("slots");
    app.b.click(&slots[pick.next(slots.len())]).ctx("tap place");
    app.wait("[data-test=preview]");
    app.click("[data-test=place]");
}

/// Keyboard only (issue 13's accessible play): after the setup, a whole two-player game by Tab,
/// arrows and Enter — the cover's button, a card of the hand (a group: arrows between cards),
/// Shift+Tab back to the table's places (a group too), Enter to choose, Enter again to lay. Every
/// place and card says what it is; the live region names each move as it is made.
#[test]
fn a_whole_game_by_keyboard() {
    use spieltisch_tools::webdriver::{KEY_ENTER, KEY_RIGHT, KEY_SPACE};
    let app = App::start("ga_keyboard", "/spiele/");
    new_ga(&app, 2, &[]);
    let mut pick = Pick(23);
    let mut laid = 0;
    let deadline = Instant::now() + Duration::from_secs(400);
    while !app.exists("[data-test=end-screen]") {
        assert!(Instant::now() < deadline, "game took too long ({laid} cards)");
        if app.exists("[data-test=handover]") {
            reveal_by_keys(&app);
            continue;
        }
        app.wait("[data-test=hand-card]");
        let state = current_autosave_state(&app).expect("autosave");
        let mover = state["to_move"].as_u64().unwrap() as usize;
        let name = app.autosave_player_names()[mover].clone();
        // The hand is one tab stop; arrows move within it.
        tab_to(&app, "[data-test=hand-card]", false);
        assert_eq!(
            app.js(
                "return [...document.querySelectorAll('[data-test=hand-card]')].filter(c => c.tabIndex === 0).length;"
            ),
            1,
            "one tab stop in the hand"
        );
        for _ in 0..pick.next(3) {
            press(&app, &[KEY_RIGHT]);
        }
        let card = focused_attr(&app, "aria-label").expect("a hand card is named");
        assert!(card.starts_with("Karte ") || card.starts_with("Card "), "{card}");
        press(&app, &[if laid % 2 == 0 { KEY_ENTER } else { KEY_SPACE }]);
        assert_eq!(focused_attr(&app, "aria-pressed").as_deref(), Some("true"), "Enter/Space picks the focused card");
        // Back to the table (it comes before the hand): its places are one group.
        tab_to(&app, "[data-test=slot]", true);
        let places = app.count("[data-test=slot]");
        for _ in 0..pick.next(places) {
            press(&app, &[KEY_RIGHT]);
        }
        let place = focused_attr(&app, "aria-label").unwrap_or_default();
        assert!(!place.is_empty(), "a place says what it is");
        press(&app, &[KEY_ENTER]);
        app.wait("[data-test=preview]");
        assert_eq!(focused_attr(&app, "data-test").as_deref(), Some("slot"), "focus stays on the chosen place");
        let before = moves_logged(&app);
        press(&app, &[KEY_ENTER]);
        app.b.wait_until(T, "the card to lie", |_| Ok((moves_logged(&app) > before).then_some(()))).ctx("lay");
        laid += 1;
        // The live region says who laid which card, in the hand's words for it.
        let live = live_text(&app);
        let colors = card.split_once(' ').map(|x| x.1).unwrap_or("");
        assert!(
            live.starts_with(&format!("{name}: ")) && live.contains(colors),
            "live region {live:?} for {name}'s {card}"
        );
        // The laid card is named on the table as it is seen: row, place and colours.
        let named =
            app.js("return [...document.querySelectorAll('[data-test=card]')].map(c => c.getAttribute('aria-label'));");
        let named: Vec<&str> = named.as_array().unwrap().iter().filter_map(Value::as_str).collect();
        assert_eq!(named.len(), laid + 1, "every laid card is named");
        assert!(
            named.iter().any(|l| l.contains(colors) && (l.ends_with("zuletzt gelegt") || l.ends_with("laid last"))),
            "the last card: {named:?}"
        );
    }
    assert_eq!(laid, 47, "47 cards laid by keyboard");
    assert_eq!(app.count("[data-test=result-row]"), 2);
}
