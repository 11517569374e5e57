//! Unit tests: the rulebook's worked examples and the rulings of CLARIFICATIONS.md §1.
//! Players in the rulebook examples: A = Red, B = Yellow, C = White.

use super::*;
use crate::engine::{Game, Outcome, SetupError};

fn pos(s: &str) -> Just4Fun {
    match Just4Fun::from_position(s) {
        Ok(g) => g,
        Err(e) => panic!("bad test position {s:?}: {e}"),
    }
}

fn play(cards: &[u8]) -> Move {
    Move::Play { cards: cards.to_vec() }
}

/// Applies `mv`, expecting a refusal `err` that leaves the state untouched.
fn refused(game: &mut Just4Fun, mv: &Move, err: RuleError) {
    let before = game.clone();
    assert_eq!(game.apply(mv), Err(err), "move {mv:?}");
    assert_eq!(*game, before, "a refused move changed the state");
}

fn cell(game: &Just4Fun, field: u8) -> usize {
    game.cell_of(field).expect("field exists")
}

// ----- board and setup -----------------------------------------------------------------------

#[test]
fn standard_layout_is_the_magic_square() {
    let mut sorted = STANDARD_LAYOUT;
    sorted.sort_unstable();
    assert_eq!(sorted.to_vec(), (1..=36).collect::<Vec<u8>>());
    let at = |r: usize, c: usize| u32::from(STANDARD_LAYOUT[r * SIDE + c]);
    for i in 0..SIDE {
        assert_eq!((0..SIDE).map(|c| at(i, c)).sum::<u32>(), 111, "row {i}");
        assert_eq!((0..SIDE).map(|r| at(r, i)).sum::<u32>(), 111, "column {i}");
    }
    assert_eq!((0..SIDE).map(|i| at(i, i)).sum::<u32>(), 111);
    assert_eq!((0..SIDE).map(|i| at(i, SIDE - 1 - i)).sum::<u32>(), 111);
    assert_eq!(STANDARD_LAYOUT[0], 35);
    assert_eq!(STANDARD_LAYOUT[34], 18);
    assert_eq!(STANDARD_LAYOUT[32], 29);
}

#[test]
fn deck_has_55_cards() {
    let d = deck();
    assert_eq!(d.len(), 55);
    for v in 1..=12u8 {
        assert_eq!(d.iter().filter(|&&c| c == v).count(), 4, "value {v}");
    }
    for v in 13..=19u8 {
        assert_eq!(d.iter().filter(|&&c| c == v).count(), 1, "value {v}");
    }
    assert!(d.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn lines_are_all_54_straight_runs_of_four() {
    let mut seen = std::collections::HashSet::new();
    for line in LINES {
        assert!(seen.insert(line), "line {line:?} twice");
        let rc: Vec<(isize, isize)> = line.iter().map(|&c| ((c / SIDE) as isize, (c % SIDE) as isize)).collect();
        let (dr, dc) = (rc[1].0 - rc[0].0, rc[1].1 - rc[0].1);
        assert!(matches!((dr, dc), (0, 1) | (1, 0) | (1, 1) | (1, -1)), "{line:?}");
        for k in 1..4 {
            assert_eq!((rc[k].0 - rc[k - 1].0, rc[k].1 - rc[k - 1].1), (dr, dc), "{line:?}");
        }
    }
    assert_eq!(seen.len(), 54);
    // Brute force: every straight run of four on the board is in the table.
    let mut count = 0;
    for r in 0..6isize {
        for c in 0..6isize {
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let cells: Vec<usize> = (0..4)
                    .map(|k| (r + k * dr, c + k * dc))
                    .filter(|&(rr, cc)| (0..6).contains(&rr) && (0..6).contains(&cc))
                    .map(|(rr, cc)| (rr * 6 + cc) as usize)
                    .collect();
                if cells.len() == 4 {
                    count += 1;
                    assert!(seen.contains(&[cells[0], cells[1], cells[2], cells[3]]));
                }
            }
        }
    }
    assert_eq!(count, 54);
}

#[test]
fn new_game_deals_four_cards_and_twenty_stones() {
    for players in 2..=4 {
        let g = Just4Fun::new(players, Options::default(), 5).unwrap();
        assert_eq!(g.player_count(), players);
        assert_eq!(g.layout(), &STANDARD_LAYOUT);
        for p in 0..players {
            assert_eq!(g.hand(p).len(), HAND_SIZE);
            assert!(g.hand(p).windows(2).all(|w| w[0] <= w[1]));
            assert_eq!(g.supply(p), STONES_PER_PLAYER);
            assert_eq!(g.boxed(p), 0);
        }
        assert_eq!(g.draw_pile_len(), 55 - 4 * players);
        assert_eq!(g.discard_len(), 0);
        assert_eq!(g.discard_top(), None);
        assert_eq!(g.to_move(), Some(0));
        assert_eq!((g.turn(), g.round()), (0, 1));
        assert!(g.has_hidden_information());
        assert_eq!(g.outcome(), None);
        assert_eq!(g.validate(), Ok(()));
    }
    assert_eq!(
        Just4Fun::new(1, Options::default(), 0).unwrap_err(),
        SetupError::PlayerCount { min: 2, max: 4, got: 1 }
    );
    assert!(Just4Fun::new(5, Options::default(), 0).is_err());
}

#[test]
fn random_layout_is_a_seeded_permutation() {
    let opts = Options { random_layout: true };
    let a = Just4Fun::new(2, opts.clone(), 11).unwrap();
    let b = Just4Fun::new(2, opts.clone(), 11).unwrap();
    let c = Just4Fun::new(2, opts, 12).unwrap();
    assert_eq!(a.layout(), b.layout());
    assert_ne!(a.layout(), c.layout());
    assert_ne!(a.layout(), &STANDARD_LAYOUT);
    let mut sorted = *a.layout();
    sorted.sort_unstable();
    assert_eq!(sorted.to_vec(), (1..=36).collect::<Vec<u8>>());
    for n in 1..=36u8 {
        assert_eq!(a.number_at(a.cell_of(n).unwrap()), n);
    }
    assert_eq!(a.number_at(36), 0);
    assert_eq!(a.cell_of(0), None);
    assert_eq!(a.cell_of(37), None);
    assert_eq!(a.validate(), Ok(()));
}

#[test]
fn accessors_are_safe_out_of_range() {
    let g = Just4Fun::new(2, Options::default(), 1).unwrap();
    assert_eq!(g.stones_at(36), &[] as &[u8]);
    assert_eq!(g.stones_at(usize::MAX), &[] as &[u8]);
    assert_eq!(g.stones_at(0), &[0, 0]);
    assert_eq!(g.hand(2), &[] as &[u8]);
    assert_eq!((g.supply(9), g.boxed(9)), (0, 0));
    assert_eq!(g.locked_by(99), None);
    assert_eq!(g.blocked_by(7, 0), None);
    assert!(g.reachable_fields(3).is_empty());
}

// ----- playing cards ---------------------------------------------------------------------------

#[test]
fn rulebook_5_11_13_places_a_stone_on_29() {
    let mut g = pos("players=3; hands=5 11 13 2/1 2 3 4/6 7 8 9");
    let ev = g.apply(&play(&[13, 5, 11])).unwrap();
    let c29 = cell(&g, 29);
    assert_eq!(c29, 32);
    assert_eq!(
        ev,
        Event::Placed {
            player: 0,
            cards: vec![5, 11, 13],
            field: 29,
            cell: c29,
            locked: false,
            boxed: vec![],
            win_line: None,
            game_over: false
        }
    );
    assert_eq!(g.stones_at(c29), &[1, 0, 0]);
    assert_eq!(g.supply(0), 19);
    assert_eq!(g.hand(0).len(), 4);
    assert!(g.hand(0).contains(&2));
    assert_eq!(g.discard_pile(), &[5, 11, 13]);
    assert_eq!(g.discard_top(), Some(13));
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(g.turn(), 1);
    assert_eq!(g.validate(), Ok(()));
}

#[test]
fn cards_in_any_order_give_the_same_game() {
    let start = pos("players=2; seed=3; hands=5 11 13 2/1 2 3 4");
    let mut a = start.clone();
    let mut b = start.clone();
    let ea = a.apply(&play(&[5, 11, 13])).unwrap();
    let eb = b.apply(&play(&[13, 11, 5])).unwrap();
    assert_eq!(ea, eb);
    assert_eq!(a, b);
    assert_eq!(start.check_play(&[11, 13, 5]), Ok((29, 32)));
}

#[test]
fn bad_plays_are_refused_and_change_nothing() {
    let mut g = pos("players=2; hands=19 18 1 1/2 3 4 5");
    refused(&mut g, &play(&[]), RuleError::NoCards);
    refused(&mut g, &play(&[1, 1, 18, 19, 19]), RuleError::TooManyCards { count: 5 });
    refused(&mut g, &play(&[2]), RuleError::CardsNotInHand);
    refused(&mut g, &play(&[1, 1, 1]), RuleError::CardsNotInHand);
    refused(&mut g, &play(&[0]), RuleError::CardsNotInHand);
    refused(&mut g, &play(&[255]), RuleError::CardsNotInHand);
    refused(&mut g, &play(&[19, 18]), RuleError::SumNotAField { sum: 37 });
    refused(&mut g, &play(&[19, 18, 1, 1]), RuleError::SumNotAField { sum: 39 });
    refused(&mut g, &Move::NewHand, RuleError::MustPlay);
    // 19 + 1 + 1 = 21 is fine.
    assert!(g.apply(&play(&[1, 19, 1])).is_ok());
    for e in [RuleError::GameOver, RuleError::Blocked { field: 3, by: 1 }, RuleError::MustPlay] {
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn legal_moves_are_the_distinct_card_multisets() {
    let g = pos("players=2; hands=1 1 2 3/4 5 6 7");
    let moves = g.legal_moves();
    // {1} {2} {3} {1,1} {1,2} {1,3} {2,3} {1,1,2} {1,1,3} {1,2,3} {1,1,2,3}
    assert_eq!(moves.len(), 11);
    let mut cards: Vec<Vec<u8>> = moves
        .iter()
        .map(|m| match m {
            Move::Play { cards } => cards.clone(),
            Move::NewHand => panic!("NewHand offered although plays exist"),
        })
        .collect();
    assert!(cards.iter().all(|c| c.windows(2).all(|w| w[0] <= w[1])));
    assert!(cards.contains(&vec![1, 1, 2, 3]));
    cards.sort();
    cards.dedup();
    assert_eq!(cards.len(), 11);
    assert_eq!(g.reachable_fields(0), vec![1, 2, 3, 4, 5, 6, 7]);
    for m in &moves {
        assert!(g.clone().apply(m).is_ok());
    }
}

// ----- blocking and locking --------------------------------------------------------------------

#[test]
fn rulebook_blocked_example_on_field_18() {
    // Red (A) 2 and Yellow (B) 1 on field 18; White (C) may not place there, Yellow may.
    let mut g = pos("players=3; to_move=C; 18:A2,B1; hands=9 9 4 4/12 6 1 3/10 8 1 2");
    let c18 = cell(&g, 18);
    assert_eq!(g.locked_by(c18), None);
    assert_eq!(g.blocked_by(2, c18), Some(0));
    assert_eq!(g.blocked_by(1, c18), None);
    assert_eq!(g.blocked_by(0, c18), None);
    assert!(!g.reachable_fields(2).contains(&18));
    assert!(g.reachable_fields(1).contains(&18));
    assert!(!g.legal_moves().contains(&play(&[8, 10])));
    refused(&mut g, &play(&[10, 8]), RuleError::Blocked { field: 18, by: 0 });
    assert_eq!(g.check_play(&[10, 8]), Err(RuleError::Blocked { field: 18, by: 0 }));

    // White plays elsewhere; Red's turn is not needed for the example: let Yellow catch up.
    g.apply(&play(&[1])).unwrap();
    g.apply(&play(&[4])).unwrap(); // Red on 4
    let ev = g.apply(&play(&[12, 6])).unwrap(); // Yellow on 18
    assert!(matches!(ev, Event::Placed { field: 18, locked: false, ref boxed, .. } if boxed.is_empty()));
    assert_eq!(g.stones_at(c18), &[2, 2, 0]);
    assert_eq!(g.locked_by(c18), None);
    // White is still 2 behind both; the lowest seat is reported.
    assert_eq!(g.blocked_by(2, c18), Some(0));
    g.apply(&play(&[2])).unwrap(); // White on 2
                                   // Red: 3 against Yellow's 2 is only one ahead, so the field stays open.
    let ev = g.apply(&play(&[9, 9])).unwrap();
    assert!(matches!(ev, Event::Placed { field: 18, locked: false, .. }));
    assert_eq!(g.stones_at(c18), &[3, 2, 0]);
    assert_eq!(g.locked_by(c18), None);
    assert_eq!(g.blocked_by(1, c18), None);
    assert_eq!(g.validate(), Ok(()));
}

#[test]
fn locking_sends_the_others_stones_to_the_box_for_good() {
    let mut g = pos("players=3; 18:A2,B1; hands=9 9 1 1/2 2 3 3/4 4 5 5");
    let c18 = cell(&g, 18);
    assert_eq!(g.supply(1), 19);
    let ev = g.apply(&play(&[9, 9])).unwrap();
    match ev {
        Event::Placed { field, locked, boxed, .. } => {
            assert_eq!(field, 18);
            assert!(locked);
            assert_eq!(boxed, vec![(1, 1)]);
        }
        other => panic!("unexpected {other:?}"),
    }
    assert_eq!(g.stones_at(c18), &[3, 0, 0]);
    assert_eq!(g.locked_by(c18), Some(0));
    assert_eq!(g.boxed(1), 1);
    assert_eq!(g.supply(1), 19, "boxed stones do not return to the supply");
    assert_eq!(u32::from(g.supply(1)) + g.on_board(1) + u32::from(g.boxed(1)), 20);
    assert_eq!(g.blocked_by(1, c18), Some(0));
    assert_eq!(g.blocked_by(2, c18), Some(0));
    assert_eq!(g.validate(), Ok(()));
}

#[test]
fn a_lock_needs_two_more_than_every_other_player() {
    // Red 1, Yellow 1: Red's second stone is 2 ahead of White but only 1 ahead of Yellow.
    let mut g = pos("players=3; 18:A1,B1; hands=9 9 1 1/2 2 3 3/4 4 5 5");
    let ev = g.apply(&play(&[9, 9])).unwrap();
    assert!(matches!(ev, Event::Placed { locked: false, .. }));
    assert_eq!(g.locked_by(cell(&g, 18)), None);

    // Alone on a field: the second own stone is 2 ahead of everyone and locks.
    let mut g = pos("players=2; hands=1 1 2 2/3 3 4 4; draw=1 5 5 5");
    let c1 = cell(&g, 1);
    assert!(matches!(g.apply(&play(&[1])).unwrap(), Event::Placed { locked: false, .. }));
    g.apply(&play(&[3])).unwrap();
    assert!(matches!(g.apply(&play(&[1])).unwrap(), Event::Placed { locked: true, .. }));
    assert_eq!(g.locked_by(c1), Some(0));
    assert_eq!(g.stones_at(c1), &[2, 0]);
}

#[test]
fn the_owner_may_add_to_a_locked_field() {
    let mut g = pos("players=2; to_move=B; 18:A2; hands=9 9 1 1/9 9 2 2");
    let c18 = cell(&g, 18);
    assert_eq!(g.locked_by(c18), Some(0));
    refused(&mut g, &play(&[9, 9]), RuleError::Blocked { field: 18, by: 0 });
    g.apply(&play(&[2])).unwrap();
    assert!(g.legal_moves().contains(&play(&[9, 9])));
    let ev = g.apply(&play(&[9, 9])).unwrap();
    assert!(matches!(ev, Event::Placed { field: 18, locked: false, ref boxed, .. } if boxed.is_empty()));
    assert_eq!(g.stones_at(c18), &[3, 0]);
    assert_eq!(g.locked_by(c18), Some(0));
    assert_eq!(g.validate(), Ok(()));
}

// ----- new hand, skipping, reshuffling ---------------------------------------------------------

#[test]
fn new_hand_is_forced_when_nothing_can_be_played() {
    // A holds 1 1 1 1 (fields 1–4), all four locked by B.
    let mut g = pos("players=2; 1:B2; 2:B2; 3:B2; 4:B2; hands=1 1 1 1/5 6 7 8; draw=10 11 12 13");
    assert_eq!(g.legal_moves(), vec![Move::NewHand]);
    assert!(g.reachable_fields(0).is_empty());
    refused(&mut g, &play(&[1]), RuleError::Blocked { field: 1, by: 1 });
    refused(&mut g, &play(&[1, 1, 1, 1]), RuleError::Blocked { field: 4, by: 1 });
    let ev = g.apply(&Move::NewHand).unwrap();
    assert_eq!(ev, Event::NewHand { player: 0, discarded: vec![1, 1, 1, 1], game_over: false });
    assert_eq!(g.hand(0), &[10, 11, 12, 13]);
    assert_eq!(g.discard_pile(), &[1, 1, 1, 1]);
    assert_eq!(g.supply(0), 20, "a new hand places no stone");
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(g.turn(), 9);
    // B can play, so B may not take a new hand.
    refused(&mut g, &Move::NewHand, RuleError::MustPlay);
    assert!(!g.legal_moves().contains(&Move::NewHand));
}

#[test]
fn players_without_stones_are_skipped() {
    let mut g = pos("players=3; 12:B2; boxed=B18; hands=1 2 3 4/5 6 7 8/9 10 11 12");
    assert_eq!(g.supply(1), 0);
    assert_eq!(g.to_move(), Some(0));
    g.apply(&play(&[1])).unwrap();
    assert_eq!(g.to_move(), Some(2), "B has no stones and is skipped");
    g.apply(&play(&[9])).unwrap();
    assert_eq!(g.to_move(), Some(0));
    assert!(Just4Fun::from_position("players=3; to_move=B; 12:B2; boxed=B18").is_err());
}

#[test]
fn the_last_stone_ends_the_game_with_end_scoring() {
    // A has one stone left, B none. Ties on 7 and 23 clear those fields; B keeps 36.
    let mut g = pos("players=2; 7:A1,B1; 23:A1,B1; 36:B2; boxed=A17,B16; hands=10 5 1 1/2 2 2 2");
    assert_eq!((g.supply(0), g.supply(1)), (1, 0));
    assert_eq!(g.final_scoring(), None);
    let ev = g.apply(&play(&[10, 5])).unwrap();
    assert!(matches!(ev, Event::Placed { field: 15, game_over: true, win_line: None, .. }));
    assert_eq!(g.to_move(), None);
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.win(), None);
    let s = g.final_scoring().expect("ended without a line");
    assert_eq!(s.kept, vec![vec![15], vec![36]]);
    assert_eq!(s.sums, vec![15, 36]);
    assert_eq!(s.outcome, Outcome::Winners(vec![1]));
    assert_eq!(g.outcome(), Some(Outcome::Winners(vec![1])));
    refused(&mut g, &play(&[1]), RuleError::GameOver);
    refused(&mut g, &Move::NewHand, RuleError::GameOver);
    assert_eq!(g.validate(), Ok(()));
}

#[test]
fn the_discard_pile_is_reshuffled_when_the_draw_pile_runs_out() {
    // One card left to draw; A plays three and needs two more from the reshuffled discard pile.
    let mut g = pos("players=2; seed=7; hands=5 11 13 2/1 2 3 4; draw=9; rest=discard");
    assert_eq!((g.draw_pile_len(), g.discard_len()), (1, 46));
    let mut expected_pile = g.discard_pile().to_vec();
    expected_pile.extend([5, 11, 13]);
    crate::engine::rng::shuffle(&mut expected_pile, 7, 2);
    let mut expected_hand = vec![2, 9, expected_pile.pop().unwrap(), expected_pile.pop().unwrap()];
    expected_hand.sort_unstable();

    g.apply(&play(&[5, 11, 13])).unwrap();
    assert_eq!(g.hand(0), expected_hand.as_slice());
    assert_eq!(g.draw_pile(), expected_pile.as_slice());
    assert_eq!((g.draw_pile_len(), g.discard_len()), (47, 0));
    assert_eq!(g.next_stream, 3, "the next reshuffle uses a new stream");
    assert_eq!(g.validate(), Ok(()));
}

// ----- winning -----------------------------------------------------------------------------------

/// A holds the first three fields; playing `cards` puts a stone on the fourth.
fn expect_win(setup: &str, cards: &[u8], line: [usize; 4]) {
    let mut g = pos(setup);
    assert_eq!(g.win(), None);
    let ev = g.apply(&play(cards)).unwrap();
    assert!(matches!(ev, Event::Placed { win_line: Some(l), game_over: true, .. } if l == line), "{ev:?}");
    assert_eq!(g.win(), Some((0, line)));
    assert_eq!(g.outcome(), Some(Outcome::Winners(vec![0])));
    assert_eq!(g.to_move(), None);
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.final_scoring(), None);
    refused(&mut g, &play(&[1]), RuleError::GameOver);
    assert_eq!(g.validate(), Ok(()));
}

#[test]
fn four_in_a_row_wins() {
    // Top row: 35 1 6 26.
    expect_win("players=2; 35:A; 1:A; 6:A; 9:B; hands=19 7 2 3/1 2 3 4; to_move=A", &[19, 7], [0, 1, 2, 3]);
}

#[test]
fn four_in_a_row_wins_with_an_opponent_in_the_line() {
    // Row 0 again; B has one stone on 26, A puts a second there: majority 2 to 1.
    let mut g = pos("players=2; 35:A; 1:A; 6:A; 26:A,B; hands=19 7 2 3/1 2 3 4");
    let ev = g.apply(&play(&[7, 19])).unwrap();
    assert!(matches!(ev, Event::Placed { win_line: Some([0, 1, 2, 3]), locked: false, .. }), "{ev:?}");
    assert_eq!(g.stones_at(3), &[2, 1]);
}

#[test]
fn four_in_a_column_wins() {
    // Left column: 35 3 31 8.
    expect_win("players=3; 35:A; 3:A; 31:A2,B1; hands=8 1 1 2/1 2 3 4/5 6 7 8", &[8], [0, 6, 12, 18]);
}

#[test]
fn four_on_a_diagonal_wins() {
    // Down-right from the top left: 35 32 2 17.
    expect_win("players=2; 32:A; 2:A; 17:A; hands=19 16 1 2/1 2 3 4", &[19, 16], [0, 7, 14, 21]);
    // Down-left from the top right: 24 23 22 33.
    expect_win(
        "players=4; 24:A; 23:A; 22:A; 9:D; hands=19 14 1 2/1 2 3 4/5 6 7 8/9 9 9 10",
        &[14, 19],
        [5, 10, 15, 20],
    );
}

#[test]
fn four_not_in_a_straight_line_do_not_win() {
    // Bent: 35 1 6 in the top row and 21 below the fourth cell.
    let mut g = pos("players=2; 35:A; 1:A; 6:A; hands=19 2 1 3/1 2 3 4");
    let ev = g.apply(&play(&[19, 2])).unwrap();
    assert!(matches!(ev, Event::Placed { field: 21, win_line: None, game_over: false, .. }));
    // With a gap: 35 1 6 _ 19.
    let mut g = pos("players=2; 35:A; 1:A; 6:A; hands=19 2 1 3/1 2 3 4");
    let ev = g.apply(&play(&[19])).unwrap();
    assert!(matches!(ev, Event::Placed { field: 19, win_line: None, game_over: false, .. }));
    assert_eq!(g.win(), None);
    assert_eq!(g.to_move(), Some(1));
}

#[test]
fn a_tied_field_in_the_line_is_no_majority_until_broken() {
    // A alone on 35 and 6, tied 1:1 on field 1; playing 26 completes the row but not the majority.
    let mut g = pos("players=2; 35:A; 1:A,B; 6:A; hands=19 7 1 3/2 2 3 4; draw=5 5 5 5 6 6 6 6");
    let ev = g.apply(&play(&[19, 7])).unwrap();
    assert!(matches!(ev, Event::Placed { field: 26, win_line: None, .. }));
    g.apply(&play(&[2])).unwrap(); // B on 2
                                   // A breaks the tie on field 1 (the second cell of the line): now A wins.
    let ev = g.apply(&play(&[1])).unwrap();
    assert!(matches!(ev, Event::Placed { field: 1, win_line: Some([0, 1, 2, 3]), game_over: true, .. }), "{ev:?}");
    assert_eq!(g.win(), Some((0, [0, 1, 2, 3])));
}

// ----- end scoring -------------------------------------------------------------------------------

fn board_with(entries: &[(usize, &[u8])], players: usize) -> Vec<Vec<u8>> {
    let mut b = vec![vec![0u8; players]; CELLS];
    for (cell, counts) in entries {
        b[*cell] = counts.to_vec();
    }
    b
}

#[test]
fn rulebook_end_scoring_fields_23_and_7() {
    let c23 = STANDARD_LAYOUT.iter().position(|&n| n == 23).unwrap();
    let c7 = STANDARD_LAYOUT.iter().position(|&n| n == 7).unwrap();
    // Red (0), Yellow (1), White (2). Field 23: Yellow 3, Red 2, White 2 → Yellow keeps 23.
    let s = score_board(&STANDARD_LAYOUT, &board_with(&[(c23, &[2, 3, 2])], 3), 3);
    assert_eq!(s.kept, vec![vec![], vec![23], vec![]]);
    assert_eq!(s.sums, vec![0, 23, 0]);
    assert_eq!(s.outcome, Outcome::Winners(vec![1]));
    // Field 7: Red 2, White 2, Yellow 1 → nobody keeps it.
    let s = score_board(&STANDARD_LAYOUT, &board_with(&[(c7, &[2, 1, 2])], 3), 3);
    assert_eq!(s.kept, vec![Vec::<u8>::new(); 3]);
    assert_eq!(s.sums, vec![0, 0, 0]);
    assert_eq!(s.outcome, Outcome::Draw);
    // Both together.
    let s = score_board(&STANDARD_LAYOUT, &board_with(&[(c23, &[2, 3, 2]), (c7, &[2, 1, 2])], 3), 3);
    assert_eq!(s.sums, vec![0, 23, 0]);
}

#[test]
fn end_scoring_tie_breaks_on_the_highest_field() {
    let at = |n: u8| STANDARD_LAYOUT.iter().position(|&x| x == n).unwrap();
    // A keeps 36 (36), B keeps 20 + 16 (36): equal sums, A holds the highest field.
    let s =
        score_board(&STANDARD_LAYOUT, &board_with(&[(at(36), &[1, 0]), (at(20), &[0, 2]), (at(16), &[1, 3])], 2), 2);
    assert_eq!(s.kept, vec![vec![36], vec![20, 16]]);
    assert_eq!(s.sums, vec![36, 36]);
    assert_eq!(s.outcome, Outcome::Winners(vec![0]));
    // Three players: B (34 + 1) and C (35) tie at 35, A has less; C holds 35 > 34.
    let s = score_board(
        &STANDARD_LAYOUT,
        &board_with(&[(at(34), &[0, 1, 0]), (at(1), &[0, 1, 0]), (at(35), &[1, 0, 2]), (at(10), &[1, 0, 0])], 3),
        3,
    );
    assert_eq!(s.sums, vec![10, 35, 35]);
    assert_eq!(s.kept[1], vec![34, 1]);
    assert_eq!(s.outcome, Outcome::Winners(vec![2]));
    // Everybody keeps nothing: a draw.
    let s = score_board(&STANDARD_LAYOUT, &board_with(&[(at(5), &[1, 1, 1, 1])], 4), 4);
    assert_eq!(s.sums, vec![0; 4]);
    assert_eq!(s.outcome, Outcome::Draw);
    // An empty board with two players: a draw, and short input does not panic.
    assert_eq!(score_board(&STANDARD_LAYOUT, &[], 2).outcome, Outcome::Draw);
    assert_eq!(score_board(&STANDARD_LAYOUT, &[vec![1]], 2).outcome, Outcome::Winners(vec![0]));
}

// ----- positions, saves, validation --------------------------------------------------------------

#[test]
fn positions_set_up_what_they_say() {
    let g = pos("players=4; to_move=C; seed=5; 18:A2,B1; 36:D3; boxed=B2; hands=1 2 3 4/5 6 7/ /8; discard=19 18");
    assert_eq!(g.player_count(), 4);
    assert_eq!(g.to_move(), Some(2));
    assert_eq!(g.stones_at(34), &[2, 1, 0, 0]);
    assert_eq!(g.stones_at(31), &[0, 0, 0, 3]);
    assert_eq!(g.locked_by(31), Some(3));
    assert_eq!(g.locked_by(34), None);
    assert_eq!((g.supply(0), g.supply(1), g.supply(2), g.supply(3)), (18, 17, 20, 17));
    assert_eq!(g.boxed(1), 2);
    assert_eq!(g.hand(1), &[5, 6, 7]);
    assert_eq!(g.hand(2), &[] as &[u8]);
    assert_eq!(g.discard_top(), Some(18));
    assert_eq!(g.draw_pile_len() + g.discard_len() + 8, 55);
    assert_eq!(g.turn(), 8);
    // The example from the format's documentation.
    let doc = pos("players=3; to_move=B; 18:A2,B1; 7:A2,C2,B1; hands=5 11 13 2/1 1 1 1/3 4 5 6; draw=9 9");
    assert_eq!(doc.stones_at(cell(&doc, 7)), &[2, 1, 2]);
    assert_eq!(doc.hand(1), &[1, 1, 1, 1]);
    assert_eq!(&doc.draw_pile()[doc.draw_pile_len() - 2..], &[9, 9]);
    let r = pos("players=2; layout=random; seed=9");
    assert_eq!(r.layout(), Just4Fun::new(2, Options { random_layout: true }, 9).unwrap().layout());
}

#[test]
fn positions_that_cannot_happen_are_refused() {
    for bad in [
        "",
        "to_move=A",
        "players=5",
        "players=2; 37:A",
        "players=2; 18:A; 18:B",
        "players=2; 18:E",
        "players=2; 18:C",
        "players=2; 18:A3,B1",
        "players=2; 35:A; 1:A; 6:A; 26:A",
        "players=2; 18:A2; boxed=A19",
        "players=2; hands=5 5 5 5/5 1 1 1",
        "players=2; hands=1 2 3 4 5/1 1 1 1",
        "players=3; hands=1 2 3 4/1 1 1 1",
        "players=2; hands=20/1",
        "players=2; draw=1 1 1 1 2 2 2 2 3 3 3 3 4 4 4 4 5 5 5 5 6 6 6 6 7 7 7 7 8 8 8 8 9 9 9 9 10 10 10 10 11 11 11 11 12 12 12 12 13 14 15 16 17",
        "players=2; boxed=A20",
        "players=2; layout=odd",
        "players=2; foo=1",
        "players=2; nonsense",
    ] {
        assert!(Just4Fun::from_position(bad).is_err(), "accepted {bad:?}");
    }
}

#[test]
fn a_save_continues_identically() {
    let mut original = Just4Fun::new(3, Options { random_layout: true }, 99).unwrap();
    let pick = |g: &Just4Fun, k: usize| {
        let moves = g.legal_moves();
        moves[(k * 7 + 3) % moves.len()].clone()
    };
    for k in 0..15 {
        let mv = pick(&original, k);
        original.apply(&mv).unwrap();
    }
    let json = serde_json::to_string(&original).unwrap();
    let mut loaded: Just4Fun = serde_json::from_str(&json).unwrap();
    assert_eq!(loaded.validate(), Ok(()));
    assert_eq!(loaded, original);
    let mut k = 15;
    while original.outcome().is_none() {
        let mv = pick(&original, k);
        assert_eq!(loaded.apply(&mv), original.apply(&mv));
        assert_eq!(loaded, original);
        k += 1;
        assert!(k < 1000, "game does not end");
    }
    assert!(loaded.outcome().is_some());
    // Options and events survive JSON too.
    let ev = Event::Placed {
        player: 1,
        cards: vec![1, 2],
        field: 3,
        cell: 6,
        locked: true,
        boxed: vec![(0, 2)],
        win_line: Some([0, 1, 2, 3]),
        game_over: true,
    };
    assert_eq!(serde_json::from_str::<Event>(&serde_json::to_string(&ev).unwrap()).unwrap(), ev);
    let mv = play(&[3, 1]);
    assert_eq!(serde_json::from_str::<Move>(&serde_json::to_string(&mv).unwrap()).unwrap(), mv);
    assert_eq!(serde_json::from_str::<Options>("{}").unwrap(), Options::default());
}

#[test]
fn validate_rejects_tampered_states() {
    let mut base = Just4Fun::new(3, Options::default(), 4).unwrap();
    for _ in 0..12 {
        let mv = base.legal_moves()[0].clone();
        base.apply(&mv).unwrap();
    }
    assert_eq!(base.validate(), Ok(()));
    let placed = (0..CELLS).find(|&c| base.stones_at(c).iter().any(|&n| n > 0)).unwrap();
    let empty = (0..CELLS).find(|&c| base.stones_at(c).iter().all(|&n| n == 0)).unwrap();

    type Tamper = Box<dyn Fn(&mut Just4Fun)>;
    let cases: Vec<(&str, Tamper)> = vec![
        ("an extra card", Box::new(|g| g.draw.push(5))),
        (
            "a missing card",
            Box::new(|g| {
                g.draw.pop();
            }),
        ),
        (
            "a card swapped for another",
            Box::new(|g| {
                if let Some(c) = g.draw.last_mut() {
                    *c = if *c == 19 { 18 } else { 19 };
                }
            }),
        ),
        (
            "a card of value 0",
            Box::new(|g| {
                if let Some(c) = g.draw.last_mut() {
                    *c = 0;
                }
            }),
        ),
        (
            "a card of value 20",
            Box::new(|g| {
                if let Some(c) = g.draw.last_mut() {
                    *c = 20;
                }
            }),
        ),
        (
            "five cards in a hand",
            Box::new(|g| {
                let c = g.draw.pop().unwrap();
                g.hands[0].push(c);
            }),
        ),
        ("21 stones", Box::new(|g| g.supply[0] += 1)),
        ("19 stones", Box::new(|g| g.supply[1] -= 1)),
        ("a boxed stone from nowhere", Box::new(|g| g.boxed[2] += 1)),
        ("a stone from nowhere", Box::new(move |g| g.stones[empty * 3] += 1)),
        ("a duplicate in the layout", Box::new(|g| g.layout[0] = g.layout[1])),
        ("a 0 in the layout", Box::new(|g| g.layout[0] = 0)),
        ("a 37 in the layout", Box::new(|g| g.layout[0] = 37)),
        ("a swapped layout without the random option", Box::new(|g| g.layout.swap(0, 1))),
        ("four players", Box::new(|g| g.players = 4)),
        ("one player", Box::new(|g| g.players = 1)),
        ("to_move out of range", Box::new(|g| g.to_move = 3)),
        (
            "a short stone table",
            Box::new(|g| {
                g.stones.pop();
            }),
        ),
        (
            "a short lock table",
            Box::new(|g| {
                g.locked.pop();
            }),
        ),
        (
            "a missing hand",
            Box::new(|g| {
                g.hands.pop();
            }),
        ),
        ("a lock on an empty field", Box::new(move |g| g.locked[empty] = Some(0))),
        ("a lock for nobody", Box::new(move |g| g.locked[placed] = Some(7))),
        (
            "an unlocked two-stone lead",
            Box::new(move |g| {
                g.stones[empty * 3 + 1] = 2;
                g.supply[1] -= 2;
                g.turn += 2;
            }),
        ),
        ("a fake win", Box::new(|g| g.win = Some((0, [0, 1, 2, 3])))),
        ("a win that is no line", Box::new(|g| g.win = Some((0, [0, 1, 2, 4])))),
        ("a shuffle counter reset", Box::new(|g| g.next_stream = 1)),
        ("too few moves", Box::new(|g| g.turn = 3)),
    ];
    for (what, tamper) in cases {
        let mut g = base.clone();
        tamper(&mut g);
        assert!(g.validate().is_err(), "validate accepted {what}");
        // And through JSON, as a save would arrive: refused at parsing or by validate.
        let json = serde_json::to_string(&g).unwrap();
        if let Ok(back) = serde_json::from_str::<Just4Fun>(&json) {
            assert!(back.validate().is_err(), "validate accepted {what} after JSON");
        }
    }

    // A layout of 35 numbers does not even parse.
    let mut v: serde_json::Value = serde_json::to_value(&base).unwrap();
    v["layout"].as_array_mut().unwrap().pop();
    assert!(serde_json::from_value::<Just4Fun>(v).is_err());
    // A player with no stones left who is to move.
    let g = pos("players=2; 12:B2; boxed=B18");
    let mut t = g.clone();
    t.to_move = 1;
    assert!(t.validate().is_err());
}

#[test]
fn round_counts_from_one() {
    let mut g = Just4Fun::new(3, Options::default(), 2).unwrap();
    let mut rounds = vec![g.round()];
    for _ in 0..6 {
        let mv = g.legal_moves()[0].clone();
        g.apply(&mv).unwrap();
        rounds.push(g.round());
    }
    assert_eq!(rounds, vec![1, 1, 1, 2, 2, 2, 3]);
}
