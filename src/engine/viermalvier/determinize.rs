//! What a seat sees of Vier mal Vier, and states that look the same from there.
//!
//! In the open view, and in the hidden view once a game is over, nothing is hidden. In the hidden
//! view a player sees their own side of the wall (colour and shape of every stone), the tops of
//! the topmost stones (which show the shapes on both faces, so a topmost stone is known exactly)
//! and the Tafeln or the heap (which stones are gone, hence the set of stones in the wall). Not
//! seen: which of the candidate stones stands on a position below the top. A stone is fixed by
//! its colour and its ordered pair of faces, so a position showing colour `c` and shape `x`
//! holds one of the (at most two) stones of colour `c` with `x` on a face, turned with `x` to
//! the observer. A consistent far side is an assignment of the wall's hidden stones to the
//! hidden positions that keeps every colour and every observer-side shape and, since the game
//! still runs, makes no four-row on either side.

use super::{Placed, Side, VierMalVier, View, STONES, STONE_COUNT};
use crate::engine::determinize::Determinize;
use crate::engine::PlayerIdx;
use rand::Rng;

/// The state with what the observer cannot see blanked: a stone below the top (hidden view)
/// becomes the lowest-numbered stone that looks the same from the observer's side, the double
/// stones' turn (invisible) is normalised, the seed is 0; plus the set of stones in the wall
/// (the Tafeln).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation {
    seen: VierMalVier,
    in_wall: Vec<u8>,
}

impl Observation {
    /// The game as the seat sees it: each stone below the top (hidden view, running game) is the
    /// lowest-numbered stone that looks the same from the seat's side, the seed 0 (the screens
    /// read only this, never the real state).
    pub fn state(&self) -> &VierMalVier {
        &self.seen
    }

    /// Whether `stone` is in the wall (public: it has left its Tafel). Not `state().is_used`:
    /// the stones below the top stand for others there.
    pub fn is_used(&self, stone: u8) -> bool {
        self.in_wall.contains(&stone)
    }
}

/// A wall: columns left to right (side 0's view), each bottom to top.
pub type Wall = Vec<Vec<Placed>>;
/// Stones for hidden positions: ((column, row), stone turned).
type Assignment = Vec<((usize, usize), Placed)>;

/// The side `observer` looks at (a seat outside the game looks at side 0: the screens draw no
/// side for nobody in the hidden view, and its log lines name no shape).
fn side_of(observer: PlayerIdx) -> Side {
    if observer == 1 {
        1
    } else {
        0
    }
}

/// `stone` turned so that shape `shape` looks at `side`, if it has that shape (the first such
/// face for a double stone).
fn turned_toward(stone: u8, shape: u8, side: Side) -> Option<Placed> {
    let faces = STONES.get(usize::from(stone))?.faces;
    let k = faces.iter().position(|&f| f == shape)?;
    let front = u8::try_from((k + side) % 2).ok()?;
    Some(Placed { stone, front })
}

/// The same stone with the turn of a double stone (both faces alike) normalised.
fn normalised(p: Placed) -> Placed {
    let faces = STONES[usize::from(p.stone) % STONE_COUNT].faces;
    if faces[0] == faces[1] {
        Placed { stone: p.stone, front: 0 }
    } else {
        p
    }
}

/// Every order of `items`.
fn permutations(items: &[u8]) -> Vec<Vec<u8>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, first);
            out.push(tail);
        }
    }
    out
}

impl VierMalVier {
    /// Whether both faces of every stone in the wall are in view (open view, or the game is over).
    fn wall_open(&self) -> bool {
        self.options.view == View::Open || self.end.is_some()
    }

    /// Whether the stone at (column, row) shows `observer` only one face.
    fn hidden_from(&self, col: usize, row: usize) -> bool {
        !self.wall_open() && self.wall.get(col).is_some_and(|c| row + 1 < c.len())
    }

    /// Every wall `observer` cannot tell apart from the real one (the real one included), each
    /// once: in the hidden view the wall's hidden stones assigned to the hidden positions in
    /// every way that keeps colours and the observer's side and makes no four-row; otherwise
    /// only the real wall.
    pub fn consistent_walls(&self, observer: PlayerIdx) -> Vec<Wall> {
        let side = side_of(observer);
        // Per colour: the hidden positions and every fitting assignment of their stones.
        let mut per_colour: Vec<Vec<Assignment>> = Vec::new();
        for colour in 0..4u8 {
            let positions: Vec<(usize, usize)> = self
                .wall
                .iter()
                .enumerate()
                .flat_map(|(c, column)| (0..column.len()).map(move |r| (c, r)))
                .filter(|&(c, r)| self.hidden_from(c, r) && self.wall[c][r].color() == colour)
                .collect();
            if positions.is_empty() {
                continue;
            }
            let stones: Vec<u8> = positions.iter().map(|&(c, r)| self.wall[c][r].stone).collect();
            let assignments: Vec<Assignment> = permutations(&stones)
                .into_iter()
                .filter_map(|order| {
                    positions
                        .iter()
                        .zip(order)
                        .map(|(&(c, r), stone)| {
                            let real = self.wall[c][r];
                            let placed = if stone == real.stone {
                                Some(real)
                            } else {
                                turned_toward(stone, real.shape_toward(side), side)
                            };
                            placed.map(|p| ((c, r), p))
                        })
                        .collect()
                })
                .collect();
            per_colour.push(assignments);
        }
        // Every combination over the colours, without four-rows (the game would have ended).
        let mut walls = vec![self.wall.clone()];
        for assignments in &per_colour {
            let mut grown = Vec::with_capacity(walls.len() * assignments.len());
            for wall in &walls {
                for assignment in assignments {
                    let mut w = wall.clone();
                    for &((c, r), p) in assignment {
                        w[c][r] = p;
                    }
                    grown.push(w);
                }
            }
            walls = grown;
        }
        if self.end.is_none() {
            let mut probe = self.clone();
            walls.retain(|w| {
                probe.wall.clone_from(w);
                probe.four_rows(0).is_empty() && probe.four_rows(1).is_empty()
            });
        }
        walls
    }
}

impl Determinize for VierMalVier {
    type Observation = Observation;

    fn observation(&self, observer: PlayerIdx) -> Observation {
        let side = side_of(observer);
        let mut seen = self.clone();
        seen.seed = 0;
        for (c, column) in seen.wall.iter_mut().enumerate() {
            for (r, p) in column.iter_mut().enumerate() {
                *p = if self.hidden_from(c, r) {
                    let shape = p.shape_toward(side);
                    let colour = p.color();
                    (0..STONE_COUNT as u8)
                        .filter(|&s| STONES[usize::from(s)].color == colour)
                        .find_map(|s| turned_toward(s, shape, side))
                        .unwrap_or(*p)
                } else {
                    normalised(*p)
                };
            }
        }
        if let Some(last) = seen.last.as_mut() {
            last.placed = normalised(last.placed);
        }
        let mut in_wall: Vec<u8> = self.wall.iter().flatten().map(|p| p.stone).collect();
        crate::engine::sort::sort(&mut in_wall);
        Observation { seen, in_wall }
    }

    /// In the hidden view a wall drawn uniformly from [`VierMalVier::consistent_walls`]; the
    /// topmost stones (the last stone among them), the Tafeln, the records and everything else
    /// stay.
    fn determinize<R: Rng + ?Sized>(&self, observer: PlayerIdx, rng: &mut R) -> VierMalVier {
        let mut next = self.clone();
        next.seed = rng.random();
        if !self.wall_open() {
            let key = |w: &Vec<Vec<Placed>>| w.iter().flatten().map(|p| (p.stone, p.front)).collect::<Vec<_>>();
            let mut walls: Vec<_> = self.consistent_walls(observer).into_iter().map(|w| (key(&w), w)).collect();
            // In a canonical order, so the pick depends only on what the observer sees.
            crate::engine::sort::sort_by(&mut walls, |a, b| a.0.cmp(&b.0));
            if !walls.is_empty() {
                let pick = rng.random_range(0..walls.len());
                next.wall = walls.swap_remove(pick).1;
            }
        }
        next
    }
}
