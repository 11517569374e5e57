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
