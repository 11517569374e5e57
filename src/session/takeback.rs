//! Take-backs: going back some moves with everything no seat had seen drawn anew
//! ([`Session::take_back`]), and who may take how many moves back, the table's undo policy as
//! data (a setting), decided from the log alone ([`Session::takeback_offer`]).

use super::{HintUse, Seat, Session};
use crate::engine::Game;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// A take-back: the log went back to its first `at` entries, and what no seat had seen was drawn
/// anew with `nonce`, the take-back's number in the game (from 1; `Game::reshuffle_unseen`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakeBack {
    pub at: usize,
    pub nonce: u64,
}

/// The setting "Züge zurücknehmen".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TakeBackRule {
    Never,
    /// A person takes back their last move and the computers' replies since.
    #[default]
    AgainstComputers,
    /// Also a person's move before the next person has acted, when the others agree.
    AlsoPeople,
}

impl crate::named::Named for TakeBackRule {
    const NAMES: &'static [(Self, &'static str)] = &[
        (TakeBackRule::Never, "never"),
        (TakeBackRule::AgainstComputers, "against-computers"),
        (TakeBackRule::AlsoPeople, "also-people"),
    ];
}

crate::named_deserialize!(TakeBackRule);

/// A take-back the table may offer now: `seat`'s last move and the `moves - 1` computer moves
/// after it. The people in `ask` must agree first (on the device).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeBackOffer {
    pub seat: usize,
    pub moves: usize,
    pub ask: Vec<usize>,
}

impl<G: Game> Session<G> {
    /// Takes back the last `count` moves: the game as it was before them, with everything no
    /// seat had seen drawn anew ([`Game::reshuffle_unseen`]), so a take-back never shows what
    /// comes next; recorded in [`Session::takebacks`], so the game still replays exactly. Hints
    /// asked for at the moves taken back go with them. `false` (nothing changed) when there are
    /// not `count` moves, or `count` is 0.
    pub fn take_back(&mut self, count: usize) -> bool {
        let Some(at) = self.log.len().checked_sub(count).filter(|_| count > 0) else { return false };
        let mut takebacks: Vec<TakeBack> = self.takebacks.iter().copied().filter(|t| t.at <= at).collect();
        takebacks.push(TakeBack { at, nonce: self.takebacks_made() + 1 });
        let (options, seed) = (self.state.options().clone(), self.state.seed());
        // Replayed from the events as a save holds them: the one replay the page's wasm has.
        let texts: Vec<Box<RawValue>> =
            self.log[..at].iter().filter_map(|e| serde_json::value::to_raw_value(e).ok()).collect();
        let log: Vec<&RawValue> = texts.iter().map(Box::as_ref).collect();
        if log.len() != at {
            return false;
        }
        let replayed = super::format::replay_json::<G>(self.seats.clone(), options, seed, &log, &takebacks, Vec::new());
        let Ok(mut back) = replayed else { return false };
        back.hints = self.hints.iter().copied().filter(|h| h.turn <= back.state.turn()).collect();
        *self = back;
        true
    }

    /// Whether this game is `earlier` played on, take-backs included: the same game (seats,
    /// options, seed) that got from `earlier` to here by moves and take-backs. The take-backs
    /// `earlier` did not know yet are those numbered past its [`takebacks_made`](Self::takebacks_made);
    /// the first place one of them went back to (or the end of `earlier`'s log) is where the two
    /// may part: up to there the logs, the take-backs and the hints agree, after it this game
    /// may have gone on otherwise. So an older copy with the moves a take-back undid (a longer
    /// log, fewer take-backs) never counts as further on. Reflexive, antisymmetric, transitive:
    /// a backup's merge keeps per game the records no other continues (`backup::merge`).
    pub fn continues(&self, earlier: &Session<G>) -> bool {
        let (a, b) = (earlier, self);
        if a.seats != b.seats || a.state.seed() != b.state.seed() || a.state.options() != b.state.options() {
            return false;
        }
        let known = a.takebacks_made();
        let (old, new): (Vec<TakeBack>, Vec<TakeBack>) = b.takebacks.iter().partition(|t| t.nonce <= known);
        let cut = new.iter().map(|t| t.at).min().map_or(a.log.len(), |at| at.min(a.log.len()));
        let kept: Vec<TakeBack> = a.takebacks.iter().copied().filter(|t| t.at <= cut).collect();
        let hints_before = |s: &Session<G>| -> Vec<HintUse> {
            s.hints.iter().copied().filter(|h| (h.turn as usize) < cut).collect()
        };
        let hints_at = |s: &Session<G>| -> Vec<HintUse> {
            s.hints.iter().copied().filter(|h| h.turn as usize == cut).collect()
        };
        b.log.len() >= cut
            && a.log[..cut] == b.log[..cut]
            && old == kept
            && hints_before(a) == hints_before(b)
            && hints_at(b).starts_with(&hints_at(a))
    }

    /// How many take-backs this game has seen (also those later undone themselves).
    pub fn takebacks_made(&self) -> u64 {
        // The last take-back always has the highest number: one only drops those after it.
        self.takebacks.last().map_or(0, |t| t.nonce)
    }

    /// The take-back `rule` allows now, if any: of the last move a person made, while a person
    /// is to move (no computer is thinking). Against the computers when that person is to move
    /// again (only computers moved since); between people, when another person is to move and
    /// has not acted yet.
    pub fn takeback_offer(&self, rule: TakeBackRule) -> Option<TakeBackOffer> {
        if rule == TakeBackRule::Never || self.person_to_move().is_none() {
            return None;
        }
        let by_person =
            |event: &G::Event| G::event_player(event).filter(|&p| self.seats.get(p).is_some_and(Seat::is_person));
        let (last, seat) = self.log.iter().enumerate().rev().find_map(|(i, e)| Some((i, by_person(e)?)))?;
        offer(rule, &self.seats, seat, self.log.len() - last, self.state.to_move())
    }
}

/// The rest of [`Session::takeback_offer`], the same for every game (once in the page's wasm):
/// `seat` made the last person's move, `moves` moves ago; `to_move` moves now.
fn offer(
    rule: TakeBackRule,
    seats: &[Seat],
    seat: usize,
    moves: usize,
    to_move: Option<usize>,
) -> Option<TakeBackOffer> {
    if to_move == Some(seat) {
        return Some(TakeBackOffer { seat, moves, ask: Vec::new() });
    }
    let others = (0..seats.len()).filter(|&p| p != seat && seats[p].is_person()).collect();
    (rule == TakeBackRule::AlsoPeople).then_some(TakeBackOffer { seat, moves, ask: others })
}
