//! Gut angelegt: points now, relative to the best opponent. With announcing, Medium and Hard
//! claim exactly the scoring lines (`legal_moves` lists each placement with all of them); Easy
//! sometimes forgets some.

use super::BotGame;
use crate::engine::gutangelegt::{GutAngelegt, Move};
use crate::engine::{Game, PlayerIdx};
use rand::Rng;

impl BotGame for GutAngelegt {
    fn playout_depth(&self) -> usize {
        8
    }

    fn eval_scale(&self) -> f64 {
        4.0
    }

    fn evaluate(&self, player: PlayerIdx) -> f64 {
        super::lead(player, self.player_count(), |p| self.score(p))
    }

    fn margin(&self, player: PlayerIdx) -> f64 {
        self.evaluate(player) / 50.0
    }

    fn final_scores(&self) -> Option<Vec<f64>> {
        Some((0..self.player_count()).map(|p| f64::from(self.score(p))).collect())
    }

    /// Each claimed line is overlooked with probability 1/4 (the move still applies; the
    /// overlooked lines score nothing).
    fn easy_slip<R: Rng + ?Sized>(&self, mv: Move, rng: &mut R) -> Move {
        let Move::Lay { card, turned, place, claims } = mv;
        let claims = claims.into_iter().filter(|_| !rng.random_bool(0.25)).collect();
        Move::Lay { card, turned, place, claims }
    }
}
