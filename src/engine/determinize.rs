//! Fair-by-construction views of a game for computer players.
//!
//! A bot may use exactly what a person in its seat could know. Anything holding the real state
//! can read the seed and the shuffle counter and so compute every future draw, the other players'
//! hands and, in Vier mal Vier's hidden view, the far side of the wall. A bot therefore never
//! looks at the real state: it gets [`Determinize::determinize`], a state that the observer cannot
//! tell apart from the real one (same [`Determinize::observation`]) in which everything the
//! observer cannot know was resampled at random, consistently with what they see, and with a
//! fresh seed so that future shuffles are unknown as well.
//!
//! Everything public stays exactly as it is: the board or wall, the discard pile, cards and tiles
//! set aside, scores, whose turn it is, the options, the counts of hidden things.

use super::{Game, PlayerIdx};
use rand::Rng;
use std::fmt::Debug;

/// A seat outside every game: its observation is the public part only. The screens use it for
/// "nobody" (behind the hand-over cover, no seat may look).
pub const NOBODY: PlayerIdx = PlayerIdx::MAX;

/// The companion of [`Game`] every game implements: what a seat sees, and a random state that
/// looks the same from that seat.
pub trait Determinize: Game {
    /// Exactly what the observer can see. Two states with equal observations for a seat are
    /// indistinguishable from that seat.
    type Observation: Clone + Debug + PartialEq;

    /// What `observer` sees now (own hand, public board, counts of hidden things, scores, turn,
    /// options, …). A seat outside the game sees only the public part ([`NOBODY`] is such a seat:
    /// the screens' viewer behind the hand-over cover).
    fn observation(&self, observer: PlayerIdx) -> Self::Observation;

    /// A state `observer` cannot tell apart from this one (`determinize(o, rng).observation(o) ==
    /// observation(o)`), with everything `observer` cannot know drawn at random from `rng`: other
    /// players' hands, the order of face-down piles, hidden faces, and a fresh seed for every
    /// shuffle still to come. The result passes [`Game::validate`], and when `observer` is to move
    /// it has the same [`Game::legal_moves`].
    fn determinize<R: Rng + ?Sized>(&self, observer: PlayerIdx, rng: &mut R) -> Self;
}

/// Picks `count` items out of `pool` (already shuffled) from the front; what is left stays in
/// `pool`.
pub(crate) fn take_front<T>(pool: &mut Vec<T>, count: usize) -> Vec<T> {
    let count = count.min(pool.len());
    pool.drain(..count).collect()
}

/// Card games (hands of card numbers, a face-down draw pile): blanks what `observer` cannot
/// see – the other hands and the draw pile become zeros of their length.
pub(crate) fn blank_cards(hands: &mut [Vec<u8>], draw: &mut [u8], observer: PlayerIdx) {
    for (p, hand) in hands.iter_mut().enumerate() {
        if p != observer {
            hand.iter_mut().for_each(|c| *c = 0);
        }
    }
    draw.iter_mut().for_each(|c| *c = 0);
}

/// Card games: deals the other hands and the draw pile anew from their pooled cards (hand sizes
/// kept; `sort_hands` where the engine keeps hands sorted). The pool starts from a canonical
/// order, so the result depends only on what `observer` sees.
pub(crate) fn redeal_cards<R: Rng + ?Sized>(
    hands: &mut [Vec<u8>],
    draw: &mut Vec<u8>,
    observer: PlayerIdx,
    sort_hands: bool,
    rng: &mut R,
) {
    use rand::seq::SliceRandom;
    let mut pool: Vec<u8> = std::mem::take(draw);
    for (p, hand) in hands.iter().enumerate() {
        if p != observer {
            pool.extend_from_slice(hand);
        }
    }
    crate::engine::sort::sort(&mut pool);
    pool.shuffle(rng);
    for (p, hand) in hands.iter_mut().enumerate() {
        if p != observer {
            *hand = take_front(&mut pool, hand.len());
            if sort_hands {
                crate::engine::sort::sort(hand);
            }
        }
    }
    *draw = pool;
}

/// The [`Determinize`] impl of a card game whose state has `seed`, `hands` and `draw` (Just 4
/// Fun, Gut angelegt), and its `Observation`: the state with the other hands and the draw pile
/// blanked ([`blank_cards`]) and seed and salt 0. Determinizing deals those cards anew from their pooled
/// set ([`redeal_cards`]; hand sizes kept, hands sorted where `sort_hands`) with a fresh seed;
/// everything face up and the own hand stay.
macro_rules! card_game_determinize {
    ($game:ty, sort_hands: $sort:expr) => {
        /// What a seat sees: the state with the hidden cards blanked and seed and salt 0.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Observation($game);

        impl Observation {
            /// The game as the seat sees it: the other hands and the draw pile are zeros of their
            /// length, the seed is 0 (the screens read only this, never the real state).
            pub fn state(&self) -> &$game {
                &self.0
            }
        }

        impl $crate::engine::determinize::Determinize for $game {
            type Observation = Observation;

            fn observation(&self, observer: $crate::engine::PlayerIdx) -> Observation {
                let mut seen = self.clone();
                // The seed and a take-back's salt would tell every later draw.
                (seen.seed, seen.salt) = (0, 0);
                $crate::engine::determinize::blank_cards(&mut seen.hands, &mut seen.draw, observer);
                Observation(seen)
            }

            fn determinize<R: rand::Rng + ?Sized>(&self, observer: $crate::engine::PlayerIdx, rng: &mut R) -> $game {
                let mut next = self.clone();
                next.seed = rng.random();
                $crate::engine::determinize::redeal_cards(&mut next.hands, &mut next.draw, observer, $sort, rng);
                next
            }
        }
    };
}
pub(crate) use card_game_determinize;
