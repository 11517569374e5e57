//! Just 4 Fun: lines of four majorities win, locked fields are safe, and at the end the kept
//! field numbers count.

use super::BotGame;
use crate::engine::just4fun::{Just4Fun, CELLS, LINES};
use crate::engine::{Game, PlayerIdx};

/// Value of a line holding `k` majorities of one player and none of anyone else.
const LINE_WEIGHT: [f64; 5] = [0.0, 1.0, 4.0, 16.0, 1000.0];

impl Just4Fun {
    /// Per player: line potential, locked fields and a little of the end scoring.
    fn potentials(&self) -> Vec<f64> {
        let players = self.player_count();
        let mut v = vec![0.0; players];
        let owner: Vec<Option<usize>> = (0..CELLS).map(|c| self.majority_at(c)).collect();
        for line in LINES.iter() {
            let mut holder: Option<usize> = None;
            let mut k = 0;
            let mut mixed = false;
            for &c in line {
                if let Some(p) = owner[c] {
                    match holder {
                        None => holder = Some(p),
                        Some(h) if h != p => mixed = true,
                        _ => {}
                    }
                    k += 1;
                }
            }
            if let (Some(h), false) = (holder, mixed) {
                // A line blocked by a field locked for someone else cannot be completed.
                let open = line.iter().all(|&c| self.locked_by(c).is_none_or(|l| l == h));
                if open {
                    v[h] += LINE_WEIGHT[k.min(4)];
                }
            }
        }
        for (c, o) in owner.iter().enumerate() {
            if let Some(p) = *o {
                v[p] += 0.02 * f64::from(self.number_at(c));
                if self.locked_by(c) == Some(p) {
                    v[p] += 0.5;
                }
            }
        }
        v
    }
}

impl BotGame for Just4Fun {
    fn playout_depth(&self) -> usize {
        10
    }

    /// Hard weighs only moves close to the best by the evaluation: the playouts are noisy (the
    /// cards decide much), and among all top-six moves the search gave away clear tactical
    /// gains for look-ahead luck (arena, same 200 games: 45.5 % without, 59.5 % with).
    fn root_slack(&self) -> f64 {
        1.5
    }

    fn eval_scale(&self) -> f64 {
        4.0
    }

    fn evaluate(&self, player: PlayerIdx) -> f64 {
        let v = self.potentials();
        let mine = v.get(player).copied().unwrap_or(0.0);
        let theirs = v.iter().enumerate().filter(|&(p, _)| p != player).map(|(_, &x)| x).fold(0.0, f64::max);
        // Someone else moves next, so their threats weigh more than ours.
        mine - 1.5 * theirs
    }

    fn sudden_wins(&self) -> bool {
        true
    }

    fn with_mover(&self, player: PlayerIdx) -> Option<Self> {
        Just4Fun::with_mover(self, player)
    }

    fn margin(&self, player: PlayerIdx) -> f64 {
        let Some(s) = self.final_scoring() else { return 0.0 };
        let mine = f64::from(s.sums.get(player).copied().unwrap_or(0));
        let best_other = (0..s.sums.len()).filter(|&p| p != player).map(|p| f64::from(s.sums[p])).fold(0.0, f64::max);
        (mine - best_other) / 200.0
    }

    fn final_scores(&self) -> Option<Vec<f64>> {
        self.final_scoring().map(|s| s.sums.iter().map(|&x| f64::from(x)).collect())
    }
}
