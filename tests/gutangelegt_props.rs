//! Property tests for the Gut angelegt engine: 10 000 random complete games (2, 3 and 4
//! players; every second one with the announce option), moves drawn at random among `legal_moves()`
//! with a seeded generator. After every move the state is checked against a model kept here
//! (where every card lies after Left/Right/Next/corner moves, whose turn it is, hands and
//! supply) and every move's points against a brute-force recount over ALL lines of the whole
//! table read through `field(x, y)`. In announce games random subsets of the correct lines are
//! claimed; a wrong claim among them is struck (the card stays, the claim scores nothing and is
//! logged as corrected); doubled claims must be refused with the state untouched, and so must
//! cards not in the hand and places not offered. What every game promises (validation, save round
//! trips, refused moves leaving the state, listed moves applying, replays, which moves `apply`
//! accepts beyond the listed ones) is checked once for all games in tests/contract.rs.
//!
//! In a dealt game nobody is ever skipped (when the supply runs out every hand holds 3 and turns
//! keep them level), so skipping empty hands is covered by the unit tests' end positions.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use spieltisch::engine::gutangelegt::{Event, GutAngelegt, Line, Move, Options, Place, RuleError};
use spieltisch::engine::{Game, Outcome};
use std::collections::HashSet;
use std::sync::OnceLock;
use std::time::Instant;

/// Games per test function; two functions → 10 000 games per run. Every second game uses the
/// announce option: there `legal_moves()` previews every placement, so an announce game costs
/// more than a plain one.
const GAMES_PER_TEST: u64 = 5_000;

#[derive(Default, Debug)]
struct Stats {
    games: u64,
    announce_games: u64,
    moves: u64,
    lines: u64,
    diagonal_lines: u64,
    lines_across_rows: u64,
    extended_old_lines: u64,
    max_points: u32,
    partial_claims: u64,
    missed_lines: u64,
    wrong_claims: u64,
    double_claims: u64,
    ignored_claims: u64,
    not_in_hand: u64,
    no_such_place: u64,
    shared_wins: u64,
    turned: u64,
    t_announce: std::time::Duration,
    t_plain: std::time::Duration,
}

/// The printed colours of a card, read once through `GutAngelegt::card`.
fn colours_of(id: u8) -> [u8; 3] {
    static CARDS: OnceLock<Vec<[u8; 3]>> = OnceLock::new();
    CARDS.get_or_init(|| (0..48).map(GutAngelegt::card).collect())[usize::from(id)]
}

// ----- the model -----------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Debug)]
enum Grow {
    Both,
    Rightwards,
    Leftwards,
}

/// A card row of the model: how it grows and its 12 columns of (card, turned).
type ModelRow = (Grow, Vec<Option<(u8, bool)>>);

/// Where every card lies, kept from the moves alone: card rows top to bottom, each with 12
/// columns of (card, turned).
#[derive(Clone)]
struct Model {
    /// Row 1 (`Grow::Both`) is packed from column 0 while it is open.
    rows: Vec<ModelRow>,
    hands: Vec<usize>,
    draw: usize,
    to_move: usize,
}

impl Model {
    fn new(g: &GutAngelegt) -> Model {
        let (x, y, l) = g.laid_cards()[0];
        assert_eq!((x, y, l.turned), (0, 0, false));
        let mut row = vec![None; 12];
        row[0] = Some((l.card, false));
        let players = g.player_count();
        Model { rows: vec![(Grow::Both, row)], hands: vec![3; players], draw: 47 - 3 * players, to_move: 0 }
    }

    fn count(row: &[Option<(u8, bool)>]) -> usize {
        row.iter().filter(|c| c.is_some()).count()
    }

    fn cards(&self) -> usize {
        self.rows.iter().map(|r| Model::count(&r.1)).sum()
    }

    fn places(&self) -> Vec<Place> {
        if self.cards() == 48 {
            return vec![];
        }
        match self.rows.iter().find(|r| Model::count(&r.1) < 12) {
            Some((Grow::Both, _)) => vec![Place::Left, Place::Right],
            Some(_) => vec![Place::Next],
            None if self.rows.len() < 4 => Place::ALL[3..].to_vec(),
            None => vec![],
        }
    }

    /// Lays the card; returns its column and top field row.
    fn lay(&mut self, card: (u8, bool), place: Place) -> (usize, usize) {
        let open = self.rows.iter().position(|r| Model::count(&r.1) < 12);
        match place {
            Place::Left => {
                let row = &mut self.rows[0].1;
                row.pop();
                row.insert(0, Some(card));
                (0, 0)
            }
            Place::Right => {
                let row = &mut self.rows[0].1;
                let n = Model::count(row);
                row[n] = Some(card);
                (n, 0)
            }
            Place::Next => {
                let r = open.unwrap();
                let (grow, row) = &mut self.rows[r];
                let n = Model::count(row);
                let x = if *grow == Grow::Rightwards { n } else { 11 - n };
                assert!(row[x].is_none());
                row[x] = Some(card);
                (x, 3 * r)
            }
            Place::Corner { top, left } => {
                let x = if left { 0 } else { 11 };
                let mut row = vec![None; 12];
                row[x] = Some(card);
                let grow = if left { Grow::Rightwards } else { Grow::Leftwards };
                if top {
                    self.rows.insert(0, (grow, row));
                    (x, 0)
                } else {
                    self.rows.push((grow, row));
                    (x, 3 * (self.rows.len() - 1))
                }
            }
        }
    }

    fn width(&self) -> usize {
        match self.rows.as_slice() {
            [(Grow::Both, row)] => Model::count(row),
            _ => 12,
        }
    }

    fn colour(&self, x: usize, y: usize) -> Option<u8> {
        let (_, row) = self.rows.get(y / 3)?;
        let (card, turned) = (*row.get(x)?)?;
        let c = colours_of(card);
        Some(if turned { c[2 - y % 3] } else { c[y % 3] })
    }

    /// `grid[y][x]` over the table.
    fn grid(&self) -> Vec<Vec<Option<u8>>> {
        (0..3 * self.rows.len()).map(|y| (0..self.width()).map(|x| self.colour(x, y)).collect()).collect()
    }

    fn next_player(&mut self) {
        let n = self.hands.len();
        for step in 1..=n {
            let p = (self.to_move + step) % n;
            if self.hands[p] > 0 {
                self.to_move = p;
                return;
            }
        }
    }
}

// ----- brute-force lines ---------------------------------------------------------------------

/// The table as read through `field(x, y)`, `rows[y][x]`. Every colour in it was read with
/// `field`: a new card's three fields after each move; when the table shifts (a card at the left
/// end of row 1, a row started on top) the read colours move with it, and now and then (and at the
/// end) the whole table is read again and must agree.
struct Seen {
    rows: Vec<[Option<u8>; 12]>,
}

impl Seen {
    fn read_all(g: &GutAngelegt) -> Seen {
        let rows = (0..g.height()).map(|y| std::array::from_fn(|x| g.field(x, y))).collect();
        Seen { rows }
    }

    /// Follows a move to `place` that laid a card at `at`.
    fn follow(&mut self, g: &GutAngelegt, place: Place, at: (usize, usize)) {
        match place {
            Place::Left => {
                for row in &mut self.rows {
                    row.rotate_right(1);
                }
            }
            Place::Corner { top: true, .. } => {
                self.rows.splice(0..0, [[None; 12]; 3]);
            }
            Place::Corner { top: false, .. } => self.rows.extend([[None; 12]; 3]),
            Place::Right | Place::Next => {}
        }
        for k in 0..3 {
            self.rows[at.1 + k][at.0] = g.field(at.0, at.1 + k);
        }
    }

    /// `grid[y][x]` over the table's width.
    fn grid(&self, width: usize) -> Vec<Vec<Option<u8>>> {
        self.rows.iter().map(|r| r[..width].to_vec()).collect()
    }
}

/// From the upper end, or the left end of a horizontal line.
fn normal(a: (usize, usize), b: (usize, usize)) -> Line {
    if (a.1, a.0) <= (b.1, b.0) {
        Line { from: a, to: b }
    } else {
        Line { from: b, to: a }
    }
}

/// Every maximal run of ≥ 3 same-coloured fields in the four directions, with its fields.
fn all_lines(grid: &[Vec<Option<u8>>]) -> Vec<(Line, Vec<(usize, usize)>)> {
    let h = grid.len() as i32;
    let w = grid.first().map_or(0, Vec::len) as i32;
    let at = |x: i32, y: i32| if x >= 0 && y >= 0 && x < w && y < h { grid[y as usize][x as usize] } else { None };
    let mut out = Vec::new();
    for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        for y in 0..h {
            for x in 0..w {
                let Some(c) = at(x, y) else { continue };
                if at(x - dx, y - dy) == Some(c) {
                    continue; // not the start of the run
                }
                let mut len = 1;
                while at(x + dx * len, y + dy * len) == Some(c) {
                    len += 1;
                }
                if len >= 3 {
                    let fields: Vec<(usize, usize)> =
                        (0..len).map(|k| ((x + dx * k) as usize, (y + dy * k) as usize)).collect();
                    out.push((normal(fields[0], fields[fields.len() - 1]), fields));
                }
            }
        }
    }
    out
}

fn points(line: Line) -> u32 {
    let len = line.from.0.abs_diff(line.to.0).max(line.from.1.abs_diff(line.to.1)) + 1;
    let diagonal = line.from.0 != line.to.0 && line.from.1 != line.to.1;
    len as u32 * if diagonal { 2 } else { 1 }
}

// ----- checks --------------------------------------------------------------------------------

fn expect_refused(g: &mut GutAngelegt, mv: &Move, err: RuleError) {
    let before = g.clone();
    assert_eq!(g.apply(mv), Err(err), "move {mv:?}");
    assert_eq!(*g, before, "the refused move {mv:?} changed the state");
}

/// The state agrees with the model: cards, colours (as read through `field`), hands, supply,
/// places, the mover.
fn check_state(g: &GutAngelegt, m: &Model, seen: &Seen) {
    let hands: usize = (0..g.player_count()).map(|p| g.hand(p).len()).sum();
    assert_eq!(g.cards_on_table() + hands + g.draw_len(), 48);
    assert_eq!(g.cards_on_table(), m.cards());
    assert_eq!((g.width(), g.height()), (m.width(), 3 * m.rows.len()));
    let mut laid = g.laid_cards();
    laid.sort_unstable_by_key(|c| (c.1, c.0));
    let mut want = Vec::new();
    for (r, (_, row)) in m.rows.iter().enumerate() {
        for (x, c) in row.iter().enumerate() {
            if let Some((card, turned)) = *c {
                want.push((x, 3 * r, card, turned));
            }
        }
    }
    assert_eq!(laid.iter().map(|&(x, y, l)| (x, y, l.card, l.turned)).collect::<Vec<_>>(), want);
    assert_eq!(seen.rows.len(), g.height());
    for (y, row) in seen.rows.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            assert_eq!(c, m.colour(x, y), "field ({x},{y})");
        }
    }
    assert_eq!(g.field(g.width(), 0), None);
    assert_eq!(g.field(0, g.height()), None);
    let mut held = [false; 48];
    for id in laid.iter().map(|c| c.2.card).chain((0..g.player_count()).flat_map(|p| g.hand(p).iter().copied())) {
        assert!(!std::mem::replace(&mut held[usize::from(id)], true), "card {id} twice");
    }
    assert_eq!(g.draw_len(), m.draw);
    for (p, &n) in m.hands.iter().enumerate() {
        assert_eq!(g.hand(p).len(), n, "hand of {p}");
    }
    assert_eq!(g.places(), m.places());
    if m.cards() < 48 {
        assert_eq!(g.to_move(), Some(m.to_move));
    } else {
        assert_eq!(g.to_move(), None);
    }
}

/// A claim that is wrong (struck when made): a correct line with an end moved, a straight run
/// through the new card, or a line of the table elsewhere. `None` if the pick happens to be right.
fn wrong_claim(r: &mut Pcg64Mcg, correct: &[Line], elsewhere: &[Line], new_fields: &[(usize, usize)]) -> Option<Line> {
    let candidate = match r.random_range(0..3) {
        0 if !correct.is_empty() => {
            let l = *correct.choose(r).unwrap();
            let (dx, dy) = (l.to.0 as i32 - l.from.0 as i32, l.to.1 as i32 - l.from.1 as i32);
            let n = dx.abs().max(dy.abs());
            let (sx, sy) = (dx / n, dy / n);
            let step = if r.random_bool(0.5) { 1 } else { -1 };
            let shift = |p: (usize, usize), k: i32| {
                ((p.0 as i32 + sx * k).max(0) as usize, (p.1 as i32 + sy * k).max(0) as usize)
            };
            if r.random_bool(0.5) {
                Line { from: shift(l.from, -step), to: l.to }
            } else {
                Line { from: l.from, to: shift(l.to, step) }
            }
        }
        1 if !elsewhere.is_empty() => *elsewhere.choose(r).unwrap(),
        _ => {
            let &(x, y) = new_fields.choose(r).unwrap();
            let (dx, dy) = *[(1, 0), (0, 1), (1, 1), (1, -1)].choose(r).unwrap();
            let back = r.random_range(0..3);
            let len = r.random_range(3..6);
            let (x0, y0) = (x as i32 - dx * back, y as i32 - dy * back);
            let (x1, y1) = (x0 + dx * (len - 1), y0 + dy * (len - 1));
            if x0 < 0 || y0 < 0 || x1 < 0 || y1 < 0 {
                return None;
            }
            Line { from: (x0 as usize, y0 as usize), to: (x1 as usize, y1 as usize) }
        }
    };
    let n = normal(candidate.from, candidate.to);
    (!correct.contains(&n)).then_some(candidate)
}

/// Each correct line with probability ½, each from a random end.
fn subset(r: &mut Pcg64Mcg, correct: &[Line]) -> Vec<Line> {
    let mut out = Vec::new();
    for &l in correct {
        if r.random_bool(0.5) {
            out.push(maybe_reversed(r, l));
        }
    }
    out
}

fn maybe_reversed(r: &mut Pcg64Mcg, l: Line) -> Line {
    if r.random_bool(0.5) {
        Line { from: l.to, to: l.from }
    } else {
        l
    }
}

fn play(players: usize, announce: bool, seed: u64, stats: &mut Stats) {
    let mut g = GutAngelegt::new(players, Options { announce }, seed).unwrap();
    let mut r = Pcg64Mcg::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut m = Model::new(&g);
    let mut earned = vec![0u32; players];
    let mut seen = Seen::read_all(&g);
    check_state(&g, &m, &seen);
    while let Some(player) = g.to_move() {
        let places = m.places();
        let hand = g.hand(player).to_vec();
        // legal_moves: every card of the hand, both ways up, at every open place.
        let legal = g.legal_moves();
        let keys: HashSet<(u8, bool, Place)> =
            legal.iter().map(|Move::Lay { card, turned, place, .. }| (*card, *turned, *place)).collect();
        assert_eq!(keys.len(), legal.len(), "a move listed twice");
        assert_eq!(keys.len(), hand.len() * 2 * places.len());
        assert!(keys.iter().all(|(c, _, p)| hand.contains(c) && places.contains(p)));

        // Illegal tries now and then.
        if r.random_bool(0.3) {
            let card = loop {
                let c = r.random_range(0..60u8);
                if !hand.contains(&c) {
                    break c;
                }
            };
            let mv = Move::Lay { card, turned: r.random(), place: *places.choose(&mut r).unwrap(), claims: vec![] };
            expect_refused(&mut g, &mv, RuleError::NotInHand { card });
            stats.not_in_hand += 1;
            let not_offered: Vec<Place> = Place::ALL.iter().copied().filter(|p| !places.contains(p)).collect();
            let mv = Move::Lay {
                card: *hand.choose(&mut r).unwrap(),
                turned: r.random(),
                place: *not_offered.choose(&mut r).unwrap(),
                claims: vec![],
            };
            expect_refused(&mut g, &mv, RuleError::NoSuchPlace);
            stats.no_such_place += 1;
        }

        let Move::Lay { card, turned, place, claims: all_claims } = legal.choose(&mut r).unwrap().clone();
        // Where the card goes, from the model.
        let mut after = m.clone();
        let at = after.lay((card, turned), place);
        let new_fields: Vec<(usize, usize)> = (0..3).map(|k| (at.0, at.1 + k)).collect();
        let through_new = |table: &[(Line, Vec<(usize, usize)>)]| -> Vec<Line> {
            let mut lines: Vec<Line> =
                table.iter().filter(|(_, f)| f.iter().any(|p| new_fields.contains(p))).map(|(l, _)| *l).collect();
            lines.sort_unstable();
            lines
        };

        let mut claimable = None;
        let mut wrong = None;
        let claims = if announce {
            // The lines to claim, recounted over the model's table after the move (checked
            // against `field` below).
            let table = all_lines(&after.grid());
            let correct = through_new(&table);
            let elsewhere: Vec<Line> = table.iter().filter(|(l, _)| !correct.contains(l)).map(|(l, _)| *l).collect();
            // legal_moves claims every line.
            assert_eq!(all_claims, correct);
            // A wrong claim among the claims: the move stands, the claim is struck (below).
            if r.random_bool(0.3) {
                wrong = wrong_claim(&mut r, &correct, &elsewhere, &new_fields);
                stats.wrong_claims += u64::from(wrong.is_some());
            }
            if !correct.is_empty() && r.random_bool(0.2) {
                let mut cl: Vec<Line> = correct.clone();
                cl.shuffle(&mut r);
                let i = r.random_range(0..cl.len());
                let dup = maybe_reversed(&mut r, cl[i]);
                let j = r.random_range(i + 1..=cl.len());
                cl.insert(j, dup);
                let mv = Move::Lay { card, turned, place, claims: cl };
                expect_refused(&mut g, &mv, RuleError::DoubleClaim { line: normal(dup.from, dup.to) });
                stats.double_claims += 1;
            }
            let cl = if r.random_bool(0.5) {
                all_claims
            } else {
                stats.partial_claims += 1;
                let mut cl: Vec<Line> = subset(&mut r, &correct);
                cl.shuffle(&mut r);
                cl
            };
            claimable = Some(correct);
            let mut cl = cl;
            if let Some(w) = wrong {
                let i = r.random_range(0..=cl.len());
                cl.insert(i, maybe_reversed(&mut r, w));
            }
            cl
        } else {
            assert!(all_claims.is_empty());
            if r.random_bool(0.1) {
                stats.ignored_claims += 1;
                // Ignored without the option, right or wrong.
                vec![Line { from: (0, 0), to: (40, 40) }]
            } else {
                vec![]
            }
        };
        let corrected: Vec<Line> = wrong.map(|w| normal(w.from, w.to)).into_iter().collect();
        let mut claimed: Vec<Line> =
            claims.iter().map(|l| normal(l.from, l.to)).filter(|l| !corrected.contains(l)).collect();
        claimed.sort_unstable();

        let ev = g.apply(&Move::Lay { card, turned, place, claims }).unwrap();

        // The model moves on: the mover draws while the supply lasts.
        m = after;
        if m.draw > 0 {
            m.draw -= 1;
        } else {
            m.hands[player] -= 1;
        }
        m.next_player();
        seen.follow(&g, place, at);
        // The whole table read again where it shifted, and now and then.
        if matches!(place, Place::Left | Place::Corner { top: true, .. }) || r.random_ratio(1, 32) {
            let again = Seen::read_all(&g);
            assert_eq!(again.rows, seen.rows);
            seen = again;
        }
        check_state(&g, &m, &seen);

        // The brute-force recount over all lines of the table as read through `field`.
        let table = all_lines(&seen.grid(g.width()));
        let correct = through_new(&table);
        if let Some(c) = claimable {
            assert_eq!(c, correct);
        }
        let scored = if announce { claimed } else { correct.clone() };
        let missed: Vec<Line> = correct.iter().copied().filter(|l| !scored.contains(l)).collect();
        let want_points: u32 = scored.iter().map(|&l| points(l)).sum();
        assert_eq!(
            ev,
            Event::Laid {
                player,
                card,
                turned,
                place,
                at,
                lines: scored,
                missed: missed.clone(),
                corrected,
                points: want_points
            }
        );
        earned[player] += want_points;
        for (p, &e) in earned.iter().enumerate() {
            assert_eq!(g.score(p), e, "score of {p}");
        }
        assert_eq!(g.turn() as usize, m.cards() - 1);

        stats.moves += 1;
        stats.turned += u64::from(turned);
        stats.lines += correct.len() as u64;
        stats.missed_lines += missed.len() as u64;
        stats.max_points = stats.max_points.max(want_points);
        for l in &correct {
            stats.diagonal_lines += u64::from(l.from.0 != l.to.0 && l.from.1 != l.to.1);
            stats.lines_across_rows += u64::from(l.from.1 / 3 != l.to.1 / 3);
            let (_, fields) = table.iter().find(|(t, _)| t == l).unwrap();
            stats.extended_old_lines += u64::from(fields.iter().filter(|f| !new_fields.contains(f)).count() >= 3);
        }
    }
    assert_eq!(Seen::read_all(&g).rows, seen.rows);
    // The end: 48 cards on 12 × 12 fields, highest score wins, equal scores share.
    assert_eq!((g.cards_on_table(), g.width(), g.height()), (48, 12, 12));
    assert_eq!(g.draw_len(), 0);
    assert!((0..players).all(|p| g.hand(p).is_empty()));
    assert!(g.places().is_empty());
    let best = *earned.iter().max().unwrap();
    let winners: Vec<usize> = (0..players).filter(|&p| earned[p] == best).collect();
    stats.shared_wins += u64::from(winners.len() > 1);
    assert_eq!(g.outcome(), Some(Outcome::Winners(winners)));
    let mv = Move::Lay { card: 0, turned: false, place: Place::Next, claims: vec![] };
    expect_refused(&mut g, &mv, RuleError::GameOver);
    stats.games += 1;
    stats.announce_games += u64::from(announce);
}

fn run(first: u64, name: &str) {
    let start = Instant::now();
    let mut stats = Stats::default();
    for seed in first..first + GAMES_PER_TEST {
        let players = 2 + (seed % 3) as usize;
        let announce = seed % 2 == 1;
        let t = Instant::now();
        play(players, announce, seed, &mut stats);
        if announce {
            stats.t_announce += t.elapsed();
        } else {
            stats.t_plain += t.elapsed();
        }
    }
    println!("{name}: {stats:?} in {:.1?}", start.elapsed());
    assert_eq!(stats.games, GAMES_PER_TEST);
    // The random games reach what the checks are about.
    assert!(stats.lines_across_rows > 0 && stats.diagonal_lines > 0 && stats.extended_old_lines > 0);
    assert!(stats.wrong_claims > 0 && stats.double_claims > 0 && stats.partial_claims > 0 && stats.missed_lines > 0);
    assert!(stats.shared_wins > 0 && stats.turned > 0);
}

#[test]
fn random_games_part_one() {
    run(0, "part one");
}

#[test]
fn random_games_part_two() {
    run(1_000_000, "part two");
}
