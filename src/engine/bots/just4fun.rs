//! Just 4 Fun: lines of four majorities win, locked fields are safe, and at the end the kept
//! field numbers count.

use super::BotGame;
use crate::engine::just4fun::{card_sum, deck_counts, sub_multisets, Just4Fun, CELLS, HAND_SIZE, LINES, MAX_FIELD};
use crate::engine::{Game, PlayerIdx};
use std::sync::OnceLock;

/// Value of a line holding `k` majorities of one player and none of anyone else.
const LINE_WEIGHT: [f64; 5] = [0.0, 1.0, 4.0, 16.0, 1000.0];

/// What a field a line still needs is worth to Hard at the least, however rarely a hand makes
/// its number: `REACH_FLOOR + (1 - REACH_FLOOR) * P(a hand makes it)`.
const REACH_FLOOR: f64 = 0.3;

/// Per field number (index 0..=36): the chance that a hand of four cards dealt from the full
/// deck makes it with one or more of its cards: about 0.58 for field 12, 0.27 for field 1 (it
/// needs a 1), 0.09 for field 36. Counted once, on first use, over the distinct hands (by card
/// values), each weighed by how many of the C(55, 4) = 341 055 deals give it.
fn reach_chances() -> &'static [f64; MAX_FIELD as usize + 1] {
    static CHANCES: OnceLock<[f64; MAX_FIELD as usize + 1]> = OnceLock::new();
    CHANCES.get_or_init(|| {
        let mut makes = [0.0; MAX_FIELD as usize + 1];
        let mut deals = 0.0;
        for_each_hand(&deck_counts(), 1, &mut Vec::with_capacity(HAND_SIZE), 1.0, &mut |hand, ways| {
            let mut sums: Vec<u32> = sub_multisets(hand).iter().map(|cards| card_sum(cards)).collect();
            sums.dedup(); // sub_multisets comes sorted by sum
            for sum in sums {
                if let Some(made) = makes.get_mut(sum as usize) {
                    *made += ways;
                }
            }
            deals += ways;
        });
        makes.map(|m| m / f64::max(deals, 1.0))
    })
}

/// Calls `visit` with every hand of `HAND_SIZE` card values from `value` upwards that `counts`
/// allows, and the number of ways to deal it (the product of C(count, taken) per value).
fn for_each_hand(counts: &[u8], value: usize, hand: &mut Vec<u8>, ways: f64, visit: &mut dyn FnMut(&[u8], f64)) {
    if hand.len() == HAND_SIZE {
        return visit(hand, ways);
    }
    let Some(&count) = counts.get(value) else { return };
    for taken in 0..=usize::from(count).min(HAND_SIZE - hand.len()) {
        let choose = (0..taken).fold(1.0, |c, i| c * f64::from(count - i as u8) / (i + 1) as f64);
        hand.extend(std::iter::repeat_n(value as u8, taken));
        for_each_hand(counts, value + 1, hand, ways * choose, visit);
        hand.truncate(hand.len() - taken);
    }
}

impl Just4Fun {
    /// Per player: line potential, locked fields and a little of the end scoring. With
    /// `weigh_reach` (Hard), a line counts less the rarer the numbers of the fields it still
    /// needs are in a hand of cards (a row waiting for field 1 rarely gets it; arena, two players
    /// against Medium, 300 games each: 57.7 % with this, 49.7 % without).
    fn potentials(&self, weigh_reach: bool) -> Vec<f64> {
        let players = self.player_count();
        let mut v = vec![0.0; players];
        let owner: Vec<Option<usize>> = (0..CELLS).map(|c| self.majority_at(c)).collect();
        for line in LINES.iter() {
            let mut holder: Option<usize> = None;
            let mut k = 0;
            let mut mixed = false;
            for &c in line {
                if let Some(p) = owner[c] {
                    match holder {
                        None => holder = Some(p),
                        Some(h) if h != p => mixed = true,
                        _ => {}
                    }
                    k += 1;
                }
            }
            if let (Some(h), false) = (holder, mixed) {
                // A line blocked by a field locked for someone else cannot be completed.
                let open = line.iter().all(|&c| self.locked_by(c).is_none_or(|l| l == h));
                if open {
                    let needs = line.iter().filter(|&&c| owner[c].is_none()).map(|&c| self.number_at(c));
                    let chance = if weigh_reach { needs.map(reach_weight).product() } else { 1.0 };
                    v[h] += LINE_WEIGHT[k.min(4)] * chance;
                }
            }
        }
        for (c, o) in owner.iter().enumerate() {
            if let Some(p) = *o {
                v[p] += 0.02 * f64::from(self.number_at(c));
                if self.locked_by(c) == Some(p) {
                    v[p] += 0.5;
                }
            }
        }
        v
    }

    /// Our potential less the best other player's, theirs weighed more: someone else moves next.
    fn potential_lead(&self, player: PlayerIdx, weigh_reach: bool) -> f64 {
        let v = self.potentials(weigh_reach);
        let mine = v.get(player).copied().unwrap_or(0.0);
        let theirs = v.iter().enumerate().filter(|&(p, _)| p != player).map(|(_, &x)| x).fold(0.0, f64::max);
        mine - 1.5 * theirs
    }
}

/// How much a field with `number` still counts in a line for Hard ([`REACH_FLOOR`]).
fn reach_weight(number: u8) -> f64 {
    let chance = reach_chances().get(usize::from(number)).copied().unwrap_or(0.0);
    REACH_FLOOR + (1.0 - REACH_FLOOR) * chance
}

impl BotGame for Just4Fun {
    /// Playouts stop after five moves: the evaluation (reach-weighted for Hard) already says
    /// what a line is worth, and further greedy moves add noise more than knowledge (arena, two
    /// players against Medium, 300 games, seed 7: 58.7 % at 5, 57.7 % at 10, where a move took
    /// about half the time; 2.5 times the iterations at 10 gave 57.0 %).
    fn playout_depth(&self) -> usize {
        5
    }

    /// Hard weighs only moves close to the best by the evaluation: the playouts are noisy (the
    /// cards decide much), and among all top-six moves the search gave away clear tactical
    /// gains for look-ahead luck (arena, same 200 games: 45.5 % without, 59.5 % with).
    fn root_slack(&self) -> f64 {
        1.5
    }

    fn eval_scale(&self) -> f64 {
        4.0
    }

    fn evaluate(&self, player: PlayerIdx) -> f64 {
        self.potential_lead(player, false)
    }

    fn evaluate_hard(&self, player: PlayerIdx) -> f64 {
        self.potential_lead(player, true)
    }

    fn sudden_wins(&self) -> bool {
        true
    }

    fn with_mover(&self, player: PlayerIdx) -> Option<Self> {
        Just4Fun::with_mover(self, player)
    }

    fn margin(&self, player: PlayerIdx) -> f64 {
        let Some(s) = self.final_scoring() else { return 0.0 };
        let mine = f64::from(s.sums.get(player).copied().unwrap_or(0));
        let best_other = (0..s.sums.len()).filter(|&p| p != player).map(|p| f64::from(s.sums[p])).fold(0.0, f64::max);
        (mine - best_other) / 200.0
    }

    fn final_scores(&self) -> Option<Vec<f64>> {
        self.final_scoring().map(|s| s.sums.iter().map(|&x| f64::from(x)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Field 1 needs one of the four 1s: the chance is one less the chance that a hand holds none
    /// of them, C(51, 4) / C(55, 4).
    #[test]
    fn a_hand_makes_field_one_only_with_a_one() {
        let choose4 = |n: f64| n * (n - 1.0) * (n - 2.0) * (n - 3.0) / 24.0;
        let expected = 1.0 - choose4(51.0) / choose4(55.0);
        assert!((reach_chances()[1] - expected).abs() < 1e-9, "{} against {expected}", reach_chances()[1]);
        assert_eq!(reach_chances()[0], 0.0, "no field 0, and no empty play");
    }

    /// Field 12 is made by more than half of all hands, the high fields by few (36 needs three
    /// cards of twelve, or 19 + 17, …); no number by every hand.
    #[test]
    fn the_middle_numbers_are_made_often_the_high_ones_rarely() {
        let chances = reach_chances();
        assert!(chances[12] > 0.5 && chances[36] < 0.1, "{chances:?}");
        assert!((13..36).all(|n| chances[n] > chances[n + 1] || n < 20), "falls beyond 20: {chances:?}");
        assert!(chances.iter().all(|&c| c < 1.0));
        let mut deals = 0.0;
        for_each_hand(&deck_counts(), 1, &mut Vec::new(), 1.0, &mut |_, ways| deals += ways);
        assert_eq!(deals, 341_055.0, "every deal of four of the 55 cards, once");
    }

    /// A three in a row that waits for field 36 (made by fewer than one hand in ten) is worth
    /// its full 16 to Medium, to Hard at most 16 × (0.3 + 0.7 × 0.09): every other line A has
    /// counts at most as much for Hard as for Medium, so the gap is at least the row's.
    #[test]
    fn hard_weighs_a_line_by_how_often_its_missing_field_is_made() {
        let layout = *Just4Fun::new(2, Default::default(), 0).expect("setup").layout();
        let rarest = layout.iter().position(|&n| n == MAX_FIELD).expect("field 36");
        for line in LINES.iter().filter(|l| l.contains(&rarest)) {
            let stones: Vec<String> =
                line.iter().filter(|&&c| c != rarest).map(|&c| format!("{}:A", layout[c])).collect();
            let waits_for_36 =
                Just4Fun::from_position(&format!("players=2; to_move=B; {}; hands=1 2 3 4/5 6 7 8", stones.join("; ")))
                    .expect("a valid position");
            let gap = waits_for_36.evaluate(0) - waits_for_36.evaluate_hard(0);
            let row_gap = LINE_WEIGHT[3] * (1.0 - reach_weight(MAX_FIELD));
            assert!(row_gap > 10.0 && gap >= row_gap - 1e-9, "{line:?}: gap {gap}, the row's alone {row_gap}");
            assert!(waits_for_36.evaluate_hard(0) > 0.0, "the row still counts");
        }
    }
}
