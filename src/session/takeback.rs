//! Take-backs: going back some moves to the game exactly as it was, so that whatever anyone has
//! seen stays where it was ([`Session::take_back`]), and who may take how many moves back, the
//! table's undo policy as data (a setting), decided from the log alone
//! ([`Session::takeback_offer`]).

use super::{Seat, Session};
use crate::engine::Game;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// A take-back: the log went back to its first `at` entries; `nonce` is the take-back's number in
/// the game (from 1). `redraw`: what no seat had seen was drawn anew with `nonce`
/// (`Game::reshuffle_unseen`), as take-backs of save format 4 did. That let a player fish: the
/// mover had seen the cards the move drew, and playing it again drew others. Since format 5 a
/// take-back redraws nothing: every card, tile and stone stays where it was, in a hand, on the
/// table or in its place in the pile, so the same move draws the same cards again (what nobody
/// has seen is as unknown as before, and what somebody has seen is never un-seen).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakeBack {
    pub at: usize,
    pub nonce: u64,
    /// Missing in format 4's records, which all redrew (`v4_to_v5`).
    #[serde(default)]
    pub redraw: bool,
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
    /// Takes back the last `count` moves: the game exactly as it was before them, nothing drawn
    /// anew ([`TakeBack`] says why); recorded in [`Session::takebacks`], so the end screen,
    /// the statistics and the records can say so and the game still replays exactly. Hints
    /// asked for at the moves taken back go with them. `false` (nothing changed) when there are
    /// not `count` moves, or `count` is 0.
    pub fn take_back(&mut self, count: usize) -> bool {
        let Some(at) = self.log.len().checked_sub(count).filter(|_| count > 0) else { return false };
        let mut takebacks: Vec<TakeBack> = self.takebacks.iter().copied().filter(|t| t.at <= at).collect();
        takebacks.push(TakeBack { at, nonce: self.takebacks_made() + 1, redraw: false });
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

impl TakeBack {
    /// What this take-back did to the face-down cards, done again in a replay: a format-4
    /// take-back's fresh draw of what nobody had seen; nothing since.
    pub(super) fn redo_draw<G: Game>(&self, state: &mut G) {
        if self.redraw {
            state.reshuffle_unseen(self.nonce);
        }
    }
}
