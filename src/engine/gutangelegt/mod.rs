//! Gut angelegt ist halb gewonnen (Ravensburger, Kenneth Rand): lay 3-field colour cards into four
//! rows of twelve; lines of at least three same-coloured fields through the new card score.
//!
//! Rules as in the rulebook with the project's rulings in docs/rules.md (the deck is
//! [`deck`]). Decisions the texts leave open:
//! - Coordinates: fields `(x, y)`, x from the left, y from the top of the table as it lies now
//!   (a row started above the block moves everything down by three fields).
//! - A card lies as a column of 3 fields; "turned" means rotated by 180° (its fields upside down).
//! - Announce option: a claim is a line given by its two end fields. A claim that is exactly one of
//!   the scoring lines (the whole line) scores; any other claim is corrected, as the fellow players
//!   would: the card is laid, the claim scores nothing and the log shows it (`corrected`). A line
//!   claimed twice in one move is refused; lines not claimed score nothing. `legal_moves` lists
//!   each placement once, with every line claimed ([`Game::choice`]: the claims are free).
//! - Players whose hand is empty (the supply is gone) are skipped until all 48 cards lie.

mod determinize;
#[cfg(test)]
mod examples;
#[cfg(test)]
mod guide;
mod position;
#[cfg(test)]
mod tests;

pub use determinize::Observation;

use crate::engine::{rng, EventJson, Game, GameKind, Outcome, PlayerIdx, SetupError};
use serde::{Deserialize, Serialize};

pub const COLORS: u8 = 4;
pub const CARDS: usize = 48;
pub const ROW_CARDS: usize = 12;
pub const ROWS: usize = 4;
pub const HAND: usize = 3;
/// Fields per card, stacked vertically.
pub const CARD_FIELDS: usize = 3;
const STREAM_DECK: u64 = 0;

/// A card: its three colours from top to bottom as printed.
pub type Card = [u8; 3];

/// The 48 cards (docs/rules.md): every sequence of three colours once up to reversal (40),
/// plus two more single-coloured cards per colour. Index = card id.
pub fn deck() -> Vec<Card> {
    let mut cards = Vec::with_capacity(CARDS);
    for a in 0..COLORS {
        for b in 0..COLORS {
            for c in 0..COLORS {
                if [a, b, c] <= [c, b, a] {
                    cards.push([a, b, c]);
                }
            }
        }
    }
    for color in 0..COLORS {
        cards.push([color; 3]);
        cards.push([color; 3]);
    }
    cards
}

/// The deck, built once: every field read looks its card up here.
fn card(id: u8) -> Card {
    static DECK: std::sync::OnceLock<Vec<Card>> = std::sync::OnceLock::new();
    DECK.get_or_init(deck).get(usize::from(id)).copied().unwrap_or([0; 3])
}

#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// Players mark the lines they claim; only correct claims score.
    pub announce: bool,
}

/// How a card row grows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Anchor {
    /// The first row: at either end.
    Both,
    /// Started at the left corner, grows to the right.
    Left,
    /// Started at the right corner, grows to the left.
    Right,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Laid {
    pub card: u8,
    pub turned: bool,
}

impl Laid {
    /// Colour of field `k` (0 = top) as it lies.
    pub fn color(self, k: usize) -> u8 {
        let c = card(self.card);
        if self.turned {
            c[2 - k.min(2)]
        } else {
            c[k.min(2)]
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardRow {
    pub anchor: Anchor,
    /// In laying order for `Left`/`Right`; left to right for `Both`.
    pub cards: Vec<Laid>,
}

/// Where [`GutAngelegt::lay`] put a card: at the front or back of row `r`, or as new row `r`.
#[derive(Clone, Copy, Debug)]
enum Undo {
    Front(usize),
    Back(usize),
    NewRow(usize),
}

impl CardRow {
    pub fn complete(&self) -> bool {
        self.cards.len() >= ROW_CARDS
    }

    /// Column of the `i`-th card of `cards`.
    fn column(&self, i: usize) -> usize {
        match self.anchor {
            Anchor::Both | Anchor::Left => i,
            Anchor::Right => ROW_CARDS - 1 - i,
        }
    }
}

/// Where a card goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Place {
    /// The first row, at its left or right end.
    Left,
    Right,
    /// The row being built (rows 2–4), next to its last card.
    Next,
    /// Start a new row at a corner of the block: above or below, at the left or right end.
    Corner {
        top: bool,
        left: bool,
    },
}

impl Place {
    /// Every place there is (the first row's ends, the next spot, the four corners), for whoever
    /// must try them all: tests, tools.
    pub const ALL: [Place; 7] = [
        Place::Left,
        Place::Right,
        Place::Next,
        Place::Corner { top: true, left: true },
        Place::Corner { top: true, left: false },
        Place::Corner { top: false, left: true },
        Place::Corner { top: false, left: false },
    ];
}

/// A line of at least 3 same-coloured fields, by its end fields (`from` is the upper or left end).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Line {
    pub from: (usize, usize),
    pub to: (usize, usize),
}

impl Line {
    /// The same line after the table moved by `(dx, dy)` fields.
    pub fn moved(self, (dx, dy): (usize, usize)) -> Line {
        Line { from: (self.from.0 + dx, self.from.1 + dy), to: (self.to.0 + dx, self.to.1 + dy) }
    }

    /// Fields in the line.
    pub fn len(self) -> usize {
        let dx = self.from.0.abs_diff(self.to.0);
        let dy = self.from.1.abs_diff(self.to.1);
        dx.max(dy) + 1
    }
    pub fn is_empty(self) -> bool {
        false
    }
    pub fn diagonal(self) -> bool {
        self.from.0 != self.to.0 && self.from.1 != self.to.1
    }
    /// 1 point per field across and up, 2 per field diagonally.
    pub fn points(self) -> u32 {
        u32::try_from(self.len()).unwrap_or(0) * if self.diagonal() { 2 } else { 1 }
    }
    /// The same line whichever end is given first.
    pub fn normalized(self) -> Line {
        if (self.from.1, self.from.0) <= (self.to.1, self.to.0) {
            self
        } else {
            Line { from: self.to, to: self.from }
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Lay `card` from the hand (turned by 180° or not) at `place`. `claims`: the lines the
    /// player announces (only with the announce option; ignored otherwise).
    Lay { card: u8, turned: bool, place: Place, claims: Vec<Line> },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Laid {
        player: PlayerIdx,
        card: u8,
        turned: bool,
        place: Place,
        /// The card's column and its top field's row after the move.
        at: (usize, usize),
        /// Lines that scored.
        lines: Vec<Line>,
        /// Lines the player did not announce (announce option): lost.
        missed: Vec<Line>,
        /// Claims that are not a scoring line as marked (announce option): the fellow players
        /// correct them, they score nothing. Missing in logs of builds that refused such moves.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        corrected: Vec<Line>,
        points: u32,
    },
}

/// How far a card laid at `place` moves the cards already on the table, in fields: one to the
/// right for the left end of the first row, three down for a new row on top. Positions in the
/// log are of their move's time; moved by the later moves they name the same fields today.
pub fn table_shift(place: Place) -> (usize, usize) {
    match place {
        Place::Left => (1, 0),
        Place::Corner { top: true, .. } => (0, 3),
        _ => (0, 0),
    }
}

/// Each log entry's lines in today's table coordinates: `log[i]`'s (lines, missed, corrected)
/// moved by the shifts of every later move.
pub fn log_lines_now(log: &[Event]) -> Vec<[Vec<Line>; 3]> {
    let mut out = Vec::with_capacity(log.len());
    let mut later = (0, 0);
    for Event::Laid { place, lines, missed, corrected, .. } in log.iter().rev() {
        let now = |ls: &[Line]| ls.iter().map(|l| l.moved(later)).collect::<Vec<_>>();
        out.push([now(lines), now(missed), now(corrected)]);
        let (dx, dy) = table_shift(*place);
        later = (later.0 + dx, later.1 + dy);
    }
    out.reverse();
    out
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    GameOver,
    NotInHand {
        card: u8,
    },
    /// That place is not open now (`Left`/`Right` only for the first row, `Next` for a row being
    /// built, corners only when the last row is complete).
    NoSuchPlace,
    /// The same line claimed twice in one move.
    DoubleClaim {
        line: Line,
    },
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RuleError::GameOver => f.write_str("the game is over"),
            RuleError::NotInHand { card } => write!(f, "card {card} is not in the hand"),
            RuleError::NoSuchPlace => f.write_str("a card cannot go there now"),
            RuleError::DoubleClaim { .. } => f.write_str("that line is claimed twice"),
        }
    }
}

impl std::error::Error for RuleError {}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GutAngelegt {
    players: usize,
    options: Options,
    seed: u64,
    /// Card rows top to bottom.
    rows: Vec<CardRow>,
    hands: Vec<Vec<u8>>,
    /// Face down; the last card is drawn next.
    draw: Vec<u8>,
    scores: Vec<u32>,
    to_move: PlayerIdx,
    turn: u32,
    /// The number of the last take-back, which salted the draw pile's order (`rng::salted`).
    #[serde(default, skip_serializing_if = "rng::unsalted")]
    salt: u64,
}

impl GutAngelegt {
    // ----- reading ---------------------------------------------------------------------------

    pub fn rows(&self) -> &[CardRow] {
        &self.rows
    }

    pub fn hand(&self, player: PlayerIdx) -> &[u8] {
        self.hands.get(player).map_or(&[], Vec::as_slice)
    }

    pub fn draw_len(&self) -> usize {
        self.draw.len()
    }

    pub fn score(&self, player: PlayerIdx) -> u32 {
        self.scores.get(player).copied().unwrap_or(0)
    }

    pub fn cards_on_table(&self) -> usize {
        self.rows.iter().map(|r| r.cards.len()).sum()
    }

    pub fn is_over(&self) -> bool {
        self.cards_on_table() >= CARDS
    }

    /// The colours of a card as printed.
    pub fn card(id: u8) -> Card {
        card(id)
    }

    /// Width of the table in fields (the first row's length until it is complete).
    pub fn width(&self) -> usize {
        self.rows.iter().map(|r| if r.anchor == Anchor::Both { r.cards.len() } else { ROW_CARDS }).max().unwrap_or(0)
    }

    pub fn height(&self) -> usize {
        self.rows.len() * CARD_FIELDS
    }

    /// The colour of field (x, y), if a card lies there.
    pub fn field(&self, x: usize, y: usize) -> Option<u8> {
        let row = self.rows.get(y / CARD_FIELDS)?;
        let i = (0..row.cards.len()).find(|&i| row.column(i) == x)?;
        Some(row.cards[i].color(y % CARD_FIELDS))
    }

    /// Every card on the table: (column, top row, card).
    pub fn laid_cards(&self) -> Vec<(usize, usize, Laid)> {
        self.rows
            .iter()
            .enumerate()
            .flat_map(|(r, row)| row.cards.iter().enumerate().map(move |(i, l)| (row.column(i), r * CARD_FIELDS, *l)))
            .collect()
    }

    /// The places open now.
    pub fn places(&self) -> Vec<Place> {
        if self.is_over() {
            return Vec::new();
        }
        match self.rows.iter().find(|r| !r.complete()) {
            Some(row) if row.anchor == Anchor::Both => vec![Place::Left, Place::Right],
            Some(_) => vec![Place::Next],
            None if self.rows.len() < ROWS => [(true, true), (true, false), (false, true), (false, false)]
                .into_iter()
                .map(|(top, left)| Place::Corner { top, left })
                .collect(),
            None => Vec::new(),
        }
    }

    /// Lays `laid` at `place` on this table (hands, pile and scores untouched) and returns the
    /// new card's (column, top row) and how to take it back. In place, so that previews and
    /// search playouts do not copy the whole table.
    fn lay(&mut self, laid: Laid, place: Place) -> Result<((usize, usize), Undo), RuleError> {
        if !self.places().contains(&place) {
            return Err(RuleError::NoSuchPlace);
        }
        match place {
            Place::Left | Place::Right | Place::Next => {
                let r = self.rows.iter().position(|r| !r.complete()).ok_or(RuleError::NoSuchPlace)?;
                let row = &mut self.rows[r];
                let (i, undo) = if place == Place::Left {
                    row.cards.insert(0, laid);
                    (0, Undo::Front(r))
                } else {
                    row.cards.push(laid);
                    (row.cards.len() - 1, Undo::Back(r))
                };
                Ok(((row.column(i), r * CARD_FIELDS), undo))
            }
            Place::Corner { top, left } => {
                let row = CardRow { anchor: if left { Anchor::Left } else { Anchor::Right }, cards: vec![laid] };
                let r = if top { 0 } else { self.rows.len() };
                self.rows.insert(r, row);
                Ok(((self.rows[r].column(0), r * CARD_FIELDS), Undo::NewRow(r)))
            }
        }
    }

    /// Takes back what [`lay`](Self::lay) did.
    fn unlay(&mut self, undo: Undo) {
        match undo {
            Undo::Front(r) => {
                self.rows[r].cards.remove(0);
            }
            Undo::Back(r) => {
                self.rows[r].cards.pop();
            }
            Undo::NewRow(r) => {
                self.rows.remove(r);
            }
        }
    }

    /// The lines that laying `laid` at `place` would form, and the new card's (column, top row).
    /// Lays the card on a scratch copy and takes it back.
    fn preview_in(
        scratch: &mut GutAngelegt,
        laid: Laid,
        place: Place,
    ) -> Result<(Vec<Line>, (usize, usize)), RuleError> {
        let (at, undo) = scratch.lay(laid, place)?;
        let lines = scratch.lines_through(at);
        scratch.unlay(undo);
        Ok((lines, at))
    }

    /// Every line of ≥ 3 same-coloured fields through a field of the card at (column, top row).
    pub fn lines_through(&self, at: (usize, usize)) -> Vec<Line> {
        let mut lines = Vec::new();
        for k in 0..CARD_FIELDS {
            let (x, y) = (at.0, at.1 + k);
            let Some(color) = self.field(x, y) else { continue };
            for (dx, dy) in [(1i32, 0i32), (0, 1), (1, 1), (1, -1)] {
                let same = |s: i32| {
                    let (px, py) = (x as i32 + dx * s, y as i32 + dy * s);
                    px >= 0 && py >= 0 && self.field(px as usize, py as usize) == Some(color)
                };
                let back = (1..).take_while(|&s| same(-s)).count() as i32;
                let fwd = (1..).take_while(|&s| same(s)).count() as i32;
                if back + fwd + 1 >= 3 {
                    let end = |s: i32| ((x as i32 + dx * s) as usize, (y as i32 + dy * s) as usize);
                    let line = Line { from: end(-back), to: end(fwd) }.normalized();
                    if !lines.contains(&line) {
                        lines.push(line);
                    }
                }
            }
        }
        crate::engine::sort::sort(&mut lines);
        lines
    }

    /// The lines a card would score at `place` (what the preview shows).
    pub fn preview(&self, laid: Laid, place: Place) -> Result<(Vec<Line>, (usize, usize)), RuleError> {
        Self::preview_in(&mut self.clone(), laid, place)
    }

    pub fn from_position(s: &str) -> Result<Self, String> {
        position::parse(s)
    }

    fn advance(&mut self) {
        for step in 1..=self.players {
            let p = (self.to_move + step) % self.players;
            if !self.hands[p].is_empty() {
                self.to_move = p;
                return;
            }
        }
    }
}

impl Game for GutAngelegt {
    /// The claims are free: `apply` takes any (without the option it ignores them; with it a
    /// wrong claim is corrected and a line not claimed is lost, CLARIFICATIONS §2), and only a
    /// doubled claim refuses the move. `legal_moves` lists each placement once, with every
    /// scoring line claimed where the option is on (none otherwise).
    fn choice(&self, mv: &Move) -> Move {
        let Move::Lay { card, turned, place, .. } = *mv;
        Move::Lay { card, turned, place, claims: Vec::new() }
    }

    type Move = Move;
    type Error = RuleError;
    type Event = Event;
    type Options = Options;

    const KIND: GameKind = GameKind::GutAngelegt;

    fn new(players: usize, options: Options, seed: u64) -> Result<Self, SetupError> {
        Self::KIND.check_players(players)?;
        let mut draw: Vec<u8> = (0..CARDS as u8).collect();
        rng::shuffle(&mut draw, seed, STREAM_DECK);
        let start = draw.pop().unwrap_or(0);
        let mut hands = vec![Vec::new(); players];
        for _ in 0..HAND {
            for hand in &mut hands {
                if let Some(c) = draw.pop() {
                    hand.push(c);
                }
            }
        }
        Ok(GutAngelegt {
            players,
            options,
            seed,
            rows: vec![CardRow { anchor: Anchor::Both, cards: vec![Laid { card: start, turned: false }] }],
            hands,
            draw,
            scores: vec![0; players],
            to_move: 0,
            turn: 0,
            salt: 0,
        })
    }

    fn seed(&self) -> u64 {
        self.seed
    }

    fn event_player(event: &Event) -> Option<PlayerIdx> {
        match *event {
            Event::Laid { player, .. } => Some(player),
        }
    }

    fn event_move(event: &Event) -> Move {
        // With the announce option exactly the claimed lines score; without it claims are ignored.
        let Event::Laid { card, turned, place, lines, corrected, .. } = event;
        Move::Lay {
            card: *card,
            turned: *turned,
            place: *place,
            claims: lines.iter().chain(corrected).copied().collect(),
        }
    }

    fn reshuffle_unseen(&mut self, nonce: u64) {
        self.salt = nonce;
        rng::reshuffle(&mut self.draw, rng::salted(self.seed, nonce), STREAM_DECK);
    }

    fn json_event_move(event: &EventJson<'_>) -> Option<Move> {
        if event.variant != "Laid" {
            return None;
        }
        let mut claims: Vec<Line> = event.field("lines")?;
        claims.extend(event.field::<Vec<Line>>("corrected").unwrap_or_default());
        Some(Move::Lay {
            card: event.field("card")?,
            turned: event.field("turned")?,
            place: event.field("place")?,
            claims,
        })
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn player_count(&self) -> usize {
        self.players
    }

    fn to_move(&self) -> Option<PlayerIdx> {
        (!self.is_over()).then_some(self.to_move)
    }

    fn legal_moves(&self) -> Vec<Move> {
        let Some(player) = self.to_move() else { return Vec::new() };
        let mut moves = Vec::new();
        let mut scratch = self.options.announce.then(|| self.clone());
        for &card in self.hand(player) {
            for turned in [false, true] {
                for place in self.places() {
                    let claims = match scratch.as_mut() {
                        Some(scratch) => {
                            Self::preview_in(scratch, Laid { card, turned }, place).map(|(l, _)| l).unwrap_or_default()
                        }
                        None => Vec::new(),
                    };
                    moves.push(Move::Lay { card, turned, place, claims });
                }
            }
        }
        moves
    }

    fn apply(&mut self, mv: &Move) -> Result<Event, RuleError> {
        let player = self.to_move().ok_or(RuleError::GameOver)?;
        let Move::Lay { card, turned, place, claims } = mv;
        let pos = self.hands[player].iter().position(|c| c == card).ok_or(RuleError::NotInHand { card: *card })?;
        let laid = Laid { card: *card, turned: *turned };
        let (at, undo) = self.lay(laid, *place)?;
        let all = self.lines_through(at);
        let (lines, missed, corrected) = if self.options.announce {
            // "Sagt er zu viel Punkte an, werden die Mitspieler ihn verbessern": the card stays,
            // a claim that is not a scoring line is struck, the right ones score.
            let (mut claimed, mut corrected): (Vec<Line>, Vec<Line>) = (Vec::new(), Vec::new());
            for claim in claims {
                let line = claim.normalized();
                if claimed.contains(&line) || corrected.contains(&line) {
                    // A refused move leaves the table as it was.
                    self.unlay(undo);
                    return Err(RuleError::DoubleClaim { line });
                }
                if all.contains(&line) {
                    claimed.push(line)
                } else {
                    corrected.push(line)
                }
            }
            crate::engine::sort::sort(&mut claimed);
            crate::engine::sort::sort(&mut corrected);
            let missed = all.iter().copied().filter(|l| !claimed.contains(l)).collect();
            (claimed, missed, corrected)
        } else {
            (all, Vec::new(), Vec::new())
        };
        let points: u32 = lines.iter().map(|l| l.points()).sum();
        self.hands[player].remove(pos);
        if let Some(c) = self.draw.pop() {
            self.hands[player].push(c);
        }
        self.scores[player] = self.scores[player].saturating_add(points);
        self.turn = self.turn.saturating_add(1);
        self.advance();
        Ok(Event::Laid { player, card: *card, turned: *turned, place: *place, at, lines, missed, corrected, points })
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        Some(Outcome::best_scores(&self.scores))
    }

    fn turn(&self) -> u32 {
        self.turn
    }

    fn has_hidden_information(&self) -> bool {
        true
    }

    fn validate(&self) -> Result<(), String> {
        position::validate(self)
    }
}
