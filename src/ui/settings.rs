//! User settings, kept in localStorage.

use super::i18n::{browser_lang, Lang};
use super::storage;
use crate::saves::{StoreError, SETTINGS};
use crate::session::TakeBackRule;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub lang: Lang,
    /// Show the "pass the device" cover between two players' turns.
    pub handover: bool,
    pub reduced_motion: bool,
    /// Who may take a move back ("Züge zurücknehmen").
    pub takebacks: TakeBackRule,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lang: browser_lang(),
            handover: true,
            reduced_motion: prefers_reduced_motion(),
            takebacks: TakeBackRule::default(),
        }
    }
}

fn prefers_reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten())
        .is_some_and(|m| m.matches())
}

impl Settings {
    /// Stored settings; defaults when there are none or storage is off. `true` with the
    /// defaults when stored settings could not be read: they are moved aside (never lost) and
    /// the caller says so.
    pub fn load() -> (Settings, bool) {
        let saves = storage::saves();
        let Ok(Some(text)) = saves.get(SETTINGS) else { return (Settings::default(), false) };
        match serde_json::from_str(&text) {
            Ok(settings) => (settings, false),
            Err(_) => {
                let _ = saves.move_aside(SETTINGS, &text);
                (Settings::default(), true)
            }
        }
    }

    pub fn store(&self) -> Result<(), StoreError> {
        let text = serde_json::to_string(self).map_err(|_| StoreError::Failed)?;
        storage::saves().set(SETTINGS, &text)
    }
}
