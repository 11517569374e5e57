//! Sudoku: points now, relative to the best opponent. Under table rules Medium and Hard never
//! lay a tile that breaks the Sudoku rule and claim "cannot place" exactly when no legal field
//! exists; Easy now and then overlooks the block.

use super::{BotGame, Search};
use crate::engine::sudoku::{block, col, row, Mode, Move, Sudoku, CELLS};
use crate::engine::{Game, PlayerIdx};
use rand::Rng;

/// How often Easy slips under table rules (one move in this many).
const EASY_SLIP_ONE_IN: u32 = 15;

impl Sudoku {
    /// Whether `number` on the free field `cell` repeats only a number of the block: row and
    /// column are clear, so the rule is broken in the way a person overlooks most easily.
    fn block_overlooked(&self, cell: usize, number: u8) -> bool {
        let holds = |c: usize| self.tile(c).is_some_and(|t| t.number == number);
        let (r, k, b) = (row(cell), col(cell), block(cell));
        self.tile(cell).is_none()
            && (0..CELLS).filter(|&c| row(c) == r || col(c) == k).all(|c| !holds(c))
            && (0..CELLS).any(|c| block(c) == b && holds(c))
    }
}

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

    /// Easy's slip under table rules, one move in [`EASY_SLIP_ONE_IN`]: the tile laid on a field
    /// where only the block already holds its number (and where nothing fits, on such a field
    /// instead of saying so), as a player does who checked row and column only.
    fn easy_slip<R: Rng + ?Sized>(&self, mv: Move, rng: &mut R) -> Move {
        let slips = self.options().mode == Mode::TableRules
            && matches!(mv, Move::Place { .. } | Move::CannotPlace)
            && rng.random_ratio(1, EASY_SLIP_ONE_IN);
        let Some(number) = self.to_move().and_then(|p| self.hand(p)).filter(|_| slips) else { return mv };
        let fields: Vec<usize> = (0..CELLS).filter(|&c| self.block_overlooked(c, number)).collect();
        if fields.is_empty() {
            return mv;
        }
        Move::Place { cell: fields[rng.random_range(0..fields.len())] }
    }

    /// Playouts lay on the legal field worth most (ties at random), set the gold tiles at random
    /// and claim when nothing fits.
    fn rollout_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        let me = self.to_move()?;
        if self.in_gold_setup() {
            return Some(Move::GoldRest);
        }
        let number = self.hand(me)?;
        let fields = self.legal_fields(number);
        if fields.is_empty() {
            return (self.options().mode == Mode::TableRules).then_some(Move::CannotPlace);
        }
        let cell = {
            let points: Vec<u32> = fields.iter().map(|&c| self.points_at(c)).collect();
            let best = points.iter().copied().max().unwrap_or(0);
            let top: Vec<usize> = fields.iter().zip(&points).filter(|&(_, &p)| p == best).map(|(&c, _)| c).collect();
            top[rng.random_range(0..top.len())]
        };
        Some(Move::Place { cell })
    }

    fn hard_search(&self) -> Search {
        Search::Lookahead
    }

    /// Playout steps are dearer here (81 fields); the search does fewer iterations.
    fn budget_share(&self) -> f64 {
        0.6
    }

    /// Points now dominate: the search only weighs moves within a point of the best.
    fn root_slack(&self) -> f64 {
        1.0
    }

    /// Hard looks one round of replies ahead: each other player's best field for each tile they
    /// may hold, until it is one's own turn again (arena, two players, 600 games against Medium,
    /// seed 3: one reply 55.8 %, and one's own next tile too 54.4 %; 400 games with ten times
    /// the samples: 53.9 %, so the samples are not what limits it).
    fn playout_depth(&self) -> usize {
        self.player_count().saturating_sub(1).max(1)
    }

    fn eval_scale(&self) -> f64 {
        5.0
    }

    fn evaluate(&self, player: PlayerIdx) -> f64 {
        super::lead(player, self.player_count(), |p| self.score(p))
    }

    fn margin(&self, player: PlayerIdx) -> f64 {
        if self.player_count() == 1 {
            // Alone, the score itself is what counts.
            return f64::from(self.score(player)) / 200.0 * 2.0 - 1.0;
        }
        self.evaluate(player) / 60.0
    }

    fn final_scores(&self) -> Option<Vec<f64>> {
        Some((0..self.player_count()).map(|p| f64::from(self.score(p))).collect())
    }
}
