//! The pattern of the nine gold tiles: one per row and column, optionally one per block.

use super::{block, col, row, SIZE};
use rand::seq::SliceRandom;
use rand_pcg::Pcg64Mcg;

/// Completes the gold cells `placed` to nine cells with one per row and column (and block when
/// `per_block`), trying columns in random order when `rng` is given, in order otherwise.
/// `None` when `placed` already breaks the pattern or cannot be completed.
pub fn complete(placed: &[usize], per_block: bool, rng: Option<&mut Pcg64Mcg>) -> Option<Vec<usize>> {
    let mut cells = placed.to_vec();
    if !fits(&cells, per_block) {
        return None;
    }
    let mut orders: Vec<Vec<usize>> = (0..SIZE).map(|_| (0..SIZE).collect()).collect();
    if let Some(rng) = rng {
        for order in &mut orders {
            order.shuffle(rng);
        }
    }
    let open: Vec<usize> = (0..SIZE).filter(|&r| !cells.iter().any(|&c| row(c) == r)).collect();
    if search(&mut cells, &open, &orders, per_block) {
        crate::engine::sort::sort(&mut cells);
        Some(cells)
    } else {
        None
    }
}

/// No two cells share a row, column (or block).
pub fn fits(cells: &[usize], per_block: bool) -> bool {
    cells.iter().enumerate().all(|(i, &a)| {
        cells[..i].iter().all(|&b| row(a) != row(b) && col(a) != col(b) && !(per_block && block(a) == block(b)))
    })
}

fn search(cells: &mut Vec<usize>, open: &[usize], orders: &[Vec<usize>], per_block: bool) -> bool {
    let Some((&r, rest)) = open.split_first() else { return true };
    for &c in &orders[r] {
        let cell = r * SIZE + c;
        let free = cells.iter().all(|&o| col(o) != c && !(per_block && block(o) == block(cell)));
        if free {
            cells.push(cell);
            if search(cells, rest, orders, per_block) {
                return true;
            }
            cells.pop();
        }
    }
    false
}
