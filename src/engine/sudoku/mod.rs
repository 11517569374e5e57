//! Sudoku – Das Brettspiel (Kosmos, Reiner Knizia): place number tiles on a 9×9 board under the
//! Sudoku rule and score the tiles already lying in the same block, row and column.
//!
//! Rules as in the rulebook with the project's rulings in docs/rules.md.
//! Decisions the texts leave open:
//! - The gold tiles are set up before the first tile is drawn: at random (seeded), or by hand
//!   (`Move::Gold`, any number on any field in any order) with the start player holding the device;
//!   a hand placement is refused when it shares a row, column (or, with the option, block) with
//!   another gold tile (the rest of the pattern can then always be completed).
//! - In "table rules" the app still knows the Sudoku rule: an illegal placement is taken back at
//!   once (the tile is set aside), so the board itself never breaks the rule. The game then only
//!   ends by a correct "cannot place" claim or when every tile is used.
//! - In "assisted" mode the game ends by itself as soon as the player to move has no legal field.
//! - A correct claim ends the game with the claimant's tile still in hand (it is shown at the end).

mod determinize;
#[cfg(test)]
mod examples;
mod gold;
#[cfg(test)]
mod guide;
mod position;
#[cfg(test)]
mod tests;

pub use determinize::Observation;

use crate::engine::{rng, EventJson, Game, GameKind, Outcome, PlayerIdx, SetupError};
use serde::{Deserialize, Serialize};

/// Fields per row, column and block.
pub const SIZE: usize = 9;
pub const CELLS: usize = SIZE * SIZE;
/// Normal tiles of each number (1–9); plus one gold tile of each.
pub const COPIES: u8 = 8;
/// Spaces on the score track; passing start earns a round counter worth this much.
pub const TRACK: u32 = 40;

/// Shuffle streams: the random gold setup, the face-down tiles, a random completion of a gold
/// setup begun by hand.
const STREAM_GOLD: u64 = 0;
const STREAM_TILES: u64 = 1;
const STREAM_GOLD_REST: u64 = 2;

/// How a legal placement is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scoring {
    /// Tiles in the block, plus tiles in the row and column outside the block.
    #[default]
    Standard,
    /// Tiles in the whole row and the whole column only ("vereinfachte Wertungsvariante").
    Simple,
}

/// The tiles a placement counts, by where they lie: in the field's block, and in its row and
/// column — outside the block under the standard scoring, the whole row and column under the
/// simple one (where `block` stays 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Counted {
    pub block: u32,
    pub row: u32,
    pub column: u32,
}

impl Counted {
    /// The points: one per counted tile.
    pub fn total(self) -> u32 {
        self.block + self.row + self.column
    }
}

/// How strictly the app keeps the Sudoku rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// Only legal fields take the tile, each shows its points; the game ends by itself.
    #[default]
    Assisted,
    /// As at the table: an illegal placement or a false "cannot place" costs the tile.
    TableRules,
}

impl crate::named::Named for Scoring {
    const NAMES: &'static [(Self, &'static str)] = &[(Scoring::Standard, "standard"), (Scoring::Simple, "simple")];
}

impl crate::named::Named for Mode {
    const NAMES: &'static [(Self, &'static str)] = &[(Mode::Assisted, "assisted"), (Mode::TableRules, "table-rules")];
}

crate::named_deserialize!(Scoring, Mode);

/// Variants chosen at setup.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// The gold tiles also lie one per 3×3 block.
    pub gold_per_block: bool,
    /// The players lay the gold tiles by hand before play starts.
    pub gold_by_hand: bool,
    pub scoring: Scoring,
    pub mode: Mode,
}

/// A tile on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tile {
    pub number: u8,
    pub gold: bool,
    /// Who laid it (`None` for gold tiles).
    pub by: Option<PlayerIdx>,
}

/// A player's decision. Fields are numbered 0..81 row by row.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Gold setup by hand: lay the gold tile `number` on `cell`.
    Gold { cell: usize, number: u8 },
    /// Gold setup by hand: lay the remaining gold tiles at random.
    GoldRest,
    /// Lay the held tile on `cell`.
    Place { cell: usize },
    /// Table rules: "I cannot place my tile."
    CannotPlace,
}

/// Why a tile was set aside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SetAsideReason {
    /// Laid on `cell`, where it repeats the number of the tile on `clash`.
    Breaks { cell: usize, clash: usize },
    /// Claimed "cannot place" although `legal` (one of its legal fields) was free.
    FalseClaim { legal: usize },
}

/// What a move did, for the move log. Only public facts: the drawn tile is never in here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Gold {
        cell: usize,
        number: u8,
    },
    GoldRest {
        placed: Vec<(usize, u8)>,
    },
    Placed {
        player: PlayerIdx,
        cell: usize,
        number: u8,
        points: u32,
        /// Round counters this placement earned (passing start).
        counters: u32,
    },
    SetAside {
        player: PlayerIdx,
        number: u8,
        reason: SetAsideReason,
    },
    /// A correct "cannot place" claim: the game is over.
    Claimed {
        player: PlayerIdx,
        number: u8,
    },
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum End {
    /// The player to move had no legal field for `number` (found by the app, assisted mode).
    NoLegalField { player: PlayerIdx, number: u8 },
    /// The player to move rightly claimed to have no legal field for `number` (table rules).
    Claimed { player: PlayerIdx, number: u8 },
    /// Every tile is on the board or set aside.
    AllTilesUsed,
}

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    GameOver,
    /// A playing move while the gold tiles are still being laid.
    GoldSetupRunning,
    /// A gold move after the gold setup.
    GoldSetupDone,
    NoSuchField {
        cell: usize,
    },
    Occupied {
        cell: usize,
    },
    /// That gold tile is already on the board (or is not 1–9).
    GoldNotLeft {
        number: u8,
    },
    /// The row, column or block already holds the gold tile on `other`.
    GoldRow {
        other: usize,
    },
    GoldColumn {
        other: usize,
    },
    GoldBlock {
        other: usize,
    },
    /// Assisted mode: the held tile's number already lies on `clash` in the same row, column or block.
    Breaks {
        number: u8,
        clash: usize,
    },
    /// "Cannot place" is a table-rules move; in assisted mode the app ends the game itself.
    ClaimOnlyAtTable,
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RuleError::GameOver => f.write_str("the game is over"),
            RuleError::GoldSetupRunning => f.write_str("the gold tiles must be laid first"),
            RuleError::GoldSetupDone => f.write_str("the gold tiles are already laid"),
            RuleError::NoSuchField { cell } => write!(f, "there is no field {cell}"),
            RuleError::Occupied { cell } => write!(f, "field {} is taken", name(*cell)),
            RuleError::GoldNotLeft { number } => write!(f, "gold tile {number} is not left"),
            RuleError::GoldRow { other } => write!(f, "this row already has a gold tile ({})", name(*other)),
            RuleError::GoldColumn { other } => write!(f, "this column already has a gold tile ({})", name(*other)),
            RuleError::GoldBlock { other } => write!(f, "this block already has a gold tile ({})", name(*other)),
            RuleError::Breaks { number, clash } => write!(f, "{number} already lies on {}", name(*clash)),
            RuleError::ClaimOnlyAtTable => f.write_str("claiming is only part of the table rules"),
        }
    }
}

impl std::error::Error for RuleError {}

pub fn row(cell: usize) -> usize {
    cell / SIZE
}
pub fn col(cell: usize) -> usize {
    cell % SIZE
}
pub fn block(cell: usize) -> usize {
    row(cell) / 3 * 3 + col(cell) / 3
}

/// Readable field name: row letter A–I from the top, column 1–9 from the left ("C7").
pub fn name(cell: usize) -> String {
    let letter = char::from(b'A' + u8::try_from(row(cell) % SIZE).unwrap_or(0));
    format!("{letter}{}", col(cell) + 1)
}

/// Every other field sharing a row, column or block with `cell`.
/// The 20 other fields sharing a row, column or block with `cell` (computed once).
fn peers(cell: usize) -> impl Iterator<Item = usize> {
    static PEERS: std::sync::OnceLock<Vec<Vec<usize>>> = std::sync::OnceLock::new();
    let all = PEERS.get_or_init(|| {
        (0..CELLS)
            .map(|c| {
                (0..CELLS)
                    .filter(|&o| o != c && (row(o) == row(c) || col(o) == col(c) || block(o) == block(c)))
                    .collect()
            })
            .collect()
    });
    all.get(cell).into_iter().flatten().copied()
}

/// The nine fields of row `r`, column `c` or block `b`.
fn row_cells(r: usize) -> impl Iterator<Item = usize> {
    (0..SIZE).map(move |i| r * SIZE + i)
}
fn col_cells(c: usize) -> impl Iterator<Item = usize> {
    (0..SIZE).map(move |i| i * SIZE + c)
}
fn block_cells(b: usize) -> impl Iterator<Item = usize> {
    (0..SIZE).map(move |i| (b / 3 * 3 + i / 3) * SIZE + b % 3 * 3 + i % 3)
}

/// The complete state of a game. Plain data; saved as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sudoku {
    players: usize,
    options: Options,
    seed: u64,
    /// Row by row, 81 fields.
    board: Vec<Option<Tile>>,
    /// Face-down normal tiles; the last one is drawn next.
    supply: Vec<u8>,
    /// The one hidden tile each player holds.
    hands: Vec<Option<u8>>,
    /// Tiles set aside (illegal placements, false claims), in order.
    set_aside: Vec<u8>,
    /// Points per player so far (track position and counters derive from it).
    scores: Vec<u32>,
    to_move: PlayerIdx,
    turn: u32,
    end: Option<End>,
    /// The number of the last take-back, which salts every shuffle since (`rng::salted`).
    #[serde(default, skip_serializing_if = "rng::unsalted")]
    salt: u64,
}

impl Sudoku {
    // ----- reading the state -----------------------------------------------------------------

    /// The seed all of this game's randomness comes from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn tile(&self, cell: usize) -> Option<Tile> {
        self.board.get(cell).copied().flatten()
    }

    pub fn board(&self) -> &[Option<Tile>] {
        &self.board
    }

    /// The tile `player` holds (secret: only for that player's eyes).
    pub fn hand(&self, player: PlayerIdx) -> Option<u8> {
        self.hands.get(player).copied().flatten()
    }

    pub fn supply_len(&self) -> usize {
        self.supply.len()
    }

    pub fn set_aside(&self) -> &[u8] {
        &self.set_aside
    }

    pub fn score(&self, player: PlayerIdx) -> u32 {
        self.scores.get(player).copied().unwrap_or(0)
    }

    /// Position on the 40-space track (0 = start).
    pub fn track_position(&self, player: PlayerIdx) -> u32 {
        self.score(player) % TRACK
    }

    /// Round counters taken (each worth 40).
    pub fn counters(&self, player: PlayerIdx) -> u32 {
        self.score(player) / TRACK
    }

    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Gold tiles still to be laid by hand (ascending); empty once play has started.
    pub fn gold_left(&self) -> Vec<u8> {
        (1..=9u8).filter(|&n| !self.board.iter().flatten().any(|t| t.gold && t.number == n)).collect()
    }

    pub fn in_gold_setup(&self) -> bool {
        self.board.iter().flatten().filter(|t| t.gold).count() < SIZE
    }

    /// A field already holding `number` in the row, column or block of `cell`, if any.
    pub fn clash(&self, cell: usize, number: u8) -> Option<usize> {
        peers(cell).find(|&o| self.tile(o).is_some_and(|t| t.number == number))
    }

    /// Free fields where `number` may lie under the Sudoku rule.
    pub fn legal_fields(&self, number: u8) -> Vec<usize> {
        (0..CELLS).filter(|&c| self.tile(c).is_none() && self.clash(c, number).is_none()).collect()
    }

    /// Points a tile laid on the free field `cell` would score (the tile itself not counted).
    pub fn points_at(&self, cell: usize) -> u32 {
        self.counted_at(cell).total()
    }

    /// The tiles a tile laid on the free field `cell` would count, by where they lie (a hint
    /// says why a field is worth its points).
    pub fn counted_at(&self, cell: usize) -> Counted {
        let occupied = |o: &usize| *o != cell && self.tile(*o).is_some();
        let outside_block = |o: &usize| block(*o) != block(cell);
        let count = |n: usize| u32::try_from(n).unwrap_or(0);
        match self.options.scoring {
            Scoring::Standard => Counted {
                block: count(block_cells(block(cell)).filter(occupied).count()),
                row: count(row_cells(row(cell)).filter(outside_block).filter(occupied).count()),
                column: count(col_cells(col(cell)).filter(outside_block).filter(occupied).count()),
            },
            Scoring::Simple => Counted {
                block: 0,
                row: count(row_cells(row(cell)).filter(occupied).count()),
                column: count(col_cells(col(cell)).filter(occupied).count()),
            },
        }
    }

    /// Final score per player: 40 per round counter plus the track position (= all points).
    pub fn final_scores(&self) -> Vec<u32> {
        self.scores.clone()
    }

    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// Builds a position from the compact test notation; see `position.rs`.
    pub fn from_position(s: &str) -> Result<Self, String> {
        position::parse(s)
    }

    // ----- changing it -----------------------------------------------------------------------

    fn draw(&mut self, player: PlayerIdx) {
        let tile = self.supply.pop();
        if let Some(slot) = self.hands.get_mut(player) {
            *slot = tile;
        }
    }

    /// Passes the turn and ends the game when nothing more can happen.
    fn advance(&mut self) {
        if self.hands.iter().all(Option::is_none) {
            self.end = Some(End::AllTilesUsed);
            return;
        }
        // Hands empty out in turn order once the supply is gone; skip any empty one anyway.
        for step in 1..=self.players {
            let p = (self.to_move + step) % self.players;
            if self.hands[p].is_some() {
                self.to_move = p;
                break;
            }
        }
        self.check_stuck();
    }

    /// Assisted mode: the game ends when the player to move cannot place.
    fn check_stuck(&mut self) {
        if self.options.mode != Mode::Assisted || self.in_gold_setup() || self.end.is_some() {
            return;
        }
        let player = self.to_move;
        if let Some(number) = self.hand(player) {
            if self.legal_fields(number).is_empty() {
                self.end = Some(End::NoLegalField { player, number });
            }
        }
    }

    fn lay_gold(&mut self, cell: usize, number: u8) {
        self.board[cell] = Some(Tile { number, gold: true, by: None });
    }

    fn check_gold(&self, cell: usize, number: u8) -> Result<(), RuleError> {
        if !self.in_gold_setup() {
            return Err(RuleError::GoldSetupDone);
        }
        if cell >= CELLS {
            return Err(RuleError::NoSuchField { cell });
        }
        if self.tile(cell).is_some() {
            return Err(RuleError::Occupied { cell });
        }
        if !self.gold_left().contains(&number) {
            return Err(RuleError::GoldNotLeft { number });
        }
        let golds = self.gold_cells();
        if let Some(&other) = golds.iter().find(|&&o| row(o) == row(cell)) {
            return Err(RuleError::GoldRow { other });
        }
        if let Some(&other) = golds.iter().find(|&&o| col(o) == col(cell)) {
            return Err(RuleError::GoldColumn { other });
        }
        if self.options.gold_per_block {
            if let Some(&other) = golds.iter().find(|&&o| block(o) == block(cell)) {
                return Err(RuleError::GoldBlock { other });
            }
        }
        // No dead end is possible: tiles in distinct rows and columns (and blocks) always extend
        // to a full pattern (tests: gold_per_block_by_hand_never_dead_ends).
        Ok(())
    }

    fn gold_cells(&self) -> Vec<usize> {
        (0..CELLS).filter(|&c| self.tile(c).is_some_and(|t| t.gold)).collect()
    }

    /// Completes the gold setup at random (seeded); the placements made.
    fn lay_gold_rest(&mut self, stream: u64) -> Vec<(usize, u8)> {
        let mut rng = rng::stream(rng::salted(self.seed, self.salt), stream);
        let placed = self.gold_cells();
        let Some(cells) = gold::complete(&placed, self.options.gold_per_block, Some(&mut rng)) else {
            return Vec::new();
        };
        let mut numbers = self.gold_left();
        use rand::seq::SliceRandom;
        numbers.shuffle(&mut rng);
        let new: Vec<usize> = cells.into_iter().filter(|c| !placed.contains(c)).collect();
        let mut out: Vec<(usize, u8)> = new.into_iter().zip(numbers).collect();
        crate::engine::sort::sort(&mut out);
        for &(cell, number) in &out {
            self.lay_gold(cell, number);
        }
        out
    }

    fn place(&mut self, player: PlayerIdx, cell: usize) -> Result<Event, RuleError> {
        if self.in_gold_setup() {
            return Err(RuleError::GoldSetupRunning);
        }
        if cell >= CELLS {
            return Err(RuleError::NoSuchField { cell });
        }
        if self.tile(cell).is_some() {
            return Err(RuleError::Occupied { cell });
        }
        // A valid state always gives the player to move a tile; a missing one is a damaged state.
        let number = self.hand(player).ok_or(RuleError::GameOver)?;
        let event = match self.clash(cell, number) {
            Some(clash) if self.options.mode == Mode::Assisted => return Err(RuleError::Breaks { number, clash }),
            Some(clash) => {
                self.set_aside.push(number);
                Event::SetAside { player, number, reason: SetAsideReason::Breaks { cell, clash } }
            }
            None => {
                let points = self.points_at(cell);
                let before = self.scores[player];
                let after = before.saturating_add(points);
                self.scores[player] = after;
                self.board[cell] = Some(Tile { number, gold: false, by: Some(player) });
                Event::Placed { player, cell, number, points, counters: after / TRACK - before / TRACK }
            }
        };
        self.draw(player);
        Ok(event)
    }

    fn claim(&mut self, player: PlayerIdx) -> Result<Event, RuleError> {
        if self.in_gold_setup() {
            return Err(RuleError::GoldSetupRunning);
        }
        if self.options.mode != Mode::TableRules {
            return Err(RuleError::ClaimOnlyAtTable);
        }
        let number = self.hand(player).ok_or(RuleError::GameOver)?;
        match self.legal_fields(number).first() {
            Some(&legal) => {
                self.set_aside.push(number);
                self.draw(player);
                Ok(Event::SetAside { player, number, reason: SetAsideReason::FalseClaim { legal } })
            }
            None => {
                self.end = Some(End::Claimed { player, number });
                Ok(Event::Claimed { player, number })
            }
        }
    }
}

impl Game for Sudoku {
    type Move = Move;
    type Error = RuleError;
    type Event = Event;
    type Options = Options;

    const KIND: GameKind = GameKind::Sudoku;

    fn new(players: usize, options: Options, seed: u64) -> Result<Self, SetupError> {
        Self::KIND.check_players(players)?;
        let mut supply: Vec<u8> = (1..=9u8).flat_map(|n| std::iter::repeat_n(n, usize::from(COPIES))).collect();
        rng::shuffle(&mut supply, seed, STREAM_TILES);
        let mut game = Sudoku {
            players,
            options,
            seed,
            board: vec![None; CELLS],
            supply,
            hands: vec![None; players],
            set_aside: Vec::new(),
            scores: vec![0; players],
            to_move: 0,
            turn: 0,
            end: None,
            salt: 0,
        };
        if !game.options.gold_by_hand {
            game.lay_gold_rest(STREAM_GOLD);
        }
        for p in 0..players {
            game.draw(p);
        }
        game.check_stuck();
        Ok(game)
    }

    fn seed(&self) -> u64 {
        self.seed
    }

    fn event_player(event: &Event) -> Option<PlayerIdx> {
        match *event {
            Event::Gold { .. } | Event::GoldRest { .. } => None,
            Event::Placed { player, .. } | Event::SetAside { player, .. } | Event::Claimed { player, .. } => {
                Some(player)
            }
        }
    }

    fn event_move(event: &Event) -> Move {
        match event {
            Event::Gold { cell, number } => Move::Gold { cell: *cell, number: *number },
            Event::GoldRest { .. } => Move::GoldRest,
            Event::Placed { cell, .. } | Event::SetAside { reason: SetAsideReason::Breaks { cell, .. }, .. } => {
                Move::Place { cell: *cell }
            }
            Event::SetAside { reason: SetAsideReason::FalseClaim { .. }, .. } | Event::Claimed { .. } => {
                Move::CannotPlace
            }
        }
    }

    fn reshuffle_unseen(&mut self, nonce: u64) {
        self.salt = nonce;
        rng::reshuffle(&mut self.supply, rng::salted(self.seed, nonce), STREAM_TILES);
    }

    fn json_event_move(event: &EventJson<'_>) -> Option<Move> {
        Some(match event.variant {
            "Gold" => Move::Gold { cell: event.field("cell")?, number: event.field("number")? },
            "GoldRest" => Move::GoldRest,
            "Placed" => Move::Place { cell: event.field("cell")? },
            "SetAside" => {
                let reason = event.nested("reason")?;
                match reason.variant {
                    "Breaks" => Move::Place { cell: reason.field("cell")? },
                    "FalseClaim" => Move::CannotPlace,
                    _ => return None,
                }
            }
            "Claimed" => Move::CannotPlace,
            _ => return None,
        })
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn player_count(&self) -> usize {
        self.players
    }

    fn to_move(&self) -> Option<PlayerIdx> {
        if self.is_over() {
            None
        } else {
            Some(self.to_move)
        }
    }

    /// Every move the engine accepts now: during a gold setup by hand every allowed gold placement
    /// and `GoldRest`; then every free field (under table rules also the illegal ones, which cost
    /// the tile, and `CannotPlace`). Empty once the game is over.
    fn legal_moves(&self) -> Vec<Move> {
        let Some(player) = self.to_move() else { return Vec::new() };
        if self.in_gold_setup() {
            // Whether a field may take a gold tile does not depend on the number.
            let left = self.gold_left();
            let Some(&any) = left.first() else { return vec![Move::GoldRest] };
            let cells: Vec<usize> = (0..CELLS).filter(|&c| self.check_gold(c, any).is_ok()).collect();
            let mut moves: Vec<Move> = left
                .into_iter()
                .flat_map(|number| cells.iter().map(move |&cell| Move::Gold { cell, number }))
                .collect();
            moves.push(Move::GoldRest);
            return moves;
        }
        let Some(number) = self.hand(player) else { return Vec::new() };
        match self.options.mode {
            Mode::Assisted => self.legal_fields(number).into_iter().map(|cell| Move::Place { cell }).collect(),
            Mode::TableRules => (0..CELLS)
                .filter(|&c| self.tile(c).is_none())
                .map(|cell| Move::Place { cell })
                .chain(std::iter::once(Move::CannotPlace))
                .collect(),
        }
    }

    fn apply(&mut self, mv: &Move) -> Result<Event, RuleError> {
        let player = self.to_move().ok_or(RuleError::GameOver)?;
        let event = match mv {
            Move::Gold { cell, number } => {
                self.check_gold(*cell, *number)?;
                self.lay_gold(*cell, *number);
                Event::Gold { cell: *cell, number: *number }
            }
            Move::GoldRest => {
                if !self.in_gold_setup() {
                    return Err(RuleError::GoldSetupDone);
                }
                // A fresh stream per use keeps the result a pure function of the saved state.
                let placed = self.lay_gold_rest(STREAM_GOLD_REST + u64::from(self.turn));
                Event::GoldRest { placed }
            }
            Move::Place { cell } => self.place(player, *cell)?,
            Move::CannotPlace => self.claim(player)?,
        };
        self.turn = self.turn.saturating_add(1);
        match event {
            Event::Gold { .. } | Event::GoldRest { .. } => self.check_stuck(),
            Event::Claimed { .. } => {}
            Event::Placed { .. } | Event::SetAside { .. } => self.advance(),
        }
        Ok(event)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.end?;
        Some(Outcome::best_scores(&self.scores))
    }

    fn turn(&self) -> u32 {
        self.turn
    }

    /// The held tiles are secret once play has started; the gold setup is open.
    fn has_hidden_information(&self) -> bool {
        !self.in_gold_setup()
    }

    fn validate(&self) -> Result<(), String> {
        position::validate(self)
    }
}
