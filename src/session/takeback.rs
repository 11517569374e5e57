//! Who may take a move back, and how many moves that is: the table's undo policy as data (a
//! setting), decided from the log alone. The take-back itself is [`Session::take_back`].

use super::{Seat, Session};
use crate::engine::Game;
use serde::Serialize;

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
    /// The take-back `rule` allows now, if any: of the last move a person made, while the game
    /// runs. Against the computers when that person is to move again (only computers moved
    /// since); between people, when another person is to move and has not acted yet.
    pub fn takeback_offer(&self, rule: TakeBackRule) -> Option<TakeBackOffer> {
        if rule == TakeBackRule::Never || self.state.to_move().is_none() {
            return None;
        }
        let by_person =
            |event: &G::Event| G::event_player(event).filter(|&p| self.seats.get(p).is_some_and(Seat::is_person));
        let last = self.log.iter().rposition(|e| by_person(e).is_some())?;
        let seat = by_person(&self.log[last])?;
        let moves = self.log.len() - last;
        if self.state.to_move() == Some(seat) {
            return Some(TakeBackOffer { seat, moves, ask: Vec::new() });
        }
        let others = (0..self.seats.len()).filter(|&p| p != seat && self.seats[p].is_person()).collect();
        (rule == TakeBackRule::AlsoPeople).then_some(TakeBackOffer { seat, moves, ask: others })
    }
}
