//! What a seat sees of Just 4 Fun, and states that look the same from there.
//!
//! Hidden from a seat: the other players' hands and the order of the face-down draw pile (and,
//! through the seed, the order of every later reshuffle). The discard pile is face up.

use super::Just4Fun;
use crate::engine::determinize::{take_front, Determinize};
use crate::engine::PlayerIdx;
use rand::seq::SliceRandom;
use rand::Rng;

/// The state with what the observer cannot see blanked: other hands and the draw pile become
/// runs of zeros of their length, the seed is 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation(Just4Fun);

impl Determinize for Just4Fun {
    type Observation = Observation;

    fn observation(&self, observer: PlayerIdx) -> Observation {
        let mut seen = self.clone();
        seen.seed = 0;
        for (p, hand) in seen.hands.iter_mut().enumerate() {
            if p != observer {
                hand.iter_mut().for_each(|c| *c = 0);
            }
        }
        seen.draw.iter_mut().for_each(|c| *c = 0);
        Observation(seen)
    }

    /// The cards in other hands and in the draw pile are dealt anew from their pooled set
    /// (hand sizes kept); the discard pile, the board and the own hand stay.
    fn determinize<R: Rng + ?Sized>(&self, observer: PlayerIdx, rng: &mut R) -> Just4Fun {
        let mut next = self.clone();
        next.seed = rng.random();
        let mut pool: Vec<u8> = next.draw.clone();
        for (p, hand) in next.hands.iter().enumerate() {
            if p != observer {
                pool.extend_from_slice(hand);
            }
        }
        // From a canonical order, so the result depends only on what the observer sees.
        pool.sort_unstable();
        pool.shuffle(rng);
        for (p, hand) in next.hands.iter_mut().enumerate() {
            if p != observer {
                *hand = take_front(&mut pool, hand.len());
                hand.sort_unstable();
            }
        }
        next.draw = pool;
        next
    }
}
