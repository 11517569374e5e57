//! Going back to an earlier state of a game by another way than the take-back button: a named
//! save loaded after the game went on, another tab's older copy kept as a game of its own. The
//! moves after it were seen, so playing them again is a take-back, and is marked as one
//! ([`Session::mark_rewound`]) for the end screen, the statistics and the high scores.

use super::{AnySession, Session, Stored, TakeBack};
use crate::engine::Game;
use crate::with_session;

impl<G: Game> Session<G> {
    /// Whether `further` is this game gone on: the same start (options and seed) and this log
    /// the proper beginning of its log.
    pub fn is_earlier_state_of(&self, further: &Session<G>) -> bool {
        self.state.seed() == further.state.seed()
            && self.state.options() == further.state.options()
            && further.log.len() > self.log.len()
            && further.log.starts_with(&self.log)
    }

    /// Marks this game as gone back to from a further state someone saw: a take-back at the
    /// log's end, numbered after every take-back this copy or the further one (`seen_further`:
    /// its [`takebacks_made`](Session::takebacks_made)) has seen. It redraws nothing (as no
    /// take-back does since format 5), so the position stays and the game saves and loads as
    /// any game with take-backs.
    pub fn mark_rewound(&mut self, seen_further: u64) {
        let nonce = self.takebacks_made().max(seen_further) + 1;
        self.takebacks.push(TakeBack { at: self.log.len(), nonce, redraw: false });
    }
}

fn earlier_state_of<G: Stored>(earlier: &Session<G>, further: &AnySession) -> bool {
    G::session(further).is_some_and(|f| earlier.is_earlier_state_of(f))
}

impl AnySession {
    /// The seed the game was dealt from.
    pub fn seed(&self) -> u64 {
        with_session!(self, s => s.state.seed())
    }
    /// [`Session::is_earlier_state_of`], for games of any kind (of different kinds: `false`).
    pub fn is_earlier_state_of(&self, further: &AnySession) -> bool {
        with_session!(self, s => earlier_state_of(s, further))
    }
    /// [`Session::mark_rewound`].
    pub fn mark_rewound(&mut self, seen_further: u64) {
        with_session!(self, s => s.mark_rewound(seen_further));
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::just4fun::{Just4Fun, Options};
    use crate::engine::Game;
    use crate::session::{from_json, to_json, AnySession, PlayerColor, SaveMeta, Seat, Session};

    fn played(seed: u64, moves: usize) -> Session<Just4Fun> {
        let seats = vec![Seat::person("Anna", PlayerColor::Red), Seat::person("Ben", PlayerColor::Green)];
        let mut s = Session::<Just4Fun>::new(seats, Options::default(), seed).unwrap();
        for _ in 0..moves {
            let mv = s.state.legal_moves().into_iter().next().unwrap();
            s.play(&mv).unwrap();
        }
        s
    }

    #[test]
    fn an_earlier_state_is_a_proper_beginning_of_the_same_game() {
        let (early, later) = (played(3, 4), played(3, 7));
        assert!(early.is_earlier_state_of(&later));
        assert!(!later.is_earlier_state_of(&early), "later is not earlier");
        assert!(!early.is_earlier_state_of(&early), "a game is no earlier state of itself");
        assert!(!played(4, 4).is_earlier_state_of(&played(3, 7)), "another deal is another game");
    }

    /// The mark is a take-back at the log's end, numbered after the further copy's take-backs;
    /// the marked game saves and loads again (its replay accepts a take-back at the end).
    #[test]
    fn a_rewound_game_is_marked_and_still_loads() {
        let mut early = played(3, 4);
        assert_eq!(early.takebacks_made(), 0);
        early.mark_rewound(2);
        assert_eq!(early.takebacks_made(), 3, "after the further copy's two take-backs");
        assert_eq!(early.takebacks.last().map(|t| t.at), Some(4));
        assert_eq!(early.log.len(), 4, "no move is undone");
        let any = AnySession::Just4Fun(early);
        let text = to_json(&any, SaveMeta { name: "x", saved_at: 1.0, id: "", rev: 1 }).unwrap();
        let loaded = from_json(&text).expect("the marked game loads");
        assert_eq!(loaded.session.takebacks_made(), 3);
    }
}
