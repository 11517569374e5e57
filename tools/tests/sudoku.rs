//! Browser tests for Sudoku – Das Brettspiel: complete games by taps (solo and two-player
//! hot-seat), the held tile never in the DOM for the wrong eyes, save/reload/continue, the gold
//! setup by hand and the table rules.

mod common;

use common::*;
use serde_json::Value;
use std::time::{Duration, Instant};

fn new_sudoku(app: &App, players: usize, options: &[&str]) {
    app.start_game("sudoku", Some(players), options);
}

/// The board of a saved state: per field `Some((number, gold))`.
fn board_of(state: &Value) -> Vec<Option<(u64, bool)>> {
    state["board"]
        .as_array()
        .expect("board in state")
        .iter()
        .map(|t| t.as_object().map(|t| (t["number"].as_u64().unwrap_or(0), t["gold"].as_bool().unwrap_or(false))))
        .collect()
}

/// Points for a tile on `cell`, counted here from the saved board (standard scoring): tiles in
/// the block, plus tiles in the row and the column outside the block.
fn expected_points(state: &Value, cell: usize) -> u64 {
    let board = board_of(state);
    let (r, c) = (cell / 9, cell % 9);
    let blk = |i: usize| (i / 9 / 3, i % 9 / 3);
    (0..81)
        .filter(|&i| i != cell && board[i].is_some())
        .filter(|&i| blk(i) == blk(cell) || i / 9 == r || i % 9 == c)
        .count() as u64
}

/// Fields shown on the board: (cell, number, legal, points) in DOM order.
fn cells(app: &App) -> Vec<(usize, Option<u64>, bool, Option<u64>)> {
    let v = app.js("return [...document.querySelectorAll('[data-test=cell]')].map(c => [\
           c.getAttribute('data-cell'), c.getAttribute('data-number'), \
           c.getAttribute('data-legal'), c.getAttribute('data-points')]);");
    let num = |x: &Value| x.as_str().and_then(|s| s.parse::<u64>().ok());
    v.as_array()
        .into_iter()
        .flatten()
        .map(|c| (num(&c[0]).expect("data-cell") as usize, num(&c[1]), c[2].as_str() == Some("true"), num(&c[3])))
        .collect()
}

/// The secret tile is nowhere in the page: not shown, not previewed, no legal-field marks
/// (which would give it away).
fn assert_no_tile_in_dom(app: &App, when: &str) {
    let src = app.b.page_source().ctx("page source");
    for marker in ["data-test=\"held-tile\"", "data-preview=", "data-legal=", "data-points="] {
        assert!(!src.contains(marker), "{when}: {marker} is in the page");
    }
}

#[derive(Debug, PartialEq)]
enum Turn {
    Ended,
    Revealed,
    Placed,
}

/// One step of a game in assisted mode: reveal the hand-over (checking it hides the tile), or
/// preview a legal field (checking its points against a recount) and place the tile there.
fn sudoku_step(app: &App, pick: &mut Pick) -> Turn {
    let screen = app
        .b
        .wait_until(T, "end screen, hand-over or a held tile", |b| {
            if b.exists("[data-test=end-screen]")? {
                return Ok(Some(Turn::Ended));
            }
            if b.exists("[data-test=handover]")? {
                return Ok(Some(Turn::Revealed));
            }
            Ok(b.exists("[data-test=held-tile]")?.then_some(Turn::Placed))
        })
        .ctx("sudoku screen");
    match screen {
        Turn::Ended => Turn::Ended,
        Turn::Revealed => {
            assert_no_tile_in_dom(app, "behind the hand-over cover");
            app.click("[data-test=reveal]");
            app.b.wait_gone("[data-test=handover]", T).ctx("cover to go");
            Turn::Revealed
        }
        Turn::Placed => {
            assert_eq!(app.count("[data-test=held-tile]"), 1, "exactly one held tile during a turn");
            let state = current_autosave_state(app).expect("autosave of the position on screen");
            let mover = state["to_move"].as_u64().expect("to_move") as usize;
            let held = app.b.attr(&app.wait("[data-test=held-tile]"), "data-number").ctx("held").unwrap_or_default();
            assert_eq!(held, state["hands"][mover].to_string(), "the shown tile is not the tile of player {mover}");
            let legal: Vec<_> = cells(app).into_iter().filter(|c| c.2).collect();
            assert!(!legal.is_empty(), "the game goes on, so the tile must have a legal field");
            let standard = state["options"]["scoring"].as_str() == Some("standard");
            let (cell, _, _, points) = legal[pick.next(legal.len())];
            if standard {
                assert_eq!(points, Some(expected_points(&state, cell)), "points shown on field {cell}");
            }
            let moves_before = state["turn"].as_u64().unwrap_or(0);
            app.click(&format!("[data-test=cell][data-cell=\"{cell}\"]"));
            app.wait("[data-test=cell][data-preview=true]");
            app.click("[data-test=place]");
            app.b
                .wait_until(T, "the tile to be laid", |b| {
                    let log = b.find("[data-test=move-log]")?;
                    let n: u64 = b.attr(&log, "data-moves")?.and_then(|s| s.parse().ok()).unwrap_or(0);
                    Ok((n > moves_before).then_some(()))
                })
                .ctx("place");
            let after = current_autosave_state(app).expect("autosave after the move");
            let tile = &after["board"][cell];
            assert_eq!(tile["number"].to_string(), held, "the held tile now lies on field {cell}");
            Turn::Placed
        }
    }
}

/// Plays until the end screen (or `limit` placements); the number of (placements, hand-overs).
fn play_to_end(app: &App, pick: &mut Pick, limit: usize) -> (usize, usize) {
    let (mut placed, mut covers) = (0, 0);
    let deadline = Instant::now() + Duration::from_secs(300);
    while placed < limit {
        assert!(Instant::now() < deadline, "game took too long ({placed} tiles)");
        match sudoku_step(app, pick) {
            Turn::Ended => break,
            Turn::Revealed => covers += 1,
            Turn::Placed => placed += 1,
        }
        assert!(placed <= 72, "more tiles placed than exist");
    }
    (placed, covers)
}

fn final_scores(app: &App) -> Vec<u64> {
    let state = app.autosave_state().expect("autosave at the end");
    state["scores"].as_array().expect("scores").iter().filter_map(Value::as_u64).collect()
}

/// A complete solo game by taps: no hand-over, every preview's points match a recount, the end
/// screen shows the score and the high-score list keeps it.
#[test]
fn solo_game_to_the_end_by_taps() {
    let app = App::start("sudoku_solo", "/spiele/");
    new_sudoku(&app, 1, &[]);
    let (placed, covers) = play_to_end(&app, &mut Pick(3), usize::MAX);
    assert!(app.exists("[data-test=end-screen]"), "the solo game ended");
    assert_eq!(covers, 0, "a solo game never shows the hand-over cover");
    assert!(placed >= 20, "a solo game lays many tiles before it ends ({placed})");
    let score = final_scores(&app)[0];
    let rows: Vec<String> = app
        .js("return [...document.querySelectorAll('[data-test=result-row]')].map(r => r.getAttribute('data-score'));")
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap_or("").to_string())
        .collect();
    assert_eq!(rows, vec![score.to_string()], "the end screen shows the final score");
    assert!(app.exists("[data-test=record-place]"), "the end screen says where the result ranks");
    let listed =
        app.js("return [...document.querySelectorAll('[data-test=record]')].map(r => r.getAttribute('data-score'));");
    assert!(
        listed.as_array().unwrap().iter().any(|s| s.as_str() == Some(&score.to_string())),
        "high scores list {score}: {listed}"
    );
    let stored = app.local_storage(&app.scoped_key("records")).expect("high scores stored");
    assert!(stored.contains(&format!("\"score\":{score}")), "stored high scores {stored}");
    // A second game's result goes into the same list, best first.
    app.click("[data-test=rematch]");
    play_to_end(&app, &mut Pick(5), usize::MAX);
    let listed: Vec<u64> = app
        .js("return [...document.querySelectorAll('[data-test=record]')].map(r => +r.getAttribute('data-score'));")
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_u64)
        .collect();
    assert_eq!(listed.len(), 2, "two results in the list: {listed:?}");
    assert!(listed[0] >= listed[1], "best first: {listed:?}");
}

/// A complete two-player hot-seat game by taps: behind every cover no tile, during a turn only
/// the mover's tile; the end screen names the player(s) with the most points.
#[test]
fn two_player_hot_seat_game_to_the_end() {
    let app = App::start("sudoku_two", "/spiele/");
    new_sudoku(&app, 2, &[]);
    let (placed, covers) = play_to_end(&app, &mut Pick(11), usize::MAX);
    assert!(app.exists("[data-test=end-screen]"), "the game ended");
    assert!(covers >= placed, "a cover before every turn ({covers} covers, {placed} tiles)");
    let scores = final_scores(&app);
    let best = *scores.iter().max().unwrap();
    let names = app.autosave_player_names();
    let headline = app.b.text(&app.wait("[data-test=end-screen] h2")).ctx("headline");
    for (p, s) in scores.iter().enumerate() {
        assert_eq!(headline.contains(&names[p]), *s == best, "headline {headline:?} for scores {scores:?}");
    }
}

/// Save to a slot, reload (the autosave comes back behind the cover), continue, and load the
/// slot again: it holds the position of the save.
#[test]
fn save_reload_and_continue() {
    let app = App::start("sudoku_save", "/spiele/");
    new_sudoku(&app, 2, &[]);
    play_to_end(&app, &mut Pick(21), 4);
    sudoku_step(&app, &mut Pick(0)); // past the cover, to the next player's turn
    let saved = app.autosave_state().expect("autosave");
    app.click("[data-test=save-as]");
    let name = app.wait("[data-test=slot-name]");
    app.b.send_keys(&name, "Sudoku-Abend").ctx("type slot name");
    app.click("[data-test=save-confirm]");
    app.wait("[data-test=message]");

    app.b.refresh().ctx("reload");
    app.wait("[data-test=handover]");
    assert_no_tile_in_dom(&app, "after a reload, behind the cover");
    assert_eq!(app.autosave_state().as_ref(), Some(&saved), "reload keeps the game");
    let shown: Vec<Option<u64>> = {
        app.click("[data-test=reveal]");
        app.wait("[data-test=held-tile]");
        cells(&app).into_iter().map(|c| c.1).collect()
    };
    let expected: Vec<Option<u64>> = board_of(&saved).into_iter().map(|t| t.map(|t| t.0)).collect();
    assert_eq!(shown, expected, "the board after the reload is the saved board");
    play_to_end(&app, &mut Pick(22), 2);
    assert_ne!(app.autosave_state().as_ref(), Some(&saved), "the game went on");

    // The cover is up for the next player: leave through its pause button.
    app.click("[data-test=handover-home]");
    app.wait("[data-test=home]");
    app.click("[data-test=slot][data-slot=\"Sudoku-Abend\"] [data-test=slot-load]");
    app.wait("[data-test=game]");
    assert_eq!(app.autosave_state().as_ref(), Some(&saved), "the slot holds the saved position");
}

/// Going back by a named save is a take-back (issue 45): a solo game saved, played on, and the
/// save loaded again replays the same draws; played to its end it says "with moves taken back"
/// and makes no high score. A finished game offers no "save as" (the archive keeps it).
#[test]
fn an_older_save_played_on_counts_as_taken_back() {
    let app = App::start("sudoku_rewound", "/spiele/");
    new_sudoku(&app, 1, &[]);
    assert!(app.exists("[data-test=save-as]"), "a running game can be saved under a name");
    play_to_end(&app, &mut Pick(31), 3);
    app.click("[data-test=save-as]");
    let name = app.wait("[data-test=slot-name]");
    app.b.send_keys(&name, "Vorher").ctx("type slot name");
    app.click("[data-test=save-confirm]");
    app.wait("[data-test=message]");
    play_to_end(&app, &mut Pick(32), 3);
    go_home(&app);
    app.click("[data-test=slot][data-slot=\"Vorher\"] [data-test=slot-load]");
    app.wait("[data-test=game]");
    let loaded = record(&app).expect("the loaded game's record");
    assert_eq!(loaded["takebacks"][0]["at"].as_u64(), Some(3), "marked where the save was: {}", loaded["takebacks"]);
    play_to_end(&app, &mut Pick(33), usize::MAX);
    app.wait("[data-test=end-screen]");
    let said = app.b.text(&app.wait("[data-test=takebacks-made]")).ctx("take-back note");
    assert!(said.contains("(1)"), "the end screen says one take-back: {said:?}");
    let place = app.b.text(&app.wait("[data-test=record-place]")).ctx("record place");
    let none = ["Diesmal nicht", "Not in the high scores"];
    assert!(none.iter().any(|n| place.contains(n)), "no high score with take-backs: {place:?}");
    assert!(!app.exists("[data-test=save-as]"), "no \"save as\" at a game's end");
}

/// Gold setup by hand (one per block as well): a second gold tile in a row is refused with a
/// message; the rest is laid at random. Then table rules: an illegal placement and a false
/// "cannot place" each cost the tile.
#[test]
fn gold_by_hand_and_table_rules() {
    let app = App::start("sudoku_table", "/spiele/");
    new_sudoku(&app, 1, &["opt-gold-block", "opt-gold-hand", "opt-table-rules"]);
    app.wait("[data-test=gold-setup]");
    // The gold setup is open (its field marks are for gold tiles), but no one's tile shows yet.
    let src = app.b.page_source().ctx("page source");
    assert!(
        !src.contains("data-test=\"held-tile\"") && !src.contains("data-preview="),
        "a tile shows during the gold setup"
    );
    app.click("[data-test=gold-number][data-number=\"5\"]");
    app.click("[data-test=cell][data-cell=\"0\"]");
    app.wait("[data-test=cell][data-cell=\"0\"][data-gold=true]");
    // Same row: refused, with a message, and not laid.
    app.click("[data-test=cell][data-cell=\"5\"]");
    let msg = app.b.text(&app.wait("[data-test=message]")).ctx("message");
    assert!(msg.contains("A1"), "the message names the gold tile in that row: {msg:?}");
    assert!(!app.exists("[data-test=cell][data-cell=\"5\"][data-number]"), "no second gold tile in row A");
    // Same block (B2 is in A1's block, other row and column): refused too.
    app.click("[data-test=cell][data-cell=\"10\"]");
    assert!(!app.exists("[data-test=cell][data-cell=\"10\"][data-number]"), "no second gold tile in the block");
    app.click("[data-test=gold-rest]");
    app.wait("[data-test=held-tile]");
    let state = app.autosave_state().expect("autosave");
    let golds: Vec<usize> = (0..81).filter(|&i| state["board"][i]["gold"].as_bool() == Some(true)).collect();
    assert_eq!(golds.len(), 9, "nine gold tiles");
    for (i, a) in golds.iter().enumerate() {
        for b in &golds[..i] {
            assert!(
                a / 9 != b / 9 && a % 9 != b % 9 && (a / 27, a % 9 / 3) != (b / 27, b % 9 / 3),
                "gold tiles {a} and {b} share a line or block"
            );
        }
    }
    assert_eq!(app.count("[data-test=cell][data-legal=true]"), 0, "table rules mark no fields");

    // An illegal placement: a free field whose row, column or block already holds the number.
    let held: u64 = state["hands"][0].as_u64().expect("held tile");
    let board = board_of(&state);
    let clashes = |cell: usize| {
        (0..81).any(|o| {
            o != cell
                && board[o].map(|t| t.0) == Some(held)
                && (o / 9 == cell / 9 || o % 9 == cell % 9 || (o / 27, o % 9 / 3) == (cell / 27, cell % 9 / 3))
        })
    };
    let bad = (0..81).find(|&c| board[c].is_none() && clashes(c)).expect("an illegal field exists");
    app.click(&format!("[data-test=cell][data-cell=\"{bad}\"]"));
    // The preview neither hints at legality nor claims points the move will not score.
    app.wait(&format!("[data-test=cell][data-cell=\"{bad}\"][data-preview]"));
    let preview = app.js(&format!(
        "return document.querySelector('[data-test=cell][data-cell=\"{bad}\"]').querySelectorAll('.sd-points').length;"
    ));
    assert_eq!(preview, serde_json::json!(0), "points shown on an illegal field under table rules");
    let status = app.b.text(&app.wait("[data-test=status]")).ctx("status");
    assert!(!status.contains("Punkte") && !status.contains("points"), "the status claims points: {status:?}");
    app.click("[data-test=place]");
    app.b
        .wait_until(T, "the tile to be set aside", |_| {
            Ok(app.autosave_state().filter(|s| s["set_aside"].as_array().is_some_and(|a| a.len() == 1)))
        })
        .ctx("set aside");
    let after = app.autosave_state().unwrap();
    assert!(after["board"][bad].is_null(), "the illegal tile does not stay on the board");
    assert_eq!(after["scores"][0].as_u64(), Some(0), "no points for it");
    assert_eq!(after["set_aside"][0].as_u64(), Some(held), "the held tile was set aside");

    // A false claim: a legal field exists at this early stage.
    app.click("[data-test=claim]");
    app.click("[data-test=confirm-yes]");
    app.b
        .wait_until(T, "the false claim to cost the tile", |_| {
            Ok(app.autosave_state().filter(|s| s["set_aside"].as_array().is_some_and(|a| a.len() == 2)))
        })
        .ctx("false claim");
    assert!(!app.exists("[data-test=end-screen]"), "a false claim does not end the game");
    let log = app.b.text(&app.wait("[data-test=move-log]")).ctx("log");
    // Gold 5, the random rest, the illegal placement, the false claim; refused taps are not moves.
    assert_eq!(
        app.b.attr(&app.wait("[data-test=move-log]"), "data-moves").ctx("moves").as_deref(),
        Some("4"),
        "log: {log}"
    );
}
