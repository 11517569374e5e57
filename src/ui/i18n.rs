//! Two languages, German first. Texts sit side by side at the place they are used
//! (`t("Neues Spiel", "New game")`), so a missing translation is impossible. Changing the
//! language re-renders the whole screen, so plain reads are enough.

use serde::{Deserialize, Serialize};
use std::cell::Cell;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    De,
    En,
}

thread_local! {
    static LANG: Cell<Lang> = const { Cell::new(Lang::De) };
}

pub fn set_lang(lang: Lang) {
    LANG.with(|l| l.set(lang));
}

pub fn lang() -> Lang {
    LANG.with(Cell::get)
}

pub fn is_de() -> bool {
    lang() == Lang::De
}

/// The text in the current language.
pub fn t(de: &'static str, en: &'static str) -> &'static str {
    if is_de() {
        de
    } else {
        en
    }
}

/// The noun for a count of `n` in the current language: `one` for exactly one, else `many`
/// (each as (German, English)): "1 Punkt", "2 Punkte".
pub fn count_noun(n: u64, one: (&'static str, &'static str), many: (&'static str, &'static str)) -> &'static str {
    let (de, en) = if n == 1 { one } else { many };
    t(de, en)
}

/// The browser's preferred language, German when it is anything but English.
pub fn browser_lang() -> Lang {
    let preferred = web_sys::window().and_then(|w| w.navigator().language()).unwrap_or_default();
    if preferred.to_lowercase().starts_with("en") {
        Lang::En
    } else {
        Lang::De
    }
}

/// "21.11.2026, 14:05" or "2026-11-21 14:05" for a time in milliseconds since the epoch.
pub fn format_time(ms: f64) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
    let (y, mo, da, h, mi) = (d.get_full_year(), d.get_month() + 1, d.get_date(), d.get_hours(), d.get_minutes());
    if is_de() {
        format!("{da:02}.{mo:02}.{y}, {h:02}:{mi:02}")
    } else {
        format!("{y}-{mo:02}-{da:02} {h:02}:{mi:02}")
    }
}

/// Why a setup is not allowed, in the player's language.
pub fn setup_error_text(e: &crate::engine::SetupError) -> String {
    match e {
        crate::engine::SetupError::PlayerCount { min, max, got } => {
            if is_de() { format!("Dieses Spiel braucht {min} bis {max} Spieler, nicht {got}.") } else { format!("This game needs {min} to {max} players, not {got}.") }
        }
        // The engines' only other refusal: a match's length (the setup offers none outside it).
        crate::engine::SetupError::Invalid(_) => t("Diese Einstellungen sind für das Spiel nicht erlaubt.", "These settings are not allowed for this game.").to_string(),
    }
}
