//! What a seat sees of Gut angelegt, and states that look the same from there.
//!
//! Hidden from a seat: the other players' hands and the order of the face-down draw pile. The
//! table and the own hand stay as they are in every determinization.

use super::GutAngelegt;

crate::engine::determinize::card_game_determinize!(GutAngelegt, sort_hands: false);
