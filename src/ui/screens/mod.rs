//! One file per screen.

pub mod archive;
pub mod home;
pub mod manual;
pub mod play;
pub mod settings;
pub mod setup;

use crate::engine::GameKind;
use crate::ui::games::GameScreens;

pub fn game_name(kind: GameKind) -> &'static str {
    kind.name()
}

/// The name as said at the table, where the full one is long ("Sudoku").
pub fn game_short_name(kind: GameKind) -> &'static str {
    kind.short_name()
}

pub fn game_blurb(kind: GameKind) -> &'static str {
    crate::with_game!(kind, G => G::blurb())
}
