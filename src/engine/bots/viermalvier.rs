//! Vier mal Vier: four-rows end the game (Medium looks one reply ahead for them), three-runs
//! count when the wall blocks, and with the Profi rule a founded objection is made unless a
//! stone wins at once.

use super::BotGame;
use crate::engine::viermalvier::{GameEnd, Move, VierMalVier};
use crate::engine::{Game, PlayerIdx};
use rand::Rng;

impl BotGame for VierMalVier {
    /// A stone that makes a four-row for the mover: it ends the game (also within a match).
    fn wins_at_once(&self, mv: &Move) -> bool {
        let Some(me) = self.to_move() else { return false };
        let mut next = self.clone();
        matches!(mv, Move::Place { .. })
            && next.apply(mv).is_ok()
            && matches!(next.end(), Some(GameEnd::FourRow { winner, .. }) if *winner == me)
    }

    /// With the Profi rule: a stone that wins at once where one does (a four-row ends the game;
    /// an objection only hands the wall back), otherwise `Object` whenever it is legal (a founded
    /// objection is never missed), never agree to a take-back instead, and while the wall can
    /// still be completed never lay a stone that makes it impossible (it would only be objected
    /// to; there always is another).
    fn sensible_moves(&self, legal: Vec<Move>) -> Vec<Move> {
        if legal.contains(&Move::Object) {
            let wins: Vec<Move> = legal.iter().filter(|m| self.wins_at_once(m)).cloned().collect();
            return if wins.is_empty() { vec![Move::Object] } else { wins };
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

    /// Easy misses a founded objection one time in four and lays a stone instead, as a player
    /// does who did not check the wall.
    fn easy_slip<R: Rng + ?Sized>(&self, mv: Move, rng: &mut R) -> Move {
        if mv != Move::Object || !rng.random_bool(0.25) {
            return mv;
        }
        let places: Vec<Move> = self.legal_moves().into_iter().filter(|m| matches!(m, Move::Place { .. })).collect();
        if places.is_empty() {
            return mv;
        }
        places[rng.random_range(0..places.len())].clone()
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
