//! The persistence boundary: localStorage, which may be disabled, full or hold anything.
//! Every call returns a `Result`; nothing here panics.

use crate::session::{self, AnySession, LoadError, Save};
use web_sys::Storage;

pub const AUTOSAVE_KEY: &str = "spieltisch.autosave";
pub const SLOT_PREFIX: &str = "spieltisch.slot.";
pub const SETTINGS_KEY: &str = "spieltisch.settings";

#[derive(Clone, Debug, PartialEq)]
pub enum StorageError {
    /// The browser refuses storage (private mode, disabled by the user).
    Unavailable,
    /// The quota is used up.
    Full,
}

impl StorageError {
    pub fn message(&self) -> &'static str {
        match self {
            StorageError::Unavailable => crate::ui::i18n::t(
                "Der Browser erlaubt kein Speichern. Das Spiel läuft weiter, wird aber nicht gesichert.",
                "The browser does not allow saving. The game goes on but is not stored.",
            ),
            StorageError::Full => crate::ui::i18n::t(
                "Der Speicher des Browsers ist voll. Das Spiel läuft weiter; lösche alte Spielstände, um wieder zu sichern.",
                "The browser's storage is full. The game goes on; delete old saves to store it again.",
            ),
        }
    }
}

fn storage() -> Result<Storage, StorageError> {
    let window = web_sys::window().ok_or(StorageError::Unavailable)?;
    match window.local_storage() {
        Ok(Some(s)) => Ok(s),
        _ => Err(StorageError::Unavailable),
    }
}

pub fn available() -> bool {
    storage().is_ok()
}

pub fn get(key: &str) -> Result<Option<String>, StorageError> {
    storage()?.get_item(key).map_err(|_| StorageError::Unavailable)
}

pub fn set(key: &str, value: &str) -> Result<(), StorageError> {
    // A failing setItem is, in practice, the quota (QuotaExceededError).
    storage()?.set_item(key, value).map_err(|_| StorageError::Full)
}

pub fn remove(key: &str) -> Result<(), StorageError> {
    storage()?.remove_item(key).map_err(|_| StorageError::Unavailable)
}

fn keys() -> Result<Vec<String>, StorageError> {
    let s = storage()?;
    let n = s.length().map_err(|_| StorageError::Unavailable)?;
    Ok((0..n).filter_map(|i| s.key(i).ok().flatten()).collect())
}

pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// A slot as listed on the home screen: either readable or with the reason it is not.
#[derive(Clone, Debug)]
pub struct SlotEntry {
    pub name: String,
    pub save: Result<Save, LoadError>,
}

pub fn slot_key(name: &str) -> String {
    format!("{SLOT_PREFIX}{name}")
}

/// All named slots, newest first, unreadable ones included (each with its own error).
pub fn list_slots() -> Result<Vec<SlotEntry>, StorageError> {
    let mut slots: Vec<SlotEntry> = keys()?
        .into_iter()
        .filter_map(|k| k.strip_prefix(SLOT_PREFIX).map(str::to_owned))
        .map(|name| {
            let save = match get(&slot_key(&name)) {
                Ok(Some(text)) => session::from_json(&text),
                _ => Err(LoadError::NotJson),
            };
            SlotEntry { name, save }
        })
        .collect();
    slots.sort_by(|a, b| {
        let at = a.save.as_ref().map(|s| s.header.saved_at).unwrap_or(f64::MAX);
        let bt = b.save.as_ref().map(|s| s.header.saved_at).unwrap_or(f64::MAX);
        bt.total_cmp(&at).then_with(|| a.name.cmp(&b.name))
    });
    Ok(slots)
}

pub fn write_slot(name: &str, session: &AnySession) -> Result<(), StorageError> {
    let json = session::to_json(session, name, now_ms()).map_err(|_| StorageError::Unavailable)?;
    set(&slot_key(&session::clean_name(name)), &json)
}

pub fn write_autosave(session: &AnySession) -> Result<(), StorageError> {
    let json = session::to_json(session, "Autosave", now_ms()).map_err(|_| StorageError::Unavailable)?;
    set(AUTOSAVE_KEY, &json)
}

/// The autosaved game, if there is a readable one.
pub fn read_autosave() -> Option<Result<Save, LoadError>> {
    match get(AUTOSAVE_KEY) {
        Ok(Some(text)) => Some(session::from_json(&text)),
        _ => None,
    }
}

/// A slot name not yet taken: `name`, else `name (2)`, `name (3)` …
pub fn free_slot_name(name: &str) -> String {
    let base = session::clean_name(name);
    let taken = |n: &str| matches!(get(&slot_key(n)), Ok(Some(_)));
    if !taken(&base) {
        return base;
    }
    (2..).map(|i| format!("{base} ({i})")).find(|n| !taken(n)).unwrap_or(base)
}

pub const RECORDS_KEY: &str = "spieltisch.records";

/// The solo high-score lists; empty when none are stored, an explanation when they are unreadable.
pub fn read_records() -> Result<crate::records::Records, String> {
    match get(RECORDS_KEY) {
        Ok(Some(text)) => crate::records::Records::from_json(&text).map_err(|_| {
            crate::ui::i18n::t("Die gespeicherte Bestenliste ist beschädigt.", "The stored high-score list is damaged.").to_string()
        }),
        Ok(None) => Ok(Default::default()),
        Err(e) => Err(e.message().to_string()),
    }
}

pub fn write_records(records: &crate::records::Records) -> Result<(), StorageError> {
    set(RECORDS_KEY, &records.to_json())
}
