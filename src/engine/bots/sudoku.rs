//! Sudoku: points now, relative to the best opponent. Under table rules Medium and Hard never
//! lay a tile that breaks the Sudoku rule and claim "cannot place" exactly when no legal field
//! exists; Easy may do either wrongly.

use super::BotGame;
use crate::engine::sudoku::{Mode, Move, Sudoku};
use crate::engine::{Game, PlayerIdx};

impl BotGame for Sudoku {
    fn sensible_moves(&self, legal: Vec<Move>) -> Vec<Move> {
        if self.options().mode != Mode::TableRules || self.in_gold_setup() {
            return legal;
        }
        let Some(number) = self.to_move().and_then(|p| self.hand(p)) else { return legal };
        let fields = self.legal_fields(number);
        if fields.is_empty() {
            vec![Move::CannotPlace]
        } else {
            fields.into_iter().map(|cell| Move::Place { cell }).collect()
        }
    }

    fn evaluate(&self, player: PlayerIdx) -> f64 {
        let mine = f64::from(self.score(player));
        let theirs = (0..self.player_count()).filter(|&p| p != player).map(|p| f64::from(self.score(p))).fold(0.0, f64::max);
        mine - theirs
    }

    fn margin(&self, player: PlayerIdx) -> f64 {
        if self.player_count() == 1 {
            // Alone, the score itself is what counts.
            return f64::from(self.score(player)) / 200.0 * 2.0 - 1.0;
        }
        self.evaluate(player) / 60.0
    }
}
