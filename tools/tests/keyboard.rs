//! Complete games played with the keyboard alone (issue 13, accessible play): after the setup
//! no click — Tab reaches the board, arrow keys move over its fields (a roving tab index),
//! Enter and Space pick and place, the hand-over cover takes the focus and is lifted by Enter.
//! The live region names every move just made.

mod common;

use common::*;
use serde_json::Value;
use spieltisch_tools::webdriver::{KEY_ENTER, KEY_SPACE, KEY_TAB};

#[track_caller]
fn press(app: &App, keys: &[&str]) {
    app.b.press(keys).ctx("press keys");
}

/// Whether the focused element matches `css`.
fn focus_is(app: &App, css: &str) -> bool {
    app.b
        .execute("const a = document.activeElement; return !!a && a.matches(arguments[0]);", vec![css.into()])
        .ctx("active element")
        == Value::Bool(true)
}

/// Waits until the focus is on an element matching `css` (a redrawn item gets it back
/// in the next frame).
#[track_caller]
fn wait_focus(app: &App, css: &str) {
    app.b
        .wait_until(T, &format!("focus on {css}"), |b| {
            let on = b.execute(
                "const a = document.activeElement; return !!a && a.matches(arguments[0]);",
                vec![css.into()],
            )?;
            Ok((on == Value::Bool(true)).then_some(()))
        })
        .ctx("focus");
}

/// Presses Tab until the focus is on an element matching `css` (the page is walked in order).
#[track_caller]
fn tab_to(app: &App, css: &str) {
    for _ in 0..80 {
        if focus_is(app, css) {
            return;
        }
        press(app, &[KEY_TAB]);
    }
    panic!("Tab never reached {css}");
}

fn live(app: &App) -> String {
    app.js("return document.querySelector('[data-test=live]').textContent;").as_str().unwrap_or("").to_string()
}

/// Waits until the live region says something else than `before` and returns it.
#[track_caller]
fn live_changed(app: &App, before: &str) -> String {
    app.b
        .wait_until(T, "the live region to name the move", |b| {
            let now = b.execute("return document.querySelector('[data-test=live]').textContent;", vec![])?;
            let now = now.as_str().unwrap_or("").to_string();
            Ok((now != before && !now.is_empty()).then_some(now))
        })
        .ctx("live region")
}

/// The hand-over cover holds the focus; Enter on its button shows the board.
#[track_caller]
fn reveal_by_keyboard(app: &App) {
    app.b
        .wait_until(T, "the cover's button to take the focus", |b| {
            let on = b.execute(
                "return document.activeElement && document.activeElement.matches('[data-test=reveal]');",
                vec![],
            )?;
            Ok((on == Value::Bool(true)).then_some(()))
        })
        .ctx("focus on the cover");
    press(app, &[KEY_ENTER]);
    app.b.wait_gone("[data-test=handover]", T).ctx("cover gone");
}

const FIELDS: &str = "[data-test=field]";

/// Two people play Just 4 Fun to its end by keyboard: pick a reachable field by arrows, Enter
/// picks the cards for it, Space places the stone.
#[test]
fn just4fun_to_the_end_by_keyboard() {
    let app = App::start("keyboard_just4fun", "/spiele/");
    app.new_game(2);
    let (mut placed, mut swaps, mut covers) = (0, 0, 0);
    for step in 0..400 {
        assert!(step < 399, "the game did not end");
        match current_screen(&app) {
            Screen::End => break,
            Screen::Handover => {
                reveal_by_keyboard(&app);
                covers += 1;
            }
            Screen::NewHand => {
                let before = live(&app);
                tab_to(&app, "[data-test=new-hand]");
                press(&app, &[KEY_ENTER]);
                let said = live_changed(&app, &before);
                assert!(said.contains("4"), "the live region names the new hand: {said:?}");
                swaps += 1;
            }
            Screen::Turn => {
                if !focus_is(&app, FIELDS) {
                    tab_to(&app, FIELDS);
                }
                // A reachable field, one's own locked fields last (they ask first).
                let fields = app.js(
                    "return [...document.querySelectorAll('[data-test=field]')].map(f => [f.getAttribute('data-reachable') === 'true', f.hasAttribute('data-locked'), +f.getAttribute('data-number')]);",
                );
                let fields = fields.as_array().expect("fields");
                let pick = (0..fields.len())
                    .filter(|&i| fields[i][0] == true)
                    .min_by_key(|&i| (fields[i][1] == true, (i * 7 + step) % 36))
                    .expect("a turn with cards shows a reachable field");
                let number = fields[pick][2].as_u64().unwrap_or(0);
                arrow_to(&app, FIELDS, 6, pick);
                let name = app
                    .b
                    .attr(&app.b.find(&format!("{FIELDS}:focus")).ctx("focused field"), "aria-label")
                    .ctx("name")
                    .unwrap_or_default();
                // Where it lies (issue 22, 9: lines of four can be followed), then what is seen.
                let (row, field, reachable) = if name.starts_with("Reihe") {
                    ("Reihe", "Feld", "erreichbar")
                } else {
                    ("Row", "field", "reachable")
                };
                assert!(
                    name.starts_with(&format!("{row} {}, ", pick / 6 + 1)),
                    "the field's name says its row: {name:?}"
                );
                assert!(
                    name.contains(&format!(": {field} {number},")) && name.contains(reachable),
                    "the field's name says what is seen: {name:?}"
                );
                press(&app, &[KEY_ENTER]);
                app.wait(&format!("{FIELDS}[data-number=\"{number}\"][data-target=true]"));
                // The focus stays on the picked field.
                wait_focus(&app, &format!("{FIELDS}[data-number=\"{number}\"]"));
                let before = live(&app);
                press(&app, &[KEY_SPACE]);
                if app.b.wait_for(".modal [data-test=confirm-no]:focus", std::time::Duration::from_millis(300)).is_ok()
                {
                    // One's own locked field: the question has the focus; Tab to "yes".
                    press(&app, &[KEY_TAB, KEY_ENTER]);
                }
                let said = live_changed(&app, &before);
                assert!(said.contains(&format!("→ {number}")), "the live region names the stone on {number}: {said:?}");
                placed += 1;
            }
        }
    }
    assert!(app.exists("[data-test=end-screen]"), "the game reached its end screen");
    assert!(placed >= 8 && covers >= placed, "{placed} stones, {swaps} new hands, {covers} covers");
}

const CELLS: &str = "[data-test=cell]";

/// A solo Sudoku to its end by keyboard (assisted: the marked fields): arrows to a marked
/// field, Enter shows the tile there, Enter again lays it.
#[test]
fn sudoku_to_the_end_by_keyboard() {
    let app = App::start("keyboard_sudoku", "/spiele/");
    app.start_game("sudoku", Some(1), &[]);
    let mut placed = 0;
    // How many tiles the deal lays varies with the seed; the board's own count is the check.
    let mut on_board_at_start = None;
    for step in 0..200 {
        assert!(step < 199, "the game did not end");
        if app.b.wait_for("[data-test=end-screen], [data-test=held-tile]", T).is_err() {
            panic!("neither a tile nor the end screen");
        }
        if app.exists("[data-test=end-screen]") {
            break;
        }
        let on_board =
            app.js("return document.querySelectorAll('[data-test=cell][data-number]').length;").as_u64().unwrap_or(0);
        let start = *on_board_at_start.get_or_insert(on_board);
        assert_eq!(on_board, start + placed, "every tile laid by keyboard is on the board");
        if !focus_is(&app, CELLS) {
            tab_to(&app, CELLS);
        }
        let legal = app.js("return [...document.querySelectorAll('[data-test=cell]')].map(c => c.getAttribute('data-legal') === 'true');");
        let legal: Vec<usize> =
            legal.as_array().expect("cells").iter().enumerate().filter(|(_, l)| **l == true).map(|(i, _)| i).collect();
        assert!(!legal.is_empty(), "a tile in hand and the game runs: some field is marked");
        let pick = legal[(step * 13) % legal.len()];
        arrow_to(&app, CELLS, 9, pick);
        let before = live(&app);
        press(&app, &[KEY_ENTER]);
        wait_focus(&app, &format!("{CELLS}[data-cell=\"{pick}\"][data-preview=true]"));
        let name = app
            .b
            .attr(&app.b.find(&format!("{CELLS}:focus")).ctx("focused cell"), "aria-label")
            .ctx("name")
            .unwrap_or_default();
        assert!(
            (name.contains("frei, erlaubt") && name.contains("gewählt"))
                || (name.contains("free, allowed") && name.contains("chosen")),
            "the chosen field says so: {name:?}"
        );
        press(&app, &[KEY_ENTER]);
        let said = live_changed(&app, &before);
        let row = char::from(b'A' + (pick / 9) as u8);
        assert!(said.contains(&format!("{row}{}", pick % 9 + 1)), "the live region names field {pick}: {said:?}");
        placed += 1;
    }
    assert!(app.exists("[data-test=end-screen]"), "the game reached its end screen");
    assert!(placed >= 1, "a solo game lays tiles ({placed})");
}
