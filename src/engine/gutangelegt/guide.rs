//! The guided first game (`public/guide/gutangelegt.txt`) replayed with the engine: every move is
//! legal and the words sit on the person's moves ([`crate::guide::checked`]), and every main rule
//! comes up, read from the log and the table alone (not from the words): both ends of row 1, a
//! new row started at a corner and growing away from it, scoring lines across, down and
//! diagonally (double), a turned card, and a game of a few minutes. The default options score
//! by themselves, so announcing is not needed to score (the closing words point to the option).

use super::*;
use crate::engine::Game;
use crate::session::Session;

const SCRIPT: &str = include_str!("../../../public/guide/gutangelegt.txt");

fn played() -> Session<GutAngelegt> {
    crate::guide::checked::<GutAngelegt>(SCRIPT)
}

/// Every position before a move of the script, with that move's event.
fn positions() -> Vec<(GutAngelegt, Event)> {
    crate::guide::positions(SCRIPT)
}

/// The person's events (seat 0).
fn mine(log: &[Event]) -> Vec<&Event> {
    log.iter().filter(|e| GutAngelegt::event_player(e) == Some(0)).collect()
}

fn place_of(event: &Event) -> Place {
    let Event::Laid { place, .. } = event;
    *place
}

fn lines_of(event: &Event) -> &[Line] {
    let Event::Laid { lines, .. } = event;
    lines
}

fn across(l: Line) -> bool {
    l.from.1 == l.to.1
}

fn down(l: Line) -> bool {
    l.from.0 == l.to.0
}

#[test]
fn the_guide_takes_a_few_minutes_and_ends_on_the_persons_move() {
    let session = played();
    let person = mine(&session.log).len();
    assert!((6..=14).contains(&person), "a guide of 6 to 14 person moves, not {person}");
    assert_eq!(session.log.len(), 15, "15 moves in all");
    assert!(session.state.outcome().is_none(), "the guide stops before the game is over");
    assert_eq!(session.state.to_move(), Some(1), "the last move is the person's");
    assert!(session.state.score(0) > session.state.score(1), "the person leads when the guide ends");
}

#[test]
fn the_person_lays_at_both_ends_of_row_one() {
    let session = played();
    let row_one: Vec<&Event> = mine(&session.log).into_iter().filter(|e| place_of(e) != Place::Next).collect();
    let ends = |p: Place| row_one.iter().filter(|e| place_of(e) == p).count();
    assert!(ends(Place::Left) > 0, "both ends of row 1: the person lays a card at the left end");
    assert!(ends(Place::Right) > 0, "both ends of row 1: the person lays a card at the right end");
}

#[test]
fn a_full_row_one_makes_the_next_card_start_a_row_at_a_corner_that_grows_away_from_it() {
    let session = played();
    let corner = session
        .log
        .iter()
        .position(|e| matches!(place_of(e), Place::Corner { .. }))
        .expect("new row at a corner: a card starts a new row at a corner");
    assert_eq!(corner, ROW_CARDS - 1, "the corner comes right after row 1 has its 12 cards (start card + 11)");
    assert!(
        session.log[..corner].iter().all(|e| matches!(place_of(e), Place::Left | Place::Right)),
        "row 1 grows only at its two ends"
    );
    let Place::Corner { top, left } = place_of(&session.log[corner]) else { unreachable!() };
    assert!(top && left, "the computer starts the new row at the top left corner");
    let after = &session.log[corner + 1..];
    assert!(after.iter().all(|e| place_of(e) == Place::Next), "the new row then only continues");
    assert!(mine(after).len() >= 2, "the person lays at least two cards into the new row");
    // Away from the corner: each card of the new row one column further right, in its top row.
    let columns: Vec<(usize, usize)> = session.log[corner..]
        .iter()
        .map(|e| match e {
            Event::Laid { at, .. } => *at,
        })
        .collect();
    let expected: Vec<(usize, usize)> = (0..columns.len()).map(|i| (i, 0)).collect();
    assert_eq!(columns, expected, "direction: the new row grows from the left corner to the right");
    let rows = session.state.rows();
    assert_eq!(rows.len(), 2, "two card rows lie");
    assert_eq!(rows[0].anchor, Anchor::Left, "the top row is anchored at its left corner");
    assert!(rows[1].complete(), "row 1 (now below) is complete");
    let top_row: Vec<usize> =
        session.state.laid_cards().into_iter().filter(|&(_, row, _)| row == 0).map(|(col, _, _)| col).collect();
    assert_eq!(top_row, (0..columns.len()).collect::<Vec<_>>(), "the new row fills columns from the left");
}

#[test]
fn the_person_scores_a_line_across_one_down_and_one_diagonal_worth_double() {
    let session = played();
    let lines: Vec<Line> = mine(&session.log).into_iter().flat_map(|e| lines_of(e).to_vec()).collect();
    assert!(lines.iter().any(|&l| across(l)), "scoring line across (horizontal)");
    assert!(lines.iter().any(|&l| down(l)), "scoring line down (vertical)");
    assert!(lines.iter().any(|&l| l.diagonal()), "scoring line diagonal");
    // A diagonal alone: 3 fields, 2 points each.
    let diagonal_only = mine(&session.log)
        .into_iter()
        .find(|e| matches!(lines_of(e), [l] if l.diagonal()))
        .expect("a move scoring one diagonal line alone");
    let Event::Laid { points, lines, .. } = diagonal_only;
    assert_eq!((lines[0].len(), *points), (3, 6), "a diagonal scores 2 points per field");
    // A card of one colour alone is a vertical line of 3.
    assert!(
        matches!(lines_of(&session.log[0]), [l] if down(*l) && l.len() == 3),
        "the first card scores a vertical line of 3 by itself"
    );
    // An old line extended scores its whole length (green across 4 after the computer's 3).
    assert!(
        mine(&session.log).iter().any(|e| lines_of(e).iter().any(|&l| across(l) && l.len() == 4)),
        "an extended line scores in full"
    );
}

#[test]
fn scoring_is_automatic_so_no_line_is_lost() {
    let guide = crate::guide::parse(SCRIPT).expect("the script reads");
    let options: Options = serde_json::from_str(&guide.options).expect("options");
    assert!(!options.announce, "announcing: not needed to score with the default options");
    let session = played();
    for event in &session.log {
        let Event::Laid { lines, missed, corrected, points, .. } = event;
        assert!(missed.is_empty() && corrected.is_empty(), "nothing missed or corrected");
        assert_eq!(*points, lines.iter().map(|l| l.points()).sum::<u32>(), "every line scores");
    }
}

#[test]
fn the_person_turns_a_card_and_the_turn_makes_the_points() {
    let mut turned_scores = false;
    for (before, event) in positions() {
        let Move::Lay { card, turned, place, .. } = GutAngelegt::event_move(&event);
        if turned && before.to_move() == Some(0) {
            let other = Move::Lay { card, turned: false, place, claims: Vec::new() };
            let Event::Laid { points: unturned, .. } = before.clone().apply(&other).expect("legal");
            let Event::Laid { points, .. } = event;
            turned_scores |= points > unturned;
        }
    }
    assert!(turned_scores, "a turned card: the person turns a card and scores more than unturned");
}

#[test]
fn every_move_scores_the_most_its_player_can_score_now() {
    for (index, (before, event)) in positions().into_iter().enumerate() {
        let best = before
            .legal_moves()
            .iter()
            .map(|m| {
                let Event::Laid { points, .. } = before.clone().apply(m).expect("legal");
                points
            })
            .max()
            .unwrap_or(0);
        let Event::Laid { points, .. } = event;
        assert_eq!(points, best, "move {}: a best move scores {best}", index + 1);
    }
}
