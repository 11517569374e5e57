//! The two languages, German first, and the current one. Pure (no browser), so view models
//! that write accessible names are tested natively; `ui::i18n` adds what needs the browser.

use serde::Serialize;
use std::cell::Cell;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    De,
    En,
}

impl crate::named::Named for Lang {
    const NAMES: &'static [(Self, &'static str)] = &[(Lang::De, "de"), (Lang::En, "en")];
}

crate::named_deserialize!(Lang);

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

/// The template in the current language with each `{}` replaced by the next of `args`, in order:
/// `tf("Gold {} liegt schon.", "Gold {} is already laid.", &[&number])`. Both languages' texts
/// then share one formatting call, where `if is_de() { format!(…) } else { format!(…) }` compiled
/// the formatting twice (each pair costs the page's wasm its own argument list and call).
pub fn tf(de: &'static str, en: &'static str, args: &[&dyn std::fmt::Display]) -> String {
    use std::fmt::Write;
    debug_assert!(
        de.matches("{}").count() == args.len() && en.matches("{}").count() == args.len(),
        "{} arguments for {de:?} / {en:?}",
        args.len()
    );
    let mut pieces = t(de, en).split("{}");
    let mut out = String::from(pieces.next().unwrap_or_default());
    let mut args = args.iter();
    for piece in pieces {
        if let Some(arg) = args.next() {
            let _ = write!(out, "{arg}");
        }
        out.push_str(piece);
    }
    out
}
