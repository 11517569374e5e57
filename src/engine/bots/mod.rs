//! Computer players, fair by construction.
//!
//! [`choose`] first replaces the real state by a determinization for the bot's seat
//! ([`Determinize::determinize`] depends only on what that seat sees) and from then on reads
//! only that view and further determinizations of it. So whatever a bot decides is a function of
//! its seat's observation and the bot seed: it cannot use another player's hand, the order of a
//! face-down pile or the far side of a wall, because it never holds them.
//!
//! Levels:
//! - [`Level::Easy`] scores every sensible move greedily (no look-ahead) and half of the time
//!   takes the best, otherwise a random one of the better half; now and then it slips the way a
//!   person does ([`BotGame::easy_slip`]: forgets a claim, misses an objection, overlooks the
//!   block in Sudoku).
//! - [`Level::Medium`] takes the best move by the per-game evaluation averaged over several
//!   states its seat cannot tell apart ([`JUDGED_VIEWS`]; ties broken by the seed), never plays
//!   a dominated move ([`BotGame::sensible_moves`]: missed claims, an objection not made, a tile
//!   that breaks the Sudoku rule) and, where a game has sudden wins, counts a move after which a
//!   later player can win at once as a loss in that state.
//! - [`Level::Hard`] runs single-observer information-set Monte-Carlo tree search ([`mcts`]), or
//!   where the game asks for it ([`BotGame::hard_search`]) a look-ahead of one round over the
//!   same samples for each of Medium's best moves ([`lookahead`]).

pub mod lookahead;
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

/// States the seat cannot tell apart over which Medium (and Hard's choice of root moves) judges
/// a move: on one sample, a stone that wins on only some of the walls Vier mal Vier's hidden
/// view allows was played as if it won on all.
pub const JUDGED_VIEWS: usize = 8;

/// What a later player's win at once costs a move, in the units of [`move_value`]: as much as a
/// win is worth (`1e6 * (0.95 - 0.5)`, [`BotGame::reward`]).
const SUDDEN_LOSS: f64 = 4.5e5;

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

/// How [`Level::Hard`] searches a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// Information-set Monte-Carlo tree search ([`mcts`]).
    Tree,
    /// Medium's best few moves, each played on over the same samples ([`lookahead`]).
    Lookahead,
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

    /// Hard's evaluation (its candidates, playout policy and playout ends): by default
    /// [`evaluate`](Self::evaluate); a game may let Hard know more than Medium (Just 4 Fun: how
    /// likely a hand makes the number of a field a line still needs).
    fn evaluate_hard(&self, player: PlayerIdx) -> f64 {
        self.evaluate(player)
    }

    /// Whether one move can win the game outright (Medium then checks the later players' replies).
    fn sudden_wins(&self) -> bool {
        false
    }

    /// Whether `mv` wins at once for the player to move: the game is over and theirs (Vier mal
    /// Vier: a four-row, which ends the game also within a match).
    fn wins_at_once(&self, mv: &Self::Move) -> bool {
        let Some(me) = self.to_move() else { return false };
        let mut next = self.clone();
        next.apply(mv).is_ok() && matches!(next.outcome(), Some(Outcome::Winners(w)) if w == [me])
    }

    /// This running state with `player` to move instead: how Medium sees the threats of a player
    /// who moves after the next one (where the game has sudden wins and more than two players).
    fn with_mover(&self, _player: PlayerIdx) -> Option<Self> {
        None
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
            let (v, _) = move_value(self, mover, &moves[i], Judge::Hard);
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, i));
            }
        }
        best.and_then(|(_, i)| moves.into_iter().nth(i))
    }

    /// How Hard searches this game.
    fn hard_search(&self) -> Search {
        Search::Tree
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
        1.0 / (1.0 + (-self.evaluate_hard(player) / self.eval_scale()).exp())
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
/// after that reads the view (and further determinizations of it for `me`). Deterministic given
/// `seed`.
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
        Level::Medium => medium(&judged_views(view, me, &mut rng), me, legal, &mut rng),
        Level::Hard => {
            let search = view.hard_search();
            let views = judged_views(view, me, &mut rng);
            match search {
                Search::Tree => mcts::search(&views, me, legal, budget, &mut rng),
                Search::Lookahead => lookahead::search(&views, me, legal, budget, &mut rng),
            }
        }
    };
    Some(mv)
}

/// `view` and more states `me` cannot tell apart from it ([`JUDGED_VIEWS`] in all; just `view`
/// where nothing is hidden).
fn judged_views<G: BotGame, R: Rng + ?Sized>(view: G, me: PlayerIdx, rng: &mut R) -> Vec<G>
where
    G::Move: Eq + Hash,
{
    let count = if view.has_hidden_information() { JUDGED_VIEWS } else { 1 };
    let more: Vec<G> = (1..count).map(|_| view.determinize(me, rng)).collect();
    std::iter::once(view).chain(more).collect()
}

/// Whose evaluation weighs a move: Easy's and Medium's ([`BotGame::evaluate`]) or Hard's
/// ([`BotGame::evaluate_hard`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Judge {
    Plain,
    Hard,
}

impl Judge {
    fn evaluate<G: BotGame>(self, state: &G, player: PlayerIdx) -> f64
    where
        G::Move: Eq + Hash,
    {
        match self {
            Judge::Plain => state.evaluate(player),
            Judge::Hard => state.evaluate_hard(player),
        }
    }
}

/// Value of one move for `me` by `judge`: the evaluation after it, finished games far above or
/// below.
pub(crate) fn move_value<G: BotGame>(view: &G, me: PlayerIdx, mv: &G::Move, judge: Judge) -> (f64, Option<G>)
where
    G::Move: Eq + Hash,
{
    let mut next = view.clone();
    if next.apply(mv).is_err() {
        return (f64::NEG_INFINITY, None);
    }
    let value = judge.evaluate(&next, me);
    let v = if next.outcome().is_some() { 1.0e6 * (next.reward(me) - 0.5) + value } else { value };
    (v, Some(next))
}

/// A move with its value for `me` averaged over the views, and the state after it in each.
struct Judged<G: BotGame>
where
    G::Move: Eq + Hash,
{
    value: f64,
    mv: G::Move,
    after: Vec<(f64, Option<G>)>,
}

/// The moves judged by `judge` over `views`, best first; equal values in a seeded random order.
fn ranked<G: BotGame, R: Rng + ?Sized>(
    views: &[G],
    me: PlayerIdx,
    mut moves: Vec<G::Move>,
    judge: Judge,
    rng: &mut R,
) -> Vec<Judged<G>>
where
    G::Move: Eq + Hash,
{
    moves.shuffle(rng);
    let mut judged: Vec<Judged<G>> = moves
        .into_iter()
        .map(|mv| {
            let after: Vec<(f64, Option<G>)> = views.iter().map(|v| move_value(v, me, &mv, judge)).collect();
            let value = after.iter().map(|a| a.0).sum::<f64>() / after.len().max(1) as f64;
            Judged { value, mv, after }
        })
        .collect();
    judged.sort_by(|a, b| b.value.total_cmp(&a.value));
    judged
}

fn easy<G: BotGame, R: Rng + ?Sized>(view: &G, me: PlayerIdx, legal: Vec<G::Move>, rng: &mut R) -> G::Move
where
    G::Move: Eq + Hash,
{
    let fallback = legal[0].clone();
    let scored = ranked(std::slice::from_ref(view), me, view.sensible_moves(legal), Judge::Plain, rng);
    let half = scored.len().div_ceil(2).max(1);
    let pick = if rng.random_bool(0.5) { 0 } else { rng.random_range(0..half) };
    let mv = scored.into_iter().nth(pick).map_or(fallback, |s| s.mv);
    view.easy_slip(mv, rng)
}

/// Whether a player who moves after `me` and before `me` again can win at once in `after`: the
/// next player as things stand, each later one as if it were their turn now
/// ([`BotGame::with_mover`]).
fn gives_sudden_win<G: BotGame>(after: &G, me: PlayerIdx) -> bool
where
    G::Move: Eq + Hash,
{
    let Some(next) = after.to_move() else { return false };
    let wins_at_once = |state: &G, them: PlayerIdx| {
        state.legal_moves().iter().any(|m| {
            let mut s = state.clone();
            s.apply(m).is_ok() && matches!(s.outcome(), Some(Outcome::Winners(w)) if w == [them])
        })
    };
    let players = after.player_count();
    (0..players).map(|i| (next + i) % players).take_while(|&p| p != me).any(|them| {
        if them == next {
            wins_at_once(after, them)
        } else {
            after.with_mover(them).is_some_and(|s| wins_at_once(&s, them))
        }
    })
}

/// The value of a judged move where a later player's win at once counts: in each view where the
/// move does not win, such a win costs [`SUDDEN_LOSS`].
fn risk_adjusted<G: BotGame>(judged: &Judged<G>, me: PlayerIdx) -> f64
where
    G::Move: Eq + Hash,
{
    let total: f64 = judged
        .after
        .iter()
        .map(|(v, next)| {
            let lost = *v < 1.0e5 && next.as_ref().is_none_or(|n| gives_sudden_win(n, me));
            if lost {
                v - SUDDEN_LOSS
            } else {
                *v
            }
        })
        .sum();
    total / judged.after.len().max(1) as f64
}

/// The moves sensible in at least one of `views` (what is sensible can depend on what the seat
/// cannot see: a stone that wins on one wall and not on another), in the order of `legal`.
fn sensible_in_any<G: BotGame>(views: &[G], legal: Vec<G::Move>) -> Vec<G::Move>
where
    G::Move: Eq + Hash,
{
    let sensible: std::collections::HashSet<G::Move> =
        views.iter().flat_map(|v| v.sensible_moves(legal.clone())).collect();
    legal.into_iter().filter(|m| sensible.contains(m)).collect()
}

/// Whether `mv` wins at once in every one of `views`.
pub(crate) fn sure_win<G: BotGame>(views: &[G], mv: &G::Move) -> bool
where
    G::Move: Eq + Hash,
{
    views.iter().all(|v| v.wins_at_once(mv))
}

/// The best `k` sensible moves by their value for `judge` over `views`, best first. Only moves
/// within the game's root slack of the best are kept; where a game has sudden wins, a later
/// player's win at once counts against a move ([`risk_adjusted`]).
pub(crate) fn candidates<G: BotGame, R: Rng + ?Sized>(
    views: &[G],
    me: PlayerIdx,
    legal: Vec<G::Move>,
    k: usize,
    judge: Judge,
    rng: &mut R,
) -> Vec<G::Move>
where
    G::Move: Eq + Hash,
{
    let Some(view) = views.first() else { return Vec::new() };
    let mut scored = ranked(views, me, sensible_in_any(views, legal), judge, rng);
    if let Some(best) = scored.first().map(|s| s.value) {
        let slack = view.root_slack();
        scored.retain(|s| s.value >= best - slack);
    }
    if !view.sudden_wins() {
        return scored.into_iter().take(k).map(|s| s.mv).collect();
    }
    // Risk only lowers a value: once k moves are judged at least as good as the next one's
    // plain value, none further down can be among the best k.
    let mut adjusted: Vec<(f64, G::Move)> = Vec::new();
    for judged in scored {
        let kth = (adjusted.len() >= k).then(|| adjusted[k - 1].0);
        if kth.is_some_and(|kth| judged.value <= kth) {
            break;
        }
        adjusted.push((risk_adjusted(&judged, me), judged.mv));
        adjusted.sort_by(|a, b| b.0.total_cmp(&a.0));
    }
    adjusted.into_iter().take(k).map(|a| a.1).collect()
}

/// Medium: the best sensible move judged over `views`.
pub(crate) fn medium<G: BotGame, R: Rng + ?Sized>(
    views: &[G],
    me: PlayerIdx,
    legal: Vec<G::Move>,
    rng: &mut R,
) -> G::Move
where
    G::Move: Eq + Hash,
{
    let fallback = legal[0].clone();
    candidates(views, me, legal, 1, Judge::Plain, rng).into_iter().next().unwrap_or(fallback)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::just4fun::{Just4Fun, Move as J4fMove};
    use crate::engine::Game;

    /// Three players; C (who moves after B) holds the fields 35, 1 and 6 of the top row and the
    /// cards for its fourth field, 26 (13 + 11 + 2); B cannot win; A is to move.
    fn c_threatens() -> Just4Fun {
        Just4Fun::from_position("players=3; to_move=A; 35:C; 1:C; 6:C; hands=5 3 2 1/4 4 7 8/13 11 2 1")
            .expect("a valid position")
    }

    fn after(state: &Just4Fun, cards: &[u8]) -> Just4Fun {
        let mut next = state.clone();
        next.apply(&J4fMove::Play { cards: cards.to_vec() }).expect("a legal play");
        next
    }

    #[test]
    fn a_sudden_win_of_the_player_after_next_is_seen() {
        let state = c_threatens();
        // A lays on field 3 (not on C's row): B cannot win at once, C can.
        assert!(gives_sudden_win(&after(&state, &[3]), 0), "C's four-row on 26 is seen");
        // A lays on field 1 (with C there: no majority for C): nobody can.
        assert!(!gives_sudden_win(&after(&state, &[1]), 0), "the row is broken");
        // Judged on this very state, A breaks the row.
        let mut rng = Pcg64Mcg::seed_from_u64(5);
        let best = medium(std::slice::from_ref(&state), 0, state.legal_moves(), &mut rng);
        let next = {
            let mut n = state.clone();
            n.apply(&best).expect("legal");
            n
        };
        assert!(!gives_sudden_win(&next, 0), "Medium left C its win with {best:?}");
    }

    /// Independent recount of the judgement over several states: the mean of the per-state
    /// values, with a later player's win at once costing as much as a win is worth.
    #[test]
    fn moves_are_judged_over_the_states_the_seat_cannot_tell_apart() {
        let mut rng = Pcg64Mcg::seed_from_u64(0x5eed);
        let mut checked = 0;
        for game in 0..40_u64 {
            let mut real = Just4Fun::new(2 + (game % 3) as usize, Default::default(), game).expect("setup");
            for _ in 0..rng.random_range(4..30) {
                let moves = real.legal_moves();
                if real.to_move().is_none() || moves.is_empty() {
                    break;
                }
                let mv = moves[rng.random_range(0..moves.len())].clone();
                real.apply(&mv).expect("legal");
            }
            let Some(me) = real.to_move() else { continue };
            let views: Vec<Just4Fun> = (0..JUDGED_VIEWS).map(|_| real.determinize(me, &mut rng)).collect();
            let recount = |mv: &J4fMove| {
                let per_view = views.iter().map(|v| {
                    let mut n = v.clone();
                    n.apply(mv).expect("legal in every view");
                    let value = match n.outcome() {
                        Some(_) => 1.0e6 * (n.reward(me) - 0.5) + n.evaluate(me),
                        None => n.evaluate(me),
                    };
                    let lost = value < 1.0e5 && gives_sudden_win(&n, me);
                    value - if lost { SUDDEN_LOSS } else { 0.0 }
                });
                per_view.sum::<f64>() / views.len() as f64
            };
            let legal = views[0].legal_moves();
            let best = legal.iter().map(recount).fold(f64::NEG_INFINITY, f64::max);
            let chosen = medium(&views, me, legal.clone(), &mut rng);
            let chosen_value = recount(&chosen);
            // (Moves more than the root slack below the plainly best one are not weighed.)
            let plain_best = legal
                .iter()
                .map(|m| ranked(&views, me, vec![m.clone()], Judge::Plain, &mut rng)[0].value)
                .fold(f64::NEG_INFINITY, f64::max);
            if best > plain_best - views[0].root_slack() - 1e-9 {
                assert!(
                    (chosen_value - best).abs() < 1e-6,
                    "game {game}: chose {chosen:?} worth {chosen_value}, best {best}"
                );
                checked += 1;
            }
        }
        assert!(checked >= 20, "only {checked} positions checked");
    }
}
