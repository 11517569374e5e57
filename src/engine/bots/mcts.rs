//! Single-observer information-set Monte-Carlo tree search (Cowling, Powley & Whitehouse 2012).
//!
//! Every iteration determinizes the bot's view again for the bot's seat, descends one tree whose
//! edges are moves, choosing among the children whose move is legal in this determinization by
//! UCT with availability counts, expands one untried move, plays out with the game's rollout
//! policy and backs up a reward per player; each node's mover maximises their own reward.

use super::{candidates, medium, sure_win, BotGame, Budget, Judge};
use crate::engine::PlayerIdx;
use rand::Rng;
use std::collections::HashMap;
use std::hash::Hash;

/// Exploration constant of UCT (rewards lie in 0..=1).
const EXPLORE: f64 = 0.3;
/// Above this many moves at the root the search falls back to Medium (Sudoku's gold setup by
/// hand offers hundreds of equivalent placements).
const MAX_ROOT_MOVES: usize = 300;
/// Moves the search considers at the root.
const ROOT_CANDIDATES: usize = 6;
/// A playout longer than this is stopped (cannot happen in the four games; a guard).
const MAX_PLAYOUT: usize = 2_000;

struct Node<M> {
    /// Children by move (lookup only; order comes from the legal-move lists).
    children: HashMap<M, usize>,
    visits: u32,
    /// Times this node's move was legal when its parent was visited.
    avail: u32,
    /// Summed rewards per player.
    total: Vec<f64>,
}

impl<M> Node<M> {
    fn new(players: usize) -> Self {
        Node { children: HashMap::new(), visits: 0, avail: 0, total: vec![0.0; players] }
    }
}

/// The search from `views[0]`, the bot's view; its root moves are Medium's best few judged
/// over all `views`.
pub(crate) fn search<G: BotGame, R: Rng + ?Sized>(
    views: &[G],
    me: PlayerIdx,
    legal: Vec<G::Move>,
    budget: Budget,
    rng: &mut R,
) -> G::Move
where
    G::Move: Eq + Hash,
{
    let Some(view) = views.first() else { return legal[0].clone() };
    let sensible = view.sensible_moves(legal.clone());
    if sensible.len() <= 1 || sensible.len() > MAX_ROOT_MOVES || budget.iterations == 0 {
        return medium(views, me, legal, rng);
    }
    // The search decides among Medium's best few (the evaluation is a strong prior; a few
    // hundred playouts cannot tell forty moves apart reliably).
    let root_moves = candidates(views, me, legal.clone(), ROOT_CANDIDATES, Judge::Hard, rng);
    // A win on every state the seat cannot tell apart needs no search (a few hundred playouts
    // may not tell it from the moves beside it).
    if let Some(win) = root_moves.iter().find(|m| sure_win(views, m)) {
        return win.clone();
    }
    if root_moves.len() <= 1 {
        return medium(views, me, legal, rng);
    }
    let players = view.player_count();
    let mut nodes: Vec<Node<G::Move>> = vec![Node::new(players)];
    let mut path: Vec<usize> = Vec::new();
    let iterations = (f64::from(budget.iterations) * view.budget_share()).ceil() as u32;
    for _ in 0..iterations.max(1) {
        let mut d = view.determinize(me, rng);
        path.clear();
        path.push(0);
        select_and_expand(&mut nodes, &mut path, &mut d, &root_moves, players, rng);
        play_out(&mut d, view.playout_depth(), rng);
        let rewards: Vec<f64> = (0..players).map(|p| d.cutoff_reward(p)).collect();
        back_up(&mut nodes, &path, &rewards);
    }
    match most_visited(&nodes, &root_moves) {
        Some(m) => m.clone(),
        None => medium(views, me, legal, rng),
    }
}

/// Descends from the root through moves legal in this determinization `d` (applying them to
/// `d`), by UCT among the tried children, and adds one untried move as a new leaf. `path`
/// receives the visited nodes.
fn select_and_expand<G: BotGame, R: Rng + ?Sized>(
    nodes: &mut Vec<Node<G::Move>>,
    path: &mut Vec<usize>,
    d: &mut G,
    root_moves: &[G::Move],
    players: usize,
    rng: &mut R,
) where
    G::Move: Eq + Hash,
{
    let mut node = 0;
    while let Some(mover) = d.to_move() {
        let moves = if node == 0 { root_moves.to_vec() } else { d.sensible_moves(d.legal_moves()) };
        if moves.is_empty() {
            break;
        }
        let mut untried: Vec<&G::Move> = Vec::new();
        let mut best: Option<(f64, usize, &G::Move)> = None;
        for m in &moves {
            match nodes[node].children.get(m).copied() {
                None => untried.push(m),
                Some(c) => {
                    nodes[c].avail += 1;
                    let n = &nodes[c];
                    let visits = f64::from(n.visits.max(1));
                    let value = n.total[mover] / visits + EXPLORE * (f64::from(n.avail.max(1)).ln() / visits).sqrt();
                    if best.is_none_or(|(b, _, _)| value > b) {
                        best = Some((value, c, m));
                    }
                }
            }
        }
        if !untried.is_empty() {
            let m = untried[rng.random_range(0..untried.len())].clone();
            if d.apply(&m).is_err() {
                break;
            }
            let child = nodes.len();
            let mut fresh = Node::new(players);
            fresh.avail = 1;
            nodes.push(fresh);
            nodes[node].children.insert(m, child);
            path.push(child);
            break;
        }
        let Some((_, child, m)) = best else { break };
        let m = m.clone();
        if d.apply(&m).is_err() {
            break;
        }
        node = child;
        path.push(child);
    }
}

/// Plays `d` on with the game's rollout policy for at most `depth` moves.
pub(crate) fn play_out<G: BotGame, R: Rng + ?Sized>(d: &mut G, depth: usize, rng: &mut R)
where
    G::Move: Eq + Hash,
{
    for _ in 0..depth.min(MAX_PLAYOUT) {
        let Some(m) = d.rollout_move(rng) else { break };
        if d.apply(&m).is_err() {
            break;
        }
    }
}

/// Adds one visit and the rewards to every node on the path.
fn back_up<M>(nodes: &mut [Node<M>], path: &[usize], rewards: &[f64]) {
    for &n in path {
        let node = &mut nodes[n];
        node.visits += 1;
        for (t, r) in node.total.iter_mut().zip(rewards) {
            *t += r;
        }
    }
}

/// The most visited move at the root (in the order of the legal moves on ties).
fn most_visited<'m, M: Eq + Hash>(nodes: &[Node<M>], root_moves: &'m [M]) -> Option<&'m M> {
    let mut best: Option<(u32, &M)> = None;
    for m in root_moves {
        if let Some(&c) = nodes[0].children.get(m) {
            if best.is_none_or(|(v, _)| nodes[c].visits > v) {
                best = Some((nodes[c].visits, m));
            }
        }
    }
    best.map(|(_, m)| m)
}
