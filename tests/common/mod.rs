//! Helpers shared by the engine property tests: random play and random mid-game positions.
#![allow(dead_code)]

use rand::seq::IndexedRandom;
use rand::Rng;
use rand_pcg::Pcg64Mcg;
use spieltisch::engine::sudoku::{self, Mode, Scoring};
use spieltisch::engine::viermalvier::{self, View};
use spieltisch::engine::{gutangelegt, just4fun, Game};

// Random setups (player count and options) per game, for `positions`.

pub fn j4f_setup(rng: &mut Pcg64Mcg) -> (usize, just4fun::Options) {
    (rng.random_range(2..=4), just4fun::Options { random_layout: rng.random() })
}

pub fn ga_setup(rng: &mut Pcg64Mcg) -> (usize, gutangelegt::Options) {
    (rng.random_range(2..=4), gutangelegt::Options { announce: rng.random() })
}

pub fn vmv_setup(rng: &mut Pcg64Mcg) -> (usize, viermalvier::Options) {
    let options = viermalvier::Options {
        view: if rng.random_bool(0.8) { View::Hidden } else { View::Open },
        without_tafeln: rng.random(),
        profi: rng.random(),
        games: rng.random_range(1..=3),
    };
    (2, options)
}

/// Gold tiles are laid by hand with probability `by_hand`.
pub fn sudoku_setup(rng: &mut Pcg64Mcg, by_hand: f64) -> (usize, sudoku::Options) {
    let options = sudoku::Options {
        gold_per_block: rng.random(),
        gold_by_hand: rng.random_bool(by_hand),
        scoring: if rng.random() { Scoring::Standard } else { Scoring::Simple },
        mode: if rng.random() { Mode::Assisted } else { Mode::TableRules },
    };
    (rng.random_range(1..=4), options)
}

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
