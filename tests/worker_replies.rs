//! The computer players' replies (src/computer.rs): the worker names the move it chose by the
//! event that move made in its view (a determinization for its seat, never the real state), and
//! the page reads the move back (`move_of_reply`, through `Game::event_move`) and plays it on the
//! real state. Two properties, each over many random mid-game positions per game:
//!
//! 1. Every move the seat to move may make in a view (the listed ones, and for Gut angelegt the
//!    same with claims dropped, as Easy does), written as the event it makes in that view and read
//!    back, does to the real state exactly what the move itself does: the same event and state,
//!    or the same refusal.
//! 2. End to end (`request` → `answer` → `parse_reply` → `move_of_reply`), every level's reply does
//!    to the real state what the move `choose` picks from the same view does.
//!
//! A worker that named another move (or a page that read it wrongly) fails both.

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use spieltisch::computer::{answer, move_of_reply, parse_reply, request};
use spieltisch::engine::bots::{choose, BotGame, Budget, Level};
use spieltisch::engine::gutangelegt::{GutAngelegt, Move as GaMove};
use spieltisch::engine::just4fun::Just4Fun;
use spieltisch::engine::sudoku::Sudoku;
use spieltisch::engine::viermalvier::VierMalVier;
use spieltisch::engine::{Determinize, Game};
use std::hash::Hash;

mod common;
use common::{ga_setup, j4f_setup, positions, sudoku_setup, vmv_setup};

/// Positions per game for the first property.
const POSITIONS: usize = 1_000;
/// Moves tried per position (a random choice among the view's).
const TRIED_MOVES: usize = 8;
/// Positions per game for the end-to-end property (each asks every level).
const ASKED: usize = 60;

/// What playing `mv` does to `state`: the result and the state after it.
fn outcome_of<G: Game>(state: &G, mv: &G::Move) -> (Result<G::Event, G::Error>, G) {
    let mut after = state.clone();
    (after.apply(mv), after)
}

/// Property 1 for one game; `variants` adds moves a computer may make beside the listed ones.
fn moves_survive_the_reply<G: Determinize>(
    seed: u64,
    max_moves: u32,
    setup: impl FnMut(&mut Pcg64Mcg) -> (usize, G::Options),
    variants: impl Fn(&G::Move, &mut Pcg64Mcg) -> Vec<G::Move>,
) {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    positions::<G>(POSITIONS, &mut rng, max_moves, setup, |real, rng, label| {
        let me = real.to_move().expect("a position with a player to move");
        let view = real.determinize(me, rng);
        let listed = view.legal_moves();
        for mv in listed.choose_multiple(rng, TRIED_MOVES) {
            for mv in std::iter::once(mv.clone()).chain(variants(mv, rng)) {
                let Ok(event) = view.clone().apply(&mv) else { continue };
                let reply = serde_json::to_string(&event).expect("an event is written");
                let read = move_of_reply::<G>(&reply).unwrap_or_else(|| panic!("{label}: {reply} not read back"));
                assert_eq!(outcome_of(real, &read), outcome_of(real, &mv), "{label}: {mv:?} came back as {read:?}");
            }
        }
    });
}

/// Property 2 for one game.
fn replies_are_the_chosen_moves<G: BotGame>(
    seed: u64,
    max_moves: u32,
    setup: impl FnMut(&mut Pcg64Mcg) -> (usize, G::Options),
) where
    G::Move: Eq + Hash,
{
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    positions::<G>(ASKED, &mut rng, max_moves, setup, |real, rng, label| {
        let me = real.to_move().expect("a position with a player to move");
        for level in Level::ALL {
            let bot_seed: u64 = rng.random();
            let text = request(7, real, me, level, bot_seed, Budget::TEST).expect("a request is written");
            let reply = answer(&text, || 0.0);
            let mv = parse_reply(&reply).and_then(|a| a.mv.ok()).unwrap_or_else(|| panic!("{label}: {reply}"));
            let read = move_of_reply::<G>(&mv).unwrap_or_else(|| panic!("{label}: {mv} not read back"));
            // The worker's view is the one `request` made: the determinization seeded alike.
            let view = real.determinize(me, &mut Pcg64Mcg::seed_from_u64(bot_seed));
            let chosen = choose(&view, me, level, bot_seed, Budget::TEST).expect("a move for the seat to move");
            let (result, after) = outcome_of(real, &read);
            assert!(result.is_ok(), "{label}: {level:?}'s {read:?} refused: {result:?}");
            assert_eq!(
                (result, after),
                outcome_of(real, &chosen),
                "{label}: {level:?} chose {chosen:?}, sent {read:?}"
            );
        }
    });
}

/// Gut angelegt's Easy overlooks claimed lines: the move with each claim dropped in turn.
fn ga_slips(mv: &GaMove, _: &mut Pcg64Mcg) -> Vec<GaMove> {
    let GaMove::Lay { card, turned, place, claims } = mv;
    (0..claims.len())
        .map(|i| {
            let mut kept = claims.clone();
            kept.remove(i);
            GaMove::Lay { card: *card, turned: *turned, place: *place, claims: kept }
        })
        .collect()
}

fn none<M>(_: &M, _: &mut Pcg64Mcg) -> Vec<M> {
    Vec::new()
}

#[test]
fn just4fun_moves_survive_the_reply() {
    moves_survive_the_reply::<Just4Fun>(1, 60, j4f_setup, none);
}

#[test]
fn gutangelegt_moves_survive_the_reply() {
    moves_survive_the_reply::<GutAngelegt>(2, 40, ga_setup, ga_slips);
}

#[test]
fn viermalvier_moves_survive_the_reply() {
    moves_survive_the_reply::<VierMalVier>(3, 40, vmv_setup, none);
}

#[test]
fn sudoku_moves_survive_the_reply() {
    moves_survive_the_reply::<Sudoku>(4, 80, |rng| sudoku_setup(rng, 0.2), none);
}

#[test]
fn every_games_replies_are_the_chosen_moves() {
    replies_are_the_chosen_moves::<Just4Fun>(5, 60, j4f_setup);
    replies_are_the_chosen_moves::<GutAngelegt>(6, 40, ga_setup);
    replies_are_the_chosen_moves::<VierMalVier>(7, 40, vmv_setup);
    replies_are_the_chosen_moves::<Sudoku>(8, 80, |rng| sudoku_setup(rng, 0.2));
}
