//! Unit tests: the rulebook's scoring, round counters and end conditions as worked examples built
//! with `from_position`, the table rules, the gold setup, atomic refusals, saves and `validate`.
//! Every expected number is counted by hand in the comment beside it.
//!
//! Fields are named as in the app: row letter A–I from the top, column 1–9 from the left.

use super::*;
use crate::engine::{Game, Outcome, SetupError};
use std::collections::HashSet;

fn pos(s: &str) -> Sudoku {
    match Sudoku::from_position(s) {
        Ok(g) => g,
        Err(e) => panic!("bad test position {s:?}: {e}"),
    }
}

/// Field index from its name ("E5" → row 4, column 4 → 40).
fn at(name: &str) -> usize {
    let b = name.as_bytes();
    usize::from(b[0] - b'A') * SIZE + usize::from(b[1] - b'1')
}

/// Applies `mv`, expecting the refusal `err` and an untouched state.
fn refused(g: &mut Sudoku, mv: &Move, err: RuleError) {
    let before = g.clone();
    assert_eq!(g.apply(mv), Err(err), "move {mv:?}");
    assert_eq!(*g, before, "the refused move {mv:?} changed the state");
}

fn place(g: &mut Sudoku, name: &str) -> Event {
    let mv = Move::Place { cell: at(name) };
    g.apply(&mv).unwrap_or_else(|e| panic!("{mv:?} refused: {e}"))
}

/// Gold cells and their numbers, checked independently: 1–9 once, one per row and column, and
/// one per block when `per_block`.
fn assert_gold_pattern(g: &Sudoku, per_block: bool) -> Vec<(usize, u8)> {
    let golds: Vec<(usize, u8)> =
        (0..CELLS).filter_map(|c| g.tile(c).filter(|t| t.gold).map(|t| (c, t.number))).collect();
    assert_eq!(golds.len(), 9, "{golds:?}");
    let numbers: HashSet<u8> = golds.iter().map(|&(_, n)| n).collect();
    assert_eq!(numbers, (1..=9).collect());
    let rows: HashSet<usize> = golds.iter().map(|&(c, _)| c / 9).collect();
    let cols: HashSet<usize> = golds.iter().map(|&(c, _)| c % 9).collect();
    assert_eq!((rows.len(), cols.len()), (9, 9), "{golds:?}");
    if per_block {
        let blocks: HashSet<usize> = golds.iter().map(|&(c, _)| c / 27 * 3 + c % 9 / 3).collect();
        assert_eq!(blocks.len(), 9, "{golds:?}");
    }
    for &(c, _) in &golds {
        assert_eq!(g.tile(c).unwrap().by, None, "gold tiles belong to nobody");
    }
    golds
}

// ----- the positions of the worked examples ------------------------------------------------
//
// SCORING: gold tiles A1=1 B4=2 C7=3 D2=4 E8=5 F6=6 G3=7 H9=8 I5=9 (one per row and column),
// normal tiles A5=3 B5=4 D4=7 E1=2 E6=8.
//
//        1 2 3   4 5 6   7 8 9
//     A  1*. .   . 3 .   . . .
//     B  . . .   2*4 .   . . .
//     C  . . .   . . .   3*. .
//     D  . 4*.   7 . .   . . .
//     E  2 . .   . . 8   . 5*.
//     F  . . .   . . 6*  . . .
//     G  . . 7*  . . .   . . .
//     H  . . .   . . .   . . 8*
//     I  . . .   . 9*.   . . .
const SCORING_GRID: &str =
    "1*...3..../...2*4..../......3*../.4*.7...../2....8.5*./.....6*.../..7*....../........8*/....9*....";

// STUCK: all nine 5s but one cover rows A–H, columns 1–8 and blocks 1–8 (5* gold on A1, normal
// 5s on B4 C7 D2 E5 F8 G3 H6), so the last 5 fits only on I9. Other gold tiles: B5=1 C9=2 D3=3
// E7=4 F2=6 G6=7 H8=8 I4=9.
//
//        1 2 3   4 5 6   7 8 9
//     A  5*. .   . . .   . . .
//     B  . . .   5 1*.   . . .
//     C  . . .   . . .   5 . 2*
//     D  . 5 3*  . . .   . . .
//     E  . . .   . 5 .   4*. .
//     F  . 6*.   . . .   . 5 .
//     G  . . 5   . . 7*  . . .
//     H  . . .   . . 5   . 8*.
//     I  . . .   9*. .   . . .
const STUCK_GRID: &str =
    "5*......../...51*..../......5.2*/.53*....../....5.4*../.6*.....5./..5..7*.../.....5.8*./...9*.....";
/// The same with a normal 1 on I9: the 5 has no field at all.
const STUCK_FULL_GRID: &str =
    "5*......../...51*..../......5.2*/.53*....../....5.4*../.6*.....5./..5..7*.../.....5.8*./...9*....1";

#[test]
fn field_names_and_geometry() {
    assert_eq!((at("A1"), at("E5"), at("I9"), at("C5")), (0, 40, 80, 22));
    for c in 0..CELLS {
        assert_eq!(at(&name(c)), c);
        assert_eq!(row(c) * 9 + col(c), c);
        assert_eq!(block(c), row(c) / 3 * 3 + col(c) / 3);
    }
    assert_eq!((block(at("E5")), block(at("C5")), block(at("I9")), block(at("G3"))), (4, 1, 8, 6));
}

// ----- scoring ----------------------------------------------------------------------------------

#[test]
fn standard_scoring_counts_the_block_then_row_and_column_outside_it() {
    let mut g = pos(&format!("hands=1; grid={SCORING_GRID}"));
    // E5: block 5 (D4–F6) holds D4, E6, F6* → 3; row E outside the block holds E1, E8* → 2;
    // column 5 outside the block holds A5, B5, I5* → 3. 3 + 2 + 3 = 8. E6 lies in the row and in
    // the block but counts once (as a block tile); the new tile itself is not counted (9 would).
    assert_eq!(g.points_at(at("E5")), 8);
    // C5: block 2 (A4–C6) holds A5, B4*, B5 → 3; row C outside: C7* → 1; column 5 outside: I5*
    // → 1 (E5 is still free). 3 + 1 + 1 = 5.
    assert_eq!(g.points_at(at("C5")), 5);
    // I9: block 9 holds H9* → 1; row I outside: I5* → 1; column 9 outside: nothing → 0. = 2.
    assert_eq!(g.points_at(at("I9")), 2);
    // A9: block 3 (A7–C9) holds C7* → 1; row A outside: A1*, A5 → 2; column 9 outside: H9* → 1.
    assert_eq!(g.points_at(at("A9")), 4);
    // The same counts by where they lie, as a hint names them.
    let counted = |block, row, column| Counted { block, row, column };
    assert_eq!(g.counted_at(at("E5")), counted(3, 2, 3));
    assert_eq!(g.counted_at(at("C5")), counted(3, 1, 1));
    assert_eq!(g.counted_at(at("I9")), counted(1, 1, 0));
    assert_eq!(g.counted_at(at("A9")), counted(1, 2, 1));

    let ev = place(&mut g, "E5");
    assert_eq!(ev, Event::Placed { player: 0, cell: 40, number: 1, points: 8, counters: 0 });
    assert_eq!(g.tile(40), Some(Tile { number: 1, gold: false, by: Some(0) }));
    assert_eq!((g.score(0), g.track_position(0), g.counters(0)), (8, 8, 0));
    // Now E5 counts for C5 too: column 5 outside block 2 holds E5 and I5* → 3 + 1 + 2 = 6.
    assert_eq!(g.points_at(at("C5")), 6);
}

#[test]
fn simple_scoring_counts_the_whole_row_and_column_only() {
    let mut g = pos(&format!("hands=1; grid={SCORING_GRID}; scoring=simple"));
    // E5: row E holds E1, E6, E8* → 3; column 5 holds A5, B5, I5* → 3. 3 + 3 = 6 (standard: 8,
    // because D4 and F6* lie in the block but off the row and column).
    assert_eq!(g.points_at(at("E5")), 6);
    // C5: row C holds C7* → 1; column 5 holds A5, B5, I5* → 3. = 4 (standard: 5, B4*).
    assert_eq!(g.points_at(at("C5")), 4);
    // I9: row I holds I5* → 1; column 9 holds H9* → 1. = 2 (same as standard: H9* is on the cross).
    assert_eq!(g.points_at(at("I9")), 2);
    // A9: row A holds A1*, A5 → 2; column 9 holds H9* → 1. = 3 (standard: 4, C7*).
    assert_eq!(g.points_at(at("A9")), 3);
    // No block part: the whole row and column.
    let counted = |row, column| Counted { block: 0, row, column };
    assert_eq!(
        [g.counted_at(at("E5")), g.counted_at(at("C5")), g.counted_at(at("I9")), g.counted_at(at("A9"))],
        [counted(3, 3), counted(1, 3), counted(1, 1), counted(2, 1)]
    );
    assert_eq!(place(&mut g, "E5"), Event::Placed { player: 0, cell: 40, number: 1, points: 6, counters: 0 });
    assert_eq!(g.score(0), 6);
}

/// Placing 1 on C5 of the scoring position scores 5 (see above) for player 0.
fn score_five_from(start: u32) -> (Sudoku, Event) {
    let mut g = pos(&format!("players=2; hands=1,5; scores={start},0; grid={SCORING_GRID}"));
    let ev = place(&mut g, "C5");
    (g, ev)
}

#[test]
fn passing_start_earns_a_round_counter() {
    // 38 + 5 = 43: one counter (40) and position 3.
    let (g, ev) = score_five_from(38);
    assert_eq!(ev, Event::Placed { player: 0, cell: 22, number: 1, points: 5, counters: 1 });
    assert_eq!((g.score(0), g.counters(0), g.track_position(0)), (43, 1, 3));
    assert_eq!(g.final_scores(), vec![43, 0]);
    // (points before, counters this move earns, counters in all, track position after):
    // 35 + 5 = 40 exactly: reaching start also earns the counter; the stone stands on 0.
    // 30 + 5 = 35: no counter. 78 + 5 = 83: the second counter, position 3; one new counter.
    for (start, earned, total, position) in [(35, 1, 1, 0), (30, 0, 0, 35), (78, 1, 2, 3)] {
        let (g, ev) = score_five_from(start);
        assert!(matches!(ev, Event::Placed { points: 5, counters, .. } if counters == earned), "from {start}: {ev:?}");
        assert_eq!((g.counters(0), g.track_position(0)), (total, position), "from {start}");
    }
    let (g, _) = score_five_from(78);
    assert_eq!(g.final_scores()[0], 2 * 40 + 3);
    // The other player is untouched and moves next.
    assert_eq!((g.score(1), g.counters(1), g.track_position(1)), (0, 0, 0));
    assert_eq!(g.to_move(), Some(1));
}

// ----- the end ----------------------------------------------------------------------------------

/// Player 0 lays 1 on I9 (block 9: H8* → 1; row I outside: I4* → 1; column 9 outside: C9* → 1;
/// = 3 points); then player 1's 5 has no field left.
fn stuck_after_i9(scores: &str) -> (Sudoku, Event) {
    let mut g = pos(&format!("players=2; hands=1,5; scores={scores}; grid={STUCK_GRID}"));
    assert_eq!(g.legal_fields(5), vec![at("I9")], "the 5 fits only on I9");
    assert_eq!(g.to_move(), Some(0));
    let ev = place(&mut g, "I9");
    (g, ev)
}

#[test]
fn assisted_game_ends_when_the_next_player_has_no_legal_field() {
    // 7 + 3 = 10 against 10: a shared win.
    let (mut g, ev) = stuck_after_i9("7,10");
    assert_eq!(ev, Event::Placed { player: 0, cell: 80, number: 1, points: 3, counters: 0 });
    assert_eq!(g.end(), Some(End::NoLegalField { player: 1, number: 5 }));
    assert!(g.is_over());
    assert_eq!(g.to_move(), None);
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.outcome(), Some(Outcome::Winners(vec![0, 1])));
    assert_eq!(g.final_scores(), vec![10, 10]);
    assert_eq!(g.hand(1), Some(5), "the stuck tile stays in hand to be shown");
    assert_eq!(g.validate(), Ok(()));
    refused(&mut g, &Move::Place { cell: 0 }, RuleError::GameOver);
    refused(&mut g, &Move::CannotPlace, RuleError::GameOver);
    refused(&mut g, &Move::GoldRest, RuleError::GameOver);

    // 7 + 3 = 10 against 11: player 1 wins alone; 8 + 3 = 11 against 10: player 0.
    let (g, _) = stuck_after_i9("7,11");
    assert_eq!(g.outcome(), Some(Outcome::Winners(vec![1])));
    let (g, _) = stuck_after_i9("8,10");
    assert_eq!(g.outcome(), Some(Outcome::Winners(vec![0])));

    // A position where the player to move is already stuck is over at once.
    let g = pos(&format!("players=2; hands=2,5; to_move=1; grid={STUCK_FULL_GRID}"));
    assert_eq!(g.end(), Some(End::NoLegalField { player: 1, number: 5 }));
    // Under table rules the app does not end it: the player has to claim (or misplace).
    let g = pos(&format!("players=2; hands=2,5; to_move=1; grid={STUCK_FULL_GRID}; mode=table"));
    assert_eq!((g.end(), g.to_move()), (None, Some(1)));
}

/// Scoring position with an empty supply: every normal tile not on the board or in a hand is
/// set aside. On the board: one each of 2, 3, 4, 7, 8; hands 1 and 5. So 6 and 9 have all 8
/// copies aside, every other number 7. 65 aside + 14 on the board + 2 in hand = 81.
fn last_tiles(mode: &str) -> Sudoku {
    let aside: Vec<String> =
        (1..=9u8).flat_map(|n| std::iter::repeat_n(n.to_string(), if n == 6 || n == 9 { 8 } else { 7 })).collect();
    assert_eq!(aside.len(), 65);
    let g = pos(&format!("players=2; hands=1,5; supply=; aside={}; grid={SCORING_GRID}; mode={mode}", aside.join(",")));
    assert_eq!(g.supply_len(), 0);
    g
}

#[test]
fn game_ends_when_all_tiles_are_used() {
    let mut g = last_tiles("assisted");
    // Player 0: 1 on E5 = 8 points (see the scoring example); nothing left to draw.
    assert!(matches!(place(&mut g, "E5"), Event::Placed { player: 0, points: 8, .. }));
    assert_eq!((g.hand(0), g.to_move(), g.end()), (None, Some(1), None));
    // Player 1: 5 on C5. Block 2: A5, B4*, B5 → 3; row C outside: C7* → 1; column 5 outside:
    // E5 (new), I5* → 2. = 6.
    assert_eq!(place(&mut g, "C5"), Event::Placed { player: 1, cell: 22, number: 5, points: 6, counters: 0 });
    assert_eq!(g.end(), Some(End::AllTilesUsed));
    assert_eq!(g.to_move(), None);
    assert_eq!(g.final_scores(), vec![8, 6]);
    assert_eq!(g.outcome(), Some(Outcome::Winners(vec![0])));
    assert_eq!(g.validate(), Ok(()));

    // Table rules: the last tile set aside ends the game as well. 5 on C8 repeats E8*'s 5 in
    // column 8 (C8 = 25, E8 = 43).
    let mut g = last_tiles("table");
    place(&mut g, "E5");
    assert_eq!(
        place(&mut g, "C8"),
        Event::SetAside { player: 1, number: 5, reason: SetAsideReason::Breaks { cell: 25, clash: 43 } }
    );
    assert_eq!(g.end(), Some(End::AllTilesUsed));
    assert_eq!(g.outcome(), Some(Outcome::Winners(vec![0])));
    assert_eq!(g.set_aside().len(), 66);
    assert_eq!(g.validate(), Ok(()));
}

#[test]
fn solo_game_keeps_the_one_player_moving() {
    let mut g = Sudoku::new(1, Options::default(), 3).unwrap();
    let mut moves = 0;
    while !g.is_over() {
        assert_eq!(g.to_move(), Some(0));
        let mv = g.legal_moves()[moves % 5 % g.legal_moves().len()].clone();
        g.apply(&mv).unwrap();
        moves += 1;
    }
    assert!(moves <= 72);
    assert_eq!(g.outcome(), Some(Outcome::Winners(vec![0])));
}

// ----- table rules and claims ------------------------------------------------------------------

#[test]
fn table_rules_set_an_illegal_tile_aside() {
    let mut g = pos(&format!("players=2; hands=2,1; grid={SCORING_GRID}; mode=table"));
    let before = g.clone();
    let next = *before.supply.last().unwrap();
    // 2 on E5 repeats E1's 2 in row E (E1 = 36).
    let ev = place(&mut g, "E5");
    assert_eq!(ev, Event::SetAside { player: 0, number: 2, reason: SetAsideReason::Breaks { cell: 40, clash: 36 } });
    assert_eq!(g.tile(40), None, "the field stays free");
    assert_eq!(g.board(), before.board());
    assert_eq!(g.set_aside(), &[2]);
    assert_eq!(g.score(0), 0);
    assert_eq!(g.hand(0), Some(next), "a new tile is drawn");
    assert_eq!(g.supply_len(), before.supply_len() - 1);
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(g.turn(), 1);
    assert_eq!(g.validate(), Ok(()));
}

#[test]
fn a_false_claim_costs_the_tile() {
    let mut g = pos(&format!("players=2; hands=1,5; grid={SCORING_GRID}; mode=table"));
    let before = g.clone();
    // 1 fits on B6 (row B: 2*, 4; column 6: 8, 6*; block 2: 3, 2*, 4), the first legal field:
    // row A has 1*, B1–B3 share block 1 with A1*, B4 and B5 are taken.
    let ev = g.apply(&Move::CannotPlace).unwrap();
    assert_eq!(ev, Event::SetAside { player: 0, number: 1, reason: SetAsideReason::FalseClaim { legal: 14 } });
    assert_eq!(at("B6"), 14);
    assert_eq!(g.board(), before.board());
    assert_eq!((g.set_aside(), g.score(0)), (&[1u8][..], 0));
    assert_eq!(g.hand(0), before.supply.last().copied());
    assert_eq!((g.to_move(), g.end()), (Some(1), None));
}

#[test]
fn a_correct_claim_ends_the_game() {
    let mut g = pos(&format!("players=2; hands=2,5; to_move=1; scores=4,3; grid={STUCK_FULL_GRID}; mode=table"));
    assert!(g.legal_fields(5).is_empty());
    assert!(g.legal_moves().contains(&Move::CannotPlace));
    let ev = g.apply(&Move::CannotPlace).unwrap();
    assert_eq!(ev, Event::Claimed { player: 1, number: 5 });
    assert_eq!(g.end(), Some(End::Claimed { player: 1, number: 5 }));
    assert_eq!(g.to_move(), None);
    assert_eq!(g.hand(1), Some(5));
    assert_eq!(g.outcome(), Some(Outcome::Winners(vec![0])));
    assert_eq!(g.validate(), Ok(()));
}

#[test]
fn assisted_mode_refuses_illegal_tiles_and_claims() {
    let mut g = pos(&format!("players=2; hands=2,1; grid={SCORING_GRID}"));
    refused(&mut g, &Move::Place { cell: 40 }, RuleError::Breaks { number: 2, clash: 36 });
    // 2 on B6: B4* holds 2 in row B and block 2 (B4 = 12).
    refused(&mut g, &Move::Place { cell: at("B6") }, RuleError::Breaks { number: 2, clash: 12 });
    refused(&mut g, &Move::CannotPlace, RuleError::ClaimOnlyAtTable);
    refused(&mut g, &Move::Place { cell: at("A1") }, RuleError::Occupied { cell: 0 });
    refused(&mut g, &Move::Place { cell: 81 }, RuleError::NoSuchField { cell: 81 });
    assert!(!g.legal_moves().contains(&Move::Place { cell: 40 }));
    assert!(!g.legal_moves().contains(&Move::CannotPlace));
    // The legal moves are exactly the legal fields of the held 2.
    let fields: Vec<Move> = g.legal_fields(2).into_iter().map(|cell| Move::Place { cell }).collect();
    assert_eq!(g.legal_moves(), fields);
    // 2 on C5: B4* holds 2 in block 2 (B4 = 12).
    refused(&mut g, &Move::Place { cell: at("C5") }, RuleError::Breaks { number: 2, clash: 12 });
    // 2 on I9: row I 9*, column 9 8*, block 9 8* → legal; 2 points (see the scoring example).
    assert!(matches!(place(&mut g, "I9"), Event::Placed { number: 2, points: 2, .. }));
}

// ----- gold setup -------------------------------------------------------------------------------

#[test]
fn random_gold_setup_is_a_seeded_pattern() {
    for per_block in [false, true] {
        let options = Options { gold_per_block: per_block, ..Options::default() };
        let mut layouts = HashSet::new();
        for seed in 0..2000u64 {
            let g = Sudoku::new(2, options.clone(), seed).unwrap();
            let golds = assert_gold_pattern(&g, per_block);
            assert_eq!(g.board().iter().flatten().count(), 9, "only gold tiles before play");
            assert!(!g.in_gold_setup());
            assert!(g.gold_left().is_empty());
            assert!(g.has_hidden_information());
            assert_eq!(g.supply_len(), 72 - 2);
            assert!(g.hand(0).is_some() && g.hand(1).is_some());
            assert_eq!(g.validate(), Ok(()));
            layouts.insert(golds);
        }
        // 9! patterns (6^6 with blocks) times 9! number orders: 2000 seeds never repeat one.
        assert_eq!(layouts.len(), 2000, "per_block = {per_block}");
        assert_eq!(Sudoku::new(3, options.clone(), 77).unwrap(), Sudoku::new(3, options.clone(), 77).unwrap());
    }
    // Without the option some layout puts two gold tiles in one block.
    let doubled = (0..200u64).any(|seed| {
        let g = Sudoku::new(1, Options::default(), seed).unwrap();
        let blocks: HashSet<usize> = (0..CELLS).filter(|&c| g.tile(c).is_some()).map(block).collect();
        blocks.len() < 9
    });
    assert!(doubled);
}

fn by_hand(per_block: bool, mode: Mode) -> Sudoku {
    let g = Sudoku::new(2, Options { gold_by_hand: true, gold_per_block: per_block, mode, ..Options::default() }, 7)
        .unwrap();
    assert!(g.in_gold_setup());
    assert!(!g.has_hidden_information(), "the gold setup is open");
    assert_eq!(g.gold_left(), (1..=9).collect::<Vec<u8>>());
    assert!(g.board().iter().all(Option::is_none));
    assert_eq!(g.to_move(), Some(0));
    assert_eq!(g.validate(), Ok(()));
    g
}

#[test]
fn gold_by_hand_refuses_what_breaks_the_pattern() {
    for per_block in [false, true] {
        let mut g = by_hand(per_block, Mode::Assisted);
        assert_eq!(g.apply(&Move::Gold { cell: at("A1"), number: 5 }), Ok(Event::Gold { cell: 0, number: 5 }));
        assert_eq!(g.gold_left(), vec![1, 2, 3, 4, 6, 7, 8, 9]);
        assert!(g.in_gold_setup());
        refused(&mut g, &Move::Gold { cell: at("A5"), number: 6 }, RuleError::GoldRow { other: 0 });
        refused(&mut g, &Move::Gold { cell: at("E1"), number: 6 }, RuleError::GoldColumn { other: 0 });
        refused(&mut g, &Move::Gold { cell: at("A1"), number: 6 }, RuleError::Occupied { cell: 0 });
        refused(&mut g, &Move::Gold { cell: at("E5"), number: 5 }, RuleError::GoldNotLeft { number: 5 });
        refused(&mut g, &Move::Gold { cell: at("E5"), number: 0 }, RuleError::GoldNotLeft { number: 0 });
        refused(&mut g, &Move::Gold { cell: at("E5"), number: 10 }, RuleError::GoldNotLeft { number: 10 });
        refused(&mut g, &Move::Gold { cell: 81, number: 6 }, RuleError::NoSuchField { cell: 81 });
        refused(&mut g, &Move::Place { cell: at("E5") }, RuleError::GoldSetupRunning);
        refused(&mut g, &Move::CannotPlace, RuleError::GoldSetupRunning);
        // B2 shares only the block with A1.
        let b2 = Move::Gold { cell: at("B2"), number: 6 };
        if per_block {
            refused(&mut g, &b2, RuleError::GoldBlock { other: 0 });
            assert!(!g.legal_moves().contains(&b2));
        } else {
            assert!(g.legal_moves().contains(&b2));
            g.clone().apply(&b2).unwrap();
        }
        // The legal gold moves: every free field off row A and column 1 (and block 1) × 8 numbers.
        let fields = (0..CELLS).filter(|&c| row(c) != 0 && col(c) != 0 && !(per_block && block(c) == 0)).count();
        assert_eq!(fields, if per_block { 60 } else { 64 });
        assert_eq!(g.legal_moves().len(), fields * 8 + 1);
        assert!(g.legal_moves().contains(&Move::GoldRest));

        // GoldRest lays the other eight.
        let Event::GoldRest { placed } = g.apply(&Move::GoldRest).unwrap() else { panic!("not GoldRest") };
        assert_eq!(placed.len(), 8);
        assert!(!g.in_gold_setup());
        assert!(g.has_hidden_information());
        let golds = assert_gold_pattern(&g, per_block);
        assert!(golds.contains(&(0, 5)));
        for p in &placed {
            assert!(golds.contains(p));
        }
        assert_eq!(g.validate(), Ok(()));
        refused(&mut g, &Move::Gold { cell: at("E5"), number: 1 }, RuleError::GoldSetupDone);
        refused(&mut g, &Move::GoldRest, RuleError::GoldSetupDone);
        // Play starts with player 0.
        assert_eq!(g.to_move(), Some(0));
        assert!(g.legal_moves().iter().all(|m| matches!(m, Move::Place { .. })));
    }
}

#[test]
fn gold_by_hand_can_lay_all_nine_and_table_claims_wait_for_it() {
    let mut g = by_hand(true, Mode::TableRules);
    refused(&mut g, &Move::CannotPlace, RuleError::GoldSetupRunning);
    // The pattern A1 B4 C7 D2 E5 F8 G3 H6 I9 with 9 down to 1.
    let cells = [0, 12, 24, 28, 40, 52, 56, 68, 80];
    for (k, &cell) in cells.iter().enumerate() {
        let number = 9 - u8::try_from(k).unwrap();
        assert!(g.in_gold_setup());
        assert_eq!(g.apply(&Move::Gold { cell, number }), Ok(Event::Gold { cell, number }));
    }
    assert!(!g.in_gold_setup());
    assert_gold_pattern(&g, true);
    assert!(g.legal_moves().contains(&Move::CannotPlace));
    assert_eq!(g.turn(), 9);
}

/// With one gold tile per block no dead end exists, so no extra refusal is needed: the
/// pattern splits into independent choices. Each band of three rows gives its three blocks
/// three different rows, each band of three columns gives its three blocks three different
/// columns; the gold tile of block (R, C) lies where its row and its column cross. A placement
/// with distinct rows, columns and blocks fixes some of these choices without a conflict, and
/// the rest of each band can always be filled in. Checked here: over many random orders every
/// free field that shares no row, column or block with a gold tile is accepted.
#[test]
fn gold_per_block_by_hand_never_dead_ends() {
    let mut accepted = 0;
    for seed in 0..300u64 {
        let mut g =
            Sudoku::new(1, Options { gold_by_hand: true, gold_per_block: true, ..Options::default() }, seed).unwrap();
        let mut r = rng::stream(seed, 99);
        while g.in_gold_setup() {
            let golds: Vec<usize> = (0..CELLS).filter(|&c| g.tile(c).is_some()).collect();
            let number = g.gold_left()[0];
            let mut open = Vec::new();
            for cell in 0..CELLS {
                let free = g.tile(cell).is_none()
                    && golds.iter().all(|&o| row(o) != row(cell) && col(o) != col(cell) && block(o) != block(cell));
                let mut c = g.clone();
                let result = c.apply(&Move::Gold { cell, number });
                assert_eq!(result.is_ok(), free, "seed {seed}: {golds:?} + {cell}: {result:?}");
                if free {
                    open.push(cell);
                    accepted += 1;
                }
            }
            let &cell = rand::seq::IndexedRandom::choose(open.as_slice(), &mut r).unwrap();
            g.apply(&Move::Gold { cell, number }).unwrap();
        }
        assert_gold_pattern(&g, true);
    }
    assert!(accepted > 300 * 9);
}

// ----- atomic refusals ------------------------------------------------------------------------

#[test]
fn every_refused_move_leaves_the_state_as_it_was() {
    let bad = |g: &Sudoku| {
        let mut moves = vec![
            Move::Place { cell: 81 },
            Move::Place { cell: usize::MAX },
            Move::Gold { cell: 0, number: 0 },
            Move::Gold { cell: 81, number: 1 },
            Move::Gold { cell: 40, number: 10 },
            Move::GoldRest,
            Move::CannotPlace,
        ];
        moves.extend((0..CELLS).map(|cell| Move::Place { cell }));
        moves
            .extend((0..CELLS).step_by(7).map(|cell| Move::Gold { cell, number: 1 + u8::try_from(cell % 9).unwrap() }));
        moves.retain(|m| {
            let mut c = g.clone();
            c.apply(m).is_err()
        });
        moves
    };
    let starts = [
        Sudoku::new(3, Options::default(), 1).unwrap(),
        Sudoku::new(2, Options { gold_by_hand: true, ..Options::default() }, 2).unwrap(),
        pos(&format!("players=2; hands=2,1; grid={SCORING_GRID}")),
        pos(&format!("players=2; hands=2,1; grid={SCORING_GRID}; mode=table")),
        stuck_after_i9("0,0").0,
    ];
    let mut checked = 0;
    for g in starts {
        let mut g = g;
        let before = g.clone();
        let refused_moves = bad(&g);
        assert!(refused_moves.len() > 5);
        for mv in &refused_moves {
            assert!(g.apply(mv).is_err());
            assert_eq!(g, before, "{mv:?}");
            checked += 1;
        }
    }
    assert!(checked > 200);
}

// ----- saves ----------------------------------------------------------------------------------

fn pick(g: &Sudoku, k: usize) -> Move {
    let legal = g.legal_moves();
    legal[(k * 7 + 3) % legal.len()].clone()
}

#[test]
fn a_save_continues_identically() {
    for (options, seed) in [
        (Options::default(), 5u64),
        (Options { mode: Mode::TableRules, scoring: Scoring::Simple, ..Options::default() }, 6),
        (Options { gold_by_hand: true, gold_per_block: true, ..Options::default() }, 8),
    ] {
        let mut g = Sudoku::new(3, options.clone(), seed).unwrap();
        // Two gold tiles by hand, then the save, then GoldRest: the same on both sides.
        let stop = if options.gold_by_hand { 2 } else { 20 };
        for k in 0..stop {
            g.apply(&pick(&g, k)).unwrap();
        }
        let json = serde_json::to_string(&g).unwrap();
        let mut loaded: Sudoku = serde_json::from_str(&json).unwrap();
        assert_eq!(loaded.validate(), Ok(()));
        assert_eq!(loaded, g);
        if options.gold_by_hand {
            assert!(g.in_gold_setup());
            let a = g.apply(&Move::GoldRest).unwrap();
            let b = loaded.apply(&Move::GoldRest).unwrap();
            assert_eq!(a, b);
        }
        let mut k = 100;
        while !g.is_over() {
            let mv = pick(&g, k);
            assert_eq!(g.apply(&mv), loaded.apply(&mv));
            assert_eq!(g, loaded, "move {k}");
            k += 1;
        }
        assert!(loaded.is_over());
        assert_eq!(loaded.outcome(), g.outcome());
    }
    assert_eq!(serde_json::from_str::<Options>("{}").unwrap(), Options::default());
}

#[test]
fn validate_rejects_tampered_states() {
    let mut base = Sudoku::new(2, Options::default(), 12).unwrap();
    for k in 0..10 {
        base.apply(&pick(&base, k)).unwrap();
    }
    assert_eq!(base.validate(), Ok(()));
    let gold_cell = (0..CELLS).find(|&c| base.tile(c).is_some_and(|t| t.gold)).unwrap();
    let gold_number = base.tile(gold_cell).unwrap().number;
    let normal_cell = (0..CELLS).find(|&c| base.tile(c).is_some_and(|t| !t.gold)).unwrap();
    // A free field in the gold tile's row that is not in its block.
    let free_in_row = (0..CELLS)
        .find(|&c| row(c) == row(gold_cell) && block(c) != block(gold_cell) && base.tile(c).is_none())
        .unwrap();
    let supply_index = base.supply.iter().position(|&n| n == gold_number).unwrap();
    let base_value = serde_json::to_value(&base).unwrap();

    type Tamper = Box<dyn Fn(&mut serde_json::Value)>;
    let cases: Vec<(&str, &str, Tamper)> = vec![
        (
            // A normal tile moved from the supply next to the gold tile of the same number:
            // every count still fits, only the Sudoku rule is broken.
            "a number twice in a row",
            "twice",
            Box::new(move |v| {
                v["supply"].as_array_mut().unwrap().remove(supply_index);
                v["board"][free_in_row] = serde_json::json!({ "number": gold_number, "gold": false, "by": 0 });
            }),
        ),
        ("82 tiles", "instead of", Box::new(|v| v["supply"].as_array_mut().unwrap().push(3.into()))),
        (
            "80 tiles",
            "instead of",
            Box::new(|v| {
                v["supply"].as_array_mut().unwrap().pop();
            }),
        ),
        (
            "a tile set aside from nowhere",
            "instead of",
            Box::new(|v| v["set_aside"].as_array_mut().unwrap().push(4.into())),
        ),
        ("a tile of 0 in the supply", "", Box::new(|v| v["supply"][0] = 0.into())),
        ("a tile of 10 on the board", "holds 10", Box::new(move |v| v["board"][normal_cell]["number"] = 10.into())),
        ("three hands for two players", "wrong size", Box::new(|v| v["hands"].as_array_mut().unwrap().push(1.into()))),
        (
            "one hand for two players",
            "wrong size",
            Box::new(|v| {
                v["hands"].as_array_mut().unwrap().pop();
            }),
        ),
        ("three scores", "wrong size", Box::new(|v| v["scores"].as_array_mut().unwrap().push(0.into()))),
        (
            "80 fields",
            "wrong size",
            Box::new(|v| {
                v["board"].as_array_mut().unwrap().pop();
            }),
        ),
        ("to_move out of range", "is to move", Box::new(|v| v["to_move"] = 2.into())),
        ("five players", "players", Box::new(|v| v["players"] = 5.into())),
        ("no players", "players", Box::new(|v| v["players"] = 0.into())),
        (
            "a gold tile with an owner",
            "gold tile with an owner",
            Box::new(move |v| v["board"][gold_cell]["by"] = 0.into()),
        ),
        ("a tile of player 2 of 2", "unknown player", Box::new(move |v| v["board"][normal_cell]["by"] = 2.into())),
        (
            "a normal tile of nobody",
            "unknown player",
            Box::new(move |v| v["board"][normal_cell]["by"] = serde_json::Value::Null),
        ),
        (
            "a normal tile turned gold",
            "",
            Box::new(move |v| {
                v["board"][normal_cell]["gold"] = true.into();
                v["board"][normal_cell]["by"] = serde_json::Value::Null;
            }),
        ),
        (
            "an empty hand while the supply has tiles",
            "holds no tile",
            Box::new(|v| {
                let t = v["hands"][1].take();
                v["set_aside"].as_array_mut().unwrap().push(t);
            }),
        ),
        ("all tiles used with tiles in hand", "tiles still in hand", Box::new(|v| v["end"] = "AllTilesUsed".into())),
        (
            "stuck although a field is free",
            "does not match",
            Box::new(|v| {
                let number = v["hands"][0].clone();
                v["end"] = serde_json::json!({ "NoLegalField": { "player": 0, "number": number } });
            }),
        ),
        (
            "a claim in assisted mode",
            "does not match",
            Box::new(|v| {
                let number = v["hands"][0].clone();
                v["end"] = serde_json::json!({ "Claimed": { "player": 0, "number": number } });
            }),
        ),
        ("a score no board allows", "beyond", Box::new(|v| v["scores"][0] = 100_000.into())),
        (
            "a gold tile moved into another gold tile's row",
            "",
            Box::new(move |v| {
                let t = v["board"][gold_cell].take();
                // One row further down, same column: the row of another gold tile.
                let target = (gold_cell + 9) % CELLS;
                v["board"][target] = t;
            }),
        ),
    ];
    for (what, message, tamper) in cases {
        let mut v = base_value.clone();
        tamper(&mut v);
        match serde_json::from_value::<Sudoku>(v) {
            Ok(g) => match g.validate() {
                Ok(()) => panic!("validate accepted {what}"),
                Err(e) => assert!(e.contains(message), "{what}: {e}"),
            },
            Err(e) => panic!("{what} does not even parse: {e}"),
        }
    }

    // During a gold setup by hand: no gold tiles missing without the option, no normal tile yet.
    let mut setup = by_hand(false, Mode::Assisted);
    setup.apply(&Move::Gold { cell: 0, number: 1 }).unwrap();
    let v = serde_json::to_value(&setup).unwrap();
    let mut t = v.clone();
    t["options"]["gold_by_hand"] = false.into();
    let e = serde_json::from_value::<Sudoku>(t).unwrap().validate().unwrap_err();
    assert!(e.contains("gold tiles missing"), "{e}");
    let mut t = v.clone();
    let number = t["hands"][0].take();
    t["hands"][0] = t["supply"].as_array_mut().unwrap().pop().unwrap();
    t["board"][80] = serde_json::json!({ "number": number, "gold": false, "by": 0 });
    let e = serde_json::from_value::<Sudoku>(t).unwrap().validate().unwrap_err();
    assert!(e.contains("before the gold setup ended"), "{e}");
}

#[test]
fn player_counts_outside_one_to_four_are_refused() {
    for players in [0, 5, 6] {
        assert_eq!(
            Sudoku::new(players, Options::default(), 0),
            Err(SetupError::PlayerCount { min: 1, max: 4, got: players })
        );
    }
    for players in 1..=4 {
        let g = Sudoku::new(players, Options::default(), 0).unwrap();
        assert_eq!(g.player_count(), players);
        assert_eq!(g.supply_len(), 72 - players);
        assert!((0..players).all(|p| g.hand(p).is_some() && g.score(p) == 0));
        assert_eq!((g.to_move(), g.turn(), g.end()), (Some(0), 0, None));
    }
}

#[test]
fn positions_that_cannot_happen_are_refused() {
    // Two 3s in row A.
    assert!(Sudoku::from_position(
        "grid=1*..3..3../.2*......./..3*....../...4*...../....5*..../.....6*.../......7*../.......8*./........9*"
    )
    .is_err());
    // No gold tiles without the by-hand option.
    assert!(Sudoku::from_position("players=2").is_err());
    // Nine copies of a normal 1 (board 1 + hands 8 > 8).
    assert!(Sudoku::from_position(&format!("players=2; hands=1,1; supply=1,1,1,1,1,1,1; grid={SCORING_GRID}")).is_err());
    assert!(Sudoku::from_position(&format!("players=2; hands=1; grid={SCORING_GRID}")).is_err());
    assert!(Sudoku::from_position(&format!("players=2; to_move=2; grid={SCORING_GRID}")).is_err());
    // The documented defaults: one player, drawn hand, assisted, standard.
    let g = pos(&format!("grid={SCORING_GRID}"));
    assert_eq!((g.player_count(), g.options(), g.supply_len()), (1, &Options::default(), 81 - 14 - 1));
}
