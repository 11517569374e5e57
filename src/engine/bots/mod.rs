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

pub mod mcts;
// One module per game (`src/games.rs`).
crate::for_each_game!(games_modules());

use super::{Determinize, Outcome, PlayerIdx};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use std::hash::Hash;

/// Moves sampled per step of a greedy playout.
const ROLLOUT_SAMPLES: usize = 3;

/// How strong a computer player is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    Easy,
    Medium,
    Hard,
}

impl crate::named::Named for Level {
    const NAMES: &'static [(Self, &'static str)] =
        &[(Level::Easy, "easy"), (Level::Medium, "medium"), (Level::Hard, "hard")];
}

crate::named_deserialize!(Level);

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

    /// Every player's score in a finished game, where the game has scores (the arena's margins).
    fn final_scores(&self) -> Option<Vec<f64>> {
        None
    }

    /// Easy's slips: the move as an inattentive player makes it (by default unchanged).
    fn easy_slip<R: Rng + ?Sized>(&self, mv: Self::Move, _rng: &mut R) -> Self::Move {
        mv
    }

    /// The playout policy of Hard: a move for the player to move, `None` when the game is over.
    /// By default: half of the time a random sensible move, otherwise the best by
    /// [`evaluate`](Self::evaluate) of a few sampled ones (cheap, and much better informed than
    /// uniform playouts).
    fn rollout_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Move> {
        let mover = self.to_move()?;
        let moves = self.sensible_moves(self.legal_moves());
        if moves.len() <= 1 || rng.random_bool(0.5) {
            let i = rng.random_range(0..moves.len().max(1));
            return moves.into_iter().nth(i);
        }
        let mut best: Option<(f64, usize)> = None;
        for _ in 0..ROLLOUT_SAMPLES {
            let i = rng.random_range(0..moves.len());
            let (v, _) = move_value(self, mover, &moves[i]);
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, i));
            }
        }
        best.and_then(|(_, i)| moves.into_iter().nth(i))
    }

    /// Share of [`Budget::iterations`] this game's search uses (so that every game's Hard move
    /// stays within the same time).
    fn budget_share(&self) -> f64 {
        1.0
    }

    /// Hard's search only considers root moves whose value ([`evaluate`](Self::evaluate) after
    /// the move) is within this much of the best.
    fn root_slack(&self) -> f64 {
        f64::INFINITY
    }

    /// Playouts stop after this many moves and score the position with
    /// [`cutoff_reward`](Self::cutoff_reward) (long games: the evaluation is less noisy than
    /// random play to the end).
    fn playout_depth(&self) -> usize {
        usize::MAX
    }

    /// How many evaluation points make a position clearly better (the scale of the logistic
    /// [`cutoff_reward`](Self::cutoff_reward)).
    fn eval_scale(&self) -> f64 {
        10.0
    }

    /// Reward of `player` in a position where a playout stopped: the reward of a finished game,
    /// otherwise the evaluation squashed into 0..1.
    fn cutoff_reward(&self, player: PlayerIdx) -> f64 {
        if self.outcome().is_some() {
            return self.reward(player);
        }
        1.0 / (1.0 + (-self.evaluate(player) / self.eval_scale()).exp())
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

/// Points of `player` less the most any other of the `players` has (the evaluation of the games
/// scored by points: Gut angelegt, Sudoku).
pub(crate) fn lead(player: PlayerIdx, players: usize, score: impl Fn(PlayerIdx) -> u32) -> f64 {
    let theirs = (0..players).filter(|&p| p != player).map(|p| f64::from(score(p))).fold(0.0, f64::max);
    f64::from(score(player)) - theirs
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
    let v =
        if next.outcome().is_some() { 1.0e6 * (next.reward(me) - 0.5) + next.evaluate(me) } else { next.evaluate(me) };
    (v, Some(next))
}

/// The moves with their values, best first; equal values in a seeded random order.
fn ranked<G: BotGame, R: Rng + ?Sized>(
    view: &G,
    me: PlayerIdx,
    mut moves: Vec<G::Move>,
    rng: &mut R,
) -> Vec<(f64, G::Move, Option<G>)>
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

/// The best `k` sensible moves by value, best first: finished wins first, then (where a game has
/// sudden wins) moves after which the next player cannot win at once, then the rest.
pub(crate) fn candidates<G: BotGame, R: Rng + ?Sized>(
    view: &G,
    me: PlayerIdx,
    legal: Vec<G::Move>,
    k: usize,
    rng: &mut R,
) -> Vec<G::Move>
where
    G::Move: Eq + Hash,
{
    let moves = view.sensible_moves(legal);
    let mut scored = ranked(view, me, moves, rng);
    if let Some(best) = scored.first().map(|s| s.0) {
        let slack = view.root_slack();
        scored.retain(|s| s.0 >= best - slack);
    }
    if !view.sudden_wins() {
        return scored.into_iter().take(k).map(|s| s.1).collect();
    }
    let mut safe = Vec::new();
    let mut risky = Vec::new();
    for (v, m, next) in scored {
        if safe.len() >= k {
            break;
        }
        let good = v >= 1.0e5 || (v > -1.0e5 && next.as_ref().is_some_and(|n| !gives_sudden_win(n, me)));
        if good {
            safe.push(m);
        } else {
            risky.push(m);
        }
    }
    safe.extend(risky);
    safe.truncate(k);
    safe
}

pub(crate) fn medium<G: BotGame, R: Rng + ?Sized>(view: &G, me: PlayerIdx, legal: Vec<G::Move>, rng: &mut R) -> G::Move
where
    G::Move: Eq + Hash,
{
    let fallback = legal[0].clone();
    candidates(view, me, legal, 1, rng).into_iter().next().unwrap_or(fallback)
}
