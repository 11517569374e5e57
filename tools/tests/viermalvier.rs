//! Browser tests for Vier mal Vier: a complete hidden-view hot-seat game by taps (each player's
//! screen holds only their own side of the wall and the tops), the colour rule's refusal, and an
//! objection round trip under the Profi rule.

mod common;

use common::*;
use serde_json::Value;
use spieltisch::engine::viermalvier::{SHAPES, STONES};
use std::time::{Duration, Instant};


fn new_vv(app: &App, options: &[&str]) {
    app.start_game("viermalvier", None, options);
}

/// The wall of a saved state: columns (side 0's left to right) of (stone id, front face).
fn wall_of(state: &Value) -> Vec<Vec<(usize, usize)>> {
    state["wall"]
        .as_array()
        .expect("wall")
        .iter()
        .map(|col| {
            col.as_array()
                .expect("column")
                .iter()
                .map(|p| (p["stone"].as_u64().unwrap() as usize, p["front"].as_u64().unwrap() as usize))
                .collect()
        })
        .collect()
}

fn shape_toward((stone, front): (usize, usize), side: usize) -> char {
    SHAPES[usize::from(STONES[stone].faces[(front + side) % 2])]
}

/// What the page shows of the wall: (panel side, col, row, colour, shape) per stone and
/// (col, row, far shape) per top.
/// A drawn stone: (panel side, column, row, colour, shape).
type ShownStone = (String, usize, usize, usize, char);
/// A drawn top: (column, row, far shape).
type ShownTop = (usize, usize, char);

fn shown(app: &App) -> (Vec<ShownStone>, Vec<ShownTop>) {
    let v = app.js(
        "return [...document.querySelectorAll('[data-test=stone]')].map(s => [\
           s.closest('[data-test=wall]').getAttribute('data-side'), s.getAttribute('data-col'), \
           s.getAttribute('data-row'), s.getAttribute('data-color'), s.getAttribute('data-shape'), \
           (s.querySelector('[data-test=top]') || {getAttribute: () => null}).getAttribute('data-far-shape')]);",
    );
    let mut stones = Vec::new();
    let mut tops = Vec::new();
    for s in v.as_array().unwrap() {
        let n = |i: usize| s[i].as_str().and_then(|x| x.parse::<usize>().ok()).expect("numeric attribute");
        let ch = |i: usize| s[i].as_str().and_then(|x| x.chars().next());
        stones.push((s[0].as_str().unwrap_or("").to_string(), n(1), n(2), n(3), ch(4).expect("shape")));
        if let Some(far) = ch(5) {
            tops.push((n(1), n(2), far));
        }
    }
    (stones, tops)
}

/// While `viewer` looks in the hidden view: one wall, theirs; every stone shows its colour and
/// the shape toward `viewer`; the far shape appears exactly on the topmost stones; no stone ids.
fn assert_only_own_side(app: &App, state: &Value, viewer: usize) {
    let wall = wall_of(state);
    let width = wall.len();
    assert_eq!(app.count("[data-test=wall]"), 1, "exactly one side of the wall is drawn");
    let (stones, tops) = shown(app);
    let placed: usize = wall.iter().map(Vec::len).sum();
    assert_eq!(stones.len(), placed, "every stone of the wall is drawn once");
    for (side, col, row, color, shape) in &stones {
        assert_eq!(side, &viewer.to_string(), "the wall shown is the viewer's side");
        // Drawn columns are the viewer's left to right; side 1 sees the wall mirrored.
        let c = if viewer == 0 { *col } else { width - 1 - col };
        let p = wall[c][*row];
        assert_eq!(*color, usize::from(STONES[p.0].color), "colour at {c},{row}");
        assert_eq!(*shape, shape_toward(p, viewer), "the shape toward player {viewer} at {c},{row}");
    }
    let mut expected_tops: Vec<(usize, usize, char)> = wall
        .iter()
        .enumerate()
        .map(|(c, col)| {
            let drawn = if viewer == 0 { c } else { width - 1 - c };
            (drawn, col.len() - 1, shape_toward(*col.last().unwrap(), 1 - viewer))
        })
        .collect();
    expected_tops.sort_unstable();
    let mut tops = tops;
    tops.sort_unstable();
    assert_eq!(tops, expected_tops, "far shapes shown exactly on the topmost stones");
    let src = app.b.page_source().ctx("page source");
    let wall_markup = src.split("data-test=\"wall\"").nth(1).unwrap_or("");
    let wall_markup = wall_markup.split("</svg>").next().unwrap_or("");
    assert!(!wall_markup.contains("data-stone"), "no stone ids in the wall's markup");
    assert_eq!(
        wall_markup.matches("data-far-shape").count(),
        width,
        "the far side appears only in the tops"
    );
}

/// Taps one legal move: a stone with a legal place (maybe turned), the place, then again to
/// confirm. Returns false when no stone fits (cannot happen while the game runs).
fn tap_a_move(app: &App, pick: &mut Pick) -> bool {
    let stones = app.count("[data-test=tafel-stone]");
    let start = pick.next(stones);
    for k in 0..stones {
        let i = (start + k) % stones;
        let all = app.b.find_all("[data-test=tafel-stone]").ctx("stones");
        app.b.click(&all[i]).ctx("pick stone");
        app.wait("[data-test=picked]");
        let legal = app.b.find_all("[data-test=slot][data-legal=true]").ctx("slots");
        if legal.is_empty() {
            continue;
        }
        if pick.next(2) == 1 {
            app.click("[data-test=flip]");
        }
        let legal = app.b.find_all("[data-test=slot][data-legal=true]").ctx("slots");
        let slot = &legal[pick.next(legal.len())];
        let spot = app.b.attr(slot, "data-spot").ctx("spot").unwrap_or_default();
        app.b.click(slot).ctx("tap place");
        app.wait("[data-test=preview]");
        app.click(&format!("[data-test=slot][data-spot=\"{spot}\"]"));
        return true;
    }
    false
}

fn moves_logged(app: &App) -> u64 {
    app.b
        .attr(&app.wait("[data-test=move-log]"), "data-moves")
        .ctx("moves")
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

#[test]
fn hidden_view_hot_seat_game_to_the_end() {
    let app = App::start("vv_hidden", "/spiele/");
    new_vv(&app, &[]);
    let mut pick = Pick(9);
    let (mut placed, mut covers) = (0, 0);
    let deadline = Instant::now() + Duration::from_secs(240);
    loop {
        assert!(Instant::now() < deadline, "game took too long");
        let screen = app
            .b
            .wait_until(T, "end, cover or a turn", |b| {
                if b.exists("[data-test=end-screen]")? {
                    return Ok(Some("end"));
                }
                if b.exists("[data-test=handover]")? {
                    return Ok(Some("cover"));
                }
                Ok(b.exists("[data-test=tafeln]")?.then_some("turn"))
            })
            .ctx("screen");
        match screen {
            "end" => break,
            "cover" => {
                covers += 1;
                assert_eq!(app.count("[data-test=wall]"), 0, "no wall behind the hand-over cover");
                app.click("[data-test=reveal]");
                app.b.wait_gone("[data-test=handover]", T).ctx("reveal");
            }
            _ => {
                let state = current_autosave_state(&app).expect("autosave of the position on screen");
                let viewer = state["to_move"].as_u64().expect("to_move") as usize;
                assert_only_own_side(&app, &state, viewer);
                let before = moves_logged(&app);
                assert!(tap_a_move(&app, &mut pick), "a running game always has a stone that fits");
                app.b
                    .wait_until(T, "the stone to be placed", |_| Ok((moves_logged(&app) > before).then_some(())))
                    .ctx("placed");
                placed += 1;
                assert!(placed <= 16, "more stones than the set has");
            }
        }
    }
    assert!(placed >= 4, "a game lasts at least four stones ({placed})");
    assert!(covers >= placed - 1, "a cover between the turns ({covers} covers, {placed} stones)");
    // At the end both sides are revealed.
    assert_eq!(app.count("[data-test=wall]"), 2, "both sides shown at the end");
    assert!(app.exists("[data-test=result-detail]"));
}

#[test]
fn colour_rule_refuses_with_a_message() {
    let app = App::start("vv_colour", "/spiele/");
    new_vv(&app, &["opt-view-open"]);
    // Player 1: the colour-0 stone TT as the first stone.
    app.click("[data-test=tafel-stone][data-stone=\"0\"]");
    app.click("[data-test=slot][data-spot=\"right\"]");
    app.click("[data-test=place]");
    app.wait("[data-test=tafel-stone][data-stone=\"1\"]");
    let before = app.autosave_state().expect("autosave");
    // Player 2: another colour-0 stone beside it – same row, same colour.
    app.click("[data-test=tafel-stone][data-stone=\"1\"]");
    assert!(!app.exists("[data-test=slot][data-spot=\"right\"][data-legal=true]"), "the place is not marked legal");
    app.click("[data-test=slot][data-spot=\"right\"]");
    let msg = app.b.text(&app.wait("[data-test=message]")).ctx("message");
    assert!(msg.contains("Farbregel") || msg.contains("Colour rule"), "the refusal names the colour rule: {msg:?}");
    assert_eq!(app.autosave_state().as_ref(), Some(&before), "nothing changed");
    assert_eq!(before["to_move"].as_u64(), Some(1), "the same player is still to move");
}

/// Places `stone` on `spot` turned so that `face` looks at the mover.
fn place(app: &App, stone: usize, flip: bool, spot: &str) {
    let before = moves_logged(app);
    app.click(&format!("[data-test=tafel-stone][data-stone=\"{stone}\"]"));
    if flip {
        app.click("[data-test=flip]");
    }
    app.click(&format!("[data-test=slot][data-spot=\"{spot}\"]"));
    app.click("[data-test=place]");
    app.b
        .wait_until(T, "the stone to be placed", |_| Ok((moves_logged(app) > before).then_some(())))
        .ctx(&format!("place stone {stone} on {spot}"));
}

/// Lifts the hand-over cover, if one shows.
fn reveal(app: &App) {
    if app.exists("[data-test=handover]") {
        app.click("[data-test=reveal]");
        app.b.wait_gone("[data-test=handover]", T).ctx("reveal");
    }
}

/// The rulebook's example (Abb. 6/10) up to its last good stone: bottom row R O Y G (side 0
/// sees T T U U), second row only over Y and G (G, R). Returns the state then; the next stone,
/// yellow on the red bottom stone (`place(app, 9, false, "on-0")`), leaves no place for orange
/// in row two.
fn rulebook_example(app: &App) -> Value {
    for (stone, flip, spot) in [(0, false, "right"), (5, true, "right"), (10, false, "right"), (14, false, "right"), (12, false, "on-2"), (1, false, "on-3")] {
        reveal(app);
        place(app, stone, flip, spot);
    }
    reveal(app);
    app.autosave_state().expect("autosave")
}

/// The rulebook's example (Abb. 6/10): bottom row R O Y G, second row only over Y and G (G, R);
/// yellow on the red bottom stone leaves no place for orange in row two – objection upheld, the
/// stone goes back and its player moves again; yellow on the orange stone is fine – objection
/// refused.
#[test]
fn profi_objection_round_trip() {
    let app = App::start("vv_profi", "/spiele/");
    new_vv(&app, &["opt-view-open", "opt-profi"]);
    let good = rulebook_example(&app);
    place(&app, 9, false, "on-0"); // P1: Y over R – now orange has no place in row two
    assert_eq!(app.autosave_state().unwrap()["to_move"].as_u64(), Some(1));
    app.click("[data-test=object]");
    app.b
        .wait_until(T, "the objection to be upheld", |_| {
            Ok(app.autosave_state().filter(|s| s["wall"] == good["wall"]).map(|_| ()))
        })
        .ctx("objection");
    let after = app.autosave_state().unwrap();
    assert_eq!(after["to_move"].as_u64(), Some(0), "the stone's player moves again");
    assert!(app.exists("[data-test=tafel-stone][data-stone=\"9\"]"), "the stone is back on its Tafel");
    // Said in a message, not only logged (the open view passes the device without a cover).
    let said = app.b.text(&app.wait("[data-test=message]")).ctx("message");
    assert!(said.contains("Einspruch") || said.contains("objection"), "the objection is said: {said:?}");
    // The log is folded away; its text is there all the same.
    let log = app.js("return document.querySelector('[data-test=move-log]').textContent;").as_str().unwrap_or("").to_string();
    assert!(log.contains("Einspruch") || log.contains("objection"), "log: {log}");

    place(&app, 9, false, "on-1"); // P1: Y over O – the wall can still be completed
    let kept = app.autosave_state().unwrap();
    app.click("[data-test=object]");
    let msg = app.b.text(&app.wait("[data-test=message]")).ctx("message");
    assert!(msg.contains("Abgelehnt") || msg.contains("Refused"), "unfounded objection refused: {msg:?}");
    assert_eq!(app.autosave_state().as_ref(), Some(&kept), "a refused objection changes nothing");
}

/// With the hand-over screen switched off in the settings, the hidden view still passes the
/// device under a cover (its secret is the wall itself); its setup does not offer the setting.
#[test]
fn hidden_view_keeps_its_cover_with_the_setting_off() {
    let app = App::start("vv_cover_setting_off", "/spiele/");
    app.b.goto(&format!("{}#/settings", app.base_url)).ctx("settings");
    let setting = app.wait("[data-test=setting-handover]");
    assert_eq!(app.b.prop(&setting, "checked").ctx("checked"), serde_json::json!(true));
    app.b.click(&setting).ctx("switch off");
    assert_eq!(app.b.prop(&app.wait("[data-test=setting-handover]"), "checked").ctx("checked"), serde_json::json!(false));
    app.goto_home();
    app.click("[data-test=new-viermalvier]");
    app.wait("[data-test=setup]");
    let offered = app.b.find_all("[data-test=handover-setting]").ctx("setting");
    assert!(offered.iter().all(|e| !app.b.is_displayed(e).unwrap_or(true)), "the setting is offered for Vier mal Vier");
    app.click("[data-test=start]");
    app.wait("[data-test=game]");
    let mut pick = Pick(3);
    for turn in 0..3 {
        reveal(&app);
        app.wait("[data-test=tafeln]");
        let before = moves_logged(&app);
        assert!(tap_a_move(&app, &mut pick));
        app.b.wait_until(T, "the stone to be placed", |_| Ok((moves_logged(&app) > before).then_some(()))).ctx("placed");
        if app.exists("[data-test=end-screen]") {
            break;
        }
        app.wait("[data-test=handover]");
        assert_eq!(app.count("[data-test=wall]"), 0, "turn {turn}: the next side showed without a cover");
    }
}

/// The first stone's place, and the first stone, stand in the middle of the drawn wall.
#[test]
fn the_first_stone_stands_in_the_middle() {
    let app = App::start("vv_first_stone_middle", "/spiele/");
    new_vv(&app, &["opt-view-open"]);
    app.click("[data-test=tafel-stone]");
    app.wait("[data-test=picked]");
    let offset = |css: &str| {
        app.js(&format!(
            "const el = document.querySelector('[data-test=wall] {css}'), e = el.getBoundingClientRect(), w = el.closest('[data-test=wall]').getBoundingClientRect();
             return Math.abs((e.left + e.width / 2) - (w.left + w.width / 2));"
        ))
        .as_f64()
        .expect("offset")
    };
    assert!(offset("[data-test=slot]") < 2.0, "the first place is {} px off the middle", offset("[data-test=slot]"));
    app.click("[data-test=wall] [data-test=slot]");
    app.wait("[data-test=preview]");
    app.click("[data-test=wall] [data-test=slot]");
    app.wait("[data-test=wall] [data-test=stone]");
    assert!(offset("[data-test=stone]") < 2.0, "the first stone is {} px off the middle", offset("[data-test=stone]"));
}

/// Profi rule, take-back on request (open view, two people): after a stone that made the complete
/// wall impossible its owner asks; the opponent declines (nothing changes) or allows (the stone
/// goes back, its owner moves again). For a stone that did not, allowing is refused by the rule.
#[test]
fn take_back_is_asked_and_answered() {
    let app = App::start("vv_take_back", "/spiele/");
    new_vv(&app, &["opt-view-open", "opt-profi"]);
    let good = rulebook_example(&app);
    place(&app, 9, false, "on-0"); // orange has no place in row two now
    let blocked = app.autosave_state().unwrap();
    let ask = app.wait("[data-test=ask-take-back]");
    let label = app.b.text(&ask).ctx("label");
    assert!(label.contains("Spieler 1") || label.contains("Player 1"), "the asker is named: {label:?}");
    app.b.click(&ask).ctx("ask");
    app.wait("[data-test=take-back-question]");
    app.click("[data-test=take-back-decline]");
    let said = app.b.text(&app.wait("[data-test=message]")).ctx("message");
    assert!(said.contains("lehnt") || said.contains("declines"), "the refusal is said: {said:?}");
    assert_eq!(app.autosave_state().as_ref(), Some(&blocked), "a declined take-back changes nothing");
    assert!(!app.exists("[data-test=take-back-question]"));

    app.click("[data-test=ask-take-back]");
    app.click("[data-test=take-back-allow]");
    app.b
        .wait_until(T, "the stone to go back", |_| Ok(app.autosave_state().filter(|s| s["wall"] == good["wall"]).map(|_| ())))
        .ctx("take-back");
    assert_eq!(app.autosave_state().unwrap()["to_move"].as_u64(), Some(0), "the stone's owner moves again");
    let said = app.b.text(&app.wait("[data-test=message]")).ctx("message");
    assert!(said.contains("zurück") || said.contains("back"), "the take-back is said: {said:?}");
    assert!(!app.exists("[data-test=ask-take-back]"), "nothing left to take back");

    place(&app, 9, false, "on-1"); // a stone that leaves the wall completable
    let kept = app.autosave_state().unwrap();
    app.click("[data-test=ask-take-back]");
    app.click("[data-test=take-back-allow]");
    let said = app.b.text(&app.wait("[data-test=message]")).ctx("message");
    assert!(said.contains("geht nicht") || said.contains("No take-back"), "refused by the rule: {said:?}");
    assert_eq!(app.autosave_state().as_ref(), Some(&kept), "nothing changed");
}

/// Hidden view: the owner of the last stone asks on the hand-over cover, before passing the
/// device; the opponent answers after "show".
#[test]
fn take_back_is_asked_on_the_cover_in_the_hidden_view() {
    let app = App::start("vv_take_back_cover", "/spiele/");
    new_vv(&app, &["opt-profi"]);
    let good = rulebook_example(&app);
    place(&app, 9, false, "on-0");
    app.wait("[data-test=handover]");
    app.click("[data-test=handover] [data-test=ask-take-back]");
    let asked = app.b.text(&app.wait("[data-test=take-back-asked]")).ctx("asked");
    assert!(asked.contains("Spieler 2") || asked.contains("Player 2"), "the cover says who decides: {asked:?}");
    reveal(&app);
    app.wait("[data-test=take-back-question]");
    app.click("[data-test=take-back-allow]");
    app.b
        .wait_until(T, "the stone to go back", |_| Ok(app.autosave_state().filter(|s| s["wall"] == good["wall"]).map(|_| ())))
        .ctx("take-back");
    // The device goes back to the stone's owner, under the cover.
    app.wait("[data-test=handover]");
    assert_eq!(app.count("[data-test=wall]"), 0);
}

/// The names of every stone drawn for `viewer` say what that player sees: the colour and the
/// shape toward them, and the far shape only for the top of each column (seen from above).
fn assert_stone_names(app: &App, state: &Value, viewer: usize) {
    let wall = wall_of(state);
    let width = wall.len();
    let v = app.js("return [...document.querySelectorAll('[data-test=stone]')].map(s => [s.getAttribute('data-col'), s.getAttribute('data-row'), s.getAttribute('aria-label')]);");
    for s in v.as_array().unwrap() {
        let n = |i: usize| s[i].as_str().and_then(|x| x.parse::<usize>().ok()).expect("numeric attribute");
        let (col, row, label) = (n(0), n(1), s[2].as_str().unwrap_or(""));
        let c = if viewer == 0 { col } else { width - 1 - col };
        let p = wall[c][row];
        let (de, en) = (format!("Spalte {}, Reihe {}: ", col + 1, row + 1), format!("column {}, row {}: ", col + 1, row + 1));
        assert!(label.starts_with(&de) || label.starts_with(&en), "{label}");
        let near = shape_toward(p, viewer);
        assert!(label.contains(&format!("Form {near}")) || label.contains(&format!("shape {near}")), "{label}: the shape toward the viewer");
        let top = row + 1 == wall[c].len();
        let far = shape_toward(p, 1 - viewer);
        let names_far = label.contains("gegenüber") || label.contains("far side");
        assert_eq!(names_far, top, "{label}: a far face named only on a top");
        assert!(!top || label.contains(&format!("gegenüber {far}")) || label.contains(&format!("far side {far}")), "{label}: the top's far face");
    }
}

/// Keyboard only (issue 13's accessible play): a whole hidden-view game by Tab, arrows and
/// Enter — the cover's button, a stone of the Tafeln, Shift+Tab back to the wall's places (one
/// group: arrows to a place the colour rule allows), Enter to choose, Enter again to place. Behind
/// the cover nothing accessible names a face; on a turn every stone's name is what its side
/// shows; the live region names each move.
#[test]
fn a_whole_hidden_game_by_keyboard() {
    use spieltisch_tools::webdriver::{KEY_ENTER, KEY_HOME, KEY_RIGHT, KEY_TAB};
    let app = App::start("vv_keyboard", "/spiele/");
    new_vv(&app, &[]);
    let mut pick = Pick(31);
    let mut placed = 0;
    let deadline = Instant::now() + Duration::from_secs(300);
    while !app.exists("[data-test=end-screen]") {
        assert!(Instant::now() < deadline, "game took too long");
        if app.exists("[data-test=handover]") {
            // What a screen reader could read behind the cover (all but the cover's own words
            // for the player about to look): no wall, no face of any stone.
            assert_eq!(app.count("[data-test=wall]") + app.count("[data-test=stone]"), 0, "no wall behind the cover");
            let said = app.js(
                "const c = document.querySelector('[data-test=handover]'); const out = [];\
                 for (const e of document.querySelectorAll('body *')) { if (c.contains(e)) continue;\
                   if (e.hasAttribute('aria-label')) out.push(e.getAttribute('aria-label'));\
                   for (const n of e.childNodes) if (n.nodeType === 3) out.push(n.textContent); }\
                 return out.join(' | ');",
            );
            let said = said.as_str().unwrap_or("");
            for secret in ["Form ", "gegenüber", "zu dir", "oben sichtbar", "shape ", "far side", "toward you", "seen from above"] {
                assert!(!said.contains(secret), "behind the cover: {secret:?} in {said:?}");
            }
            reveal_by_keys(&app);
            continue;
        }
        app.wait("[data-test=tafel-stone]");
        let state = current_autosave_state(&app).expect("autosave");
        let viewer = state["to_move"].as_u64().unwrap() as usize;
        let name = app.autosave_player_names()[viewer].clone();
        assert_stone_names(&app, &state, viewer);
        // A stone from the Tafeln (one tab stop per plate, arrows along it), some steps in; the
        // next one while none fits: Right along the plate, Tab to the next plate (round the page).
        tab_to(&app, "[data-test=tafel-stone]", false);
        for _ in 0..pick.next(4) {
            press(&app, &[KEY_RIGHT]);
        }
        let mut stone = String::new();
        for _ in 0..17 {
            stone = focused_attr(&app, "aria-label").unwrap_or_default();
            press(&app, &[KEY_ENTER]);
            app.wait("[data-test=picked]");
            if app.exists("[data-test=slot][data-legal=true]") {
                break;
            }
            let before = focused_attr(&app, "data-stone");
            press(&app, &[KEY_RIGHT]);
            if focused_attr(&app, "data-stone") == before {
                press(&app, &[KEY_TAB]);
            }
            if focused_attr(&app, "data-test").as_deref() != Some("tafel-stone") {
                tab_to(&app, "[data-test=tafel-stone]", false);
            }
        }
        // Back to the wall (it comes before the Tafeln): its places are one group.
        tab_to(&app, "[data-test=slot]", true);
        press(&app, &[KEY_HOME]);
        for _ in 0..pick.next(3) {
            press(&app, &[KEY_RIGHT]);
        }
        for _ in 0..7 {
            if focused_attr(&app, "data-legal").as_deref() == Some("true") {
                break;
            }
            let at = focused_attr(&app, "data-spot");
            press(&app, &[KEY_RIGHT]);
            if focused_attr(&app, "data-spot") == at {
                press(&app, &[KEY_HOME]);
            }
        }
        let place = focused_attr(&app, "aria-label").unwrap_or_default();
        assert!(place.ends_with(": hier setzen") || place.ends_with(": place here"), "a place the colour rule allows: {place}");
        press(&app, &[KEY_ENTER]);
        app.wait("[data-test=preview]");
        let chosen = focused_attr(&app, "aria-label").unwrap_or_default();
        assert!(chosen.ends_with("nochmal zum Setzen") || chosen.ends_with("again to place"), "the chosen place says so: {chosen}");
        let before = moves_logged(&app);
        press(&app, &[KEY_ENTER]);
        app.b.wait_until(T, "the stone to be placed", |_| Ok((moves_logged(&app) > before).then_some(()))).ctx("placed");
        placed += 1;
        assert!(placed <= 16, "more stones than the set has");
        // The live region: who placed which colour (never a face: the cover may be up).
        let color = stone.rsplit_once(' ').map_or("", |x| x.0);
        let live = live_text(&app);
        assert!(live.starts_with(&format!("{name}: {color}")), "live region {live:?} after {name}'s {stone}");
    }
    assert!(placed >= 4, "a game lasts at least four stones ({placed})");
    assert_eq!(app.count("[data-test=wall]"), 2, "both sides shown at the end");
}
