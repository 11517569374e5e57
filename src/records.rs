//! Solo high-score lists ("Bestenliste"): the best results kept on the device, one list per
//! variant. Pure data and rules; the UI stores the JSON in localStorage.

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
    /// so that nothing valid is ever thrown away with a bad neighbour.
    pub fn from_json(text: &str) -> Result<(Records, usize), NotAnObject> {
        let raw: BTreeMap<String, Box<RawValue>> = serde_json::from_str(text).map_err(|_| NotAnObject)?;
        let mut records = Records::default();
        let mut dropped = 0;
        for (variant, list) in raw {
            let Ok(entries) = serde_json::from_str::<Vec<Box<RawValue>>>(list.get()) else {
                dropped += 1;
                continue;
            };
            let mut kept: Vec<Record> = Vec::with_capacity(entries.len());
            for entry in entries {
                match serde_json::from_str::<Record>(entry.get()) {
                    Ok(mut record) => {
                        record.name = crate::session::clean_name(&record.name);
                        kept.push(record);
                    }
                    Err(_) => dropped += 1,
                }
            }
            sort(&mut kept);
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
}
