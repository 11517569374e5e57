//! Unit tests: the deck, the rulebook's three scoring examples (3, 9 and 27 points), lines across
//! card rows, extended lines, lines through several fields of the new card, pairs, diagonals both
//! ways, the growth of the four rows (both ends, corners, away from the corner, a top row moving
//! the table down), turned cards, refusals, the announce option, hands and the end of the supply,
//! the outcome, saves and `validate`. Positions are built with `from_position`; every expected
//! value is worked out by hand in the comment beside it.
//!
//! Colours: R(ed) = 0, Y(ellow) = 1, G(reen) = 2, B(lue) = 3. A card token is its colours top to
//! bottom as it lies. Fields are (x, y): x from the left, y from the top; a card at column x in
//! card row r covers (x, 3r), (x, 3r + 1), (x, 3r + 2). Lines are written from their upper end
//! (or left end for a horizontal line), as the engine normalises them.

use super::*;
use crate::engine::{Game, Outcome, PlayerIdx, SetupError};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};

fn pos(s: &str) -> GutAngelegt {
    match GutAngelegt::from_position(s) {
        Ok(g) => g,
        Err(e) => panic!("bad test position {s:?}: {e}"),
    }
}

fn colours(token: &str) -> Card {
    let v: Vec<u8> = token
        .chars()
        .map(|c| match c {
            'R' => 0,
            'Y' => 1,
            'G' => 2,
            'B' => 3,
            _ => panic!("no colour {c}"),
        })
        .collect();
    [v[0], v[1], v[2]]
}

fn token(l: Laid) -> String {
    (0..3).map(|k| ['R', 'Y', 'G', 'B'][usize::from(l.color(k))]).collect()
}

fn printed(id: u8) -> String {
    token(Laid { card: id, turned: false })
}

fn line(from: (usize, usize), to: (usize, usize)) -> Line {
    Line { from, to }
}

/// The card in the mover's hand that lies as `token`, and whether it has to be turned for that.
fn in_hand(g: &GutAngelegt, token: &str) -> (u8, bool) {
    let want = colours(token);
    let p = g.to_move().expect("the game is over");
    for turned in [false, true] {
        for &id in g.hand(p) {
            let c = GutAngelegt::card(id);
            if (if turned { [c[2], c[1], c[0]] } else { c }) == want {
                return (id, turned);
            }
        }
    }
    panic!("no {token} in the hand of player {p}: {:?}", g.hand(p))
}

fn lay_move(g: &GutAngelegt, token: &str, place: Place, claims: &[Line]) -> Move {
    let (card, turned) = in_hand(g, token);
    Move::Lay { card, turned, place, claims: claims.to_vec() }
}

/// What a laid card did, without the move itself (checked in `lay`).
#[derive(Debug, PartialEq)]
struct Scored {
    player: PlayerIdx,
    at: (usize, usize),
    lines: Vec<Line>,
    missed: Vec<Line>,
    points: u32,
}

fn lay_claiming(g: &mut GutAngelegt, token: &str, place: Place, claims: &[Line]) -> Scored {
    let mv = lay_move(g, token, place, claims);
    let Move::Lay { card: c, turned: t, .. } = mv.clone();
    match g.apply(&mv) {
        Ok(Event::Laid { player, card, turned, place: p, at, lines, missed, points, .. }) => {
            assert_eq!((card, turned, p), (c, t, place), "the event does not repeat the move");
            g.validate().unwrap();
            Scored { player, at, lines, missed, points }
        }
        Err(e) => panic!("{token} at {place:?} refused: {e:?}"),
    }
}

fn lay(g: &mut GutAngelegt, token: &str, place: Place) -> Scored {
    lay_claiming(g, token, place, &[])
}

/// Applies `mv`, expecting the refusal `err` and an untouched state.
fn refused(g: &mut GutAngelegt, mv: &Move, err: RuleError) {
    let before = g.clone();
    assert_eq!(g.apply(mv), Err(err), "move {mv:?}");
    assert_eq!(*g, before, "the refused move {mv:?} changed the state");
}

/// The four corners a new row may start at.
const CORNERS: [Place; 4] = [Place::ALL[3], Place::ALL[4], Place::ALL[5], Place::ALL[6]];

/// A complete first row used by several tests. As fields:
///
/// ```text
/// x:   0 1 2 3 4 5 6 7 8 9 10 11
/// y0:  G R R R Y Y B R Y B R  Y
/// y1:  R G Y Y R B Y R Y B R  Y
/// y2:  Y Y G B B R G B B R Y  R
/// ```
const FIRST_ROW: &str = "GRY RGY RYG RYB YRB YBR BYG RRB YYB BBR RRY YYR";

// ----- the deck ------------------------------------------------------------------------------

#[test]
fn the_deck_has_48_cards_with_36_fields_of_each_colour() {
    let d = deck();
    assert_eq!(d.len(), 48);
    assert_eq!(CARDS, 48);
    let mut fields = [0; 4];
    for card in &d {
        for &c in card {
            fields[usize::from(c)] += 1;
        }
    }
    // 48 cards × 3 fields = 144 = 4 × 36.
    assert_eq!(fields, [36; 4]);
    for (id, card) in d.iter().enumerate() {
        assert_eq!(GutAngelegt::card(id as u8), *card);
    }
}

#[test]
fn the_deck_holds_every_sequence_once_up_to_reversal_and_each_single_colour_three_times() {
    // Count the cards by the smaller of their two readings (printed and turned).
    let mut count: BTreeMap<Card, usize> = BTreeMap::new();
    for c in deck() {
        *count.entry(c.min([c[2], c[1], c[0]])).or_default() += 1;
    }
    // 64 sequences: 16 palindromes + 48 others in 24 pairs = 40 cards up to reversal.
    assert_eq!(count.len(), 40);
    for a in 0..4 {
        for b in 0..4 {
            for c in 0..4 {
                let s = [a, b, c];
                let mono = a == b && b == c;
                // The single-coloured card once among the 40 plus twice more.
                assert_eq!(count.get(&s.min([c, b, a])), Some(&if mono { 3 } else { 1 }), "{s:?}");
            }
        }
    }
}

// ----- setup ---------------------------------------------------------------------------------

#[test]
fn two_to_four_players_get_three_cards_each_and_one_card_lies() {
    for players in 2..=4 {
        let g = GutAngelegt::new(players, Options::default(), 5).unwrap();
        g.validate().unwrap();
        assert_eq!(g.cards_on_table(), 1);
        assert_eq!(g.rows().len(), 1);
        assert_eq!(g.rows()[0].anchor, Anchor::Both);
        assert!((0..players).all(|p| g.hand(p).len() == 3));
        // 48 − 1 on the table − 3 per player.
        assert_eq!(g.draw_len(), 47 - 3 * players);
        assert_eq!((g.to_move(), g.turn(), g.outcome()), (Some(0), 0, None));
        assert_eq!((g.width(), g.height()), (1, 3));
        assert!(g.has_hidden_information());
    }
}

#[test]
fn one_or_five_players_are_refused() {
    for players in [0, 1, 5] {
        assert_eq!(
            GutAngelegt::new(players, Options::default(), 1).unwrap_err(),
            SetupError::PlayerCount { min: 2, max: 4, got: players }
        );
    }
}

// ----- the rulebook's scoring examples --------------------------------------------------------

#[test]
fn rulebook_examples_three_then_nine_points() {
    let mut g = pos("players=3; rows=both:RYG; hands=BBB RRR YYY/GBB RRR YYY/RYB GGG GGG");
    // Abb. 4: player 0 lays BBB to the right of RYG:
    //   R B        the card alone is a vertical line of 3 blue: (1,0)-(1,2) = 3 points;
    //   Y B        no other blue field next to it.
    //   G B
    assert_eq!(
        lay(&mut g, "BBB", Place::Right),
        Scored { player: 0, at: (1, 0), lines: vec![line((1, 0), (1, 2))], missed: vec![], points: 3 }
    );
    // Player 1 lays GBB:
    //   R B G      only pairs: B B across at y1 and y2, (1,0)-(2,1) and (1,1)-(2,2) down-right,
    //   Y B B      (1,2)-(2,1) up-right, (2,1)-(2,2) down. Nothing scores.
    //   G B B
    assert_eq!(
        lay(&mut g, "GBB", Place::Right),
        Scored { player: 1, at: (2, 0), lines: vec![], missed: vec![], points: 0 }
    );
    // Abb. 5: player 2 (the one after next) lays RYB:
    //   R B G R    (1,2)-(3,2) across: 3 blue = 3 points;
    //   Y B B Y    (1,0)-(2,1)-(3,2) diagonal: 3 blue = 2 × 3 = 6 points; 9 in all.
    //   G B B B    R at (3,0) and Y at (3,1) touch nothing of their colour.
    assert_eq!(
        lay(&mut g, "RYB", Place::Right),
        Scored {
            player: 2,
            at: (3, 0),
            lines: vec![line((1, 0), (3, 2)), line((1, 2), (3, 2))],
            missed: vec![],
            points: 9
        }
    );
    assert_eq!([g.score(0), g.score(1), g.score(2)], [3, 0, 9]);
}

/// Abb. 6 rebuilt: the first row (FIRST_ROW) and a second row below it, started at the left
/// corner, with five cards; GGG goes at column 5:
///
/// ```text
/// x:   0 1 2 3 4 5 6
/// y0:  G R R R Y Y B
/// y1:  R G Y Y R B Y
/// y2:  Y Y G B B R G
/// y3:  B R G G G g
/// y4:  B B Y R G g
/// y5:  Y R Y G Y g
/// ```
const EXAMPLE_27: &str = "rows=both:GRY RGY RYG RYB YRB YBR BYG RRB YYB BBR RRY YYR/left:BBY RBR GYY GRG GGY; \
                          hands=GGG BBB RRR/YYY BRB YRY";

#[test]
fn rulebook_example_twenty_seven_points() {
    let mut g = pos(EXAMPLE_27);
    assert_eq!(g.places(), vec![Place::Next]);
    // (5,3): across (2,3)..(5,3) green, (1,3) is R, (6,3) empty: 4 → 4 points.
    //        down (5,3)..(5,5), (5,2) is R: 3 → 3 points (once, though all three are new).
    //        up-right (6,2) G, (7,1) R stops; down-left (4,4) G, (3,5) G: (6,2)..(3,5) = 4
    //        diagonal → 8 points. Down-right: (4,2) B and (6,4) empty.
    // (5,4): across (4,4) G, (3,4) R: 2. Diagonals (4,3)+(5,4), (3,2) B: 2; (4,5) Y.
    // (5,5): up-left (4,4) (3,3) (2,2) (1,1) (0,0) all G: a diagonal of 6 through both card rows
    //        (it lengthens the old line (0,0)..(4,4)) → 12 points. Across (4,5) Y.
    // 4 + 3 + 8 + 12 = 27.
    assert_eq!(
        lay(&mut g, "GGG", Place::Next),
        Scored {
            player: 0,
            at: (5, 3),
            lines: vec![line((0, 0), (5, 5)), line((2, 3), (5, 3)), line((5, 3), (5, 5)), line((6, 2), (3, 5))],
            missed: vec![],
            points: 27
        }
    );
    assert_eq!((g.score(0), g.score(1)), (27, 0));
}

// ----- lines ---------------------------------------------------------------------------------

#[test]
fn an_extended_line_scores_its_whole_length_again() {
    // y0: R R R — an old line of three reds (it scored when it was made).
    // y1: Y G Y
    // y2: B Y G
    let mut g = pos("rows=both:RYB RGY RYG; hands=RBR YYY GGG/RGR YYY GGG");
    // RBR at x3: (0,0)..(3,0) red = 4 points for the whole line. (3,1) B and (3,2) R touch
    // nothing of their colour: (2,1) Y, (2,2) G, (2,0) R is only up-left of (3,1).
    assert_eq!(
        lay(&mut g, "RBR", Place::Right),
        Scored { player: 0, at: (3, 0), lines: vec![line((0, 0), (3, 0))], missed: vec![], points: 4 }
    );
    // RGR at x4: (0,0)..(4,0) = 5 points; (4,2) R with (3,2) R is a pair, (4,1) G alone.
    assert_eq!(
        lay(&mut g, "RGR", Place::Right),
        Scored { player: 1, at: (4, 0), lines: vec![line((0, 0), (4, 0))], missed: vec![], points: 5 }
    );
    assert_eq!((g.score(0), g.score(1)), (4, 5));
}

#[test]
fn vertical_and_diagonal_lines_run_across_card_rows() {
    // FIRST_ROW, then YYG starts the second row at the bottom left, at (0,3):
    //   x: 0 1 2 3
    //   y0 G R R R
    //   y1 R G Y Y
    //   y2 Y Y G B
    //   y3 Y
    //   y4 Y
    //   y5 G
    // down: (0,2) Y + the new (0,3) (0,4) Y, (0,1) R and (0,5) G stop: 3 points, once.
    // up-right from (0,3): (1,2) Y, (2,1) Y, (3,0) R: a diagonal of 3 → 6 points.
    // Nothing else: column 1 of the new row is empty.
    let mut g = pos(&format!("rows=both:{FIRST_ROW}; hands=YYG RRR BBB/YYY GGG BRB"));
    assert_eq!(
        lay(&mut g, "YYG", Place::Corner { top: false, left: true }),
        Scored {
            player: 0,
            at: (0, 3),
            lines: vec![line((0, 2), (0, 4)), line((2, 1), (0, 3))],
            missed: vec![],
            points: 9
        }
    );
}

#[test]
fn a_line_through_several_fields_of_the_new_card_counts_once() {
    // Second row started at the right corner, four cards (columns 11, 10, 9, 8); BBB goes at 7:
    //   x: 6 7 8 9 10
    //   y0 B R Y B R
    //   y1 Y R Y B R
    //   y2 G B B R Y
    //   y3 . b R R G
    //   y4 . b Y G Y
    //   y5 . b R R G
    // down: (7,2) B and all three new fields: (7,2)..(7,5) = 4 points, counted once.
    // up-right from (7,3): (8,2) B, (9,1) B, (10,0) R: a diagonal of 3 across the rows → 6.
    // (7,3): across (8,3) R; down-right (8,4) Y; up-left (6,2) G. (7,4): (8,3) R, (8,4) Y,
    // (8,5) R around it. (7,5): (8,5) R, (8,4) Y. Total 10.
    let mut g = pos(&format!("rows=both:{FIRST_ROW}/right:YGY GYG RGR RYR; hands=BBB RRR GGG/YYY BRB YBY"));
    assert_eq!(g.places(), vec![Place::Next]);
    assert_eq!(
        lay(&mut g, "BBB", Place::Next),
        Scored {
            player: 0,
            at: (7, 3),
            lines: vec![line((7, 2), (7, 5)), line((9, 1), (7, 3))],
            missed: vec![],
            points: 10
        }
    );

    // A turned card starting a row on top: FIRST_ROW moves down to y3..y5; GYY (the card YYG
    // turned) lies at (11,0..2):
    //   x: 10 11
    //   y0  .  G
    //   y1  .  Y
    //   y2  .  Y
    //   y3  R  Y
    //   y4  R  Y
    //   y5  Y  R
    // down: (11,1)..(11,4) yellow = 4 points, once, through two fields of the new card.
    // (11,2) down-left (10,3) R; everything else beside it is empty.
    let mut g = pos(&format!("rows=both:{FIRST_ROW}; hands=YYG RRR BBB/YYY GGG BRB"));
    assert!(in_hand(&g, "GYY").1);
    assert_eq!(
        lay(&mut g, "GYY", Place::Corner { top: true, left: false }),
        Scored { player: 0, at: (11, 0), lines: vec![line((11, 1), (11, 4))], missed: vec![], points: 4 }
    );
}

#[test]
fn diagonals_in_both_directions_score_double() {
    //   B R B      BYB at x2: (0,0) (1,1) (2,2) blue down-right = 6 points,
    //   R B Y      (0,2) (1,1) (2,0) blue up-right = 6 points; across and down only B/R/Y
    //   B R B      mixtures. 12 in all.
    let mut g = pos("rows=both:BRB RBR; hands=BYB RRR GGG/YYY GGG RRR");
    assert_eq!(
        lay(&mut g, "BYB", Place::Right),
        Scored {
            player: 0,
            at: (2, 0),
            lines: vec![line((0, 0), (2, 2)), line((2, 0), (0, 2))],
            missed: vec![],
            points: 12
        }
    );
    // The same picture built from the left end: BYB at x0 pushes RBR and BRB to x1 and x2.
    let mut g = pos("rows=both:RBR BRB; hands=BYB RRR GGG/YYY GGG RRR");
    assert_eq!(
        lay(&mut g, "BYB", Place::Left),
        Scored {
            player: 0,
            at: (0, 0),
            lines: vec![line((0, 0), (2, 2)), line((2, 0), (0, 2))],
            missed: vec![],
            points: 12
        }
    );
    assert_eq!(g.field(1, 0), Some(0));
    assert_eq!(g.field(2, 0), Some(3));
}

#[test]
fn lines_of_two_do_not_score() {
    //   R R    RRB beside RRY: pairs across at y0 and y1, down at x1, (0,0)-(1,1) and
    //   R R    (0,1)-(1,0) diagonally — no line of three.
    //   Y B
    let mut g = pos("rows=both:RRY; hands=RRB GGG BBB/YYY GGG BBB");
    assert_eq!(
        lay(&mut g, "RRB", Place::Right),
        Scored { player: 0, at: (1, 0), lines: vec![], missed: vec![], points: 0 }
    );
    assert_eq!(g.score(0), 0);
}

// ----- growing the table ----------------------------------------------------------------------

fn put(g: &mut GutAngelegt, place: Place) -> (usize, usize) {
    let p = g.to_move().unwrap();
    let card = g.hand(p)[0];
    let (hand, draw) = (g.hand(p).len(), g.draw_len());
    let at = match g.apply(&Move::Lay { card, turned: false, place, claims: vec![] }) {
        Ok(Event::Laid { at, .. }) => at,
        Err(e) => panic!("{place:?} refused: {e:?}"),
    };
    g.validate().unwrap();
    // The mover fills up to 3 from the supply while it lasts.
    if draw > 0 {
        assert_eq!((g.hand(p).len(), g.draw_len()), (hand, draw - 1));
    } else {
        assert_eq!((g.hand(p).len(), g.draw_len()), (hand - 1, 0));
    }
    at
}

/// Card → (column, top row) from `laid_cards`.
fn where_cards(g: &GutAngelegt) -> HashMap<u8, (usize, usize)> {
    g.laid_cards().into_iter().map(|(x, y, l)| (l.card, (x, y))).collect()
}

fn refuses_places(g: &mut GutAngelegt, places: &[Place]) {
    let card = g.hand(g.to_move().unwrap())[0];
    for &place in places {
        refused(g, &Move::Lay { card, turned: false, place, claims: vec![] }, RuleError::NoSuchPlace);
    }
}

/// Lays the first row with cards at the left end on odd turns, at the right end otherwise; checks
/// every card's column on the way. Returns the game and the expected card → field map.
fn first_row(seed: u64) -> (GutAngelegt, HashMap<u8, (usize, usize)>) {
    let mut g = GutAngelegt::new(2, Options::default(), seed).unwrap();
    let start = g.laid_cards()[0].2.card;
    assert_eq!(g.laid_cards(), vec![(0, 0, Laid { card: start, turned: false })]);
    let mut order = vec![start];
    for n in 1..12 {
        assert_eq!(g.places(), vec![Place::Left, Place::Right]);
        refuses_places(&mut g, &[Place::Next]);
        refuses_places(&mut g, &CORNERS);
        let card = g.hand(g.to_move().unwrap())[0];
        if n % 2 == 1 {
            // At the left end the new card is column 0 and the row moves right by one.
            assert_eq!(put(&mut g, Place::Left), (0, 0));
            order.insert(0, card);
        } else {
            // At the right end it is column n (n cards lay before).
            assert_eq!(put(&mut g, Place::Right), (n, 0));
            order.push(card);
        }
        assert_eq!((g.width(), g.height()), (n + 1, 3));
        let want: HashMap<u8, (usize, usize)> = order.iter().enumerate().map(|(x, &c)| (c, (x, 0))).collect();
        assert_eq!(where_cards(&g), want);
    }
    let want = order.iter().enumerate().map(|(x, &c)| (c, (x, 0))).collect();
    (g, want)
}

#[test]
fn the_first_row_grows_at_both_ends_up_to_twelve_cards() {
    let (mut g, _) = first_row(11);
    // Complete: the four corners are offered, the ends no longer.
    assert_eq!(g.rows()[0].cards.len(), 12);
    assert_eq!(g.places(), CORNERS.to_vec());
    refuses_places(&mut g, &[Place::Left, Place::Right, Place::Next]);
    assert_eq!((g.width(), g.height()), (12, 3));
}

#[test]
fn new_rows_start_at_a_corner_and_grow_away_from_it_until_twelve_by_twelve() {
    let (mut g, mut want) = first_row(3);
    let shift_down = |want: &mut HashMap<u8, (usize, usize)>| {
        for v in want.values_mut() {
            v.1 += 3;
        }
    };
    fn lay_at(g: &mut GutAngelegt, want: &mut HashMap<u8, (usize, usize)>, place: Place, at: (usize, usize)) {
        let card = g.hand(g.to_move().unwrap())[0];
        assert_eq!(put(g, place), at, "{place:?}");
        want.insert(card, at);
        assert_eq!(where_cards(g), *want);
    }
    // Row 2 above, from the right corner: the first row moves down to y3 and the new row runs
    // from column 11 to column 0 with Next.
    let top_right = Place::Corner { top: true, left: false };
    shift_down(&mut want);
    lay_at(&mut g, &mut want, top_right, (11, 0));
    assert_eq!((g.width(), g.height()), (12, 6));
    for x in (0..11).rev() {
        assert_eq!(g.places(), vec![Place::Next]);
        refuses_places(&mut g, &[Place::Left, Place::Right]);
        refuses_places(&mut g, &CORNERS);
        lay_at(&mut g, &mut want, Place::Next, (x, 0));
    }
    // Row 3 below, from the left corner: y6, columns 0 to 11.
    assert_eq!(g.places(), CORNERS.to_vec());
    refuses_places(&mut g, &[Place::Next, Place::Left, Place::Right]);
    lay_at(&mut g, &mut want, Place::Corner { top: false, left: true }, (0, 6));
    for x in 1..12 {
        assert_eq!(g.places(), vec![Place::Next]);
        refuses_places(&mut g, &CORNERS);
        lay_at(&mut g, &mut want, Place::Next, (x, 6));
    }
    // Row 4 above again, from the left corner: rows 2, 1, 3 move to y3, y6, y9.
    assert_eq!(g.places(), CORNERS.to_vec());
    shift_down(&mut want);
    lay_at(&mut g, &mut want, Place::Corner { top: true, left: true }, (0, 0));
    for x in 1..12 {
        assert_eq!(g.places(), vec![Place::Next]);
        lay_at(&mut g, &mut want, Place::Next, (x, 0));
    }
    // 48 cards, 12 × 12 fields, nothing offered, the game is over.
    assert_eq!((g.cards_on_table(), g.width(), g.height()), (48, 12, 12));
    assert_eq!(g.rows().len(), 4);
    assert_eq!(
        g.rows().iter().map(|r| r.anchor).collect::<Vec<_>>(),
        vec![Anchor::Left, Anchor::Right, Anchor::Both, Anchor::Left]
    );
    for y in [0, 3, 6, 9] {
        let mut xs: Vec<usize> = want.values().filter(|v| v.1 == y).map(|v| v.0).collect();
        xs.sort_unstable();
        assert_eq!(xs, (0..12).collect::<Vec<_>>());
    }
    for (x, y, l) in g.laid_cards() {
        for k in 0..3 {
            assert_eq!(g.field(x, y + k), Some(l.color(k)));
        }
    }
    assert_eq!(g.field(12, 0), None);
    assert_eq!(g.field(0, 12), None);
    assert!(g.places().is_empty());
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.to_move(), None);
    assert!(matches!(g.outcome(), Some(Outcome::Winners(_))));
    assert!((0..2).all(|p| g.hand(p).is_empty()) && g.draw_len() == 0);
    assert_eq!(g.turn(), 47);
    let mv = Move::Lay { card: 0, turned: false, place: Place::Next, claims: vec![] };
    refused(&mut g, &mv, RuleError::GameOver);
}

// ----- turned cards and refusals --------------------------------------------------------------

#[test]
fn a_turned_card_lies_with_its_colours_reversed() {
    for id in 0..48u8 {
        let c = GutAngelegt::card(id);
        for k in 0..3 {
            assert_eq!(Laid { card: id, turned: false }.color(k), c[k]);
            assert_eq!(Laid { card: id, turned: true }.color(k), c[2 - k]);
        }
    }
    // The notation gives a card as it lies: YRR is the card RRY turned.
    let g = pos("rows=both:YRR");
    let l = g.laid_cards()[0].2;
    assert_eq!((printed(l.card), l.turned), ("RRY".to_string(), true));
    assert_eq!([g.field(0, 0), g.field(0, 1), g.field(0, 2)], [Some(1), Some(0), Some(0)]);
}

#[test]
fn turning_a_card_changes_what_it_scores() {
    //   B Y        RYB as printed at x2: y0 B Y R, y1 G G Y, y2 R R B — pairs only.
    //   G G        turned (BYR): y2 R R R → 3 points; y0 B Y B, and the diagonals meet
    //   R R        (1,1) G.
    let mut g = pos("rows=both:BGR YGR; hands=RYB GGG BBB/YYY GGG BBB");
    let (card, turned) = in_hand(&g, "RYB");
    assert!(!turned);
    assert_eq!(g.preview(Laid { card, turned: false }, Place::Right), Ok((vec![], (2, 0))));
    assert_eq!(g.preview(Laid { card, turned: true }, Place::Right), Ok((vec![line((0, 2), (2, 2))], (2, 0))));
    assert_eq!(
        lay(&mut g, "BYR", Place::Right),
        Scored { player: 0, at: (2, 0), lines: vec![line((0, 2), (2, 2))], missed: vec![], points: 3 }
    );
    assert_eq!([g.field(2, 0), g.field(2, 1), g.field(2, 2)], [Some(3), Some(1), Some(0)]);
    assert_eq!(g.laid_cards()[2].2, Laid { card, turned: true });
    assert_eq!(g.score(0), 3);
}

#[test]
fn a_card_not_in_the_hand_is_refused() {
    let mut g = pos("rows=both:RYG; hands=BBB RRR YYY/GBB RRR YYY");
    let other = g.hand(1)[0];
    let on_table = g.laid_cards()[0].2.card;
    for card in [other, on_table, 48, 200] {
        let mv = Move::Lay { card, turned: false, place: Place::Right, claims: vec![] };
        refused(&mut g, &mv, RuleError::NotInHand { card });
    }
    // A card of the hand at a place not offered.
    let mv = lay_move(&g, "BBB", Place::Next, &[]);
    refused(&mut g, &mv, RuleError::NoSuchPlace);
    assert_eq!(g.turn(), 0);
}

// ----- the announce option --------------------------------------------------------------------

/// Abb. 5 as an announce game: RYB at x3 makes D = (1,0)-(3,2) (6 points) and H = (1,2)-(3,2)
/// (3 points).
const EXAMPLE_9: &str = "rows=both:RYG BBB GBB; hands=RYB RRR YYY/GGG BRB YRY; announce";

#[test]
fn with_announce_only_claimed_lines_score_and_missed_ones_are_lost() {
    let d = line((1, 0), (3, 2));
    let h = line((1, 2), (3, 2));
    let g0 = pos(EXAMPLE_9);
    // Only H claimed: 3 points, D listed as missed.
    let mut g = g0.clone();
    assert_eq!(
        lay_claiming(&mut g, "RYB", Place::Right, &[h]),
        Scored { player: 0, at: (3, 0), lines: vec![h], missed: vec![d], points: 3 }
    );
    assert_eq!(g.score(0), 3);
    // Nothing claimed: nothing scores.
    let mut g = g0.clone();
    assert_eq!(
        lay_claiming(&mut g, "RYB", Place::Right, &[]),
        Scored { player: 0, at: (3, 0), lines: vec![], missed: vec![d, h], points: 0 }
    );
    assert_eq!(g.score(0), 0);
    // Both claimed, each from its other end and in any order: 9 points.
    let mut g = g0.clone();
    let claims = [line((3, 2), (1, 2)), line((3, 2), (1, 0))];
    assert_eq!(
        lay_claiming(&mut g, "RYB", Place::Right, &claims),
        Scored { player: 0, at: (3, 0), lines: vec![d, h], missed: vec![], points: 9 }
    );
    assert_eq!(g.score(0), 9);
    // legal_moves lists each placement once with every line claimed: 3 cards × 2 ways × 2 ends.
    let moves = g0.legal_moves();
    assert_eq!(moves.len(), 12);
    let (card, _) = in_hand(&g0, "RYB");
    assert!(moves.contains(&Move::Lay { card, turned: false, place: Place::Right, claims: vec![d, h] }));
    // The preview shows the same lines.
    assert_eq!(g0.preview(Laid { card, turned: false }, Place::Right), Ok((vec![d, h], (3, 0))));
}

#[test]
fn without_announce_claims_are_ignored_and_every_line_scores() {
    let mut g = pos(&EXAMPLE_9.replace("; announce", ""));
    let wrong = line((0, 0), (0, 2));
    assert_eq!(
        lay_claiming(&mut g, "RYB", Place::Right, &[wrong]),
        Scored {
            player: 0,
            at: (3, 0),
            lines: vec![line((1, 0), (3, 2)), line((1, 2), (3, 2))],
            missed: vec![],
            points: 9
        }
    );
}

#[test]
fn wrong_claims_are_struck_and_the_right_ones_score() {
    // EXAMPLE_27 with announce: D6 (0,0)-(5,5), H4 (2,3)-(5,3), V3 (5,3)-(5,5), A4 (6,2)-(3,5).
    let d6 = line((0, 0), (5, 5));
    let h4 = line((2, 3), (5, 3));
    let v3 = line((5, 3), (5, 5));
    let a4 = line((6, 2), (3, 5));
    let mut g = pos(&format!("{EXAMPLE_27}; announce"));
    let wrong = [
        // Wrong end: one field too far ((6,3) is empty) or too far back ((1,3) is R).
        line((2, 3), (6, 3)),
        line((1, 3), (5, 3)),
        line((5, 2), (5, 5)),
        // Sub-segments of H4 and D6; D6 without the new field is the old line (0,0)-(4,4).
        line((3, 3), (5, 3)),
        line((1, 1), (5, 5)),
        line((0, 0), (4, 4)),
        // Through the new card but not one colour: (3,4) R, (4,4) G, (5,4) G.
        line((3, 4), (5, 4)),
        // A red line of three on the table, (1,0)-(3,0), but not through the new card.
        line((1, 0), (3, 0)),
    ];
    // "Sagt er zu viel Punkte an, werden die Mitspieler ihn verbessern": the card is laid, the
    // wrong claim scores nothing and is logged as corrected, a right claim beside it scores.
    for w in wrong {
        let reversed = Line { from: w.to, to: w.from };
        for (claims, right) in
            [(vec![w], vec![]), (vec![h4, w], vec![h4]), (vec![w, v3], vec![v3]), (vec![reversed], vec![])]
        {
            let mut after = g.clone();
            let mv = lay_move(&g, "GGG", Place::Next, &claims);
            let event = after.apply(&mv).unwrap_or_else(|e| panic!("{claims:?} refused: {e:?}"));
            let Event::Laid { at, lines, missed, corrected, points, .. } = &event;
            assert_eq!(*at, (5, 3), "the card is laid");
            assert_eq!(corrected, &vec![w.normalized()], "{claims:?}");
            assert_eq!(lines, &right);
            assert_eq!(*points, right.iter().map(|l| l.points()).sum::<u32>());
            assert_eq!(missed.len(), 4 - right.len(), "the lines not claimed are lost");
            assert_eq!(after.score(0), *points);
            after.validate().unwrap();
            // The log entry replays to itself.
            let mut replayed = g.clone();
            assert_eq!(replayed.apply(&GutAngelegt::event_move(&event)), Ok(event.clone()));
        }
    }
    // The same line twice, either end first.
    for claims in [vec![v3, d6, v3], vec![line((3, 5), (6, 2)), a4], vec![a4, line((3, 5), (6, 2))]] {
        let dup = claims[claims.len() - 1].normalized();
        let mv = lay_move(&g, "GGG", Place::Next, &claims);
        refused(&mut g, &mv, RuleError::DoubleClaim { line: dup });
    }
    // A4 from its lower end and H4: 8 + 4 = 12 points; D6 and V3 are lost.
    assert_eq!(
        lay_claiming(&mut g, "GGG", Place::Next, &[line((3, 5), (6, 2)), h4]),
        Scored { player: 0, at: (5, 3), lines: vec![h4, a4], missed: vec![d6, v3], points: 12 }
    );
    assert_eq!(g.score(0), 12);
}

// ----- hands, the end of the supply, the outcome -----------------------------------------------

/// Plays the first legal move until `on_table` cards lie; returns the table in the position
/// notation and the printed tokens of the cards not on the table.
fn table_after(players: usize, seed: u64, on_table: usize) -> (String, Vec<String>) {
    let mut g = GutAngelegt::new(players, Options::default(), seed).unwrap();
    while g.cards_on_table() < on_table {
        let mv = g.legal_moves()[0].clone();
        g.apply(&mv).unwrap();
    }
    let rows: Vec<String> = g
        .rows()
        .iter()
        .map(|r| {
            let anchor = match r.anchor {
                Anchor::Both => "both",
                Anchor::Left => "left",
                Anchor::Right => "right",
            };
            let cards: Vec<String> = r.cards.iter().map(|&l| token(l)).collect();
            format!("{anchor}:{}", cards.join(" "))
        })
        .collect();
    let laid: Vec<u8> = g.laid_cards().iter().map(|c| c.2.card).collect();
    let rest = (0..48u8).filter(|id| !laid.contains(id)).map(printed).collect();
    (rows.join("/"), rest)
}

/// Lays the first legal move with no claims; returns who laid.
fn lay_any(g: &mut GutAngelegt) -> PlayerIdx {
    let Move::Lay { card, turned, place, .. } = g.legal_moves()[0].clone();
    match g.apply(&Move::Lay { card, turned, place, claims: vec![] }) {
        Ok(Event::Laid { player, .. }) => {
            g.validate().unwrap();
            player
        }
        Err(e) => panic!("{e:?}"),
    }
}

#[test]
fn the_table_rebuilt_from_its_notation_is_the_same() {
    let (rows, _) = table_after(3, 9, 30);
    let a = pos(&format!("players=3; rows={rows}"));
    let mut g = GutAngelegt::new(3, Options::default(), 9).unwrap();
    while g.cards_on_table() < 30 {
        let mv = g.legal_moves()[0].clone();
        g.apply(&mv).unwrap();
    }
    for y in 0..12 {
        for x in 0..12 {
            assert_eq!(a.field(x, y), g.field(x, y), "({x},{y})");
        }
    }
}

#[test]
fn players_with_empty_hands_are_skipped_at_the_end() {
    // 44 cards lie; the last 4: player 0 holds 3, player 1 one, player 2 none; player 1 starts.
    // 1 lays → 2 has nothing → 0; 0 lays three times in a row; then the game is over.
    let (rows, rest) = table_after(3, 21, 44);
    assert_eq!(rest.len(), 4);
    let mut g =
        pos(&format!("players=3; to_move=1; rows={rows}; hands={} {} {}/{}/", rest[0], rest[1], rest[2], rest[3]));
    assert_eq!(g.draw_len(), 0);
    let mut movers = Vec::new();
    while let Some(p) = g.to_move() {
        assert_eq!(lay_any(&mut g), p);
        movers.push(p);
    }
    assert_eq!(movers, vec![1, 0, 0, 0]);
    assert_eq!(g.cards_on_table(), 48);

    // Four players: 3 holds one, 0 two, 1 none, 2 one; 3 starts: 3, 0, (1 skipped) 2, (3 and
    // 1 skipped) 0.
    let (rows, rest) = table_after(4, 22, 44);
    let mut g =
        pos(&format!("players=4; to_move=3; rows={rows}; hands={} {}//{}/{}", rest[0], rest[1], rest[2], rest[3]));
    let mut movers = Vec::new();
    while let Some(p) = g.to_move() {
        assert_eq!(lay_any(&mut g), p);
        movers.push(p);
    }
    assert_eq!(movers, vec![3, 0, 2, 0]);
}

#[test]
fn the_highest_score_wins_and_equal_scores_share() {
    // 47 cards lie, player 0 holds the last one. With announce and nothing claimed the last
    // card scores 0, so the given scores are final.
    let (rows, rest) = table_after(3, 33, 47);
    let last = &rest[0];
    for (scores, winners) in
        [("5,5,2", vec![0, 1]), ("4,5,2", vec![1]), ("6,5,5", vec![0]), ("7,3,7", vec![0, 2]), ("0,0,0", vec![0, 1, 2])]
    {
        let mut g = pos(&format!("players=3; announce; scores={scores}; rows={rows}; hands={last}//"));
        assert_eq!(g.outcome(), None);
        assert_eq!(lay_any(&mut g), 0);
        assert_eq!(g.outcome(), Some(Outcome::Winners(winners)), "scores {scores}");
    }
}

// ----- saves ---------------------------------------------------------------------------------

fn played(players: usize, options: Options, seed: u64, moves: usize) -> GutAngelegt {
    let mut g = GutAngelegt::new(players, options, seed).unwrap();
    for _ in 0..moves {
        let moves = g.legal_moves();
        let mv = moves[g.turn() as usize % moves.len()].clone();
        g.apply(&mv).unwrap();
    }
    g
}

#[test]
fn a_save_loads_back_and_plays_on_the_same() {
    for (options, moves) in [(Options::default(), 20), (Options { announce: true }, 30), (Options::default(), 47)] {
        let g = played(3, options, 17, moves);
        let text = serde_json::to_string(&g).unwrap();
        let mut back: GutAngelegt = serde_json::from_str(&text).unwrap();
        back.validate().unwrap();
        assert_eq!(back, g);
        let mut g = g;
        while let Some(mv) = g.legal_moves().first().cloned() {
            assert_eq!(back.apply(&mv), g.apply(&mv));
        }
        assert_eq!(back, g);
    }
}

/// Loads `g` as JSON edited by `edit` and validates it.
fn tampered(g: &GutAngelegt, edit: impl FnOnce(&mut Value)) -> Result<(), String> {
    let mut v = serde_json::to_value(g).unwrap();
    edit(&mut v);
    let t: GutAngelegt = serde_json::from_value(v).expect("the edited save still parses");
    t.validate()
}

fn arr(v: &mut Value) -> &mut Vec<Value> {
    v.as_array_mut().expect("an array")
}

fn refuses(g: &GutAngelegt, why: &str, edit: impl FnOnce(&mut Value)) {
    match tampered(g, edit) {
        Err(e) => assert!(e.contains(why), "refused for {e:?}, expected {why:?}"),
        Ok(()) => panic!("accepted a save that should fail with {why:?}"),
    }
}

#[test]
fn validate_refuses_tampered_saves() {
    let open = played(2, Options::default(), 4, 3);
    let full_row = played(2, Options::default(), 4, 11);
    assert_eq!((open.rows().len(), full_row.rows().len(), full_row.rows()[0].cards.len()), (1, 1, 12));
    let mut second = full_row.clone();
    put(&mut second, Place::Corner { top: false, left: true });
    for g in [&open, &full_row, &second] {
        assert_eq!(tampered(g, |_| {}), Ok(()));
    }
    // A card twice: a hand card also in the supply.
    refuses(&open, "twice", |v| {
        let c = v["hands"][0][0].clone();
        arr(&mut v["draw"]).push(c);
    });
    // 49 cards.
    refuses(&open, "twice", |v| arr(&mut v["draw"]).push(json!(48)));
    // A row of 13: the top card of the supply added to the complete first row.
    refuses(&full_row, "up to 12 cards", |v| {
        let c = arr(&mut v["draw"]).pop().unwrap();
        arr(&mut v["rows"][0]["cards"]).push(json!({ "card": c, "turned": false }));
    });
    // Two first rows.
    refuses(&second, "exactly one first row", |v| v["rows"][1]["anchor"] = json!("Both"));
    // A second open row: beside the open first row, or beside the open second row.
    for g in [&open, &second] {
        refuses(g, "before the last one was complete", |v| {
            let c = arr(&mut v["draw"]).pop().unwrap();
            arr(&mut v["rows"]).push(json!({ "anchor": "Left", "cards": [{ "card": c, "turned": false }] }));
        });
    }
    // A complete second row (12 cards from the supply) beside the open first row.
    refuses(&open, "before the last one was complete", |v| {
        let draw = arr(&mut v["draw"]);
        let cards: Vec<Value> = draw.drain(draw.len() - 12..).map(|c| json!({ "card": c, "turned": false })).collect();
        arr(&mut v["rows"]).push(json!({ "anchor": "Left", "cards": cards }));
    });
    // The player to move out of range.
    refuses(&open, "do not fit the players", |v| v["to_move"] = json!(2));
    // A hand of 4.
    refuses(&open, "wrong number of cards", |v| {
        let c = arr(&mut v["draw"]).pop().unwrap();
        arr(&mut v["hands"][1]).push(c);
    });
}

/// Every line a log entry names, moved into today's table coordinates, still lies on one colour
/// in today's table: the log keeps pointing at the same cards while rows grow left and on top.
#[test]
fn log_positions_name_the_same_fields_as_the_table_grows() {
    let mut shifted = 0;
    for seed in 0..40 {
        let mut g = GutAngelegt::new(2, Options::default(), seed).unwrap();
        let mut log = Vec::new();
        let mut pick = seed;
        while !g.is_over() {
            let moves = g.legal_moves();
            pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            // Prefer the table's left end and new top rows, which move everything laid before.
            let growing: Vec<&Move> =
                moves.iter().filter(|Move::Lay { place, .. }| table_shift(*place) != (0, 0)).collect();
            let mv = if !growing.is_empty() && pick % 3 == 0 {
                growing[(pick >> 33) as usize % growing.len()].clone()
            } else {
                moves[(pick >> 33) as usize % moves.len()].clone()
            };
            log.push(g.apply(&mv).unwrap());
        }
        for (i, [lines, _, _]) in log_lines_now(&log).into_iter().enumerate() {
            let later_moves = log[i + 1..].iter().any(|Event::Laid { place, .. }| table_shift(*place) != (0, 0));
            shifted += usize::from(later_moves && !lines.is_empty());
            for l in lines {
                let n = l.len() as i64;
                let (sx, sy) = ((l.to.0 as i64 - l.from.0 as i64).signum(), (l.to.1 as i64 - l.from.1 as i64).signum());
                let colors: Vec<Option<u8>> = (0..n)
                    .map(|k| g.field((l.from.0 as i64 + k * sx) as usize, (l.from.1 as i64 + k * sy) as usize))
                    .collect();
                assert!(
                    colors[0].is_some() && colors.iter().all(|c| *c == colors[0]),
                    "seed {seed}, move {i}: {l:?} lies on {colors:?}"
                );
            }
        }
    }
    assert!(shifted > 20, "too few scored lines were moved by later moves ({shifted}) to test anything");
}
