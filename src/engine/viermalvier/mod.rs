//! Vier mal Vier (Holzinsel, Wolfgang Panning): two players build one wall of at most 4 × 4
//! two-faced stones between them; each looks at their own side. Four same or four different
//! shapes in a line on a side end the game.
//!
//! Rules as in the rulebook with the project's rulings in docs/rules.md (the stone
//! set is [`STONES`]). Decisions the texts leave open:
//! - Wall coordinates are as seen from side 0 (player 0's chair): columns left to right, rows
//!   bottom to top. Side 1 sees the same wall mirrored.
//! - Three-runs are windows of three adjacent cells in a row, column or diagonal, counted per
//!   position (four same shapes in a line are two three-runs). In match scoring the loser also
//!   gets 1 point per four-row of same shapes, on top of its three-runs (the rulebook's "ebenfalls").
//! - Profi rule: an objection, a consented take-back and an announcement are moves of the player
//!   to move. A take-back, like an objection, is only possible for a stone that made the complete
//!   wall impossible. A finished game (four-row, or no stone fits) is final.
//! - Match: every game's record is kept; between games the next start player (they alternate)
//!   starts the next game with `Move::NextGame`.

mod determinize;
#[cfg(test)]
mod examples;
#[cfg(test)]
mod guide;
mod position;
#[cfg(test)]
mod tests;

pub use determinize::{Observation, Wall};

use crate::engine::{EventJson, Game, GameKind, Outcome, PlayerIdx, SetupError};
use serde::{Deserialize, Serialize};

pub const WIDTH: usize = 4;
pub const HEIGHT: usize = 4;
pub const STONE_COUNT: usize = 16;
/// Shape letters, as named in the rulebook by their look from above.
pub const SHAPES: [char; 4] = ['T', 'U', 'V', 'W'];
/// Points for a four-row win in match scoring.
pub const MATCH_WIN_POINTS: u32 = 7;

/// One stone: its colour (0–3) and the shapes on its two faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stone {
    pub color: u8,
    pub faces: [u8; 2],
}

const fn stone(color: u8, a: u8, b: u8) -> Stone {
    Stone { color, faces: [a, b] }
}
const T: u8 = 0;
const U: u8 = 1;
const V: u8 = 2;
const W: u8 = 3;

/// The 16 stones (docs/rules.md): every ordered pair of shapes once; every colour shows each
/// shape once per face. Index = stone id.
pub const STONES: [Stone; STONE_COUNT] = [
    stone(0, T, T),
    stone(0, U, V),
    stone(0, V, W),
    stone(0, W, U),
    stone(1, U, U),
    stone(1, T, W),
    stone(1, W, V),
    stone(1, V, T),
    stone(2, V, V),
    stone(2, T, U),
    stone(2, U, W),
    stone(2, W, T),
    stone(3, W, W),
    stone(3, T, V),
    stone(3, V, U),
    stone(3, U, T),
];

/// The two sides of the wall; side `p` is player `p`'s.
pub type Side = usize;

/// How much of the wall the players see.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum View {
    /// The original: each player sees their own side, the tops and the Tafeln.
    #[default]
    Hidden,
    /// Both sides shown side by side.
    Open,
}

impl crate::named::Named for View {
    const NAMES: &'static [(Self, &'static str)] = &[(View::Hidden, "hidden"), (View::Open, "open")];
}

crate::named_deserialize!(View);

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    pub view: View,
    /// The remaining stones lie in a heap instead of sorted on the four Tafeln.
    pub without_tafeln: bool,
    /// Objections, take-backs and the announcement (Profiregel).
    pub profi: bool,
    /// Games in the match; 1 is a single game.
    pub games: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options { view: View::Hidden, without_tafeln: false, profi: false, games: 1 }
    }
}

/// Where a stone goes, in side-0 coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Spot {
    /// A new bottom stone at the left end (the first stone: either end).
    Left,
    /// A new bottom stone at the right end.
    Right,
    /// On top of column `n` (0 = leftmost).
    On(usize),
}

/// A stone in the wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placed {
    pub stone: u8,
    /// Which face (0/1) looks at side 0; the other looks at side 1.
    pub front: u8,
}

impl Placed {
    pub fn shape_toward(self, side: Side) -> u8 {
        let faces = STONES[usize::from(self.stone) % STONE_COUNT].faces;
        faces[usize::from((self.front + u8::from(side == 1)) % 2)]
    }
    pub fn color(self) -> u8 {
        STONES[usize::from(self.stone) % STONE_COUNT].color
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Take `stone`, turn `face` (0/1) toward yourself, put it on `spot`.
    Place { stone: u8, face: u8, spot: Spot },
    /// Profi: the opponent's last stone made a complete wall impossible – it goes back.
    Object,
    /// Profi: the opponent asked to take back their last stone (which made a complete wall
    /// impossible) and the player to move agrees.
    AllowTakeBack,
    /// Profi: "the wall can no longer be completed" – no more objections.
    Announce,
    /// Match: start the next game.
    NextGame,
}

/// The face of a stone toward `player`, from the face toward side 0 that an event stores (a
/// move names the face toward the mover).
fn face_toward(player: PlayerIdx, front: u8) -> u8 {
    if player == 0 {
        front
    } else {
        1 - front.min(1)
    }
}

/// A line of four cells on one side, as (column, row) in side-0 coordinates.
pub type Line = [(usize, usize); 4];

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameEnd {
    /// Four-rows appeared; `winner` by the rulebook; `lines` per side.
    FourRow { winner: PlayerIdx, mover: PlayerIdx, lines: Vec<(Side, Line)> },
    /// No stone fits any more: three-runs per player.
    Blocked { points: [u32; 2] },
}

/// One finished game of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    pub start: PlayerIdx,
    pub end: GameEnd,
    pub stones: usize,
    /// Match points per player for this game.
    pub points: [u32; 2],
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Placed {
        player: PlayerIdx,
        stone: u8,
        front: u8,
        spot: Spot,
        /// Where it landed: (column, row) in side-0 coordinates after the move.
        at: (usize, usize),
        /// Columns of the wall after the move.
        width: usize,
    },
    /// The stone went back to its Tafel; `player` moves again.
    Objected {
        by: PlayerIdx,
        player: PlayerIdx,
        stone: u8,
    },
    TookBack {
        player: PlayerIdx,
        stone: u8,
    },
    Announced {
        by: PlayerIdx,
    },
    NextGame {
        game: usize,
        start: PlayerIdx,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    GameOver,
    NoSuchStone {
        stone: u8,
    },
    StoneUsed {
        stone: u8,
    },
    BadFace,
    /// The wall is 4 wide already, or that column is full / does not exist.
    NoRoom,
    /// The colour rule: the stone's colour is already in that row (`in_row`) or column, on the
    /// stone at `at` (in the coordinates the wall would have after the move, like `landing`).
    Colour {
        color: u8,
        in_row: bool,
        at: (usize, usize),
    },
    /// An objection or take-back needs the Profi rule, a last stone of the opponent, and that
    /// stone must have made the complete wall impossible.
    NothingToObject,
    ObjectionUnfounded,
    AlreadyAnnounced,
    /// The wall can still be completed.
    AnnouncementWrong,
    /// `NextGame` only between the games of a match; a game in progress must be played.
    NotBetweenGames,
    GameRunning,
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RuleError::GameOver => f.write_str("the game is over"),
            RuleError::NoSuchStone { stone } => write!(f, "there is no stone {stone}"),
            RuleError::StoneUsed { stone } => write!(f, "stone {stone} is already in the wall"),
            RuleError::BadFace => f.write_str("a stone has faces 0 and 1"),
            RuleError::NoRoom => f.write_str("no room there (at most 4 × 4)"),
            RuleError::Colour { in_row: true, .. } => f.write_str("that colour is already in the row"),
            RuleError::Colour { .. } => f.write_str("that colour is already in the column"),
            RuleError::NothingToObject => f.write_str("there is no stone to object to"),
            RuleError::ObjectionUnfounded => f.write_str("the wall can still be completed"),
            RuleError::AlreadyAnnounced => f.write_str("already announced"),
            RuleError::AnnouncementWrong => f.write_str("the wall can still be completed"),
            RuleError::NotBetweenGames => f.write_str("no next game to start"),
            RuleError::GameRunning => f.write_str("the game is still running"),
        }
    }
}

impl std::error::Error for RuleError {}

/// The last stone, as long as it may still be objected to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct LastStone {
    player: PlayerIdx,
    placed: Placed,
    spot: Spot,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VierMalVier {
    options: Options,
    seed: u64,
    /// Columns left to right (side 0's view), each bottom to top.
    wall: Vec<Vec<Placed>>,
    start: PlayerIdx,
    to_move: PlayerIdx,
    turn: u32,
    last: Option<LastStone>,
    announced: bool,
    end: Option<GameEnd>,
    /// Finished games of the match (the current one included once it is over).
    records: Vec<GameRecord>,
}

impl VierMalVier {
    // ----- reading ---------------------------------------------------------------------------

    pub fn wall(&self) -> &[Vec<Placed>] {
        &self.wall
    }

    pub fn width(&self) -> usize {
        self.wall.len()
    }

    pub fn at(&self, col: usize, row: usize) -> Option<Placed> {
        self.wall.get(col).and_then(|c| c.get(row)).copied()
    }

    /// Stones in the wall.
    pub fn stones_placed(&self) -> usize {
        self.wall.iter().map(Vec::len).sum()
    }

    pub fn is_used(&self, stone: u8) -> bool {
        self.wall.iter().flatten().any(|p| p.stone == stone)
    }

    /// Stones not yet in the wall, by id.
    pub fn remaining(&self) -> Vec<u8> {
        (0..STONE_COUNT as u8).filter(|&s| !self.is_used(s)).collect()
    }

    pub fn end(&self) -> Option<&GameEnd> {
        self.end.as_ref()
    }

    pub fn records(&self) -> &[GameRecord] {
        &self.records
    }

    pub fn start_player(&self) -> PlayerIdx {
        self.start
    }

    pub fn announced(&self) -> bool {
        self.announced
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The match is decided (all games played).
    pub fn match_over(&self) -> bool {
        self.end.is_some() && self.records.len() >= usize::from(self.options.games.max(1))
    }

    /// Match points per player so far.
    pub fn match_points(&self) -> [u32; 2] {
        self.records.iter().fold([0, 0], |acc, r| [acc[0] + r.points[0], acc[1] + r.points[1]])
    }

    /// The player who placed the last stone, while it may still be objected to.
    pub fn last_stone(&self) -> Option<(PlayerIdx, Placed)> {
        self.last.map(|l| (l.player, l.placed))
    }

    /// Whether the opponent's last stone may go back now (Profi rule): the player to move may
    /// object to it or allow its owner's request to take it back. Exactly when
    /// [`Move::Object`] and [`Move::AllowTakeBack`] are legal moves.
    pub fn take_back_allowed(&self) -> bool {
        self.end.is_none() && self.check_take_back(self.to_move).is_ok()
    }

    /// Shapes on `side`, as a grid `[col][row]` in that side's own view (side 1 mirrored).
    pub fn view_of(&self, side: Side) -> Vec<Vec<Option<u8>>> {
        let mut cols: Vec<Vec<Option<u8>>> =
            self.wall.iter().map(|c| (0..HEIGHT).map(|r| c.get(r).map(|p| p.shape_toward(side))).collect()).collect();
        if side == 1 {
            cols.reverse();
        }
        cols
    }

    /// Where a stone on `spot` would land, (column, row) in side-0 coordinates after the move.
    pub fn landing(&self, spot: Spot) -> Result<(usize, usize), RuleError> {
        match spot {
            Spot::Left | Spot::Right if self.width() >= WIDTH => Err(RuleError::NoRoom),
            Spot::Left => Ok((0, 0)),
            Spot::Right => Ok((self.width(), 0)),
            Spot::On(c) => match self.wall.get(c) {
                Some(col) if col.len() < HEIGHT => Ok((c, col.len())),
                _ => Err(RuleError::NoRoom),
            },
        }
    }

    /// Checks the colour rule for `stone` on `spot`.
    pub fn check_spot(&self, stone: u8, spot: Spot) -> Result<(usize, usize), RuleError> {
        let color = STONES.get(usize::from(stone)).ok_or(RuleError::NoSuchStone { stone })?.color;
        let (col, row) = self.landing(spot)?;
        // Existing columns keep their index unless the new stone opens a column on the left.
        let shift = usize::from(spot == Spot::Left);
        for (c, column) in self.wall.iter().enumerate() {
            if let Some(p) = column.get(row) {
                if p.color() == color {
                    return Err(RuleError::Colour { color, in_row: true, at: (c + shift, row) });
                }
            }
        }
        if let Spot::On(c) = spot {
            if let Some(r) = self.wall[c].iter().position(|p| p.color() == color) {
                return Err(RuleError::Colour { color, in_row: false, at: (c, r) });
            }
        }
        Ok((col, row))
    }

    /// Every spot a stone could be put on by the wall's shape (the colour rule aside; a spot
    /// with no room is refused by `landing`).
    pub fn spots(&self) -> Vec<Spot> {
        let mut spots = vec![Spot::Right];
        if !self.wall.is_empty() {
            spots.push(Spot::Left);
        }
        spots.extend((0..self.width()).map(Spot::On));
        spots
    }

    /// Every spot `stone` may go to now.
    pub fn spots_for(&self, stone: u8) -> Vec<Spot> {
        self.spots().into_iter().filter(|&s| self.check_spot(stone, s).is_ok()).collect()
    }

    fn any_placement(&self) -> bool {
        self.remaining().into_iter().any(|s| !self.spots_for(s).is_empty())
    }

    /// Whether the wall can still grow to all 16 stones (exact: a partial Latin square of colours).
    pub fn completable(&self) -> bool {
        completable(&self.wall)
    }

    /// The full lines of four on `side` that `keep` accepts, by their four shapes.
    fn lines_on(&self, side: Side, keep: impl Fn(&[u8]) -> bool) -> Vec<Line> {
        lines4(self.width())
            .into_iter()
            .filter(|line| {
                let shapes: Option<Vec<u8>> =
                    line.iter().map(|&(c, r)| self.at(c, r).map(|p| p.shape_toward(side))).collect();
                shapes.is_some_and(|s| keep(&s))
            })
            .collect()
    }

    /// Four-rows on `side`: every line of 4 cells that holds 4 same or 4 different shapes.
    pub fn four_rows(&self, side: Side) -> Vec<Line> {
        self.lines_on(side, |s| all_same(s) || all_different(s))
    }

    /// Four-rows of four same shapes on `side`.
    pub fn same_four_rows(&self, side: Side) -> u32 {
        u32::try_from(self.lines_on(side, all_same).len()).unwrap_or(0)
    }

    /// Runs of three adjacent same shapes on `side` (rows, columns, diagonals; per position).
    pub fn three_runs(&self, side: Side) -> u32 {
        u32::try_from(self.three_run_cells(side).len()).unwrap_or(u32::MAX)
    }

    /// The runs [`three_runs`](Self::three_runs) counts: each as its first and last cell
    /// (column, row) in side-0 coordinates.
    pub fn three_run_cells(&self, side: Side) -> Vec<((usize, usize), (usize, usize))> {
        let shape = |c: i32, r: i32| -> Option<u8> {
            let (c, r) = (usize::try_from(c).ok()?, usize::try_from(r).ok()?);
            self.at(c, r).map(|p| p.shape_toward(side))
        };
        let mut runs = Vec::new();
        for c in 0..WIDTH as i32 {
            for r in 0..HEIGHT as i32 {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let s = [shape(c, r), shape(c + dc, r + dr), shape(c + 2 * dc, r + 2 * dr)];
                    if let [Some(a), Some(b), Some(d)] = s {
                        if a == b && b == d {
                            // In range: `shape` found stones at all three.
                            runs.push(((c as usize, r as usize), ((c + 2 * dc) as usize, (r + 2 * dr) as usize)));
                        }
                    }
                }
            }
        }
        runs
    }

    // ----- changing --------------------------------------------------------------------------

    fn put(&mut self, placed: Placed, spot: Spot) {
        match spot {
            Spot::Left => self.wall.insert(0, vec![placed]),
            Spot::Right => self.wall.push(vec![placed]),
            Spot::On(c) => self.wall[c].push(placed),
        }
    }

    fn lift(&mut self, spot: Spot) {
        match spot {
            Spot::Left => {
                self.wall.remove(0);
            }
            Spot::Right => {
                self.wall.pop();
            }
            Spot::On(c) => {
                self.wall[c].pop();
            }
        }
    }

    /// Checks that the opponent's last stone may go back (Profi rule).
    fn check_take_back(&self, player: PlayerIdx) -> Result<LastStone, RuleError> {
        let last = self
            .last
            .filter(|l| self.options.profi && !self.announced && l.player != player)
            .ok_or(if self.announced { RuleError::AlreadyAnnounced } else { RuleError::NothingToObject })?;
        if self.completable() {
            return Err(RuleError::ObjectionUnfounded);
        }
        let mut before = self.clone();
        before.lift(last.spot);
        if !before.completable() {
            // It was already impossible before: this stone did not make it so.
            return Err(RuleError::ObjectionUnfounded);
        }
        Ok(last)
    }

    /// Ends the game: four-rows after `mover`'s stone, or no stone fits any more.
    fn check_end(&mut self, mover: PlayerIdx) {
        let other = 1 - mover;
        let mine = self.four_rows(mover);
        let theirs = self.four_rows(other);
        let end = if !mine.is_empty() || !theirs.is_empty() {
            let winner = if theirs.is_empty() { mover } else { other };
            let lines = mine.into_iter().map(|l| (mover, l)).chain(theirs.into_iter().map(|l| (other, l))).collect();
            GameEnd::FourRow { winner, mover, lines }
        } else if !self.any_placement() {
            GameEnd::Blocked { points: [self.three_runs(0), self.three_runs(1)] }
        } else {
            return;
        };
        let points = match &end {
            GameEnd::FourRow { winner, .. } => {
                let loser = 1 - winner;
                let mut p = [0, 0];
                p[*winner] = MATCH_WIN_POINTS;
                p[loser] = self.three_runs(loser) + self.same_four_rows(loser);
                p
            }
            GameEnd::Blocked { points } => *points,
        };
        self.records.push(GameRecord { start: self.start, end: end.clone(), stones: self.stones_placed(), points });
        self.end = Some(end);
        self.last = None;
    }

    pub fn from_position(s: &str) -> Result<Self, String> {
        position::parse(s)
    }
}

fn all_same(s: &[u8]) -> bool {
    s.windows(2).all(|w| w[0] == w[1])
}

fn all_different(s: &[u8]) -> bool {
    (0..s.len()).all(|i| !s[..i].contains(&s[i]))
}

/// The lines of four a wall `width` wide has: columns always; rows and diagonals at full width.
fn lines4(width: usize) -> Vec<Line> {
    let mut lines: Vec<Line> = (0..width).map(|c| [(c, 0), (c, 1), (c, 2), (c, 3)]).collect();
    if width == WIDTH {
        lines.extend((0..HEIGHT).map(|r| [(0, r), (1, r), (2, r), (3, r)]));
        lines.push([(0, 0), (1, 1), (2, 2), (3, 3)]);
        lines.push([(0, 3), (1, 2), (2, 1), (3, 0)]);
    }
    lines
}

/// Partial Latin square completion. Where the bottom row will finally sit does not matter:
/// permuting the columns of a Latin square gives a Latin square, so the wall is tried at the left.
pub fn completable(wall: &[Vec<Placed>]) -> bool {
    if wall.len() > WIDTH {
        return false;
    }
    let mut grid = [[None::<u8>; WIDTH]; HEIGHT];
    for (c, column) in wall.iter().enumerate() {
        for (r, p) in column.iter().enumerate() {
            grid[r][c] = Some(p.color());
        }
    }
    fill(&mut grid, 0)
}

fn fill(grid: &mut [[Option<u8>; WIDTH]; HEIGHT], at: usize) -> bool {
    if at == WIDTH * HEIGHT {
        return true;
    }
    let (r, c) = (at / WIDTH, at % WIDTH);
    if grid[r][c].is_some() {
        return fill(grid, at + 1);
    }
    for color in 0..4u8 {
        let clash = (0..WIDTH).any(|x| grid[r][x] == Some(color)) || (0..HEIGHT).any(|y| grid[y][c] == Some(color));
        if !clash {
            grid[r][c] = Some(color);
            if fill(grid, at + 1) {
                return true;
            }
            grid[r][c] = None;
        }
    }
    false
}

impl Game for VierMalVier {
    /// The first stone goes to either end of the empty wall alike: listed at the right end.
    fn choice(&self, mv: &Move) -> Move {
        match *mv {
            Move::Place { stone, face, spot: Spot::Left } if self.wall.is_empty() => {
                Move::Place { stone, face, spot: Spot::Right }
            }
            _ => mv.clone(),
        }
    }

    type Move = Move;
    type Error = RuleError;
    type Event = Event;
    type Options = Options;

    const KIND: GameKind = GameKind::VierMalVier;

    fn new(players: usize, options: Options, seed: u64) -> Result<Self, SetupError> {
        Self::KIND.check_players(players)?;
        if options.games == 0 || options.games > 20 {
            return Err(SetupError::Invalid("a match has 1 to 20 games".into()));
        }
        Ok(VierMalVier {
            options,
            seed,
            wall: Vec::new(),
            start: 0,
            to_move: 0,
            turn: 0,
            last: None,
            announced: false,
            end: None,
            records: Vec::new(),
        })
    }

    fn seed(&self) -> u64 {
        self.seed
    }

    fn event_player(event: &Event) -> Option<PlayerIdx> {
        match *event {
            Event::Placed { player, .. } => Some(player),
            // The player who spoke: the objector, the one who allowed the take-back, the announcer.
            Event::Objected { by, .. } | Event::Announced { by } => Some(by),
            Event::TookBack { player, .. } => Some(1 - player.min(1)),
            Event::NextGame { .. } => None,
        }
    }

    fn event_move(event: &Event) -> Move {
        match *event {
            Event::Placed { player, stone, front, spot, .. } => {
                Move::Place { stone, face: face_toward(player, front), spot }
            }
            Event::Objected { .. } => Move::Object,
            Event::TookBack { .. } => Move::AllowTakeBack,
            Event::Announced { .. } => Move::Announce,
            Event::NextGame { .. } => Move::NextGame,
        }
    }

    /// Nothing in Vier mal Vier is left to chance: every stone is on a Tafel in sight.
    fn reshuffle_unseen(&mut self, nonce: u64) {
        let _ = nonce;
    }

    fn json_event_move(event: &EventJson<'_>) -> Option<Move> {
        Some(match event.variant {
            "Placed" => {
                let face = face_toward(event.field("player")?, event.field("front")?);
                Move::Place { stone: event.field("stone")?, face, spot: event.field("spot")? }
            }
            "Objected" => Move::Object,
            "TookBack" => Move::AllowTakeBack,
            "Announced" => Move::Announce,
            "NextGame" => Move::NextGame,
            _ => return None,
        })
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn player_count(&self) -> usize {
        2
    }

    fn to_move(&self) -> Option<PlayerIdx> {
        if self.match_over() {
            None
        } else if self.end.is_some() {
            // Between games: the next game's start player starts it.
            Some(1 - self.start)
        } else {
            Some(self.to_move)
        }
    }

    fn legal_moves(&self) -> Vec<Move> {
        let Some(player) = self.to_move() else { return Vec::new() };
        if self.end.is_some() {
            return vec![Move::NextGame];
        }
        let mut moves: Vec<Move> = self
            .remaining()
            .into_iter()
            .flat_map(|stone| {
                self.spots_for(stone)
                    .into_iter()
                    .flat_map(move |spot| (0..2).map(move |face| Move::Place { stone, face, spot }))
            })
            .collect();
        if self.check_take_back(player).is_ok() {
            moves.push(Move::Object);
            moves.push(Move::AllowTakeBack);
        }
        if self.options.profi && !self.announced && !self.completable() {
            moves.push(Move::Announce);
        }
        moves
    }

    fn apply(&mut self, mv: &Move) -> Result<Event, RuleError> {
        let player = self.to_move().ok_or(RuleError::GameOver)?;
        if self.end.is_some() && *mv != Move::NextGame {
            return Err(RuleError::GameOver);
        }
        let event = match *mv {
            Move::Place { stone, face, spot } => {
                if usize::from(stone) >= STONE_COUNT {
                    return Err(RuleError::NoSuchStone { stone });
                }
                if self.is_used(stone) {
                    return Err(RuleError::StoneUsed { stone });
                }
                if face > 1 {
                    return Err(RuleError::BadFace);
                }
                let at = self.check_spot(stone, spot)?;
                // `face` looks at the mover; store the face that looks at side 0.
                let front = if player == 0 { face } else { 1 - face };
                let placed = Placed { stone, front };
                self.put(placed, spot);
                // Only an objection or take-back needs the last stone (Profi rule, not announced).
                self.last = (self.options.profi && !self.announced).then_some(LastStone { player, placed, spot });
                self.to_move = 1 - player;
                self.check_end(player);
                Event::Placed { player, stone, front, spot, at, width: self.width() }
            }
            Move::Object | Move::AllowTakeBack => {
                let last = self.check_take_back(player)?;
                self.lift(last.spot);
                self.last = None;
                self.to_move = last.player;
                if *mv == Move::Object {
                    Event::Objected { by: player, player: last.player, stone: last.placed.stone }
                } else {
                    Event::TookBack { player: last.player, stone: last.placed.stone }
                }
            }
            Move::Announce => {
                if !self.options.profi {
                    return Err(RuleError::NothingToObject);
                }
                if self.announced {
                    return Err(RuleError::AlreadyAnnounced);
                }
                if self.completable() {
                    return Err(RuleError::AnnouncementWrong);
                }
                self.announced = true;
                self.last = None;
                Event::Announced { by: player }
            }
            Move::NextGame => {
                if self.end.is_none() {
                    return Err(RuleError::GameRunning);
                }
                let start = 1 - self.start;
                self.wall.clear();
                self.start = start;
                self.to_move = start;
                self.last = None;
                self.announced = false;
                self.end = None;
                Event::NextGame { game: self.records.len() + 1, start }
            }
        };
        self.turn = self.turn.saturating_add(1);
        Ok(event)
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.match_over() {
            return None;
        }
        let points = if self.options.games > 1 {
            self.match_points()
        } else {
            match self.end.as_ref()? {
                GameEnd::FourRow { winner, .. } => return Some(Outcome::Winners(vec![*winner])),
                GameEnd::Blocked { points } => *points,
            }
        };
        Some(match points[0].cmp(&points[1]) {
            std::cmp::Ordering::Greater => Outcome::Winners(vec![0]),
            std::cmp::Ordering::Less => Outcome::Winners(vec![1]),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    fn turn(&self) -> u32 {
        self.turn
    }

    /// In the hidden view the far side is secret while a game runs.
    fn has_hidden_information(&self) -> bool {
        self.options.view == View::Hidden && self.end.is_none()
    }

    fn board_is_private(&self) -> bool {
        self.has_hidden_information()
    }

    /// The games of the match finished (one more with each) and this game's announcement.
    fn table_decisions(&self) -> u64 {
        (self.records.len() as u64) << 1 | u64::from(self.announced)
    }

    fn validate(&self) -> Result<(), String> {
        position::validate(self)
    }
}
