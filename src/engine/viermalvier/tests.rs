use super::*;

#[test]
fn random_games_run_to_the_end() {
    for seed in 0..200u64 {
        let options = Options { profi: seed % 2 == 0, games: 1 + (seed % 3) as u8, ..Options::default() };
        let mut g = VierMalVier::new(2, options, seed).unwrap();
        let mut x = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
        let mut moves = 0;
        while g.outcome().is_none() {
            let legal = g.legal_moves();
            assert!(!legal.is_empty());
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            g.apply(&legal[(x as usize) % legal.len()]).unwrap();
            g.validate().unwrap();
            moves += 1;
            assert!(moves < 2000);
        }
    }
}
