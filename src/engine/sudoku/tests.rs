use super::*;

#[test]
fn a_random_game_runs_to_the_end() {
    for players in 1..=4 {
        let mut g = Sudoku::new(players, Options::default(), 11).unwrap();
        let mut moves = 0;
        while g.outcome().is_none() {
            let legal = g.legal_moves();
            g.apply(&legal[moves % legal.len()]).unwrap();
            moves += 1;
            g.validate().unwrap();
        }
        assert!(moves <= 72);
    }
}
