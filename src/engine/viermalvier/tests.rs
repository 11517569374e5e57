//! Unit tests: the stone set, the placement geometry, the colour rule, faces and mirrored views,
//! every kind of four-row with the rulebook's winner, three-runs and the blocked end, the
//! rulebook's Profi example (Abb. 6 / Abb. 10), match scoring, saves and `validate`. Positions are
//! built with `from_position`; every expected value is worked out by hand in the comment beside it.
//!
//! Colours are digits: R(ed) = 0, O(range) = 1, Y(ellow) = 2, G(reen) = 3. A stone token like `0UW`
//! is colour 0 with U toward side 0 and W toward side 1 (here the stone W/U turned round). The
//! set (CLARIFICATIONS §3), as unordered pairs per colour, which is all the hand-work below needs:
//!
//! ```text
//! colour 0: TT UV VW WU     colour 1: UU TW WV VT
//! colour 2: VV TU UW WT     colour 3: WW TV VU UT
//! ```
//!
//! Cells are (column, row) in side-0 coordinates, column 0 at side 0's left, row 0 at the bottom.

use super::*;
use crate::engine::{Game, Outcome, SetupError};
use std::collections::HashSet;

fn pos(s: &str) -> VierMalVier {
    match VierMalVier::from_position(s) {
        Ok(g) => g,
        Err(e) => panic!("bad test position {s:?}: {e}"),
    }
}

fn shape(ch: char) -> u8 {
    match ch {
        'T' => 0,
        'U' => 1,
        'V' => 2,
        'W' => 3,
        _ => panic!("no shape {ch}"),
    }
}

/// `0UW` → (stone id, front): the stone of colour 0 with faces {U, W}, turned so that U looks at
/// side 0.
fn stone_of(token: &str) -> (u8, u8) {
    let b: Vec<char> = token.chars().collect();
    let color = b[0].to_digit(10).unwrap() as u8;
    let (a, c) = (shape(b[1]), shape(b[2]));
    for (id, s) in STONES.iter().enumerate() {
        if s.color == color && s.faces == [a, c] {
            return (id as u8, 0);
        }
        if s.color == color && s.faces == [c, a] {
            return (id as u8, 1);
        }
    }
    panic!("no stone {token}")
}

/// The `Move::Place` that lays `token` (shapes as seen from side 0 / side 1) on `spot` for the
/// player to move: the face toward the mover is the side-0 face for player 0, the other one for
/// player 1.
fn place_move(g: &VierMalVier, token: &str, spot: Spot) -> Move {
    let (stone, front) = stone_of(token);
    let face = if g.to_move() == Some(0) { front } else { 1 - front };
    Move::Place { stone, face, spot }
}

fn lay(g: &mut VierMalVier, token: &str, spot: Spot) -> Event {
    let mv = place_move(g, token, spot);
    g.apply(&mv).unwrap_or_else(|e| panic!("{token} on {spot:?} refused: {e}"))
}

/// Applies `mv`, expecting the refusal `err` and an untouched state.
fn refused(g: &mut VierMalVier, mv: &Move, err: RuleError) {
    let before = g.clone();
    assert_eq!(g.apply(mv), Err(err), "move {mv:?}");
    assert_eq!(*g, before, "the refused move {mv:?} changed the state");
}

/// Lays `token` on `spot`, expecting the refusal `err` and an untouched state.
fn refused_lay(g: &mut VierMalVier, token: &str, spot: Spot, err: RuleError) {
    let mv = place_move(g, token, spot);
    refused(g, &mv, err);
}

/// Shapes toward `side` of the cells, in the order given.
fn shapes(g: &VierMalVier, side: Side, cells: &[(usize, usize)]) -> Vec<u8> {
    cells.iter().map(|&(c, r)| g.at(c, r).unwrap().shape_toward(side)).collect()
}

const ROW0: Line = [(0, 0), (1, 0), (2, 0), (3, 0)];
const COL0: Line = [(0, 0), (0, 1), (0, 2), (0, 3)];
const MAIN_DIAG: Line = [(0, 0), (1, 1), (2, 2), (3, 3)];
const ANTI_DIAG: Line = [(0, 3), (1, 2), (2, 1), (3, 0)];

// ----- the stone set -------------------------------------------------------------------------

#[test]
fn the_stone_set_is_the_one_of_the_clarifications() {
    // CLARIFICATIONS §3, as (face 1, face 2) per colour.
    let listed =
        [["TT", "UV", "VW", "WU"], ["UU", "TW", "WV", "VT"], ["VV", "TU", "UW", "WT"], ["WW", "TV", "VU", "UT"]];
    let expected: Vec<Stone> = listed
        .iter()
        .enumerate()
        .flat_map(|(color, four)| {
            four.iter().map(move |p| {
                let b: Vec<char> = p.chars().collect();
                Stone { color: color as u8, faces: [shape(b[0]), shape(b[1])] }
            })
        })
        .collect();
    assert_eq!(STONES.to_vec(), expected);

    // 16 different stones, 4 of each colour.
    let unique: HashSet<(u8, [u8; 2])> = STONES.iter().map(|s| (s.color, s.faces)).collect();
    assert_eq!(unique.len(), 16);
    for color in 0..4 {
        assert_eq!(STONES.iter().filter(|s| s.color == color).count(), 4, "colour {color}");
    }
    // Every ordered pair of shapes exactly once: 16 stones, 16 pairs, so no pair twice.
    let pairs: HashSet<[u8; 2]> = STONES.iter().map(|s| s.faces).collect();
    assert_eq!(pairs.len(), 16);
    assert!((0..4).all(|a| (0..4).all(|b| pairs.contains(&[a, b]))));
    // Every colour shows each shape once on face 1 and once on face 2.
    for color in 0..4 {
        for face in 0..2 {
            let mut seen: Vec<u8> = STONES.iter().filter(|s| s.color == color).map(|s| s.faces[face]).collect();
            seen.sort_unstable();
            assert_eq!(seen, vec![0, 1, 2, 3], "colour {color}, face {face}");
        }
    }
    assert_eq!(SHAPES, ['T', 'U', 'V', 'W']);
    // The helper agrees: 0UV is stone 1 as it lies, 0UW is stone 3 (W/U) turned.
    assert_eq!((stone_of("0UV"), stone_of("0UW"), stone_of("3TV")), ((1, 0), (3, 1), (13, 0)));
}

#[test]
fn only_two_players_and_one_to_twenty_games() {
    for players in [0, 1, 3, 4] {
        assert_eq!(
            VierMalVier::new(players, Options::default(), 0),
            Err(SetupError::PlayerCount { min: 2, max: 2, got: players })
        );
    }
    for games in [0, 21] {
        let options = Options { games, ..Options::default() };
        assert!(matches!(VierMalVier::new(2, options, 0), Err(SetupError::Invalid(_))), "{games} games");
    }
    for games in [1, 3, 20] {
        let g = VierMalVier::new(2, Options { games, ..Options::default() }, 5).unwrap();
        assert_eq!((g.player_count(), g.to_move(), g.width(), g.turn()), (2, Some(0), 0, 0));
        assert_eq!((g.remaining().len(), g.outcome(), g.seed()), (16, None, 5));
        assert_eq!(g.validate(), Ok(()));
    }
}

// ----- placement geometry -----------------------------------------------------------------------

#[test]
fn first_stone_anywhere_then_the_bottom_row_grows_gap_free_at_both_ends() {
    let mut g = VierMalVier::new(2, Options::default(), 0).unwrap();
    // The first stone: 16 stones × 2 faces, listed once (as Right; Left is the same spot).
    let legal = g.legal_moves();
    assert_eq!(legal.len(), 32);
    assert!(legal.iter().all(|m| matches!(m, Move::Place { spot: Spot::Right, .. })));
    assert_eq!((g.landing(Spot::Left), g.landing(Spot::Right)), (Ok((0, 0)), Ok((0, 0))));
    assert_eq!(g.landing(Spot::On(0)), Err(RuleError::NoRoom));
    refused(&mut g, &Move::Place { stone: 0, face: 0, spot: Spot::On(0) }, RuleError::NoRoom);
    // Left works for the first stone as well.
    let mut left = g.clone();
    assert!(matches!(lay(&mut left, "0TT", Spot::Left), Event::Placed { at: (0, 0), width: 1, .. }));

    // R at (0,0); O to the right → (1,0).
    assert_eq!(
        lay(&mut g, "0TT", Spot::Right),
        Event::Placed { player: 0, stone: 0, front: 0, spot: Spot::Right, at: (0, 0), width: 1 }
    );
    assert_eq!(g.landing(Spot::Right), Ok((1, 0)));
    assert!(matches!(lay(&mut g, "1UU", Spot::Right), Event::Placed { player: 1, at: (1, 0), width: 2, .. }));
    // Y on the left opens a new column 0: R and O move to columns 1 and 2.
    assert_eq!(g.landing(Spot::Left), Ok((0, 0)));
    assert!(matches!(lay(&mut g, "2VV", Spot::Left), Event::Placed { player: 0, at: (0, 0), width: 3, .. }));
    assert_eq!(g.at(0, 0).map(|p| p.stone), Some(8));
    assert_eq!(g.at(1, 0).map(|p| p.stone), Some(0));
    assert_eq!(g.at(2, 0).map(|p| p.stone), Some(4));
    assert_eq!(g.width(), 3);
    // A stone on column 1 now lands on R (stone 0), which stood in column 0 before.
    assert_eq!(g.landing(Spot::On(1)), Ok((1, 1)));
    // G on the left again: 4 wide, everything shifts once more. (G T/V with T toward side 0:
    // the row reads T V T U on side 0 and V V T U on side 1, no four-row; G W/W would have made
    // W V T U – four different on both sides.)
    assert!(matches!(lay(&mut g, "3TV", Spot::Left), Event::Placed { player: 1, at: (0, 0), width: 4, .. }));
    let bottom: Vec<u8> = (0..4).map(|c| g.at(c, 0).unwrap().stone).collect();
    assert_eq!(bottom, vec![13, 8, 0, 4]);
    assert_eq!(g.end(), None);
    assert_eq!((g.stones_placed(), g.remaining().len()), (4, 12));

    // At most 4 wide: no more bottom stones at either end, whatever the colour.
    assert_eq!((g.landing(Spot::Left), g.landing(Spot::Right)), (Err(RuleError::NoRoom), Err(RuleError::NoRoom)));
    refused_lay(&mut g, "0UV", Spot::Left, RuleError::NoRoom);
    refused_lay(&mut g, "1TW", Spot::Right, RuleError::NoRoom);
    assert!(g.legal_moves().iter().all(|m| matches!(m, Move::Place { spot: Spot::On(_), .. })));
    assert_eq!(g.to_move(), Some(0));
}

#[test]
fn stones_stack_only_on_top_of_a_column_and_at_most_four_high() {
    // Column 0: R, O, Y bottom to top; column 1: G. Shapes chosen so that no line is complete.
    let mut g = pos("wall=0TT,1UU,2TU/3WW");
    assert_eq!(g.to_move(), Some(0));
    // On(c) always lands on the top of column c (support from below): (0,3) and (1,1).
    assert_eq!((g.landing(Spot::On(0)), g.landing(Spot::On(1))), (Ok((0, 3)), Ok((1, 1))));
    assert_eq!((g.landing(Spot::On(2)), g.landing(Spot::On(9))), (Err(RuleError::NoRoom), Err(RuleError::NoRoom)));
    refused_lay(&mut g, "0UV", Spot::On(2), RuleError::NoRoom);
    // G (colour 3) fits only on column 0: R, O, Y are in that column and row 3 is empty; the
    // bottom row and column 1 hold G already. Upper rows may have gaps: (0,3) gets a stone while
    // (1,1) to (1,3) are empty.
    assert_eq!(g.spots_for(13), vec![Spot::On(0)]);
    // The fourth stone: 3TV, side 0 shows T U T T (not four same, not four different), side 1
    // T U U V.
    assert!(matches!(lay(&mut g, "3TV", Spot::On(0)), Event::Placed { at: (0, 3), width: 2, .. }));
    assert_eq!(g.wall()[0].len(), 4);
    assert_eq!(g.end(), None);
    assert_eq!(g.landing(Spot::On(0)), Err(RuleError::NoRoom));
    refused_lay(&mut g, "0UV", Spot::On(0), RuleError::NoRoom);
    // R on G at (1,1): row 1 holds only O (0,1), column 1 only G.
    assert!(matches!(lay(&mut g, "0UV", Spot::On(1)), Event::Placed { player: 1, at: (1, 1), .. }));
    assert_eq!(g.view_of(0)[1], vec![Some(3), Some(1), None, None]);
}

// ----- the colour rule --------------------------------------------------------------------------

#[test]
fn the_colour_rule_refuses_a_colour_twice_in_a_row_or_column() {
    // Bottom row R O Y (columns 0–2), O on R at (0,1).
    let mut g = pos("wall=0TT,1TW/1UU/2TU");
    let who = g.to_move();
    assert_eq!(who, Some(0));
    // Another R at the right end: R is at (0,0) in the bottom row.
    refused_lay(&mut g, "0UV", Spot::Right, RuleError::Colour { color: 0, in_row: true, at: (0, 0) });
    // At the left end the new stone becomes column 0, so the R it clashes with would stand in
    // column 1 (coordinates as after the move, like `landing`).
    refused_lay(&mut g, "0UV", Spot::Left, RuleError::Colour { color: 0, in_row: true, at: (1, 0) });
    refused_lay(&mut g, "2UW", Spot::Left, RuleError::Colour { color: 2, in_row: true, at: (3, 0) });
    // On column 0 (R, O): R and O are in the column; the column is named with the row it is in.
    refused_lay(&mut g, "0UV", Spot::On(0), RuleError::Colour { color: 0, in_row: false, at: (0, 0) });
    refused_lay(&mut g, "1WV", Spot::On(0), RuleError::Colour { color: 1, in_row: false, at: (0, 1) });
    // On column 1 (O) the stone lands in row 1, which holds O at (0,1) – and column 1 holds O at
    // (1,0) as well; the row is reported.
    refused_lay(&mut g, "1WV", Spot::On(1), RuleError::Colour { color: 1, in_row: true, at: (0, 1) });
    // Y on column 2, which holds Y.
    refused_lay(&mut g, "2UW", Spot::On(2), RuleError::Colour { color: 2, in_row: false, at: (2, 0) });
    assert_eq!(g.to_move(), who, "a refused stone leaves the same player to move");
    assert_eq!(g.turn(), 4, "from_position counts one move per stone");

    // What is left: G fits every spot; Y fits column 0 and column 1 only; R fits column 1 and
    // column 2 (rows hold O at (0,1) only); O nowhere (bottom row and column 1 hold it, row 1 too).
    assert_eq!(g.spots_for(12), vec![Spot::Right, Spot::Left, Spot::On(0), Spot::On(1), Spot::On(2)]);
    assert_eq!(g.spots_for(10), vec![Spot::On(0), Spot::On(1)]);
    assert_eq!(g.spots_for(1), vec![Spot::On(1), Spot::On(2)]);
    assert_eq!(g.spots_for(6), Vec::<Spot>::new());
    let ev = lay(&mut g, "2UW", Spot::On(1));
    // Y on column 1: row 1 holds only O, column 1 only O.
    assert!(matches!(ev, Event::Placed { player: 0, at: (1, 1), .. }), "{ev:?}");
}

// ----- faces and views --------------------------------------------------------------------------

#[test]
fn the_chosen_face_looks_at_the_mover_and_side_one_sees_the_mirror() {
    let mut g = VierMalVier::new(2, Options::default(), 0).unwrap();
    // Player 0 takes stone 1 (U/V) and turns face 0 (U) toward themselves = side 0.
    let ev = g.apply(&Move::Place { stone: 1, face: 0, spot: Spot::Right }).unwrap();
    assert_eq!(ev, Event::Placed { player: 0, stone: 1, front: 0, spot: Spot::Right, at: (0, 0), width: 1 });
    assert_eq!(g.at(0, 0), Some(Placed { stone: 1, front: 0 }));
    assert_eq!((g.at(0, 0).unwrap().shape_toward(0), g.at(0, 0).unwrap().shape_toward(1)), (1, 2));
    // Player 1 takes stone 5 (T/W) and turns face 0 (T) toward themselves = side 1: the stored
    // front (the face toward side 0) is face 1, W.
    let ev = g.apply(&Move::Place { stone: 5, face: 0, spot: Spot::Right }).unwrap();
    assert_eq!(ev, Event::Placed { player: 1, stone: 5, front: 1, spot: Spot::Right, at: (1, 0), width: 2 });
    let p = g.at(1, 0).unwrap();
    assert_eq!((p.front, p.shape_toward(1), p.shape_toward(0), p.color()), (1, 0, 3, 1));
    // Player 0 again, face 1 of stone 10 (U/W): W toward side 0, U toward side 1, on column 0.
    g.apply(&Move::Place { stone: 10, face: 1, spot: Spot::On(0) }).unwrap();
    assert_eq!(g.at(0, 1), Some(Placed { stone: 10, front: 1 }));

    // Side 0 sees columns left to right: column 0 = U, W; column 1 = W.
    let t = Some(0);
    let (u, v, w) = (Some(1), Some(2), Some(3));
    assert_eq!(g.view_of(0), vec![vec![u, w, None, None], vec![w, None, None, None]]);
    // Side 1 stands on the other side: its left column is side 0's right one, and it sees the
    // other faces: column 1 → T; column 0 → V (stone 1), U (stone 10).
    assert_eq!(g.view_of(1), vec![vec![t, None, None, None], vec![v, u, None, None]]);
}

// ----- four-rows --------------------------------------------------------------------------------

/// Lays the last stone and checks the immediate end: `winner` by the rulebook, the listed lines,
/// nobody to move, legal moves gone, further moves refused.
fn four_row(position: &str, token: &str, spot: Spot, winner: PlayerIdx, lines: &[(Side, Line)]) -> VierMalVier {
    let mut g = pos(position);
    assert_eq!(g.end(), None, "{position}: already over");
    assert!(g.four_rows(0).is_empty() && g.four_rows(1).is_empty());
    let mover = g.to_move().unwrap();
    lay(&mut g, token, spot);
    let mut expected = lines.to_vec();
    expected.sort_unstable();
    match g.end() {
        Some(GameEnd::FourRow { winner: w, mover: m, lines: got }) => {
            let mut got = got.clone();
            got.sort_unstable();
            assert_eq!((*w, *m, got), (winner, mover, expected), "{position} + {token}");
        }
        other => panic!("{position} + {token}: {other:?}"),
    }
    assert_eq!(g.to_move(), None);
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.outcome(), Some(Outcome::Winners(vec![winner])));
    assert!(g.match_over());
    assert_eq!(g.validate(), Ok(()));
    assert!(!g.has_hidden_information(), "a finished game shows both sides");
    let mv = Move::Place { stone: g.remaining()[0], face: 0, spot: Spot::On(0) };
    refused(&mut g, &mv, RuleError::GameOver);
    refused(&mut g, &Move::NextGame, RuleError::GameOver);
    g
}

#[test]
fn four_same_shapes_in_the_bottom_row() {
    // Side 0: T T T + T (3TV with T toward side 0) = four T. Side 1: T W W + V – neither four same
    // nor four different.
    // Player 0 lays it: only the mover's side has a four-row → player 0 wins.
    let g = four_row("wall=0TT/1TW/2TW;to_move=0", "3TV", Spot::Right, 0, &[(0, ROW0)]);
    assert_eq!(shapes(&g, 0, &ROW0), vec![0, 0, 0, 0]);
    assert_eq!(shapes(&g, 1, &ROW0), vec![0, 3, 3, 2]);
    // Player 1 lays the same stone the same way round (V toward themselves): the four T are on
    // the opponent's side → player 0 wins although player 1 moved.
    four_row("wall=0TT/1TW/2TW;to_move=1", "3TV", Spot::Right, 0, &[(0, ROW0)]);
}

#[test]
fn four_rows_on_both_sides_in_one_move_go_to_the_opponent() {
    // Side 0: T T T T; side 1: T W U V – four different. Player 0 completes both → player 1 wins.
    let g = four_row("wall=0TT/1TW/2TU;to_move=0", "3TV", Spot::Right, 1, &[(0, ROW0), (1, ROW0)]);
    assert_eq!(shapes(&g, 1, &ROW0), vec![0, 3, 1, 2]);
    // And the same when player 1 completes them: player 0 wins.
    four_row("wall=0TT/1TW/2TU;to_move=1", "3TV", Spot::Right, 0, &[(0, ROW0), (1, ROW0)]);
}

#[test]
fn four_different_shapes_in_a_row_laid_at_the_left_end() {
    // O Y G are columns 0–2: side 0 T W V. R with U toward side 0 goes to the left end, so the
    // row reads U T W V – four different. Side 1: W W T U. Player 1 (3 stones laid) moves, the
    // row is on side 0 → player 0 wins.
    let g = four_row("wall=1TW/2WT/3VU", "0UW", Spot::Left, 0, &[(0, ROW0)]);
    assert_eq!(shapes(&g, 0, &ROW0), vec![1, 0, 3, 2]);
}

#[test]
fn four_different_and_four_same_in_a_column() {
    // Column 0: R U/W, O T/W, Y W/T and G V/U on top: side 0 U T W V (different), side 1 W W T U.
    // Player 1 lays it, the four-row is on side 0 → player 0 wins.
    four_row("wall=0UW,1TW,2WT", "3VU", Spot::On(0), 0, &[(0, COL0)]);
    // Column 0: side 1 sees V V V + V (3TV with V toward side 1); side 0 W W V T. Player 1 moves
    // and the four V are on their own side → player 1 wins.
    let g = four_row("wall=0WV,1WV,2VV", "3TV", Spot::On(0), 1, &[(1, COL0)]);
    assert_eq!(g.view_of(1)[0], vec![Some(2); 4]);
    // Four same in a line are two three-runs (rows 0–2 and 1–3); side 0 has none.
    assert_eq!((g.three_runs(0), g.three_runs(1)), (0, 2));
    assert_eq!((g.same_four_rows(0), g.same_four_rows(1)), (0, 1));
}

/// Columns of heights 1, 2, 3, 3 (colours as a cyclic Latin square):
/// ```text
/// row 2:  .    .    0UW  1TW
/// row 1:  .    2UW  3TV  0TT
/// row 0:  0UV  1UU  2VV  3WW
/// ```
/// Full lines: the bottom row (side 0 U U V W, side 1 V U V W). With Y U/T on (3,3): the main
/// diagonal shows U U U U on side 0 (V W W T on side 1), column 3 shows W T T U / W T W T.
const MAIN_DIAG_POSITION: &str = "wall=0UV/1UU,2UW/2VV,3TV,0UW/3WW,0TT,1TW";

/// The mirror image of the main-diagonal position with other stones on the anti-diagonal:
/// ```text
/// row 2:  1TW  0VW  .    .
/// row 1:  0UV  3WW  2UW  .
/// row 0:  3TV  2VV  1UU  0TT
/// ```
/// With Y W/T on (0,3) the anti-diagonal (0,3) (1,2) (2,1) (3,0) shows W V U T on side 0 (four
/// different) and T W W T on side 1; column 0 T U T W / V V W T; bottom row T V U T / V V U T.
const ANTI_DIAG_POSITION: &str = "wall=3TV,0UV,1TW/2VV,3WW,0VW/1UU,2UW/0TT";

#[test]
fn four_rows_on_both_diagonals() {
    // Player 1 (9 stones laid) completes the main diagonal on side 0 → player 0 wins.
    let g = four_row(MAIN_DIAG_POSITION, "2UT", Spot::On(3), 0, &[(0, MAIN_DIAG)]);
    assert_eq!(shapes(&g, 0, &MAIN_DIAG), vec![1; 4]);
    // Player 0 completes the anti-diagonal on their own side → player 0 wins.
    let g = four_row(&format!("{ANTI_DIAG_POSITION};to_move=0"), "2WT", Spot::On(0), 0, &[(0, ANTI_DIAG)]);
    assert_eq!(shapes(&g, 0, &ANTI_DIAG), vec![3, 2, 1, 0]);
    // Turned the other way round (T toward side 0) the anti-diagonal reads T V U T: no four-row,
    // the game goes on.
    let mut g = pos(&format!("{ANTI_DIAG_POSITION};to_move=0"));
    lay(&mut g, "2TW", Spot::On(0));
    assert_eq!((g.end(), g.to_move()), (None, Some(1)));
}

/// Three columns of three:
/// ```text
/// row 2:  3VT  2TU  1TV
/// row 1:  1TW  3VU  0UV
/// row 0:  0VW  1VW  2VV
/// ```
/// Side 0:           Side 1 (same cells, drawn from side 0):
/// ```text
/// V T T             T U V
/// T V U             W U V
/// V V V             W W V
/// ```
const THREE_WIDE: &str = "wall=0VW,1TW,3VT/1VW,3VU,2TU/2VV,0UV,1TV";

#[test]
fn a_three_wide_wall_has_four_rows_only_in_columns() {
    let g = pos(&format!("{THREE_WIDE};to_move=0"));
    // Three V in the bottom row and on a diagonal are no four-row: lines of four need 4 columns.
    assert_eq!((g.end(), g.four_rows(0), g.four_rows(1)), (None, vec![], vec![]));
    // G W/W on column 2: side 0 reads V U T W there (four different), side 1 V V V W.
    let col2: Line = [(2, 0), (2, 1), (2, 2), (2, 3)];
    four_row(&format!("{THREE_WIDE};to_move=0"), "3WW", Spot::On(2), 0, &[(0, col2)]);
}

// ----- three-runs and the blocked end -----------------------------------------------------------

#[test]
fn three_runs_are_counted_in_rows_columns_and_diagonals() {
    let g = pos(THREE_WIDE);
    // Windows of three on a 3 × 3 block: 3 rows, 3 columns, 1 diagonal each way.
    // Side 0: row 0 V V V ✓, row 1 T V U, row 2 V T T, column 0 V T V, column 1 V V T, column 2
    // V U T, diagonal (0,0)–(2,2) V V T, diagonal (0,2)–(2,0) V V V ✓ → 2.
    // Side 1: row 0 W W V, row 1 W U V, row 2 T U V, column 0 W W T, column 1 W U U, column 2
    // V V V ✓, diagonals W U V and T U V → 1.
    assert_eq!((g.three_runs(0), g.three_runs(1)), (2, 1));
    // The other diagonal direction: see the blocked position below ((1,0) (2,1) (3,2) on side 1).
    assert_eq!((g.same_four_rows(0), g.same_four_rows(1)), (0, 0));
    // An empty wall has none.
    let empty = VierMalVier::new(2, Options::default(), 0).unwrap();
    assert_eq!((empty.three_runs(0), empty.three_runs(1)), (0, 0));
}

/// Twelve stones, colours
/// ```text
/// row 3:  G  .  O  .
/// row 2:  O  .  R  Y
/// row 1:  Y  .  G  R
/// row 0:  R  O  Y  G
/// ```
/// before the last O on (2,3). Afterwards nothing fits: the wall is 4 wide, columns 0 and 2 are
/// full, (1,1) would need a colour outside row 1 {Y, G, R} and column 1 {O}, (3,3) one outside
/// row 3 {G, O} and column 3 {G, R, Y}. Before it, O fits (2,3) (and (3,3)), so the game runs.
///
/// Windows of three that are filled at the end: row 0 columns 0–2 and 1–3; column 0 rows 0–2 and
/// 1–3; column 2 the same two; column 3 rows 0–2; the diagonal (1,0) (2,1) (3,2). Nothing else
/// (every other window touches column 1 above row 0 or (3,3)).
const BLOCKED_WINNER: &str = "wall=0TT,2TW,1TV,3VT/1TW/2TU,3WW,0VW/3UT,0UV,2UW";
/// The same with R W/U on (3,1) instead of R U/V.
const BLOCKED_DRAW: &str = "wall=0TT,2TW,1TV,3VT/1TW/2TU,3WW,0VW/3UT,0WU,2UW";

#[test]
fn a_blocked_wall_ends_the_game_and_three_runs_decide() {
    let mut g = pos(BLOCKED_WINNER);
    assert_eq!((g.end(), g.to_move(), g.remaining().len()), (None, Some(1), 5));
    assert!(g.spots_for(6).contains(&Spot::On(2)));
    // O W/V on (2,3), W toward side 0.
    let ev = lay(&mut g, "1WV", Spot::On(2));
    assert!(matches!(ev, Event::Placed { player: 1, at: (2, 3), width: 4, .. }), "{ev:?}");
    // Side 0 grid                 Side 1 grid
    //   V . W .                     T . V .
    //   T . V U                     V . W W
    //   T . W U                     W . W V
    //   T T T U                     T W U T
    // Side 0: row 0 T T T ✓ / T T U; column 0 T T T ✓ / T T V; column 2 T W V / W V W; column 3
    // U U U ✓; diagonal T W U → 3.
    // Side 1: row 0 T W U / W U T; column 0 T W V / W V T; column 2 U W W / W W V; column 3
    // T V W; diagonal W W W ✓ → 1.
    // No full line is a four-row: row 0 T T T U / T W U T, column 0 T T T V / T W V T, column 2
    // T W V W / U W W V.
    assert_eq!(g.end(), Some(&GameEnd::Blocked { points: [3, 1] }));
    assert_eq!((g.three_runs(0), g.three_runs(1)), (3, 1));
    assert_eq!((g.to_move(), g.outcome()), (None, Some(Outcome::Winners(vec![0]))));
    assert_eq!(g.remaining(), vec![3, 4, 8, 14], "one stone of each colour is left over");
    assert!(g.remaining().iter().all(|&s| g.spots_for(s).is_empty()));
    assert_eq!(g.records()[0].points, [3, 1]);
    assert_eq!(g.records()[0].stones, 12);
    assert_eq!(g.validate(), Ok(()));

    // The draw: R W/U on (3,1) ends column 3's run on side 0 (U W U), and O turned round (V toward
    // side 0) completes W W W in column 2 (rows 1–3) on side 1.
    // Side 0: row 0 ✓, column 0 ✓, column 2 T W V / W V V, column 3 U W U → 2.
    // Side 1: column 2 U W W / W W W ✓, column 3 T U W, diagonal W W W ✓ → 2. Column 2 reads
    // T W V V / U W W W: no four-row.
    let mut g = pos(BLOCKED_DRAW);
    lay(&mut g, "1VW", Spot::On(2));
    assert_eq!(g.end(), Some(&GameEnd::Blocked { points: [2, 2] }));
    assert_eq!(g.outcome(), Some(Outcome::Draw));

    // The other O (U/U) there makes column 2 read T W V U on side 0: a four-row beats the block,
    // and it is on the opponent's side of the mover → player 0 wins.
    let mut g = pos(BLOCKED_WINNER);
    lay(&mut g, "1UU", Spot::On(2));
    assert!(matches!(g.end(), Some(GameEnd::FourRow { winner: 0, mover: 1, .. })), "{:?}", g.end());

    // Before the last stone only the two O fit, on (2,3) or (3,3).
    let mut g = pos(BLOCKED_WINNER);
    for stone in g.remaining() {
        let spots = if STONES[usize::from(stone)].color == 1 { vec![Spot::On(2), Spot::On(3)] } else { vec![] };
        assert_eq!(g.spots_for(stone), spots, "stone {stone}");
    }
    // O on (3,3) blocks as well: (2,3) then needs a colour outside row 3 {G, O} and column 2
    // {Y, G, R}. Windows filled: the ones above minus column 2 rows 1–3, plus column 3 rows 1–3
    // (side 0 U U W, side 1 V W V: no run). Side 0: 3 as before (column 2's W V W was none);
    // side 1: the diagonal → 1. Column 3 reads U U U W / T V W V: no four-row.
    lay(&mut g, "1WV", Spot::On(3));
    assert_eq!(g.end(), Some(&GameEnd::Blocked { points: [3, 1] }));
    assert_eq!(g.stones_placed(), 12);
}

// ----- the Profi rule: the rulebook's example (Abb. 6 / Abb. 10) -----------------------------

/// Abb. 6: bottom row R O Y G; row 1 has G on column 2 and R on column 3, so it misses Y and O.
/// ```text
/// row 1:  .    .    3TV  0UV
/// row 0:  0TT  1UU  2TU  3WW
/// ```
/// Side 0's bottom row T U T W, side 1's T U U W: no four-row. Player 0 (6 stones laid) has Y
/// to lay; the Y stones left are V/V (8), U/W (10) and W/T (11).
///
/// Y on R (column 0): row 1 reads Y . G R and still needs O, but column 1 holds O → (1,1) can
/// never be filled, the wall cannot be completed. Y on O (column 1): row 1 reads . Y G R, O goes
/// on R, and the wall completes, e.g. with row 2 Y G R O and row 3 G R O Y.
const ABB6: &str = "wall=0TT/1UU/2TU,3TV/3WW,0UV";

fn profi_after_bad_stone() -> VierMalVier {
    let mut g = pos(&format!("{ABB6};profi"));
    assert!(g.completable());
    lay(&mut g, "2VV", Spot::On(0));
    g
}

#[test]
fn abb6_laying_yellow_on_red_makes_the_wall_incompletable() {
    let g = pos(ABB6);
    assert!(g.completable(), "before: completable");
    let mut bad = g.clone();
    assert!(matches!(lay(&mut bad, "2VV", Spot::On(0)), Event::Placed { at: (0, 1), .. }));
    assert!(!bad.completable());
    // "Kann auf dem orangen Stein der untersten Reihe nicht mehr gebaut werden": no stone left
    // fits on column 1 (row 1 holds Y G R, column 1 holds O).
    for stone in bad.remaining() {
        assert!(!bad.spots_for(stone).contains(&Spot::On(1)), "stone {stone}");
    }
    // The game itself goes on (O still fits on (0,2), for example).
    assert_eq!((bad.end(), bad.to_move()), (None, Some(1)));
    let mut good = g.clone();
    assert!(matches!(lay(&mut good, "2VV", Spot::On(1)), Event::Placed { at: (1, 1), .. }));
    assert!(good.completable());
    // The other Y stones behave alike: the colour decides, not the shapes.
    for token in ["2UW", "2WT"] {
        let mut b = g.clone();
        lay(&mut b, token, Spot::On(0));
        let mut k = g.clone();
        lay(&mut k, token, Spot::On(1));
        assert_eq!((b.completable(), k.completable()), (false, true), "{token}");
    }
}

#[test]
fn profi_objection_sends_the_stone_back_and_the_same_player_moves_again() {
    let start = pos(&format!("{ABB6};profi"));
    let mut g = start.clone();
    // Nothing to object to yet, and the wall can still be completed.
    refused(&mut g, &Move::Object, RuleError::NothingToObject);
    refused(&mut g, &Move::AllowTakeBack, RuleError::NothingToObject);
    refused(&mut g, &Move::Announce, RuleError::AnnouncementWrong);
    assert!(g.legal_moves().iter().all(|m| matches!(m, Move::Place { .. })));

    let mut g = profi_after_bad_stone();
    assert_eq!(g.last_stone(), Some((0, Placed { stone: 8, front: 0 })));
    assert_eq!(g.to_move(), Some(1));
    let legal = g.legal_moves();
    for mv in [Move::Object, Move::AllowTakeBack, Move::Announce] {
        assert!(legal.contains(&mv), "{mv:?} missing");
    }
    assert_eq!(g.validate(), Ok(()));
    assert_eq!(g.apply(&Move::Object), Ok(Event::Objected { by: 1, player: 0, stone: 8 }));
    // The stone is back among the remaining ones, the wall is as before, player 0 again.
    assert_eq!(g.wall(), start.wall());
    assert!(!g.is_used(8));
    assert_eq!((g.to_move(), g.last_stone(), g.turn()), (Some(0), None, start.turn() + 2));
    assert!(g.completable());
    assert_eq!(g.validate(), Ok(()));
    refused(&mut g, &Move::Object, RuleError::NothingToObject);
    // Player 0 may now build anything anywhere, e.g. the same Y on O.
    lay(&mut g, "2VV", Spot::On(1));
    assert!(g.completable());

    // The placer's own take-back needs the opponent's consent, which is the opponent's move.
    let mut g = profi_after_bad_stone();
    assert_eq!(g.apply(&Move::AllowTakeBack), Ok(Event::TookBack { player: 0, stone: 8 }));
    assert_eq!((g.wall(), g.to_move()), (start.wall(), Some(0)));
}

#[test]
fn profi_objection_against_a_good_stone_is_refused() {
    let mut g = pos(&format!("{ABB6};profi"));
    lay(&mut g, "2VV", Spot::On(1));
    assert_eq!(g.last_stone(), Some((0, Placed { stone: 8, front: 0 })));
    refused(&mut g, &Move::Object, RuleError::ObjectionUnfounded);
    refused(&mut g, &Move::AllowTakeBack, RuleError::ObjectionUnfounded);
    refused(&mut g, &Move::Announce, RuleError::AnnouncementWrong);
    assert!(g.legal_moves().iter().all(|m| matches!(m, Move::Place { .. })));
    assert_eq!(g.to_move(), Some(1));
}

/// Issue 22, 6: the app offers "Rücknahme erbitten" only where the rule lets the stone go back
/// (the rulebook: only a stone that made the complete wall impossible, and only until the next
/// stone). `take_back_allowed` says so, exactly when the take-back is a legal move.
#[test]
fn a_take_back_is_allowed_exactly_when_the_rules_let_the_stone_go_back() {
    assert!(profi_after_bad_stone().take_back_allowed(), "Y on R made the wall incompletable");
    let mut good = pos(&format!("{ABB6};profi"));
    assert!(!good.take_back_allowed(), "no stone to take back yet");
    lay(&mut good, "2VV", Spot::On(1));
    assert!(!good.take_back_allowed(), "Y on O leaves the wall completable: no take-back");
    let mut later = profi_after_bad_stone();
    lay(&mut later, "1TW", Spot::On(0));
    assert!(!later.take_back_allowed(), "the window closed with the next stone");
    let mut announced = profi_after_bad_stone();
    announced.apply(&Move::Announce).unwrap();
    assert!(!announced.take_back_allowed(), "no take-back after the announcement");
    // Random Profi games: the same as the legal moves and as `apply` at every step.
    let mut rng = 7u64;
    let mut allowed = 0;
    for seed in 0..60 {
        let mut g = VierMalVier::new(2, Options { profi: true, ..Options::default() }, seed).unwrap();
        while g.end().is_none() {
            let legal = g.legal_moves();
            let by_apply = g.clone().apply(&Move::AllowTakeBack).is_ok();
            assert_eq!(g.take_back_allowed(), legal.contains(&Move::AllowTakeBack), "seed {seed}");
            assert_eq!(g.take_back_allowed(), by_apply, "seed {seed}");
            allowed += usize::from(by_apply);
            let places: Vec<&Move> = legal.iter().filter(|m| matches!(m, Move::Place { .. })).collect();
            if places.is_empty() {
                break;
            }
            rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            g.apply(places[(rng >> 33) as usize % places.len()]).unwrap();
        }
        assert!(!g.take_back_allowed(), "nothing goes back after the end");
    }
    assert!(allowed > 0, "random games never made the wall incompletable");
}

#[test]
fn profi_objection_window_closes_with_the_next_stone() {
    let mut g = profi_after_bad_stone();
    // Player 1 does not object but lays O on (0,2) (column 0 holds R Y, row 2 is empty).
    lay(&mut g, "1TW", Spot::On(0));
    assert_eq!(g.last_stone().map(|(p, _)| p), Some(1));
    // Player 0 cannot object: O did not make the wall incompletable, it already was; and Y is
    // no longer the last stone.
    refused(&mut g, &Move::Object, RuleError::ObjectionUnfounded);
    refused(&mut g, &Move::AllowTakeBack, RuleError::ObjectionUnfounded);
    assert!(!g.legal_moves().contains(&Move::Object));
    // The announcement is still open.
    assert!(g.legal_moves().contains(&Move::Announce));
}

#[test]
fn profi_announcement_ends_all_objections() {
    let mut g = profi_after_bad_stone();
    assert_eq!(g.apply(&Move::Announce), Ok(Event::Announced { by: 1 }));
    assert!(g.announced());
    // The announcer still has their stone to lay; the objection is gone.
    assert_eq!((g.to_move(), g.last_stone()), (Some(1), None));
    assert_eq!(g.validate(), Ok(()));
    refused(&mut g, &Move::Object, RuleError::AlreadyAnnounced);
    refused(&mut g, &Move::AllowTakeBack, RuleError::AlreadyAnnounced);
    refused(&mut g, &Move::Announce, RuleError::AlreadyAnnounced);
    assert!(g.legal_moves().iter().all(|m| matches!(m, Move::Place { .. })));
    lay(&mut g, "1TW", Spot::On(0));
    // Later stones cannot be objected to either.
    assert_eq!(g.last_stone(), None);
    refused(&mut g, &Move::Object, RuleError::AlreadyAnnounced);
    assert!(g.legal_moves().iter().all(|m| matches!(m, Move::Place { .. })));
}

#[test]
fn without_profi_there_are_no_objections_or_announcements() {
    let mut g = pos(ABB6);
    lay(&mut g, "2VV", Spot::On(0));
    assert!(!g.completable());
    assert_eq!(g.last_stone(), None);
    for mv in [Move::Object, Move::AllowTakeBack, Move::Announce] {
        refused(&mut g, &mv, RuleError::NothingToObject);
    }
    assert!(g.legal_moves().iter().all(|m| matches!(m, Move::Place { .. })));
}

#[test]
fn the_position_notation_can_name_the_last_stone() {
    // Y on R already laid (7 stones → player 1 to move), column 0's top stone laid last.
    let mut g = pos("wall=0TT,2VV/1UU/2TU,3TV/3WW,0UV;profi;last=0");
    assert_eq!(g.last_stone(), Some((0, Placed { stone: 8, front: 0 })));
    assert_eq!(g.apply(&Move::Object), Ok(Event::Objected { by: 1, player: 0, stone: 8 }));
    assert_eq!(g.wall(), pos(ABB6).wall());
    // Without the Profi rule there is no last stone to keep.
    assert!(VierMalVier::from_position("wall=0TT,2VV/1UU/2TU,3TV/3WW,0UV;last=0").is_err());
    // Other broken positions.
    for bad in
        ["wall=0UX", "wall=0TT,0UV", "wall=0TT/0UV", "wall=0TT,0TT", "wall=4TT", "colour=1", "to_move=2", "games=0"]
    {
        assert!(VierMalVier::from_position(bad).is_err(), "{bad}");
    }
}

// ----- match play -----------------------------------------------------------------------------

/// Lays `tokens` as one column from an empty wall: the first at the right end, the rest on top.
fn column_game(g: &mut VierMalVier, tokens: &[&str]) {
    assert_eq!(g.width(), 0);
    for (i, token) in tokens.iter().enumerate() {
        lay(g, token, if i == 0 { Spot::Right } else { Spot::On(0) });
    }
}

/// The blocked wall of [`BLOCKED_WINNER`] + O W/V, built from nothing (every step legal: the
/// colours are checked in the comments there; the only full lines are row 0, column 0 and at the
/// end column 2, none a four-row). Points [3, 1].
fn blocked_game(g: &mut VierMalVier) {
    let steps = [
        ("0TT", Spot::Right),
        ("1TW", Spot::Right),
        ("2TU", Spot::Right),
        ("3UT", Spot::Right),
        ("2TW", Spot::On(0)),
        ("1TV", Spot::On(0)),
        ("3VT", Spot::On(0)),
        ("3WW", Spot::On(2)),
        ("0VW", Spot::On(2)),
        ("0UV", Spot::On(3)),
        ("2UW", Spot::On(3)),
        ("1WV", Spot::On(2)),
    ];
    for (i, (token, spot)) in steps.into_iter().enumerate() {
        assert_eq!(g.end(), None, "over before step {i}");
        lay(g, token, spot);
    }
}

#[test]
fn a_match_alternates_the_start_player_and_adds_up_points() {
    // Game 1, player 0 starts: player 0 completes T T T T on side 0 and T W U V on side 1 → the
    // opponent, player 1, wins: 7 points. Player 0 loses with two three-runs (T T T twice in the
    // row) plus 1 for the four-row of same shapes on their side → 3.
    let mut g = pos("wall=0TT/1TW/2TU;games=3;to_move=0");
    lay(&mut g, "3TV", Spot::Right);
    assert!(matches!(g.end(), Some(GameEnd::FourRow { winner: 1, mover: 0, .. })));
    assert_eq!((g.three_runs(0), g.same_four_rows(0)), (2, 1));
    assert_eq!(g.records().len(), 1);
    assert_eq!((g.records()[0].start, g.records()[0].points, g.records()[0].stones), (0, [3, 7], 4));
    // Between games: player 1 starts the next one, nothing else is possible.
    assert_eq!((g.to_move(), g.outcome(), g.match_over()), (Some(1), None, false));
    assert_eq!(g.legal_moves(), vec![Move::NextGame]);
    assert_eq!(g.validate(), Ok(()));
    refused(&mut g, &Move::Place { stone: 1, face: 0, spot: Spot::On(0) }, RuleError::GameOver);
    refused(&mut g, &Move::Object, RuleError::GameOver);
    assert_eq!(g.apply(&Move::NextGame), Ok(Event::NextGame { game: 2, start: 1 }));
    assert_eq!((g.width(), g.start_player(), g.to_move(), g.end()), (0, 1, Some(1), None));
    assert_eq!(g.remaining().len(), 16);
    assert_eq!(g.match_points(), [3, 7]);
    refused(&mut g, &Move::NextGame, RuleError::GameRunning);

    // Game 2, player 1 starts: the blocked wall, three-runs [3, 1] for each.
    blocked_game(&mut g);
    assert_eq!(g.end(), Some(&GameEnd::Blocked { points: [3, 1] }));
    assert_eq!((g.records()[1].start, g.records()[1].points), (1, [3, 1]));
    assert_eq!((g.match_points(), g.to_move(), g.outcome()), ([6, 8], Some(0), None));
    assert_eq!(g.apply(&Move::NextGame), Ok(Event::NextGame { game: 3, start: 0 }));

    // Game 3, player 0 starts; player 1 lays the fourth stone of a column with V V V V on their
    // own side (W W V T on side 0: no three-run) → player 1 wins 7, player 0 gets 0.
    column_game(&mut g, &["0WV", "1WV", "2VV", "3TV"]);
    assert!(matches!(g.end(), Some(GameEnd::FourRow { winner: 1, mover: 1, .. })));
    assert_eq!(g.records()[2].points, [0, 7]);
    // 3 + 3 + 0 = 6 against 7 + 1 + 7 = 15.
    assert_eq!(g.match_points(), [6, 15]);
    assert!(g.match_over());
    assert_eq!((g.to_move(), g.outcome()), (None, Some(Outcome::Winners(vec![1]))));
    assert!(g.legal_moves().is_empty());
    refused(&mut g, &Move::NextGame, RuleError::GameOver);
    assert_eq!(g.validate(), Ok(()));
}

#[test]
fn a_match_can_end_in_a_draw() {
    let mut g = VierMalVier::new(2, Options { games: 2, ..Options::default() }, 0).unwrap();
    // Game 1: player 1 wins with V V V V on side 1 (side 0 W W V T) → [0, 7].
    column_game(&mut g, &["0WV", "1WV", "2VV", "3TV"]);
    assert_eq!(g.records()[0].points, [0, 7]);
    assert_eq!(g.outcome(), None, "no outcome before the last game");
    g.apply(&Move::NextGame).unwrap();
    // Game 2, player 1 starts, player 0 lays the fourth stone: V V V V on side 0, W W V T on
    // side 1 (no three-run) → [7, 0].
    column_game(&mut g, &["0VW", "1VW", "2VV", "3VT"]);
    assert!(matches!(g.end(), Some(GameEnd::FourRow { winner: 0, mover: 0, .. })));
    assert_eq!(g.records()[1].points, [7, 0]);
    assert_eq!(g.match_points(), [7, 7]);
    assert_eq!(g.outcome(), Some(Outcome::Draw));
    assert_eq!(g.to_move(), None);
}

// ----- saves and validate -------------------------------------------------------------------

#[test]
fn a_save_round_trip_keeps_the_game() {
    let options = Options { view: View::Open, without_tafeln: true, profi: true, games: 2 };
    let mut g = VierMalVier::new(2, options, 99).unwrap();
    column_game(&mut g, &["0WV", "1WV", "2VV", "3TV"]);
    g.apply(&Move::NextGame).unwrap();
    lay(&mut g, "0TT", Spot::Right);
    lay(&mut g, "1UU", Spot::Left);
    assert!(g.last_stone().is_some());
    let json = serde_json::to_string(&g).unwrap();
    let mut loaded: VierMalVier = serde_json::from_str(&json).unwrap();
    assert_eq!(loaded.validate(), Ok(()));
    assert_eq!(loaded, g);
    assert_eq!((loaded.seed(), loaded.records().len(), loaded.options().profi), (99, 1, true));
    // Both continue identically.
    let mv = place_move(&g, "2TU", Spot::On(1));
    assert_eq!(loaded.apply(&mv), g.apply(&mv));
    assert_eq!(loaded, g);
    // Missing options take their defaults.
    assert_eq!(serde_json::from_str::<Options>("{}").unwrap(), Options::default());
    assert!(!VierMalVier::new(2, Options::default(), 0).unwrap().options().profi);
}

#[test]
fn validate_rejects_tampered_states() {
    // Abb. 6 with Y on R laid last (Profi): 7 stones, columns
    // 0: R T/T (0), Y V/V (8) · 1: O U/U (4) · 2: Y T/U (9), G T/V (13) · 3: G W/W (12), R U/V (1).
    let base = profi_after_bad_stone();
    assert_eq!(base.validate(), Ok(()));
    let base_value = serde_json::to_value(&base).unwrap();
    // A finished single game: the row of four T (player 0 won).
    let mut over = pos("wall=0TT/1TW/2TW;to_move=0");
    lay(&mut over, "3TV", Spot::Right);
    let over_value = serde_json::to_value(&over).unwrap();
    // A blocked single game ([3, 1], see above) and a match between games 1 and 2.
    let mut blocked = pos(BLOCKED_WINNER);
    lay(&mut blocked, "1WV", Spot::On(2));
    let blocked_value = serde_json::to_value(&blocked).unwrap();
    let mut between = pos("wall=0TT/1TW/2TW;to_move=0;games=3");
    lay(&mut between, "3TV", Spot::Right);
    between.apply(&Move::NextGame).unwrap();
    let between_value = serde_json::to_value(&between).unwrap();

    type Tamper = Box<dyn Fn(&mut serde_json::Value)>;
    let stone = |id: u8| serde_json::json!({ "stone": id, "front": 0 });
    let cases: Vec<(&str, serde_json::Value, &str, Tamper)> = vec![
        ("a stone twice", base_value.clone(), "twice in the wall", Box::new(|v| v["wall"][1][0]["stone"] = 0.into())),
        ("stone 16", base_value.clone(), "unknown", Box::new(|v| v["wall"][1][0]["stone"] = 16.into())),
        ("face 2", base_value.clone(), "unknown", Box::new(|v| v["wall"][1][0]["front"] = 2.into())),
        // O replaced by the unused R V/W (2): R twice in the bottom row.
        (
            "a colour twice in a row",
            base_value.clone(),
            "twice in row 1",
            Box::new(move |v| v["wall"][1][0] = stone(2)),
        ),
        // O T/W (5) on O in column 1; row 1 then holds Y O G R, all different.
        (
            "a colour twice in a column",
            base_value.clone(),
            "twice in column 2",
            Box::new(move |v| v["wall"][1].as_array_mut().unwrap().push(stone(5))),
        ),
        (
            "a column of five",
            base_value.clone(),
            "gap-free",
            Box::new(move |v| {
                let col = v["wall"][3].as_array_mut().unwrap();
                col.extend([stone(3), stone(5), stone(10)]);
            }),
        ),
        (
            "an empty column (a gap in the bottom row)",
            base_value.clone(),
            "gap-free",
            Box::new(|v| v["wall"].as_array_mut().unwrap().insert(1, serde_json::json!([]))),
        ),
        (
            "five columns",
            base_value.clone(),
            "gap-free",
            Box::new(move |v| v["wall"].as_array_mut().unwrap().push(serde_json::json!([stone(5)]))),
        ),
        ("to_move 2", base_value.clone(), "two players", Box::new(|v| v["to_move"] = 2.into())),
        ("start 2", base_value.clone(), "two players", Box::new(|v| v["start"] = 2.into())),
        ("no games", base_value.clone(), "1 to 20 games", Box::new(|v| v["options"]["games"] = 0.into())),
        (
            "announced without profi",
            base_value.clone(),
            "announcement",
            Box::new(|v| {
                v["options"]["profi"] = false.into();
                v["last"] = serde_json::Value::Null;
                v["announced"] = true.into();
            }),
        ),
        (
            "announced while the wall can be completed",
            base_value.clone(),
            "announcement",
            Box::new(|v| {
                v["wall"][0].as_array_mut().unwrap().pop();
                v["last"] = serde_json::Value::Null;
                v["announced"] = true.into();
                v["to_move"] = 0.into();
            }),
        ),
        (
            "the last stone is not on top",
            base_value.clone(),
            "last stone",
            Box::new(|v| v["last"]["spot"] = serde_json::json!({ "On": 2 })),
        ),
        (
            "the last stone by the player to move",
            base_value.clone(),
            "last stone",
            Box::new(|v| v["last"]["player"] = 1.into()),
        ),
        (
            "a last stone without profi",
            base_value.clone(),
            "last stone",
            Box::new(|v| v["options"]["profi"] = false.into()),
        ),
        (
            "a running game marked blocked",
            base_value.clone(),
            "recorded end",
            Box::new(|v| {
                v["last"] = serde_json::Value::Null;
                v["end"] = serde_json::json!({ "Blocked": { "points": [0, 0] } });
            }),
        ),
        ("fewer moves than stones", base_value.clone(), "fewer moves", Box::new(|v| v["turn"] = 3.into())),
        (
            "a finished game marked running",
            over_value.clone(),
            "should be over",
            Box::new(|v| {
                v["end"] = serde_json::Value::Null;
                v["records"] = serde_json::json!([]);
            }),
        ),
        (
            "an end missing from the record",
            over_value.clone(),
            "not in the match record",
            Box::new(|v| v["records"][0]["end"] = serde_json::json!({ "Blocked": { "points": [0, 0] } })),
        ),
        (
            "two games recorded in a single game",
            over_value.clone(),
            "recorded end",
            Box::new(|v| {
                let r = v["records"][0].clone();
                v["records"].as_array_mut().unwrap().insert(0, r);
            }),
        ),
        (
            "the winner swapped",
            over_value.clone(),
            "recorded end",
            Box::new(|v| {
                v["end"]["FourRow"]["winner"] = 1.into();
                v["records"][0]["end"]["FourRow"]["winner"] = 1.into();
            }),
        ),
        (
            "a winner who does not exist",
            over_value.clone(),
            "",
            Box::new(|v| {
                v["end"]["FourRow"]["winner"] = 7.into();
                v["records"][0]["end"]["FourRow"]["winner"] = 7.into();
            }),
        ),
        (
            "a mover who does not exist",
            over_value.clone(),
            "",
            Box::new(|v| {
                v["end"]["FourRow"]["mover"] = 2.into();
                v["records"][0]["end"]["FourRow"]["mover"] = 2.into();
            }),
        ),
        (
            "match points that do not fit the wall",
            over_value.clone(),
            "recorded end",
            Box::new(|v| v["records"][0]["points"] = serde_json::json!([100, 0])),
        ),
        (
            "three-runs that do not fit the wall",
            blocked_value.clone(),
            "recorded end",
            Box::new(|v| {
                v["end"]["Blocked"]["points"] = serde_json::json!([1, 3]);
                v["records"][0]["end"]["Blocked"]["points"] = serde_json::json!([1, 3]);
                v["records"][0]["points"] = serde_json::json!([1, 3]);
            }),
        ),
        (
            "a blocked game with a stone that fits",
            blocked_value.clone(),
            "recorded end",
            Box::new(|v| {
                v["wall"][2].as_array_mut().unwrap().pop();
            }),
        ),
        (
            "an earlier game won by player 5",
            between_value.clone(),
            "damaged match record",
            Box::new(|v| v["records"][0]["end"]["FourRow"]["winner"] = 5.into()),
        ),
        (
            "three games recorded before game 2",
            between_value.clone(),
            "more games",
            Box::new(|v| {
                let r = v["records"][0].clone();
                v["records"].as_array_mut().unwrap().extend([r.clone(), r]);
            }),
        ),
    ];
    for (what, value, message, tamper) in cases {
        let mut v = value;
        tamper(&mut v);
        match serde_json::from_value::<VierMalVier>(v) {
            Ok(g) => match g.validate() {
                Ok(()) => panic!("validate accepted {what}"),
                Err(e) => assert!(e.contains(message), "{what}: {e}"),
            },
            Err(e) => panic!("{what} does not even parse: {e}"),
        }
    }
}
