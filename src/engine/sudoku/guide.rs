//! The guided first game (`public/guide/sudoku.txt`) replayed with the engine: every move is
//! legal and logged exactly as written, and each main rule comes up — found in the log and the
//! positions, not in the words. The script was made by letting both sides take the field worth
//! most for the tile they hold (ties: the first field from A1 on) from the seed on;
//! `every_move_takes_the_field_worth_most` keeps it that way.

use super::*;
use crate::engine::Game;
use crate::guide::Guide;
use crate::session::Session;

const SCRIPT: &str = include_str!("../../../public/guide/sudoku.txt");

fn script() -> (Guide, Session<Sudoku>) {
    crate::guide::script(SCRIPT)
}

/// Every position before a move of the script, with that move's event.
fn positions() -> Vec<(Sudoku, Event)> {
    crate::guide::positions(SCRIPT)
}

/// The person's placements: the position before, the field and the points.
fn person_moves() -> Vec<(Sudoku, usize, u8, u32, u32)> {
    positions()
        .into_iter()
        .filter_map(|(before, event)| match event {
            Event::Placed { player: 0, cell, number, points, counters } => {
                Some((before, cell, number, points, counters))
            }
            _ => None,
        })
        .collect()
}

/// Tiles lying on `at`'s block, and in its row and column outside that block, counted from the
/// board itself (not with the engine's scoring).
fn neighbours(game: &Sudoku, at: usize) -> (u32, u32, u32) {
    let lying = |test: &dyn Fn(usize) -> bool| {
        u32::try_from((0..CELLS).filter(|&o| o != at && game.tile(o).is_some() && test(o)).count()).unwrap_or(0)
    };
    let same_block = |o: usize| row(o) / 3 == row(at) / 3 && col(o) / 3 == col(at) / 3;
    (
        lying(&same_block),
        lying(&|o| row(o) == row(at) && !same_block(o)),
        lying(&|o| col(o) == col(at) && !same_block(o)),
    )
}

/// Whether `number` already lies in `at`'s row, column or block (from the board itself).
fn number_stands_beside(game: &Sudoku, at: usize, number: u8) -> bool {
    let beside = |o: usize| row(o) == row(at) || col(o) == col(at) || block(o) == block(at);
    (0..CELLS).any(|o| o != at && beside(o) && game.tile(o).is_some_and(|t| t.number == number))
}

#[test]
fn the_guide_takes_about_five_minutes() {
    let (_, session) = script();
    let mine = person_moves().len();
    assert!((6..=14).contains(&mine), "{mine} person moves: a guide has roughly 6 to 14");
    assert!(session.state.outcome().is_none(), "the guide stops before the game is over (the end words say so)");
}

/// Sudoku rule: at some step the person's number already lies beside a free field worth more
/// than the field the guide plays, so that field is not offered (and the engine refuses it).
#[test]
fn the_sudoku_rule_keeps_a_better_field_from_the_person() {
    let blocked: Vec<(usize, usize)> = person_moves()
        .into_iter()
        .enumerate()
        .filter_map(|(step, (before, cell, number, _, _))| {
            let (b, r, c) = neighbours(&before, cell);
            let played = b + r + c;
            let better = (0..CELLS).find(|&o| {
                let (b, r, c) = neighbours(&before, o);
                before.tile(o).is_none() && b + r + c > played && number_stands_beside(&before, o, number)
            })?;
            let refused = before.clone().apply(&Move::Place { cell: better });
            assert!(
                matches!(refused, Err(RuleError::Breaks { number: n, .. }) if n == number),
                "step {}: the engine takes the {number} on {}: {refused:?}",
                step + 1,
                name(better)
            );
            assert!(!before.legal_fields(number).contains(&better), "step {}: {} is offered", step + 1, name(better));
            Some((step, better))
        })
        .collect();
    assert!(!blocked.is_empty(), "Sudoku rule: no step where the rule keeps the person from a better field");
}

/// Scoring: one of the person's tiles counts tiles in its block, in its row outside the block
/// and in its column outside the block, and the event's points are exactly their sum.
#[test]
fn one_person_move_scores_in_block_row_and_column() {
    let moves = person_moves();
    for (before, cell, _, points, _) in &moves {
        let (b, r, c) = neighbours(before, *cell);
        assert_eq!(b + r + c, *points, "{}: points are not block + row + column", name(*cell));
    }
    let all_three = moves.iter().any(|(before, cell, ..)| {
        let (b, r, c) = neighbours(before, *cell);
        b > 0 && r > 0 && c > 0
    });
    assert!(all_three, "block, row and column points: no person move scores in all three");
}

/// Round counter: the person passes 40 on the score track, takes a counter worth 40, and the
/// marker counts on from the start.
#[test]
fn the_person_passes_40_and_takes_a_round_counter() {
    let (_, session) = script();
    let passed = person_moves().into_iter().find(|(before, _, _, points, counters)| {
        before.score(0) < TRACK && before.score(0) + points >= TRACK && *counters == 1
    });
    assert!(passed.is_some(), "round counter: the person never passes 40 with a counter");
    let game = &session.state;
    assert_eq!(game.counters(0), 1, "round counter: one counter at the end");
    assert_eq!(game.score(0), TRACK + game.track_position(0), "round counter: worth 40 plus the track position");
    assert!(game.score(1) < TRACK, "the person is the first to pass 40");
}

/// The person's moves are good ones and the computer's plausible: every tile goes where it
/// scores most (ties: the first such field), as the script was made.
#[test]
fn every_move_takes_the_field_worth_most() {
    for (i, (before, event)) in positions().into_iter().enumerate() {
        let Event::Placed { player, cell, number, .. } = event else { panic!("move {}: not a placement", i + 1) };
        let fields = before.legal_fields(number);
        let best = fields.iter().map(|&c| before.points_at(c)).max().unwrap_or(0);
        let first = fields.iter().copied().find(|&c| before.points_at(c) == best);
        assert_eq!(first, Some(cell), "move {} (player {player}): {} is not the best field", i + 1, name(cell));
    }
}
