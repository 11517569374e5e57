//! Property tests for the Vier mal Vier engine: over 10 000 random complete games (single games
//! and matches of 2 and 3, hidden and open view, with and without the Profi rule), moves drawn at
//! random among the legal ones with a seeded generator. After every move the invariants are
//! checked against independent recounts written here from the public accessors (`at`,
//! `Placed::shape_toward`, the stone set as listed in CLARIFICATIONS §3): the colour rule, the
//! stones, the legal placements, four-rows with the rulebook's winner, the blocked end,
//! three-runs and match points, and the reason each refused move is refused. What every game
//! promises (validation, save round trips, refused moves leaving the state, listed moves
//! applying, replays) is checked once for all games in tests/contract.rs.
//!
//! The completion solver `completable()` is compared with a brute-force search over actual
//! placements (bottom row at both ends, stacking, colour rule) on thousands of positions.

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use spieltisch::engine::viermalvier::{
    Event, GameEnd, Line, Move, Options, Placed, RuleError, Spot, VierMalVier, View, STONES,
};
use spieltisch::engine::{Game, Outcome};
use std::collections::HashSet;

/// Random games (single games and matches alike count as one each) per test function; two test
/// functions → 10 000 per run.
const GAMES_PER_TEST: u64 = 5_000;
/// No match may take more moves than this (16 stones per game, objections give a stone back).
const MAX_MOVES: u32 = 2_000;

/// CLARIFICATIONS §3: colour digit, face 1, face 2. Index = stone id.
const SET: [&str; 16] =
    ["0TT", "0UV", "0VW", "0WU", "1UU", "1TW", "1WV", "1VT", "2VV", "2TU", "2UW", "2WT", "3WW", "3TV", "3VU", "3UT"];

#[derive(Default, Debug)]
struct Stats {
    games: u64,
    matches: u64,
    moves: u64,
    places: u64,
    won_by_mover: u64,
    won_by_opponent: u64,
    both_sides: u64,
    blocked: u64,
    blocked_full_wall: u64,
    draws: u64,
    objections: u64,
    take_backs: u64,
    announcements: u64,
    illegal_checked: u64,
    legal_applied: u64,
    brute_force: u64,
    brute_force_completable: u64,
}

// ----- independent helpers -------------------------------------------------------------------

fn colour_of(stone: u8) -> u8 {
    SET[usize::from(stone)].as_bytes()[0] - b'0'
}

/// The wall read cell by cell through `at`: columns left to right, bottom to top.
fn columns(g: &VierMalVier) -> Vec<Vec<Placed>> {
    let mut cols = Vec::new();
    for c in 0..6 {
        let col: Vec<Placed> = (0..6).map_while(|r| g.at(c, r)).collect();
        if col.is_empty() {
            break;
        }
        cols.push(col);
    }
    cols
}

/// Colours only: what the colour rule and completion look at.
type Layout = Vec<Vec<u8>>;

fn layout(g: &VierMalVier) -> Layout {
    columns(g).iter().map(|c| c.iter().map(|p| colour_of(p.stone)).collect()).collect()
}

/// Where a stone of `colour` lands on `spot`, after the move, or why not.
#[derive(Debug, PartialEq)]
enum Fit {
    At(usize, usize),
    NoRoom,
    /// A clash in the target row (else only in the column).
    Clash {
        in_row: bool,
    },
}

fn fit(l: &Layout, colour: u8, spot: Spot) -> Fit {
    let width = l.len();
    let (col, row) = match spot {
        Spot::Left | Spot::Right if width >= 4 => return Fit::NoRoom,
        Spot::Left => (None, 0),
        Spot::Right => (None, 0),
        Spot::On(c) if c < width && l[c].len() < 4 => (Some(c), l[c].len()),
        Spot::On(_) => return Fit::NoRoom,
    };
    if l.iter().any(|column| column.get(row) == Some(&colour)) {
        return Fit::Clash { in_row: true };
    }
    if let Some(c) = col {
        if l[c].contains(&colour) {
            return Fit::Clash { in_row: false };
        }
    }
    match spot {
        Spot::Left => Fit::At(0, 0),
        Spot::Right => Fit::At(width, 0),
        Spot::On(c) => Fit::At(c, row),
    }
}

fn all_spots(width: usize) -> Vec<Spot> {
    let mut spots = vec![Spot::Left, Spot::Right];
    spots.extend((0..width).map(Spot::On));
    spots
}

fn put<T>(wall: &mut Vec<Vec<T>>, item: T, spot: Spot) {
    match spot {
        Spot::Left => wall.insert(0, vec![item]),
        Spot::Right => wall.push(vec![item]),
        Spot::On(c) => wall[c].push(item),
    }
}

fn used(g: &VierMalVier) -> Vec<u8> {
    columns(g).iter().flatten().map(|p| p.stone).collect()
}

fn used_mask(g: &VierMalVier) -> u32 {
    used(g).iter().fold(0, |m, &s| m | 1 << s)
}

fn unused(g: &VierMalVier) -> Vec<u8> {
    let u = used_mask(g);
    (0..16).filter(|s| u & 1 << s == 0).collect()
}

/// Some stone not in the wall fits somewhere.
fn any_fit(g: &VierMalVier) -> bool {
    let l = layout(g);
    unused(g)
        .iter()
        .any(|&s| all_spots(l.len()).into_iter().any(|spot| matches!(fit(&l, colour_of(s), spot), Fit::At(..))))
}

/// A Place move as (stone, face, spot code), sortable.
type PlaceKey = (u8, u8, usize);

fn spot_code(spot: Spot) -> usize {
    match spot {
        Spot::Left => 0,
        Spot::Right => 1,
        Spot::On(c) => 2 + c,
    }
}

fn place_key(mv: &Move) -> Option<PlaceKey> {
    match *mv {
        Move::Place { stone, face, spot } => Some((stone, face, spot_code(spot))),
        _ => None,
    }
}

/// The Place moves the rules allow for the player to move. The first stone is listed at the
/// right end only (left and right are the same spot then).
fn my_places(g: &VierMalVier) -> Vec<PlaceKey> {
    let l = layout(g);
    let mut out = Vec::new();
    for stone in unused(g) {
        for spot in all_spots(l.len()) {
            if l.is_empty() && spot == Spot::Left {
                continue;
            }
            if matches!(fit(&l, colour_of(stone), spot), Fit::At(..)) {
                for face in 0..2 {
                    out.push((stone, face, spot_code(spot)));
                }
            }
        }
    }
    out
}

fn shape(g: &VierMalVier, side: usize, (c, r): (usize, usize)) -> Option<u8> {
    g.at(c, r).map(|p| p.shape_toward(side))
}

/// Every line of four cells (rows, columns, the two long diagonals) of the 4 × 4 frame. A line
/// can only be full where the wall has its cells, so rows and diagonals need 4 columns.
fn frame_lines() -> [Line; 10] {
    let row = |i| [(0, i), (1, i), (2, i), (3, i)];
    let col = |i| [(i, 0), (i, 1), (i, 2), (i, 3)];
    [
        row(0),
        row(1),
        row(2),
        row(3),
        col(0),
        col(1),
        col(2),
        col(3),
        [(0, 0), (1, 1), (2, 2), (3, 3)],
        [(0, 3), (1, 2), (2, 1), (3, 0)],
    ]
}

/// Full lines on `side` with four same or four different shapes, plus how many are four same.
fn my_four_rows(g: &VierMalVier, side: usize) -> (Vec<Line>, u32) {
    let mut found = Vec::new();
    let mut same = 0;
    for line in frame_lines() {
        // Bit per shape seen; a full line with one bit is four same, with four bits four
        // different.
        let mut mask = 0u8;
        let mut filled = 0;
        for &cell in &line {
            if let Some(s) = shape(g, side, cell) {
                mask |= 1 << s;
                filled += 1;
            }
        }
        if filled < 4 {
            continue;
        }
        if mask.count_ones() == 1 {
            same += 1;
        }
        if mask.count_ones() == 1 || mask.count_ones() == 4 {
            found.push(line);
        }
    }
    (found, same)
}

/// Three-runs on `side`: along every maximal line of length ≥ 3 of the 4 × 4 frame, each window
/// of three consecutive filled cells with one shape.
fn my_three_runs(g: &VierMalVier, side: usize) -> u32 {
    /// First cell, step, length.
    type Run = ((i32, i32), (i32, i32), i32);
    let mut lines: Vec<Run> = Vec::new();
    for i in 0..4 {
        lines.push(((0, i), (1, 0), 4));
        lines.push(((i, 0), (0, 1), 4));
    }
    lines.extend([((0, 0), (1, 1), 4), ((1, 0), (1, 1), 3), ((0, 1), (1, 1), 3)]);
    lines.extend([((0, 3), (1, -1), 4), ((0, 2), (1, -1), 3), ((1, 3), (1, -1), 3)]);
    let mut n = 0;
    for ((c0, r0), (dc, dr), len) in lines {
        let cells: Vec<Option<u8>> =
            (0..len).map(|k| shape(g, side, ((c0 + k * dc) as usize, (r0 + k * dr) as usize))).collect();
        for w in cells.windows(3) {
            if let [Some(a), Some(b), Some(c)] = w {
                if a == b && b == c {
                    n += 1;
                }
            }
        }
    }
    n
}

// ----- brute-force completion --------------------------------------------------------------------

fn layout_key(l: &Layout) -> u64 {
    let mut k = l.len() as u64;
    for col in l {
        k = k << 3 | col.len() as u64;
        for &c in col {
            k = k << 2 | u64::from(c);
        }
    }
    k
}

/// Can the wall grow to 16 stones by actual placements of the remaining stones (4 per colour in
/// all; faces do not matter)? Depth-first over every legal placement, with a memo of layouts
/// already found to be dead ends.
fn brute_completable(l: &Layout) -> bool {
    fn dfs(l: &mut Layout, dead: &mut HashSet<u64>) -> bool {
        let placed: usize = l.iter().map(Vec::len).sum();
        if placed == 16 {
            return true;
        }
        let key = layout_key(l);
        if dead.contains(&key) {
            return false;
        }
        for colour in 0..4u8 {
            if l.iter().flatten().filter(|&&c| c == colour).count() >= 4 {
                continue;
            }
            for spot in all_spots(l.len()) {
                if !matches!(fit(l, colour, spot), Fit::At(..)) {
                    continue;
                }
                put(l, colour, spot);
                let ok = dfs(l, dead);
                match spot {
                    Spot::Left => drop(l.remove(0)),
                    Spot::Right => drop(l.pop()),
                    Spot::On(c) => drop(l[c].pop()),
                }
                if ok {
                    return true;
                }
            }
        }
        dead.insert(key);
        false
    }
    dfs(&mut l.clone(), &mut HashSet::new())
}

// ----- checks ------------------------------------------------------------------------------------

/// What the test itself remembers across moves.
struct Track {
    /// The last stone's placer and the state before it, while it may be objected to.
    objectable: Option<(usize, VierMalVier)>,
    /// Match points per player, summed from this file's own per-game counts.
    points: [u32; 2],
    games_done: usize,
}

fn check_state(g: &VierMalVier) {
    let cols = columns(g);
    assert_eq!(g.wall(), &cols[..]);
    assert_eq!(g.width(), cols.len());
    assert!(cols.len() <= 4 && cols.iter().all(|c| !c.is_empty() && c.len() <= 4), "{cols:?}");
    // The colour rule in every row and column.
    let l = layout(g);
    for (c, col) in l.iter().enumerate() {
        let distinct: HashSet<u8> = col.iter().copied().collect();
        assert_eq!(distinct.len(), col.len(), "colour twice in column {c}: {l:?}");
    }
    for r in 0..4 {
        let row: Vec<u8> = l.iter().filter_map(|col| col.get(r).copied()).collect();
        let distinct: HashSet<u8> = row.iter().copied().collect();
        assert_eq!(distinct.len(), row.len(), "colour twice in row {r}: {l:?}");
    }
    // Stones: each at most once, wall + remaining = 16.
    let u = used(g);
    let distinct: HashSet<u8> = u.iter().copied().collect();
    assert_eq!(distinct.len(), u.len(), "a stone twice: {u:?}");
    assert!(u.iter().all(|&s| s < 16 && g.is_used(s)));
    assert!(cols.iter().flatten().all(|p| p.front < 2));
    assert_eq!(g.remaining(), unused(g));
    assert_eq!(u.len() + g.remaining().len(), 16);
    assert_eq!(g.stones_placed(), u.len());
    // Views: side 0 as laid, side 1 mirrored.
    let (v0, v1) = (g.view_of(0), g.view_of(1));
    assert_eq!((v0.len(), v1.len()), (cols.len(), cols.len()));
    for (c, col) in cols.iter().enumerate() {
        for r in 0..4 {
            assert_eq!(v0[c][r], col.get(r).map(|p| p.shape_toward(0)));
            assert_eq!(v1[cols.len() - 1 - c][r], col.get(r).map(|p| p.shape_toward(1)));
        }
    }
    // Three-runs and four-rows against the recounts.
    let mut fours = false;
    for side in 0..2 {
        assert_eq!(g.three_runs(side), my_three_runs(g, side), "side {side}");
        let (lines, same) = my_four_rows(g, side);
        let listed = g.four_rows(side);
        assert_eq!(listed.len(), lines.len());
        assert!(listed.iter().all(|l| lines.contains(l)), "side {side}: {listed:?}");
        assert_eq!(g.same_four_rows(side), same);
        fours |= !lines.is_empty();
    }
    // A running game has no four-row and some stone that fits; a finished one matches its end.
    match g.end() {
        None => {
            assert!(!fours, "a four-row in a running game");
            assert!(any_fit(g), "no stone fits in a running game");
        }
        Some(GameEnd::FourRow { .. }) => assert!(fours),
        Some(GameEnd::Blocked { points }) => {
            assert!(!fours && !any_fit(g), "blocked although a stone fits");
            assert_eq!(*points, [my_three_runs(g, 0), my_three_runs(g, 1)]);
        }
    }
    assert_eq!(g.has_hidden_information(), g.options().view == View::Hidden && g.end().is_none());
}

/// Why an Object / AllowTakeBack is refused, or None if it must be accepted.
fn objection_refusal(g: &VierMalVier, track: &Track) -> Option<RuleError> {
    if g.end().is_some() {
        return Some(RuleError::GameOver);
    }
    if !g.options().profi {
        return Some(RuleError::NothingToObject);
    }
    if g.announced() {
        return Some(RuleError::AlreadyAnnounced);
    }
    let Some((_, before)) = &track.objectable else {
        return Some(RuleError::NothingToObject);
    };
    if g.completable() || !before.completable() {
        return Some(RuleError::ObjectionUnfounded);
    }
    None
}

fn announce_refusal(g: &VierMalVier) -> Option<RuleError> {
    if g.end().is_some() {
        Some(RuleError::GameOver)
    } else if !g.options().profi {
        Some(RuleError::NothingToObject)
    } else if g.announced() {
        Some(RuleError::AlreadyAnnounced)
    } else if g.completable() {
        Some(RuleError::AnnouncementWrong)
    } else {
        None
    }
}

/// Applies a move that must be refused with `err` and checks that nothing changed.
fn expect_refused(g: &mut VierMalVier, mv: &Move, err: &RuleError, stats: &mut Stats) {
    let before = g.clone();
    assert_eq!(g.apply(mv).as_ref(), Err(err), "{mv:?} on {before:?}");
    assert_eq!(*g, before, "the refused {mv:?} changed the state");
    stats.illegal_checked += 1;
}

/// The state as this file sees it: colours and the stones in the wall.
struct Seen {
    layout: Layout,
    used: u32,
    over: bool,
}

fn seen(g: &VierMalVier) -> Seen {
    Seen { layout: layout(g), used: used_mask(g), over: g.end().is_some() }
}

/// The refusal for a Place move by the rules, or None if it must be accepted.
fn place_refusal(w: &Seen, stone: u8, face: u8, spot: Spot) -> Option<RuleError> {
    if w.over {
        return Some(RuleError::GameOver);
    }
    if stone >= 16 {
        return Some(RuleError::NoSuchStone { stone });
    }
    if w.used & 1 << stone != 0 {
        return Some(RuleError::StoneUsed { stone });
    }
    if face > 1 {
        return Some(RuleError::BadFace);
    }
    match fit(&w.layout, colour_of(stone), spot) {
        Fit::At(..) => None,
        Fit::NoRoom => Some(RuleError::NoRoom),
        // The position of the clash is checked separately.
        Fit::Clash { in_row } => Some(RuleError::Colour { color: colour_of(stone), in_row, at: (0, 0) }),
    }
}

/// Tries a refused Place and checks the reason; a colour clash must name a stone of that colour
/// in the target row or column (in coordinates after the move, like `landing`).
fn check_place_refused(g: &mut VierMalVier, w: &Seen, stone: u8, face: u8, spot: Spot, stats: &mut Stats) {
    let expected = place_refusal(w, stone, face, spot).expect("a legal move");
    let before = g.clone();
    let got = g.apply(&Move::Place { stone, face, spot });
    assert_eq!(*g, before, "the refused {stone}/{face}/{spot:?} changed the state");
    stats.illegal_checked += 1;
    match (expected, got) {
        (RuleError::Colour { color, in_row, .. }, Err(RuleError::Colour { color: c2, in_row: r2, at })) => {
            assert_eq!((color, in_row), (c2, r2), "{stone} on {spot:?}");
            let shift = usize::from(spot == Spot::Left);
            let (row_now, col_now) = match spot {
                Spot::On(c) => (g.wall()[c].len(), Some(c)),
                _ => (0, None),
            };
            let there = at.0.checked_sub(shift).and_then(|c| g.at(c, at.1)).expect("the clash names a stone");
            assert_eq!(colour_of(there.stone), color);
            if in_row {
                assert_eq!(at.1, row_now);
            } else {
                assert_eq!(Some(at.0), col_now);
            }
        }
        (e, got) => assert_eq!(got, Err(e), "{stone}/{face} on {spot:?}"),
    }
}

fn random_spot(r: &mut Pcg64Mcg, width: usize) -> Spot {
    match r.random_range(0..4) {
        0 => Spot::Left,
        1 => Spot::Right,
        _ => Spot::On(r.random_range(0..width + 2)),
    }
}

/// Legal moves against the rules; a sample of illegal moves refused with the rule's reason.
fn check_moves(g: &mut VierMalVier, track: &Track, r: &mut Pcg64Mcg, stats: &mut Stats) -> Vec<Move> {
    let legal = g.legal_moves();
    let Some(_) = g.to_move() else {
        assert!(legal.is_empty());
        for mv in [
            Move::Object,
            Move::AllowTakeBack,
            Move::Announce,
            Move::NextGame,
            Move::Place { stone: 0, face: 0, spot: Spot::Right },
        ] {
            expect_refused(g, &mv, &RuleError::GameOver, stats);
        }
        return legal;
    };
    if g.end().is_some() {
        // Between the games of a match.
        assert_eq!(legal, vec![Move::NextGame]);
        for mv in
            [Move::Object, Move::AllowTakeBack, Move::Announce, Move::Place { stone: 0, face: 0, spot: Spot::Right }]
        {
            expect_refused(g, &mv, &RuleError::GameOver, stats);
        }
        return legal;
    }
    // The same set of places, each once.
    let mut places: Vec<PlaceKey> = legal.iter().filter_map(place_key).collect();
    places.sort_unstable();
    let mut mine = my_places(g);
    mine.sort_unstable();
    assert_eq!(places, mine);
    assert!(places.windows(2).all(|w| w[0] != w[1]), "a move twice");
    let object_ok = objection_refusal(g, track).is_none();
    assert_eq!(legal.contains(&Move::Object), object_ok);
    assert_eq!(legal.contains(&Move::AllowTakeBack), object_ok);
    assert_eq!(legal.contains(&Move::Announce), announce_refusal(g).is_none());
    assert!(!legal.contains(&Move::NextGame));
    expect_refused(g, &Move::NextGame, &RuleError::GameRunning, stats);
    if let Some(err) = objection_refusal(g, track) {
        expect_refused(g, &Move::Object, &err, stats);
        expect_refused(g, &Move::AllowTakeBack, &err, stats);
    }
    if let Some(err) = announce_refusal(g) {
        expect_refused(g, &Move::Announce, &err, stats);
    }

    // The first stone may also go to the "left end".
    if g.width() == 0 {
        let mut copy = g.clone();
        assert!(matches!(
            copy.apply(&Move::Place { stone: 5, face: 1, spot: Spot::Left }),
            Ok(Event::Placed { at: (0, 0), .. })
        ));
    }

    // Random place moves: any stone (also used ones and 16/17), face 0–2, any spot.
    let w = seen(g);
    for _ in 0..4 {
        let stone = r.random_range(0..18);
        let face = if r.random_bool(0.1) { 2 } else { r.random_range(0..2) };
        let spot = random_spot(r, g.width());
        match place_refusal(&w, stone, face, spot) {
            None => {
                assert!(
                    places.binary_search(&(stone, face, spot_code(spot))).is_ok()
                        || (g.width() == 0 && spot == Spot::Left)
                );
                stats.legal_applied += 1;
            }
            Some(_) => check_place_refused(g, &w, stone, face, spot, stats),
        }
    }
    // A used stone, and a colour clash on purpose.
    if let Some(&stone) = used(g).choose(r) {
        check_place_refused(g, &w, stone, 0, Spot::Right, stats);
    }
    let l = &w.layout;
    let clash = unused(g).into_iter().find_map(|stone| {
        all_spots(l.len())
            .into_iter()
            .find(|&s| matches!(fit(l, colour_of(stone), s), Fit::Clash { .. }))
            .map(|s| (stone, s))
    });
    if let Some((stone, spot)) = clash {
        check_place_refused(g, &w, stone, r.random_range(0..2), spot, stats);
    }
    legal
}

/// Applies `mv` and checks what it did against the rules.
fn apply_and_check(g: &mut VierMalVier, mv: &Move, track: &mut Track, stats: &mut Stats) {
    let before = g.clone();
    let player = g.to_move().unwrap();
    let ev = g.apply(mv).unwrap_or_else(|e| panic!("{mv:?} refused: {e}"));
    stats.moves += 1;
    assert_eq!(g.turn(), before.turn() + 1);
    match *mv {
        Move::Place { stone, face, spot } => {
            stats.places += 1;
            let front = if player == 0 { face } else { 1 - face };
            let Fit::At(c, row) = fit(&layout(&before), colour_of(stone), spot) else {
                panic!("{mv:?} should not fit")
            };
            assert_eq!(ev, Event::Placed { player, stone, front, spot, at: (c, row), width: g.width() });
            let mut wall = columns(&before);
            put(&mut wall, Placed { stone, front }, spot);
            assert_eq!(columns(g), wall);
            let placed = g.at(c, row).unwrap();
            // The chosen face looks at the mover.
            assert_eq!(placed.shape_toward(player), STONES[usize::from(stone)].faces[usize::from(face)]);
            assert_eq!(
                SET[usize::from(stone)].as_bytes()[1 + usize::from(face)],
                b"TUVW"[usize::from(placed.shape_toward(player))]
            );

            let (mine, mine_same) = my_four_rows(g, player);
            let (theirs, theirs_same) = my_four_rows(g, 1 - player);
            if !mine.is_empty() || !theirs.is_empty() {
                // The rulebook: the mover wins only if the four-row is on their side alone.
                let winner = if theirs.is_empty() { player } else { 1 - player };
                let Some(GameEnd::FourRow { winner: w, mover, lines }) = g.end() else {
                    panic!("four-row without end: {:?}", g.end())
                };
                assert_eq!((*w, *mover), (winner, player));
                let mut expected: Vec<(usize, Line)> =
                    mine.iter().map(|&l| (player, l)).chain(theirs.iter().map(|&l| (1 - player, l))).collect();
                expected.sort_unstable();
                let mut got = lines.clone();
                got.sort_unstable();
                assert_eq!(got, expected);
                let loser = 1 - winner;
                let mut points = [0, 0];
                points[winner] = 7;
                points[loser] = my_three_runs(g, loser) + if loser == player { mine_same } else { theirs_same };
                finish_game(g, &before, points, track, stats);
                if winner == player {
                    stats.won_by_mover += 1;
                } else {
                    stats.won_by_opponent += 1;
                }
                if !mine.is_empty() && !theirs.is_empty() {
                    stats.both_sides += 1;
                }
            } else if !any_fit(g) {
                let points = [my_three_runs(g, 0), my_three_runs(g, 1)];
                assert_eq!(g.end(), Some(&GameEnd::Blocked { points }));
                finish_game(g, &before, points, track, stats);
                stats.blocked += 1;
                if g.stones_placed() == 16 {
                    stats.blocked_full_wall += 1;
                }
            } else {
                assert_eq!(g.end(), None);
                assert_eq!(g.to_move(), Some(1 - player));
                let keep = before.options().profi && !before.announced();
                track.objectable = keep.then(|| (player, before.clone()));
                assert_eq!(g.last_stone(), keep.then_some((player, placed)));
            }
        }
        Move::Object | Move::AllowTakeBack => {
            let (placer, prev) = track.objectable.take().expect("an objection without a last stone");
            assert_eq!(g.stones_placed() + 1, before.stones_placed());
            let back = used(&before).into_iter().find(|s| !prev.is_used(*s)).unwrap();
            if *mv == Move::Object {
                assert_eq!(ev, Event::Objected { by: player, player: placer, stone: back });
                stats.objections += 1;
            } else {
                assert_eq!(ev, Event::TookBack { player: placer, stone: back });
                stats.take_backs += 1;
            }
            assert_eq!(columns(g), columns(&prev));
            assert!(!g.is_used(back));
            assert_eq!((g.to_move(), g.last_stone(), g.end()), (Some(placer), None, None));
            assert_eq!(g.announced(), prev.announced());
        }
        Move::Announce => {
            assert_eq!(ev, Event::Announced { by: player });
            assert!(g.announced() && !g.completable());
            assert_eq!(columns(g), columns(&before));
            assert_eq!((g.to_move(), g.last_stone()), (Some(player), None));
            track.objectable = None;
            stats.announcements += 1;
        }
        Move::NextGame => {
            let start = 1 - before.start_player();
            assert_eq!(player, start);
            assert_eq!(ev, Event::NextGame { game: before.records().len() + 1, start });
            assert_eq!((g.width(), g.start_player(), g.to_move(), g.end()), (0, start, Some(start), None));
            assert_eq!(g.records(), before.records());
            assert!(!g.announced());
            track.objectable = None;
        }
    }
}

fn finish_game(g: &VierMalVier, before: &VierMalVier, points: [u32; 2], track: &mut Track, stats: &mut Stats) {
    track.objectable = None;
    track.games_done += 1;
    stats.games += 1;
    track.points = [track.points[0] + points[0], track.points[1] + points[1]];
    assert_eq!(g.records().len(), track.games_done);
    let record = g.records().last().unwrap();
    assert_eq!(Some(&record.end), g.end());
    assert_eq!((record.start, record.stones, record.points), (before.start_player(), g.stones_placed(), points));
    assert_eq!(g.match_points(), track.points);
    assert_eq!(g.last_stone(), None);
    let games = usize::from(g.options().games);
    if track.games_done >= games {
        assert!(g.match_over());
        assert_eq!(g.to_move(), None);
        // The outcome: a single game by its end, a match by the points.
        let points = if games == 1 {
            match g.end().unwrap() {
                GameEnd::FourRow { winner, .. } => {
                    assert_eq!(g.outcome(), Some(Outcome::Winners(vec![*winner])));
                    return;
                }
                GameEnd::Blocked { points } => *points,
            }
        } else {
            track.points
        };
        let expected = match points[0].cmp(&points[1]) {
            std::cmp::Ordering::Greater => Outcome::Winners(vec![0]),
            std::cmp::Ordering::Less => Outcome::Winners(vec![1]),
            std::cmp::Ordering::Equal => Outcome::Draw,
        };
        if expected == Outcome::Draw {
            stats.draws += 1;
        }
        assert_eq!(g.outcome(), Some(expected));
    } else {
        assert!(!g.match_over());
        assert_eq!((g.to_move(), g.outcome()), (Some(1 - g.start_player()), None));
    }
}

fn play_match(options: Options, seed: u64, stats: &mut Stats) {
    let mut r = Pcg64Mcg::seed_from_u64(seed);
    let mut g = VierMalVier::new(2, options.clone(), seed).unwrap();
    let mut track = Track { objectable: None, points: [0, 0], games_done: 0 };
    let mut moves = 0;
    loop {
        check_state(&g);
        let legal = check_moves(&mut g, &track, &mut r, stats);
        if g.to_move().is_none() {
            break;
        }
        // Profi moves are rare among ~50 places; take them half the time they are offered.
        let special: Vec<&Move> = legal.iter().filter(|m| !matches!(m, Move::Place { .. })).collect();
        let mv = if !special.is_empty() && r.random_bool(0.5) {
            (*special.choose(&mut r).unwrap()).clone()
        } else {
            legal.choose(&mut r).unwrap().clone()
        };
        apply_and_check(&mut g, &mv, &mut track, stats);
        moves += 1;
        assert!(moves < MAX_MOVES, "endless match: {g:?}");
    }
    assert_eq!(track.games_done, usize::from(options.games));
    assert!(g.outcome().is_some());
    stats.matches += 1;
}

fn run(first: u64) -> Stats {
    let mut stats = Stats::default();
    for i in first..first + GAMES_PER_TEST {
        let options = Options {
            view: if i % 2 == 0 { View::Hidden } else { View::Open },
            without_tafeln: i % 5 == 0,
            profi: i % 3 != 0,
            games: [1, 1, 2, 3][(i / 2 % 4) as usize],
        };
        play_match(options, i.wrapping_mul(0x9E37_79B9_7F4A_7C15), &mut stats);
    }
    eprintln!(
        "viermalvier: {} matches, {} games, {} moves ({} stones), four-row won by mover {} / by opponent {} ({} on both sides), \
         blocked {} ({} full walls), draws {}, objections {}, take-backs {}, announcements {}, illegal moves refused {}",
        stats.matches,
        stats.games,
        stats.moves,
        stats.places,
        stats.won_by_mover,
        stats.won_by_opponent,
        stats.both_sides,
        stats.blocked,
        stats.blocked_full_wall,
        stats.draws,
        stats.objections,
        stats.take_backs,
        stats.announcements,
        stats.illegal_checked
    );
    assert_eq!(stats.matches, GAMES_PER_TEST);
    assert_eq!(stats.won_by_mover + stats.won_by_opponent + stats.blocked, stats.games);
    assert!(
        stats.won_by_mover > 0
            && stats.won_by_opponent > 0
            && stats.both_sides > 0
            && stats.blocked > 0
            && stats.draws > 0
            && stats.objections > 0
            && stats.take_backs > 0
            && stats.announcements > 0,
        "{stats:?}"
    );
    stats
}

#[test]
fn random_games_part_one() {
    run(0);
}

#[test]
fn random_games_part_two() {
    run(GAMES_PER_TEST);
}

#[test]
fn the_stone_set_as_listed() {
    for (id, s) in SET.iter().enumerate() {
        let b = s.as_bytes();
        let shape = |ch: u8| b"TUVW".iter().position(|&x| x == ch).unwrap() as u8;
        assert_eq!((STONES[id].color, STONES[id].faces), (b[0] - b'0', [shape(b[1]), shape(b[2])]), "stone {id}");
    }
}

/// Positions from random play (any stone, any spot, both faces), compared at random moments
/// with at least 6 stones in the wall.
#[test]
fn completable_agrees_with_brute_force() {
    let mut r = Pcg64Mcg::seed_from_u64(0x4444);
    let mut stats = Stats::default();
    let mut seen = HashSet::new();
    let mut games = 0;
    while stats.brute_force < 8_000 {
        games += 1;
        let mut g = VierMalVier::new(2, Options::default(), games).unwrap();
        while g.end().is_none() {
            let legal = g.legal_moves();
            g.apply(legal.choose(&mut r).unwrap()).unwrap();
            let l = layout(&g);
            if g.stones_placed() >= 6 && r.random_bool(0.3) && seen.insert(layout_key(&l)) {
                let brute = brute_completable(&l);
                assert_eq!(g.completable(), brute, "{l:?}");
                stats.brute_force += 1;
                stats.brute_force_completable += u64::from(brute);
            }
        }
    }
    // The empty wall, and the rulebook's example (Abb. 6): Y on R spoils the wall, Y on O not.
    let empty = VierMalVier::new(2, Options::default(), 0).unwrap();
    assert!(empty.completable() && brute_completable(&layout(&empty)));
    for (wall, completable) in [("0TT,2VV/1UU/2TU,3TV/3WW,0UV", false), ("0TT/1UU,2VV/2TU,3TV/3WW,0UV", true)] {
        let g = VierMalVier::from_position(&format!("wall={wall}")).unwrap();
        assert_eq!((g.completable(), brute_completable(&layout(&g))), (completable, completable), "{wall}");
    }
    eprintln!(
        "viermalvier: completable() = brute force on {} different positions ({} completable) from {games} games",
        stats.brute_force, stats.brute_force_completable
    );
    assert!(
        stats.brute_force_completable > 1_000 && stats.brute_force - stats.brute_force_completable > 1_000,
        "{stats:?}"
    );
}
