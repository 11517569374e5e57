//! Property tests for the Just 4 Fun engine: over 10 000 random complete games (2, 3 and 4
//! players, standard and random layout), moves chosen at random among the legal ones with a
//! seeded generator. After every move the invariants are checked against independent recounts
//! written here from the raw public state (not with the engine's own helpers). What every game
//! promises (validation, save round trips, refused moves, listed moves applying, replays) is
//! checked once for all games in tests/contract.rs.

use rand::seq::IndexedRandom;
use rand::Rng;
use rand_pcg::Pcg64Mcg;
use spieltisch::engine::just4fun::{deck, Event, Just4Fun, Move, Options, RuleError, CELLS};
use spieltisch::engine::{rng, Game, Outcome};

/// Games per player count; three player counts → 10 200 games per run.
const GAMES_PER_PLAYER_COUNT: u64 = 3_400;
/// No game may take more moves than this (80 stones at most, plus rare new hands).
const MAX_MOVES: u32 = 400;

#[derive(Default, Debug)]
struct Stats {
    games: u64,
    moves: u64,
    wins: u64,
    scored: u64,
    draws: u64,
    new_hands: u64,
    locks: u64,
    reshuffles: u64,
    illegal_checked: u64,
}

// ----- independent helpers -------------------------------------------------------------------

fn count(g: &Just4Fun, cell: usize, p: usize) -> u8 {
    g.stones_at(cell)[p]
}

/// Strictly more stones than everyone else (at least one).
fn holds_majority(g: &Just4Fun, cell: usize, p: usize) -> bool {
    let mine = count(g, cell, p);
    mine > 0 && (0..g.player_count()).all(|q| q == p || count(g, cell, q) < mine)
}

fn is_blocked(g: &Just4Fun, cell: usize, p: usize) -> bool {
    let mine = u32::from(count(g, cell, p));
    (0..g.player_count()).any(|q| q != p && u32::from(count(g, cell, q)) >= mine + 2)
}

fn cell_of(g: &Just4Fun, field: u32) -> Option<usize> {
    (0..CELLS).find(|&c| u32::from(g.number_at(c)) == field)
}

/// All runs of four adjacent cells in a straight line, by brute force over the grid.
fn all_runs() -> &'static [[usize; 4]] {
    static RUNS: std::sync::OnceLock<Vec<[usize; 4]>> = std::sync::OnceLock::new();
    RUNS.get_or_init(compute_runs)
}

fn compute_runs() -> Vec<[usize; 4]> {
    let mut runs = Vec::new();
    for r in 0..6i32 {
        for c in 0..6i32 {
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let cells: Vec<(i32, i32)> = (0..4).map(|k| (r + k * dr, c + k * dc)).collect();
                if cells.iter().all(|&(a, b)| (0..6).contains(&a) && (0..6).contains(&b)) {
                    let idx: Vec<usize> = cells.iter().map(|&(a, b)| (a * 6 + b) as usize).collect();
                    runs.push([idx[0], idx[1], idx[2], idx[3]]);
                }
            }
        }
    }
    runs
}

fn is_straight_run(line: &[usize; 4]) -> bool {
    let rc: Vec<(i32, i32)> = line.iter().map(|&c| ((c / 6) as i32, (c % 6) as i32)).collect();
    let d = (rc[1].0 - rc[0].0, rc[1].1 - rc[0].1);
    matches!(d, (0, 1) | (1, 0) | (1, 1) | (1, -1) | (0, -1) | (-1, 0) | (-1, -1) | (-1, 1))
        && (1..4).all(|k| (rc[k].0 - rc[k - 1].0, rc[k].1 - rc[k - 1].1) == d)
}

/// Every distinct sub-multiset of 1..=4 cards of the hand, sorted ascending (by bit masks).
fn card_subsets(hand: &[u8]) -> Vec<Vec<u8>> {
    let n = hand.len().min(4);
    let mut out: Vec<Vec<u8>> = (1u32..(1 << n))
        .map(|mask| {
            let mut v: Vec<u8> = (0..n).filter(|i| mask & (1 << i) != 0).map(|i| hand[i]).collect();
            v.sort_unstable();
            v
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The legal moves, recomputed from the hand and the stone counts.
fn expected_moves(g: &Just4Fun, p: usize) -> Vec<Move> {
    let mut plays: Vec<Move> = card_subsets(g.hand(p))
        .into_iter()
        .filter(|cards| {
            let sum: u32 = cards.iter().map(|&c| u32::from(c)).sum();
            cell_of(g, sum).is_some_and(|cell| !is_blocked(g, cell, p))
        })
        .map(|cards| Move::Play { cards })
        .collect();
    if plays.is_empty() {
        plays.push(Move::NewHand);
    }
    sort_moves(plays)
}

fn sort_moves(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort_by_key(|m| match m {
        Move::Play { cards } => cards.clone(),
        Move::NewHand => Vec::new(),
    });
    moves
}

fn is_sub_multiset(cards: &[u8], hand: &[u8]) -> bool {
    let mut left = hand.to_vec();
    cards.iter().all(|c| match left.iter().position(|h| h == c) {
        Some(i) => {
            left.swap_remove(i);
            true
        }
        None => false,
    })
}

/// The end scoring, recounted from the raw stone counts.
fn recount(g: &Just4Fun) -> (Vec<u32>, Outcome) {
    let n = g.player_count();
    let mut sums = vec![0u32; n];
    let mut best_field = vec![0u8; n];
    for cell in 0..CELLS {
        let counts = g.stones_at(cell);
        let top = *counts.iter().max().unwrap();
        let holders: Vec<usize> = (0..n).filter(|&p| counts[p] == top).collect();
        if top > 0 && holders.len() == 1 {
            let p = holders[0];
            sums[p] += u32::from(g.number_at(cell));
            best_field[p] = best_field[p].max(g.number_at(cell));
        }
    }
    let top = *sums.iter().max().unwrap();
    let tied: Vec<usize> = (0..n).filter(|&p| sums[p] == top).collect();
    let outcome = if tied.len() == 1 {
        Outcome::Winners(tied)
    } else {
        let high = tied.iter().map(|&p| best_field[p]).max().unwrap();
        let with_high: Vec<usize> = tied.into_iter().filter(|&p| best_field[p] == high).collect();
        if high > 0 && with_high.len() == 1 {
            Outcome::Winners(with_high)
        } else {
            Outcome::Draw
        }
    };
    (sums, outcome)
}

// ----- checks ----------------------------------------------------------------------------------

fn check_state(g: &Just4Fun) {
    assert_eq!(g.validate(), Ok(()));
    let n = g.player_count();
    // All 55 cards accounted for.
    let mut cards: Vec<u8> = (0..n).flat_map(|p| g.hand(p).to_vec()).collect();
    cards.extend_from_slice(g.draw_pile());
    cards.extend_from_slice(g.discard_pile());
    cards.sort_unstable();
    assert_eq!(cards, deck());
    assert_eq!(g.draw_pile_len(), g.draw_pile().len());
    assert_eq!(g.discard_len(), g.discard_pile().len());
    for p in 0..n {
        assert_eq!(g.hand(p).len(), 4, "hands are always refilled");
        let board: u32 = (0..CELLS).map(|c| u32::from(count(g, c, p))).sum();
        assert!(g.supply(p) <= 20);
        assert_eq!(u32::from(g.supply(p)) + board + u32::from(g.boxed(p)), 20, "player {p}");
    }
    for cell in 0..CELLS {
        assert_eq!(g.stones_at(cell).len(), n);
        if let Some(owner) = g.locked_by(cell) {
            assert!(count(g, cell, owner) >= 2);
            assert!((0..n).all(|q| q == owner || count(g, cell, q) == 0));
        }
    }
    if let Some(p) = g.to_move() {
        assert!(g.supply(p) > 0, "player {p} to move without stones");
    }
}

/// Refused moves: each must return an error and leave the game exactly as `snapshot`.
fn check_illegal(g: &mut Just4Fun, snapshot: &Just4Fun, r: &mut Pcg64Mcg, expected: &[Move], stats: &mut Stats) {
    let p = snapshot.to_move().unwrap();
    let hand = snapshot.hand(p).to_vec();
    let mut refuse = |g: &mut Just4Fun, mv: Move, want: Option<RuleError>| {
        let result = g.apply(&mv);
        match want {
            Some(e) => assert_eq!(result, Err(e), "{mv:?} with hand {hand:?}"),
            None => assert!(result.is_err(), "{mv:?} with hand {hand:?} was accepted"),
        }
        assert!(*g == *snapshot, "refused {mv:?} changed the state");
        stats.illegal_checked += 1;
    };

    let can_play = expected.iter().any(|m| matches!(m, Move::Play { .. }));
    if can_play {
        refuse(g, Move::NewHand, Some(RuleError::MustPlay));
    }
    refuse(g, Move::Play { cards: vec![] }, Some(RuleError::NoCards));
    let mut five = hand.clone();
    five.push(hand[0]);
    refuse(g, Move::Play { cards: five }, Some(RuleError::TooManyCards { count: 5 }));

    // One copy more of a card than the hand holds.
    let v = *hand.choose(r).unwrap();
    let have = hand.iter().filter(|&&c| c == v).count();
    if have < 4 {
        refuse(g, Move::Play { cards: vec![v; have + 1] }, Some(RuleError::CardsNotInHand));
    }
    // Random card lists: not in the hand → CardsNotInHand; in the hand but not a legal play → some error.
    for _ in 0..2 {
        let len = r.random_range(1..=4);
        let cards: Vec<u8> = (0..len).map(|_| r.random_range(0..=21u8)).collect();
        let mut sorted = cards.clone();
        sorted.sort_unstable();
        if !is_sub_multiset(&cards, &hand) {
            refuse(g, Move::Play { cards }, Some(RuleError::CardsNotInHand));
        } else if !expected.contains(&Move::Play { cards: sorted }) {
            refuse(g, Move::Play { cards }, None);
        }
    }
    // Sums over 36 and blocked fields made from the real hand, in shuffled order.
    let mut blocked_checked = 0;
    for cards in card_subsets(&hand) {
        let sum: u32 = cards.iter().map(|&c| u32::from(c)).sum();
        let mut shuffled = cards.clone();
        rand::seq::SliceRandom::shuffle(shuffled.as_mut_slice(), r);
        if sum > 36 {
            refuse(g, Move::Play { cards: shuffled }, Some(RuleError::SumNotAField { sum }));
        } else if let Some(cell) = cell_of(snapshot, sum).filter(|&c| is_blocked(snapshot, c, p)) {
            let result = g.apply(&Move::Play { cards: shuffled });
            match result {
                Err(RuleError::Blocked { field, by }) => {
                    assert_eq!(u32::from(field), sum);
                    assert!(by != p && u32::from(count(snapshot, cell, by)) >= u32::from(count(snapshot, cell, p)) + 2);
                }
                other => panic!("blocked play gave {other:?}"),
            }
            assert!(*g == *snapshot);
            blocked_checked += 1;
        }
    }
    stats.illegal_checked += blocked_checked;
}

fn check_transition(before: &Just4Fun, mv: &Move, ev: &Event, after: &Just4Fun, stats: &mut Stats) {
    let n = before.player_count();
    let p = before.to_move().unwrap();
    assert_eq!(after.turn(), before.turn() + 1);
    let stones_unchanged_except = |skip: Option<usize>| {
        for cell in (0..CELLS).filter(|&c| Some(c) != skip) {
            assert_eq!(before.stones_at(cell), after.stones_at(cell));
            assert_eq!(before.locked_by(cell), after.locked_by(cell));
        }
    };
    match (mv, ev) {
        (
            Move::Play { cards },
            Event::Placed { player, cards: ev_cards, field, cell, locked, boxed, win_line, game_over },
        ) => {
            assert_eq!(*player, p);
            let mut sorted = cards.clone();
            sorted.sort_unstable();
            assert_eq!(*ev_cards, sorted);
            let sum: u32 = cards.iter().map(|&c| u32::from(c)).sum();
            assert_eq!(u32::from(*field), sum);
            assert_eq!(Some(*cell), cell_of(before, sum));
            assert_eq!(after.supply(p) + 1, before.supply(p));
            assert_eq!(count(after, *cell, p), count(before, *cell, p) + 1);
            stones_unchanged_except(Some(*cell));
            // Lock: newly 2 ahead of everyone.
            let mine = count(after, *cell, p);
            let should_lock = before.locked_by(*cell).is_none()
                && (0..n).all(|q| q == p || u32::from(count(before, *cell, q)) + 2 <= u32::from(mine));
            assert_eq!(*locked, should_lock);
            if should_lock {
                stats.locks += 1;
                assert_eq!(after.locked_by(*cell), Some(p));
                let expected_box: Vec<(usize, u8)> = (0..n)
                    .filter(|&q| q != p && count(before, *cell, q) > 0)
                    .map(|q| (q, count(before, *cell, q)))
                    .collect();
                assert_eq!(*boxed, expected_box);
                for q in (0..n).filter(|&q| q != p) {
                    assert_eq!(count(after, *cell, q), 0);
                    assert_eq!(after.boxed(q), before.boxed(q) + count(before, *cell, q));
                    assert_eq!(after.supply(q), before.supply(q), "boxed stones do not come back");
                }
            } else {
                assert!(boxed.is_empty());
                assert_eq!(after.locked_by(*cell), before.locked_by(*cell));
            }
            // Win: some run of four where the mover holds the majority everywhere.
            let holder: Vec<Option<usize>> =
                (0..CELLS).map(|c| (0..n).find(|&q| holds_majority(after, c, q))).collect();
            let has_run = |q: usize| all_runs().iter().any(|run| run.iter().all(|&c| holder[c] == Some(q)));
            let any_run = has_run(p);
            assert_eq!(win_line.is_some(), any_run);
            if let Some(line) = win_line {
                stats.wins += 1;
                assert!(is_straight_run(line), "{line:?}");
                assert!(line.iter().all(|&c| holds_majority(after, c, p)));
                assert!(line.contains(cell));
                assert_eq!(after.win(), Some((p, *line)));
                assert_eq!(after.outcome(), Some(Outcome::Winners(vec![p])));
            }
            // Nobody else can hold a line (only the mover's majorities grew).
            for q in (0..n).filter(|&q| q != p) {
                assert!(!has_run(q));
            }
            assert_eq!(*game_over, after.outcome().is_some());
            if *game_over && win_line.is_none() {
                assert!((0..n).all(|q| after.supply(q) == 0));
            }
        }
        (Move::NewHand, Event::NewHand { player, discarded, game_over }) => {
            stats.new_hands += 1;
            assert_eq!(*player, p);
            assert_eq!(discarded.as_slice(), before.hand(p));
            assert!(!game_over);
            assert_eq!(after.supply(p), before.supply(p));
            stones_unchanged_except(None);
        }
        other => panic!("move and event do not match: {other:?}"),
    }
    // Cards: the mover's hand is full again, the other hands untouched.
    for q in (0..n).filter(|&q| q != p) {
        assert_eq!(before.hand(q), after.hand(q));
    }
    if after.discard_len() < before.discard_len() {
        stats.reshuffles += 1;
    }
    // The next player is the next one in seat order who still has stones.
    if after.outcome().is_none() {
        let next = (1..=n).map(|k| (p + k) % n).find(|&q| after.supply(q) > 0);
        assert_eq!(after.to_move(), next);
    }
}

fn check_end(g: &Just4Fun) {
    match g.win() {
        Some((w, line)) => {
            assert!(is_straight_run(&line));
            assert!(line.iter().all(|&c| holds_majority(g, c, w)));
            assert_eq!(g.outcome(), Some(Outcome::Winners(vec![w])));
            assert_eq!(g.final_scoring(), None);
        }
        None => {
            assert!((0..g.player_count()).all(|p| g.supply(p) == 0), "ended without win before all stones were used");
            let (sums, outcome) = recount(g);
            let scoring = g.final_scoring().expect("scoring after the last stone");
            assert_eq!(scoring.sums, sums);
            assert_eq!(scoring.outcome, outcome);
            assert_eq!(g.outcome(), Some(outcome));
            for (p, kept) in scoring.kept.iter().enumerate() {
                assert!(kept.windows(2).all(|w| w[0] > w[1]));
                assert_eq!(kept.iter().map(|&f| u32::from(f)).sum::<u32>(), sums[p]);
            }
        }
    }
    let mut c = g.clone();
    assert_eq!(c.apply(&Move::NewHand), Err(RuleError::GameOver));
    assert_eq!(c, *g);
}

fn play_one_game(players: usize, random_layout: bool, seed: u64, stats: &mut Stats) {
    let mut g = Just4Fun::new(players, Options { random_layout }, seed).unwrap();
    let mut r = rng::stream(seed, 1_000_000 + players as u64);
    check_state(&g);
    while g.outcome().is_none() {
        assert!(g.turn() < MAX_MOVES, "game {seed} with {players} players does not end");
        let p = g.to_move().unwrap();
        let legal = g.legal_moves();
        let expected = expected_moves(&g, p);
        assert_eq!(sort_moves(legal.clone()), expected, "legal moves of player {p}");
        let snapshot = g.clone();
        check_illegal(&mut g, &snapshot, &mut r, &expected, stats);

        let mv = legal.choose(&mut r).unwrap().clone();
        let ev = g.apply(&mv).unwrap_or_else(|e| panic!("legal {mv:?} refused: {e}"));
        check_transition(&snapshot, &mv, &ev, &g, stats);
        check_state(&g);
        stats.moves += 1;
    }
    check_end(&g);
    stats.games += 1;
    match g.outcome() {
        Some(Outcome::Draw) => {
            stats.draws += 1;
            stats.scored += 1;
        }
        Some(Outcome::Winners(_)) if g.win().is_none() => stats.scored += 1,
        _ => {}
    }
}

fn run(players: usize) -> Stats {
    let mut stats = Stats::default();
    for i in 0..GAMES_PER_PLAYER_COUNT {
        let seed = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (players as u64);
        play_one_game(players, i % 2 == 1, seed, &mut stats);
    }
    eprintln!("{players} players: {stats:?}");
    assert_eq!(stats.games, GAMES_PER_PLAYER_COUNT);
    assert!(stats.wins > 0 && stats.locks > 0 && stats.reshuffles > 0, "{stats:?}");
    assert_eq!(stats.wins + stats.scored, stats.games);
    stats
}

#[test]
fn random_games_two_players() {
    run(2);
}

#[test]
fn random_games_three_players() {
    run(3);
}

#[test]
fn random_games_four_players() {
    run(4);
}

/// Rare situations that random play reaches seldom are forced from positions, then played out.
#[test]
fn random_play_from_crowded_positions() {
    let mut stats = Stats::default();
    let starts = [
        // A can only take a new hand; fields 1–4 are locked by B.
        "players=2; 1:B2; 2:B2; 3:B2; 4:B2; hands=1 1 1 1/5 6 7 8",
        // Nearly all stones used: the end scoring comes quickly.
        "players=2; 7:A1,B1; 23:A1,B1; 36:B2; boxed=A15,B14; hands=10 5 1 1/2 2 2 2",
        // Tiny draw pile: reshuffles every few moves.
        "players=4; draw=9; rest=discard; 18:A2,B1; 29:C1,D1",
        // B has no stones left and is skipped for the rest of the game.
        "players=3; 12:B2; boxed=B18",
    ];
    for (k, start) in starts.iter().enumerate() {
        for seed in 0..200u64 {
            let mut g = Just4Fun::from_position(&format!("seed={seed}; {start}")).unwrap();
            let mut r = rng::stream(seed, k as u64);
            while g.outcome().is_none() {
                assert!(g.turn() < MAX_MOVES + 100);
                let p = g.to_move().unwrap();
                let expected = expected_moves(&g, p);
                assert_eq!(sort_moves(g.legal_moves()), expected);
                let snapshot = g.clone();
                check_illegal(&mut g, &snapshot, &mut r, &expected, &mut stats);
                let mv = expected.choose(&mut r).unwrap().clone();
                let ev = g.apply(&mv).unwrap();
                check_transition(&snapshot, &mv, &ev, &g, &mut stats);
                check_state(&g);
            }
            check_end(&g);
            stats.games += 1;
        }
    }
    eprintln!("positions: {stats:?}");
    assert!(stats.new_hands >= 200 && stats.reshuffles > 0);
}
