//! Helpers shared by the engine property tests: random play and random mid-game positions.
#![allow(dead_code)]

use rand::seq::IndexedRandom;
use rand::Rng;
use rand_pcg::Pcg64Mcg;
use spieltisch::engine::Game;

/// Plays up to `moves` random legal moves; every legal move must apply.
pub fn play<G: Game>(g: &mut G, moves: u32, rng: &mut Pcg64Mcg, label: &str) {
    for _ in 0..moves {
        let legal = g.legal_moves();
        let Some(mv) = legal.choose(rng) else { return };
        if let Err(e) = g.apply(mv) {
            panic!("{label}: the legal move {mv:?} was refused: {e:?}");
        }
    }
}

/// Plays to the end with random legal moves, checking the end is reached and reported.
/// Collects `count` positions where the game is not over, each from a fresh seed, options
/// and player count, after a random number of random moves below `max_moves`.
pub fn positions<G: Game>(
    count: usize,
    rng: &mut Pcg64Mcg,
    max_moves: u32,
    mut setup: impl FnMut(&mut Pcg64Mcg) -> (usize, G::Options),
    mut each: impl FnMut(&G, &mut Pcg64Mcg, &str),
) -> usize {
    let mut found = 0;
    let mut tries = 0;
    while found < count {
        tries += 1;
        assert!(tries < count * 20, "too few mid-game positions");
        let seed: u64 = rng.random();
        let (players, options) = setup(rng);
        let moves = rng.random_range(0..max_moves);
        let label = format!("{:?} seed {seed}, {players} players, {options:?}, {moves} moves", G::KIND);
        let mut g = G::new(players, options, seed).unwrap_or_else(|e| panic!("{label}: {e}"));
        play(&mut g, moves, rng, &label);
        if g.to_move().is_none() {
            continue;
        }
        found += 1;
        each(&g, rng, &label);
    }
    tries
}

