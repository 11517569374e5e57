//! The guided first game (`public/guide/just4fun.txt`) replayed with the engine: every move is
//! legal and logged exactly as written, and each main rule comes up — found in the log and the
//! positions, not in the words.

use super::*;
use crate::engine::{Game, Outcome};
use crate::guide::Guide;
use crate::session::Session;

const SCRIPT: &str = include_str!("../../../public/guide/just4fun.txt");

fn script() -> (Guide, Session<Just4Fun>) {
    crate::guide::script(SCRIPT)
}

/// Every position before a move of the script, with that move's event.
fn positions() -> Vec<(Just4Fun, Event)> {
    crate::guide::positions(SCRIPT)
}

/// The person's placements (seat 0), each with the position before it.
fn person_moves() -> Vec<(Just4Fun, Event)> {
    positions().into_iter().filter(|(_, event)| Just4Fun::event_player(event) == Some(0)).collect()
}

#[test]
fn the_guide_takes_about_five_minutes() {
    let (guide, session) = script();
    let mine = person_moves().len();
    assert!((6..=14).contains(&mine), "{mine} person moves: a guide has roughly 6 to 14");
    assert_eq!(session.log.len(), guide.steps.len(), "every step is played");
    assert!(session.state.outcome().is_some(), "the guide plays the game to its end");
}

#[test]
fn several_cards_are_played_for_one_field() {
    let several = person_moves().into_iter().find_map(|(before, event)| match event {
        Event::Placed { cards, field, cell, .. } if cards.len() >= 2 => Some((before, cards, field, cell)),
        _ => None,
    });
    let (before, cards, field, cell) = several.expect("several cards: the person never plays more than one card");
    assert_eq!(card_sum(&cards), u32::from(field), "several cards: the field is not the cards' sum");
    assert_eq!(before.number_at(cell), field, "several cards: the stone is not on the field of that number");
    assert!(cards.iter().all(|c| before.hand(0).contains(c)), "several cards: not from the person's hand");
}

/// Majority: a computer's stone ties a field the person held, so nobody holds it, and a later
/// stone of the person there takes the majority back (the guide's words build on this).
#[test]
fn a_tie_leaves_a_field_to_nobody_until_one_stone_more() {
    let (_, session) = script();
    let positions = positions();
    let after = |i: usize| positions.get(i + 1).map_or(&session.state, |(next, _)| next);
    let taken_back = positions.iter().enumerate().any(|(i, (before, event))| match *event {
        Event::Placed { player, cell, .. } if player != 0 => {
            let tied = before.majority_at(cell) == Some(0) && after(i).majority_at(cell).is_none();
            let mine = (i + 1..positions.len())
                .find(|&j| matches!(positions[j].1, Event::Placed { player: 0, cell: c, .. } if c == cell));
            tied && mine.is_some_and(|j| after(j).majority_at(cell) == Some(0))
        }
        _ => false,
    });
    assert!(taken_back, "majority: no tie of a computer that the person's next stone there breaks");
}

/// Blocked: at some step the person holds cards for a field where another player has at least 2
/// stones more than the person, without the field being safe for anyone (a third player is
/// still in reach there); the engine refuses the play and the person places elsewhere.
#[test]
fn a_field_is_blocked_for_the_person() {
    let blocked = person_moves().into_iter().find_map(|(before, event)| {
        let played = match event {
            Event::Placed { cell, .. } => cell,
            Event::NewHand { .. } => return None,
        };
        (0..CELLS).find_map(|cell| {
            let by = before.blocked_by(0, cell)?;
            let field = before.number_at(cell);
            let cards = sub_multisets(before.hand(0)).into_iter().find(|c| card_sum(c) == u32::from(field))?;
            (before.locked_by(cell).is_none() && cell != played).then(|| (before.clone(), cell, by, cards))
        })
    });
    let (before, cell, by, cards) = blocked.expect("blocked field: never one the person's cards could make");
    let field = before.number_at(cell);
    let stones = before.stones_at(cell);
    assert!(stones[by] >= stones[0] + 2, "blocked field: {field} is not 2 stones ahead of the person");
    assert!((1..stones.len()).any(|q| q != by && stones[q] > 0), "blocked field: nobody else is still in reach");
    assert_eq!(
        before.check_play(&cards),
        Err(RuleError::Blocked { field, by }),
        "blocked field: the engine allows {cards:?}"
    );
    assert!(!before.reachable_fields(0).contains(&field), "blocked field: {field} is offered");
}

/// Safe (locked): the person's stone makes 2 more than everyone else on a field where a
/// computer has a stone; the field stays the person's and the computer's stones go to the box.
#[test]
fn the_person_makes_a_field_safe_and_a_stone_goes_to_the_box() {
    let positions = positions();
    let lock = positions.iter().position(
        |(_, event)| matches!(event, Event::Placed { player: 0, locked: true, boxed, .. } if !boxed.is_empty()),
    );
    let index = lock.expect("safe field: the person never locks a field that others stand on");
    let (before, Event::Placed { cell, boxed, .. }) = &positions[index] else { unreachable!() };
    let after = positions.get(index + 1).map_or_else(|| script().1.state, |(next, _)| next.clone());
    assert!(before.stones_at(*cell)[1..].iter().any(|&n| n > 0), "safe field: nobody else stood there");
    assert_eq!(after.locked_by(*cell), Some(0), "safe field: not locked for the person");
    assert!(after.stones_at(*cell)[0] >= 2, "safe field: the person's stack is gone");
    assert!(after.stones_at(*cell)[1..].iter().all(|&n| n == 0), "safe field: other stones stay");
    for &(q, n) in boxed {
        assert_eq!(before.stones_at(*cell)[q], n, "safe field: not all of player {q}'s stones left");
        assert_eq!(after.boxed(q), before.boxed(q) + n, "safe field: player {q}'s stones are not in the box");
        assert_eq!(after.blocked_by(q, *cell), Some(0), "safe field: player {q} may still place there");
    }
}

#[test]
fn the_person_wins_with_four_in_a_row() {
    let (_, session) = script();
    let game = &session.state;
    let (winner, line) = game.win().expect("four in a row: nobody completed a line");
    assert_eq!(winner, 0, "four in a row: not the person's");
    assert_eq!(game.outcome(), Some(Outcome::Winners(vec![0])), "four in a row: the person does not win");
    assert!(LINES.contains(&line), "four in a row: {line:?} is no straight line of four");
    assert!(line.iter().all(|&c| game.majority_at(c) == Some(0)), "four in a row: a field without the majority");
    let last = session.log.last().expect("a last move");
    assert!(
        matches!(last, Event::Placed { player: 0, win_line: Some(l), game_over: true, .. } if *l == line),
        "four in a row: the person's last move does not complete it"
    );
    assert!(line.iter().any(|&c| game.locked_by(c) == Some(0)), "four in a row: the safe field is not part of it");
}
