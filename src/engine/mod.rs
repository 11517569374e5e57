//! Pure rules engines. Nothing in here knows about Leptos, web-sys or the DOM: a game is plain,
//! serialisable data plus moves that either apply or are refused with a reason.
//!
//! Every game implements [`Game`]; saving, the move log, hand-over screens and (later) computer
//! players are written once against that trait.

pub mod bots;
pub mod determinize;
mod event_json;
pub mod rng;
pub mod sort;
// One module per game (`src/games.rs`).
crate::for_each_game!(games_modules());

use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::fmt::Debug;

pub use determinize::Determinize;
pub use event_json::EventJson;

/// Seat index of a player, 0-based, in turn order.
pub type PlayerIdx = usize;

crate::for_each_game!(games_kind());

impl GameKind {
    pub fn from_id(id: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|k| k.id() == id)
    }

    /// Refuses a player count outside [`players`](Self::players).
    pub fn check_players(self, got: usize) -> Result<(), SetupError> {
        let (min, max) = self.players();
        if (min..=max).contains(&got) {
            Ok(())
        } else {
            Err(SetupError::PlayerCount { min, max, got })
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// One or more players share the win (several only where the rules let equal scores share).
    Winners(Vec<PlayerIdx>),
    /// Nobody wins.
    Draw,
}

impl Outcome {
    /// The players with the highest score share the win (games where equal scores share).
    pub fn best_scores(scores: &[u32]) -> Outcome {
        let best = scores.iter().copied().max().unwrap_or(0);
        Outcome::Winners((0..scores.len()).filter(|&p| scores[p] == best).collect())
    }
}

/// A setup that the rules do not allow (wrong player count, bad option combination).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SetupError {
    PlayerCount { min: usize, max: usize, got: usize },
    Invalid(String),
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::PlayerCount { min, max, got } => {
                write!(f, "this game needs {min} to {max} players, not {got}")
            }
            SetupError::Invalid(why) => f.write_str(why),
        }
    }
}

/// The contract every game engine fulfils.
///
/// `apply` is atomic: on `Err` the state is exactly as before. A state that came from outside
/// (a save file) must pass [`Game::validate`] before any other method is called on it; after
/// that no method panics.
pub trait Game: Clone + Debug + PartialEq + Serialize + DeserializeOwned + 'static {
    /// A player's decision.
    type Move: Clone + Debug + PartialEq + Serialize + DeserializeOwned + 'static;
    /// Why a move was refused.
    type Error: Clone + Debug + PartialEq + 'static;
    /// What a move did, as recorded in the move log (contains the move and its consequences).
    type Event: Clone + Debug + PartialEq + Serialize + DeserializeOwned + 'static;
    /// Variants and options chosen at setup.
    type Options: Clone + Debug + PartialEq + Default + Serialize + DeserializeOwned + 'static;

    const KIND: GameKind;

    /// Version of this game's rules data in saves (state, moves, log entries). Bumped when a
    /// change alters what a saved game means; `session` then migrates older saves step by step.
    const RULES_VERSION: u32 = 1;

    /// A fresh game. All randomness derives from `seed`.
    fn new(players: usize, options: Self::Options, seed: u64) -> Result<Self, SetupError>;

    fn options(&self) -> &Self::Options;

    /// The seed the game was created with (a save is checked by replaying it from here).
    fn seed(&self) -> u64;

    /// The move that produced `event`, so a saved log can be replayed and compared.
    fn event_move(event: &Self::Event) -> Self::Move;

    /// [`Game::event_move`] of an event read from its JSON ([`EventJson`]): how the page reads a
    /// save's log and the worker's replies. `None` when it is none of this game's events. The
    /// engine contract test checks that both agree on every event.
    fn json_event_move(event: &EventJson<'_>) -> Option<Self::Move>;

    /// A format-4 take-back's fresh chance, replayed when such a save loads (take-backs since
    /// format 5 draw nothing anew: `session::TakeBack`): draws anew, from `nonce` (the
    /// take-back's number in the game, from 1), everything no seat has seen (the draw pile, the
    /// bag), and makes every later shuffle differ from the one the undone moves met. Every
    /// seat's observation stays as it was.
    fn reshuffle_unseen(&mut self, nonce: u64);

    /// Who made the move behind `event`; `None` for setup steps that belong to nobody's turn.
    /// The table uses it to tell a player what happened since their own last move.
    fn event_player(event: &Self::Event) -> Option<PlayerIdx>;
    fn player_count(&self) -> usize;

    /// Whose decision it is; `None` once the game is over.
    fn to_move(&self) -> Option<PlayerIdx>;

    /// Every move the player to move may make (empty when the game is over), each choice once:
    /// every move `apply` accepts has the same [`choice`](Game::choice) as a listed one.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// What `mv` chooses among [`Game::legal_moves`] here: the move itself, unless the rules leave
    /// a part of it free that `legal_moves` lists in one form only (Just 4 Fun's cards in any
    /// order, Gut angelegt's announced lines, Vier mal Vier's first stone at either end).
    fn choice(&self, mv: &Self::Move) -> Self::Move {
        mv.clone()
    }

    /// Play a move for the player to move.
    fn apply(&mut self, mv: &Self::Move) -> Result<Self::Event, Self::Error>;

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Moves made so far (shown in save slots as the turn counter).
    fn turn(&self) -> u32;

    /// Whether a player holds something the others must not see (hands, a held tile), so the
    /// device has to be handed over behind a cover screen.
    fn has_hidden_information(&self) -> bool;

    /// Whether what is hidden is the board itself, seen differently from each seat (Vier mal
    /// Vier's hidden view), rather than things a player can hold away (hands, a tile): then the
    /// device can only pass under a cover, whatever the hand-over setting says.
    fn board_is_private(&self) -> bool {
        false
    }

    /// What the whole table has seen decided so far that one person must not take back unasked
    /// (Vier mal Vier: the finished games of a match, the Profi announcement), as a number that
    /// changes with each such decision: 0 while there is none, as in every game without such
    /// decisions (the default), and never 0 again after the first.
    fn table_decisions(&self) -> u64 {
        0
    }

    /// Checks a state that came from outside (a save) for consistency.
    fn validate(&self) -> Result<(), String>;
}
