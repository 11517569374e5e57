//! What a deployment's store holds, as a backup's merge must keep it ([`Content`]), and the
//! records a merge compares, read once per merge ([`Held`]).
//!
//! A game is told by its content: which game, its seats, options, seed, log, take-backs and
//! hints ([`content_of`]), never by the key, name, time or revision of the record that holds
//! it. On that content a merge is a join (`backup::merge`): commutative, associative and
//! idempotent, losing nothing of either side. Pure; tests/store_model.rs drives the real
//! storage code through random histories on several devices and checks it.

use crate::records::{Record, Records, KEEP};
use crate::saves::{checksum, Saves, Store, StoreError, FAMILY, RECORDS};
use crate::session::{self, AnySession, Save, Seat};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;

pub(crate) const GAME: &str = "game.";
pub(crate) const SLOT: &str = "slot.";
pub(crate) const ARCHIVE: &str = "archive.";

/// A game's content as compared: [`crate::saves::finished_identity`], the one identity of a
/// game however a copy of it was kept.
pub fn content_of(game: &AnySession) -> String {
    crate::saves::finished_identity(game).unwrap_or_default()
}

/// Which kind of game record an entry is, by its name's prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `game.<id>`: a running game's record (the last finished one also stays one).
    Running,
    /// `slot.<name>`: a named save.
    Named,
    /// `archive.<id>`: a finished game.
    Finished,
}

impl Kind {
    pub(crate) fn of(name: &str) -> Option<Kind> {
        [(GAME, Kind::Running), (SLOT, Kind::Named), (ARCHIVE, Kind::Finished)]
            .into_iter()
            .find_map(|(prefix, kind)| name.starts_with(prefix).then_some(kind))
    }
}

/// A readable game record as a merge compares it.
#[derive(Clone, Debug)]
pub(crate) struct Held {
    /// The entry's name (its key without the deployment's prefix).
    pub name: String,
    pub kind: Kind,
    /// The running game the record belongs to: the id it names, else the one in its key.
    pub id: String,
    /// The name it was saved under (a named save's own name, whatever key holds it).
    pub label: String,
    pub content: String,
    pub session: AnySession,
}

impl Held {
    /// The record `text` stored as `name`; `None` when it is no game record or unreadable.
    pub(crate) fn read(name: &str, text: &str) -> Option<Held> {
        let kind = Kind::of(name)?;
        let Save { header, session } = session::from_json(text).ok()?;
        let key_id = name.split_once('.').map_or("", |(_, rest)| rest);
        let id = if header.id.is_empty() { key_id.to_string() } else { header.id };
        Some(Held { name: name.to_string(), kind, id, label: header.name, content: content_of(&session), session })
    }

    /// Whether `other` is a record of the same thing: the same running game, a named save of
    /// the same name, or (any two) finished games.
    pub(crate) fn same_place(&self, other: &Held) -> bool {
        self.kind == other.kind
            && match self.kind {
                Kind::Running => self.id == other.id,
                Kind::Named => self.label == other.label,
                Kind::Finished => true,
            }
    }

    /// Whether this record holds all `other` does: the same content, or (a running game) the
    /// same game played on from it ([`AnySession::continues`]).
    pub(crate) fn covers(&self, other: &Held) -> bool {
        self.same_place(other)
            && (self.content == other.content || (self.kind == Kind::Running && self.session.continues(&other.session)))
    }
}

/// Every readable game record, named save and finished game of `saves`.
pub(crate) fn read_all<S: Store>(saves: &Saves<S>) -> Result<Vec<Held>, StoreError> {
    read_all_with(saves, &mut Memo::default())
}

/// Records read before, by entry name and text: the same record is read once (the model test
/// reads many copies of the same stores).
#[derive(Default)]
pub struct Memo(HashMap<(String, String), Option<Held>>);

fn read_all_with<S: Store>(saves: &Saves<S>, memo: &mut Memo) -> Result<Vec<Held>, StoreError> {
    let mut held = Vec::new();
    for key in saves.store.keys()? {
        let Some(name) = key.strip_prefix(saves.scope()) else { continue };
        if Kind::of(name).is_none() {
            continue;
        }
        if let Some(text) = saves.store.get(&key)? {
            let read = memo.0.entry((name.to_string(), text)).or_insert_with_key(|(name, text)| Held::read(name, text));
            held.extend(read.clone());
        }
    }
    Ok(held)
}

/// A key for `text` kept beside what holds `wanted`, made from the content (`seed`) alone so
/// the same record merged twice lands on the same key; `taken` says which keys are in use.
pub(crate) fn beside_key(prefix: &str, seed: &str, taken: impl Fn(&str) -> bool) -> String {
    (0u32..)
        .map(|n| {
            let salted = if n == 0 { seed.to_string() } else { format!("{seed}\n{n}") };
            format!("{prefix}{:016x}", checksum(&salted))
        })
        .find(|key| !taken(key))
        .unwrap_or_default()
}

/// One high score as a set holds it: best first, then the earlier, then by name (a total
/// order, so the kept ten are the same whichever list came first).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Ranked {
    pub best: std::cmp::Reverse<u32>,
    pub at: u64,
    pub name: String,
}

impl Ranked {
    pub fn of(record: &Record) -> Ranked {
        Ranked { best: std::cmp::Reverse(record.score), at: record.at, name: record.name.clone() }
    }
    pub fn record(&self) -> Record {
        Record { name: self.name.clone(), score: self.best.0, at: self.at }
    }
}

/// The lists of `a` and `b` joined: per list the best [`KEEP`] of both.
pub fn join_records(a: &Records, b: &Records) -> Records {
    let mut joined = Records::default();
    for (list, entries) in a.lists.iter().chain(&b.lists) {
        let set: BTreeSet<Ranked> = entries.iter().map(Ranked::of).collect();
        let kept = joined.lists.entry(list.clone()).or_default();
        let all: BTreeSet<Ranked> = kept.iter().map(Ranked::of).chain(set).collect();
        *kept = all.iter().take(KEEP).map(Ranked::record).collect();
    }
    joined
}

/// What a store holds that a merge must keep, by content.
#[derive(Clone, Default)]
pub struct Content {
    /// Per running game (its id): the records of it that no other record of it continues.
    pub games: BTreeMap<String, BTreeMap<String, AnySession>>,
    /// The finished games.
    pub finished: BTreeMap<String, AnySession>,
    /// Named saves: the name each was saved under, and its content.
    pub named: BTreeSet<(String, String)>,
    /// The family's names.
    pub family: BTreeSet<String>,
    /// The high scores, per list.
    pub records: BTreeMap<String, BTreeSet<Ranked>>,
}

/// The content of the store `saves`.
pub fn content<S: Store>(saves: &Saves<S>) -> Result<Content, StoreError> {
    content_with(saves, &mut Memo::default())
}

/// [`content`], reading each record not in `memo` yet (and keeping it there).
pub fn content_with<S: Store>(saves: &Saves<S>, memo: &mut Memo) -> Result<Content, StoreError> {
    let mut all = Content::default();
    for held in read_all_with(saves, memo)? {
        match held.kind {
            Kind::Running => {
                all.games.entry(held.id).or_default().insert(held.content, held.session);
            }
            Kind::Named => {
                all.named.insert((held.label, held.content));
            }
            Kind::Finished => {
                all.finished.insert(held.content, held.session);
            }
        }
    }
    for histories in all.games.values_mut() {
        *histories = latest(std::mem::take(histories));
    }
    if let Some(text) = saves.get(FAMILY)? {
        let family: Vec<Seat> = serde_json::from_str(&text).unwrap_or_default();
        all.family = family.into_iter().map(|s| s.name).collect();
    }
    if let Some((records, _)) = saves.get(RECORDS)?.and_then(|text| Records::from_json(&text).ok()) {
        all.records = ranked(&records);
    }
    Ok(all)
}

fn ranked(records: &Records) -> BTreeMap<String, BTreeSet<Ranked>> {
    records.lists.iter().map(|(list, entries)| (list.clone(), entries.iter().map(Ranked::of).collect())).collect()
}

/// The histories no other continues.
fn latest(histories: BTreeMap<String, AnySession>) -> BTreeMap<String, AnySession> {
    let kept: Vec<String> = histories
        .iter()
        .filter(|(c, s)| !histories.iter().any(|(d, t)| d != *c && t.continues(s)))
        .map(|(c, _)| c.clone())
        .collect();
    histories.into_iter().filter(|(c, _)| kept.contains(c)).collect()
}

impl Content {
    /// The least content holding all of `self` and `other`: what merging their stores gives.
    pub fn join(&self, other: &Content) -> Content {
        let mut games = self.games.clone();
        for (id, histories) in &other.games {
            let mine = games.entry(id.clone()).or_default();
            mine.extend(histories.iter().map(|(c, s)| (c.clone(), s.clone())));
            *mine = latest(std::mem::take(mine));
        }
        let mut finished = self.finished.clone();
        finished.extend(other.finished.iter().map(|(c, s)| (c.clone(), s.clone())));
        let to_records = |r: &BTreeMap<String, BTreeSet<Ranked>>| Records {
            lists: r.iter().map(|(l, set)| (l.clone(), set.iter().map(Ranked::record).collect())).collect(),
        };
        Content {
            games,
            finished,
            named: self.named.union(&other.named).cloned().collect(),
            family: self.family.union(&other.family).cloned().collect(),
            records: ranked(&join_records(&to_records(&self.records), &to_records(&other.records))),
        }
    }

    /// Where `self` and `other` differ, in words (empty when they are equal).
    pub fn differences(&self, other: &Content) -> Vec<String> {
        let mut said = Vec::new();
        let ids: BTreeSet<&String> = self.games.keys().chain(other.games.keys()).collect();
        for id in ids {
            let keys = |c: &Content| c.games.get(id).map(|h| h.keys().map(|k| short(k)).collect::<Vec<_>>());
            if keys(self) != keys(other) {
                said.push(format!("game {id}: {:?} against {:?}", keys(self), keys(other)));
            }
        }
        let finished = |c: &Content| c.finished.keys().map(|k| short(k)).collect::<Vec<_>>();
        if finished(self) != finished(other) {
            said.push(format!("finished: {:?} against {:?}", finished(self), finished(other)));
        }
        let named = |c: &Content| c.named.iter().map(|(n, k)| format!("{n}={}", short(k))).collect::<Vec<_>>();
        if named(self) != named(other) {
            said.push(format!("named: {:?} against {:?}", named(self), named(other)));
        }
        if self.family != other.family {
            said.push(format!("family: {:?} against {:?}", self.family, other.family));
        }
        if self.records != other.records {
            said.push(format!("records: {:?} against {:?}", self.records, other.records));
        }
        said
    }
}

impl PartialEq for Content {
    fn eq(&self, other: &Content) -> bool {
        self.differences(other).is_empty()
    }
}

/// A content's short name in messages: its checksum.
pub fn short(content: &str) -> String {
    format!("{:08x}", checksum(content) >> 32)
}

impl fmt::Debug for Content {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let games: BTreeMap<&String, Vec<String>> =
            self.games.iter().map(|(id, h)| (id, h.keys().map(|k| short(k)).collect())).collect();
        f.debug_struct("Content")
            .field("games", &games)
            .field("finished", &self.finished.keys().map(|k| short(k)).collect::<Vec<_>>())
            .field("named", &self.named.iter().map(|(n, k)| format!("{n}={}", short(k))).collect::<Vec<_>>())
            .field("family", &self.family)
            .field("records", &self.records)
            .finish()
    }
}
