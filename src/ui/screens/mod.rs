//! One file per screen.

pub mod home;
pub mod manual;
pub mod play;
pub mod settings;
pub mod setup;

use super::i18n::t;
use crate::engine::GameKind;

pub fn game_name(kind: GameKind) -> &'static str {
    crate::view::shell::game_name(kind)
}

/// The name as said at the table, where the full one is long ("Sudoku").
pub fn game_short_name(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Sudoku => "Sudoku",
        other => game_name(other),
    }
}

pub fn game_blurb(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Just4Fun => t(
            "Karten zu einer Zahl zusammenzählen, Steine auf das Zahlenfeld setzen, Mehrheiten bilden – vier in einer Reihe gewinnt. 2–4 Spieler.",
            "Add cards up to a number, put stones on that field, build majorities – four in a row wins. 2–4 players.",
        ),
        GameKind::Sudoku => t(
            "Zahlenplättchen nach der Sudoku-Regel legen und für jedes die Nachbarn in Block, Reihe und Spalte zählen. 1–4 Spieler, auch solo mit Bestenliste.",
            "Lay number tiles under the Sudoku rule and score the neighbours in block, row and column. 1–4 players, also solo with high scores.",
        ),
        GameKind::GutAngelegt => t(
            "Farbkarten in vier Zeilen zu zwölf anlegen – lange Reihen gleicher Farbe bringen Punkte, diagonale doppelt. 2–4 Spieler.",
            "Lay colour cards into four rows of twelve – long lines of one colour score, diagonals double. 2–4 players.",
        ),
        GameKind::VierMalVier => t(
            "Zu zweit eine Mauer aus Steinen mit zwei Seiten bauen – jeder sieht nur seine. Vier gleiche oder vier verschiedene Formen in einer Reihe gewinnen. 2 Spieler.",
            "Build a wall of two-faced stones together – each sees only their side. Four same or four different shapes in a line win. 2 players.",
        ),
    }
}
