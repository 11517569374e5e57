//! The board: layout, the straight lines of four, and the end-of-game scoring. Pure functions on
//! plain arrays, no game state.

use crate::engine::Outcome;
use serde::{Deserialize, Serialize};

/// Cells on the board (6 × 6).
pub const CELLS: usize = 36;
/// Cells per row and per column.
pub const SIDE: usize = 6;
/// The highest field number (the fields carry 1..=36).
pub const MAX_FIELD: u8 = 36;

/// **Reconstruction** (see docs/rules.md): the printed board's arrangement is not
/// published, so the default board is this 6 × 6 magic square (rows, columns and both diagonals
/// sum to 111). Cell index = row * 6 + column, row 0 at the top. The only place it is written
/// down.
pub const STANDARD_LAYOUT: [u8; CELLS] = [
    35, 1, 6, 26, 19, 24, //
    3, 32, 7, 21, 23, 25, //
    31, 9, 2, 22, 27, 20, //
    8, 28, 33, 17, 10, 15, //
    30, 5, 34, 12, 14, 16, //
    4, 36, 29, 13, 18, 11,
];

/// Number of straight lines of four adjacent cells: 18 in rows, 18 in columns, 9 + 9 diagonal.
pub const LINE_COUNT: usize = 54;

/// Every straight line of four adjacent cells (rows, columns, both diagonals), each as its four
/// cell indices in order along the line (always ascending).
pub const LINES: [[usize; 4]; LINE_COUNT] = make_lines();

const fn make_lines() -> [[usize; 4]; LINE_COUNT] {
    // Directions as (row step, column step): right, down, down-right, down-left.
    const DIRS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
    let side = SIDE as isize;
    let mut out = [[0usize; 4]; LINE_COUNT];
    let mut n = 0;
    let mut d = 0;
    while d < DIRS.len() {
        let (dr, dc) = DIRS[d];
        let mut r = 0;
        while r < side {
            let mut c = 0;
            while c < side {
                let (er, ec) = (r + 3 * dr, c + 3 * dc);
                if er >= 0 && er < side && ec >= 0 && ec < side && n < LINE_COUNT {
                    let mut k = 0;
                    while k < 4 {
                        out[n][k] = ((r + k as isize * dr) * side + c + k as isize * dc) as usize;
                        k += 1;
                    }
                    n += 1;
                }
                c += 1;
            }
            r += 1;
        }
        d += 1;
    }
    out
}

/// The 55 cards: 1–12 four times each, 13–19 once each, sorted ascending.
pub fn deck() -> Vec<u8> {
    let mut cards: Vec<u8> = (1..=12u8).flat_map(|v| [v; 4]).chain(13..=19).collect();
    crate::engine::sort::sort(&mut cards);
    cards
}

/// Per card value (index 0..=19), how often it is in the deck.
pub(crate) fn deck_counts() -> [u8; 20] {
    let mut counts = [0u8; 20];
    for (value, count) in counts.iter_mut().enumerate() {
        *count = match value {
            1..=12 => 4,
            13..=19 => 1,
            _ => 0,
        };
    }
    counts
}

/// The player who has strictly more stones than every other player in `counts` (one stone alone
/// suffices), if any. Entries beyond `players` are ignored; missing entries count as 0.
pub fn majority(counts: &[u8], players: usize) -> Option<usize> {
    let (mut best, mut best_count, mut tied) = (None, 0u8, false);
    for p in 0..players {
        let c = counts.get(p).copied().unwrap_or(0);
        if c > best_count {
            best = Some(p);
            best_count = c;
            tied = false;
        } else if c == best_count && c > 0 {
            tied = true;
        }
    }
    if tied {
        None
    } else {
        best
    }
}

/// The end-of-game tally when nobody completed a line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scoring {
    /// Per player: the field numbers they keep, descending.
    pub kept: Vec<Vec<u8>>,
    /// Per player: the sum of the kept field numbers.
    pub sums: Vec<u32>,
    pub outcome: Outcome,
}

/// The end scoring: on every field only the player with strictly the most stones keeps it (a tie
/// at the top clears the field); each player adds up the numbers of the fields they keep. The
/// highest sum wins; equal top sums are decided by who keeps the highest-numbered field; if that
/// does not decide (the tied players keep nothing), the game is a draw.
///
/// `stones[cell][player]`; missing cells or players count as empty.
pub fn score_board(layout: &[u8; CELLS], stones: &[Vec<u8>], players: usize) -> Scoring {
    let mut kept: Vec<Vec<u8>> = vec![Vec::new(); players];
    for (cell, &number) in layout.iter().enumerate() {
        let counts = stones.get(cell).map(Vec::as_slice).unwrap_or(&[]);
        if let Some(list) = majority(counts, players).and_then(|p| kept.get_mut(p)) {
            list.push(number);
        }
    }
    for list in &mut kept {
        crate::engine::sort::sort_by(list, |a, b| b.cmp(a));
    }
    let sums: Vec<u32> = kept.iter().map(|k| k.iter().map(|&n| u32::from(n)).sum()).collect();
    let top = sums.iter().copied().max().unwrap_or(0);
    let tied: Vec<usize> = (0..players).filter(|&p| sums.get(p) == Some(&top)).collect();
    let outcome = if let [only] = tied.as_slice() {
        Outcome::Winners(vec![*only])
    } else {
        // Highest kept field among the tied players; decides only if exactly one keeps it.
        let best_field = |p: usize| kept.get(p).and_then(|k| k.first().copied()).unwrap_or(0);
        let best = tied.iter().map(|&p| best_field(p)).max().unwrap_or(0);
        let holders: Vec<usize> = tied.iter().copied().filter(|&p| best > 0 && best_field(p) == best).collect();
        match holders.as_slice() {
            [only] => Outcome::Winners(vec![*only]),
            _ => Outcome::Draw,
        }
    };
    Scoring { kept, sums, outcome }
}
