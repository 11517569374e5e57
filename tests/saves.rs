//! Save files end to end, through the public API of `spieltisch::session` only: every released
//! fixture loads and plays to the end, saved games survive a round trip, and every kind of bad
//! input (mangled, made up, hostile, oversize, foreign, newer) is refused with the right
//! [`LoadError`] and never a panic. Moves are chosen by a small seeded xorshift picker, so every
//! run is the same.

use serde::Serialize;
use serde_json::{json, Value};
use spieltisch::engine::gutangelegt::{self, GutAngelegt};
use spieltisch::engine::just4fun::{self, Just4Fun};
use spieltisch::engine::sudoku::{self, Sudoku};
use spieltisch::engine::viermalvier::{self, VierMalVier};
use spieltisch::engine::{Game, GameKind};
use spieltisch::session::{
    clean_name, clean_seats, free_name, from_json, rules_steps, to_json, AnySession, Damage, LoadError, PlayerColor,
    Save, SaveMeta, Seat, Session, Stored, MAX_NAME_LEN, MAX_SAVE_BYTES, SCHEMA_VERSION,
};
use std::path::{Path, PathBuf};

/// No game (not even a 3-game Vier mal Vier match with objections) takes this many moves.
const MAX_MOVES: usize = 3_000;
/// Random play-outs per fixture.
const SEEDS_PER_FIXTURE: u64 = 5;

// ----- helpers -------------------------------------------------------------------------------

/// xorshift64*: small, seeded, good enough to pick moves.
struct Pick(u64);

impl Pick {
    fn new(seed: u64) -> Pick {
        Pick(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03 | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        assert!(n > 0);
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, one_in: u64) -> bool {
        self.next().is_multiple_of(one_in)
    }
}

/// The variant name of a move as serialised (`"NewHand"`, `{"Place":…}` → `Place`).
fn tag<M: Serialize>(mv: &M) -> String {
    match serde_json::to_value(mv).expect("a move serialises") {
        Value::String(s) => s,
        Value::Object(o) => o.keys().next().cloned().unwrap_or_default(),
        other => other.to_string(),
    }
}

/// A random legal move; a quarter of the time first a random kind of move, so rare moves
/// (new hand, "cannot place", gold rest, objection, announcement, next game) are played too.
fn choose<M: Clone + Serialize>(pick: &mut Pick, moves: &[M]) -> M {
    if pick.chance(4) {
        let mut tags: Vec<String> = moves.iter().map(tag).collect();
        let all = tags.clone();
        tags.sort();
        tags.dedup();
        let wanted = &tags[pick.below(tags.len())];
        let of_kind: Vec<usize> = (0..moves.len()).filter(|&i| all[i] == *wanted).collect();
        return moves[of_kind[pick.below(of_kind.len())]].clone();
    }
    moves[pick.below(moves.len())].clone()
}

/// Plays random legal moves until the game is over (at most `limit` moves), checking that every
/// legal move applies and the log keeps pace with the turn counter.
fn play_on<G: Game>(s: &mut Session<G>, pick: &mut Pick, limit: usize) {
    let mut played = 0;
    while s.state.outcome().is_none() && played < limit {
        let moves = s.state.legal_moves();
        assert!(!moves.is_empty(), "the game is not over but has no legal move: {:?}", s.state);
        assert!(s.state.to_move().is_some(), "the game is not over but nobody is to move");
        let mv = choose(pick, &moves);
        let turn = s.state.turn();
        if let Err(e) = s.play(&mv) {
            panic!("legal move {mv:?} refused: {e:?} in {:?}", s.state);
        }
        assert_eq!(s.state.turn(), turn + 1, "a move must count one turn");
        played += 1;
    }
    assert!(played < MAX_MOVES, "the game does not end within {MAX_MOVES} moves");
}

/// Plays to the end and checks the end: no legal moves, nobody to move, moves refused.
fn play_to_end<G: Game>(s: &Session<G>, seed: u64) -> Session<G> {
    let mut s = s.clone();
    let mut pick = Pick::new(seed);
    let last = s.log.last().map(G::event_move);
    play_on(&mut s, &mut pick, MAX_MOVES);
    assert!(s.state.outcome().is_some());
    assert!(s.state.legal_moves().is_empty(), "a finished game offers moves");
    assert_eq!(s.state.to_move(), None, "a finished game has a player to move");
    let mv = s.log.last().map(G::event_move).or(last);
    if let Some(mv) = mv {
        let mut after = s.state.clone();
        assert!(after.apply(&mv).is_err(), "a finished game accepts {mv:?}");
        assert_eq!(after, s.state, "a refused move changed the game");
    }
    assert_eq!(s.check(), Ok(()), "a played game fails its own check");
    s
}

fn play_any_to_end(any: &AnySession, seed: u64) -> AnySession {
    fn go<G: Stored>(s: &Session<G>, seed: u64) -> AnySession {
        G::wrap(play_to_end(s, seed))
    }
    spieltisch::with_session!(any, s => go(s, seed))
}

fn same(a: &AnySession, b: &AnySession) -> bool {
    match (a, b) {
        (AnySession::Just4Fun(x), AnySession::Just4Fun(y)) => x == y,
        (AnySession::Sudoku(x), AnySession::Sudoku(y)) => x == y,
        (AnySession::VierMalVier(x), AnySession::VierMalVier(y)) => x == y,
        (AnySession::GutAngelegt(x), AnySession::GutAngelegt(y)) => x == y,
        _ => false,
    }
}

/// Same game (state and log), whoever plays it.
fn same_game(a: &AnySession, b: &AnySession) -> bool {
    match (a, b) {
        (AnySession::Just4Fun(x), AnySession::Just4Fun(y)) => x.state == y.state && x.log == y.log,
        (AnySession::Sudoku(x), AnySession::Sudoku(y)) => x.state == y.state && x.log == y.log,
        (AnySession::VierMalVier(x), AnySession::VierMalVier(y)) => x.state == y.state && x.log == y.log,
        (AnySession::GutAngelegt(x), AnySession::GutAngelegt(y)) => x.state == y.state && x.log == y.log,
        _ => false,
    }
}

fn check_any(any: &AnySession) -> Result<(), Damage> {
    spieltisch::with_session!(any, s => s.check())
}

fn log_len(any: &AnySession) -> usize {
    spieltisch::with_session!(any, s => s.log.len())
}

fn meta(name: &str) -> SaveMeta<'_> {
    SaveMeta { name, saved_at: 1_795_000_000_000.0, id: "", rev: 0 }
}

fn save(any: &AnySession) -> String {
    to_json(any, meta("Test")).expect("a session saves")
}

/// Saves and loads again: the same session and header come back.
fn round_trip(any: &AnySession, header_meta: SaveMeta<'_>) -> Save {
    let json = to_json(any, header_meta).expect("a session saves");
    let back = from_json(&json).unwrap_or_else(|e| panic!("a fresh save does not load: {e}\n{json}"));
    assert!(same(&back.session, any), "the session changed in a save round trip");
    assert_eq!(back.header.turn, any.turn());
    assert_eq!(back.header.finished, any.is_over());
    assert_eq!(back.header.game, any.kind().id());
    assert_eq!(back.header.players, any.seats());
    back
}

const KINDS: [GameKind; 4] = [GameKind::Just4Fun, GameKind::Sudoku, GameKind::VierMalVier, GameKind::GutAngelegt];

fn seats(n: usize) -> Vec<Seat> {
    ["Anna", "Ben", "Cem", "Dörte"]
        .iter()
        .zip(PlayerColor::ALL)
        .take(n)
        .map(|(name, color)| Seat::person(*name, color))
        .collect()
}

fn players_for(kind: GameKind) -> usize {
    match kind {
        GameKind::Just4Fun => 3,
        GameKind::Sudoku => 2,
        GameKind::VierMalVier => 2,
        GameKind::GutAngelegt => 3,
    }
}

/// A new game with options that exercise the variants: even seeds Just 4 Fun random layout,
/// Sudoku table rules with gold by hand, Vier mal Vier profi 3-game match, Gut angelegt
/// announce; odd seeds the other variants (standard layout, assisted with gold per block, …).
fn fresh(kind: GameKind, seed: u64) -> AnySession {
    let alt = seed % 2 == 1;
    let n = if alt { players_alt(kind) } else { players_for(kind) };
    match kind {
        GameKind::Just4Fun => AnySession::Just4Fun(
            Session::new(seats(n), just4fun::Options { random_layout: !alt }, seed).expect("valid setup"),
        ),
        GameKind::Sudoku => {
            let options = if alt {
                sudoku::Options { gold_per_block: true, scoring: sudoku::Scoring::Simple, ..Default::default() }
            } else {
                sudoku::Options { gold_by_hand: true, mode: sudoku::Mode::TableRules, ..Default::default() }
            };
            AnySession::Sudoku(Session::new(seats(n), options, seed).expect("valid setup"))
        }
        GameKind::VierMalVier => {
            let options = if alt {
                viermalvier::Options { view: viermalvier::View::Open, without_tafeln: true, profi: false, games: 2 }
            } else {
                viermalvier::Options { profi: true, games: 3, ..Default::default() }
            };
            AnySession::VierMalVier(Session::new(seats(n), options, seed).expect("valid setup"))
        }
        GameKind::GutAngelegt => AnySession::GutAngelegt(
            Session::new(seats(n), gutangelegt::Options { announce: !alt }, seed).expect("valid setup"),
        ),
    }
}

fn players_alt(kind: GameKind) -> usize {
    match kind {
        GameKind::VierMalVier => 2,
        _ => 4,
    }
}

/// A running game: a random game of `seed` played to the end, then taken back to two thirds of
/// its moves (so a Vier mal Vier match is usually in its second or third game).
fn mid_game(kind: GameKind, seed: u64) -> AnySession {
    fn go<G: Stored>(s: &Session<G>, seed: u64) -> AnySession {
        let full = play_to_end(s, seed);
        let k = (full.log.len() * 2 / 3).clamp(1, full.log.len() - 1);
        let mut mid = s.clone();
        for event in &full.log[..k] {
            let done = mid.play(&G::event_move(event)).expect("a logged move replays");
            assert_eq!(done, *event, "a logged move did something else when replayed");
        }
        assert!(mid.state.outcome().is_none());
        G::wrap(mid)
    }
    spieltisch::with_session!(&fresh(kind, seed), s => go(s, seed))
}

fn load_err(text: &str) -> LoadError {
    match from_json(text) {
        Ok(save) => panic!("loaded although it should not: {:?}\n{text}", save.header),
        Err(e) => e,
    }
}

fn assert_damaged(text: &str, what: &str) {
    match from_json(text) {
        Err(LoadError::Damaged(_)) => {}
        Err(e) => panic!("{what}: refused, but as {e:?} instead of Damaged"),
        Ok(_) => panic!("{what}: the made-up save loaded\n{text}"),
    }
}

// ----- fixtures ------------------------------------------------------------------------------

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("fixtures")
}

/// `(format version, path)` of every `tests/fixtures/v*/*.json`, sorted.
fn fixture_files() -> Vec<(u32, PathBuf)> {
    let mut files = Vec::new();
    for dir in std::fs::read_dir(fixtures_dir()).expect("tests/fixtures exists") {
        let dir = dir.expect("readable directory entry").path();
        let Some(version) = dir
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_prefix('v'))
            .and_then(|v| v.parse::<u32>().ok())
        else {
            continue;
        };
        if !dir.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&dir).expect("readable fixture directory") {
            let file = file.expect("readable directory entry").path();
            if file.extension().and_then(|e| e.to_str()) == Some("json") {
                files.push((version, file));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn fixtures_exist_for_the_current_format() {
    let dir = fixtures_dir().join(format!("v{SCHEMA_VERSION}"));
    assert!(dir.is_dir(), "no fixtures for the current save format: {} is missing", dir.display());
    let mut missing = Vec::new();
    for kind in KINDS {
        for which in ["autosave", "slot", "export", "finished"] {
            let file = dir.join(format!("{}-{which}.json", kind.id()));
            match std::fs::read_to_string(&file) {
                Err(_) => missing.push(file.display().to_string()),
                Ok(text) => {
                    let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
                    assert_eq!(
                        v["schema"],
                        json!(SCHEMA_VERSION),
                        "{} is not in format {SCHEMA_VERSION}",
                        file.display()
                    );
                    assert_eq!(v["game"], json!(kind.id()), "{} holds another game", file.display());
                }
            }
        }
    }
    assert!(missing.is_empty(), "fixtures missing for format {SCHEMA_VERSION}: {missing:?}");
}

#[test]
fn every_fixture_loads_and_plays_to_the_end() {
    let files = fixture_files();
    assert!(files.len() >= 16, "expected at least the 16 fixtures of format 1, found {}", files.len());
    for (version, path) in files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name} is not JSON: {e}"));
        assert!(version <= SCHEMA_VERSION, "{name}: a fixture directory for a format newer than {SCHEMA_VERSION}");
        assert_eq!(v["schema"], json!(version), "{name}: the file's format is not its directory's");

        let loaded = from_json(&text).unwrap_or_else(|e| panic!("{name} does not load: {e:?}"));
        let h = &loaded.header;
        assert_eq!(h.schema, SCHEMA_VERSION, "{name}");
        assert_eq!(json!(h.game), v["game"], "{name}: game");
        assert_eq!(json!(h.turn), v["turn"], "{name}: turn");
        assert_eq!(json!(h.finished), v["finished"], "{name}: finished");
        assert_eq!(h.name, clean_name(v["name"].as_str().expect("a name")), "{name}: name");
        assert_eq!(json!(h.saved_at), v["saved_at"], "{name}: saved_at");
        assert_eq!(h.id, v["id"].as_str().unwrap_or(""), "{name}: id");
        assert_eq!(h.rev, v["rev"].as_u64().unwrap_or(0), "{name}: rev");
        let mut players: Vec<Seat> = serde_json::from_value(v["players"].clone()).expect("players");
        clean_seats(&mut players);
        assert_eq!(h.players, players, "{name}: players");
        assert_eq!(loaded.session.seats(), &players[..], "{name}: seats");
        assert_eq!(loaded.session.kind().id(), h.game, "{name}: the session is another game");
        assert_eq!(loaded.session.turn(), h.turn, "{name}");
        assert_eq!(log_len(&loaded.session), h.turn as usize, "{name}: log length and turn");
        let finished = path.file_stem().and_then(|s| s.to_str()).is_some_and(|s| s.ends_with("-finished"));
        assert_eq!(h.finished, finished, "{name}: only *-finished fixtures are finished");
        assert_eq!(loaded.session.is_over(), finished, "{name}");
        assert_eq!(check_any(&loaded.session), Ok(()), "{name}");

        // Saved again in the current format, it loads as the same game with the same header.
        let again =
            round_trip(&loaded.session, SaveMeta { name: &h.name, saved_at: h.saved_at, id: &h.id, rev: h.rev });
        assert_eq!(again.header, *h, "{name}: the header changed in a round trip");

        for seed in 0..SEEDS_PER_FIXTURE {
            let played = play_any_to_end(&loaded.session, seed);
            assert!(played.is_over());
            assert!(log_len(&played) >= log_len(&loaded.session));
            let back = round_trip(&played, meta("Ende"));
            assert!(back.header.finished, "{name}: a finished game saved as running");
        }
    }
}

// ----- versions ------------------------------------------------------------------------------

fn rules_version(kind: GameKind) -> u32 {
    match kind {
        GameKind::Just4Fun => Just4Fun::RULES_VERSION,
        GameKind::Sudoku => Sudoku::RULES_VERSION,
        GameKind::VierMalVier => VierMalVier::RULES_VERSION,
        GameKind::GutAngelegt => GutAngelegt::RULES_VERSION,
    }
}

#[test]
fn rules_migrations_cover_every_version() {
    assert_eq!(GameKind::ALL.len(), 4);
    for kind in GameKind::ALL {
        let version = rules_version(kind);
        assert!(version >= 1, "{kind:?}: rules versions start at 1");
        assert_eq!(
            rules_steps(kind).len(),
            (version - 1) as usize,
            "{kind:?}: rules version {version} needs {} migration steps",
            version - 1
        );
    }
}

#[test]
fn newer_formats_are_refused_naming_both_versions() {
    for kind in KINDS {
        let good = save(&mid_game(kind, 11));
        let v: Value = serde_json::from_str(&good).unwrap();
        assert!(from_json(&good).is_ok());

        for found in [u64::from(SCHEMA_VERSION) + 1, 1_000, u64::from(u32::MAX) + 7] {
            let mut newer = v.clone();
            newer["schema"] = json!(found);
            let err = load_err(&newer.to_string());
            assert_eq!(err, LoadError::Newer { found, supported: SCHEMA_VERSION });
            let text = err.to_string();
            assert!(text.contains(&found.to_string()), "\"{text}\" does not name format {found}");
            assert!(text.contains(&SCHEMA_VERSION.to_string()), "\"{text}\" does not name format {SCHEMA_VERSION}");
        }
        // A newer format may look entirely different: the version alone decides.
        let bare = json!({"app": "spieltisch", "schema": SCHEMA_VERSION + 1, "everything": ["else", "changed"]});
        assert_eq!(
            load_err(&bare.to_string()),
            LoadError::Newer { found: u64::from(SCHEMA_VERSION) + 1, supported: SCHEMA_VERSION }
        );

        let supported = rules_version(kind);
        for found in [supported + 1, supported + 40] {
            let mut newer = v.clone();
            newer["rules"] = json!(found);
            let err = load_err(&newer.to_string());
            assert_eq!(err, LoadError::NewerRules { game: kind, found, supported });
            let text = err.to_string();
            assert!(text.contains(&found.to_string()) && text.contains(&supported.to_string()), "\"{text}\"");
            assert!(text.contains(kind.id()), "\"{text}\" does not name the game");
        }
        let mut zero = v.clone();
        zero["rules"] = json!(0);
        assert_damaged(&zero.to_string(), "rules version 0");
        let mut gone = v.clone();
        gone.as_object_mut().unwrap().remove("rules");
        assert_damaged(&gone.to_string(), "no rules version in format 2");
    }
}

// ----- mangled and made-up saves -------------------------------------------------------------

/// Loads `text`; an accepted save must be consistent and, if it is a different game than
/// `original`, play to the end. Returns whether it loaded.
fn load_any_way(text: &str, original: &AnySession, seed: u64, what: &dyn Fn() -> String) -> Result<bool, ()> {
    match from_json(text) {
        Err(e) => {
            assert!(!e.to_string().is_empty());
            Err(())
        }
        Ok(loaded) => {
            assert_eq!(check_any(&loaded.session), Ok(()), "{}: loaded but fails its check", what());
            assert_eq!(loaded.header.turn, loaded.session.turn(), "{}", what());
            assert_eq!(loaded.header.finished, loaded.session.is_over(), "{}", what());
            assert_eq!(loaded.header.players, loaded.session.seats(), "{}", what());
            assert_clean_seats(loaded.session.seats(), &what());
            // Only a different game is worth playing out again.
            let different = !same_game(&loaded.session, original);
            if different {
                play_any_to_end(&loaded.session, seed);
            }
            Ok(different)
        }
    }
}

/// Every node of a JSON document, as a JSON pointer.
fn pointers(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Array(items) => {
            for (i, x) in items.iter().enumerate() {
                pointers(x, format!("{at}/{i}"), out);
            }
        }
        Value::Object(fields) => {
            for (k, x) in fields {
                pointers(x, format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")), out);
            }
        }
        _ => {}
    }
    out.push(at);
}

/// Plausible wrong values for a node: neighbours and extremes of numbers, flipped booleans,
/// shortened, emptied and grown arrays, objects missing a field, wrong types.
fn replacements(v: &Value) -> Vec<Value> {
    let mut out = vec![Value::Null];
    match v {
        Value::Number(n) => {
            let x = n.as_u64().unwrap_or(0);
            for y in [0, 1, 3, x + 1, x.saturating_sub(1), 256, u64::from(u32::MAX) + 1, u64::MAX] {
                out.push(json!(y));
            }
            out.push(json!(-1));
        }
        Value::Bool(b) => out.push(json!(!b)),
        Value::String(_) => {
            out.extend([json!(""), json!("x"), json!("Left"), json!("Right"), json!(1)]);
        }
        Value::Array(items) => {
            out.push(json!([]));
            if let Some(last) = items.last() {
                let mut a = items.clone();
                a.pop();
                out.push(Value::Array(a));
                let mut a = items.clone();
                a.remove(0);
                out.push(Value::Array(a));
                let mut a = items.clone();
                a.push(last.clone());
                out.push(Value::Array(a));
                let mut a = items.clone();
                a.reverse();
                out.push(Value::Array(a));
            }
        }
        Value::Object(fields) => {
            out.push(json!({}));
            for k in fields.keys() {
                let mut o = fields.clone();
                o.remove(k);
                out.push(Value::Object(o));
            }
        }
        Value::Null => out.extend([json!(0), json!(1), json!([]), json!(false)]),
    }
    out
}

#[test]
fn mangled_saves_never_panic_for_every_game() {
    for (n, kind) in KINDS.into_iter().enumerate() {
        for variant in 0..2u64 {
            let seed = 100 + 2 * n as u64 + variant;
            let original = mid_game(kind, seed);
            let good = save(&original);
            let bytes = good.as_bytes();
            let (mut ok, mut refused, mut different) = (0, 0, 0);
            let mut count = |r: Result<bool, ()>| match r {
                Ok(d) => {
                    ok += 1;
                    different += usize::from(d);
                }
                Err(()) => refused += 1,
            };
            // Cut anywhere.
            for i in (0..bytes.len()).step_by(3) {
                let text = String::from_utf8_lossy(&bytes[..i]);
                count(load_any_way(&text, &original, i as u64, &|| format!("{kind:?}/{seed}: cut at byte {i}")));
            }
            // One character replaced.
            for i in (0..bytes.len()).step_by(5) {
                for replacement in ["0", "9", "\"", "-", "]", "null", "x", "\\"] {
                    let mut mangled = String::from_utf8_lossy(&bytes[..i]).into_owned();
                    mangled.push_str(replacement);
                    mangled.push_str(&String::from_utf8_lossy(&bytes[(i + 1).min(bytes.len())..]));
                    count(load_any_way(&mangled, &original, i as u64, &|| {
                        format!("{kind:?}/{seed}: byte {i} replaced by {replacement:?}: {mangled}")
                    }));
                }
            }
            // Structured: every node of the document replaced by wrong values.
            let v: Value = serde_json::from_str(&good).unwrap();
            let mut nodes = Vec::new();
            pointers(&v, String::new(), &mut nodes);
            for (k, at) in nodes.iter().enumerate() {
                for (r, x) in replacements(v.pointer(at).unwrap()).into_iter().enumerate() {
                    let mut e = v.clone();
                    *e.pointer_mut(at).unwrap() = x.clone();
                    let text = e.to_string();
                    count(load_any_way(&text, &original, (k * 31 + r) as u64, &|| {
                        format!("{kind:?}/{seed}: {at} replaced by {x}")
                    }));
                }
            }
            play_any_to_end(&original, 1);
            assert!(ok > 0 && refused > 0, "{kind:?}: {ok} loaded, {refused} refused");
            eprintln!(
                "{kind:?}/{seed}: {} bytes, {} nodes; {ok} mangled saves loaded ({different} other games, played out), {refused} refused",
                bytes.len(),
                nodes.len()
            );
        }
    }
}

fn inner(entry: &mut Value) -> Option<&mut serde_json::Map<String, Value>> {
    // Log entries are externally tagged enums: {"Variant": {fields}}.
    entry.as_object_mut()?.values_mut().next()?.as_object_mut()
}

fn player_of(entry: &Value) -> Option<u64> {
    entry.as_object()?.values().next()?.get("player")?.as_u64()
}

#[test]
fn made_up_logs_are_refused() {
    for (n, kind) in KINDS.into_iter().enumerate().flat_map(|(n, k)| (0..4).map(move |v| (8 * n + v, k))) {
        let any = mid_game(kind, 200 + n as u64);
        let good = save(&any);
        assert!(from_json(&good).is_ok());
        let v: Value = serde_json::from_str(&good).unwrap();
        let log = v["log"].as_array().unwrap().clone();
        assert!(log.len() >= 4, "{kind:?}: the mid-game log is too short to edit");
        let players = v["players"].as_array().unwrap().len() as u64;
        let edited = |f: &dyn Fn(&mut Value)| {
            let mut e = v.clone();
            f(&mut e);
            e.to_string()
        };
        let what = |s: &str| format!("{kind:?}: {s}");

        assert_damaged(
            &edited(&|e| {
                e["log"].as_array_mut().unwrap().pop();
            }),
            &what("last log entry dropped"),
        );
        assert_damaged(
            &edited(&|e| {
                e["log"].as_array_mut().unwrap().remove(0);
            }),
            &what("first log entry dropped"),
        );
        assert_damaged(&edited(&|e| e["log"] = json!([])), &what("log emptied"));

        // Two neighbouring entries of different players swapped.
        let i = (0..log.len() - 1)
            .rev()
            .find(|&i| {
                player_of(&log[i]).is_some()
                    && player_of(&log[i + 1]).is_some()
                    && player_of(&log[i]) != player_of(&log[i + 1])
            })
            .unwrap_or_else(|| panic!("{kind:?}: no two neighbouring moves of different players"));
        assert_damaged(&edited(&|e| e["log"].as_array_mut().unwrap().swap(i, i + 1)), &what("two entries swapped"));
        assert_damaged(
            &edited(&|e| e["log"].as_array_mut().unwrap().swap(0, log.len() - 1)),
            &what("first and last swapped"),
        );

        // Vier mal Vier forgets a finished game's wall when the next game of the match starts
        // (only its record stays), so an entry before the last "NextGame" may be changed into
        // another history that ends the same way; the number edits start after it.
        let current_game = if kind == GameKind::VierMalVier {
            log.iter().rposition(|e| e.get("NextGame").is_some()).map_or(0, |i| i + 1)
        } else {
            0
        };
        for at in [0, log.len() / 2, log.len() - 1] {
            let edit_at = at.max(current_game).min(log.len() - 1);
            assert_damaged(
                &edited(&|e| e["log"].as_array_mut().unwrap().insert(at, log[at].clone())),
                &what(&format!("entry {at} duplicated")),
            );
            if let Some(p) = player_of(&log[at]) {
                assert_damaged(
                    &edited(&|e| {
                        inner(&mut e["log"][at]).unwrap().insert("player".into(), json!((p + 1) % players));
                    }),
                    &what(&format!("player of entry {at} changed")),
                );
            }
            let at = edit_at;
            let key = log[at]
                .as_object()
                .and_then(|o| o.values().next())
                .and_then(|f| f.as_object())
                .and_then(|f| f.iter().find(|(k, x)| *k != "player" && x.is_u64()).map(|(k, _)| k.clone()));
            if let Some(key) = key {
                for delta in [1, 2] {
                    assert_damaged(
                        &edited(&|e| {
                            let field = inner(&mut e["log"][at]).unwrap();
                            let x = field[&key].as_u64().unwrap();
                            field.insert(key.clone(), json!(x + delta));
                        }),
                        &what(&format!("\"{key}\" of entry {at} changed by {delta}")),
                    );
                }
            }
        }
        let changed_somewhere = (0..log.len()).any(|at| player_of(&log[at]).is_some());
        assert!(changed_somewhere, "{kind:?}: no entry with a player to change");

        // Header that does not match the game.
        assert_damaged(&edited(&|e| e["turn"] = json!(e["turn"].as_u64().unwrap() + 1)), &what("header turn + 1"));
        assert_damaged(&edited(&|e| e["turn"] = json!(e["turn"].as_u64().unwrap() - 1)), &what("header turn - 1"));
        assert_damaged(&edited(&|e| e["finished"] = json!(true)), &what("header says finished"));

        // Another game of the same kind and options (another seed).
        let other = mid_game(kind, 9_000 + 2 * n as u64 + (n as u64 % 2));
        let ov: Value = serde_json::from_str(&save(&other)).unwrap();
        let other_log = ov["log"].as_array().unwrap().clone();
        assert_damaged(&edited(&|e| e["state"] = ov["state"].clone()), &what("state of another seed"));
        assert_damaged(
            &edited(&|e| {
                e["state"] = ov["state"].clone();
                e["turn"] = ov["turn"].clone();
            }),
            &what("state of another seed, header turn to match"),
        );
        assert_damaged(
            &edited(&|e| {
                e["log"] = ov["log"].clone();
                e["turn"] = ov["turn"].clone();
            }),
            &what("log of another game"),
        );
        let cut = log.len().min(other_log.len()) / 2;
        let spliced: Vec<Value> = log[..cut].iter().chain(&other_log[cut..]).cloned().collect();
        assert_damaged(&edited(&|e| e["log"] = json!(spliced.clone())), &what("another game's log spliced in"));
        assert_damaged(
            &edited(&|e| {
                e["log"] = json!(spliced.clone());
                e["state"] = ov["state"].clone();
                e["turn"] = ov["turn"].clone();
            }),
            &what("another game's log spliced in, with that game's state"),
        );
        // The seed alone changed: the log must not replay from it (except where the game draws
        // nothing at random).
        if kind != GameKind::VierMalVier {
            assert_damaged(
                &edited(&|e| e["state"]["seed"] = json!(e["state"]["seed"].as_u64().unwrap() + 1)),
                &what("seed changed"),
            );
        }
        // Players added or removed.
        assert_damaged(
            &edited(&|e| {
                e["players"].as_array_mut().unwrap().pop();
            }),
            &what("a player removed"),
        );
        assert_damaged(
            &edited(&|e| e["players"].as_array_mut().unwrap().push(json!({"name": "Emil", "color": "purple"}))),
            &what("a player added"),
        );
        // Sanity: the unedited value still loads (the edits above, not the re-serialisation, failed).
        assert!(from_json(&v.to_string()).is_ok(), "{kind:?}: the re-serialised save does not load");
    }
}

// ----- names, sizes, foreign files -----------------------------------------------------------

fn is_bidi(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// What the rules say a name becomes: control and bidi characters dropped, trimmed, at most
/// `MAX_NAME_LEN` characters (written here independently of the crate's private helper).
fn expected_clean(name: &str) -> String {
    let kept: String = name.chars().filter(|c| !c.is_control() && !is_bidi(*c)).collect();
    kept.trim().chars().take(MAX_NAME_LEN).collect::<String>().trim_end().to_string()
}

fn assert_clean_name(name: &str, context: &str) {
    assert!(
        !name.chars().any(|c| c.is_control() || is_bidi(c)),
        "{context}: {name:?} keeps a control or bidi character"
    );
    assert!(name.chars().count() <= MAX_NAME_LEN, "{context}: {name:?} is longer than {MAX_NAME_LEN}");
    assert!(!name.trim().is_empty(), "{context}: an empty name");
    assert_eq!(name, name.trim(), "{context}: {name:?} is not trimmed");
}

fn assert_clean_seats(seats: &[Seat], context: &str) {
    for s in seats {
        assert_clean_name(&s.name, context);
    }
    for i in 0..seats.len() {
        for j in 0..i {
            assert_ne!(seats[i].name, seats[j].name, "{context}: two players share a name: {seats:?}");
            if seats.len() <= PlayerColor::ALL.len() {
                assert_ne!(seats[i].color, seats[j].color, "{context}: two players share a colour: {seats:?}");
            }
        }
    }
    let mut again = seats.to_vec();
    clean_seats(&mut again);
    assert_eq!(again, seats, "{context}: cleaning clean seats changed them");
}

fn seat(name: &str, color: PlayerColor) -> Seat {
    Seat::person(name, color)
}

#[test]
fn hostile_names_are_cleaned() {
    use PlayerColor::*;
    let long_x = "x".repeat(1000);
    let long_o = "ö".repeat(1000);
    let x24 = "x".repeat(24);
    let x22_2 = format!("{} 2", "x".repeat(22));
    let o24 = "ö".repeat(24);
    let sets: Vec<(Vec<Seat>, Option<[&str; 4]>)> = vec![
        (
            vec![
                seat("\u{202E}Anna", Red),
                seat("Anna", Yellow),
                seat("\u{2066}Ben\u{2069}", Green),
                seat("\u{200F}B\u{2067}e\u{2068}n\u{0007}", White),
            ],
            Some(["Anna", "Anna 2", "Ben", "Ben 2"]),
        ),
        (
            vec![seat(&long_x, Red), seat(&long_x, Red), seat("", Red), seat("   ", Red)],
            Some([&x24, &x22_2, "Spieler 3", "Spieler 4"]),
        ),
        (
            vec![
                seat("Dörte\n", Black),
                seat("\tDörte", Black),
                seat(&long_o, Purple),
                seat(" \u{202E}\u{202E} ", Purple),
            ],
            Some(["Dörte", "Dörte 2", &o24, "Spieler 4"]),
        ),
        (vec![seat("Spieler 2", Green), seat("", Green), seat("\n\t", White), seat("Spieler 2", White)], None),
        (vec![seat("Anna", Red), seat("Anna", Yellow), seat("Anna 2", Green), seat("Anna\u{202E}", Green)], None),
    ];
    let hostile_save_name = format!("\u{202E}{}\u{0007}\n", "Spiel".repeat(100));
    for (k, kind) in KINDS.into_iter().enumerate() {
        let any = mid_game(kind, 300 + k as u64);
        let n = any.seats().len();
        let v: Value = serde_json::from_str(&save(&any)).unwrap();
        for (i, (raw, expected)) in sets.iter().enumerate() {
            let context = format!("{kind:?}, names {i}");
            // The raw seats go straight into the file, as a hand-edited save would have them.
            let mut e = v.clone();
            e["players"] = serde_json::to_value(&raw[..n]).unwrap();
            e["name"] = json!(hostile_save_name);
            let loaded = from_json(&e.to_string()).unwrap_or_else(|err| panic!("{context}: refused: {err:?}"));
            let got = loaded.session.seats();
            assert_eq!(got.len(), n);
            assert_eq!(loaded.header.players, got, "{context}: header and session disagree");
            assert_clean_seats(got, &context);
            assert_eq!(
                got[0],
                Seat::person(got[0].name.clone(), raw[0].color),
                "{context}: the first player's colour changed"
            );
            if let Some(expected) = expected {
                let names: Vec<&str> = got.iter().map(|s| s.name.as_str()).collect();
                assert_eq!(names, expected[..n], "{context}");
            }
            assert_clean_name(&loaded.header.name, &format!("{context}: save name"));
            assert!(loaded.header.name.starts_with("SpielSpiel"), "{context}: {:?}", loaded.header.name);
            // The cleaned players survive a save round trip unchanged.
            let back = round_trip(&loaded.session, meta(&loaded.header.name));
            assert_eq!(back.header.name, loaded.header.name, "{context}: the save name changed again");
        }
    }

    // clean_seats directly, on random hostile seats.
    let pieces = [
        "Anna",
        "Ben",
        " ",
        "  ",
        "ö",
        "Spieler 1",
        "Spieler 2",
        " 2",
        "2",
        "\u{202E}",
        "\u{202A}",
        "\u{202B}",
        "\u{202C}",
        "\u{202D}",
        "\u{2066}",
        "\u{2067}",
        "\u{2068}",
        "\u{2069}",
        "\u{200E}",
        "\u{200F}",
        "\u{061C}",
        "\u{0007}",
        "\u{0000}",
        "\n",
        "\r",
        "\t",
        "\u{7f}",
        "\u{85}",
        "\u{1b}[31m",
        "\u{3000}",
        "\u{a0}",
        "xxxxxxxxxxxx",
        "abcdefghijklmnopqrstuvwxyz",
        "👩‍👩‍👧",
        "e\u{301}",
    ];
    let mut pick = Pick::new(42);
    for round in 0..3_000 {
        let count = 1 + pick.below(6);
        let mut raw: Vec<Seat> = (0..count)
            .map(|_| {
                let name = if pick.chance(4) && round % 2 == 0 {
                    "Anna".to_string()
                } else {
                    (0..pick.below(5)).map(|_| pieces[pick.below(pieces.len())]).collect()
                };
                let colours = if pick.chance(2) { 2 } else { 6 };
                seat(&name, PlayerColor::ALL[pick.below(colours)])
            })
            .collect();
        let before = raw.clone();
        clean_seats(&mut raw);
        assert_eq!(raw.len(), before.len());
        assert_clean_seats(&raw, &format!("clean_seats round {round}: {before:?}"));
        // A name that was clean and that no other player's name becomes keeps exactly its text.
        for (i, (a, b)) in raw.iter().zip(&before).enumerate() {
            let others_become = |j: usize| {
                let c = expected_clean(&before[j].name);
                if c.is_empty() {
                    format!("Spieler {}", j + 1)
                } else {
                    c
                }
            };
            if expected_clean(&b.name) == b.name
                && !b.name.is_empty()
                && (0..before.len()).all(|j| j == i || others_become(j) != b.name)
            {
                assert_eq!(a.name, b.name, "round {round}: a clean unique name changed: {before:?} → {raw:?}");
            }
        }
    }
}

#[test]
fn oversize_files_are_refused_before_parsing() {
    let good = save(&mid_game(GameKind::Just4Fun, 5));
    assert!(good.len() < MAX_SAVE_BYTES);
    let pad = |to: usize| {
        let mut text = good.clone();
        text.push_str(&" ".repeat(to - good.len()));
        assert_eq!(text.len(), to);
        text
    };
    assert_eq!(load_err(&pad(MAX_SAVE_BYTES + 1)), LoadError::TooLarge { bytes: MAX_SAVE_BYTES + 1 });
    let at_limit =
        from_json(&pad(MAX_SAVE_BYTES)).unwrap_or_else(|e| panic!("a save of exactly the limit is refused: {e:?}"));
    assert!(same(&at_limit.session, &from_json(&good).unwrap().session));
    // Too large is decided before parsing: even garbage of that size is "too large", not "not JSON".
    let garbage = "{".repeat(MAX_SAVE_BYTES + 1);
    assert_eq!(load_err(&garbage), LoadError::TooLarge { bytes: MAX_SAVE_BYTES + 1 });
    // The limit counts bytes, not characters.
    let mut v: Value = serde_json::from_str(&good).unwrap();
    v["name"] = json!("ö".repeat(MAX_SAVE_BYTES / 2));
    let text = v.to_string();
    assert!(text.chars().count() <= MAX_SAVE_BYTES && text.len() > MAX_SAVE_BYTES);
    assert_eq!(load_err(&text), LoadError::TooLarge { bytes: text.len() });
}

#[test]
fn free_names_fit_and_never_collide() {
    let source = "Großer Spieleabend bei Dörte und Cem am Sonntag";
    let mut checked = 0;
    for len in 21..=24 {
        let wanted: String = source.chars().take(len).collect();
        let base = clean_name(&wanted);
        assert_eq!(base, wanted.trim_end());
        let numbered =
            |from: u32, to: u32| -> Vec<String> { (from..=to).map(|i| clean_name(&format!("{base} ({i})"))).collect() };
        let mut taken_sets: Vec<Vec<String>> = vec![
            vec![base.clone()],
            vec![base.clone(), free_name(&wanted, |n| n == base)],
            // Names as an older build would have stored them: "(2)" appended, then cut to fit.
            [vec![base.clone()], numbered(2, 2)].concat(),
            [vec![base.clone()], numbered(2, 12)].concat(),
        ];
        // Every name free_name gave so far, taken in turn.
        let mut chain = vec![base.clone()];
        for _ in 0..15 {
            let next = free_name(&wanted, |n| chain.iter().any(|t| t == n));
            chain.push(next);
        }
        taken_sets.push(chain);
        for taken in &taken_sets {
            let got = free_name(&wanted, |n| taken.iter().any(|t| t == n));
            assert!(got.chars().count() <= MAX_NAME_LEN, "{got:?} is longer than {MAX_NAME_LEN}");
            assert!(!taken.contains(&got), "{got:?} is taken: {taken:?}");
            assert_eq!(clean_name(&got), got, "{got:?} would change when stored");
            // Storing it keeps it free: nothing taken equals it after cleaning.
            assert!(!taken.iter().any(|t| clean_name(t) == clean_name(&got)));
            checked += 1;
        }
        // Hostile characters in the wanted name change nothing.
        let hostile = format!("\u{202E}{wanted}\u{0007}");
        assert_eq!(free_name(&hostile, |n| n == base), free_name(&wanted, |n| n == base));
        // A free name comes back unchanged.
        assert_eq!(free_name(&wanted, |_| false), base);
    }
    assert_eq!(checked, 4 * 5);
}

#[test]
fn foreign_and_broken_files_are_classified() {
    use LoadError::*;
    let good = save(&mid_game(GameKind::Sudoku, 3));
    let v: Value = serde_json::from_str(&good).unwrap();
    let with = |changes: &[(&str, Value)]| {
        let mut e = v.clone();
        for (k, x) in changes {
            e[*k] = x.clone();
        }
        e.to_string()
    };
    let header_only = |schema: Value, game: &str| {
        json!({
            "app": "spieltisch", "schema": schema, "game": game, "rules": 1, "name": "x", "saved_at": 1.0,
            "players": [{"name": "Anna", "color": "red"}, {"name": "Ben", "color": "yellow"}],
            "turn": 0, "finished": false, "id": "", "rev": 0, "state": {}, "log": []
        })
        .to_string()
    };
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let cases: Vec<(String, LoadError)> = vec![
        ("".into(), NotJson),
        ("   ".into(), NotJson),
        ("{".into(), NotJson),
        (good[..good.len() - 1].into(), NotJson),
        ("{\"app\":\"spieltisch\",\"schema\":2,".into(), NotJson),
        ("[]".into(), Foreign),
        ("42".into(), Foreign),
        ("null".into(), Foreign),
        ("\"spieltisch\"".into(), Foreign),
        ("{}".into(), Foreign),
        (r#"{"app":"other"}"#.into(), Foreign),
        (r#"{"app":"other","schema":2}"#.into(), Foreign),
        (r#"{"app":"Spieltisch","schema":2}"#.into(), Foreign),
        (r#"{"app":7,"schema":2}"#.into(), Foreign),
        (with(&[("app", json!("other"))]), Foreign),
        (r#"{"app":"spieltisch"}"#.into(), Damaged(Damage::Format)),
        (r#"{"app":"spieltisch","schema":"x"}"#.into(), Damaged(Damage::Format)),
        (r#"{"app":"spieltisch","schema":null}"#.into(), Damaged(Damage::Format)),
        (r#"{"app":"spieltisch","schema":-1}"#.into(), Damaged(Damage::Format)),
        (r#"{"app":"spieltisch","schema":1.5}"#.into(), Damaged(Damage::Format)),
        (r#"{"app":"spieltisch","schema":2}"#.into(), Damaged(Damage::Format)),
        (header_only(json!(0), "sudoku"), Damaged(Damage::Format)),
        (header_only(json!(2), "chess"), UnknownGame("chess".into())),
        (header_only(json!(1), "chess"), UnknownGame("chess".into())),
        (header_only(json!(2), "sudoku"), Damaged(Damage::Format)),
        (with(&[("game", json!("chess"))]), UnknownGame("chess".into())),
        (with(&[("game", json!("just4fun"))]), Damaged(Damage::Format)),
        (with(&[("state", json!(null))]), Damaged(Damage::Format)),
        (with(&[("log", json!({}))]), Damaged(Damage::Format)),
        (with(&[("players", json!([]))]), Damaged(Damage::Format)),
        (
            with(&[("players", json!([{"name": "Anna", "color": "pink"}, {"name": "Ben", "color": "red"}]))]),
            Damaged(Damage::Format),
        ),
        (with(&[("turn", json!(-1))]), Damaged(Damage::Format)),
        (with(&[("saved_at", json!("yesterday"))]), Damaged(Damage::Format)),
        (
            with(&[(
                "state",
                serde_json::from_str::<Value>(&format!("{}{}", "[".repeat(120), "]".repeat(120))).unwrap(),
            )]),
            Damaged(Damage::Format),
        ),
        (
            good.replacen("\"state\":", &format!("\"state\":{}0{},\"s\":", "[".repeat(50_000), "]".repeat(50_000)), 1),
            Damaged(Damage::Format),
        ),
    ];
    for (text, expected) in &cases {
        let shown: String = text.chars().take(120).collect();
        let got = load_err(text);
        match expected {
            Damaged(_) => assert!(matches!(got, Damaged(_)), "{shown:?}: expected Damaged, got {got:?}"),
            other => assert_eq!(&got, other, "{shown:?}"),
        }
        // Every error can be shown.
        assert!(!got.to_string().is_empty());
    }
    // Deep nesting is refused, not a stack overflow.
    assert!(from_json(&deep).is_err());
    // A save re-indented by an editor is still a save.
    let pretty = serde_json::to_string_pretty(&v).unwrap();
    assert!(same(
        &from_json(&pretty).expect("a pretty-printed save loads").session,
        &from_json(&good).unwrap().session
    ));
}
