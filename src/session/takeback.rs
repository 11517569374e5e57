//! Take-backs: going back some moves to the game exactly as it was, so that whatever anyone has
//! seen stays where it was ([`Session::take_back`]), and who may take how many moves back, the
//! table's undo policy as data (a setting), decided from the log and who holds the device
//! ([`Session::takeback_offer`]).

use super::{HintUse, Seat, Session};
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
    /// Takes back the last `count` moves: the game exactly as it was before them, nothing drawn
    /// anew ([`TakeBack`] says why); recorded in [`Session::takebacks`], so the end screen,
    /// the statistics and the records can say so and the game still replays exactly. Hints
    /// asked for at the moves taken back go with them. `false` (nothing changed) when there are
    /// not `count` moves, or `count` is 0.
    pub fn take_back(&mut self, count: usize) -> bool {
        let Some(at) = self.log.len().checked_sub(count).filter(|_| count > 0) else { return false };
        let mut takebacks: Vec<TakeBack> = self.takebacks.iter().copied().filter(|t| t.at <= at).collect();
        takebacks.push(TakeBack { at, nonce: self.takebacks_made() + 1, redraw: false });
        let Some(mut back) = self.replayed_to(at, &takebacks) else { return false };
        back.hints = self.hints.iter().copied().filter(|h| h.turn <= back.state.turn()).collect();
        *self = back;
        true
    }

    /// The game as it was after its log's first `at` entries, with `takebacks`; replayed from the
    /// events as a save holds them (the one replay the page's wasm has). `None` if it does not
    /// replay (a checked session always does).
    fn replayed_to(&self, at: usize, takebacks: &[TakeBack]) -> Option<Session<G>> {
        let (options, seed) = (self.state.options().clone(), self.state.seed());
        let texts: Vec<Box<RawValue>> =
            self.log.get(..at)?.iter().filter_map(|e| serde_json::value::to_raw_value(e).ok()).collect();
        let log: Vec<&RawValue> = texts.iter().map(Box::as_ref).collect();
        (log.len() == at).then_some(())?;
        super::format::replay_json::<G>(self.seats.clone(), options, seed, &log, takebacks, Vec::new()).ok()
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
        let hints_before =
            |s: &Session<G>| -> Vec<HintUse> { s.hints.iter().copied().filter(|h| (h.turn as usize) < cut).collect() };
        let hints_at =
            |s: &Session<G>| -> Vec<HintUse> { s.hints.iter().copied().filter(|h| h.turn as usize == cut).collect() };
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
        // Only the position before `from` is needed: replayed up to there, not every position.
        let takebacks: Vec<TakeBack> = self.takebacks.iter().copied().filter(|t| t.at <= from).collect();
        now != 0 && self.replayed_to(from, &takebacks).is_none_or(|before| before.state.table_decisions() != now)
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::just4fun::{Just4Fun, Options};
    use crate::session::PlayerColor;
    use rand::{Rng, SeedableRng};
    use rand_pcg::Pcg64Mcg;

    fn start(seed: u64) -> Session<Just4Fun> {
        let seats = vec![Seat::person("Anna", PlayerColor::Red), Seat::person("Ben", PlayerColor::Green)];
        Session::new(seats, Options::default(), seed).unwrap()
    }

    /// Plays the `choice`-th legal move (wrapping), `count` times.
    fn played(mut s: Session<Just4Fun>, count: usize, choice: usize) -> Session<Just4Fun> {
        for _ in 0..count {
            let legal = s.state.legal_moves();
            s.play(&legal[choice % legal.len()]).unwrap();
        }
        s
    }

    fn taken_back(mut s: Session<Just4Fun>, count: usize) -> Session<Just4Fun> {
        assert!(s.take_back(count));
        s
    }

    #[test]
    fn moves_played_on_continue_a_game() {
        let a = played(start(1), 6, 0);
        let b = played(a.clone(), 2, 0);
        assert!(b.continues(&a) && a.continues(&a));
        assert!(!a.continues(&b), "an earlier state is not further on");
        let other_way = played(a.clone(), 1, 1);
        assert!(!other_way.continues(&b) && !b.continues(&other_way), "two ways from one state");
        assert!(!played(start(2), 8, 0).continues(&a), "another game");
    }

    /// Finding 3: the older copy (the moves a take-back undid, a longer log) is not further on;
    /// the game after the take-back continues it, played on or not.
    #[test]
    fn a_take_back_continues_the_copy_from_before_it() {
        let before = played(start(3), 8, 0);
        let after = taken_back(before.clone(), 2);
        assert!(after.continues(&before));
        assert!(!before.continues(&after), "the older copy would undo the take-back");
        let replayed = played(after.clone(), 3, 1);
        assert!(replayed.continues(&before) && replayed.continues(&after));
        assert!(!before.continues(&replayed));
    }

    /// Take-backs made apart (on two devices) from one state: neither continues the other, though
    /// both carry take-back number 1.
    #[test]
    fn take_backs_made_apart_part_ways() {
        let common = played(start(4), 6, 0);
        let one = taken_back(common.clone(), 1);
        let two = taken_back(common.clone(), 2);
        assert!(!one.continues(&two) && !two.continues(&one));
        let (one_on, two_on) = (played(one.clone(), 2, 1), played(two.clone(), 3, 1));
        assert!(!one_on.continues(&two_on) && !two_on.continues(&one_on));
        assert!(one_on.continues(&common) && two_on.continues(&common));
        // A second take-back reaching past the first drops it, and still continues.
        let further = taken_back(played(one.clone(), 2, 0), 4);
        assert_eq!(further.takebacks.len(), 1, "{:?}", further.takebacks);
        assert!(further.continues(&one) && further.continues(&common));
        assert!(!one.continues(&further));
    }

    #[test]
    fn hints_asked_are_part_of_the_game() {
        let a = played(start(5), 4, 0);
        let mut hinted = a.clone();
        hinted.count_hint(0);
        assert!(hinted.continues(&a) && !a.continues(&hinted), "a hint asked is further on");
        let on = played(hinted.clone(), 2, 0);
        assert!(on.continues(&hinted) && !played(a.clone(), 2, 0).continues(&hinted));
    }

    /// Random trees of games (moves, take-backs, hints from random earlier states): every state
    /// continues its ancestors, and `continues` is a partial order (reflexive, antisymmetric,
    /// transitive) on them, so the records no other continues are well defined for a merge.
    #[test]
    fn continues_is_a_partial_order_over_random_histories() {
        for seed in 0..6u64 {
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let mut states = vec![(start(seed), None::<usize>)];
            for _ in 0..30 {
                let parent = rng.random_range(0..states.len());
                let mut s = states[parent].0.clone();
                match rng.random_range(0..4) {
                    0 if !s.log.is_empty() => {
                        let n = rng.random_range(1..=s.log.len().min(3));
                        assert!(s.take_back(n));
                    }
                    1 => s.count_hint(s.state.to_move().unwrap_or(0)),
                    _ => s = played(s, rng.random_range(1..=2), rng.random_range(0..3)),
                }
                states.push((s, Some(parent)));
            }
            let ancestors = |mut i: usize| {
                let mut up = vec![i];
                while let Some(p) = states[i].1 {
                    up.push(p);
                    i = p;
                }
                up
            };
            for (i, (s, _)) in states.iter().enumerate() {
                for a in ancestors(i) {
                    assert!(s.continues(&states[a].0), "seed {seed}: state {i} continues its ancestor {a}");
                }
            }
            for (i, (x, _)) in states.iter().enumerate() {
                for (j, (y, _)) in states.iter().enumerate() {
                    if x.continues(y) && y.continues(x) {
                        assert!(x == y, "seed {seed}: {i} and {j} continue each other but differ");
                    }
                    if !y.continues(x) {
                        continue;
                    }
                    for (k, (z, _)) in states.iter().enumerate() {
                        if z.continues(y) {
                            assert!(z.continues(x), "seed {seed}: {k} continues {j}, which continues {i}");
                        }
                    }
                }
            }
        }
    }
}
