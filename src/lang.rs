//! The two languages, German first, and the current one. Pure (no browser), so view models
//! that write accessible names are tested natively; `ui::i18n` adds what needs the browser.

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
