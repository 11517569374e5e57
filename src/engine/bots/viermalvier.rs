//! Vier mal Vier: four-rows end the game (Medium looks one reply ahead for them), three-runs
//! count when the wall blocks, and with the Profi rule a founded objection is always made.

use super::BotGame;
use crate::engine::viermalvier::{Move, VierMalVier};
use crate::engine::{Game, PlayerIdx};
use rand::Rng;

impl BotGame for VierMalVier {
    /// With the Profi rule: `Object` whenever it is legal (a founded objection is never missed),
    /// never agree to a take-back instead, and while the wall can still be completed never lay a
    /// stone that makes it impossible (it would only be objected to; there always is another).
    fn sensible_moves(&self, legal: Vec<Move>) -> Vec<Move> {
        if legal.contains(&Move::Object) {
            return vec![Move::Object];
        }
        if self.options().profi && !self.announced() && self.completable() {
            let keeps: Vec<Move> = legal
                .iter()
                .filter(|m| {
                    let mut next = self.clone();
                    !matches!(m, Move::Place { .. })
                        || (next.apply(m).is_ok() && (next.end().is_some() || next.completable()))
                })
                .cloned()
                .collect();
            if !keeps.is_empty() {
                return keeps;
            }
        }
        legal
    }

    /// Playouts: object when founded, otherwise a random move (the completability filter of
    /// [`sensible_moves`](Self::sensible_moves) is too dear per playout step).
    fn rollout_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        let legal = self.legal_moves();
        if legal.contains(&Move::Object) {
            return Some(Move::Object);
        }
        let places: Vec<&Move> = legal.iter().filter(|m| matches!(m, Move::Place { .. } | Move::NextGame)).collect();
        let pool: Vec<&Move> = if places.is_empty() { legal.iter().collect() } else { places };
        if pool.is_empty() {
            return None;
        }
        Some(pool[rng.random_range(0..pool.len())].clone())
    }

    fn evaluate(&self, player: PlayerIdx) -> f64 {
        let other = 1 - player.min(1);
        let mut v = f64::from(self.three_runs(player)) - f64::from(self.three_runs(other));
        // A stone that makes the wall impossible to complete invites an objection.
        if let Some((placer, _)) = self.last_stone() {
            if self.options().profi && !self.announced() && !self.completable() {
                v += if placer == player { -50.0 } else { 50.0 };
            }
        }
        let [a, b] = self.match_points();
        let (mine, theirs) = if player == 0 { (a, b) } else { (b, a) };
        v + 2.0 * (f64::from(mine) - f64::from(theirs))
    }

    fn sudden_wins(&self) -> bool {
        true
    }

    fn margin(&self, player: PlayerIdx) -> f64 {
        let [a, b] = self.match_points();
        let (mine, theirs) = if player == 0 { (a, b) } else { (b, a) };
        (f64::from(mine) - f64::from(theirs)) / 20.0
    }

    /// The match points.
    fn final_scores(&self) -> Option<Vec<f64>> {
        Some(self.match_points().iter().map(|&x| f64::from(x)).collect())
    }
}
