//! What a seat sees of Just 4 Fun, and states that look the same from there.
//!
//! Hidden from a seat: the other players' hands and the order of the face-down draw pile (and,
//! through the seed, the order of every later reshuffle). The discard pile is face up; the
//! board, the discard pile and the own hand stay as they are in every determinization. The
//! engine keeps hands sorted, so re-dealt hands are sorted too.

use super::Just4Fun;

crate::engine::determinize::card_game_determinize!(Just4Fun, sort_hands: true);
