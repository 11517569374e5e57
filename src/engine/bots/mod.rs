//! Computer players, fair by construction.
//!
//! [`choose`] first replaces the real state by a determinization for the bot's seat
//! ([`Determinize::determinize`] depends only on what that seat sees) and from then on reads
//! only that view and further determinizations of it. So whatever a bot decides is a function of
//! its seat's observation and the bot seed: it cannot use another player's hand, the order of a
//! face-down pile or the far side of a wall, because it never holds them.
//!
//! Levels:
//! - [`Level::Easy`] scores every legal move greedily (no look-ahead) and half of the time takes
//!   the best, otherwise a random one of the better half; it may overlook things (in Gut angelegt
//!   with announcing it sometimes forgets claims).
//! - [`Level::Medium`] takes the best move by the per-game evaluation (ties broken by the seed),
//!   never plays a dominated move ([`BotGame::sensible_moves`]: missed claims, an objection not
//!   made, a tile that breaks the Sudoku rule) and, where a game has sudden wins, avoids moves
//!   after which the next player can win at once.
//! - [`Level::Hard`] runs single-observer information-set Monte-Carlo tree search ([`mcts`]).

pub mod gutangelegt;
pub mod just4fun;
pub mod mcts;
pub mod sudoku;
pub mod viermalvier;

use super::{Determinize, Outcome, PlayerIdx};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use std::hash::Hash;

/// How strong a computer player is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    Easy,
    Medium,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];
}

/// How much searching [`Level::Hard`] may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Budget {
    /// Search iterations (each: one determinization, one descent, one playout).
    pub iterations: u32,
}

impl Budget {
    /// The in-game strength: a Hard move takes at most about 250 ms natively (release).
    pub const FULL: Budget = Budget { iterations: 1_500 };
    /// Small, for tests.
    pub const TEST: Budget = Budget { iterations: 40 };
}

/// What the levels need to know about a game, on top of its rules.
pub trait BotGame: Determinize
where
    Self::Move: Eq + Hash,
{
    /// The legal moves worth considering (Medium, Hard and playouts): dominated moves removed.
    /// Never empty when `legal` is not; a subset of `legal`.
    fn sensible_moves(&self, legal: Vec<Self::Move>) -> Vec<Self::Move> {
        legal
    }

    /// A quick heuristic value of this (running or finished) state for `player`; higher is
    /// better. Only differences between states matter.
    fn evaluate(&self, player: PlayerIdx) -> f64;

    /// Whether one move can win the game outright (Medium then checks the next player's replies).
    fn sudden_wins(&self) -> bool {
        false
    }

    /// Score margin of `player` in a finished game, scaled to -1..=1 (0 where there are no scores).
    fn margin(&self, _player: PlayerIdx) -> f64 {
        0.0
    }

    /// Easy's slips: the move as an inattentive player makes it (by default unchanged).
    fn easy_slip<R: Rng + ?Sized>(&self, mv: Self::Move, _rng: &mut R) -> Self::Move {
        mv
    }

    /// The playout policy of Hard: a move for the player to move, `None` when the game is over.
    fn rollout_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Move> {
        let moves = self.sensible_moves(self.legal_moves());
        if moves.is_empty() {
            return None;
        }
        let i = rng.random_range(0..moves.len());
        moves.into_iter().nth(i)
    }

    /// Reward of `player` in a finished game: win 1, a win shared by k 1/k, draw 0.5, loss 0,
    /// mixed with a small score-margin term. 0.5 while the game runs.
    fn reward(&self, player: PlayerIdx) -> f64 {
        let base = match self.outcome() {
            None => return 0.5,
            Some(Outcome::Draw) => 0.5,
            Some(Outcome::Winners(w)) => {
                if w.contains(&player) {
                    1.0 / w.len() as f64
                } else {
                    0.0
                }
            }
        };
        0.9 * base + 0.05 * (1.0 + self.margin(player).clamp(-1.0, 1.0))
    }
}

/// The move `level` plays for `me`, or `None` when `me` is not to move or has no move.
///
/// Fair by construction: the real state is only used to determinize it for `me`; everything
/// after that reads the view. Deterministic given `seed`.
pub fn choose<G: BotGame>(state: &G, me: PlayerIdx, level: Level, seed: u64, budget: Budget) -> Option<G::Move>
where
    G::Move: Eq + Hash,
{
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let view = state.determinize(me, &mut rng);
    // From here on only `view`.
    if view.to_move() != Some(me) {
        return None;
    }
    let legal = view.legal_moves();
    if legal.is_empty() {
        return None;
    }
    let mv = match level {
        Level::Easy => easy(&view, me, legal, &mut rng),
        Level::Medium => medium(&view, me, legal, &mut rng),
        Level::Hard => mcts::search(&view, me, legal, budget, &mut rng),
    };
    Some(mv)
}

/// Value of one move for `me`: the evaluation after it, finished games far above or below.
pub(crate) fn move_value<G: BotGame>(view: &G, me: PlayerIdx, mv: &G::Move) -> (f64, Option<G>)
where
    G::Move: Eq + Hash,
{
    let mut next = view.clone();
    if next.apply(mv).is_err() {
        return (f64::NEG_INFINITY, None);
    }
    let v = if next.outcome().is_some() {
        1.0e6 * (next.reward(me) - 0.5) + next.evaluate(me)
    } else {
        next.evaluate(me)
    };
    (v, Some(next))
}

/// The moves with their values, best first; equal values in a seeded random order.
fn ranked<G: BotGame, R: Rng + ?Sized>(view: &G, me: PlayerIdx, mut moves: Vec<G::Move>, rng: &mut R) -> Vec<(f64, G::Move, Option<G>)>
where
    G::Move: Eq + Hash,
{
    moves.shuffle(rng);
    let mut scored: Vec<(f64, G::Move, Option<G>)> = moves
        .into_iter()
        .map(|m| {
            let (v, next) = move_value(view, me, &m);
            (v, m, next)
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored
}

fn easy<G: BotGame, R: Rng + ?Sized>(view: &G, me: PlayerIdx, legal: Vec<G::Move>, rng: &mut R) -> G::Move
where
    G::Move: Eq + Hash,
{
    let fallback = legal[0].clone();
    let scored = ranked(view, me, legal, rng);
    let half = scored.len().div_ceil(2).max(1);
    let pick = if rng.random_bool(0.5) { 0 } else { rng.random_range(0..half) };
    let mv = scored.into_iter().nth(pick).map_or(fallback, |s| s.1);
    view.easy_slip(mv, rng)
}

/// Whether the player to move in `after` (not `me`) has a move that wins the game at once.
fn gives_sudden_win<G: BotGame>(after: &G, me: PlayerIdx) -> bool
where
    G::Move: Eq + Hash,
{
    let Some(them) = after.to_move() else { return false };
    if them == me {
        return false;
    }
    after.legal_moves().iter().any(|m| {
        let mut next = after.clone();
        next.apply(m).is_ok() && matches!(next.outcome(), Some(Outcome::Winners(w)) if w == [them])
    })
}

pub(crate) fn medium<G: BotGame, R: Rng + ?Sized>(view: &G, me: PlayerIdx, legal: Vec<G::Move>, rng: &mut R) -> G::Move
where
    G::Move: Eq + Hash,
{
    let fallback = legal[0].clone();
    let moves = view.sensible_moves(legal);
    let scored = ranked(view, me, moves, rng);
    if view.sudden_wins() {
        for (v, m, next) in &scored {
            if *v >= 1.0e5 {
                return m.clone();
            }
            if *v <= -1.0e5 {
                continue;
            }
            if next.as_ref().is_some_and(|n| !gives_sudden_win(n, me)) {
                return m.clone();
            }
        }
    }
    scored.into_iter().next().map_or(fallback, |s| s.1)
}
