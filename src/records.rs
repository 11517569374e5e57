//! Solo high-score lists ("Bestenliste"): the best results kept on the device, one list per
//! variant. Pure data and rules; the UI stores the JSON in localStorage.

use crate::engine::sudoku::Scoring;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::collections::BTreeMap;

/// Entries kept per list.
pub const KEEP: usize = 10;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub name: String,
    pub score: u32,
    /// Milliseconds since the Unix epoch, as whole milliseconds.
    pub at: u64,
}

/// The stored high scores are not a JSON object at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotAnObject;

/// All lists, keyed by variant id (e.g. "sudoku/standard"). Written as the map itself
/// (`transparent`: the same JSON `flatten` wrote, without serde's flattening machinery).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Records {
    pub lists: BTreeMap<String, Vec<Record>>,
}

impl Records {
    /// Reads stored lists entry by entry: a bad entry (or a list that is not a list) is dropped
    /// and counted, every valid one kept. `Err` only when the text is not a JSON object at all,
    /// so that nothing valid is ever thrown away with a bad neighbour. What the app could never
    /// have written is dropped too ([`Records::read`]).
    pub fn from_json(text: &str) -> Result<(Records, usize), NotAnObject> {
        Records::read(text).map(|(records, dropped)| (records, dropped.len()))
    }

    /// [`from_json`](Self::from_json), with each dropped entry and why: unreadable, or what the
    /// app never writes (a list of no game it has, a score its game cannot reach, more than
    /// [`KEEP`] entries in a list), so a crafted list cannot push genuine results off.
    pub fn read(text: &str) -> Result<(Records, Vec<Dropped>), NotAnObject> {
        let raw: BTreeMap<String, Box<RawValue>> = serde_json::from_str(text).map_err(|_| NotAnObject)?;
        let mut records = Records::default();
        let mut dropped = Vec::new();
        for (variant, list) in raw {
            let Ok(entries) = serde_json::from_str::<Vec<Box<RawValue>>>(list.get()) else {
                dropped.push(Dropped::Unreadable { list: variant });
                continue;
            };
            let Some(best) = best_possible(&variant) else {
                dropped.extend(entries.iter().map(|_| Dropped::NoSuchList { list: variant.clone() }));
                continue;
            };
            let mut kept: Vec<Record> = Vec::with_capacity(entries.len());
            for entry in entries {
                match serde_json::from_str::<Record>(entry.get()) {
                    Ok(record) if record.score > best => {
                        dropped.push(Dropped::Unreachable { list: variant.clone(), score: record.score, best })
                    }
                    Ok(mut record) => {
                        record.name = crate::session::clean_name(&record.name);
                        kept.push(record);
                    }
                    Err(_) => dropped.push(Dropped::Unreadable { list: variant.clone() }),
                }
            }
            sort(&mut kept);
            dropped.extend(kept.iter().skip(KEEP).map(|_| Dropped::BeyondKeep { list: variant.clone() }));
            kept.truncate(KEEP);
            if !kept.is_empty() {
                records.lists.insert(variant, kept);
            }
        }
        Ok((records, dropped))
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".into())
    }

    pub fn list(&self, variant: &str) -> &[Record] {
        self.lists.get(variant).map_or(&[], Vec::as_slice)
    }

    /// Adds a result; its 0-based place when it made the list, `None` when it did not.
    pub fn add(&mut self, variant: &str, record: Record) -> Option<usize> {
        let list = self.lists.entry(variant.to_string()).or_default();
        list.push(record.clone());
        sort(list);
        list.truncate(KEEP);
        list.iter().position(|r| *r == record)
    }
}

/// A high-score entry [`Records::read`] did not keep, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dropped {
    /// Not a record (or its list is not a list).
    Unreadable { list: String },
    /// A list of a game the app does not have.
    NoSuchList { list: String },
    /// More points than a game of the list can score.
    Unreachable { list: String, score: u32, best: u32 },
    /// Past the [`KEEP`] best of its list.
    BeyondKeep { list: String },
}

/// The high-score lists there are: solo Sudoku under each scoring.
pub const LISTS: [(&str, Scoring); 2] = [("sudoku/standard", Scoring::Standard), ("sudoku/simple", Scoring::Simple)];

/// The most points a result on `list` can have; `None` for a list there is not.
pub fn best_possible(list: &str) -> Option<u32> {
    LISTS.iter().find(|(name, _)| *name == list).map(|&(_, scoring)| best_sudoku(scoring))
}

/// The most points a solo Sudoku game can score under `scoring`. A tile laid scores one point
/// per tile already lying on a field it counts, and fields count each other both ways, so every
/// pair of such fields scores at most once in a game: the bound is the number of pairs (810
/// under the standard scoring: block, row and column; 648 under the simple one: row and column).
fn best_sudoku(scoring: Scoring) -> u32 {
    use crate::engine::sudoku::{block, col, row, CELLS};
    let counts = |a: usize, b: usize| {
        let line = row(a) == row(b) || col(a) == col(b);
        a < b && (line || (scoring == Scoring::Standard && block(a) == block(b)))
    };
    let pairs = (0..CELLS).flat_map(|a| (0..CELLS).map(move |b| (a, b))).filter(|&(a, b)| counts(a, b)).count();
    u32::try_from(pairs).unwrap_or(u32::MAX)
}

/// Best first; on equal scores the earlier result ranks higher (it was there first).
fn sort(list: &mut [Record]) {
    crate::engine::sort::sort_stable_by(list, |a, b| b.score.cmp(&a.score).then(a.at.cmp(&b.at)));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(score: u32, at: u64) -> Record {
        Record { name: format!("p{at}"), score, at }
    }

    #[test]
    fn best_first_and_only_ten_kept() {
        let mut r = Records::default();
        for (i, score) in [50, 120, 80, 80, 10, 200, 95, 60, 70, 90, 100, 30].into_iter().enumerate() {
            r.add("sudoku/standard", rec(score, i as u64));
        }
        let scores: Vec<u32> = r.list("sudoku/standard").iter().map(|x| x.score).collect();
        assert_eq!(scores, vec![200, 120, 100, 95, 90, 80, 80, 70, 60, 50]);
        // The earlier of two equal scores ranks first.
        assert_eq!(r.list("sudoku/standard")[5].at, 2);
        assert!(r.list("sudoku/simple").is_empty());
    }

    #[test]
    fn add_reports_the_place() {
        let mut r = Records::default();
        assert_eq!(r.add("v", rec(100, 1)), Some(0));
        assert_eq!(r.add("v", rec(150, 2)), Some(0));
        assert_eq!(r.add("v", rec(120, 3)), Some(1));
        for i in 0..10 {
            r.add("v", rec(500, 10 + i));
        }
        // A full list of better results: a low score does not make it.
        assert_eq!(r.add("v", rec(90, 99)), None);
        // Variants are separate lists.
        assert_eq!(r.add("w", rec(1, 1)), Some(0));
    }

    #[test]
    fn lists_are_written_as_one_object_keyed_by_variant() {
        let mut r = Records::default();
        assert_eq!(r.to_json(), "{}");
        r.add("sudoku/simple", rec(77, 5));
        let expected = format!(r#"{{"sudoku/simple":[{{"name":"{}","score":77,"at":5}}]}}"#, rec(77, 5).name);
        assert_eq!(r.to_json(), expected);
    }

    #[test]
    fn stored_lists_round_trip_and_garbage_is_an_error() {
        let mut r = Records::default();
        r.add("sudoku/simple", rec(77, 5));
        let back = Records::from_json(&r.to_json()).unwrap();
        assert_eq!(back, (r, 0));
        assert!(Records::from_json("not json").is_err());
        assert!(Records::from_json("[1, 2]").is_err());
    }

    #[test]
    fn a_bad_entry_loses_only_itself() {
        let mut r = Records::default();
        r.add("sudoku/standard", rec(120, 1));
        r.add("sudoku/standard", rec(80, 2));
        r.add("sudoku/simple", rec(40, 3));
        let good = r.to_json();
        // One entry with a negative score, one that is not an object, one list that is no list.
        let bad = good
            .replacen("{\"name\":\"p2\",\"score\":80,\"at\":2}", "{\"name\":\"p2\",\"score\":-80,\"at\":2},7", 1)
            .replacen("{", "{\"other/list\":3,", 1);
        assert_ne!(bad, good, "the test must really damage the text");
        let (back, dropped) = Records::from_json(&bad).unwrap();
        assert_eq!(dropped, 3);
        assert_eq!(back.list("sudoku/standard"), &[rec(120, 1)]);
        assert_eq!(back.list("sudoku/simple"), &[rec(40, 3)]);
        assert!(back.list("other/list").is_empty());
    }

    /// What the app never writes is dropped by name: a score above the best a game can reach, a
    /// list of no game, more than KEEP entries; a genuine result stays on its list.
    #[test]
    fn what_the_app_never_writes_is_dropped() {
        let entry = |score: u32, at: u64| format!(r#"{{"name":"p{at}","score":{score},"at":{at}}}"#);
        let eleven: Vec<String> = (0..12).map(|i| entry(100 + i, i.into())).collect();
        let text = format!(
            r#"{{"sudoku/standard":[{},{}],"sudoku/simple":[{},{}],"schach/solo":[{}],"sudoku/x":[{}]}}"#,
            entry(900, 1),
            entry(700, 2),
            entry(700, 3),
            eleven.join(","),
            entry(5, 4),
            entry(6, 5)
        );
        let (records, dropped) = Records::read(&text).unwrap();
        assert_eq!(records.list("sudoku/standard"), &[rec(700, 2)], "700 can be reached, 900 cannot");
        let simple: Vec<u32> = records.list("sudoku/simple").iter().map(|r| r.score).collect();
        assert_eq!(simple, (102..112).rev().collect::<Vec<u32>>(), "the ten best; 700 cannot be reached");
        assert!(records.list("schach/solo").is_empty() && records.lists.len() == 2);
        let list = |l: &str| l.to_string();
        assert_eq!(
            dropped,
            [
                Dropped::NoSuchList { list: list("schach/solo") },
                Dropped::Unreachable { list: list("sudoku/simple"), score: 700, best: 648 },
                Dropped::BeyondKeep { list: list("sudoku/simple") },
                Dropped::BeyondKeep { list: list("sudoku/simple") },
                Dropped::Unreachable { list: list("sudoku/standard"), score: 900, best: 810 },
                Dropped::NoSuchList { list: list("sudoku/x") },
            ]
        );
        assert_eq!(Records::from_json(&text).unwrap().1, 6);
    }

    /// The bound is one the game keeps: solo games played to their end with the most points
    /// at every tile never pass it.
    #[test]
    fn no_solo_game_passes_the_best_possible() {
        use crate::engine::sudoku::{Move, Options, Sudoku};
        use crate::engine::Game;
        for (list, scoring) in LISTS {
            let best = best_possible(list).unwrap();
            assert_eq!(best, if scoring == Scoring::Standard { 810 } else { 648 });
            for seed in 0..20 {
                let options = Options { scoring, ..Options::default() };
                let mut game = Sudoku::new(1, options, seed).unwrap();
                while game.outcome().is_none() {
                    let moves = game.legal_moves();
                    let points = |m: &Move| if let Move::Place { cell } = m { game.points_at(*cell) } else { 0 };
                    let Some(greedy) = moves.iter().max_by_key(|m| points(m)) else { break };
                    game.apply(greedy).unwrap();
                }
                assert!(game.score(0) <= best, "{list}, seed {seed}: {} > {best}", game.score(0));
                assert!(game.score(0) > best / 4, "a real game, not an empty one: {}", game.score(0));
            }
        }
    }
}
