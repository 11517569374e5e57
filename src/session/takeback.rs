//! Take-backs: going back some moves with everything no seat had seen drawn anew
//! ([`Session::take_back`]), and who may take how many moves back, the table's undo policy as
//! data (a setting), decided from the log and who holds the device ([`Session::takeback_offer`]).

use super::{Seat, Session};
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
    /// A person takes back their last move and the computers' replies since, as long as that
    /// needs nobody's yes (they still hold the device; only computers moved since).
    #[default]
    AgainstComputers,
    /// Also a take-back that needs other people's yes, when each of them agrees.
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

/// A take-back the table may offer now: `seat`'s last move and the `moves - 1` moves after it
/// (computers' replies, the table's own steps). The people in `ask` must agree first, one after
/// another in this order (on the device, under the cover). `log_len` and `takebacks_made` name
/// the game it was made for: an offer the game has moved on from (the second tap of a double
/// tap) takes nothing back ([`Session::offer_is_current`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeBackOffer {
    pub seat: usize,
    pub moves: usize,
    pub ask: Vec<usize>,
    /// A take-back was just made and nothing was played since: this one goes a further move
    /// back (the table asks first, so that one tap never takes back two moves).
    pub again: bool,
    pub log_len: usize,
    pub takebacks_made: u64,
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

    /// How many take-backs this game has seen (also those later undone themselves).
    pub fn takebacks_made(&self) -> u64 {
        // The last take-back always has the highest number: one only drops those after it.
        self.takebacks.last().map_or(0, |t| t.nonce)
    }

    /// The take-back `rule` allows now, if any: of the last move a person made, while a person
    /// is to move (no computer is thinking). `holder`: the person holding the device (who moved
    /// last, until the next person takes the device from the hand-over cover).
    ///
    /// The family's policy: the person who just moved takes that move back unasked while they
    /// still hold the device, as long as it undoes nothing anyone else did or saw decided
    /// ("↶ mein Zug" on the cover); computers are never asked. Everything else needs the yes of
    /// each person it affects ([`Session::takeback_affects`]) and the setting
    /// [`TakeBackRule::AlsoPeople`]; [`TakeBackRule::Never`] offers nothing.
    pub fn takeback_offer(&self, rule: TakeBackRule, holder: Option<usize>) -> Option<TakeBackOffer> {
        if rule == TakeBackRule::Never {
            return None;
        }
        self.person_to_move()?;
        let (last, seat) = self.last_person_move()?;
        let ask = self.takeback_affects(last, seat, holder);
        if !ask.is_empty() && rule != TakeBackRule::AlsoPeople {
            return None;
        }
        let again = self.takebacks.last().is_some_and(|t| t.at == self.log.len());
        let (log_len, takebacks_made) = (self.log.len(), self.takebacks_made());
        Some(TakeBackOffer { seat, moves: log_len - last, ask, again, log_len, takebacks_made })
    }

    /// Whether `offer` was made for the game as it is now (nothing played or taken back since).
    pub fn offer_is_current(&self, offer: &TakeBackOffer) -> bool {
        offer.log_len == self.log.len() && offer.takebacks_made == self.takebacks_made()
    }

    /// The log index of the last move a person made, and their seat.
    fn last_person_move(&self) -> Option<(usize, usize)> {
        let by_person =
            |event: &G::Event| G::event_player(event).filter(|&p| self.seats.get(p).is_some_and(Seat::is_person));
        self.log.iter().enumerate().rev().find_map(|(i, e)| Some((i, by_person(e)?)))
    }

    /// The people (never `seat`, never a computer) whose yes a take-back of the log from `from`
    /// on needs, `seat`'s move first, in turn order after `seat`: everyone when it undoes a step
    /// of the whole table or a decision everyone saw (a finished game of a match, an
    /// announcement: [`Game::table_decisions`]); else each person who made one of the moves
    /// undone, and the person to move now once they have taken the device (`holder`).
    pub fn takeback_affects(&self, from: usize, seat: usize, holder: Option<usize>) -> Vec<usize> {
        let undone = self.log.get(from..).unwrap_or_default();
        let for_the_table = self.undoes_a_table_decision(from);
        let to_move = self.state.to_move().filter(|&p| p != seat && holder != Some(seat));
        let count = self.seats.len();
        (1..count)
            .map(|k| (seat + k) % count)
            .filter(|&p| self.seats[p].is_person())
            .filter(|&p| for_the_table || to_move == Some(p) || undone.iter().any(|e| G::event_player(e) == Some(p)))
            .collect()
    }

    /// Whether going back to the log's first `from` entries undoes something the whole table
    /// did or saw decided: a step of nobody's turn, or a change of [`Game::table_decisions`].
    fn undoes_a_table_decision(&self, from: usize) -> bool {
        let undone = self.log.get(from..).unwrap_or_default();
        if undone.iter().any(|e| G::event_player(e).is_none()) {
            return true;
        }
        let now = self.state.table_decisions();
        // 0 means nothing decided so far, nor before: no replay needed for most games.
        now != 0 && self.positions().get(from).is_none_or(|before| before.table_decisions() != now)
    }
}
