//! Browser tests for Vier mal Vier: a complete hidden-view hot-seat game by taps (each player's
//! screen holds only their own side of the wall and the tops), the colour rule's refusal, and an
//! objection round trip under the Profi rule.

mod common;

use common::*;
use serde_json::Value;
use spieltisch::engine::viermalvier::{SHAPES, STONES};
use std::time::{Duration, Instant};

/// How long a test lets a preview show before a second tap confirms it (the app ignores a
/// second tap that comes sooner than 380 ms: a double tap).
const PREVIEW_SEEN: Duration = Duration::from_millis(450);

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
    let v = app.js("return [...document.querySelectorAll('[data-test=stone]')].map(s => [\
           s.closest('[data-test=wall]').getAttribute('data-side'), s.getAttribute('data-col'), \
           s.getAttribute('data-row'), s.getAttribute('data-color'), s.getAttribute('data-shape'), \
           (s.querySelector('[data-test=top]') || {getAttribute: () => null}).getAttribute('data-far-shape')]);");
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
    assert_eq!(wall_markup.matches("data-far-shape").count(), width, "the far side appears only in the tops");
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
        // The preview must be seen before a second tap confirms it.
        std::thread::sleep(PREVIEW_SEEN);
        app.click(&format!("[data-test=slot][data-spot=\"{spot}\"]"));
        return true;
    }
    false
}

fn moves_logged(app: &App) -> u64 {
    app.b.attr(&app.wait("[data-test=move-log]"), "data-moves").ctx("moves").and_then(|s| s.parse().ok()).unwrap_or(0)
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
    for (stone, flip, spot) in [
        (0, false, "right"),
        (5, true, "right"),
        (10, false, "right"),
        (14, false, "right"),
        (12, false, "on-2"),
        (1, false, "on-3"),
    ] {
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
    let log =
        app.js("return document.querySelector('[data-test=move-log]').textContent;").as_str().unwrap_or("").to_string();
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
    assert_eq!(
        app.b.prop(&app.wait("[data-test=setting-handover]"), "checked").ctx("checked"),
        serde_json::json!(false)
    );
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
        app.b
            .wait_until(T, "the stone to be placed", |_| Ok((moves_logged(&app) > before).then_some(())))
            .ctx("placed");
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
    std::thread::sleep(PREVIEW_SEEN);
    app.click("[data-test=wall] [data-test=slot]");
    app.wait("[data-test=wall] [data-test=stone]");
    assert!(offset("[data-test=stone]") < 2.0, "the first stone is {} px off the middle", offset("[data-test=stone]"));
}

/// Profi rule, take-back on request (open view, two people): after a stone that made the complete
/// wall impossible its owner asks; the opponent declines (nothing changes) or allows (the stone
/// goes back, its owner moves again). For a stone that did not, the rule forbids the take-back:
/// it is not offered (issue 22, 6: it was offered, allowed, and then refused).
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
        .wait_until(T, "the stone to go back", |_| {
            Ok(app.autosave_state().filter(|s| s["wall"] == good["wall"]).map(|_| ()))
        })
        .ctx("take-back");
    assert_eq!(app.autosave_state().unwrap()["to_move"].as_u64(), Some(0), "the stone's owner moves again");
    let said = app.b.text(&app.wait("[data-test=message]")).ctx("message");
    assert!(said.contains("zurück") || said.contains("back"), "the take-back is said: {said:?}");
    assert!(!app.exists("[data-test=ask-take-back]"), "nothing left to take back");

    place(&app, 9, false, "on-1"); // a stone that leaves the wall completable
    app.wait("[data-test=tafel-stone]");
    assert!(!app.exists("[data-test=ask-take-back]"), "a take-back the rule forbids is offered");
}

/// Issue 22, 6, hidden view: the cover offers the take-back only for a stone the rule lets go
/// back.
#[test]
fn take_back_is_offered_only_where_the_rule_allows_it() {
    let app = App::start("vv_take_back_offered", "/spiele/");
    new_vv(&app, &["opt-profi"]);
    rulebook_example(&app);
    place(&app, 9, false, "on-1"); // Y over O: the wall can still be completed
    app.wait("[data-test=handover]");
    assert!(!app.exists("[data-test=ask-take-back]"), "the cover offers a take-back the rule forbids");
}

/// Issue 22, 6, against a computer: right after the person's stone made the complete wall
/// impossible, the person asks; the computer allows what the rules allow, and the stone goes
/// back. (A computer objects to such a stone as soon as it moves — an objection is never left
/// out —, so here its worker is missing: nothing races the request, whose answer needs no search.)
#[test]
fn take_back_is_allowed_by_a_computer() {
    use spieltisch::engine::viermalvier::{Options, VierMalVier, View};
    use spieltisch::engine::Game;
    use spieltisch::session::{AnySession, SeatKind, Session};
    let dir = dist_without_worker("vv-no-worker");
    let app = App::start_serving("vv_take_back_computer", "/spiele/", &dir);
    let options = Options { profi: true, view: View::Open, ..Options::default() };
    let bad_stone_of_0 =
        |s: &Session<VierMalVier>| s.state.take_back_allowed() && s.state.last_stone().is_some_and(|(p, _)| p == 0);
    let mut game = (0..500)
        .map(|seed| spieltisch_tools::screens::random_game(2, options.clone(), seed, bad_stone_of_0))
        .find(bad_stone_of_0)
        .expect("a random game where player 0's stone makes the wall incompletable");
    game.seats[1].kind = SeatKind::Computer(spieltisch::engine::bots::Level::Hard);
    let mut before = game.state.clone();
    before.apply(&spieltisch::engine::viermalvier::Move::AllowTakeBack).expect("the rule lets it go back");
    let wall_before = serde_json::to_value(before.wall()).unwrap();
    spieltisch_tools::screens::open_saved(&app.b, &app.base_url, &AnySession::VierMalVier(game)).ctx("open the game");
    app.click("[data-test=ask-take-back]");
    app.b
        .wait_until(T, "the stone to go back", |_| {
            Ok(app.autosave_state().filter(|s| s["wall"] == wall_before).map(|_| ()))
        })
        .ctx("the computer allows the take-back");
    assert_eq!(app.autosave_state().unwrap()["to_move"].as_u64(), Some(0), "the stone's owner moves again");
    let log =
        app.js("return document.querySelector('[data-test=move-log]').textContent;").as_str().unwrap_or("").to_string();
    assert!(log.contains("zurück") || log.contains("back"), "the take-back is logged: {log}");
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
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
        .wait_until(T, "the stone to go back", |_| {
            Ok(app.autosave_state().filter(|s| s["wall"] == good["wall"]).map(|_| ()))
        })
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
        let (de, en) =
            (format!("Spalte {}, Reihe {}: ", col + 1, row + 1), format!("column {}, row {}: ", col + 1, row + 1));
        assert!(label.starts_with(&de) || label.starts_with(&en), "{label}");
        let near = shape_toward(p, viewer);
        assert!(
            label.contains(&format!("Form {near}")) || label.contains(&format!("shape {near}")),
            "{label}: the shape toward the viewer"
        );
        let top = row + 1 == wall[c].len();
        let far = shape_toward(p, 1 - viewer);
        let names_far = label.contains("gegenüber") || label.contains("far side");
        assert_eq!(names_far, top, "{label}: a far face named only on a top");
        assert!(
            !top || label.contains(&format!("gegenüber {far}")) || label.contains(&format!("far side {far}")),
            "{label}: the top's far face"
        );
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
            let said = app.js("const c = document.querySelector('[data-test=handover]'); const out = [];\
                 for (const e of document.querySelectorAll('body *')) { if (c.contains(e)) continue;\
                   if (e.hasAttribute('aria-label')) out.push(e.getAttribute('aria-label'));\
                   for (const n of e.childNodes) if (n.nodeType === 3) out.push(n.textContent); }\
                 return out.join(' | ');");
            let said = said.as_str().unwrap_or("");
            for secret in
                ["Form ", "gegenüber", "zu dir", "oben sichtbar", "shape ", "far side", "toward you", "seen from above"]
            {
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
        assert!(
            place.ends_with(": hier setzen") || place.ends_with(": place here"),
            "a place the colour rule allows: {place}"
        );
        press(&app, &[KEY_ENTER]);
        app.wait("[data-test=preview]");
        let chosen = focused_attr(&app, "aria-label").unwrap_or_default();
        assert!(
            chosen.ends_with("nochmal zum Setzen") || chosen.ends_with("again to place"),
            "the chosen place says so: {chosen}"
        );
        let before = moves_logged(&app);
        press(&app, &[KEY_ENTER]);
        app.b
            .wait_until(T, "the stone to be placed", |_| Ok((moves_logged(&app) > before).then_some(())))
            .ctx("placed");
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

/// One look at the page in one script run (a computer's move cannot land in between): the stored
/// record, the moves the log shows, and per drawn wall its side, the middle of its view box and
/// the boxes of its stones and places in the wall's own units (screen boxes mapped back). The body
/// of a JS function, run by [`wall_snapshot`] and by the in-page recorder of [`record_walls`].
const WALL_SNAPSHOT: &str = "const g = document.querySelector('[data-test=game]'); const key = g && g.getAttribute('data-save-key');\
         const log = document.querySelector('[data-test=move-log]');\
         const walls = [...document.querySelectorAll('[data-test=wall]')].map(w => {\
           const inv = w.getScreenCTM().inverse();\
           const box = el => { const r = el.getBoundingClientRect();\
             const a = new DOMPoint(r.left, r.top).matrixTransform(inv), b = new DOMPoint(r.right, r.bottom).matrixTransform(inv);\
             return [a.x, a.y, b.x, b.y]; };\
           const vb = w.viewBox.baseVal;\
           return { side: +w.getAttribute('data-side'), middle: vb.x + vb.width / 2,\
             stones: [...w.querySelectorAll('[data-test=stone]')].map(s => ({ col: +s.getAttribute('data-col'), row: +s.getAttribute('data-row'),\
               color: +s.getAttribute('data-color'), shape: s.getAttribute('data-shape'), box: box(s.querySelector('rect.vv-stone')) })),\
             slots: [...w.querySelectorAll('[data-test=slot]')].map(s => ({ spot: s.getAttribute('data-spot'), box: box(s.querySelector('rect')) })) };\
         });\
         return { key, raw: key ? localStorage.getItem(key) : null, moves: log ? log.getAttribute('data-moves') : null, walls };";

fn wall_snapshot(app: &App) -> Value {
    app.js(WALL_SNAPSHOT)
}

/// Keeps every different snapshot of the walls in the page (`window.__walls`), taken in a task
/// of its own after each change of the page, so a move's whole redraw is in. Computers move
/// every 1.3 s; a poll from here can miss a move when the machine is busy, the page cannot.
/// Installed once per page (later calls do nothing).
fn record_walls(app: &App) {
    app.js(&format!(
        "if (window.__walls) return; window.__walls = []; let last = ''; const snap = () => {{ {WALL_SNAPSHOT} }}; \
         const take = () => {{ const s = snap(), text = JSON.stringify(s); \
           if (text !== last) {{ last = text; window.__walls.push(s); }} }}; \
         new MutationObserver(() => setTimeout(take)).observe(document.body, \
           {{ subtree: true, childList: true, attributes: true, characterData: true }});"
    ));
}

/// The snapshots the page recorded since the last call.
fn recorded_walls(app: &App) -> Vec<Value> {
    let taken = app.js("const w = window.__walls || []; window.__walls = []; return w;");
    taken.as_array().cloned().unwrap_or_default()
}

type BoxXY = [f64; 4];
/// A drawn stone as its wall names it (column, row, colour, shape) and its box.
type StoneBox = ((usize, usize, usize, char), BoxXY);

fn box_of(v: &Value) -> BoxXY {
    let n = |i: usize| v[i].as_f64().expect("a box coordinate");
    [n(0), n(1), n(2), n(3)]
}

fn middle_of(b: &BoxXY) -> (f64, f64) {
    ((b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0)
}

/// The area two boxes share.
fn overlap(a: &BoxXY, b: &BoxXY) -> f64 {
    (a[2].min(b[2]) - a[0].max(b[0])).max(0.0) * (a[3].min(b[3]) - a[1].max(b[1])).max(0.0)
}

fn near(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.75
}

/// Checks every drawn wall of `snap` against its stored state: the stones drawn are exactly the
/// wall's (columns and rows as the engine has them, seen from that side), every stone sits in its
/// column and row (bottom stones evenly spaced, the wall centred in its view box, each stone over
/// its column's bottom stone, rows evenly stacked), no two stones overlap, and the places of a
/// picked stone sit beside or on their columns without covering a stone or each other.
/// Returns the turn it checked, or `None` while the record and the page are not of one position.
fn check_walls(snap: &Value, context: &str) -> Option<u64> {
    let record: Value = serde_json::from_str(snap["raw"].as_str()?).ok()?;
    let turn = record["turn"].as_u64()?;
    if snap["moves"].as_str()?.parse::<u64>().ok()? != turn {
        return None;
    }
    let wall = wall_of(&record["state"]);
    let width = wall.len();
    for w in snap["walls"].as_array().expect("walls") {
        let side = w["side"].as_u64().expect("side") as usize;
        let ctx = format!("{context}, turn {turn}, side {side}, width {width}");
        let drawn = |c: usize| if side == 0 { c } else { width - 1 - c };
        let mut expected: Vec<(usize, usize, usize, char)> = wall
            .iter()
            .enumerate()
            .flat_map(|(c, col)| col.iter().enumerate().map(move |(r, &p)| (c, r, p)))
            .map(|(c, r, p)| (drawn(c), r, usize::from(STONES[p.0].color), shape_toward(p, side)))
            .collect();
        let stones: Vec<StoneBox> = w["stones"]
            .as_array()
            .expect("stones")
            .iter()
            .map(|s| {
                let n = |k: &str| s[k].as_u64().expect("a number") as usize;
                let shape = s["shape"].as_str().and_then(|x| x.chars().next()).expect("shape");
                ((n("col"), n("row"), n("color"), shape), box_of(&s["box"]))
            })
            .collect();
        let mut shown: Vec<_> = stones.iter().map(|s| s.0).collect();
        expected.sort_unstable();
        shown.sort_unstable();
        assert_eq!(shown, expected, "{ctx}: the stones drawn are not the wall's");
        check_stone_boxes(&stones, w["middle"].as_f64().expect("middle"), width, &ctx);
        check_slot_boxes(w, &stones, width, side, &ctx);
    }
    Some(turn)
}

/// Where the stones are drawn: see [`check_walls`]. Returns nothing; panics with `ctx`.
fn check_stone_boxes(stones: &[StoneBox], middle: f64, width: usize, ctx: &str) {
    for (i, a) in stones.iter().enumerate() {
        for b in &stones[i + 1..] {
            assert!(overlap(&a.1, &b.1) < 1.0, "{ctx}: stones {:?} and {:?} overlap ({:?}, {:?})", a.0, b.0, a.1, b.1);
        }
    }
    let Some(first) = stones.first() else { return };
    let size = (first.1[2] - first.1[0], first.1[3] - first.1[1]);
    for s in stones {
        assert!(
            near(s.1[2] - s.1[0], size.0) && near(s.1[3] - s.1[1], size.1),
            "{ctx}: stone {:?} has another size",
            s.0
        );
    }
    let bottom: Vec<(f64, f64)> = (0..width)
        .map(|c| {
            stones
                .iter()
                .find(|s| s.0 .0 == c && s.0 .1 == 0)
                .map(|s| middle_of(&s.1))
                .unwrap_or_else(|| panic!("{ctx}: no bottom stone in column {c}"))
        })
        .collect();
    let pitch = (width >= 2).then(|| bottom[1].0 - bottom[0].0);
    for (c, b) in bottom.iter().enumerate() {
        assert!(near(b.1, bottom[0].1), "{ctx}: bottom stone {c} is not in the bottom row");
        if let Some(p) = pitch {
            assert!(
                p >= size.0 && near(b.0, bottom[0].0 + c as f64 * p),
                "{ctx}: bottom stone {c} at x {} is not one step of {p} from its neighbours",
                b.0
            );
        }
    }
    let centre = (bottom[0].0 + bottom[width - 1].0) / 2.0;
    assert!(near(centre, middle), "{ctx}: the wall's middle is at x {centre}, the view box's at {middle}");
    // Rows stack evenly: one step for all, the same as a column step when there are two columns.
    let step = stones.iter().find(|s| s.0 .1 > 0).map(|s| (bottom[0].1 - middle_of(&s.1).1) / s.0 .1 as f64);
    if let (Some(step), Some(p)) = (step, pitch) {
        assert!(near(step, p), "{ctx}: rows are {step} apart, columns {p}");
    }
    for s in stones {
        let (x, y) = middle_of(&s.1);
        assert!(
            near(x, bottom[s.0 .0].0),
            "{ctx}: stone {:?} at x {x} is not over its column's bottom stone (x {})",
            s.0,
            bottom[s.0 .0].0
        );
        if let Some(step) = step {
            assert!(near(y, bottom[0].1 - s.0 .1 as f64 * step), "{ctx}: stone {:?} at y {y} is not in its row", s.0);
        }
    }
}

/// Where the picked stone's places are drawn: see [`check_walls`].
fn check_slot_boxes(w: &Value, stones: &[StoneBox], width: usize, side: usize, ctx: &str) {
    let slots: Vec<(String, BoxXY)> = w["slots"]
        .as_array()
        .expect("slots")
        .iter()
        .map(|s| (s["spot"].as_str().unwrap_or("").to_string(), box_of(&s["box"])))
        .collect();
    for (i, (spot, b)) in slots.iter().enumerate() {
        for s in stones {
            assert!(overlap(b, &s.1) < 1.0, "{ctx}: the place {spot} covers stone {:?}", s.0);
        }
        for (other, c) in &slots[i + 1..] {
            assert!(overlap(b, c) < 1.0, "{ctx}: the places {spot} and {other} overlap");
        }
        let (x, y) = middle_of(b);
        if width == 0 {
            assert!(near(x, w["middle"].as_f64().unwrap_or(0.0)), "{ctx}: the first place is not in the middle");
            continue;
        }
        let column_x = |c: usize| stones.iter().find(|s| s.0 .0 == c && s.0 .1 == 0).map(|s| middle_of(&s.1));
        let (left, right) = (column_x(0).expect("column 0"), column_x(width - 1).expect("last column"));
        let stone_w = stones[0].1[2] - stones[0].1[0];
        match spot.strip_prefix("on-").and_then(|c| c.parse::<usize>().ok()) {
            Some(c) => {
                let drawn = if side == 0 { c } else { width - 1 - c };
                let (cx, _) = column_x(drawn).expect("the column of a place on top");
                assert!(near(x, cx), "{ctx}: the place {spot} at x {x} is not over drawn column {drawn} (x {cx})");
            }
            None => {
                // Side 0's left end is side 1's right end.
                let at_left = (spot == "left") == (side == 0);
                assert!(near(y, left.1), "{ctx}: the place {spot} is not in the bottom row");
                let gap = if at_left { left.0 - x } else { x - right.0 };
                assert!(
                    gap >= stone_w && gap < 2.0 * stone_w,
                    "{ctx}: the place {spot} is {gap} from its end of the wall"
                );
            }
        }
    }
}

/// Whether `seat` of the record is a person.
fn is_person_seat(record: &Value, seat: usize) -> bool {
    record["players"][seat]["kind"].get("computer").is_none()
}

/// A person's move by taps, checking the picked stone's places first: a stone that fits, turned
/// or not, on a place chosen at random (mostly beside the wall, where the wall widens).
fn checked_person_move(app: &App, pick: &mut Pick, context: &str) {
    let stones = app.count("[data-test=tafel-stone]");
    let start = pick.next(stones);
    for k in 0..stones {
        let all = app.b.find_all("[data-test=tafel-stone]").ctx("stones");
        app.b.click(&all[(start + k) % stones]).ctx("pick stone");
        app.wait("[data-test=picked]");
        if pick.next(2) == 1 {
            app.click("[data-test=flip]");
        }
        let spots: Vec<String> = app
            .js("return [...document.querySelectorAll('[data-test=slot][data-legal=true]')].map(s => s.getAttribute('data-spot'));")
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|s| s.as_str().map(str::to_string))
            .collect();
        if spots.is_empty() {
            continue;
        }
        check_walls(&wall_snapshot(app), &format!("{context}, a stone picked"));
        let ends: Vec<&String> = spots.iter().filter(|s| !s.starts_with("on-")).collect();
        let spot = if !ends.is_empty() && pick.next(3) != 0 {
            ends[pick.next(ends.len())].clone()
        } else {
            spots[pick.next(spots.len())].clone()
        };
        let css = format!("[data-test=wall][data-side] [data-test=slot][data-spot=\"{spot}\"]");
        let before = moves_logged(app);
        app.click(&css);
        app.wait("[data-test=preview]");
        std::thread::sleep(PREVIEW_SEEN);
        app.click(&css);
        app.b.wait_until(T, "the stone to be placed", |_| Ok((moves_logged(app) > before).then_some(()))).ctx(context);
        return;
    }
    panic!("{context}: no stone fits anywhere");
}

/// Plays the game (or match) on screen to its end: people by taps, computers by themselves.
/// After every move both walls are checked ([`check_walls`]); returns how many games were played.
fn play_checking_walls(app: &App, pick: &mut Pick, context: &str) -> usize {
    let mut checked = std::collections::BTreeSet::new();
    let deadline = Instant::now() + Duration::from_secs(400);
    record_walls(app);
    // This game's save: what the page recorded of an earlier game must not count.
    let key = wall_snapshot(app)["key"].clone();
    loop {
        assert!(Instant::now() < deadline, "{context}: the game took too long");
        for recorded in recorded_walls(app).iter().filter(|r| r["key"] == key) {
            checked.extend(check_walls(recorded, context));
        }
        let snap = wall_snapshot(app);
        let Some(turn) = check_walls(&snap, context) else {
            std::thread::sleep(Duration::from_millis(30));
            continue;
        };
        checked.insert(turn);
        let record: Value = serde_json::from_str(snap["raw"].as_str().unwrap_or("{}")).unwrap_or_default();
        if app.exists("[data-test=end-screen]") {
            // The snapshot above may predate the end (the last move came in between): read and
            // check the walls once more as they are now, with nothing left to move.
            let snap = wall_snapshot(app);
            checked.extend(check_walls(&snap, context));
            let record: Value = serde_json::from_str(snap["raw"].as_str().unwrap_or("{}")).unwrap_or_default();
            let last = record["turn"].as_u64().unwrap_or(0);
            let missed: Vec<u64> = (1..=last).filter(|t| !checked.contains(t)).collect();
            assert!(missed.is_empty(), "{context}: the walls were not checked after the moves {missed:?}");
            assert_eq!(app.count("[data-test=wall]"), 2, "{context}: both sides at the end");
            return record["state"]["records"].as_array().map_or(0, Vec::len);
        }
        if app.exists("[data-test=next-game]") {
            app.click("[data-test=next-game]");
            // (A computer to start the next game may start it first.)
            app.b.wait_until(T, "the next game", |_| Ok((moves_logged(app) > turn).then_some(()))).ctx("next game");
        } else if app.exists("[data-test=handover]") {
            app.click("[data-test=reveal]");
            app.b.wait_gone("[data-test=handover]", T).ctx("reveal");
        } else if record["state"]["to_move"].as_u64().is_some_and(|p| is_person_seat(&record, p as usize))
            && app.exists("[data-test=tafeln]")
        {
            checked_person_move(app, pick, &format!("{context}, turn {turn}"));
        } else {
            std::thread::sleep(Duration::from_millis(30));
        }
    }
}

/// Issue 22, 1: after stones were added at either end the wall was drawn with stale columns
/// (stones half over each other, a column gone). Complete games of two people, open and hidden,
/// with the walls checked after every move.
#[test]
fn two_people_see_every_stone_where_it_stands() {
    let app = App::start_blank("vv_wall_people", "/spiele/");
    app.goto_home();
    let mut pick = Pick(77);
    for (options, name) in [(&["opt-view-open", "opt-games-2"][..], "open"), (&["opt-games-2"][..], "hidden")] {
        start_with_seats(&app, "viermalvier", None, &["kind-person", "kind-person"], options);
        assert_eq!(play_checking_walls(&app, &mut pick, name), 2, "{name}: two games");
        go_home(&app);
    }
}

/// Issue 22, 1, against computers (`?budget=` small): a person against Hard (open view) and
/// against Medium, who starts (hidden view), and two computers alone (open view).
#[test]
fn against_computers_every_stone_stands_where_the_engine_says() {
    let app = App::start_blank("vv_wall_computers", "/spiele/");
    app.b.goto(&format!("{}?budget=40", app.base_url)).ctx("open app");
    app.wait("[data-test=home]");
    let mut pick = Pick(5);
    for (kinds, options, name) in [
        (&["kind-person", "kind-hard"][..], &["opt-view-open", "opt-games-2"][..], "person vs Hard, open"),
        (&["kind-medium", "kind-person"][..], &["opt-games-2"][..], "Medium vs person, hidden"),
        (&["kind-easy", "kind-hard"][..], &["opt-view-open", "opt-games-2"][..], "computers alone, open"),
    ] {
        start_with_seats(&app, "viermalvier", None, kinds, options);
        assert_eq!(play_checking_walls(&app, &mut pick, name), 2, "{name}: two games");
        go_home(&app);
    }
}
