//! A game in progress as the app keeps it: players' names, colours and kinds, the engine state,
//! the move log and the hints asked for. Its save format is [`format`], the cleaning of names
//! [`names`]. Pure: no browser APIs, so loading every kind of bad save is tested natively.

mod format;
mod names;
mod rewind;
mod takeback;

pub use format::{
    from_json, rules_steps, to_json, Damage, EncodeError, LoadError, RawGame, RulesStep, Save, SaveHeader, SaveMeta,
    APP_TAG, MAX_SAVE_BYTES, SCHEMA_VERSION,
};
pub use names::{
    clean_name, clean_seats, distinct_colors, free_name, is_default_name, member_seat, name_key, remember_family,
    same_name, seat_member, seats_for_new_game, set_seat_kind, MAX_FAMILY, MAX_NAME_LEN,
};
pub use takeback::{TakeBack, TakeBackOffer, TakeBackRule};

use crate::engine::bots::Level;
use crate::engine::{Game, GameKind, SetupError};
use crate::with_session;
use serde::{Deserialize, Serialize};

/// Player colours on offer. Stored by name in saves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerColor {
    Red,
    Yellow,
    Green,
    White,
    Black,
    Purple,
}

impl crate::named::Named for PlayerColor {
    const NAMES: &'static [(Self, &'static str)] = &[
        (PlayerColor::Red, "red"),
        (PlayerColor::Yellow, "yellow"),
        (PlayerColor::Green, "green"),
        (PlayerColor::White, "white"),
        (PlayerColor::Black, "black"),
        (PlayerColor::Purple, "purple"),
    ];
}

crate::named_deserialize!(PlayerColor);

impl PlayerColor {
    pub const ALL: [PlayerColor; 6] = [
        PlayerColor::Red,
        PlayerColor::Yellow,
        PlayerColor::Green,
        PlayerColor::White,
        PlayerColor::Black,
        PlayerColor::Purple,
    ];

    /// Its name, as in saves.
    pub fn id(self) -> &'static str {
        use crate::named::Named;
        Self::NAMES.iter().find(|&&(c, _)| c == self).map_or("", |&(_, name)| name)
    }
}

/// Who plays a seat: a person at the device, or a computer player of some level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SeatKind {
    #[default]
    Person,
    Computer(Level),
}

impl SeatKind {
    pub fn is_computer(self) -> bool {
        matches!(self, SeatKind::Computer(_))
    }

    pub fn level(self) -> Option<Level> {
        match self {
            SeatKind::Computer(level) => Some(level),
            SeatKind::Person => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub name: String,
    pub color: PlayerColor,
    /// Missing in the remembered player list of older builds: a person.
    #[serde(default)]
    pub kind: SeatKind,
}

impl Seat {
    pub fn person(name: impl Into<String>, color: PlayerColor) -> Seat {
        Seat { name: name.into(), color, kind: SeatKind::Person }
    }

    pub fn is_person(&self) -> bool {
        !self.kind.is_computer()
    }
}

/// One running game of any kind `G`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Session<G: Game> {
    pub seats: Vec<Seat>,
    pub state: G,
    pub log: Vec<G::Event>,
    /// Every "Tipp" a person asked for (shown in the move log).
    #[serde(default)]
    pub hints: Vec<HintUse>,
    /// The take-backs that led to this log, oldest first ([`Session::take_back`]).
    #[serde(default)]
    pub takebacks: Vec<TakeBack>,
}

/// Why a logged move does not replay: refused, or it did something else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepRefused {
    Refused,
    Differs,
}

impl StepRefused {
    fn damage(self, n: usize) -> Damage {
        match self {
            StepRefused::Refused => Damage::MoveRefused { n },
            StepRefused::Differs => Damage::MoveDiffers { n },
        }
    }
}

/// One step of a replay: plays `mv` (`None`: the entry names no move) and gives the event it
/// made when `same` finds it the logged one.
pub fn replay_step<G: Game>(
    state: &mut G,
    mv: Option<G::Move>,
    same: impl FnOnce(&G::Event) -> bool,
) -> Result<G::Event, StepRefused> {
    let done = state.apply(&mv.ok_or(StepRefused::Refused)?).map_err(|_| StepRefused::Refused)?;
    if same(&done) {
        Ok(done)
    } else {
        Err(StepRefused::Differs)
    }
}

/// A hint asked for by the person in `seat` before move `turn` (0-based count of moves made).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HintUse {
    pub turn: u32,
    pub seat: usize,
}

impl<G: Game> PartialEq for Session<G>
where
    G: PartialEq,
{
    fn eq(&self, other: &Self) -> bool {
        self.seats == other.seats
            && self.state == other.state
            && self.log == other.log
            && self.hints == other.hints
            && self.takebacks == other.takebacks
    }
}

impl<G: Game> Session<G> {
    pub fn new(seats: Vec<Seat>, options: G::Options, seed: u64) -> Result<Self, SetupError> {
        let state = G::new(seats.len(), options, seed)?;
        Ok(Session { seats, state, log: Vec::new(), hints: Vec::new(), takebacks: Vec::new() })
    }

    /// Plays `mv` and records it in the log; on error nothing changes.
    pub fn play(&mut self, mv: &G::Move) -> Result<G::Event, G::Error> {
        let event = self.state.apply(mv)?;
        self.log.push(event.clone());
        Ok(event)
    }

    /// The log index after `player`'s last move (0 before their first).
    pub fn since_turn_of(&self, player: usize) -> usize {
        self.log.iter().rposition(|e| G::event_player(e) == Some(player)).map_or(0, |i| i + 1)
    }

    /// The player to move, if a person plays that seat.
    pub fn person_to_move(&self) -> Option<usize> {
        self.state.to_move().filter(|&p| self.seats.get(p).is_some_and(Seat::is_person))
    }

    /// Counts a hint for the person in `seat` at the current move.
    pub fn count_hint(&mut self, seat: usize) {
        let turn = self.state.turn();
        if !self.hints.contains(&HintUse { turn, seat }) {
            self.hints.push(HintUse { turn, seat });
        }
    }

    /// Hints asked for by `seat`.
    pub fn hints_of(&self, seat: usize) -> usize {
        self.hints.iter().filter(|h| h.seat == seat).count()
    }

    /// Rebuilds a session from what a save must hold: the seats, the game's options and seed,
    /// its log and take-backs. Every logged move is replayed and must do exactly what the log
    /// says; the take-backs and hints must fit the game. The position is the replay's, so it
    /// needs no checking of its own.
    pub fn replay(
        seats: Vec<Seat>,
        options: G::Options,
        seed: u64,
        log: Vec<G::Event>,
        takebacks: &[TakeBack],
        hints: Vec<HintUse>,
    ) -> Result<Self, Damage> {
        let step =
            |event: &G::Event, state: &mut G| replay_step(state, Some(G::event_move(event)), |done| done == event);
        Session::replay_entries(seats, options, seed, &log, takebacks, hints, step)
    }

    /// [`Session::replay`] of a log in any form: `step` plays an entry's move on the state and
    /// gives the event it made, or why it does not fit ([`replay_step`]; the number of the move
    /// is filled in here).
    pub fn replay_entries<E>(
        seats: Vec<Seat>,
        options: G::Options,
        seed: u64,
        log: &[E],
        takebacks: &[TakeBack],
        hints: Vec<HintUse>,
        step: impl Fn(&E, &mut G) -> Result<G::Event, StepRefused>,
    ) -> Result<Self, Damage> {
        let ordered = takebacks.windows(2).all(|w| w[0].at <= w[1].at && w[0].nonce < w[1].nonce);
        if !ordered || takebacks.first().is_some_and(|t| t.nonce == 0) {
            return Err(Damage::TakeBack);
        }
        let mut session = Session::<G>::new(seats, options, seed).map_err(|_| Damage::Setup)?;
        let mut pending = takebacks.iter().peekable();
        for (i, entry) in log.iter().enumerate() {
            while let Some(t) = pending.next_if(|t| t.at == i) {
                t.redo_draw(&mut session.state);
            }
            let done = step(entry, &mut session.state).map_err(|why| why.damage(i + 1))?;
            session.log.push(done);
        }
        while let Some(t) = pending.next_if(|t| t.at == log.len()) {
            t.redo_draw(&mut session.state);
        }
        if pending.next().is_some() {
            return Err(Damage::TakeBack);
        }
        session.takebacks = takebacks.to_vec();
        if hints.iter().any(|h| h.seat >= session.seats.len() || h.turn > session.state.turn()) {
            return Err(Damage::Hint);
        }
        session.hints = hints;
        Ok(session)
    }

    /// Every position of the game from the start to now, with what no seat had seen as it was
    /// then (the take-backs' new draws included): what a replay of a finished game steps
    /// through. The start alone if the log does not replay (a checked session always does);
    /// never empty.
    pub fn positions(&self) -> Vec<G> {
        let before_each = std::cell::RefCell::new(Vec::new());
        let step = |event: &G::Event, state: &mut G| {
            before_each.borrow_mut().push(state.clone());
            replay_step(state, Some(G::event_move(event)), |done| done == event)
        };
        let (options, seed) = (self.state.options().clone(), self.state.seed());
        let end =
            Session::replay_entries(self.seats.clone(), options, seed, &self.log, &self.takebacks, Vec::new(), step);
        let mut positions = before_each.into_inner();
        match end {
            Ok(end) => positions.push(end.state),
            // (A game that does not even set up again still shows where it stands.)
            Err(_) if positions.is_empty() => positions.push(self.state.clone()),
            Err(_) => positions.truncate(1),
        }
        positions
    }

    /// Checks a session that came from outside: replaying its log from the game's seed gives
    /// exactly its log and state.
    pub fn check(&self) -> Result<(), Damage> {
        let state = &self.state;
        let replayed = Session::<G>::replay(
            self.seats.clone(),
            state.options().clone(),
            state.seed(),
            self.log.clone(),
            &self.takebacks,
            self.hints.clone(),
        )?;
        if replayed.state != *state {
            return Err(Damage::Position);
        }
        Ok(())
    }
}

crate::for_each_game!(games_sessions());

fn continues_any<G: Stored>(later: &Session<G>, earlier: &AnySession) -> bool {
    G::session(earlier).is_some_and(|e| later.continues(e))
}

fn kind_of<G: Game>(_: &Session<G>) -> GameKind {
    G::KIND
}

impl AnySession {
    /// The take-back `rule` allows now, `holder` holding the device ([`Session::takeback_offer`]).
    pub fn takeback_offer(&self, rule: TakeBackRule, holder: Option<usize>) -> Option<TakeBackOffer> {
        with_session!(self, s => s.takeback_offer(rule, holder))
    }
    /// Whether `offer` was made for the game as it is now ([`Session::offer_is_current`]).
    pub fn offer_is_current(&self, offer: &TakeBackOffer) -> bool {
        with_session!(self, s => s.offer_is_current(offer))
    }
    /// Takes back the last `moves` moves ([`Session::take_back`]).
    pub fn take_back(&mut self, moves: usize) -> bool {
        with_session!(self, s => s.take_back(moves))
    }
    pub fn takebacks_made(&self) -> u64 {
        with_session!(self, s => s.takebacks_made())
    }
    /// Whether this is the game `earlier` played on ([`Session::continues`]); never across games.
    pub fn continues(&self, earlier: &AnySession) -> bool {
        with_session!(self, s => continues_any(s, earlier))
    }
    pub fn kind(&self) -> GameKind {
        with_session!(self, s => kind_of(s))
    }
    pub fn seats(&self) -> &[Seat] {
        with_session!(self, s => &s.seats)
    }
    pub fn turn(&self) -> u32 {
        with_session!(self, s => s.state.turn())
    }
    pub fn is_over(&self) -> bool {
        with_session!(self, s => s.state.outcome().is_some())
    }
    pub fn to_move(&self) -> Option<usize> {
        with_session!(self, s => s.state.to_move())
    }
    pub fn person_to_move(&self) -> Option<usize> {
        with_session!(self, s => s.person_to_move())
    }
    pub fn count_hint(&mut self, seat: usize) {
        with_session!(self, s => s.count_hint(seat))
    }
    pub fn hint_count(&self) -> usize {
        with_session!(self, s => s.hints.len())
    }
    pub fn log_len(&self) -> usize {
        with_session!(self, s => s.log.len())
    }
    /// [`Game::board_is_private`] of the game.
    pub fn board_is_private(&self) -> bool {
        with_session!(self, s => s.state.board_is_private())
    }
    /// Where the log goes on after `player`'s own last move: what they have not seen played
    /// (the whole log before their first move).
    pub fn since_turn_of(&self, player: usize) -> usize {
        with_session!(self, s => s.since_turn_of(player))
    }
}

/// Moves a concrete game's session in and out of [`AnySession`], so code that works for every
/// game (playing a move, saving) is written once.
pub trait Stored: Game {
    fn session(any: &AnySession) -> Option<&Session<Self>>;
    fn session_mut(any: &mut AnySession) -> Option<&mut Session<Self>>;
    fn wrap(session: Session<Self>) -> AnySession;
}
