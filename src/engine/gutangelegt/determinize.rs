//! What a seat sees of Gut angelegt, and states that look the same from there.
//!
//! Hidden from a seat: the other players' hands and the order of the face-down draw pile.

use super::GutAngelegt;
use crate::engine::determinize::{blank_cards, redeal_cards, Determinize};
use crate::engine::PlayerIdx;
use rand::Rng;

/// The state with what the observer cannot see blanked: other hands and the draw pile become
/// runs of zeros of their length, the seed is 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation(GutAngelegt);

impl Determinize for GutAngelegt {
    type Observation = Observation;

    fn observation(&self, observer: PlayerIdx) -> Observation {
        let mut seen = self.clone();
        seen.seed = 0;
        blank_cards(&mut seen.hands, &mut seen.draw, observer);
        Observation(seen)
    }

    /// The cards in other hands and in the draw pile are dealt anew from their pooled set (hand
    /// sizes kept); the table and the own hand stay.
    fn determinize<R: Rng + ?Sized>(&self, observer: PlayerIdx, rng: &mut R) -> GutAngelegt {
        let mut next = self.clone();
        next.seed = rng.random();
        redeal_cards(&mut next.hands, &mut next.draw, observer, false, rng);
        next
    }
}
