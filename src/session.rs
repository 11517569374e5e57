//! A game in progress as the app keeps it (players' names and colours, the engine state, the
//! move log) and the save-file format. Pure: no browser APIs, so loading every kind of bad save
//! is tested natively.

use crate::engine::gutangelegt::GutAngelegt;
use crate::engine::just4fun::Just4Fun;
use crate::engine::sudoku::Sudoku;
use crate::engine::viermalvier::VierMalVier;
use crate::engine::{Game, GameKind, SetupError};
use serde::{Deserialize, Serialize};

/// Marks our files among all JSON a user might import.
pub const APP_TAG: &str = "spieltisch";
/// Bumped whenever the save format changes incompatibly.
pub const SCHEMA_VERSION: u32 = 1;
pub const MAX_NAME_LEN: usize = 24;

/// Player colours on offer. Stored by name in saves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerColor {
    Red,
    Yellow,
    Green,
    White,
    Black,
    Purple,
}

impl PlayerColor {
    pub const ALL: [PlayerColor; 6] = [
        PlayerColor::Red,
        PlayerColor::Yellow,
        PlayerColor::Green,
        PlayerColor::White,
        PlayerColor::Black,
        PlayerColor::Purple,
    ];

    pub fn id(self) -> &'static str {
        match self {
            PlayerColor::Red => "red",
            PlayerColor::Yellow => "yellow",
            PlayerColor::Green => "green",
            PlayerColor::White => "white",
            PlayerColor::Black => "black",
            PlayerColor::Purple => "purple",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub name: String,
    pub color: PlayerColor,
}

/// One running game of any kind `G`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Session<G: Game> {
    pub seats: Vec<Seat>,
    pub state: G,
    pub log: Vec<G::Event>,
}

impl<G: Game> PartialEq for Session<G>
where
    G: PartialEq,
{
    fn eq(&self, other: &Self) -> bool {
        self.seats == other.seats && self.state == other.state && self.log == other.log
    }
}

impl<G: Game> Session<G> {
    pub fn new(seats: Vec<Seat>, options: G::Options, seed: u64) -> Result<Self, SetupError> {
        let state = G::new(seats.len(), options, seed)?;
        Ok(Session { seats, state, log: Vec::new() })
    }

    /// Plays `mv` and records it in the log; on error nothing changes.
    pub fn play(&mut self, mv: &G::Move) -> Result<G::Event, G::Error> {
        let event = self.state.apply(mv)?;
        self.log.push(event.clone());
        Ok(event)
    }

    fn check(&self) -> Result<(), String> {
        self.state.validate()?;
        if self.seats.len() != self.state.player_count() {
            return Err(format!(
                "{} players named but the game has {}",
                self.seats.len(),
                self.state.player_count()
            ));
        }
        Ok(())
    }
}

/// The running game, whichever it is.
#[derive(Clone, Debug)]
pub enum AnySession {
    Just4Fun(Session<Just4Fun>),
    Sudoku(Session<Sudoku>),
    VierMalVier(Session<VierMalVier>),
    GutAngelegt(Session<GutAngelegt>),
}

/// Runs `$body` with `$s` bound to the concrete `Session<G>` inside an [`AnySession`], so code
/// that is the same for every game is written once (`G` is known inside the body's arm).
#[macro_export]
macro_rules! with_session {
    ($any:expr, $s:ident => $body:expr) => {
        match $any {
            $crate::session::AnySession::Just4Fun($s) => $body,
            $crate::session::AnySession::Sudoku($s) => $body,
            $crate::session::AnySession::VierMalVier($s) => $body,
            $crate::session::AnySession::GutAngelegt($s) => $body,
        }
    };
}

fn kind_of<G: Game>(_: &Session<G>) -> GameKind {
    G::KIND
}

impl AnySession {
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
}

/// Moves a concrete game's session in and out of [`AnySession`], so code that works for every
/// game (playing a move, saving) is written once.
pub trait Stored: Game {
    fn session(any: &AnySession) -> Option<&Session<Self>>;
    fn session_mut(any: &mut AnySession) -> Option<&mut Session<Self>>;
    fn wrap(session: Session<Self>) -> AnySession;
}

macro_rules! stored {
    ($game:ident) => {
        impl Stored for $game {
            fn session(any: &AnySession) -> Option<&Session<Self>> {
                match any {
                    AnySession::$game(s) => Some(s),
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
            fn session_mut(any: &mut AnySession) -> Option<&mut Session<Self>> {
                match any {
                    AnySession::$game(s) => Some(s),
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
            fn wrap(session: Session<Self>) -> AnySession {
                AnySession::$game(session)
            }
        }
    };
}
stored!(Just4Fun);
stored!(Sudoku);
stored!(VierMalVier);
stored!(GutAngelegt);

/// The first part of every save: enough to list a slot without understanding the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveHeader {
    pub app: String,
    pub schema: u32,
    pub game: String,
    pub name: String,
    /// Milliseconds since the Unix epoch.
    pub saved_at: f64,
    pub players: Vec<Seat>,
    pub turn: u32,
    pub finished: bool,
}

/// A loaded save: its header and the game it holds.
#[derive(Clone, Debug)]
pub struct Save {
    pub header: SaveHeader,
    pub session: AnySession,
}

/// Why a save could not be loaded. Shown to the user together with the slot's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Not JSON at all, or cut off.
    NotJson,
    /// JSON, but not one of our saves.
    Foreign,
    /// Written by a newer version of the app.
    Newer { schema: u32 },
    /// One of ours but a game this version does not know.
    UnknownGame(String),
    /// One of ours, but the content is damaged or inconsistent.
    Damaged(String),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::NotJson => f.write_str("the file is not readable (damaged or cut off)"),
            LoadError::Foreign => f.write_str("this is not a Spieltisch save"),
            LoadError::Newer { schema } => write!(f, "saved by a newer app version (format {schema})"),
            LoadError::UnknownGame(g) => write!(f, "unknown game \"{g}\""),
            LoadError::Damaged(why) => write!(f, "the save is damaged: {why}"),
        }
    }
}

/// A save file as written: the header's fields, then the game's state and log. Written and read
/// with typed structs (no `serde_json::Value`), which keeps the Wasm smaller.
#[derive(Serialize)]
#[serde(bound = "")]
struct SaveOut<'a, G: Game> {
    #[serde(flatten)]
    header: &'a SaveHeader,
    state: &'a G,
    log: &'a [G::Event],
}

/// The game part of a save as read (the header's fields are ignored here).
#[derive(Deserialize)]
#[serde(bound = "")]
struct SaveIn<G: Game> {
    state: G,
    log: Vec<G::Event>,
}

/// Just enough to tell our files from others without trusting anything else.
#[derive(Deserialize)]
struct AppTag {
    app: String,
}

#[derive(Deserialize)]
struct SchemaTag {
    schema: u64,
}

/// Writes a save file (JSON).
pub fn to_json(session: &AnySession, name: &str, saved_at: f64) -> Result<String, String> {
    let header = SaveHeader {
        app: APP_TAG.into(),
        schema: SCHEMA_VERSION,
        game: session.kind().id().into(),
        name: clean_name(name),
        saved_at,
        players: session.seats().to_vec(),
        turn: session.turn(),
        finished: session.is_over(),
    };
    with_session!(session, s => serde_json::to_string(&SaveOut { header: &header, state: &s.state, log: &s.log }))
        .map_err(|e| e.to_string())
}

/// Reads a save file, checking everything; never panics on any input.
pub fn from_json(text: &str) -> Result<Save, LoadError> {
    serde_json::from_str::<serde::de::IgnoredAny>(text).map_err(|_| LoadError::NotJson)?;
    // JSON, but an object with our tag? Anything else is someone else's file.
    let tag = serde_json::from_str::<AppTag>(text).map_err(|_| LoadError::Foreign)?;
    if tag.app != APP_TAG {
        return Err(LoadError::Foreign);
    }
    let schema = serde_json::from_str::<SchemaTag>(text)
        .map_err(|_| LoadError::Damaged("no format version".into()))?
        .schema;
    if schema > u64::from(SCHEMA_VERSION) {
        return Err(LoadError::Newer { schema: u32::try_from(schema).unwrap_or(u32::MAX) });
    }
    let header: SaveHeader = serde_json::from_str(text).map_err(|e| LoadError::Damaged(e.to_string()))?;
    let kind = GameKind::from_id(&header.game).ok_or_else(|| LoadError::UnknownGame(header.game.clone()))?;
    let session = match kind {
        GameKind::Just4Fun => AnySession::Just4Fun(session_from(&header, text)?),
        GameKind::Sudoku => AnySession::Sudoku(session_from(&header, text)?),
        GameKind::VierMalVier => AnySession::VierMalVier(session_from(&header, text)?),
        GameKind::GutAngelegt => AnySession::GutAngelegt(session_from(&header, text)?),
    };
    Ok(Save { header, session })
}

fn session_from<G: Game>(header: &SaveHeader, text: &str) -> Result<Session<G>, LoadError> {
    let damaged = |e: String| LoadError::Damaged(e);
    let game: SaveIn<G> = serde_json::from_str(text).map_err(|e| damaged(e.to_string()))?;
    let session = Session::<G> { seats: header.players.clone(), state: game.state, log: game.log };
    session.check().map_err(damaged)?;
    Ok(session)
}

/// Trims a user-given name to something that fits a slot list.
pub fn clean_name(name: &str) -> String {
    let trimmed: String = name.trim().chars().filter(|c| !c.is_control()).take(MAX_NAME_LEN).collect();
    if trimmed.is_empty() {
        "Spiel".into()
    } else {
        trimmed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;
    use crate::engine::just4fun::Options;

    fn sample() -> AnySession {
        let seats = vec![
            Seat { name: "Anna".into(), color: PlayerColor::Red },
            Seat { name: "Ben".into(), color: PlayerColor::Yellow },
        ];
        let mut s = Session::<Just4Fun>::new(seats, Options::default(), 7).expect("2 players is a valid setup");
        for _ in 0..5 {
            let mv = s.state.legal_moves()[0].clone();
            s.play(&mv).expect("a legal move applies");
        }
        AnySession::Just4Fun(s)
    }

    #[test]
    fn round_trip_keeps_the_game() {
        let session = sample();
        let json = to_json(&session, "  Abend  ", 1.0).unwrap();
        let save = from_json(&json).unwrap();
        assert_eq!(save.header.name, "Abend");
        assert_eq!(save.header.turn, 5);
        match (save.session, session) {
            (AnySession::Just4Fun(a), AnySession::Just4Fun(b)) => assert_eq!(a, b),
            _ => panic!("the game kind changed"),
        }
    }

    #[test]
    fn bad_inputs_are_classified() {
        let good = to_json(&sample(), "x", 0.0).unwrap();
        assert_eq!(from_json("").unwrap_err(), LoadError::NotJson);
        assert_eq!(from_json(&good[..good.len() / 2]).unwrap_err(), LoadError::NotJson);
        assert_eq!(from_json("[1,2]").unwrap_err(), LoadError::Foreign);
        assert_eq!(from_json(r#"{"app":"other","schema":1}"#).unwrap_err(), LoadError::Foreign);
        let newer = good.replace("\"schema\":1", "\"schema\":99");
        assert_eq!(from_json(&newer).unwrap_err(), LoadError::Newer { schema: 99 });
        let unknown = good.replace("\"game\":\"just4fun\"", "\"game\":\"chess\"");
        assert_eq!(from_json(&unknown).unwrap_err(), LoadError::UnknownGame("chess".into()));
    }

    #[test]
    fn inconsistent_content_is_damaged_not_a_panic() {
        let good = to_json(&sample(), "x", 0.0).unwrap();
        let mut v: Value = serde_json::from_str(&good).unwrap();
        // One player too many for the engine state.
        v["players"].as_array_mut().unwrap().push(serde_json::json!({"name":"Cem","color":"green"}));
        assert!(matches!(from_json(&v.to_string()), Err(LoadError::Damaged(_))));
        // The state replaced by nonsense.
        let mut v: Value = serde_json::from_str(&good).unwrap();
        v["state"] = serde_json::json!({"hands": 3});
        assert!(matches!(from_json(&v.to_string()), Err(LoadError::Damaged(_))));
    }

    #[test]
    fn mangled_saves_never_panic() {
        let good = to_json(&sample(), "x", 0.0).unwrap();
        let bytes = good.as_bytes();
        // Cut, and overwrite single characters at many places: every result is Ok or a LoadError.
        for i in (0..bytes.len()).step_by(7) {
            let _ = from_json(&good[..i.min(good.len())]);
            for replacement in ["0", "9", "\"", "-", "{", "]", "null"] {
                let mut mangled = String::from_utf8_lossy(&bytes[..i]).into_owned();
                mangled.push_str(replacement);
                mangled.push_str(&String::from_utf8_lossy(&bytes[(i + 1).min(bytes.len())..]));
                let _ = from_json(&mangled);
            }
        }
    }

    #[test]
    fn names_are_cleaned() {
        assert_eq!(clean_name("   "), "Spiel");
        assert_eq!(clean_name("a\u{0007}b"), "ab");
        assert_eq!(clean_name(&"x".repeat(100)).chars().count(), MAX_NAME_LEN);
    }
}
