//! Everything a deployment keeps on the device, as key–value records: one record per running game,
//! named slots, settings, the last players and the high scores. Pure: written against [`Store`]
//! (localStorage in the app, a map in the tests), so the rules that keep saves from being lost
//! (deployment scopes, revisions, the cap, adopting old saves, slot names) are tested natively.

use crate::records::Records;
use crate::session::{self, AnySession, LoadError, Save, SaveMeta};
use serde::Deserialize;

mod finished;
pub use finished::{finished_identity, Kept};

/// A key–value store that may be disabled or full.
pub trait Store {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError>;
    fn set(&self, key: &str, value: &str) -> Result<(), StoreError>;
    fn remove(&self, key: &str) -> Result<(), StoreError>;
    fn keys(&self) -> Result<Vec<String>, StoreError>;
}

/// A store in memory: what the native tests and the tools use for localStorage. While `refuse`
/// holds a text, writes to keys containing it fail as a full quota would (`""`: every write).
#[derive(Clone, Default)]
pub struct MemoryStore {
    pub data: std::cell::RefCell<std::collections::BTreeMap<String, String>>,
    pub refuse: std::cell::RefCell<Option<String>>,
}

impl Store for &MemoryStore {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self.data.borrow().get(key).cloned())
    }
    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        if self.refuse.borrow().as_deref().is_some_and(|part| key.contains(part)) {
            return Err(StoreError::Full);
        }
        self.data.borrow_mut().insert(key.into(), value.into());
        Ok(())
    }
    fn remove(&self, key: &str) -> Result<(), StoreError> {
        self.data.borrow_mut().remove(key);
        Ok(())
    }
    fn keys(&self) -> Result<Vec<String>, StoreError> {
        Ok(self.data.borrow().keys().cloned().collect())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The browser refuses storage (private mode, disabled by the user).
    Unavailable,
    /// The quota is used up.
    Full,
    /// A write failed for another reason than the quota ([`is_quota`] tells them apart).
    Failed,
}

/// Whether a failed write's DOMException (`name`, legacy `code`) is the quota: Chromium and
/// Safari say QuotaExceededError (code 22), older Firefox NS_ERROR_DOM_QUOTA_REACHED (1014).
pub fn is_quota(name: &str, code: f64) -> bool {
    matches!(name, "QuotaExceededError" | "NS_ERROR_DOM_QUOTA_REACHED") || code == 22.0 || code == 1014.0
}

/// Why a record was not written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteError {
    Store(StoreError),
    /// Another tab changed (or deleted) this game since this tab read it; nothing was written.
    Conflict(Conflict),
    /// The game could not be encoded (does not happen with the engines' plain data).
    Encode,
    /// A finished game could not be kept in the archive; nothing of it was written or deleted.
    NotKept(StoreError),
}

impl From<StoreError> for WriteError {
    fn from(e: StoreError) -> Self {
        WriteError::Store(e)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conflict {
    /// Another tab wrote a newer revision.
    Changed,
    /// Another tab deleted the game.
    Deleted,
    /// The stored record cannot be read any more (damaged, by whoever): it is not overwritten.
    Damaged,
}

/// What a tab knows of a game record it read or wrote: the revision, and a checksum of the
/// stored text. Two tabs that commit at the same moment both write "revision 2"; their texts
/// differ, so the checksum tells the loser that its write was replaced.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stamp {
    pub rev: u64,
    sum: u64,
}

impl Stamp {
    /// A record not written yet.
    pub const NEW: Stamp = Stamp { rev: 0, sum: 0 };

    /// The stamp of a stored record's text; `None` when it cannot be read.
    pub fn of(text: &str) -> Option<Stamp> {
        Some(Stamp { rev: rev_of(text)?, sum: checksum(text) })
    }
}

/// FNV-1a over the text: a record's fingerprint (not a defence against anyone, only against
/// two writes of the same revision).
pub(crate) fn checksum(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3))
}

/// An id for a game that came without one (an import): the same game gives the same id, so it
/// is kept once however often it comes. A checksum of its [`finished_identity`].
pub fn fingerprint(game: &AnySession) -> String {
    format!("{:016x}", finished_identity(game).map_or(0, |identity| checksum(&identity)))
}

/// Game ids are the hex digits the app makes (a new game's, or an import's [`fingerprint`]): a
/// game's URL (`#/play/<id>`, `#/archive/<id>`) takes nothing else.
pub fn is_game_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 32 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Unfinished games kept at most; a new one beyond this asks before the oldest goes.
pub const MAX_UNFINISHED: usize = 20;

const GAME: &str = "game.";
const SLOT: &str = "slot.";
/// Every finished game, kept for its replay (`archive.<id>`: the game's last record).
const ARCHIVE: &str = "archive.";
const ADOPTED: &str = "adopted-v1";
pub const SETTINGS: &str = "settings";
pub const PLAYERS: &str = "players";
/// The family's people: names and colours to pick in setup with one tap.
pub const FAMILY: &str = "family";
pub const RECORDS: &str = "records";
/// Where an unreadable high-score store is kept before a new one is written (the first; more
/// go to `records.unreadable.2`, `.3`, …: [`Saves::move_aside`]).
pub const RECORDS_UNREADABLE: &str = "records.unreadable";

/// Keys of save format 1, shared by every deployment on the origin.
const LEGACY_AUTOSAVE: &str = "spieltisch.autosave";
const LEGACY_SLOT: &str = "spieltisch.slot.";
const LEGACY_KEYS: [(&str, &str); 3] =
    [("spieltisch.settings", SETTINGS), ("spieltisch.players", PLAYERS), ("spieltisch.records", RECORDS)];

/// The key prefix of the deployment served at `pathname`: its directory, so `/spiele/` and
/// `/spiele/index.html` share one and `/andere/` has its own. Runs of `/` count as one, as
/// hosts serve them (`/spiele//` is `/spiele/`; index.html also rewrites the URL so).
pub fn scope_for_path(pathname: &str) -> String {
    let dir = pathname.rfind('/').map_or("/", |i| &pathname[..=i]);
    let mut scope = String::from("spieltisch@");
    for c in dir.chars() {
        if !(c == '/' && scope.ends_with('/')) {
            scope.push(c);
        }
    }
    scope.push('|');
    scope
}

/// Whether `ms` (a stored time) can be shown as a date: 1970 to the year 9999. Stored data may
/// hold anything; anything else is shown as unknown, never as "00.01.0".
pub fn plausible_time(ms: f64) -> bool {
    (0.0..253_402_300_800_000.0).contains(&ms)
}

/// What a storage key is to this deployment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyKind {
    Game(String),
    Slot(String),
    Other,
    /// Another deployment's key, or not ours at all.
    Foreign,
}

/// A stored record as listed: its id or slot name and the save, or why it cannot be read.
#[derive(Clone, Debug)]
pub struct Entry {
    pub name: String,
    pub save: Result<Save, LoadError>,
}

impl Entry {
    fn saved_at(&self) -> f64 {
        self.save.as_ref().map_or(f64::MAX, |s| s.header.saved_at)
    }
    pub fn unfinished(&self) -> bool {
        self.save.as_ref().map_or(true, |s| !s.header.finished)
    }
}

/// High scores as read: the lists, how many bad entries were dropped, and whether the store was
/// unreadable as a whole (its text is then kept under [`RECORDS_UNREADABLE`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RecordsRead {
    pub records: Records,
    pub dropped: usize,
    pub unreadable: bool,
}

#[derive(Deserialize)]
struct RevOnly {
    #[serde(default)]
    rev: u64,
}

/// A game's record as read, with the stamp it was read at.
pub type Stamped = (Save, Stamp);

/// The saves of one deployment in `store`.
pub struct Saves<S> {
    pub store: S,
    scope: String,
}

impl<S: Store> Saves<S> {
    pub fn new(store: S, pathname: &str) -> Self {
        Saves { store, scope: scope_for_path(pathname) }
    }

    pub fn scope(&self) -> &str {
        &self.scope
    }

    pub fn key(&self, name: &str) -> String {
        format!("{}{name}", self.scope)
    }

    pub fn game_key(&self, id: &str) -> String {
        self.key(&format!("{GAME}{id}"))
    }

    pub fn slot_key(&self, name: &str) -> String {
        self.key(&format!("{SLOT}{name}"))
    }

    pub fn classify(&self, key: &str) -> KeyKind {
        match key.strip_prefix(&self.scope) {
            None => KeyKind::Foreign,
            Some(rest) => match (rest.strip_prefix(GAME), rest.strip_prefix(SLOT)) {
                (Some(id), _) => KeyKind::Game(id.to_string()),
                (_, Some(name)) => KeyKind::Slot(name.to_string()),
                _ => KeyKind::Other,
            },
        }
    }

    pub fn get(&self, name: &str) -> Result<Option<String>, StoreError> {
        self.store.get(&self.key(name))
    }

    pub fn set(&self, name: &str, value: &str) -> Result<(), StoreError> {
        self.store.set(&self.key(name), value)
    }

    /// Copies what save format 1 kept for the whole origin (one autosave, slots, settings,
    /// players, high scores) into this deployment, once. The old keys stay, so another
    /// deployment on the origin adopts its own copy and nothing is lost. `true` when it copied.
    pub fn adopt_legacy(&self, new_id: impl FnOnce() -> String) -> Result<bool, StoreError> {
        if self.get(ADOPTED)?.is_some() {
            return Ok(false);
        }
        let mut copied = false;
        let mut copy = |to: String, text: String| -> Result<(), StoreError> {
            if self.store.get(&to)?.is_none() {
                self.store.set(&to, &text)?;
                copied = true;
            }
            Ok(())
        };
        if let Some(text) = self.store.get(LEGACY_AUTOSAVE)? {
            copy(self.game_key(&new_id()), text)?;
        }
        for key in self.store.keys()? {
            if let Some(name) = key.strip_prefix(LEGACY_SLOT) {
                if let Some(text) = self.store.get(&key)? {
                    copy(self.slot_key(name), text)?;
                }
            }
        }
        for (old, new) in LEGACY_KEYS {
            if let Some(text) = self.store.get(old)? {
                copy(self.key(new), text)?;
            }
        }
        self.set(ADOPTED, "1")?;
        Ok(copied)
    }

    fn entries(&self, prefix: &str) -> Result<Vec<Entry>, StoreError> {
        let full = self.key(prefix);
        let mut list: Vec<Entry> = Vec::new();
        for key in self.store.keys()? {
            let Some(name) = key.strip_prefix(&full) else { continue };
            let save = match self.store.get(&key)? {
                Some(text) => session::from_json(&text),
                // Gone since the keys were listed (another tab).
                None => continue,
            };
            list.push(Entry { name: name.to_string(), save });
        }
        // Newest first; unreadable ones on top, where they are noticed.
        crate::engine::sort::sort_stable_by(&mut list, |a, b| {
            b.saved_at().total_cmp(&a.saved_at()).then_with(|| a.name.cmp(&b.name))
        });
        Ok(list)
    }

    /// Every running game's record (finished ones included), newest first.
    pub fn games(&self) -> Result<Vec<Entry>, StoreError> {
        self.entries(GAME)
    }

    /// The games still to be played on (and records that cannot be read), newest first.
    pub fn unfinished(&self) -> Result<Vec<Entry>, StoreError> {
        Ok(self.games()?.into_iter().filter(Entry::unfinished).collect())
    }

    /// The oldest readable unfinished game when [`MAX_UNFINISHED`] are stored: a new game would
    /// push it out, so the player is asked first.
    pub fn oldest_if_full(&self) -> Result<Option<Entry>, StoreError> {
        let open = self.unfinished()?;
        if open.len() < MAX_UNFINISHED {
            return Ok(None);
        }
        Ok(open.into_iter().rfind(|e| e.save.is_ok()))
    }

    pub fn read_game(&self, id: &str) -> Result<Option<Result<Save, LoadError>>, StoreError> {
        Ok(self.read_game_stamped(id)?.map(|r| r.map(|(save, _)| save)))
    }

    /// A game's record and the stamp a tab that opens it then knows it by.
    pub fn read_game_stamped(&self, id: &str) -> Result<Option<Result<Stamped, LoadError>>, StoreError> {
        Ok(self.store.get(&self.game_key(id))?.map(|text| {
            let sum = checksum(&text);
            session::from_json(&text).map(|save| {
                let rev = save.header.rev;
                (save, Stamp { rev, sum })
            })
        }))
    }

    /// Whether the game record `id` is still the one this tab knows (`known`): `None` when it is,
    /// else how it changed. Checked before every write and on every other tab's storage event.
    pub fn check_game(&self, id: &str, known: Stamp) -> Result<Option<Conflict>, StoreError> {
        Ok(match self.store.get(&self.game_key(id))? {
            None => (known != Stamp::NEW).then_some(Conflict::Deleted),
            Some(text) => match Stamp::of(&text) {
                None => Some(Conflict::Damaged),
                Some(stored) => (stored != known).then_some(Conflict::Changed),
            },
        })
    }

    /// Writes the game `id` as revision `known.rev + 1`, unless the stored record is no longer
    /// the one this tab knows ([`check_game`](Self::check_game)): then nothing is written.
    /// A finished game is kept in the archive first ([`keep_finished`](Self::keep_finished));
    /// when that fails nothing is written ([`WriteError::NotKept`]). Then the other finished
    /// records leave the running games, each once it is in the archive (only the latest stays
    /// there, for its end screen after a reload). Returns the new record's stamp.
    pub fn write_game(&self, id: &str, known: Stamp, game: &AnySession, now: f64) -> Result<Stamp, WriteError> {
        if let Some(conflict) = self.check_game(id, known)? {
            return Err(WriteError::Conflict(conflict));
        }
        let rev = known.rev + 1;
        let json = session::to_json(game, SaveMeta { name: "Autosave", saved_at: now, id, rev })
            .map_err(|_| WriteError::Encode)?;
        if game.is_over() {
            self.keep_finished(id, game, now).map_err(|e| match e {
                WriteError::Store(e) => WriteError::NotKept(e),
                other => other,
            })?;
        }
        self.store.set(&self.game_key(id), &json)?;
        if game.is_over() {
            self.retire_finished_records(id)?;
        }
        Ok(Stamp { rev, sum: checksum(&json) })
    }

    /// Every finished game, newest first (unreadable ones on top).
    pub fn archive(&self) -> Result<Vec<Entry>, StoreError> {
        self.entries(ARCHIVE)
    }

    /// The finished game `id` from the archive, as stored.
    pub fn archived(&self, id: &str) -> Result<Option<String>, StoreError> {
        self.store.get(&self.key(&format!("{ARCHIVE}{id}")))
    }

    /// Deletes the finished game `id` from the archive, and the copy of it that stays a game
    /// record for its end screen: left there, it would be archived again when the next game
    /// ends (a deleted game come back; found by tests/store_model.rs).
    pub fn delete_archived(&self, id: &str) -> Result<(), StoreError> {
        let identity = self.archived(id)?.and_then(|text| finished_identity(&session::from_json(&text).ok()?.session));
        self.store.remove(&self.key(&format!("{ARCHIVE}{id}")))?;
        let Some(identity) = identity else { return Ok(()) };
        for record in self.games()? {
            let finished = record.save.as_ref().ok().filter(|save| save.header.finished);
            if finished.is_some_and(|save| finished_identity(&save.session).as_ref() == Some(&identity)) {
                self.store.remove(&self.game_key(&record.name))?;
            }
        }
        Ok(())
    }

    pub fn delete_game(&self, id: &str) -> Result<(), StoreError> {
        self.store.remove(&self.game_key(id))
    }

    /// Removes game `id`'s record of a game in which no move was made (the caller knows), when it
    /// is still the record this tab wrote (`known`: no other tab wrote it since): a game started
    /// and left unplayed is not kept as unfinished. `true` when it was removed.
    pub fn forget_unmoved(&self, id: &str, known: Stamp) -> Result<bool, StoreError> {
        let ours = known != Stamp::NEW && self.check_game(id, known)?.is_none();
        if ours {
            self.store.remove(&self.game_key(id))?;
        }
        Ok(ours)
    }

    /// Deletes every unfinished game's record (unreadable ones too: they are listed as
    /// unfinished). Returns the ids deleted.
    pub fn delete_unfinished(&self) -> Result<Vec<String>, StoreError> {
        let ids: Vec<String> = self.unfinished()?.into_iter().map(|e| e.name).collect();
        for id in &ids {
            self.delete_game(id)?;
        }
        Ok(ids)
    }

    pub fn slots(&self) -> Result<Vec<Entry>, StoreError> {
        self.entries(SLOT)
    }

    pub fn read_slot(&self, name: &str) -> Result<Option<Result<Save, LoadError>>, StoreError> {
        Ok(self.store.get(&self.slot_key(name))?.map(|text| session::from_json(&text)))
    }

    /// Writes a named slot of a game known by no id (replacing one of the same name).
    pub fn write_slot(&self, name: &str, game: &AnySession, now: f64) -> Result<String, WriteError> {
        self.save_as(name, "", game, now)
    }

    /// Writes the game `id` as the named slot `name` (replacing one of the same name: the
    /// player chose the name). The save carries the game's id, so its file, imported, is the
    /// same game. Returns the name used.
    pub fn save_as(&self, name: &str, id: &str, game: &AnySession, now: f64) -> Result<String, WriteError> {
        let name = session::clean_name(name);
        let json = session::to_json(game, SaveMeta { name: &name, saved_at: now, id, rev: 0 })
            .map_err(|_| WriteError::Encode)?;
        self.store.set(&self.slot_key(&name), &json)?;
        Ok(name)
    }

    /// A slot name not in use yet (for imports, which must never replace a slot).
    pub fn free_slot_name(&self, wanted: &str) -> String {
        session::free_name(wanted, |n| !matches!(self.store.get(&self.slot_key(n)), Ok(None)))
    }

    /// The high-score lists, entry by entry. An unreadable store is moved aside
    /// ([`move_aside`](Self::move_aside)) so that writing new lists never loses it.
    pub fn read_records(&self) -> Result<RecordsRead, StoreError> {
        let Some(text) = self.get(RECORDS)? else { return Ok(RecordsRead::default()) };
        match Records::from_json(&text) {
            Ok((records, dropped)) => Ok(RecordsRead { records, dropped, unreadable: false }),
            Err(_) => {
                self.move_aside(RECORDS, &text)?;
                Ok(RecordsRead { records: Records::default(), dropped: 0, unreadable: true })
            }
        }
    }

    /// Moves `text`, stored as `name` (settings, players, high scores) but unreadable, to
    /// `<name>.unreadable`, or `.2`, `.3`, … when that is taken: a kept text is never
    /// overwritten (the same text is kept once). Then `name` is free for new data. Nothing is
    /// removed when keeping it fails.
    pub fn move_aside(&self, name: &str, text: &str) -> Result<(), StoreError> {
        let base = format!("{name}.unreadable");
        let mut n = 1;
        loop {
            let key = if n == 1 { base.clone() } else { format!("{base}.{n}") };
            match self.get(&key)? {
                None => self.set(&key, text)?,
                Some(kept) if kept != text => {
                    n += 1;
                    continue;
                }
                Some(_) => {}
            }
            return self.store.remove(&self.key(name));
        }
    }

    pub fn write_records(&self, records: &Records) -> Result<(), StoreError> {
        self.set(RECORDS, &records.to_json())
    }
}

/// The revision in a stored record's text (0 for format 1, which had none); `None` when it is
/// no save at all.
pub fn rev_of(text: &str) -> Option<u64> {
    // A save is an object naming its game (serde would also read a struct from a list).
    if !text.trim_start().starts_with('{') || !text.as_bytes().windows(6).any(|w| w == b"\"game\"") {
        return None;
    }
    serde_json::from_str::<RevOnly>(text).ok().map(|r| r.rev)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::engine::just4fun::{Just4Fun, Options};
    use crate::engine::Game;
    use crate::records::Record;
    use crate::session::{PlayerColor, Seat, Session};

    pub(crate) type Map = MemoryStore;

    pub(crate) fn game(seed: u64, moves: usize) -> AnySession {
        let seats = vec![Seat::person("Anna", PlayerColor::Red), Seat::person("Ben", PlayerColor::Green)];
        let mut s = Session::<Just4Fun>::new(seats, Options::default(), seed).unwrap();
        for _ in 0..moves {
            let Some(mv) = s.state.legal_moves().into_iter().next() else { break };
            s.play(&mv).unwrap();
        }
        AnySession::Just4Fun(s)
    }

    pub(crate) fn finished(seed: u64) -> AnySession {
        let g = game(seed, 1000);
        assert!(g.is_over());
        g
    }

    #[test]
    fn scopes_follow_the_deployment_directory() {
        assert_eq!(scope_for_path("/spiele/"), scope_for_path("/spiele/index.html"));
        assert_ne!(scope_for_path("/spiele/"), scope_for_path("/andere/"));
        assert_ne!(scope_for_path("/"), scope_for_path("/spiele/"));
        let map = Map::default();
        let a = Saves::new(&map, "/a/");
        let b = Saves::new(&map, "/b/");
        a.write_game("x", Stamp::NEW, &game(1, 3), 1.0).unwrap();
        b.write_slot("Abend", &game(2, 3), 1.0).unwrap();
        assert_eq!(a.games().unwrap().len(), 1);
        assert!(b.games().unwrap().is_empty(), "a deployment never sees another's games");
        assert!(a.slots().unwrap().is_empty());
        assert_eq!(a.classify(&a.game_key("x")), KeyKind::Game("x".into()));
        assert_eq!(a.classify(&b.game_key("x")), KeyKind::Foreign);
        assert_eq!(b.classify(&b.slot_key("Abend")), KeyKind::Slot("Abend".into()));
    }

    #[test]
    fn every_running_game_has_its_own_record() {
        let map = Map::default();
        let s = Saves::new(&map, "/");
        assert_eq!(s.write_game("one", Stamp::NEW, &game(1, 9), 1.0).map(|k| k.rev), Ok(1));
        assert_eq!(s.write_game("two", Stamp::NEW, &game(2, 2), 2.0).map(|k| k.rev), Ok(1));
        let open: Vec<String> = s.unfinished().unwrap().into_iter().map(|e| e.name).collect();
        assert_eq!(open, ["two", "one"], "newest first, both kept");
        assert_eq!(s.read_game("one").unwrap().unwrap().unwrap().header.turn, 9);
    }

    #[test]
    fn a_stale_tab_never_overwrites_a_newer_revision() {
        let map = Map::default();
        let s = Saves::new(&map, "/");
        let first = s.write_game("g", Stamp::NEW, &game(1, 2), 1.0).unwrap();
        // Tab A writes revision 2; tab B still knows revision 1.
        let second = s.write_game("g", first, &game(1, 3), 2.0).unwrap();
        assert_eq!(second.rev, 2);
        assert_eq!(s.write_game("g", first, &game(1, 4), 3.0), Err(WriteError::Conflict(Conflict::Changed)));
        assert_eq!(s.read_game("g").unwrap().unwrap().unwrap().header.turn, 3, "tab A's game is kept");
        // Deleted elsewhere: not silently brought back either.
        s.delete_game("g").unwrap();
        assert_eq!(s.write_game("g", second, &game(1, 4), 4.0), Err(WriteError::Conflict(Conflict::Deleted)));
        assert!(s.read_game("g").unwrap().is_none());
    }

    /// Another last move from the same start: what a second tab plays instead.
    fn other_game(seed: u64, moves: usize) -> AnySession {
        let AnySession::Just4Fun(mut s) = game(seed, moves - 1) else { unreachable!() };
        let mv = s.state.legal_moves().pop().unwrap();
        s.play(&mv).unwrap();
        AnySession::Just4Fun(s)
    }

    /// Two tabs read revision 1 and commit at the same moment: each checks its own copy of the
    /// storage (a browser syncs a tab's writes to the others a moment later), so both write
    /// "revision 2" and the later write wins. The tab whose write was replaced notices (on the
    /// storage event, or its next write) although the revision is the one it wrote.
    #[test]
    fn two_tabs_committing_at_once_tell_their_writes_apart() {
        let browser = Map::default();
        let s = Saves::new(&browser, "/");
        s.write_game("g", Stamp::NEW, &game(1, 2), 1.0).unwrap();
        let (tab_a, tab_b) = (Map::default(), Map::default());
        for tab in [&tab_a, &tab_b] {
            *tab.data.borrow_mut() = browser.data.borrow().clone();
        }
        let (a, b) = (Saves::new(&tab_a, "/"), Saves::new(&tab_b, "/"));
        let read_a = a.read_game_stamped("g").unwrap().unwrap().unwrap().1;
        let read_b = b.read_game_stamped("g").unwrap().unwrap().unwrap().1;
        assert_eq!((read_a, read_b.rev), (read_b, 1));
        let wrote_a = a.write_game("g", read_a, &game(1, 3), 2.0).unwrap();
        let wrote_b = b.write_game("g", read_b, &other_game(1, 3), 2.0).unwrap();
        assert_eq!((wrote_a.rev, wrote_b.rev), (2, 2), "both wrote revision 2");
        assert_ne!(wrote_a, wrote_b);
        // The browser applies A's write, then B's, and every tab sees the result.
        let key = s.game_key("g");
        for tab in [&tab_a, &tab_b] {
            let text = tab.data.borrow()[&key].clone();
            browser.data.borrow_mut().insert(key.clone(), text);
        }
        for tab in [&tab_a, &tab_b] {
            *tab.data.borrow_mut() = browser.data.borrow().clone();
        }
        assert_eq!(a.check_game("g", wrote_a), Ok(Some(Conflict::Changed)), "A's move was replaced: A must say so");
        assert_eq!(b.check_game("g", wrote_b), Ok(None), "B's write is the stored one");
        assert_eq!(
            a.write_game("g", wrote_a, &game(1, 4), 3.0),
            Err(WriteError::Conflict(Conflict::Changed)),
            "A never writes over B's move"
        );
        assert_eq!(b.write_game("g", wrote_b, &other_game(1, 4), 3.0).map(|k| k.rev), Ok(3));
    }

    #[test]
    fn finished_games_leave_the_list_and_go_to_the_archive() {
        let map = Map::default();
        let s = Saves::new(&map, "/");
        s.write_game("open", Stamp::NEW, &game(1, 4), 1.0).unwrap();
        s.write_game("d1", Stamp::NEW, &finished(5), 2.0).unwrap();
        s.write_game("d2", Stamp::NEW, &finished(6), 3.0).unwrap();
        let all: Vec<String> = s.games().unwrap().into_iter().map(|e| e.name).collect();
        assert_eq!(all, ["d2", "open"]);
        let open: Vec<String> = s.unfinished().unwrap().into_iter().map(|e| e.name).collect();
        assert_eq!(open, ["open"]);
        let kept: Vec<String> = s.archive().unwrap().into_iter().map(|e| e.name).collect();
        assert_eq!(kept, ["d2", "d1"], "every finished game is kept in the archive, newest first");
        assert_eq!(s.archived("d1").unwrap(), s.store.get(&s.key("archive.d1")).unwrap());
        s.delete_archived("d1").unwrap();
        assert_eq!(s.archive().unwrap().len(), 1);
        assert_eq!(s.games().unwrap().len(), 2, "the archive is apart from the running games");
    }

    #[test]
    fn the_cap_names_the_oldest_unfinished_game() {
        let map = Map::default();
        let s = Saves::new(&map, "/");
        for i in 0..MAX_UNFINISHED - 1 {
            s.write_game(&format!("g{i}"), Stamp::NEW, &game(i as u64, 2), 100.0 + i as f64).unwrap();
        }
        assert!(s.oldest_if_full().unwrap().is_none());
        s.write_game("last", Stamp::NEW, &game(99, 2), 500.0).unwrap();
        assert_eq!(s.oldest_if_full().unwrap().map(|e| e.name), Some("g0".to_string()));
    }

    #[test]
    fn a_game_left_unmoved_is_forgotten_unless_another_tab_wrote_it() {
        let map = Map::default();
        let s = Saves::new(&map, "/");
        let rev = s.write_game("fresh", Stamp::NEW, &game(1, 0), 1.0).unwrap();
        // Another tab moved in "other" since this tab's revision: not this tab's to forget.
        let other = s.write_game("other", Stamp::NEW, &game(3, 0), 3.0).unwrap();
        s.write_game("other", other, &game(3, 1), 4.0).unwrap();
        assert_eq!(s.forget_unmoved("other", other), Ok(false), "a newer revision stays");
        assert_eq!(s.forget_unmoved("fresh", rev), Ok(true));
        assert_eq!(s.forget_unmoved("gone", Stamp::NEW), Ok(false));
        let open: Vec<String> = s.unfinished().unwrap().into_iter().map(|e| e.name).collect();
        assert_eq!(open, ["other"]);
    }

    #[test]
    fn delete_unfinished_keeps_the_finished_game_and_the_slots() {
        let map = Map::default();
        let s = Saves::new(&map, "/");
        s.write_game("a", Stamp::NEW, &game(1, 3), 1.0).unwrap();
        s.write_game("b", Stamp::NEW, &game(2, 4), 2.0).unwrap();
        s.write_game("done", Stamp::NEW, &finished(5), 3.0).unwrap();
        map.data.borrow_mut().insert(s.game_key("bad"), "{ kaputt".into());
        s.write_slot("Abend", &game(4, 2), 1.0).unwrap();
        let mut gone = s.delete_unfinished().unwrap();
        gone.sort();
        assert_eq!(gone, ["a", "b", "bad"]);
        assert!(s.unfinished().unwrap().is_empty());
        assert_eq!(s.games().unwrap().len(), 1, "the finished game's record stays for its end screen");
        assert_eq!(s.slots().unwrap().len(), 1, "named saves are not unfinished games");
    }

    #[test]
    fn unreadable_records_are_listed_with_their_reason() {
        let map = Map::default();
        let s = Saves::new(&map, "/");
        let ok = s.write_game("ok", Stamp::NEW, &game(1, 2), 1.0).unwrap();
        map.data.borrow_mut().insert(s.game_key("bad"), "{ kaputt".into());
        let open = s.unfinished().unwrap();
        assert_eq!(open.len(), 2);
        assert_eq!(open[0].name, "bad");
        assert_eq!(open[0].save.as_ref().unwrap_err(), &LoadError::NotJson);
        assert_eq!(s.write_game("bad", Stamp::NEW, &game(1, 2), 2.0), Err(WriteError::Conflict(Conflict::Damaged)));
        // Damaged under the tab that knows it (devtools, a bug): said as damage, never as another
        // tab's move, and not overwritten.
        for damage in ["{ kaputt", "{}", "[1,2]", ""] {
            map.data.borrow_mut().insert(s.game_key("ok"), damage.into());
            assert_eq!(
                s.write_game("ok", ok, &game(1, 3), 3.0),
                Err(WriteError::Conflict(Conflict::Damaged)),
                "{damage:?}"
            );
            assert_eq!(map.data.borrow()[&s.game_key("ok")], damage);
        }
    }

    #[test]
    fn imports_of_long_equal_names_never_overwrite() {
        let map = Map::default();
        let s = Saves::new(&map, "/");
        let long = "Familienabend bei Oma 12"; // 24 characters
        let first = s.free_slot_name(long);
        s.write_slot(&first, &game(1, 2), 1.0).unwrap();
        let second = s.free_slot_name(long);
        assert_ne!(first, second);
        assert_eq!(s.write_slot(&second, &game(2, 3), 2.0).unwrap(), second, "stored under the name it was given");
        let third = s.free_slot_name(long);
        s.write_slot(&third, &game(3, 4), 3.0).unwrap();
        assert_eq!(s.slots().unwrap().len(), 3);
        assert!([&first, &second, &third].iter().all(|n| n.chars().count() <= session::MAX_NAME_LEN));
    }

    #[test]
    fn legacy_saves_are_adopted_once_and_kept() {
        let map = Map::default();
        let old_game =
            session::to_json(&game(3, 5), SaveMeta { name: "Autosave", saved_at: 1.0, id: "", rev: 0 }).unwrap();
        let old_slot =
            session::to_json(&game(4, 6), SaveMeta { name: "Abend", saved_at: 1.0, id: "", rev: 0 }).unwrap();
        map.data.borrow_mut().insert("spieltisch.autosave".into(), old_game.clone());
        map.data.borrow_mut().insert("spieltisch.slot.Abend".into(), old_slot);
        map.data.borrow_mut().insert("spieltisch.records".into(), "{}".into());
        let a = Saves::new(&map, "/a/");
        assert_eq!(a.adopt_legacy(|| "legacy".into()), Ok(true));
        assert_eq!(a.adopt_legacy(|| "again".into()), Ok(false), "only once");
        assert_eq!(a.unfinished().unwrap().len(), 1);
        assert_eq!(a.slots().unwrap()[0].name, "Abend");
        assert_eq!(a.get(RECORDS).unwrap().as_deref(), Some("{}"));
        // A second deployment gets its own copy; the old keys stay.
        let b = Saves::new(&map, "/b/");
        assert_eq!(b.adopt_legacy(|| "legacy".into()), Ok(true));
        assert_eq!(b.unfinished().unwrap().len(), 1);
        assert_eq!(map.data.borrow().get("spieltisch.autosave"), Some(&old_game));
        // The adopted game (revision 0), once opened, is written on as revision 1.
        let (_, opened) = a.read_game_stamped("legacy").unwrap().unwrap().unwrap();
        assert_eq!(opened.rev, 0);
        assert_eq!(a.write_game("legacy", opened, &game(3, 6), 2.0).map(|k| k.rev), Ok(1));
    }

    #[test]
    fn a_full_store_is_an_error_not_a_loss() {
        let map = Map::default();
        *map.refuse.borrow_mut() = Some(String::new());
        let s = Saves::new(&map, "/");
        assert_eq!(s.write_game("g", Stamp::NEW, &game(1, 2), 1.0), Err(WriteError::Store(StoreError::Full)));
    }

    #[test]
    fn only_the_quota_counts_as_a_full_store() {
        assert!(is_quota("QuotaExceededError", 22.0));
        assert!(is_quota("NS_ERROR_DOM_QUOTA_REACHED", 1014.0));
        assert!(is_quota("", 22.0), "older browsers give only the code");
        for (name, code) in [("InvalidStateError", 11.0), ("SecurityError", 18.0), ("Error", 0.0), ("", f64::NAN)] {
            assert!(!is_quota(name, code), "{name} ({code}) is no full store");
        }
    }

    #[test]
    fn runs_of_slashes_are_one_directory() {
        assert_eq!(scope_for_path("/spiele//"), scope_for_path("/spiele/"));
        assert_eq!(scope_for_path("//spiele///index.html"), scope_for_path("/spiele/"));
        assert_eq!(scope_for_path("/x//y/"), "spieltisch@/x/y/|");
        assert_ne!(scope_for_path("/spiele//andere/"), scope_for_path("/spiele/"));
    }

    #[test]
    fn only_plausible_times_are_dates() {
        for ms in [0.0, 1.0, 1.795e12, 253_402_300_799_999.0] {
            assert!(plausible_time(ms), "{ms}");
        }
        for ms in [-1.0, -6.2e13, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 253_402_300_800_000.0, 1e20] {
            assert!(!plausible_time(ms), "{ms}");
        }
    }

    #[test]
    fn records_survive_a_bad_entry_and_garbage_is_kept_aside() {
        let map = Map::default();
        let s = Saves::new(&map, "/");
        let mut r = Records::default();
        r.add("sudoku/standard", Record { name: "Anna".into(), score: 90, at: 1 });
        let text = r.to_json().replace("]", ",{\"name\":1}]");
        s.set(RECORDS, &text).unwrap();
        let read = s.read_records().unwrap();
        assert_eq!((read.records.list("sudoku/standard").len(), read.dropped, read.unreadable), (1, 1, false));
        s.set(RECORDS, "kaputt").unwrap();
        let read = s.read_records().unwrap();
        assert!(read.unreadable && read.records.lists.is_empty());
        s.write_records(&r).unwrap();
        assert_eq!(s.get(RECORDS_UNREADABLE).unwrap().as_deref(), Some("kaputt"), "the old text is kept aside");
    }

    /// Every unreadable text is kept, each under its own key; the same text once.
    #[test]
    fn a_second_unreadable_store_is_kept_beside_the_first() {
        let map = Map::default();
        let s = Saves::new(&map, "/");
        let r = Records::default();
        for garbage in ["kaputt", "auch kaputt", "kaputt", "[7]"] {
            s.set(RECORDS, garbage).unwrap();
            assert!(s.read_records().unwrap().unreadable, "{garbage}");
            s.write_records(&r).unwrap();
        }
        let kept = |key: &str| s.get(key).unwrap();
        assert_eq!(kept(RECORDS_UNREADABLE).as_deref(), Some("kaputt"));
        assert_eq!(kept("records.unreadable.2").as_deref(), Some("auch kaputt"));
        assert_eq!(kept("records.unreadable.3").as_deref(), Some("[7]"));
        assert_eq!(kept("records.unreadable.4"), None, "the same text is not kept twice");
        // Settings and players the same way, each under its own name.
        s.set(SETTINGS, "{\"lang\":").unwrap();
        s.move_aside(SETTINGS, "{\"lang\":").unwrap();
        assert_eq!(kept("settings.unreadable").as_deref(), Some("{\"lang\":"));
        assert_eq!(kept(SETTINGS), None, "the name is free for new settings");
    }
}
