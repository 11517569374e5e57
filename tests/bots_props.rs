//! Property tests for the computer players (`engine::bots`).
//!
//! 1. Fairness: over at least 1 000 random mid-game positions per game (random seeds, options and
//!    player counts, reached by random legal play), for the player to move `me` and a
//!    determinization `d` of the real state for `me`, every level (Hard with `Budget::TEST`) and a
//!    random bot seed choose the same move from the real state as from `d`. A bot that read the
//!    real state would fail this: a deliberately cheating chooser (it looks at the real draw pile,
//!    held tiles or far side of the wall) is shown to fail the same check.
//! 2. Legality: bot-vs-bot games to the end with mixed levels and 2–4 players, at least 10 000
//!    games per game; every chosen move is legal and applies, and every game ends.
//! 3. Sensible play: Medium takes an immediate Just 4 Fun win, Medium and Hard object when an
//!    objection is founded (Vier mal Vier, Profi rule) unless a stone wins at once, Medium claims
//!    exactly the scoring lines (Gut angelegt, announcing), and under Sudoku table rules Medium
//!    and Hard never lay a tile that breaks the rule and claim "cannot place" exactly when
//!    nothing fits; Easy's slips are rare and plausible.
//!
//! Everything is seeded, so a failure names the position that can be replayed.

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use spieltisch::engine::bots::{choose, BotGame, Budget, Level};
use spieltisch::engine::gutangelegt::{self, GutAngelegt, Laid};
use spieltisch::engine::just4fun::{self, Just4Fun};
use spieltisch::engine::sudoku::{self, Mode, Sudoku};
use spieltisch::engine::viermalvier::{self, VierMalVier};
use spieltisch::engine::{Determinize, Game, Outcome, PlayerIdx};
use std::hash::Hash;

mod common;
use common::{ga_setup, j4f_setup, positions, vmv_setup};

/// Mid-game positions per game for the fairness check.
const POSITIONS: usize = 1_000;

/// Gold tiles laid by hand in this share of the Sudoku setups.
const SUDOKU_BY_HAND: f64 = 0.2;

fn sudoku_setup(rng: &mut Pcg64Mcg) -> (usize, sudoku::Options) {
    common::sudoku_setup(rng, SUDOKU_BY_HAND)
}

// ----- 1. fairness ---------------------------------------------------------------------------

/// A move picker: state, seat, bot seed.
type Chooser<G> = dyn Fn(&G, PlayerIdx, u64) -> Option<<G as Game>::Move>;

/// For `POSITIONS` positions: how often `chooser` picks differently from the real state and from
/// a determinization of it for the mover (per chooser call; a fair chooser never does).
fn unfair_choices<G: Determinize>(
    rng: &mut Pcg64Mcg,
    max_moves: u32,
    setup: impl FnMut(&mut Pcg64Mcg) -> (usize, G::Options),
    choosers: &[(&str, &Chooser<G>)],
) -> Vec<usize> {
    let mut differ = vec![0; choosers.len()];
    positions::<G>(POSITIONS, rng, max_moves, setup, |real, rng, label| {
        let me = real.to_move().expect("someone is to move");
        let d = real.determinize(me, rng);
        for (k, (name, chooser)) in choosers.iter().enumerate() {
            let seed: u64 = rng.random();
            let from_real = chooser(real, me, seed);
            let from_view = chooser(&d, me, seed);
            if from_real.is_none() {
                panic!("{label}: {name} found no move for the player to move");
            }
            differ[k] += usize::from(from_real != from_view);
        }
    });
    differ
}

fn fair_levels<G: BotGame>(rng: &mut Pcg64Mcg, max_moves: u32, setup: impl FnMut(&mut Pcg64Mcg) -> (usize, G::Options))
where
    G::Move: Eq + Hash,
{
    let easy = |g: &G, me: PlayerIdx, seed: u64| choose(g, me, Level::Easy, seed, Budget::TEST);
    let medium = |g: &G, me: PlayerIdx, seed: u64| choose(g, me, Level::Medium, seed, Budget::TEST);
    let hard = |g: &G, me: PlayerIdx, seed: u64| choose(g, me, Level::Hard, seed, Budget::TEST);
    let differ = unfair_choices::<G>(rng, max_moves, setup, &[("easy", &easy), ("medium", &medium), ("hard", &hard)]);
    assert_eq!(
        differ,
        vec![0, 0, 0],
        "{:?}: a level chose differently from the real state than from what its seat sees",
        G::KIND
    );
}

#[test]
fn just4fun_bots_are_fair() {
    fair_levels::<Just4Fun>(&mut Pcg64Mcg::seed_from_u64(0xb0_7a1), 90, j4f_setup);
}

#[test]
fn gutangelegt_bots_are_fair() {
    fair_levels::<GutAngelegt>(&mut Pcg64Mcg::seed_from_u64(0xb0_6a7), 47, ga_setup);
}

#[test]
fn viermalvier_bots_are_fair() {
    fair_levels::<VierMalVier>(&mut Pcg64Mcg::seed_from_u64(0xb0_44), 40, vmv_setup);
}

#[test]
fn sudoku_bots_are_fair() {
    fair_levels::<Sudoku>(&mut Pcg64Mcg::seed_from_u64(0xb0_5d0), 81, sudoku_setup);
}

/// The negative control: choosers that peek at the real state (the next card drawn, the next
/// tile of the supply, the far side of the wall) are caught by exactly the check above.
#[test]
fn a_cheating_chooser_is_caught() {
    let mut rng = Pcg64Mcg::seed_from_u64(0xc4ea7);
    // Just 4 Fun: play the combination whose sum is closest to the real next card times 5.
    let j4f_cheat = |g: &Just4Fun, _me: PlayerIdx, _seed: u64| {
        let next = i32::from(g.draw_pile().last().copied().unwrap_or(0));
        g.legal_moves().into_iter().min_by_key(|m| match m {
            just4fun::Move::Play { cards } => (cards.iter().map(|&c| i32::from(c)).sum::<i32>() - 5 * next).abs(),
            just4fun::Move::NewHand => 0,
        })
    };
    let differ = unfair_choices::<Just4Fun>(&mut rng, 90, j4f_setup, &[("cheat", &j4f_cheat)]);
    assert!(differ[0] > POSITIONS / 10, "the Just 4 Fun cheat went unnoticed ({} of {POSITIONS})", differ[0]);

    // Sudoku: pick the field by the number of the real next tile of the supply (serialised state,
    // as a bot holding the real state could).
    let sudoku_cheat = |g: &Sudoku, _me: PlayerIdx, _seed: u64| {
        let state = serde_json::to_value(g).expect("state serialises");
        let next = state["supply"].as_array().and_then(|s| s.last()).and_then(|v| v.as_u64()).unwrap_or(0) as usize;
        let legal = g.legal_moves();
        legal.get(next % legal.len().max(1)).cloned()
    };
    let differ = unfair_choices::<Sudoku>(&mut rng, 81, sudoku_setup, &[("cheat", &sudoku_cheat)]);
    assert!(differ[0] > POSITIONS / 10, "the Sudoku cheat went unnoticed ({} of {POSITIONS})", differ[0]);

    // Through the same harness an honest level never differs.
    let honest = |g: &Just4Fun, me: PlayerIdx, seed: u64| choose(g, me, Level::Medium, seed, Budget::TEST);
    let differ = unfair_choices::<Just4Fun>(&mut rng, 90, j4f_setup, &[("medium", &honest)]);
    assert_eq!(differ[0], 0);
}

// ----- 2. legality ---------------------------------------------------------------------------

const SEAT_LEVELS: [Level; 2] = [Level::Easy, Level::Medium];

/// Plays `games` bot-vs-bot games to the end: seats drawn from `levels` (Hard with
/// `Budget::TEST`), every chosen move legal (or, for Easy, `easy_ok`) and applied. Returns the
/// number of moves made.
fn bot_games<G: BotGame>(
    games: usize,
    rng: &mut Pcg64Mcg,
    levels: &[Level],
    mut setup: impl FnMut(&mut Pcg64Mcg) -> (usize, G::Options),
    easy_ok: impl Fn(&G, &G::Move) -> bool,
) -> usize
where
    G::Move: Eq + Hash,
{
    let mut moves = 0;
    for _ in 0..games {
        let seed: u64 = rng.random();
        let (players, options) = setup(rng);
        let seats: Vec<Level> = (0..players).map(|_| *levels.choose(rng).expect("levels")).collect();
        let label = format!("{:?} seed {seed}, {players} players, {options:?}, seats {seats:?}", G::KIND);
        let mut g = G::new(players, options, seed).unwrap_or_else(|e| panic!("{label}: {e}"));
        let mut ended = false;
        for _ in 0..5_000 {
            let Some(p) = g.to_move() else {
                ended = true;
                break;
            };
            let level = seats[p];
            let mv = choose(&g, p, level, rng.random(), Budget::TEST)
                .unwrap_or_else(|| panic!("{label}: {level:?} found no move at turn {}", g.turn()));
            let legal = g.legal_moves();
            assert!(
                legal.contains(&mv) || (level == Level::Easy && easy_ok(&g, &mv)),
                "{label}: {level:?} chose the illegal move {mv:?} at turn {}",
                g.turn()
            );
            if let Err(e) = g.apply(&mv) {
                panic!("{label}: {level:?}'s move {mv:?} was refused: {e:?}");
            }
            moves += 1;
        }
        assert!(ended && g.outcome().is_some(), "{label}: the game did not end");
    }
    moves
}

fn no_slips<G: Game>(_: &G, _: &G::Move) -> bool {
    false
}

/// Easy may forget claims: the same placement as a legal move with a subset of its claims.
fn forgotten_claims(g: &GutAngelegt, mv: &gutangelegt::Move) -> bool {
    let gutangelegt::Move::Lay { card, turned, place, claims } = mv;
    g.legal_moves().iter().any(|legal| {
        let gutangelegt::Move::Lay { card: c, turned: t, place: p, claims: all } = legal;
        c == card && t == turned && p == place && claims.iter().all(|l| all.contains(l))
    })
}

#[test]
fn just4fun_bot_games_are_legal() {
    let mut rng = Pcg64Mcg::seed_from_u64(0x1e6a1);
    bot_games::<Just4Fun>(9_900, &mut rng, &SEAT_LEVELS, j4f_setup, no_slips);
    bot_games::<Just4Fun>(100, &mut rng, &Level::ALL, j4f_setup, no_slips);
}

#[test]
fn gutangelegt_bot_games_are_legal() {
    let mut rng = Pcg64Mcg::seed_from_u64(0x1e6a2);
    bot_games::<GutAngelegt>(9_800, &mut rng, &SEAT_LEVELS, ga_setup, forgotten_claims);
    bot_games::<GutAngelegt>(200, &mut rng, &Level::ALL, ga_setup, forgotten_claims);
}

#[test]
fn viermalvier_bot_games_are_legal() {
    let mut rng = Pcg64Mcg::seed_from_u64(0x1e6a3);
    bot_games::<VierMalVier>(9_800, &mut rng, &SEAT_LEVELS, vmv_setup, no_slips);
    bot_games::<VierMalVier>(200, &mut rng, &Level::ALL, vmv_setup, no_slips);
}

#[test]
fn sudoku_bot_games_are_legal() {
    let mut rng = Pcg64Mcg::seed_from_u64(0x1e6a4);
    bot_games::<Sudoku>(9_900, &mut rng, &SEAT_LEVELS, sudoku_setup, no_slips);
    bot_games::<Sudoku>(100, &mut rng, &Level::ALL, sudoku_setup, no_slips);
}

#[test]
fn no_move_for_a_seat_not_to_move() {
    let g = Just4Fun::new(3, just4fun::Options::default(), 7).expect("setup");
    for level in Level::ALL {
        assert_eq!(choose(&g, 1, level, 1, Budget::TEST), None);
        assert!(choose(&g, 0, level, 1, Budget::TEST).is_some());
        // Deterministic given the seed.
        assert_eq!(choose(&g, 0, level, 9, Budget::TEST), choose(&g, 0, level, 9, Budget::TEST));
    }
}

// ----- 3. sensible play ----------------------------------------------------------------------

#[test]
fn medium_takes_an_immediate_just4fun_win() {
    let mut rng = Pcg64Mcg::seed_from_u64(0x3e11);
    let mut found = 0;
    positions::<Just4Fun>(3_000, &mut rng, 90, j4f_setup, |real, rng, label| {
        let me = real.to_move().expect("to move");
        let wins = |mv: &just4fun::Move| {
            let mut next = real.clone();
            next.apply(mv).is_ok() && next.win().is_some_and(|(w, _)| w == me)
        };
        if !real.legal_moves().iter().any(wins) {
            return;
        }
        found += 1;
        // Any move that wins at once will do (the last stone may also win on the end scoring).
        let mv = choose(real, me, Level::Medium, rng.random(), Budget::TEST).expect("a move");
        let mut next = real.clone();
        next.apply(&mv).expect("the move applies");
        assert_eq!(
            next.outcome(),
            Some(Outcome::Winners(vec![me])),
            "{label}: Medium missed the four-row and played {mv:?}"
        );
    });
    assert!(found >= 30, "only {found} positions with an immediate win");
}

/// Whether `mv` makes a four-row for the player to move in `g` (the game ends, won).
fn wins_at_once(g: &VierMalVier, mv: &viermalvier::Move) -> bool {
    let Some(me) = g.to_move() else { return false };
    let mut next = g.clone();
    matches!(mv, viermalvier::Move::Place { .. })
        && next.apply(mv).is_ok()
        && matches!(next.end(), Some(viermalvier::GameEnd::FourRow { winner, .. }) if *winner == me)
}

fn profi_setup(rng: &mut Pcg64Mcg) -> (usize, viermalvier::Options) {
    let (p, o) = vmv_setup(rng);
    (p, viermalvier::Options { profi: true, ..o })
}

#[test]
fn medium_and_hard_object_when_founded() {
    let mut rng = Pcg64Mcg::seed_from_u64(0x0b1ec7);
    let mut found = 0;
    positions::<VierMalVier>(3_000, &mut rng, 16, profi_setup, |real, rng, label| {
        let legal = real.legal_moves();
        let me = real.to_move().expect("to move");
        // (Where a stone may win on a wall the seat cannot tell from the real one, laying it can
        // be worth more than the objection.)
        let views: Vec<VierMalVier> = (0..32).map(|_| real.determinize(me, rng)).collect();
        let may_win = legal.iter().any(|m| views.iter().any(|v| wins_at_once(v, m)));
        if !legal.contains(&viermalvier::Move::Object) || may_win {
            return;
        }
        found += 1;
        for level in [Level::Medium, Level::Hard] {
            let mv = choose(real, me, level, rng.random(), Budget::TEST);
            assert_eq!(mv, Some(viermalvier::Move::Object), "{label}: {level:?} did not object");
        }
    });
    assert!(found >= 20, "only {found} positions with a founded objection");
}

/// A four-row ends the game; an objection only hands the opponent another move. Where a stone
/// wins at once on every wall the seat cannot tell apart, Medium and Hard lay it.
#[test]
fn a_win_beats_an_objection() {
    let mut rng = Pcg64Mcg::seed_from_u64(0x71c7);
    let mut found = 0;
    positions::<VierMalVier>(20_000, &mut rng, 16, profi_setup, |real, rng, label| {
        let legal = real.legal_moves();
        if !legal.contains(&viermalvier::Move::Object) {
            return;
        }
        let me = real.to_move().expect("to move");
        let views: Vec<VierMalVier> = (0..8).map(|_| real.determinize(me, rng)).collect();
        let sure = legal.iter().any(|m| wins_at_once(real, m) && views.iter().all(|v| wins_at_once(v, m)));
        if !sure {
            return;
        }
        found += 1;
        for level in [Level::Medium, Level::Hard] {
            let mv = choose(real, me, level, rng.random(), Budget::TEST).expect("a move");
            assert!(wins_at_once(real, &mv), "{label}: {level:?} played {mv:?} instead of winning");
        }
    });
    assert!(found >= 10, "only {found} positions where a stone wins instead of objecting");
}

/// Easy slips as a person does, and rarely: under Sudoku's table rules it says "cannot place"
/// only when nothing fits, and the few tiles it lays against the rule break it only in the
/// block (row and column clear); in Vier mal Vier (Profi) it still objects most of the time.
#[test]
fn easy_slips_are_rare_and_plausible() {
    let mut rng = Pcg64Mcg::seed_from_u64(0xea5e);
    let (mut asked, mut slips) = (0, 0);
    table_rules_positions(200, &mut rng, |g, me, number, fields, label, rng| {
        match choose(g, me, Level::Easy, rng.random(), Budget::TEST).expect("a move") {
            sudoku::Move::CannotPlace => assert!(fields.is_empty(), "{label}: Easy claimed although {fields:?} fit"),
            sudoku::Move::Place { cell } if !fields.contains(&cell) => {
                let holds = |c: usize| g.tile(c).is_some_and(|t| t.number == number);
                let in_line = (0..sudoku::CELLS)
                    .any(|c| (sudoku::row(c) == sudoku::row(cell) || sudoku::col(c) == sudoku::col(cell)) && holds(c));
                assert!(!in_line, "{label}: Easy's {number} on {cell} repeats a number of its row or column");
                slips += 1;
            }
            _ => {}
        }
        asked += 1;
    });
    let rate = f64::from(slips) / f64::from(asked);
    assert!(slips > 0 && rate <= 0.12, "{slips} slips in {asked} moves");

    let (mut founded, mut objected) = (0, 0);
    positions::<VierMalVier>(3_000, &mut rng, 16, profi_setup, |real, rng, _| {
        let legal = real.legal_moves();
        let me = real.to_move().expect("to move");
        let views: Vec<VierMalVier> = (0..32).map(|_| real.determinize(me, rng)).collect();
        let may_win = legal.iter().any(|m| views.iter().any(|v| wins_at_once(v, m)));
        if legal.contains(&viermalvier::Move::Object) && !may_win {
            founded += 1;
            objected += usize::from(
                choose(real, me, Level::Easy, rng.random(), Budget::TEST) == Some(viermalvier::Move::Object),
            );
        }
    });
    assert!(
        founded >= 20 && objected * 10 >= founded * 6 && objected < founded,
        "Easy objected {objected} of {founded} times"
    );
}

#[test]
fn medium_claims_exactly_the_scoring_lines() {
    let mut rng = Pcg64Mcg::seed_from_u64(0xc1a1);
    let mut scoring = 0;
    let setup = |rng: &mut Pcg64Mcg| (rng.random_range(2..=4), gutangelegt::Options { announce: true });
    positions::<GutAngelegt>(1_000, &mut rng, 47, setup, |real, rng, label| {
        let me = real.to_move().expect("to move");
        for level in [Level::Medium, Level::Hard] {
            let mv = choose(real, me, level, rng.random(), Budget::TEST).expect("a move");
            let gutangelegt::Move::Lay { card, turned, place, claims } = &mv;
            let (lines, _) = real.preview(Laid { card: *card, turned: *turned }, *place).expect("a legal placement");
            let mut claimed = claims.clone();
            claimed.sort_unstable();
            assert_eq!(claimed, lines, "{label}: {level:?} claimed other lines than score");
            scoring += usize::from(!lines.is_empty());
        }
    });
    assert!(scoring >= 200, "only {scoring} moves with scoring lines");
}

/// Sudoku games under table rules, played on with random rule-keeping placements until the
/// mover's tile fits nowhere; `each` sees every position on the way: the state, the mover, its
/// tile and the fields where it may lie.
fn table_rules_positions(
    games: usize,
    rng: &mut Pcg64Mcg,
    mut each: impl FnMut(&Sudoku, PlayerIdx, u8, &[usize], &str, &mut Pcg64Mcg),
) {
    for game in 0..games {
        let (players, options) = sudoku_setup(rng);
        let options = sudoku::Options { mode: Mode::TableRules, gold_by_hand: false, ..options };
        let seed: u64 = rng.random();
        let described = format!("game {game}, seed {seed}, {players} players, {options:?}");
        let mut g = Sudoku::new(players, options, seed).expect("setup");
        while let Some(me) = g.to_move() {
            let number = g.hand(me).expect("the mover holds a tile");
            let fields = g.legal_fields(number);
            let label = format!("{described}, turn {}", g.turn());
            each(&g, me, number, &fields, &label, rng);
            let Some(&cell) = fields.choose(rng) else { break };
            g.apply(&sudoku::Move::Place { cell }).expect("a legal field takes the tile");
        }
    }
}

#[test]
fn sudoku_table_rules_medium_and_hard_keep_the_rule() {
    let mut rng = Pcg64Mcg::seed_from_u64(0x7ab1e);
    let (mut claims, mut places) = (0, 0);
    // The bots are asked along the way and where nothing fits.
    table_rules_positions(300, &mut rng, |g, me, _, fields, label, rng| {
        if !fields.is_empty() && !rng.random_bool(0.1) {
            return;
        }
        for level in [Level::Medium, Level::Hard] {
            match choose(g, me, level, rng.random(), Budget::TEST).expect("a move") {
                sudoku::Move::CannotPlace => {
                    assert!(fields.is_empty(), "{label}: {level:?} claimed although {fields:?} fit");
                    claims += 1;
                }
                sudoku::Move::Place { cell } => {
                    assert!(fields.contains(&cell), "{label}: {level:?} broke the Sudoku rule on {cell}");
                    places += 1;
                }
                other => panic!("{label}: {level:?} played {other:?}"),
            }
        }
    });
    assert!(claims >= 100 && places >= 1_000, "{claims} claims, {places} placements");
}
