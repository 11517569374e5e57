//! What a seat sees of Sudoku, and states that look the same from there.
//!
//! Hidden from a seat: the tiles the other players hold and the order of the face-down supply.
//! Public: the board, the tiles set aside, the scores, who holds a tile at all, and at the end
//! the tile of a player who could not place (it is shown).

use super::{End, Mode, Sudoku};
use crate::engine::determinize::Determinize;
use crate::engine::PlayerIdx;
use rand::seq::SliceRandom;
use rand::Rng;

/// The state with what the observer cannot see blanked: other held tiles become 0 (a held tile
/// stays a held tile), the supply a run of zeros of its length, the seed is 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation(Sudoku);

impl Observation {
    /// The game as the seat sees it: other held tiles 0, the supply zeros, the seed 0 (the
    /// screens read only this, never the real state).
    pub fn state(&self) -> &Sudoku {
        &self.0
    }
}

impl Sudoku {
    /// Whether `observer` sees the tile `player` holds: their own, and at the end the tile of the
    /// player who could not place.
    fn hand_seen_by(&self, observer: PlayerIdx, player: PlayerIdx) -> bool {
        player == observer
            || matches!(self.end, Some(End::NoLegalField { player: p, .. } | End::Claimed { player: p, .. }) if p == player)
    }
}

impl Determinize for Sudoku {
    type Observation = Observation;

    fn observation(&self, observer: PlayerIdx) -> Observation {
        let mut seen = self.clone();
        // The seed and a take-back's salt would tell every later draw.
        (seen.seed, seen.salt) = (0, 0);
        for p in 0..seen.hands.len() {
            if !self.hand_seen_by(observer, p) {
                if let Some(tile) = seen.hands[p].as_mut() {
                    *tile = 0;
                }
            }
        }
        seen.supply.iter_mut().for_each(|t| *t = 0);
        Observation(seen)
    }

    /// The tiles held by others and the supply are dealt anew from their pooled set. In assisted
    /// mode everyone sees that the game goes on, so the player to move (if someone else) gets a
    /// tile that has a legal field; which one is uniform among those.
    fn determinize<R: Rng + ?Sized>(&self, observer: PlayerIdx, rng: &mut R) -> Sudoku {
        let mut next = self.clone();
        next.seed = rng.random();
        let hidden: Vec<PlayerIdx> =
            (0..self.players).filter(|&p| self.hands[p].is_some() && !self.hand_seen_by(observer, p)).collect();
        let mut pool: Vec<u8> = self.supply.clone();
        pool.extend(hidden.iter().filter_map(|&p| self.hands[p]));
        // From a canonical order, so the result depends only on what the observer sees.
        crate::engine::sort::sort(&mut pool);
        pool.shuffle(rng);

        let mover = self.to_move;
        let must_fit = self.end.is_none()
            && self.options.mode == Mode::Assisted
            && !self.in_gold_setup()
            && hidden.contains(&mover);
        if must_fit {
            let mut fits = [false; 10];
            for n in 1..=9u8 {
                fits[usize::from(n)] = !self.legal_fields(n).is_empty();
            }
            let candidates: Vec<usize> =
                (0..pool.len()).filter(|&i| fits.get(usize::from(pool[i])).copied().unwrap_or(false)).collect();
            let Some(&pick) = candidates.get(rng.random_range(0..candidates.len().max(1))) else {
                // Cannot happen for a valid state (the real tile fits); keep the hands as they are.
                return next;
            };
            next.hands[mover] = Some(pool.remove(pick));
        }
        for &p in &hidden {
            if !(must_fit && p == mover) {
                next.hands[p] = pool.pop();
            }
        }
        next.supply = pool;
        next
    }
}
