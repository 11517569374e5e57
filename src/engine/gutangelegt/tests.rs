use super::*;

#[test]
fn random_games_end_with_48_cards() {
    for seed in 0..100u64 {
        let players = 2 + (seed % 3) as usize;
        let mut g = GutAngelegt::new(players, Options { announce: seed % 2 == 0 }, seed).unwrap();
        let mut x = seed | 1;
        while g.outcome().is_none() {
            let legal = g.legal_moves();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            g.apply(&legal[(x as usize) % legal.len()]).unwrap();
            g.validate().unwrap();
        }
        assert_eq!((g.width(), g.height(), g.cards_on_table()), (12, 12, 48));
    }
}
