//! The save-file format: what a save holds (header, state, log, hints), how older formats and
//! older rules data are migrated, and how a file from outside is checked by replaying it.

use super::{clean_name, clean_seats, replay_step, AnySession, HintUse, Seat, SeatKind, Session, Stored, TakeBack};
use crate::engine::{EventJson, Game, GameKind};
use crate::with_session;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// Marks our files among all JSON a user might import.
pub const APP_TAG: &str = "spieltisch";
/// The save format written. Bumped whenever it changes; older formats are migrated on load
/// (`read_doc`), newer ones refused.
pub const SCHEMA_VERSION: u32 = 5;

/// The first part of every save: enough to list a game or slot without understanding it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SaveHeader {
    pub app: String,
    pub schema: u32,
    pub game: String,
    /// Version of the game's rules data ([`Game::RULES_VERSION`]).
    pub rules: u32,
    pub name: String,
    /// Milliseconds since the Unix epoch.
    pub saved_at: f64,
    pub players: Vec<Seat>,
    pub turn: u32,
    pub finished: bool,
    /// The running game this record belongs to; empty in named slots and exports.
    pub id: String,
    /// How often the record was written: a tab that read revision 4 must not overwrite 5.
    pub rev: u64,
}

/// What a save is written with besides the game: its name, time and (for a running game's own
/// record) the game's id and revision.
#[derive(Clone, Copy, Debug)]
pub struct SaveMeta<'a> {
    pub name: &'a str,
    pub saved_at: f64,
    pub id: &'a str,
    pub rev: u64,
}

/// A loaded save: its header and the game it holds.
#[derive(Clone, Debug)]
pub struct Save {
    pub header: SaveHeader,
    pub session: AnySession,
}

/// Files larger than this are refused before they are parsed (a save is a few KB).
pub const MAX_SAVE_BYTES: usize = 2 * 1024 * 1024;

/// Why a save could not be loaded. The UI words each case plainly; [`LoadError::detail`] is the
/// technical part, shown at most under that.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Over [`MAX_SAVE_BYTES`].
    TooLarge { bytes: usize },
    /// Not JSON at all, or cut off.
    NotJson,
    /// JSON, but not one of our saves.
    Foreign,
    /// Written in a newer save format than this version reads.
    Newer { found: u64, supported: u32 },
    /// The game's rules data is newer than this version knows.
    NewerRules { game: GameKind, found: u32, supported: u32 },
    /// One of ours but a game this version does not know.
    UnknownGame(String),
    /// One of ours, but the content is damaged or inconsistent (the detail says where).
    Damaged(Damage),
}

/// What is wrong inside a save that is ours. Plain data, so the page can say it in the
/// player's language (`ui::storage::damage_detail`); `Display` is the English for tests and logs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Damage {
    /// A part of the file is missing or of the wrong kind, at this line and column.
    Unreadable { line: usize, column: usize },
    /// The format version is missing or unknown.
    Format,
    /// The record lacks the rules version, its id or its revision.
    Header,
    /// The header's move count or end does not match the game.
    HeaderMismatch,
    /// A step that brings older rules data up to date failed.
    Migration,
    /// The players or options are not allowed for this game.
    Setup,
    /// Move `n` (from 1) of the log is not allowed by the rules. (Which rule is not kept: naming
    /// it would carry every game's error names into the page's wasm.)
    MoveRefused { n: usize },
    /// Move `n` of the log did something else when replayed.
    MoveDiffers { n: usize },
    /// A hint's record does not fit the game.
    Hint,
    /// The take-backs are out of order or point past the log.
    TakeBack,
    /// The stored position is not the one the log leads to.
    Position,
}

impl Damage {
    fn unreadable(e: &serde_json::Error) -> Damage {
        Damage::Unreadable { line: e.line(), column: e.column() }
    }
}

impl std::fmt::Display for Damage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Damage::Unreadable { line, column } => {
                write!(f, "a part is missing or of the wrong kind (line {line}, column {column})")
            }
            Damage::Format => f.write_str("no known format version"),
            Damage::Header => f.write_str("no rules version, id or revision"),
            Damage::HeaderMismatch => f.write_str("the header's move count or end does not match the game"),
            Damage::Migration => f.write_str("the rules data could not be brought up to date"),
            Damage::Setup => f.write_str("the game's setup is not allowed"),
            Damage::MoveRefused { n } => write!(f, "move {n} of the log is not allowed"),
            Damage::MoveDiffers { n } => write!(f, "move {n} of the log did something else when replayed"),
            Damage::Hint => f.write_str("a hint does not fit the game"),
            Damage::TakeBack => f.write_str("a take-back does not fit the game"),
            Damage::Position => f.write_str("the position does not follow from the move log"),
        }
    }
}

impl LoadError {
    pub fn damage(&self) -> Option<&Damage> {
        match self {
            LoadError::Damaged(why) => Some(why),
            _ => None,
        }
    }
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::TooLarge { bytes } => write!(f, "the file is too large ({bytes} bytes)"),
            LoadError::NotJson => f.write_str("the file is not readable (damaged or cut off)"),
            LoadError::Foreign => f.write_str("this is not a Spieltisch save"),
            LoadError::Newer { found, supported } => {
                write!(f, "saved in format {found}; this version reads up to {supported}")
            }
            LoadError::NewerRules { game, found, supported } => {
                write!(f, "{} rules data version {found}; this version knows up to {supported}", game.id())
            }
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
    #[serde(skip_serializing_if = "<[HintUse]>::is_empty")]
    hints: &'a [HintUse],
    #[serde(skip_serializing_if = "<[TakeBack]>::is_empty")]
    takebacks: &'a [TakeBack],
}

/// The two fields that say whose file this is and in which format, each kept raw so that one
/// parse classifies any input.
#[derive(Deserialize)]
struct Probe {
    app: Option<Box<RawValue>>,
    schema: Option<Box<RawValue>>,
}

/// A game's state and log as stored, not yet understood: what a rules migration step works on.
pub struct RawGame {
    pub state: Box<RawValue>,
    pub log: Box<RawValue>,
}

/// One step of a game's rules data, from version `n` to `n + 1`; `Err` when the data cannot be
/// what that version wrote.
pub type RulesStep = fn(&mut RawGame) -> Result<(), ()>;

/// The rules-data migrations of a game, in order: entry `n - 1` takes version `n` to `n + 1`, so
/// there are exactly `RULES_VERSION - 1` of them (a test checks this).
pub fn rules_steps(kind: GameKind) -> &'static [RulesStep] {
    // No game has changed its rules data yet; the first that does lists its steps here.
    let _ = kind;
    &[]
}

/// A save document of any format, read once. The formats so far:
/// 1. builds up to 4d04f13: one autosave for the whole site, no ids, no rules version (every
///    game's rules data was at version 1);
/// 2. builds up to c81ca7d: a record per running game with `id` and `rev`, and the version of
///    the game's rules data (`rules`);
/// 3. builds up to 165dab8: each seat has a `kind` (person or computer), and the `hints` asked for;
/// 4. builds up to 9e08f7c: the `takebacks` made (none before), each of which drew anew what no
///    seat had seen;
/// 5. the current one: a take-back says whether it drew anew (`redraw`); new ones never do.
///
/// A field a format did not have is read as missing, and the steps below fill it in.
#[derive(Deserialize)]
struct Doc {
    game: String,
    #[serde(default)]
    rules: Option<u32>,
    name: String,
    saved_at: f64,
    players: Vec<Seat>,
    turn: u32,
    finished: bool,
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    rev: Option<u64>,
    state: Box<RawValue>,
    log: Box<RawValue>,
    #[serde(default)]
    hints: Vec<HintUse>,
    #[serde(default)]
    takebacks: Vec<TakeBack>,
}

/// Step 1 → 2: the game's rules data was at version 1; slots and the old autosave had no id.
fn v1_to_v2(d: &mut Doc) {
    d.rules = Some(1);
    d.id = Some(String::new());
    d.rev = Some(0);
}

/// Step 2 → 3: every seat of an older save was a person, and nobody had asked for hints.
fn v2_to_v3(d: &mut Doc) {
    for seat in &mut d.players {
        seat.kind = SeatKind::Person;
    }
    d.hints.clear();
}

/// Step 3 → 4: no game had take-backs.
fn v3_to_v4(d: &mut Doc) {
    d.takebacks.clear();
}

/// Step 4 → 5: every take-back of format 4 drew anew what no seat had seen.
fn v4_to_v5(d: &mut Doc) {
    for takeback in &mut d.takebacks {
        takeback.redraw = true;
    }
}

/// Reads a document of format `schema` and migrates it to the current format, one step per
/// version (never "parse as if current").
fn read_doc(schema: u64, text: &str) -> Result<Doc, LoadError> {
    if !(1..=u64::from(SCHEMA_VERSION)).contains(&schema) {
        return Err(LoadError::Damaged(Damage::Format));
    }
    let mut doc: Doc = serde_json::from_str(text).map_err(|e| LoadError::Damaged(Damage::unreadable(&e)))?;
    if schema < 2 {
        v1_to_v2(&mut doc);
    }
    if schema < 3 {
        v2_to_v3(&mut doc);
    }
    if schema < 4 {
        v3_to_v4(&mut doc);
    }
    if schema < 5 {
        v4_to_v5(&mut doc);
    }
    if doc.rules.is_none() || doc.id.is_none() || doc.rev.is_none() {
        return Err(LoadError::Damaged(Damage::Header));
    }
    Ok(doc)
}

fn rules_of<G: Game>(_: &Session<G>) -> u32 {
    G::RULES_VERSION
}

/// Writes a save file (JSON).
pub fn to_json(session: &AnySession, meta: SaveMeta<'_>) -> Result<String, EncodeError> {
    let header = SaveHeader {
        app: APP_TAG.into(),
        schema: SCHEMA_VERSION,
        game: session.kind().id().into(),
        rules: with_session!(session, s => rules_of(s)),
        name: clean_name(meta.name),
        saved_at: meta.saved_at,
        players: session.seats().to_vec(),
        turn: session.turn(),
        finished: session.is_over(),
        id: meta.id.into(),
        rev: meta.rev,
    };
    with_session!(session, s => serde_json::to_string(&SaveOut {
        header: &header,
        state: &s.state,
        log: &s.log,
        hints: &s.hints,
        takebacks: &s.takebacks,
    }))
    .map_err(|_| EncodeError)
}

/// A game could not be written as JSON (does not happen with the engines' plain data). The
/// serializer's own words are not kept: formatting them would cost the page's wasm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EncodeError;

/// Reads a save file of any released format, checking everything; never panics on any input.
pub fn from_json(text: &str) -> Result<Save, LoadError> {
    if text.len() > MAX_SAVE_BYTES {
        return Err(LoadError::TooLarge { bytes: text.len() });
    }
    let probe = serde_json::from_str::<Probe>(text).map_err(|e| match e.classify() {
        serde_json::error::Category::Data => LoadError::Foreign,
        _ => LoadError::NotJson,
    })?;
    if probe.app.as_ref().map(|a| a.get()) != Some("\"spieltisch\"") {
        return Err(LoadError::Foreign);
    }
    let schema = probe.schema.and_then(|s| s.get().parse::<u64>().ok()).ok_or(LoadError::Damaged(Damage::Format))?;
    if schema > u64::from(SCHEMA_VERSION) {
        return Err(LoadError::Newer { found: schema, supported: SCHEMA_VERSION });
    }
    let doc = read_doc(schema, text)?;
    let kind = GameKind::from_id(&doc.game).ok_or_else(|| LoadError::UnknownGame(doc.game.clone()))?;
    let session = crate::with_game!(kind, G => G::wrap(session_from::<G>(&doc)?));
    if doc.turn != session.turn() || doc.finished != session.is_over() {
        return Err(LoadError::Damaged(Damage::HeaderMismatch));
    }
    let header = SaveHeader {
        app: APP_TAG.into(),
        schema: SCHEMA_VERSION,
        game: doc.game,
        rules: with_session!(&session, s => rules_of(s)),
        name: clean_name(&doc.name),
        saved_at: doc.saved_at,
        players: session.seats().to_vec(),
        turn: doc.turn,
        finished: doc.finished,
        id: doc.id.unwrap_or_default(),
        rev: doc.rev.unwrap_or_default(),
    };
    Ok(Save { header, session })
}

/// What a stored state must say for its game to be replayed. The rest of the state is not
/// parsed into a position (the page's wasm carries no parser for whole positions): as JSON it
/// must equal what the replayed position writes. So a change to how a state is written needs a
/// rules step.
#[derive(Deserialize)]
#[serde(bound = "")]
struct StateHead<O: serde::de::DeserializeOwned> {
    options: O,
    seed: u64,
}

fn session_from<G: Game>(doc: &Doc) -> Result<Session<G>, LoadError> {
    let damaged = LoadError::Damaged;
    let unreadable = |e: serde_json::Error| LoadError::Damaged(Damage::unreadable(&e));
    let rules = doc.rules.unwrap_or_default();
    if rules > G::RULES_VERSION {
        return Err(LoadError::NewerRules { game: G::KIND, found: rules, supported: G::RULES_VERSION });
    }
    let first = usize::try_from(rules).ok().and_then(|r| r.checked_sub(1)).ok_or(damaged(Damage::Header))?;
    let mut raw = RawGame { state: doc.state.clone(), log: doc.log.clone() };
    for step in rules_steps(G::KIND).get(first..).unwrap_or(&[]) {
        step(&mut raw).map_err(|()| damaged(Damage::Migration))?;
    }
    let head: StateHead<G::Options> = serde_json::from_str(raw.state.get()).map_err(unreadable)?;
    let log: Vec<&RawValue> = serde_json::from_str(raw.log.get()).map_err(unreadable)?;
    let mut seats = doc.players.clone();
    clean_seats(&mut seats);
    let session =
        replay_json::<G>(seats, head.options, head.seed, &log, &doc.takebacks, doc.hints.clone()).map_err(damaged)?;
    // Compared as text without the spaces between tokens: an editor may have re-indented the
    // save. (Not as `serde_json::Value`s: that parser would cost the page's wasm several KB.)
    let replayed = serde_json::to_string(&session.state).ok();
    if !replayed.is_some_and(|r| same_json_tokens(&r, raw.state.get())) {
        return Err(damaged(Damage::Position));
    }
    Ok(session)
}

/// [`Session::replay`] of a log as JSON: each event read as far as its move needs
/// ([`EventJson`]); that the move did exactly what the event says is checked on the text of the
/// event it makes. How a save is loaded, and how a take-back goes back (one replay in the page's
/// wasm, not a second one of typed events: with the take-back screens, the first load measured
/// 306.7 KB brotli with a typed replay for take-backs and 305.2 KB with this one).
pub(super) fn replay_json<G: Game>(
    seats: Vec<Seat>,
    options: G::Options,
    seed: u64,
    log: &[&RawValue],
    takebacks: &[TakeBack],
    hints: Vec<HintUse>,
) -> Result<Session<G>, Damage> {
    Session::<G>::replay_entries(seats, options, seed, log, takebacks, hints, json_step::<G>)
}

fn json_step<G: Game>(event: &&RawValue, state: &mut G) -> Result<G::Event, super::StepRefused> {
    let mv = EventJson::parse(event.get()).and_then(|e| G::json_event_move(&e));
    replay_step(state, mv, |done| serde_json::to_string(done).is_ok_and(|d| same_json_tokens(&d, event.get())))
}

/// Whether two JSON texts are the same but for whitespace outside strings.
fn same_json_tokens(a: &str, b: &str) -> bool {
    fn tokens(text: &str) -> impl Iterator<Item = char> + '_ {
        let (mut in_string, mut escaped) = (false, false);
        text.chars().filter(move |&c| {
            if in_string {
                (in_string, escaped) = (escaped || c != '"', !escaped && c == '\\');
                true
            } else {
                in_string = c == '"';
                !c.is_ascii_whitespace()
            }
        })
    }
    tokens(a).eq(tokens(b))
}

#[cfg(test)]
mod tests {
    #[test]
    fn json_tokens_ignore_whitespace_only_outside_strings() {
        use super::same_json_tokens as same;
        assert!(same(r#"{"a":[1,2],"b":"x y"}"#, "{ \"a\" : [ 1 ,\n 2 ], \"b\": \"x y\" }"));
        assert!(!same(r#"{"b":"x y"}"#, r#"{"b":"xy"}"#), "spaces inside a string count");
        assert!(same(r#"{"b":"q\" z"}"#, r#"{ "b" : "q\" z" }"#), "an escaped quote does not end the string");
        assert!(!same(r#"{"b":"q\" z"}"#, r#"{"b":"q\"z"}"#));
        assert!(!same(r#"{"a":1}"#, r#"{"a":12}"#));
    }

    use super::*;
    use crate::engine::bots::Level;
    use crate::engine::just4fun::{Just4Fun, Options};
    use crate::session::PlayerColor;
    use serde_json::Value;

    fn meta(name: &str) -> SaveMeta<'_> {
        SaveMeta { name, saved_at: 1.0, id: "", rev: 0 }
    }

    fn sample() -> AnySession {
        let seats = vec![Seat::person("Anna", PlayerColor::Red), Seat::person("Ben", PlayerColor::Yellow)];
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
        let json = to_json(&session, meta("  Abend  ")).unwrap();
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
        let good = to_json(&sample(), meta("x")).unwrap();
        assert_eq!(from_json("").unwrap_err(), LoadError::NotJson);
        assert_eq!(from_json(&good[..good.len() / 2]).unwrap_err(), LoadError::NotJson);
        assert_eq!(from_json("[1,2]").unwrap_err(), LoadError::Foreign);
        assert_eq!(from_json(r#"{"app":"other","schema":1}"#).unwrap_err(), LoadError::Foreign);
        let newer = good.replace(&format!("\"schema\":{SCHEMA_VERSION}"), "\"schema\":99");
        assert_eq!(from_json(&newer).unwrap_err(), LoadError::Newer { found: 99, supported: SCHEMA_VERSION });
        let unknown = good.replace("\"game\":\"just4fun\"", "\"game\":\"chess\"");
        assert_eq!(from_json(&unknown).unwrap_err(), LoadError::UnknownGame("chess".into()));
    }

    #[test]
    fn inconsistent_content_is_damaged_not_a_panic() {
        let good = to_json(&sample(), meta("x")).unwrap();
        let mut v: Value = serde_json::from_str(&good).unwrap();
        // One player too many for the engine state.
        v["players"].as_array_mut().unwrap().push(serde_json::json!({"name":"Cem","color":"green","kind":"person"}));
        assert!(matches!(from_json(&v.to_string()), Err(LoadError::Damaged(_))));
        // The state replaced by nonsense.
        let mut v: Value = serde_json::from_str(&good).unwrap();
        v["state"] = serde_json::json!({"hands": 3});
        assert!(matches!(from_json(&v.to_string()), Err(LoadError::Damaged(_))));
    }

    #[test]
    fn mangled_saves_never_panic() {
        let good = to_json(&sample(), meta("x")).unwrap();
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
    fn older_formats_load_as_people_and_computer_seats_survive() {
        let good = to_json(&sample(), meta("x")).unwrap();
        // The same game as format 2 wrote it: seats without a kind.
        let mut v: Value = serde_json::from_str(&good).unwrap();
        v["schema"] = serde_json::json!(2);
        for p in v["players"].as_array_mut().unwrap() {
            p.as_object_mut().unwrap().remove("kind");
        }
        let old = from_json(&v.to_string()).unwrap();
        assert!(old.session.seats().iter().all(|s| s.kind == SeatKind::Person));
        // A computer seat is written and read back with its level.
        let mut any = sample();
        if let AnySession::Just4Fun(s) = &mut any {
            s.seats[1].kind = SeatKind::Computer(Level::Hard);
        }
        let back = from_json(&to_json(&any, meta("x")).unwrap()).unwrap();
        assert_eq!(back.session.seats()[1].kind, SeatKind::Computer(Level::Hard));
        assert_eq!(back.header.players[1].kind, SeatKind::Computer(Level::Hard));
        // Hints are counted once per seat and move, and kept.
        any.count_hint(0);
        any.count_hint(0);
        let json = to_json(&any, meta("x")).unwrap();
        let back = from_json(&json).unwrap();
        match &back.session {
            AnySession::Just4Fun(s) => assert_eq!((s.hints.len(), s.hints_of(0), s.hints_of(1)), (1, 1, 0)),
            _ => panic!("the game kind changed"),
        }
        let mut v: Value = serde_json::from_str(&json).unwrap();
        v["hints"][0]["seat"] = serde_json::json!(5);
        assert!(matches!(from_json(&v.to_string()), Err(LoadError::Damaged(_))));
        // An unknown kind in format 3 is damage, not a panic.
        let mut v: Value = serde_json::from_str(&good).unwrap();
        v["players"][0]["kind"] = serde_json::json!({"computer": "godlike"});
        assert!(matches!(from_json(&v.to_string()), Err(LoadError::Damaged(_))));
    }
}
