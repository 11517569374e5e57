//! Browser tests for how the four game screens behave on a tap (issue 22): "Tipp" always shows
//! its move, also over what the player had picked, and only a shown hint counts; a quick double
//! tap never confirms a preview the player has not seen (a slower second tap still does); the
//! words say what to do to touch and keyboard players alike; Vier mal Vier's turn of the picked
//! stone and a computer's move are said with their shapes; Gut angelegt's log names a card's
//! colours as it lies.

mod common;

use common::*;
use serde_json::Value;
use spieltisch::engine::gutangelegt::GutAngelegt;
use spieltisch::engine::viermalvier::{SHAPES, STONES};
use std::time::Duration;

/// Hard's and the hints' search budget here (small: quick answers).
const BUDGET: &str = "?budget=40";

/// Opens the app in German (its default language; headless Chromium asks for English), with
/// the small search budget.
fn open(app: &App) {
    spieltisch_tools::screens::german(&app.b, &format!("{}{BUDGET}", app.base_url)).ctx("open the app in German");
}

/// From home: a game of `kind` for two people with the setup controls `options`, past the cover.
fn start_two(app: &App, kind: &str, options: &[&str]) {
    app.start_game(kind, Some(2), options);
    reveal_if_covered(app);
}

fn reveal_if_covered(app: &App) {
    if app.b.try_find("[data-test=handover]").ctx("cover").is_some() {
        app.click("[data-test=reveal]");
        app.b.wait_gone("[data-test=handover]", T).ctx("reveal");
        // The cover's tap shield goes a moment later.
        app.b.wait_gone("[data-test=tap-shield]", T).ctx("tap shield");
    }
}

fn moves_logged(app: &App) -> u64 {
    app.b.attr(&app.wait("[data-test=move-log]"), "data-moves").ctx("moves").and_then(|s| s.parse().ok()).unwrap_or(0)
}

fn status(app: &App) -> String {
    app.b.text(&app.wait("[data-test=status]")).ctx("status")
}

/// The record's hints (one per turn and person that saw one).
fn hints_counted(app: &App) -> usize {
    let rec: Value = serde_json::from_str(&app.autosave_raw().unwrap_or_default()).unwrap_or_default();
    rec["hints"].as_array().map_or(0, Vec::len)
}

/// No instruction tells a keyboard player to tap (the hint button's own word "Tipp" aside).
fn assert_words_for_everyone(text: &str, context: &str) {
    let lower = text.to_lowercase();
    for word in ["antipp", "tippe ", "tippen", " tap ", "tap ", " tap"] {
        assert!(!lower.contains(word), "{context}: {text:?} says {word:?}");
    }
}

/// Presses "Tipp" and waits for the answer.
fn ask_hint(app: &App) {
    app.click("[data-test=hint]");
    app.b
        .wait_until(T, "the hint", |b| {
            let done =
                b.execute("const h = document.querySelector('[data-test=hint]'); return !!h && !h.disabled;", vec![])?;
            Ok((done == Value::Bool(true)).then_some(()))
        })
        .ctx("hint answered");
}

/// After "Tipp" over the player's own pick: the status shows the hint and why (issue 24, 3: a
/// reason with one of `why_words`), "Legen"/"Setzen" plays it
/// (the pick gave way to a whole move), the hint is counted once, and playing it moves the game.
fn assert_hint_shown_and_played(app: &App, kind: &str, why_words: &[&str]) {
    let said = status(app);
    assert!(said.starts_with("Tipp:"), "{kind}: the hint is not shown over the pick: status {said:?}");
    let reason = said.trim_start_matches("Tipp:").trim();
    assert!(
        reason.chars().count() >= 10 && why_words.iter().any(|w| reason.contains(w)),
        "{kind}: the hint does not say why ({why_words:?}): status {said:?}"
    );
    assert_eq!(hints_counted(app), 1, "{kind}: the shown hint is counted once");
    let place = app.wait("[data-test=place]");
    assert!(
        app.b.prop(&place, "disabled").ctx("disabled") == Value::Bool(false),
        "{kind}: the hinted move cannot be played"
    );
    let before = moves_logged(app);
    app.b.click(&place).ctx("play the hint");
    app.b.wait_until(T, "the hinted move", |_| Ok((moves_logged(app) > before).then_some(()))).ctx(kind);
}

/// Issue 22, 4: "Tipp" after a card, field, stone or tile was picked shows the hint (the pick
/// gives way) and counts it; before, it showed nothing and the log still counted a hint.
#[test]
fn a_hint_shows_over_what_the_player_picked() {
    let app = App::start_blank("boards_hint_over_pick", "/spiele/");
    open(&app);
    // What the status said along the way, checked for words at the end.
    let mut said = Vec::new();
    // Just 4 Fun: one card picked.
    start_two(&app, "just4fun", &[]);
    said.push(("just4fun, nothing picked", status(&app)));
    app.click("[data-test=hand] [data-test=card]");
    said.push(("just4fun, a card picked", status(&app)));
    ask_hint(&app);
    assert_hint_shown_and_played(&app, "just4fun", &["Feld "]);
    go_home(&app);
    // Gut angelegt: a card picked, no place yet.
    start_two(&app, "gutangelegt", &[]);
    app.click("[data-test=hand-card]");
    said.push(("gutangelegt, a card picked", status(&app)));
    ask_hint(&app);
    app.wait("[data-test=preview]");
    assert_hint_shown_and_played(&app, "gutangelegt", &["Punkt"]);
    go_home(&app);
    // Vier mal Vier (open view): a stone picked, no place yet.
    start_two(&app, "viermalvier", &["opt-view-open"]);
    app.click("[data-test=tafel-stone]");
    said.push(("viermalvier, a stone picked", status(&app)));
    ask_hint(&app);
    app.wait("[data-test=preview]");
    assert_hint_shown_and_played(&app, "viermalvier", &["Mauer", "Reihe", "Stein", "Seite"]);
    go_home(&app);
    // Sudoku: a field previewed.
    start_two(&app, "sudoku", &[]);
    said.push(("sudoku, nothing chosen", status(&app)));
    app.click("[data-test=cell][data-legal=true]");
    app.wait("[data-test=cell][data-preview=true]");
    said.push(("sudoku, a field chosen", status(&app)));
    ask_hint(&app);
    // Issue 24, 3: the hint says why its field is worth its points.
    said.push(("sudoku, a hint shown", status(&app)));
    assert_hint_shown_and_played(&app, "sudoku", &["im Block", "in der Reihe", "in der Spalte", "noch leer"]);
    // Issue 22, 17: the instructions along the way speak to touch and keyboard alike.
    for (context, text) in said {
        assert_words_for_everyone(&text, context);
    }
}

/// Taps `css` twice, `gap_ms` apart, as a finger does.
fn tap_twice(app: &App, css: &str, gap_ms: u64) {
    let el = app.wait(css);
    app.b.tap_repeatedly(&el, 2, gap_ms).ctx(&format!("two taps on {css}"));
}

/// Two taps 60 ms apart on `quick` preview but play nothing; two taps 600 ms apart on `slow`
/// (another place) play the move. `previewed`: what shows the preview.
fn double_taps(app: &App, kind: &str, quick: &str, slow: &str, previewed: &str) {
    let before = moves_logged(app);
    tap_twice(app, quick, 60);
    std::thread::sleep(Duration::from_millis(700));
    assert_eq!(moves_logged(app), before, "{kind}: two taps 60 ms apart played a move");
    assert!(app.exists(previewed), "{kind}: the first tap did not preview");
    tap_twice(app, slow, 600);
    app.b
        .wait_until(T, "the move of the slower pair", |_| Ok((moves_logged(app) > before).then_some(())))
        .ctx(&format!("{kind}: two taps 600 ms apart did not play the move"));
}

/// Issue 22, 5: a preview must be seen before a second tap confirms it, in every game that
/// previews on the first tap and plays on the second.
#[test]
fn a_quick_double_tap_plays_no_move() {
    let app = App::start("boards_double_tap", "/spiele/");
    open(&app);
    start_two(&app, "sudoku", &[]);
    let legal: Vec<String> = app
        .js("return [...document.querySelectorAll('[data-test=cell][data-legal=true]')].slice(0, 2).map(c => c.getAttribute('data-cell'));")
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c.as_str().map(str::to_string))
        .collect();
    let cell = |c: &str| format!("[data-test=cell][data-cell=\"{c}\"]");
    double_taps(&app, "sudoku", &cell(&legal[0]), &cell(&legal[1]), "[data-test=cell][data-preview=true]");
    go_home(&app);

    start_two(&app, "just4fun", &[]);
    let reachable: Vec<String> = app
        .js("return [...document.querySelectorAll('[data-test=field][data-reachable=true]')].slice(0, 2).map(f => f.getAttribute('data-number'));")
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c.as_str().map(str::to_string))
        .collect();
    assert_eq!(reachable.len(), 2, "two fields the hand reaches");
    let field = |n: &str| format!("[data-test=field][data-number=\"{n}\"]");
    double_taps(&app, "just4fun", &field(&reachable[0]), &field(&reachable[1]), "[data-test=field][data-target=true]");
    go_home(&app);

    start_two(&app, "gutangelegt", &[]);
    app.click("[data-test=hand-card]");
    double_taps(
        &app,
        "gutangelegt",
        "[data-test=slot][data-place=left]",
        "[data-test=slot][data-place=right]",
        "[data-test=preview]",
    );
    go_home(&app);

    // Vier mal Vier (open view: no cover): after a first stone there are places at both ends.
    start_two(&app, "viermalvier", &["opt-view-open"]);
    app.click("[data-test=tafel-stone]");
    app.click("[data-test=slot]");
    std::thread::sleep(Duration::from_millis(450));
    app.click("[data-test=slot]");
    app.b.wait_until(T, "the first stone", |_| Ok((moves_logged(&app) == 1).then_some(()))).ctx("first stone");
    // A stone of another colour fits at either end.
    let first_color =
        app.b.attr(&app.wait("[data-test=wall] [data-test=stone]"), "data-color").ctx("colour").unwrap_or_default();
    app.click(&format!("[data-test=tafel-stone]:not([data-color=\"{first_color}\"])"));
    double_taps(
        &app,
        "viermalvier",
        "[data-test=slot][data-spot=left]",
        "[data-test=slot][data-spot=right]",
        "[data-test=preview]",
    );
}

/// Issue 22, 9: turning the picked stone changes its name and is said; a computer's move is said
/// with the shape toward the listener (hidden view: the face they see, never the far one).
#[test]
fn vier_mal_vier_says_faces_to_a_screen_reader() {
    let app = App::start_blank("boards_vv_faces", "/spiele/");
    open(&app);
    app.click("[data-test=new-viermalvier]");
    app.wait("[data-test=setup]");
    app.js("document.querySelectorAll('[data-test=seat-row], .seat-row')[1].querySelector('[data-test=kind-easy]').click();");
    app.click("[data-test=start]");
    app.wait("[data-test=tafel-stone]");
    // Colour 0's U/V stone (id 1): U toward the player first, V after turning.
    app.click("[data-test=tafel-stone][data-stone=\"1\"]");
    let name = |app: &App| {
        app.b.attr(&app.wait("[data-test=picked] [role=img]"), "aria-label").ctx("name").unwrap_or_default()
    };
    assert_eq!(name(&app), "dunkelrot: Form U zu dir, Form V zum Gegner");
    // The status is a live region: a turn is said aloud with the faces.
    let live = app.b.attr(&app.wait("[data-test=status]"), "aria-live").ctx("live").unwrap_or_default();
    assert_eq!(live, "polite", "the status is said");
    assert!(status(&app).starts_with("dunkelrot: Form U zu dir, Form V zum Gegner."), "{}", status(&app));
    app.click("[data-test=flip]");
    assert_eq!(name(&app), "dunkelrot: Form V zu dir, Form U zum Gegner", "the name follows the turn");
    assert!(
        status(&app).starts_with("dunkelrot: Form V zu dir, Form U zum Gegner."),
        "the turn is said: {}",
        status(&app)
    );
    app.click("[data-test=slot]");
    std::thread::sleep(Duration::from_millis(450));
    app.click("[data-test=slot]");
    // The computer's stone, as the live region says it to the person (side 0).
    app.b
        .wait_until(Duration::from_secs(60), "the computer's stone", |_| Ok((moves_logged(&app) >= 2).then_some(())))
        .ctx("computer");
    let state = app.autosave_state().expect("autosave");
    let (stone, front) = state["wall"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c.as_array().unwrap().iter())
        .map(|p| (p["stone"].as_u64().unwrap() as usize, p["front"].as_u64().unwrap() as usize))
        .find(|&(s, _)| s != 1)
        .expect("the computer's stone");
    let near = SHAPES[usize::from(STONES[stone].faces[front % 2])];
    let live = live_text(&app);
    assert!(
        live.starts_with("Computer 1: ") && live.contains(&format!("Form {near} zu dir")),
        "the live region {live:?} does not name the face {near} toward the person"
    );
    let far = SHAPES[usize::from(STONES[stone].faces[(front + 1) % 2])];
    assert!(near == far || !live.contains(&format!("Form {far}")), "the far face is said: {live:?}");
}

/// Issue 22, 16 and 17: when a row is full the prompt asks for a card and a corner, and the
/// corner places lie inside the table; the log names a laid card's colours as it lies (turned).
#[test]
fn gut_angelegt_says_a_new_row_and_names_cards_as_they_lie() {
    let app = App::start("boards_ga_new_row", "/spiele/");
    open(&app);
    start_two(&app, "gutangelegt", &[]);
    let color_name = |c: u8| ["rot", "gelb", "grün", "blau"][usize::from(c)];
    let mut turned_one = false;
    loop {
        reveal_if_covered(&app);
        if app.exists("[data-test=slot][data-place=top-left]") {
            break;
        }
        assert!(app.exists("[data-test=hand-card]"), "a hand before the row is full");
        // A card whose ends differ, turned, laid at the end: the log names it as it lies.
        let ids: Vec<u8> = app
            .js("return [...document.querySelectorAll('[data-test=hand-card]')].map(c => +c.getAttribute('data-card'));")
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|v| v.as_u64().map(|v| v as u8))
            .collect();
        let id = ids.iter().copied().find(|&id| GutAngelegt::card(id)[0] != GutAngelegt::card(id)[2]).unwrap_or(ids[0]);
        app.click(&format!("[data-test=hand-card][data-card=\"{id}\"]"));
        app.click("[data-test=flip]");
        let place = if app.exists("[data-test=slot][data-place=right]") { "right" } else { "left" };
        let before = moves_logged(&app);
        app.click(&format!("[data-test=slot][data-place={place}]"));
        app.click("[data-test=place]");
        app.b.wait_until(T, "the card to lie", |_| Ok((moves_logged(&app) > before).then_some(()))).ctx("lay");
        let card = GutAngelegt::card(id);
        if card[0] != card[2] {
            turned_one = true;
            let as_laid = [card[2], card[1], card[0]].map(color_name).join("-");
            let log = app.js("const l = [...document.querySelectorAll('[data-test=move-log] li')]; return l[l.length - 1].textContent;");
            let line = log.as_str().unwrap_or("");
            assert!(
                line.contains(&format!("Karte {as_laid},")),
                "the log line {line:?} does not name the turned card as it lies ({as_laid})"
            );
        }
    }
    assert!(turned_one, "no card with different ends in a whole row");
    let said = status(&app);
    assert!(said.contains("Zeile voll") && said.contains("Ecke"), "the prompt at a full row: {said:?}");
    app.click("[data-test=hand-card]");
    let said = status(&app);
    assert!(said.starts_with("Neue Zeile") && said.contains("Ecke"), "the prompt with a card picked: {said:?}");
    assert_words_for_everyone(&said, "gutangelegt, a new row");
    let outside = app.js(
        "return [...document.querySelectorAll('[data-test=slot]')].filter(p => { const r = p.firstElementChild.getBoundingClientRect(), s = p.ownerSVGElement.getBoundingClientRect();\
           return r.left < s.left - 1 || r.right > s.right + 1 || r.top < s.top - 1 || r.bottom > s.bottom + 1; }).map(p => p.getAttribute('data-place'));",
    );
    assert_eq!(
        outside,
        serde_json::json!([]),
        "corner places (as drawn; their wider hit areas may be cut) outside the table"
    );
}

/// Issue 22, 17: Sudoku's cover speaks of the one tile, not of a hand.
#[test]
fn the_sudoku_cover_speaks_of_the_tile() {
    let app = App::start("boards_sudoku_cover", "/spiele/");
    open(&app);
    app.start_game("sudoku", Some(2), &[]);
    let cover = app.b.text(&app.wait("[data-test=handover]")).ctx("cover");
    assert!(cover.contains("Plättchen") && !cover.contains("Hand"), "the cover says: {cover:?}");
}

/// Issue 24, 2: the guided first game of `kind`, from its home card, played by following only
/// what the screen shows: the step's words in the status line ("Schritt n von m: …", words for
/// touch and keyboard alike) and the marked move (the place button, or the marked objection).
/// A move other than the marked one is refused with a word why and changes nothing. The guide
/// ends with its closing words and "Jetzt richtig spielen", which opens the game's setup.
fn follow_the_guide(app: &App, kind: &str) {
    open(app);
    app.click(&format!("[data-test=guide-{kind}]"));
    let mut steps = 0;
    loop {
        let next = app
            .b
            .wait_until(Duration::from_secs(30), "the next step or the end", |b| {
                if b.exists("[data-test=guide-end]")? {
                    return Ok(Some(None));
                }
                let said = b.try_find("[data-test=status]")?.map(|s| b.text(&s)).transpose()?.unwrap_or_default();
                Ok(said.starts_with("Schritt ").then_some(Some(said)))
            })
            .ctx(kind);
        let Some(said) = next else { break };
        steps += 1;
        assert!(said.starts_with(&format!("Schritt {steps} von ")), "{kind}: step {steps} says {said:?}");
        assert!(said.chars().count() > 30, "{kind}: step {steps} says too little: {said:?}");
        assert_words_for_everyone(&said, kind);
        if steps == 1 {
            assert_other_move_refused(app, kind);
        }
        let before = moves_logged(app);
        let marked_objection = app.exists("[data-test=object].hinted");
        app.click(if marked_objection { "[data-test=object]" } else { "[data-test=place]" });
        app.b.wait_until(T, "the marked move", |_| Ok((moves_logged(app) > before).then_some(()))).ctx(kind);
        assert!(steps < 40, "{kind}: the guide does not end");
    }
    assert!(steps >= 5, "{kind}: only {steps} steps");
    let end = app.b.text(&app.wait("#guide-end-text")).ctx("closing words");
    assert!(end.chars().count() > 30, "{kind}: closing words {end:?}");
    app.click("[data-test=guide-real]");
    app.wait("[data-test=setup]");
    let url = app.js("return location.hash;");
    assert_eq!(url, Value::String(format!("#/new/{kind}")), "{kind}: „Jetzt richtig spielen“ opens the setup");
}

/// At the guide's first step of Just 4 Fun: a card that is not marked, played alone, is a move
/// other than the marked one; it is refused with a word why and leaves the game where it was,
/// with the step's words and mark back.
fn assert_other_move_refused(app: &App, kind: &str) {
    if kind != "just4fun" {
        return;
    }
    let before = moves_logged(app);
    app.click("[data-test=card][aria-pressed=false]");
    app.click("[data-test=place]");
    let said = app.b.text(&app.wait("[data-test=message]")).ctx("why not");
    assert!(said.chars().count() > 20, "{kind}: another move is not explained: {said:?}");
    assert_eq!(moves_logged(app), before, "{kind}: another move was played");
    let again = status(app);
    assert!(again.starts_with("Schritt 1 von "), "{kind}: the step is not shown again: {again:?}");
}

#[test]
fn the_guided_first_game_of_just4fun_is_played_by_its_instructions() {
    let app = App::start_blank("guide_just4fun", "/spiele/");
    follow_the_guide(&app, "just4fun");
}

#[test]
fn the_guided_first_game_of_gutangelegt_is_played_by_its_instructions() {
    let app = App::start_blank("guide_gutangelegt", "/spiele/");
    follow_the_guide(&app, "gutangelegt");
}

#[test]
fn the_guided_first_game_of_viermalvier_is_played_by_its_instructions() {
    let app = App::start_blank("guide_viermalvier", "/spiele/");
    follow_the_guide(&app, "viermalvier");
}

#[test]
fn the_guided_first_game_of_sudoku_is_played_by_its_instructions() {
    let app = App::start_blank("guide_sudoku", "/spiele/");
    follow_the_guide(&app, "sudoku");
}
