//! Hard's search where points come move by move and a move's risk is what it leaves the others
//! (Sudoku): each of Medium's best few moves is played in the same sampled states the seat
//! cannot tell apart, the game goes on by its playout policy for the game's playout depth (the
//! others' replies), and the move with the best mean reward (a finished game's result, else the
//! squashed evaluation) is played.
//!
//! Why not the tree search there: in Sudoku the luck of the tiles drawn later outweighs the
//! difference between two fields, and a tree of a few hundred noisy playouts chose no better
//! than Medium (arena: 47 % over 1 350 games). Here every candidate meets the same samples
//! (common random numbers), so the luck cancels out of the comparison: 55.8 % [51.8, 59.8]
//! against Medium over 600 games (seed 3).

use super::{candidates, mcts::play_out, medium, sure_win, BotGame, Budget, Judge};
use crate::engine::PlayerIdx;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::hash::Hash;

/// Moves compared (Medium's best, within the game's root slack).
const CANDIDATES: usize = 8;

/// The look-ahead from `views[0]`, the bot's view; its candidates are Medium's best few judged
/// over all `views`.
pub(crate) fn search<G: BotGame, R: Rng + ?Sized>(
    views: &[G],
    me: PlayerIdx,
    legal: Vec<G::Move>,
    budget: Budget,
    rng: &mut R,
) -> G::Move
where
    G::Move: Eq + Hash,
{
    let Some(view) = views.first() else { return legal[0].clone() };
    let moves = candidates(views, me, legal.clone(), CANDIDATES, Judge::Hard, rng);
    if let Some(win) = moves.iter().find(|m| sure_win(views, m)) {
        return win.clone();
    }
    if moves.len() <= 1 || budget.iterations == 0 {
        return medium(views, me, legal, rng);
    }
    let playouts = f64::from(budget.iterations) * view.budget_share();
    let samples = ((playouts / moves.len() as f64).ceil() as usize).max(1);
    let worlds: Vec<(G, u64)> = (0..samples).map(|_| (view.determinize(me, rng), rng.random())).collect();
    let mean_after = |mv: &G::Move| {
        let total: f64 = worlds
            .iter()
            .map(|(world, seed)| {
                let mut d = world.clone();
                if d.apply(mv).is_err() {
                    return f64::NEG_INFINITY;
                }
                play_out(&mut d, view.playout_depth(), &mut Pcg64Mcg::seed_from_u64(*seed));
                // A game that ends in the look-ahead (Sudoku: the next player's tile fits
                // nowhere) counts as won or lost, not as its lead.
                d.cutoff_reward(me)
            })
            .sum();
        total / samples as f64
    };
    // Best first from `candidates`, so equal means keep Medium's order.
    let mut best: Option<(f64, &G::Move)> = None;
    for mv in &moves {
        let value = mean_after(mv);
        if best.is_none_or(|(b, _)| value > b) {
            best = Some((value, mv));
        }
    }
    best.map_or_else(|| medium(views, me, legal, rng), |(_, mv)| mv.clone())
}
