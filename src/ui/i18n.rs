//! Two languages, German first. Texts sit side by side at the place they are used
//! (`t("Neues Spiel", "New game")`), so a missing translation is impossible. Changing the
//! language re-renders the whole screen, so plain reads are enough.

pub use crate::lang::{count_noun, is_de, lang, set_lang, t, tf, Lang};

/// The browser's preferred language, German when it is anything but English.
pub fn browser_lang() -> Lang {
    let preferred = web_sys::window().and_then(|w| w.navigator().language()).unwrap_or_default();
    // Language tags are ASCII (BCP 47). `to_lowercase` would link Unicode's whole case table
    // into the page (11.7 KB raw, measured) to read two letters.
    if preferred.get(..2).is_some_and(|p| p.eq_ignore_ascii_case("en")) {
        Lang::En
    } else {
        Lang::De
    }
}

/// "21.11.2026, 14:05" or "2026-11-21 14:05" for a time in milliseconds since the epoch;
/// "unbekannt" for a stored time no date can be (saves may hold anything).
pub fn format_time(ms: f64) -> String {
    if !crate::saves::plausible_time(ms) {
        return t("Zeit unbekannt", "time unknown").to_string();
    }
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
        crate::engine::SetupError::PlayerCount { min, max, got } => tf(
            "Dieses Spiel braucht {} bis {} Spieler, nicht {}.",
            "This game needs {} to {} players, not {}.",
            &[min, max, got],
        ),
        // The engines' only other refusal: a match's length (the setup offers none outside it).
        crate::engine::SetupError::Invalid(_) => {
            t("Diese Einstellungen sind für das Spiel nicht erlaubt.", "These settings are not allowed for this game.")
                .to_string()
        }
    }
}
