//! A logged event read from its JSON only as far as its move needs.

use serde::de::{Deserialize, DeserializeOwned, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;

/// An event as a save's move log and the worker's reply write it (`{"Variant":{"field":…}}`),
/// read only as far as its move needs: the variant's name and each field's raw JSON, from which
/// [`Game::json_event_move`](super::Game::json_event_move) takes the few fields a move has.
///
/// Why not the events' derived parsers: the page's wasm reads events in two places (a save's
/// log, the worker's reply), and with every field of the four games' events those parsers cost
/// its first load 12.7 KB brotli (measured: 306.0 KB with them, 293.3 KB without them and
/// without any reader). With this reader and the four games' moves-from-fields it is 298.8 KB.
/// Whether a move really did what its event says is checked by writing the event it makes and
/// comparing the two texts, so nothing the reader skips goes unchecked.
pub struct EventJson<'a> {
    pub variant: &'a str,
    fields: Entries<'a>,
}

impl<'a> EventJson<'a> {
    /// `None` unless `text` is an object with one key whose value is an object.
    pub fn parse(text: &'a str) -> Option<EventJson<'a>> {
        let Entries(outer) = serde_json::from_str(text).ok()?;
        let [(variant, fields)] = outer[..] else { return None };
        Some(EventJson { variant, fields: serde_json::from_str(fields.get()).ok()? })
    }

    /// The field `name` read as a `T`; `None` when it is missing or of another kind.
    pub fn field<T: DeserializeOwned>(&self, name: &str) -> Option<T> {
        serde_json::from_str(self.raw(name)?.get()).ok()
    }

    /// The field `name`, itself an event-shaped enum value (`{"Variant":{…}}`).
    pub fn nested(&self, name: &str) -> Option<EventJson<'a>> {
        EventJson::parse(self.raw(name)?.get())
    }

    fn raw(&self, name: &str) -> Option<&'a RawValue> {
        self.fields.0.iter().find(|(key, _)| *key == name).map(|&(_, value)| value)
    }
}

/// A JSON object's entries in their order, each value still raw. (Read into a `BTreeMap`
/// instead, they cost the first load 2.3 KB brotli more: 301.1 KB against 298.8 KB, measured.)
struct Entries<'a>(Vec<(&'a str, &'a RawValue)>);

impl<'de> Deserialize<'de> for Entries<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Object;
        impl<'de> Visitor<'de> for Object {
            type Value = Entries<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Entries<'de>, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    entries.push(entry);
                }
                Ok(Entries(entries))
            }
        }
        deserializer.deserialize_map(Object)
    }
}

#[cfg(test)]
mod tests {
    use super::EventJson;

    #[test]
    fn reads_the_variant_and_its_fields() {
        let e = EventJson::parse(r#"{ "Placed": {"cell": 12, "cards": [3, 9], "reason": {"Breaks": {"cell": 4}}} }"#)
            .expect("an event");
        assert_eq!(e.variant, "Placed");
        assert_eq!(e.field::<usize>("cell"), Some(12));
        assert_eq!(e.field::<Vec<u8>>("cards"), Some(vec![3, 9]));
        assert_eq!(e.field::<u8>("missing"), None);
        assert_eq!(e.field::<bool>("cell"), None, "a field of another kind");
        let reason = e.nested("reason").expect("a nested variant");
        assert_eq!((reason.variant, reason.field::<usize>("cell")), ("Breaks", Some(4)));
    }

    #[test]
    fn anything_else_is_none() {
        for text in ["", "[]", "3", r#""Placed""#, "{}", r#"{"A":{},"B":{}}"#, r#"{"A":3}"#, r#"{"A":{"x":1}"#] {
            assert!(EventJson::parse(text).is_none(), "{text}");
        }
    }
}
