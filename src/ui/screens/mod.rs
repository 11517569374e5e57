//! One file per screen.

pub mod home;
pub mod play;
pub mod manual;
pub mod settings;
pub mod setup;

use super::i18n::t;
use crate::engine::GameKind;

pub fn game_name(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Just4Fun => "Just 4 Fun",
    }
}

pub fn game_blurb(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Just4Fun => t(
            "Karten zu einer Zahl zusammenzählen, Steine auf das Zahlenfeld setzen, Mehrheiten bilden – vier in einer Reihe gewinnt. 2–4 Spieler.",
            "Add cards up to a number, put stones on that field, build majorities – four in a row wins. 2–4 players.",
        ),
    }
}
