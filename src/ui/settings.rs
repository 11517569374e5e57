//! User settings, kept in localStorage.

use super::i18n::{browser_lang, Lang};
use super::storage;
use crate::saves::{StoreError, SETTINGS};
use gloo_storage::{LocalStorage, Storage};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub lang: Lang,
    /// Show the "pass the device" cover between two players' turns.
    pub handover: bool,
    pub reduced_motion: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { lang: browser_lang(), handover: true, reduced_motion: prefers_reduced_motion() }
    }
}

fn prefers_reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten())
        .is_some_and(|m| m.matches())
}

impl Settings {
    /// Stored settings; defaults when there are none or they are unreadable.
    pub fn load() -> Settings {
        // gloo's LocalStorage throws when storage is disabled, so ask first.
        if storage::available() {
            LocalStorage::get(storage::saves().key(SETTINGS)).unwrap_or_default()
        } else {
            Settings::default()
        }
    }

    pub fn store(&self) -> Result<(), StoreError> {
        if !storage::available() {
            return Err(StoreError::Unavailable);
        }
        LocalStorage::set(storage::saves().key(SETTINGS), self).map_err(|_| StoreError::Full)
    }
}
