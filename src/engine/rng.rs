//! Deterministic randomness. A game stores one seed; every shuffle it ever makes draws from a
//! generator derived from that seed and a running stream number that is stored as well, so a
//! saved game continues exactly as it would have without the save.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// The generator for shuffle number `stream` of the game with `seed`.
pub fn stream(seed: u64, stream: u64) -> Pcg64Mcg {
    // Mix the stream into the seed so neighbouring streams are unrelated.
    let mixed = splitmix64(seed ^ splitmix64(stream.wrapping_add(0x9E37_79B9_7F4A_7C15)));
    Pcg64Mcg::seed_from_u64(mixed)
}

/// Shuffles `items` with shuffle number `stream` of `seed`.
pub fn shuffle<T>(items: &mut [T], seed: u64, stream_no: u64) {
    items.shuffle(&mut stream(seed, stream_no));
}

/// The seed of a game's shuffles after a take-back with number `salt` (0: none yet, the game's
/// own seed): the take-back draws anew what nobody has seen, and every later shuffle differs
/// from the one the undone moves would have met (`Game::reshuffle_unseen`).
pub fn salted(seed: u64, salt: u64) -> u64 {
    if salt == 0 {
        seed
    } else {
        splitmix64(seed ^ splitmix64(salt))
    }
}

/// No take-back yet: the salt is left out of a saved state, which so reads as before take-backs.
pub fn unsalted(salt: &u64) -> bool {
    *salt == 0
}

/// `items` in an order that depends only on which items they are and on `seed` and `stream_no`:
/// sorted first, so nothing of their former (hidden) order shows through.
pub fn reshuffle<T: Ord>(items: &mut [T], seed: u64, stream_no: u64) {
    crate::engine::sort::sort(items);
    shuffle(items, seed, stream_no);
}

fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shuffled(seed: u64, stream_no: u64) -> Vec<u32> {
        let mut items: Vec<u32> = (0..50).collect();
        shuffle(&mut items, seed, stream_no);
        items
    }

    #[test]
    fn same_seed_and_stream_shuffle_the_same() {
        assert_eq!(shuffled(42, 3), shuffled(42, 3));
    }

    #[test]
    fn other_stream_or_seed_shuffles_differently() {
        assert_ne!(shuffled(42, 3), shuffled(42, 4));
        assert_ne!(shuffled(42, 3), shuffled(43, 3));
    }
}
