//! Finished games in the archive: one identity however a game arrives (its record, a named
//! save, an exported file, a backup), kept before anything of it is deleted, never written
//! over a different game; and an earlier state of a game that went further marked as a
//! take-back when it is loaded.

use super::{checksum, Saves, Store, StoreError, WriteError, ARCHIVE, GAME, SLOT};
use crate::session::{self, AnySession, SaveMeta};

/// A finished game's identity: its content (kind, rules, options, seed, seats, log, hints,
/// take-backs) without how a copy was kept (name, time, id, revision). Every copy of one game
/// (archived under its id, a named save, an exported file, a backup's entry) has the same, two
/// different games different ones. The one identity of the archive, the statistics and the
/// backup merge; `None` only when the game cannot be written (never with the engines' data).
pub fn finished_identity(game: &AnySession) -> Option<String> {
    session::to_json(game, SaveMeta { name: "", saved_at: 0.0, id: "", rev: 0 }).ok()
}

/// How a finished game is in the archive now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kept {
    /// Written now, under this key.
    Added(String),
    /// Its content was there already, under this key: nothing was written.
    AlreadyHere(String),
}

impl Kept {
    pub fn key(&self) -> &str {
        match self {
            Kept::Added(key) | Kept::AlreadyHere(key) => key,
        }
    }
}

/// The `n`th archive key made from a game's content (`n` > 0 only when an earlier one is taken
/// by something else): 16 hex digits, like the app's ids.
fn content_key(identity: &str, n: u64) -> String {
    let h = checksum(identity);
    let h = if n == 0 {
        h
    } else {
        n.to_le_bytes().iter().fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
    };
    format!("{h:016x}")
}

impl<S: Store> Saves<S> {
    fn archive_key(&self, key: &str) -> String {
        self.key(&format!("{ARCHIVE}{key}"))
    }

    /// Calls `found` with each stored record under `prefix` (its name after the prefix, and
    /// the game) that may be a copy of the game dealt from `seed`: texts without the seed's
    /// digits are not even parsed (most of a long archive), unreadable ones are skipped.
    fn each_of_seed(&self, prefix: &str, seed: u64, mut found: impl FnMut(&str, AnySession)) -> Result<(), StoreError> {
        let (full, digits) = (self.key(prefix), seed.to_string());
        for key in self.store.keys()? {
            let Some(name) = key.strip_prefix(&full) else { continue };
            let Some(text) = self.store.get(&key)?.filter(|t| t.contains(&digits)) else { continue };
            if let Ok(save) = session::from_json(&text) {
                found(name, save.session);
            }
        }
        Ok(())
    }

    /// The archive key holding a game of this `identity` (dealt from `seed`), if any.
    fn archived_as(&self, identity: &str, seed: u64) -> Result<Option<String>, StoreError> {
        let mut at = None;
        self.each_of_seed(ARCHIVE, seed, |key, game| {
            if at.is_none() && finished_identity(&game).as_deref() == Some(identity) {
                at = Some(key.to_string());
            }
        })?;
        Ok(at)
    }

    /// Keeps the finished game `game` in the archive, known elsewhere as game `id` ("" or any
    /// text when it has none): the same content anywhere in the archive is already here
    /// (however it came: its record, a named save, a file); else it goes under `id`, or, when
    /// that is taken by another game (or is no id), under a key made from its content. Never
    /// written over another entry.
    pub fn keep_finished(&self, id: &str, game: &AnySession, saved_at: f64) -> Result<Kept, WriteError> {
        let identity = finished_identity(game).ok_or(WriteError::Encode)?;
        let seed = game.seed();
        let own = super::is_game_id(id).then_some(id);
        let own_free = match own {
            Some(id) => match self.store.get(&self.archive_key(id))? {
                None => true,
                Some(text) if same_game(&text, &identity) => return Ok(Kept::AlreadyHere(id.to_string())),
                Some(_) => false,
            },
            None => false,
        };
        if let Some(key) = self.archived_as(&identity, seed)? {
            return Ok(Kept::AlreadyHere(key));
        }
        let key = match own.filter(|_| own_free) {
            Some(id) => id.to_string(),
            None => self.free_content_key(&identity)?,
        };
        let header_id = own.unwrap_or(&key);
        let json = session::to_json(game, SaveMeta { name: "Archiv", saved_at, id: header_id, rev: 1 })
            .map_err(|_| WriteError::Encode)?;
        self.store.set(&self.archive_key(&key), &json)?;
        Ok(Kept::Added(key))
    }

    /// The first key made from `identity` that no archive entry uses.
    fn free_content_key(&self, identity: &str) -> Result<String, StoreError> {
        // Taken keys are other games (the same one was looked for first): a handful at most.
        for n in 0..1000 {
            let key = content_key(identity, n);
            if self.store.get(&self.archive_key(&key))?.is_none() {
                return Ok(key);
            }
        }
        Err(StoreError::Failed)
    }

    /// Removes the finished games' records other than `id`'s from the running games, each only
    /// once its content is in the archive (kept there now if it is missing; a record that
    /// cannot be kept stays).
    pub(super) fn retire_finished_records(&self, id: &str) -> Result<(), StoreError> {
        for other in self.games()? {
            let Ok(save) = &other.save else { continue };
            if !save.header.finished || other.name == id {
                continue;
            }
            if self.keep_finished(&other.name, &save.session, save.header.saved_at).is_ok() {
                self.store.remove(&self.game_key(&other.name))?;
            }
        }
        Ok(())
    }

    /// How many take-backs the stored copies of `game` that went further had seen (the most
    /// of them), if any went further: a running game, a named save or a finished game of the
    /// same start whose log goes on from `game`'s ([`AnySession::is_earlier_state_of`]).
    pub fn seen_further(&self, game: &AnySession) -> Result<Option<u64>, StoreError> {
        let mut seen: Option<u64> = None;
        for prefix in [GAME, SLOT, ARCHIVE] {
            self.each_of_seed(prefix, game.seed(), |_, other| {
                if game.is_earlier_state_of(&other) {
                    seen = seen.max(Some(other.takebacks_made()));
                }
            })?;
        }
        Ok(seen)
    }

    /// Marks `game` (a named save being loaded, another tab's older copy being kept) as taken
    /// back when a stored copy of it went further ([`Session::mark_rewound`]): its moves from
    /// here were seen. `true` when it was marked.
    ///
    /// [`Session::mark_rewound`]: crate::session::Session::mark_rewound
    pub fn mark_if_rewound(&self, game: &mut AnySession) -> Result<bool, StoreError> {
        Ok(match self.seen_further(game)? {
            Some(seen) => {
                game.mark_rewound(seen);
                true
            }
            None => false,
        })
    }
}

/// Whether the stored `text` is a game of this `identity`.
fn same_game(text: &str, identity: &str) -> bool {
    session::from_json(text).is_ok_and(|save| finished_identity(&save.session).as_deref() == Some(identity))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game;
    use crate::saves::tests::{finished, game};
    use crate::saves::{MemoryStore, Stamp, StoreError};
    use crate::stats::played_once;

    fn archived_keys<S: Store>(s: &Saves<S>) -> Vec<String> {
        let mut keys: Vec<String> = s.archive().unwrap().into_iter().map(|e| e.name).collect();
        keys.sort();
        keys
    }

    fn archive_stats<S: Store>(s: &Saves<S>) -> usize {
        let entries = s.archive().unwrap();
        played_once(entries.iter().filter_map(|e| e.save.as_ref().ok())).len()
    }

    /// Storage full at a game's end: nothing of the finished game is written (said as "not
    /// kept"), and the record before the last move stays; the next game's end deletes nothing
    /// that is not in the archive.
    #[test]
    fn a_finished_game_is_archived_with_its_record_or_not_at_all() {
        let store = MemoryStore::default();
        let s = Saves::new(&store, "/");
        let before = s.write_game("aa", Stamp::NEW, &game(5, 3), 1.0).unwrap();
        *store.refuse.borrow_mut() = Some("archive.".into());
        assert_eq!(s.write_game("aa", before, &finished(5), 2.0), Err(WriteError::NotKept(StoreError::Full)));
        let kept = s.read_game("aa").unwrap().unwrap().unwrap();
        assert!(!kept.header.finished, "the record is not written without its archive entry");
        assert!(s.archive().unwrap().is_empty());
        *store.refuse.borrow_mut() = None;
        assert!(s.write_game("aa", before, &finished(5), 3.0).is_ok(), "kept when there is room again");
        assert_eq!(archived_keys(&s), ["aa"]);
    }

    /// A finished record the archive lacks (a build before this one, a merge) leaves the running
    /// games only once it is in the archive.
    #[test]
    fn no_finished_record_goes_before_its_archive_entry_is_written() {
        let store = MemoryStore::default();
        let s = Saves::new(&store, "/");
        let json = session::to_json(&finished(6), SaveMeta { name: "Autosave", saved_at: 1.0, id: "bb", rev: 1 });
        store.data.borrow_mut().insert(s.game_key("bb"), json.unwrap());
        s.write_game("cc", Stamp::NEW, &game(7, 2), 2.0).unwrap();
        let cc = s.read_game_stamped("cc").unwrap().unwrap().unwrap().1;
        // The archive takes "cc" under its id, but nothing under another key: "bb" cannot go.
        *store.refuse.borrow_mut() = Some("archive.bb".into());
        s.write_game("cc", cc, &finished(7), 3.0).unwrap();
        assert!(s.read_game("bb").unwrap().is_some(), "not archived: its record stays");
        *store.refuse.borrow_mut() = None;
        let cc = s.read_game_stamped("cc").unwrap().unwrap().unwrap().1;
        s.write_game("cc", cc, &finished(7), 4.0).unwrap();
        assert!(s.read_game("bb").unwrap().is_none(), "archived now, so its record went");
        assert_eq!(archived_keys(&s), ["bb", "cc"]);
        assert_eq!(s.games().unwrap().len(), 1);
    }

    /// A finished game saved under a name (no id, as named saves were written) and imported
    /// from that file is the game already archived under its id: kept once, counted once.
    #[test]
    fn a_finished_game_arriving_by_a_named_save_is_already_here() {
        let map = crate::saves::tests::Map::default();
        let s = Saves::new(&map, "/");
        s.write_game("dd", Stamp::NEW, &finished(8), 1.0).unwrap();
        s.write_slot("Abend", &finished(8), 2.0).unwrap();
        let file = s.read_slot("Abend").unwrap().unwrap().unwrap();
        assert_eq!(s.keep_finished(&file.header.id, &file.session, 2.0), Ok(Kept::AlreadyHere("dd".into())));
        assert_eq!(archived_keys(&s), ["dd"]);
        // And a named save of the game now carries its id.
        s.save_as("Abend 2", "dd", &finished(8), 3.0).unwrap();
        let named = s.read_slot("Abend 2").unwrap().unwrap().unwrap();
        assert_eq!(named.header.id, "dd");
        assert_eq!(s.keep_finished(&named.header.id, &named.session, 3.0), Ok(Kept::AlreadyHere("dd".into())));
        assert_eq!(archive_stats(&s), 1);
    }

    /// Two archive entries of the same game (kept so by an earlier build) count once.
    #[test]
    fn the_statistics_count_a_game_kept_twice_once() {
        let map = crate::saves::tests::Map::default();
        let s = Saves::new(&map, "/");
        s.write_game("ee", Stamp::NEW, &finished(9), 1.0).unwrap();
        let again = session::to_json(&finished(9), SaveMeta { name: "Archiv", saved_at: 2.0, id: "ff", rev: 1 });
        map.data.borrow_mut().insert(s.key("archive.ff"), again.unwrap());
        s.write_game("9a", Stamp::NEW, &finished(10), 3.0).unwrap();
        assert_eq!(s.archive().unwrap().len(), 3);
        assert_eq!(archive_stats(&s), 2, "the game kept twice counts once");
    }

    /// A different finished game under an archived game's id (an import, another device's
    /// finish) is kept beside it under a key from its content, never over it; its own import
    /// again is already here.
    #[test]
    fn a_different_game_under_the_same_id_is_kept_beside() {
        let map = crate::saves::tests::Map::default();
        let s = Saves::new(&map, "/");
        s.write_game("ab", Stamp::NEW, &finished(11), 1.0).unwrap();
        let original = s.archived("ab").unwrap();
        let other = finished(12);
        let kept = s.keep_finished("ab", &other, 2.0).unwrap();
        assert_eq!(kept, Kept::Added(crate::saves::fingerprint(&other)));
        assert_eq!(s.archived("ab").unwrap(), original, "the archived game is not overwritten");
        assert_eq!(s.keep_finished("ab", &other, 3.0), Ok(Kept::AlreadyHere(kept.key().into())));
        assert_eq!(s.archive().unwrap().len(), 2);
        // Finishing a game whose id the archive holds with another finish keeps both too.
        let third = finished(13);
        s.write_game("ab", s.read_game_stamped("ab").unwrap().unwrap().unwrap().1, &third, 4.0).unwrap();
        assert_eq!(s.archive().unwrap().len(), 3);
        assert_eq!(s.archived("ab").unwrap(), original);
        assert_eq!(archive_stats(&s), 3);
    }

    /// A named save loaded after its game went on is that game taken back, and so is another
    /// tab's older copy kept as its own game; a save of where the game still is, or of another
    /// game, is not.
    #[test]
    fn an_earlier_state_of_a_game_that_went_further_is_marked() {
        let map = crate::saves::tests::Map::default();
        let s = Saves::new(&map, "/");
        let at3 = s.write_game("1b", Stamp::NEW, &game(14, 3), 1.0).unwrap();
        s.save_as("Abend", "1b", &game(14, 3), 1.0).unwrap();
        let mut slot = s.read_slot("Abend").unwrap().unwrap().unwrap().session;
        assert_eq!(s.mark_if_rewound(&mut slot), Ok(false), "the game is where the save is");
        s.write_game("1b", at3, &game(14, 6), 2.0).unwrap();
        assert_eq!(s.mark_if_rewound(&mut slot), Ok(true), "the game went on since");
        assert_eq!(slot.takebacks_made(), 1);
        assert_eq!(slot.log_len(), 3);
        let mut other = game(15, 3);
        assert_eq!(s.mark_if_rewound(&mut other), Ok(false), "another deal");
        // Played on to its end and archived, it counts as a game with take-backs.
        let crate::session::AnySession::Just4Fun(mut on) = slot else { unreachable!() };
        while let Some(mv) = on.state.legal_moves().into_iter().next() {
            on.play(&mv).unwrap();
        }
        s.write_game("2c", Stamp::NEW, &crate::session::AnySession::Just4Fun(on), 3.0).unwrap();
        let entry = s.archive().unwrap().into_iter().find(|e| e.name == "2c").unwrap();
        let played = crate::stats::Played::of(entry.save.as_ref().unwrap()).unwrap();
        assert!(played.takebacks, "counted with take-backs");
    }
}
