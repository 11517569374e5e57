//! One backup of everything this deployment keeps (running games, named saves, finished games,
//! settings, players, the family, high scores) as one file, and the merge of such a file into
//! what the device holds: a join on the store's content ([`holdings::Content`]), so merging is
//! commutative, associative and idempotent and loses nothing on either side:
//! - games are told by their content, not by key, name or time: what is here already (under
//!   any key) is not added again, so merging the same file twice adds nothing;
//! - a running game further on ([`AnySession::continues`](session::AnySession::continues),
//!   take-backs included) replaces its earlier state; two that went different ways, two
//!   finishes of one game and another save of the same name are all kept, the imported one
//!   beside under a key made from its content (a save under a free name);
//! - the family and the high scores are joined; settings and the last players stay the
//!   device's own (taken only where the device has none).
//!
//! Every entry is read before anything is written: a file that is not a backup, or holds an
//! entry that cannot be read, changes nothing and is said plainly.

use crate::holdings::{self, Held, Kind, ARCHIVE, GAME, SLOT};
use crate::records::{Dropped, Records};
use crate::saves::{is_game_id, Saves, Store, StoreError, FAMILY, MAX_UNFINISHED, RECORDS};
use crate::session::{self, LoadError, Save, Seat};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::collections::BTreeMap;

/// The backup format this build writes and reads.
pub const BACKUP_FORMAT: u32 = 1;

#[derive(Serialize, Deserialize)]
struct BackupFile {
    app: String,
    backup: u32,
    saved_at: f64,
    /// This deployment's storage, by name (its keys without the deployment's prefix).
    entries: BTreeMap<String, String>,
}

/// Why a file could not be merged (nothing was written).
#[derive(Clone, Debug, PartialEq)]
pub enum BackupError {
    NotABackup,
    /// Written by a newer version of the app (its backup format).
    Newer(u32),
    /// The entry of this name cannot be read.
    Damaged(String),
    /// The game record `entry` was written by a newer version of the app: in save format
    /// `found` (this one reads up to `supported`), or with newer rules data of its game (`rules`).
    NewerEntry {
        entry: String,
        found: u64,
        supported: u32,
        rules: bool,
    },
    /// The entry `entry` holds what this app never writes (a crafted or damaged file).
    Impossible {
        entry: String,
        why: Impossible,
    },
    Store(StoreError),
}

/// What an entry holds that the app never writes.
#[derive(Clone, Debug, PartialEq)]
pub enum Impossible {
    /// More unfinished games than the app keeps ([`MAX_UNFINISHED`]).
    TooManyGames(usize),
    /// More people in the family than it remembers ([`session::MAX_FAMILY`]).
    TooManyPeople(usize),
    /// A family member it would not have kept: a computer, or a name it never writes (so).
    NotFamily(String),
    /// A high-score entry it would not have kept.
    Score(Dropped),
    /// A game under a name no screen opens, or an unfinished game among the finished ones: it
    /// would be listed and could not be opened.
    Unopenable,
}

impl From<StoreError> for BackupError {
    fn from(e: StoreError) -> Self {
        BackupError::Store(e)
    }
}

/// What a merge did: entries added, entries that were here already, entries kept beside one
/// of the same name (both kept).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Merged {
    pub added: usize,
    pub already: usize,
    pub beside: usize,
}

/// What to tell after merging: whether it went well, and the words.
pub fn merge_message(result: &Result<Merged, BackupError>) -> (bool, String) {
    use crate::lang::{t, tf};
    let nothing = |why: &str| (false, format!("{why} {}", t("Nichts wurde verändert.", "Nothing was changed.")));
    match result {
        Ok(m) => (
            true,
            tf(
                "Sicherung eingespielt: {} neu, {} schon da, {} daneben behalten.",
                "Backup read: {} new, {} already here, {} kept beside.",
                &[&m.added, &m.already, &m.beside],
            ),
        ),
        Err(BackupError::NotABackup) => {
            nothing(t("Diese Datei ist keine Spieltisch-Sicherung.", "This file is not a Spieltisch backup."))
        }
        Err(BackupError::Newer(found)) => nothing(&tf(
            "Diese Sicherung stammt aus einer neueren Version der App (Sicherungsformat {}, diese Version liest bis Format {}) – bitte die App aktualisieren.",
            "This backup comes from a newer version of the app (backup format {}; this version reads up to format {}) – please update.",
            &[found, &BACKUP_FORMAT],
        )),
        Err(BackupError::NewerEntry { entry, found, supported, rules }) => nothing(&if *rules {
            tf(
                "„{}“ in der Sicherung stammt aus einer neueren Version der Spielregeln (Stand {}, diese Version kennt bis {}) – bitte die App aktualisieren.",
                "“{}” in the backup comes from a newer version of the rules (version {}; this version knows up to {}) – please update.",
                &[entry, found, supported],
            )
        } else {
            tf(
                "„{}“ in der Sicherung stammt aus einer neueren Version der App (Format {}, diese Version liest bis Format {}) – bitte die App aktualisieren.",
                "“{}” in the backup comes from a newer version of the app (format {}; this version reads up to format {}) – please update.",
                &[entry, found, supported],
            )
        }),
        Err(BackupError::Damaged(name)) => {
            nothing(&tf("Die Sicherung ist beschädigt („{}“).", "The backup is damaged (“{}”).", &[name]))
        }
        Err(BackupError::Impossible { entry, why }) => nothing(&tf(
            "Diese Sicherung enthält, was die App nie schreibt („{}“: {}).",
            "This backup holds what the app never writes (“{}”: {}).",
            &[entry, &impossible_text(why)],
        )),
        Err(BackupError::Store(_)) => (
            false,
            t(
                "Der Speicher des Browsers hat nicht alles aufgenommen.",
                "The browser's storage did not take everything.",
            )
            .to_string(),
        ),
    }
}

/// What an entry holds that the app never writes, in words.
fn impossible_text(why: &Impossible) -> String {
    use crate::lang::{t, tf};
    match why {
        Impossible::TooManyGames(n) => tf(
            "{} unbeendete Spiele, die App hält höchstens {}",
            "{} unfinished games, the app keeps at most {}",
            &[n, &MAX_UNFINISHED],
        ),
        Impossible::TooManyPeople(n) => tf(
            "{} Personen in der Familie, die App merkt sich höchstens {}",
            "{} people in the family, the app remembers at most {}",
            &[n, &session::MAX_FAMILY],
        ),
        Impossible::NotFamily(name) => {
            tf("„{}“ gehört so nicht zur Familie", "“{}” is no family member as written", &[&session::clean_name(name)])
        }
        Impossible::Score(Dropped::Unreachable { score, best, .. }) => tf(
            "{} Punkte, in diesem Spiel sind höchstens {} möglich",
            "{} points, this game allows at most {}",
            &[score, best],
        ),
        Impossible::Score(Dropped::NoSuchList { list }) => {
            tf("eine Bestenliste „{}“ für ein Spiel, das es nicht gibt", "a high-score list “{}” of no game", &[list])
        }
        Impossible::Score(Dropped::BeyondKeep { list }) => tf(
            "mehr als {} Einträge in der Bestenliste „{}“",
            "more than {} entries on the high-score list “{}”",
            &[&crate::records::KEEP, list],
        ),
        Impossible::Score(Dropped::Unreadable { list }) => {
            tf("ein unlesbarer Eintrag in „{}“", "an unreadable entry in “{}”", &[list])
        }
        Impossible::Unopenable => {
            t("ein Spiel, das sich nicht öffnen ließe", "a game that could not be opened").to_string()
        }
    }
}

/// The backup file of everything `saves` holds, written at `now`.
pub fn backup<S: Store>(saves: &Saves<S>, now: f64) -> Result<String, StoreError> {
    let mut entries = BTreeMap::new();
    for key in saves.store.keys()? {
        let Some(name) = key.strip_prefix(saves.scope()) else { continue };
        if let Some(text) = saves.store.get(&key)? {
            entries.insert(name.to_string(), text);
        }
    }
    let file = BackupFile { app: "spieltisch".into(), backup: BACKUP_FORMAT, saved_at: now, entries };
    serde_json::to_string(&file).map_err(|_| StoreError::Failed)
}

/// Merges the backup file `text` into `saves` (see the module's words).
pub fn merge<S: Store>(saves: &Saves<S>, text: &str) -> Result<Merged, BackupError> {
    let file: BackupFile = serde_json::from_str(text).map_err(|_| BackupError::NotABackup)?;
    if file.app != "spieltisch" {
        return Err(BackupError::NotABackup);
    }
    if file.backup > BACKUP_FORMAT {
        return Err(BackupError::Newer(file.backup));
    }
    check_entries(&file.entries)?;
    let mut merged = Merged::default();
    // What is here, read when the first entry that is not here as it is needs it.
    let mut held = None;
    for (name, text) in &file.entries {
        merge_entry(saves, &mut held, name, text, &mut merged)?;
    }
    Ok(merged)
}

fn is_game_record(name: &str) -> bool {
    ["game.", "slot.", "archive."].iter().any(|p| name.starts_with(p))
}

/// Every entry read, before anything is written: each must hold what such an entry holds, and
/// nothing the app itself could never have written (more unfinished games than it keeps, a
/// game no screen opens, an impossible high score, a family beyond its cap). The first that
/// does not is named.
fn check_entries(entries: &BTreeMap<String, String>) -> Result<(), BackupError> {
    let mut unfinished = 0;
    for (name, text) in entries {
        if check_entry(name, text)?.is_some_and(|game| !game.header.finished && name.starts_with("game.")) {
            unfinished += 1;
        }
    }
    if unfinished > MAX_UNFINISHED {
        let why = Impossible::TooManyGames(unfinished);
        return Err(BackupError::Impossible { entry: "game.*".into(), why });
    }
    Ok(())
}

/// Checks entry `name`: it holds what such an entry must, and what the app could have written.
/// A game record's save, read.
fn check_entry(name: &str, text: &str) -> Result<Option<Save>, BackupError> {
    let damaged = || BackupError::Damaged(name.to_string());
    let impossible = |why: Impossible| BackupError::Impossible { entry: name.to_string(), why };
    if name.chars().any(char::is_control) || name.is_empty() {
        return Err(damaged());
    }
    match name {
        _ if is_game_record(name) => {
            let game = session::from_json(text).map_err(|e| match e {
                LoadError::Newer { found, supported } => {
                    BackupError::NewerEntry { entry: name.to_string(), found, supported, rules: false }
                }
                LoadError::NewerRules { found, supported, .. } => {
                    let found = u64::from(found);
                    BackupError::NewerEntry { entry: name.to_string(), found, supported, rules: true }
                }
                _ => damaged(),
            })?;
            let id = name.strip_prefix("game.").or_else(|| name.strip_prefix("archive."));
            if id.is_some_and(|id| !is_game_id(id)) || (name.starts_with("archive.") && !game.header.finished) {
                return Err(impossible(Impossible::Unopenable));
            }
            return Ok(Some(game));
        }
        RECORDS => match Records::read(text) {
            Ok((_, dropped)) => match dropped.into_iter().next() {
                None => {}
                Some(Dropped::Unreadable { .. }) => return Err(damaged()),
                Some(other) => return Err(impossible(Impossible::Score(other))),
            },
            Err(_) => return Err(damaged()),
        },
        FAMILY => check_family(text).map_err(|why| why.map_or_else(damaged, impossible))?,
        crate::saves::PLAYERS => {
            serde_json::from_str::<Vec<Seat>>(text).map_err(|_| damaged())?;
        }
        _ => {
            serde_json::from_str::<&RawValue>(text).map_err(|_| damaged())?;
        }
    }
    Ok(None)
}

/// The family as the app keeps it: people only, each name as setup leaves it, at most
/// [`session::MAX_FAMILY`]. `Err(None)`: not a family at all.
fn check_family(text: &str) -> Result<(), Option<Impossible>> {
    let family = serde_json::from_str::<Vec<Seat>>(text).map_err(|_| None)?;
    if family.len() > session::MAX_FAMILY {
        return Err(Some(Impossible::TooManyPeople(family.len())));
    }
    match family.iter().find(|s| !s.is_person() || session::clean_name(&s.name) != s.name) {
        Some(stranger) => Err(Some(Impossible::NotFamily(stranger.name.clone()))),
        None => Ok(()),
    }
}

fn merge_entry<S: Store>(
    saves: &Saves<S>,
    held: &mut Option<Vec<Held>>,
    name: &str,
    text: &str,
    merged: &mut Merged,
) -> Result<(), BackupError> {
    if is_game_record(name) {
        return merge_game(saves, held, name, text, merged);
    }
    let here = match saves.get(name)? {
        None => {
            saves.set(name, text)?;
            merged.added += 1;
            return Ok(());
        }
        Some(here) if here == text => {
            merged.already += 1;
            return Ok(());
        }
        Some(here) => here,
    };
    match name {
        FAMILY => {
            let read = |t: &str| serde_json::from_str::<Vec<Seat>>(t).unwrap_or_default();
            let family = session::remember_family(&read(text), &read(&here));
            saves.set(name, &serde_json::to_string(&family).map_err(|_| StoreError::Failed)?)?;
            merged.added += 1;
        }
        RECORDS => {
            let (ours, _) = Records::from_json(&here).unwrap_or_default();
            let (theirs, _) = Records::from_json(text).unwrap_or_default();
            saves.set(name, &holdings::join_records(&ours, &theirs).to_json())?;
            merged.added += 1;
        }
        // The device's own settings and last players stay.
        _ => merged.already += 1,
    }
    Ok(())
}

/// A game record, named save or finished game, told by its content ([`holdings`]): what a
/// record of the same place here holds already (the same content, or a running game played on
/// from it) is here; a running game that continues records of its game here replaces them;
/// anything else is kept, in its own place if free, else beside under a key made from its
/// content (so merging it again finds it). Two finishes of one game are two finished games.
fn merge_game<S: Store>(
    saves: &Saves<S>,
    held: &mut Option<Vec<Held>>,
    name: &str,
    text: &str,
    merged: &mut Merged,
) -> Result<(), BackupError> {
    if saves.get(name)?.as_deref() == Some(text) {
        merged.already += 1;
        return Ok(());
    }
    let held = match held {
        Some(held) => held,
        None => held.insert(holdings::read_all(saves)?),
    };
    let Some(mut theirs) = Held::read(name, text) else {
        // (Every entry was read before; one that is no game record stays out of the way.)
        return keep_beside(saves, held, name, text, None, merged);
    };
    if held.iter().any(|h| h.covers(&theirs)) {
        merged.already += 1;
        return Ok(());
    }
    let earlier: Vec<usize> = (0..held.len())
        .filter(|&i| held[i].kind == Kind::Running && held[i].same_place(&theirs))
        .filter(|&i| continues(&held[i], &theirs))
        .collect();
    let Some((&first, rest)) = earlier.split_first() else {
        return keep_beside(saves, held, name, text, Some(theirs), merged);
    };
    // Played on from what is here: it takes the place of its earlier states.
    theirs.name = held[first].name.clone();
    saves.set(&theirs.name, text)?;
    for &i in rest.iter().rev() {
        saves.store.remove(&saves.key(&held[i].name))?;
        held.remove(i);
    }
    held[first] = theirs;
    merged.added += 1;
    Ok(())
}

/// Whether `later` is the game of `earlier` played on, take-backs included
/// ([`AnySession::continues`](session::AnySession::continues)).
fn continues(earlier: &Held, later: &Held) -> bool {
    later.session.continues(&earlier.session)
}

/// Keeps `text` (read as `theirs`) under `name` if that is free, else beside: a named save under
/// a free name, a game or finished game under a key made from its content.
fn keep_beside<S: Store>(
    saves: &Saves<S>,
    held: &mut Vec<Held>,
    name: &str,
    text: &str,
    theirs: Option<Held>,
    merged: &mut Merged,
) -> Result<(), BackupError> {
    let taken = |key: &str| !matches!(saves.get(key), Ok(None));
    let at = if taken(name) {
        match &theirs {
            Some(t) if t.kind == Kind::Named => format!("{SLOT}{}", saves.free_slot_name(&t.label)),
            // Under its fingerprint, as a finished game imported from its file.
            Some(t) if t.kind == Kind::Finished => holdings::beside_key(ARCHIVE, &t.content, taken),
            Some(t) => holdings::beside_key(GAME, &format!("{}\n{}", t.id, t.content), taken),
            None => {
                let prefix = [GAME, SLOT, ARCHIVE].into_iter().find(|p| name.starts_with(p)).unwrap_or_default();
                holdings::beside_key(prefix, text, taken)
            }
        }
    } else {
        name.to_string()
    };
    saves.set(&at, text)?;
    if at == name {
        merged.added += 1;
    } else {
        merged.beside += 1;
    }
    if let Some(mut t) = theirs {
        t.name = at;
        held.push(t);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game;
    use crate::saves::tests::{finished, game, Map};
    use crate::saves::Stamp;
    use crate::session::{AnySession, SaveMeta};

    fn texts(map: &Map) -> BTreeMap<String, String> {
        map.data.borrow().clone()
    }

    /// Exported, the storage cleared, imported: everything is back as it was.
    #[test]
    fn a_backup_brings_everything_back() {
        let map = Map::default();
        let s = Saves::new(&map, "/");
        s.write_game("a1", Stamp::NEW, &game(1, 5), 1.0).unwrap();
        s.write_game("f1", Stamp::NEW, &finished(2), 2.0).unwrap();
        s.write_slot("Abend", &game(3, 7), 3.0).unwrap();
        s.set(crate::saves::SETTINGS, r#"{"lang":"en"}"#).unwrap();
        s.set(FAMILY, r#"[{"name":"Oma","color":"green"}]"#).unwrap();
        let file = backup(&s, 9.0).unwrap();
        let before = texts(&map);
        map.data.borrow_mut().clear();
        let merged = merge(&s, &file).unwrap();
        assert_eq!(texts(&map), before, "everything back");
        assert_eq!(merged, Merged { added: before.len(), already: 0, beside: 0 });
        assert_eq!(merge(&s, &file).unwrap(), Merged { added: 0, already: before.len(), beside: 0 }, "twice is once");
    }

    /// Two devices' backups merged: nothing of either is lost; a game played further on one
    /// replaces its earlier state; a save of the same name with other content stays beside.
    /// (Game ids are hex, as the app makes them: `5a3e` the same game, `0a` only mine, `0e` one
    /// that went another way on each.)
    #[test]
    fn two_backups_merge_losing_nothing() {
        let (mine, theirs) = (Map::default(), Map::default());
        let (a, b) = (Saves::new(&mine, "/"), Saves::new(&theirs, "/"));
        a.write_game("5a3e", Stamp::NEW, &game(4, 3), 1.0).unwrap();
        b.write_game("5a3e", Stamp::NEW, &game(4, 9), 2.0).unwrap();
        a.write_game("0a", Stamp::NEW, &game(5, 2), 1.0).unwrap();
        b.write_game("0e", Stamp::NEW, &game(6, 2), 1.0).unwrap();
        a.write_game("0e", Stamp::NEW, &game(7, 2), 1.0).unwrap();
        a.write_slot("Abend", &game(8, 1), 1.0).unwrap();
        b.write_slot("Abend", &game(9, 1), 1.0).unwrap();
        a.set(FAMILY, r#"[{"name":"Anna","color":"red"}]"#).unwrap();
        b.set(FAMILY, r#"[{"name":"Ben","color":"green"}]"#).unwrap();
        let mut r = Records::default();
        r.add("sudoku/standard", crate::records::Record { name: "Ben".into(), score: 40, at: 1 });
        b.set(RECORDS, &r.to_json()).unwrap();
        let merged = merge(&a, &backup(&b, 3.0).unwrap()).unwrap();
        assert_eq!(merged.beside, 2, "the game that went another way and the other save: {merged:?}");
        let turn = |id: &str| a.read_game(id).unwrap().unwrap().unwrap().header.turn;
        assert_eq!(turn("5a3e"), 9, "the game further on");
        assert_eq!(a.games().unwrap().len(), 4, "same, only-mine, other-way and the other way beside");
        assert_eq!(a.slots().unwrap().len(), 2, "both saves named Abend");
        let family: Vec<Seat> = serde_json::from_str(&a.get(FAMILY).unwrap().unwrap()).unwrap();
        assert_eq!(family.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), ["Anna", "Ben"]);
        assert_eq!(a.read_records().unwrap().records.list("sudoku/standard").len(), 1);
    }

    /// A file that is not a backup, from a newer app, or with one damaged entry changes nothing.
    #[test]
    fn a_crafted_file_changes_nothing() {
        let map = Map::default();
        let s = Saves::new(&map, "/");
        s.write_game("a1", Stamp::NEW, &game(1, 5), 1.0).unwrap();
        let good = backup(&s, 1.0).unwrap();
        let before = texts(&map);
        assert_eq!(merge(&s, "[1,2]"), Err(BackupError::NotABackup));
        assert_eq!(merge(&s, &good.replace("\"spieltisch\"", "\"andere\"")), Err(BackupError::NotABackup));
        assert_eq!(merge(&s, &good.replace("\"backup\":1", "\"backup\":7")), Err(BackupError::Newer(7)));
        let mut damaged: serde_json::Value = serde_json::from_str(&good).unwrap();
        damaged["entries"]["game.zz"] = "{\"app\":\"spieltisch\"}".into();
        damaged["entries"]["slot.neu"] = good.clone().into();
        assert_eq!(merge(&s, &damaged.to_string()), Err(BackupError::Damaged("game.zz".into())));
        assert_eq!(texts(&map), before, "nothing touched");
    }

    /// A backup of the device in `map` with `entries` (name → text) set in it, as a crafted file
    /// would hold them.
    fn crafted(map: &Map, entries: &[(&str, String)]) -> String {
        let good = backup(&Saves::new(map, "/"), 1.0).unwrap();
        let mut file: serde_json::Value = serde_json::from_str(&good).unwrap();
        for (name, text) in entries {
            file["entries"][*name] = text.clone().into();
        }
        file.to_string()
    }

    /// The device the crafted files are read into: a running game, a finished one, a family and
    /// a genuine high score.
    fn device(map: &Map) -> Saves<&Map> {
        let s = Saves::new(map, "/");
        s.write_game("a1", Stamp::NEW, &game(1, 5), 1.0).unwrap();
        s.write_game("f1", Stamp::NEW, &finished(2), 2.0).unwrap();
        s.set(FAMILY, r#"[{"name":"Oma","color":"green"}]"#).unwrap();
        let mut r = Records::default();
        r.add("sudoku/standard", crate::records::Record { name: "Anna".into(), score: 300, at: 1 });
        s.write_records(&r).unwrap();
        s
    }

    fn records_text(list: &str, scores: &[u32]) -> String {
        let mut lists = BTreeMap::new();
        let entries: Vec<crate::records::Record> = (0..)
            .zip(scores)
            .map(|(at, &score)| crate::records::Record { name: "Mallory".into(), score, at })
            .collect();
        lists.insert(list.to_string(), entries);
        Records { lists }.to_json()
    }

    /// Each crafted file is refused by name and changes nothing: what it holds the app never
    /// writes.
    fn refused(entries: &[(&str, String)], want: BackupError) {
        let map = Map::default();
        let s = device(&map);
        let before = texts(&map);
        let file = crafted(&Map::default(), entries);
        assert_eq!(merge(&s, &file), Err(want));
        assert_eq!(texts(&map), before, "nothing touched");
    }

    fn impossible(entry: &str, why: Impossible) -> BackupError {
        BackupError::Impossible { entry: entry.into(), why }
    }

    #[test]
    fn an_impossible_high_score_is_refused() {
        let score = |score: u32, best: u32| {
            let list = "sudoku/standard".to_string();
            impossible(RECORDS, Impossible::Score(Dropped::Unreachable { list, score, best }))
        };
        refused(&[(RECORDS, records_text("sudoku/standard", &[5000, 200]))], score(5000, 810));
        let no_game = Dropped::NoSuchList { list: "schach/solo".into() };
        refused(&[(RECORDS, records_text("schach/solo", &[10]))], impossible(RECORDS, Impossible::Score(no_game)));
        let eleven: Vec<u32> = (100..111).collect();
        let long = Dropped::BeyondKeep { list: "sudoku/simple".into() };
        refused(&[(RECORDS, records_text("sudoku/simple", &eleven))], impossible(RECORDS, Impossible::Score(long)));
        // Ten reachable results are a list the app writes: joined.
        let map = Map::default();
        let s = device(&map);
        let file = crafted(&Map::default(), &[(RECORDS, records_text("sudoku/standard", &[810, 700]))]);
        assert!(merge(&s, &file).is_ok());
        assert_eq!(s.read_records().unwrap().records.list("sudoku/standard").len(), 3);
    }

    /// The app keeps 20 unfinished games at most: a backup of 21 is refused (of 20, read).
    #[test]
    fn more_unfinished_games_than_the_cap_are_refused() {
        let games = |n: u64| -> Vec<(String, String)> {
            let meta = |id: &'static str| SaveMeta { name: "Autosave", saved_at: 1.0, id, rev: 1 };
            (0..n)
                .map(|i| (format!("game.{:016x}", 0x100 + i), session::to_json(&game(100 + i, 3), meta("")).unwrap()))
                .collect()
        };
        let entries = games(MAX_UNFINISHED as u64 + 1);
        let entries: Vec<(&str, String)> = entries.iter().map(|(n, t)| (n.as_str(), t.clone())).collect();
        refused(&entries, impossible("game.*", Impossible::TooManyGames(MAX_UNFINISHED + 1)));
        let map = Map::default();
        let twenty = games(MAX_UNFINISHED as u64);
        let twenty: Vec<(&str, String)> = twenty.iter().map(|(n, t)| (n.as_str(), t.clone())).collect();
        assert!(merge(&Saves::new(&map, "/"), &crafted(&Map::default(), &twenty)).is_ok());
    }

    #[test]
    fn a_family_beyond_the_app_is_refused() {
        let people = |n: usize| {
            let seats: Vec<Seat> = (0..n).map(|i| Seat::person(format!("P{i}"), session::PlayerColor::Red)).collect();
            serde_json::to_string(&seats).unwrap()
        };
        refused(&[(FAMILY, people(session::MAX_FAMILY + 1))], impossible(FAMILY, Impossible::TooManyPeople(13)));
        let computer = r#"[{"name":"Lena","color":"red","kind":{"computer":"hard"}}]"#.to_string();
        refused(&[(FAMILY, computer)], impossible(FAMILY, Impossible::NotFamily("Lena".into())));
        let long = format!(r#"[{{"name":"{}","color":"red"}}]"#, "x".repeat(40));
        refused(&[(FAMILY, long)], impossible(FAMILY, Impossible::NotFamily("x".repeat(40))));
        let map = Map::default();
        assert!(merge(&device(&map), &crafted(&Map::default(), &[(FAMILY, people(12))])).is_ok());
    }

    /// A game record under a name no screen opens, or an unfinished game among the finished
    /// ones, would be listed and could not be opened: refused.
    #[test]
    fn a_game_that_could_not_be_opened_is_refused() {
        let meta = SaveMeta { name: "Autosave", saved_at: 1.0, id: "", rev: 1 };
        let running = session::to_json(&game(7, 4), meta).unwrap();
        let done = session::to_json(&finished(8), meta).unwrap();
        refused(&[("game.kein-spiel", running.clone())], impossible("game.kein-spiel", Impossible::Unopenable));
        refused(&[("archive.zz", done.clone())], impossible("archive.zz", Impossible::Unopenable));
        let unfinished = "archive.00000000000000aa";
        refused(&[(unfinished, running.clone())], impossible(unfinished, Impossible::Unopenable));
        let map = Map::default();
        let fine = [("game.00000000000000bb", running), ("archive.00000000000000cc", done)];
        assert_eq!(merge(&device(&map), &crafted(&Map::default(), &fine)).map(|m| m.added), Ok(2));
    }

    /// A backup, or a game in it, from a newer version is refused naming both versions.
    #[test]
    fn a_newer_backup_is_refused_naming_the_versions() {
        let map = Map::default();
        let s = device(&map);
        let good = backup(&s, 1.0).unwrap();
        let newer = merge(&s, &good.replace("\"backup\":1", "\"backup\":7"));
        assert_eq!(newer, Err(BackupError::Newer(7)));
        let (ok, words) = merge_message(&newer);
        assert!(!ok && words.contains('7') && words.contains(&format!("bis Format {BACKUP_FORMAT}")), "{words}");
        let meta = SaveMeta { name: "Autosave", saved_at: 1.0, id: "", rev: 1 };
        let future = session::to_json(&game(3, 2), meta).unwrap().replacen(
            &format!("\"schema\":{}", session::SCHEMA_VERSION),
            "\"schema\":9",
            1,
        );
        let entry = "game.00000000000000dd";
        let want =
            BackupError::NewerEntry { entry: entry.into(), found: 9, supported: session::SCHEMA_VERSION, rules: false };
        refused(&[(entry, future)], want.clone());
        let words = merge_message(&Err(want)).1;
        let supported = format!("bis Format {}", session::SCHEMA_VERSION);
        assert!(words.contains(entry) && words.contains("Format 9") && words.contains(&supported), "{words}");
    }

    /// Finding 3: a named save kept beside is found again, so merging the same backup twice adds
    /// nothing ("Abend (3)", "Abend (4)" … before).
    #[test]
    fn merging_the_same_backup_twice_adds_nothing() {
        let (mine, theirs) = (Map::default(), Map::default());
        let (a, b) = (Saves::new(&mine, "/"), Saves::new(&theirs, "/"));
        a.write_slot("Abend", &game(8, 1), 1.0).unwrap();
        b.write_slot("Abend", &game(9, 1), 2.0).unwrap();
        b.write_game("0b", Stamp::NEW, &game(6, 2), 1.0).unwrap();
        a.write_game("0b", Stamp::NEW, &game(7, 2), 1.0).unwrap();
        let file = backup(&b, 3.0).unwrap();
        assert_eq!(merge(&a, &file).unwrap().beside, 2, "the other save and the game that went another way");
        let after_once = texts(&mine);
        let again = merge(&a, &file).unwrap();
        assert_eq!((again.added, again.beside), (0, 0), "{again:?}");
        assert_eq!(texts(&mine), after_once, "the second merge changed nothing");
        assert_eq!(a.slots().unwrap().len(), 2);
    }

    /// Finding 3: one game finished two ways on two devices keeps both finishes, and finishing a
    /// game after a merge never overwrites the other device's finish.
    #[test]
    fn two_finishes_of_one_game_are_both_kept() {
        let (mine, theirs) = (Map::default(), Map::default());
        let (a, b) = (Saves::new(&mine, "/"), Saves::new(&theirs, "/"));
        let start = game(11, 4);
        a.write_game("0a", Stamp::NEW, &start, 1.0).unwrap();
        b.write_game("0a", Stamp::NEW, &start, 1.0).unwrap();
        let finish = |choice: usize| {
            let AnySession::Just4Fun(mut s) = start.clone() else { unreachable!() };
            while let Some(mv) = s.state.legal_moves().into_iter().nth(choice).or_else(|| s.state.legal_moves().pop()) {
                s.play(&mv).unwrap();
            }
            AnySession::Just4Fun(s)
        };
        let stamp = |s: &Saves<&Map>| s.read_game_stamped("0a").unwrap().unwrap().unwrap().1;
        b.write_game("0a", stamp(&b), &finish(1), 2.0).unwrap();
        // Mine went on but is not finished yet when the other finish arrives.
        a.write_game("0a", stamp(&a), &game(11, 6), 2.0).unwrap();
        merge(&a, &backup(&b, 3.0).unwrap()).unwrap();
        assert_eq!(a.archive().unwrap().len(), 1, "their finish");
        a.write_game("0a", stamp(&a), &finish(0), 4.0).unwrap();
        let kept: Vec<String> =
            a.archive().unwrap().into_iter().map(|e| holdings::content_of(&e.save.unwrap().session)).collect();
        assert_eq!(kept.len(), 2, "both finishes are kept");
        assert!(kept.contains(&holdings::content_of(&finish(0))) && kept.contains(&holdings::content_of(&finish(1))));
        // Both finishes merged the other way round as well: still two, each once.
        merge(&b, &backup(&a, 5.0).unwrap()).unwrap();
        assert_eq!(b.archive().unwrap().len(), 2);
    }

    /// Finding 3: an older copy from another device (the moves a take-back undid) does not undo
    /// the take-back; the copy after the take-back replaces the older one.
    #[test]
    fn an_older_copy_never_undoes_a_take_back() {
        let (mine, theirs) = (Map::default(), Map::default());
        let (a, b) = (Saves::new(&mine, "/"), Saves::new(&theirs, "/"));
        let before = game(12, 8);
        let mut after = before.clone();
        assert!(after.take_back(3));
        a.write_game("0a", Stamp::NEW, &after, 2.0).unwrap();
        b.write_game("0a", Stamp::NEW, &before, 1.0).unwrap();
        assert_eq!(merge(&a, &backup(&b, 3.0).unwrap()).unwrap(), Merged { added: 0, already: 1, beside: 0 });
        let kept = a.read_game("0a").unwrap().unwrap().unwrap().session;
        assert_eq!((kept.log_len(), kept.takebacks_made()), (5, 1), "the take-back stays");
        merge(&b, &backup(&a, 4.0).unwrap()).unwrap();
        let theirs_now = b.read_game("0a").unwrap().unwrap().unwrap().session;
        assert_eq!((theirs_now.log_len(), theirs_now.takebacks_made()), (5, 1), "and replaces the older copy");
        assert_eq!(b.games().unwrap().len(), 1);
    }
}
