//! Just 4 Fun (Kosmos, Jürgen P. K. Grunau): play 1–4 cards, put a stone on the field whose
//! number is their sum, and be the first with the majority on four fields in a straight line.
//!
//! Rules as in the rulebook with the project's rulings in docs/rules.md. Decisions the
//! rulebook leaves open:
//! - Played cards go to the discard pile sorted ascending (so the order in which a move lists
//!   its cards never changes the game), the hand is kept sorted ascending.
//! - The mover refills the hand also after a winning or final placement (keeps "hands hold 4").
//! - Each reshuffle of the discard pile uses the next shuffle stream (layout 0, deck 1, then 2, 3,
//!   …); the running number is saved, so a loaded game draws exactly the same cards.
//! - A field locks when the placer has at least 2 stones more than every other player there,
//!   also when nobody else has a stone there (a second own stone on an empty field locks it).

mod board;
mod determinize;
#[cfg(test)]
mod examples;
#[cfg(test)]
mod guide;
mod position;
#[cfg(test)]
mod tests;

pub(crate) use board::deck_counts;
pub use board::{deck, majority, score_board, Scoring, CELLS, LINES, LINE_COUNT, MAX_FIELD, SIDE, STANDARD_LAYOUT};
pub use determinize::Observation;

use crate::engine::{rng, EventJson, Game, GameKind, Outcome, PlayerIdx, SetupError};
use serde::{Deserialize, Serialize};

/// Stones each player has at the start.
pub const STONES_PER_PLAYER: u8 = 20;
/// Cards in a full hand.
pub const HAND_SIZE: usize = 4;
/// At most this many cards are played in one move.
pub const MAX_PLAY: usize = 4;
/// Shuffle stream of the random layout.
const STREAM_LAYOUT: u64 = 0;
/// Shuffle stream of the initial deck; reshuffles of the discard pile use the streams after it.
const STREAM_DECK: u64 = 1;
const FIRST_RESHUFFLE_STREAM: u64 = 2;

/// Variants chosen at setup.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// Shuffle the numbers 1..=36 over the board (seeded) instead of the standard layout.
    pub random_layout: bool,
}

/// A player's decision.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Play these card values from the hand (any order) and place a stone on the field of their sum.
    Play { cards: Vec<u8> },
    /// Only when no play is possible: discard the whole hand and draw 4 new cards.
    NewHand,
}

/// What a move did, for the move log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Event {
    Placed {
        player: usize,
        /// The played cards, ascending.
        cards: Vec<u8>,
        field: u8,
        cell: usize,
        /// This placement locked the field for the player.
        locked: bool,
        /// (player, stones sent to the box) for everyone who lost stones through the lock.
        boxed: Vec<(usize, u8)>,
        /// The completed line of four, in order along the line, if the placement won.
        win_line: Option<[usize; 4]>,
        game_over: bool,
    },
    NewHand {
        player: usize,
        /// The discarded hand, ascending.
        discarded: Vec<u8>,
        game_over: bool,
    },
}

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    GameOver,
    NoCards,
    TooManyCards {
        count: usize,
    },
    CardsNotInHand,
    SumNotAField {
        sum: u32,
    },
    Blocked {
        field: u8,
        by: usize,
    },
    /// `NewHand` refused: a play exists.
    MustPlay,
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RuleError::GameOver => f.write_str("the game is over"),
            RuleError::NoCards => f.write_str("play at least one card"),
            RuleError::TooManyCards { count } => {
                write!(f, "at most {MAX_PLAY} cards may be played, not {count}")
            }
            RuleError::CardsNotInHand => f.write_str("those cards are not all in the hand"),
            RuleError::SumNotAField { sum } => write!(f, "no field has the number {sum}"),
            RuleError::Blocked { field, by } => {
                write!(f, "field {field} is blocked: player {} has at least 2 stones more there", by.saturating_add(1))
            }
            RuleError::MustPlay => f.write_str("a play is possible, so a new hand is not allowed"),
        }
    }
}

impl std::error::Error for RuleError {}

/// The complete state of a game of Just 4 Fun. Plain data; saved as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Just4Fun {
    players: usize,
    options: Options,
    seed: u64,
    /// Field number per cell.
    #[serde(with = "layout_serde")]
    layout: [u8; CELLS],
    /// Stones per cell and player, flat: `stones[cell * players + player]`.
    stones: Vec<u8>,
    /// Per cell: the player for whom the field is locked.
    locked: Vec<Option<usize>>,
    /// Per player, sorted ascending.
    hands: Vec<Vec<u8>>,
    /// Face down; the last card is drawn next.
    draw: Vec<u8>,
    /// Face up; the last card is on top.
    discard: Vec<u8>,
    /// Stones not yet placed, per player.
    supply: Vec<u8>,
    /// Stones sent to the box by locks, per player.
    boxed: Vec<u8>,
    to_move: usize,
    turn: u32,
    /// Shuffle stream of the next reshuffle of the discard pile.
    next_stream: u64,
    /// Winner and line, once someone completed four in a row.
    win: Option<(usize, [usize; 4])>,
    /// The number of the last take-back, which salts every shuffle since (`rng::salted`).
    #[serde(default, skip_serializing_if = "rng::unsalted")]
    salt: u64,
}

/// Serde for `[u8; 36]` (serde's derive only covers arrays up to 32).
mod layout_serde {
    use super::CELLS;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(layout: &[u8; CELLS], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(layout.iter())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[u8; CELLS], D::Error> {
        let v = Vec::<u8>::deserialize(d)?;
        let len = v.len();
        <[u8; CELLS]>::try_from(v)
            .map_err(|_| serde::de::Error::custom(format!("the layout has {len} fields instead of {CELLS}")))
    }
}

/// The random layout for `seed`: 1..=36 shuffled with stream 0.
fn random_layout(seed: u64) -> [u8; CELLS] {
    let mut layout = STANDARD_LAYOUT;
    crate::engine::sort::sort(&mut layout);
    rng::shuffle(&mut layout, seed, STREAM_LAYOUT);
    layout
}

/// Every distinct sub-multiset of 1..=4 cards of `hand`, each sorted ascending, sorted by sum and
/// then by the cards. Works for any hand length.
pub(crate) fn sub_multisets(hand: &[u8]) -> Vec<Vec<u8>> {
    fn go(hand: &[u8], start: usize, current: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        for (i, &card) in hand.iter().enumerate().skip(start) {
            current.push(card);
            out.push(current.clone());
            if current.len() < MAX_PLAY {
                go(hand, i + 1, current, out);
            }
            current.pop();
        }
    }
    let mut sorted = hand.to_vec();
    crate::engine::sort::sort(&mut sorted);
    let mut out = Vec::new();
    go(&sorted, 0, &mut Vec::with_capacity(MAX_PLAY), &mut out);
    for combo in &mut out {
        crate::engine::sort::sort(combo);
    }
    crate::engine::sort::sort_by(&mut out, |a, b| card_sum(a).cmp(&card_sum(b)).then_with(|| a.cmp(b)));
    out.dedup();
    out
}

pub(crate) fn card_sum(cards: &[u8]) -> u32 {
    cards.iter().map(|&c| u32::from(c)).sum()
}

impl Just4Fun {
    // ----- board -----------------------------------------------------------------------------

    /// The field number on `cell`; 0 for a cell outside the board.
    pub fn number_at(&self, cell: usize) -> u8 {
        self.layout.get(cell).copied().unwrap_or(0)
    }

    /// The cell carrying field `number`.
    pub fn cell_of(&self, number: u8) -> Option<usize> {
        if number == 0 {
            return None;
        }
        self.layout.iter().position(|&n| n == number)
    }

    pub fn layout(&self) -> &[u8; CELLS] {
        &self.layout
    }

    /// Stones per player on `cell` (length = number of players; empty for a cell off the board).
    pub fn stones_at(&self, cell: usize) -> &[u8] {
        if cell >= CELLS {
            return &[];
        }
        let Some(start) = cell.checked_mul(self.players) else {
            return &[];
        };
        let Some(end) = start.checked_add(self.players) else {
            return &[];
        };
        self.stones.get(start..end).unwrap_or(&[])
    }

    fn count(&self, cell: usize, player: usize) -> u8 {
        self.stones_at(cell).get(player).copied().unwrap_or(0)
    }

    fn count_mut(&mut self, cell: usize, player: usize) -> Option<&mut u8> {
        if cell >= CELLS || player >= self.players {
            return None;
        }
        let index = cell.checked_mul(self.players)?.checked_add(player)?;
        self.stones.get_mut(index)
    }

    /// The player for whom the field on `cell` is locked.
    pub fn locked_by(&self, cell: usize) -> Option<usize> {
        self.locked.get(cell).copied().flatten()
    }

    /// The player with strictly the most stones on `cell`, if any.
    pub fn majority_at(&self, cell: usize) -> Option<usize> {
        majority(self.stones_at(cell), self.players)
    }

    /// Who blocks `player` on `cell`: another player with at least 2 stones more there (the one
    /// with the most stones; the lowest seat among equals). `None` when the player may place.
    pub fn blocked_by(&self, player: usize, cell: usize) -> Option<usize> {
        if player >= self.players {
            return None;
        }
        let mine = u16::from(self.count(cell, player));
        let mut best: Option<(usize, u8)> = None;
        for (q, &c) in self.stones_at(cell).iter().enumerate() {
            if q != player && u16::from(c) >= mine + 2 && best.is_none_or(|(_, b)| c > b) {
                best = Some((q, c));
            }
        }
        best.map(|(q, _)| q)
    }

    // ----- cards and stones ------------------------------------------------------------------

    /// The hand of `player`, ascending (empty for an unknown player).
    pub fn hand(&self, player: usize) -> &[u8] {
        self.hands.get(player).map(Vec::as_slice).unwrap_or(&[])
    }

    pub fn draw_pile_len(&self) -> usize {
        self.draw.len()
    }

    /// The face-down draw pile, the last card is drawn next. **Hidden information**: for tests
    /// and inspection only, the UI must never show it.
    pub fn draw_pile(&self) -> &[u8] {
        &self.draw
    }

    pub fn discard_len(&self) -> usize {
        self.discard.len()
    }

    /// The face-up discard pile, the last card on top.
    pub fn discard_pile(&self) -> &[u8] {
        &self.discard
    }

    pub fn discard_top(&self) -> Option<u8> {
        self.discard.last().copied()
    }

    /// Stones `player` has not placed yet.
    pub fn supply(&self, player: usize) -> u8 {
        self.supply.get(player).copied().unwrap_or(0)
    }

    /// Stones of `player` sent to the box by locks (used, never coming back).
    pub fn boxed(&self, player: usize) -> u8 {
        self.boxed.get(player).copied().unwrap_or(0)
    }

    /// Stones of `player` on the board.
    pub fn on_board(&self, player: usize) -> u32 {
        (0..CELLS).map(|cell| u32::from(self.count(cell, player))).sum()
    }

    /// Field numbers `player`'s hand can make and the player may use (not blocked), ascending.
    pub fn reachable_fields(&self, player: usize) -> Vec<u8> {
        if player >= self.players {
            return Vec::new();
        }
        let mut fields: Vec<u8> = sub_multisets(self.hand(player))
            .iter()
            .filter_map(|combo| self.field_for(player, combo).ok().map(|(field, _)| field))
            .collect();
        crate::engine::sort::sort(&mut fields);
        fields.dedup();
        fields
    }

    /// Whether `player` has at least one play.
    fn has_play(&self, player: usize) -> bool {
        sub_multisets(self.hand(player)).iter().any(|combo| self.field_for(player, combo).is_ok())
    }

    /// Field and cell for `cards` (assumed to be in the hand), if `player` may place there.
    fn field_for(&self, player: usize, cards: &[u8]) -> Result<(u8, usize), RuleError> {
        let sum = card_sum(cards);
        let field = u8::try_from(sum).ok().filter(|&f| (1..=MAX_FIELD).contains(&f));
        let (field, cell) =
            field.and_then(|f| self.cell_of(f).map(|c| (f, c))).ok_or(RuleError::SumNotAField { sum })?;
        match self.blocked_by(player, cell) {
            Some(by) => Err(RuleError::Blocked { field, by }),
            None => Ok((field, cell)),
        }
    }

    /// Checks a play of `cards` by the player to move without making it: the field number and
    /// the cell the stone would go to, or why the play is refused.
    pub fn check_play(&self, cards: &[u8]) -> Result<(u8, usize), RuleError> {
        let player = self.to_move().ok_or(RuleError::GameOver)?;
        self.check_play_for(player, cards)
    }

    fn check_play_for(&self, player: usize, cards: &[u8]) -> Result<(u8, usize), RuleError> {
        if cards.is_empty() {
            return Err(RuleError::NoCards);
        }
        if cards.len() > MAX_PLAY {
            return Err(RuleError::TooManyCards { count: cards.len() });
        }
        let mut available = [0u8; 256];
        for &c in self.hand(player) {
            if let Some(n) = available.get_mut(usize::from(c)) {
                *n = n.saturating_add(1);
            }
        }
        for &c in cards {
            match available.get_mut(usize::from(c)) {
                Some(n) if *n > 0 => *n -= 1,
                _ => return Err(RuleError::CardsNotInHand),
            }
        }
        self.field_for(player, cards)
    }

    // ----- progress --------------------------------------------------------------------------

    /// Winner and the completed line (cell indices in order along the line).
    pub fn win(&self) -> Option<(usize, [usize; 4])> {
        self.win
    }

    fn all_stones_used(&self) -> bool {
        self.supply.iter().all(|&s| s == 0)
    }

    pub fn is_over(&self) -> bool {
        self.win.is_some() || self.all_stones_used()
    }

    /// Stones per cell and player, as [`score_board`] takes them.
    pub fn board(&self) -> Vec<Vec<u8>> {
        (0..CELLS).map(|cell| self.stones_at(cell).to_vec()).collect()
    }

    /// The end scoring; `Some` only when the game ended without a completed line.
    pub fn final_scoring(&self) -> Option<Scoring> {
        if self.win.is_some() || !self.all_stones_used() {
            return None;
        }
        Some(score_board(&self.layout, &self.board(), self.players))
    }

    /// 1-based round: while the game runs, the round of the move about to be made
    /// (`turn / players + 1`); after the end, the round of the last move. Skipped players and
    /// new hands are not corrected for.
    pub fn round(&self) -> u32 {
        let players = u32::try_from(self.players.max(1)).unwrap_or(u32::MAX);
        if self.is_over() {
            self.turn.div_ceil(players).max(1)
        } else {
            self.turn / players + 1
        }
    }

    /// The majority holder of every cell.
    fn majorities(&self) -> [Option<usize>; CELLS] {
        let mut out = [None; CELLS];
        for (cell, slot) in out.iter_mut().enumerate() {
            *slot = self.majority_at(cell);
        }
        out
    }

    /// A line of four on which `player` has the majority everywhere, preferring lines through
    /// `cell` (the first in [`LINES`] order).
    fn find_line(player: usize, majorities: &[Option<usize>; CELLS], cell: Option<usize>) -> Option<[usize; 4]> {
        let holds = |line: &&[usize; 4]| line.iter().all(|&c| majorities.get(c).copied().flatten() == Some(player));
        if let Some(line) = cell.and_then(|c| LINES.iter().filter(|line| line.contains(&c)).find(holds)) {
            return Some(*line);
        }
        LINES.iter().find(holds).copied()
    }

    /// Draws `player` back up to a full hand, reshuffling the discard pile when the draw pile
    /// runs out (also in the middle of drawing).
    fn refill(&mut self, player: usize) {
        while self.hands.get(player).is_some_and(|h| h.len() < HAND_SIZE) {
            if self.draw.is_empty() {
                if self.discard.is_empty() {
                    break;
                }
                self.draw = std::mem::take(&mut self.discard);
                rng::shuffle(&mut self.draw, rng::salted(self.seed, self.salt), self.next_stream);
                self.next_stream = self.next_stream.saturating_add(1);
            }
            let Some(card) = self.draw.pop() else { break };
            if let Some(hand) = self.hands.get_mut(player) {
                hand.push(card);
            }
        }
        if let Some(hand) = self.hands.get_mut(player) {
            crate::engine::sort::sort(hand);
        }
    }

    /// Passes the turn to the next player (in seat order, wrapping) who still has stones.
    fn advance(&mut self) {
        if self.is_over() {
            return;
        }
        for step in 1..=self.players {
            let Some(p) = self.to_move.wrapping_add(step).checked_rem(self.players) else {
                return;
            };
            if self.supply(p) > 0 {
                self.to_move = p;
                return;
            }
        }
    }

    fn place(&mut self, player: usize, cards: &[u8], field: u8, cell: usize) -> Event {
        let mut played = cards.to_vec();
        crate::engine::sort::sort(&mut played);
        if let Some(hand) = self.hands.get_mut(player) {
            for c in &played {
                if let Some(i) = hand.iter().position(|h| h == c) {
                    hand.remove(i);
                }
            }
        }
        self.discard.extend_from_slice(&played);
        if let Some(n) = self.count_mut(cell, player) {
            *n = n.saturating_add(1);
        }
        if let Some(s) = self.supply.get_mut(player) {
            *s = s.saturating_sub(1);
        }

        // Lock: at least 2 stones more than every other player on this field.
        let mut newly_locked = false;
        let mut sent_to_box = Vec::new();
        let mine = u16::from(self.count(cell, player));
        let leads = (0..self.players).all(|q| q == player || u16::from(self.count(cell, q)) + 2 <= mine);
        if leads && self.locked_by(cell).is_none() {
            newly_locked = true;
            if let Some(slot) = self.locked.get_mut(cell) {
                *slot = Some(player);
            }
            for q in (0..self.players).filter(|&q| q != player) {
                let n = self.count_mut(cell, q).map(std::mem::take).unwrap_or(0);
                if n > 0 {
                    if let Some(b) = self.boxed.get_mut(q) {
                        *b = b.saturating_add(n);
                    }
                    sent_to_box.push((q, n));
                }
            }
        }

        let win_line = Self::find_line(player, &self.majorities(), Some(cell));
        if let Some(line) = win_line {
            self.win = Some((player, line));
        }
        self.refill(player);
        Event::Placed {
            player,
            cards: played,
            field,
            cell,
            locked: newly_locked,
            boxed: sent_to_box,
            win_line,
            game_over: self.is_over(),
        }
    }

    /// This running game with `player` to move instead (the computer players weigh a later
    /// player's threats as if it were their turn now); `None` when it is over or no such player.
    pub(crate) fn with_mover(&self, player: PlayerIdx) -> Option<Self> {
        (self.to_move().is_some() && player < self.players).then(|| Just4Fun { to_move: player, ..self.clone() })
    }

    /// Builds a position from a compact, readable description (for tests; in the spirit of
    /// chess FEN). Example:
    ///
    /// ```text
    /// players=3; to_move=B; 18:A2,B1; 7:A2,C2,B1; hands=5 11 13 2/1 1 1 1/3 4 5 6; draw=9 9
    /// ```
    ///
    /// Items are separated by `;`; blank items and spaces around items are ignored. Players are
    /// named `A`–`D` (or `a`–`d`, or `0`–`3`), `A` being seat 0.
    ///
    /// | item | meaning | default |
    /// |---|---|---|
    /// | `players=N` | 2–4 players | required |
    /// | `layout=standard` / `layout=random` | the standard board, or the seeded random one of `seed` | standard |
    /// | `seed=N` | the game's seed (random layout, shuffles) | 0 |
    /// | `to_move=P` | the player to move | A |
    /// | `turn=N` | moves made so far | stones used so far |
    /// | `F:A2,B1` | stones on the field with **number** F (in the chosen layout): player, then count (count 1 may be left out) | empty field |
    /// | `boxed=A1,B3` | stones already sent to the box | none |
    /// | `hands=c c c c/c c c c/…` | one hand per player, separated by `/`, cards by spaces or commas; a hand may hold fewer than 4 cards | 4 cards each, dealt from the shuffled remaining cards |
    /// | `draw=c c …` | the top of the draw pile, the first listed is drawn first | — |
    /// | `discard=c c …` | the discard pile, the last listed on top | empty |
    /// | `rest=draw` / `rest=discard` | where the deck's remaining cards go: shuffled (seed, stream 1) under the listed draw cards, or under the listed discard cards | draw |
    ///
    /// Derived: supplies are 20 minus the stones on the board and in the box; a field where one
    /// player has 2 or more stones and nobody else any is locked for that player. A position the game
    /// cannot reach is refused (a player 2 stones ahead while others still stand on the field, an
    /// already completed line of four, more than 20 stones of a player, cards not in the deck, …);
    /// the result always passes `validate`.
    pub fn from_position(s: &str) -> Result<Self, String> {
        position::parse(s)
    }

    // ----- validation helpers ----------------------------------------------------------------

    fn validate_inner(&self) -> Result<(), String> {
        self.validate_tables()?;
        self.validate_cards()?;
        self.validate_stone_counts()?;
        self.validate_locks()?;
        self.validate_lines()
    }

    /// Player count, board layout, table sizes, the player to move and the shuffle counter.
    fn validate_tables(&self) -> Result<(), String> {
        let n = self.players;
        let (min, max) = GameKind::Just4Fun.players();
        if !(min..=max).contains(&n) {
            return Err(format!("{n} players; Just 4 Fun needs {min} to {max}"));
        }
        let mut seen = [false; CELLS + 1];
        for &number in &self.layout {
            match seen.get_mut(usize::from(number)) {
                Some(s) if number >= 1 && !*s => *s = true,
                _ => return Err(format!("the board layout has a wrong or repeated number {number}")),
            }
        }
        if !self.options.random_layout && self.layout != STANDARD_LAYOUT {
            return Err("the board layout is not the standard one although no random layout was chosen".into());
        }
        if self.stones.len() != CELLS * n {
            return Err(format!("stone table has {} entries instead of {}", self.stones.len(), CELLS * n));
        }
        if self.locked.len() != CELLS {
            return Err(format!("lock table has {} entries instead of {CELLS}", self.locked.len()));
        }
        for (name, list) in
            [("hands", self.hands.len()), ("supplies", self.supply.len()), ("box counts", self.boxed.len())]
        {
            if list != n {
                return Err(format!("{list} {name} for {n} players"));
            }
        }
        if self.to_move >= n {
            return Err(format!("player {} to move, but there are only {n} players", self.to_move));
        }
        if self.next_stream < FIRST_RESHUFFLE_STREAM {
            return Err("the shuffle counter is too small".into());
        }
        Ok(())
    }

    /// Cards: hands + draw + discard is exactly the deck.
    fn validate_cards(&self) -> Result<(), String> {
        let mut counts = [0u32; 20];
        for (p, hand) in self.hands.iter().enumerate() {
            if hand.len() > HAND_SIZE {
                return Err(format!("player {p} holds {} cards, more than {HAND_SIZE}", hand.len()));
            }
        }
        for &card in self.hands.iter().flatten().chain(&self.draw).chain(&self.discard) {
            match counts.get_mut(usize::from(card)) {
                Some(c) if card >= 1 => *c += 1,
                _ => return Err(format!("there is no card with value {card}")),
            }
        }
        let expected = board::deck_counts();
        for (value, (&have, &want)) in counts.iter().zip(expected.iter()).enumerate().skip(1) {
            if have != u32::from(want) {
                return Err(format!("card {value} appears {have} times instead of {want}"));
            }
        }
        Ok(())
    }

    /// Stones: supply + board + box == 20 for every player, and no more stones placed than moves.
    fn validate_stone_counts(&self) -> Result<(), String> {
        let n = self.players;
        for p in 0..n {
            let total = u32::from(self.supply(p)) + self.on_board(p) + u32::from(self.boxed(p));
            if total != u32::from(STONES_PER_PLAYER) {
                return Err(format!(
                    "player {p} has {total} stones (supply, board and box) instead of {STONES_PER_PLAYER}"
                ));
            }
        }
        let used: u32 = (0..n).map(|p| u32::from(STONES_PER_PLAYER.saturating_sub(self.supply(p)))).sum();
        if self.turn < used {
            return Err(format!("{used} stones placed in only {} moves", self.turn));
        }
        Ok(())
    }

    /// Locks: a locked field holds only its owner's stones, at least 2; an open field has no
    /// player 2 stones ahead of everyone else (that placement would have locked it).
    fn validate_locks(&self) -> Result<(), String> {
        let n = self.players;
        for cell in 0..CELLS {
            let counts = self.stones_at(cell);
            let field = self.number_at(cell);
            match self.locked_by(cell) {
                Some(owner) => {
                    if owner >= n {
                        return Err(format!("field {field} is locked for a player who does not exist"));
                    }
                    let others_empty = counts.iter().enumerate().all(|(q, &c)| q == owner || c == 0);
                    if self.count(cell, owner) < 2 || !others_empty {
                        return Err(format!("field {field} is locked but its stones do not fit the lock"));
                    }
                }
                None => {
                    for p in 0..n {
                        let mine = u16::from(self.count(cell, p));
                        if mine >= 2 && (0..n).all(|q| q == p || u16::from(self.count(cell, q)) + 2 <= mine) {
                            return Err(format!("field {field} should be locked for player {p}"));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Lines: the recorded win must hold; without one, nobody may already have a line.
    fn validate_lines(&self) -> Result<(), String> {
        let n = self.players;
        let majorities = self.majorities();
        match self.win {
            Some((w, line)) => {
                if w >= n || !LINES.contains(&line) {
                    return Err("the recorded win is not a line of four of a player".into());
                }
                if line.iter().any(|&c| majorities.get(c).copied().flatten() != Some(w)) {
                    return Err("the recorded winner does not hold the majority on the line".into());
                }
            }
            None => {
                if let Some(p) = (0..n).find(|&p| Self::find_line(p, &majorities, None).is_some()) {
                    return Err(format!("player {p} holds four in a row but no win is recorded"));
                }
                if !self.all_stones_used() && self.supply(self.to_move) == 0 {
                    return Err(format!("player {} is to move without stones", self.to_move));
                }
            }
        }
        Ok(())
    }
}

impl Game for Just4Fun {
    /// The cards in any order: listed ascending.
    fn choice(&self, mv: &Move) -> Move {
        let mut mv = mv.clone();
        if let Move::Play { cards } = &mut mv {
            crate::engine::sort::sort(cards);
        }
        mv
    }

    type Move = Move;
    type Error = RuleError;
    type Event = Event;
    type Options = Options;

    const KIND: GameKind = GameKind::Just4Fun;

    fn new(players: usize, options: Options, seed: u64) -> Result<Self, SetupError> {
        Self::KIND.check_players(players)?;
        let layout = if options.random_layout { random_layout(seed) } else { STANDARD_LAYOUT };
        let mut draw = deck();
        rng::shuffle(&mut draw, seed, STREAM_DECK);
        let mut game = Just4Fun {
            players,
            options,
            seed,
            layout,
            stones: vec![0; CELLS * players],
            locked: vec![None; CELLS],
            hands: vec![Vec::with_capacity(HAND_SIZE); players],
            draw,
            discard: Vec::new(),
            supply: vec![STONES_PER_PLAYER; players],
            boxed: vec![0; players],
            to_move: 0,
            turn: 0,
            next_stream: FIRST_RESHUFFLE_STREAM,
            win: None,
            salt: 0,
        };
        // Deal one card at a time around the table.
        for _ in 0..HAND_SIZE {
            for hand in &mut game.hands {
                if let Some(card) = game.draw.pop() {
                    hand.push(card);
                }
            }
        }
        for hand in &mut game.hands {
            crate::engine::sort::sort(hand);
        }
        Ok(game)
    }

    fn seed(&self) -> u64 {
        self.seed
    }

    fn event_player(event: &Event) -> Option<PlayerIdx> {
        match *event {
            Event::Placed { player, .. } | Event::NewHand { player, .. } => Some(player),
        }
    }

    fn event_move(event: &Event) -> Move {
        match event {
            Event::Placed { cards, .. } => Move::Play { cards: cards.clone() },
            Event::NewHand { .. } => Move::NewHand,
        }
    }

    fn reshuffle_unseen(&mut self, nonce: u64) {
        self.salt = nonce;
        rng::reshuffle(&mut self.draw, rng::salted(self.seed, nonce), STREAM_DECK);
    }

    fn json_event_move(event: &EventJson<'_>) -> Option<Move> {
        match event.variant {
            "Placed" => Some(Move::Play { cards: event.field("cards")? }),
            "NewHand" => Some(Move::NewHand),
            _ => None,
        }
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

    /// Every distinct play (cards ascending, ordered by field number), or only `NewHand` when no
    /// play exists; empty once the game is over.
    fn legal_moves(&self) -> Vec<Move> {
        let Some(player) = self.to_move() else {
            return Vec::new();
        };
        let plays: Vec<Move> = sub_multisets(self.hand(player))
            .into_iter()
            .filter(|combo| self.field_for(player, combo).is_ok())
            .map(|cards| Move::Play { cards })
            .collect();
        if plays.is_empty() {
            vec![Move::NewHand]
        } else {
            plays
        }
    }

    fn apply(&mut self, mv: &Move) -> Result<Event, RuleError> {
        let player = self.to_move().ok_or(RuleError::GameOver)?;
        let event = match mv {
            Move::Play { cards } => {
                // Everything is checked before anything changes.
                let (field, cell) = self.check_play_for(player, cards)?;
                self.place(player, cards, field, cell)
            }
            Move::NewHand => {
                if self.has_play(player) {
                    return Err(RuleError::MustPlay);
                }
                let mut discarded = self.hands.get_mut(player).map(std::mem::take).unwrap_or_default();
                crate::engine::sort::sort(&mut discarded);
                self.discard.extend_from_slice(&discarded);
                self.refill(player);
                Event::NewHand { player, discarded, game_over: self.is_over() }
            }
        };
        self.turn = self.turn.saturating_add(1);
        self.advance();
        Ok(event)
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some((winner, _)) = self.win {
            return Some(Outcome::Winners(vec![winner]));
        }
        self.final_scoring().map(|s| s.outcome)
    }

    fn turn(&self) -> u32 {
        self.turn
    }

    fn has_hidden_information(&self) -> bool {
        true
    }

    fn validate(&self) -> Result<(), String> {
        self.validate_inner()
    }
}
