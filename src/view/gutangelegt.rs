//! Gut angelegt's table and hand as plain data: laid cards (keyed by card), the open places, the
//! hand of the viewer only, and the picked card's preview with its lines. Split in two so the
//! board recomputes per position only what the position decides ([`table`]) and per tap only
//! what a tap changes ([`tap`]: the hand as shown, the preview).

use super::Seen;
use crate::engine::gutangelegt::{
    log_lines_now, table_shift, Anchor, Event, GutAngelegt, Laid, Line, Move, Observation, Place, RuleError, CARDS,
    CARD_FIELDS, ROW_CARDS,
};
use crate::engine::Game;
use crate::lang::{t, tf};
use crate::session::Seat;

pub fn color_name(color: u8) -> &'static str {
    match color {
        0 => t("rot", "red"),
        1 => t("gelb", "yellow"),
        2 => t("grün", "green"),
        _ => t("blau", "blue"),
    }
}

/// "rot-gelb-blau": a card's colours top to bottom.
pub fn colors_text(colors: [u8; 3]) -> String {
    colors.map(color_name).join("-")
}

/// A laid card: its id (its key: a card keeps it as the table grows), column and top field row
/// on today's table, colours top to bottom, whether it was laid last, and its accessible name.
#[derive(Clone, Debug, PartialEq)]
pub struct Card {
    pub id: u8,
    pub col: usize,
    pub row: usize,
    pub colors: [u8; 3],
    pub last: bool,
    pub label: String,
}

/// An open place: its column and top field row as drawn (may lie outside today's table).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slot {
    pub place: Place,
    pub col: i32,
    pub row: i32,
}

/// What a position shows, the same for every tap until the next card lies.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Table {
    pub width: usize,
    pub height: usize,
    pub cards: Vec<Card>,
    /// Only for the person laying now.
    pub slots: Vec<Slot>,
    /// The last card's scoring lines (today's coordinates).
    pub scored: Vec<Line>,
}

/// The table as `seen` after `last`; `laying`: the viewer lays now (the places are offered).
pub fn table(seen: &Seen<Observation>, last: Option<&Event>, laying: bool) -> Table {
    let game = seen.observation().state();
    let (last_at, scored) = match last {
        Some(Event::Laid { at, lines, .. }) => (Some(*at), lines.clone()),
        None => (None, Vec::new()),
    };
    let cards = game
        .laid_cards()
        .into_iter()
        .map(|(col, row, l): (usize, usize, Laid)| {
            let colors = [l.color(0), l.color(1), l.color(2)];
            let last = last_at == Some((col, row));
            let (r, p) = (row / CARD_FIELDS + 1, col + 1);
            let mut label = format!("{} {r}, {} {p}: {}", t("Zeile", "Row"), t("Platz", "place"), colors_text(colors));
            if last {
                label.push_str(t(", zuletzt gelegt", ", laid last"));
            }
            Card { id: l.card, col, row, colors, last, label }
        })
        .collect();
    let slots = if laying { slots(game) } else { Vec::new() };
    Table { width: game.width(), height: game.height(), cards, slots, scored }
}

/// Where each open place is drawn.
fn slots(game: &GutAngelegt) -> Vec<Slot> {
    let (width, height) = (game.width() as i32, game.height() as i32);
    let open = game.rows().iter().position(|r| !r.complete()).unwrap_or(0);
    game.places()
        .into_iter()
        .map(|place| {
            let (col, row) = match place {
                Place::Left => (-1, 0),
                Place::Right => (width, 0),
                Place::Next => {
                    let row = &game.rows()[open];
                    let n = row.cards.len() as i32;
                    (
                        if row.anchor == Anchor::Right { ROW_CARDS as i32 - 1 - n } else { n },
                        (open * CARD_FIELDS) as i32,
                    )
                }
                Place::Corner { top, left } => {
                    (if left { 0 } else { ROW_CARDS as i32 - 1 }, if top { -(CARD_FIELDS as i32) } else { height })
                }
            };
            Slot { place, col, row }
        })
        .collect()
}

/// A place's id: `left`, `right`, `next`, `top-left` … (the table's `data-place`, the examples
/// file's marks).
pub fn place_id(place: Place) -> &'static str {
    match place {
        Place::Left => "left",
        Place::Right => "right",
        Place::Next => "next",
        Place::Corner { top: true, left: true } => "top-left",
        Place::Corner { top: true, left: false } => "top-right",
        Place::Corner { top: false, left: true } => "bottom-left",
        Place::Corner { top: false, left: false } => "bottom-right",
    }
}

/// A rules example's table: the position as everyone sees it, with the `marked` places open
/// (`left`, `top-right` …) and the `marked` lines drawn as scored (`x:y-x:y`, fields from 0).
pub fn example_table(game: &GutAngelegt, marked: &[String]) -> Table {
    let mut table = table(&Seen::of(game, None), None, false);
    table.slots = slots(game).into_iter().filter(|s| marked.iter().any(|m| m == place_id(s.place))).collect();
    let field = |text: &str| -> Option<(usize, usize)> {
        let (x, y) = text.split_once(':')?;
        Some((x.parse().ok()?, y.parse().ok()?))
    };
    table.scored = marked
        .iter()
        .filter_map(|m| m.split_once('-').and_then(|(a, b)| Some(Line { from: field(a)?, to: field(b)? })))
        .collect();
    table
}

/// A place's accessible name.
pub fn place_label(place: Place) -> &'static str {
    match place {
        Place::Left => t("links anlegen", "lay at the left end"),
        Place::Right => t("rechts anlegen", "lay at the right end"),
        Place::Next => t("in der Zeile weiter anlegen", "continue the row"),
        Place::Corner { top: true, left: true } => t("neue Zeile oben links beginnen", "start a new row top left"),
        Place::Corner { top: true, left: false } => t("neue Zeile oben rechts beginnen", "start a new row top right"),
        Place::Corner { top: false, left: true } => t("neue Zeile unten links beginnen", "start a new row bottom left"),
        Place::Corner { top: false, left: false } => {
            t("neue Zeile unten rechts beginnen", "start a new row bottom right")
        }
    }
}

/// Whether the next card starts a new row: the row is full, and the places offered are the
/// corners of the block (the player chooses where the new row begins).
pub fn new_row(table: &Table) -> bool {
    table.slots.iter().any(|s| matches!(s.place, Place::Corner { .. }))
}

/// What the status line asks of the player laying now, with `sel` their selection (or a hint's)
/// and `tap` what it shows; worded for touch and keyboard alike.
pub fn prompt(table: &Table, tap: &Tap, sel: Option<&Selection>, announce: bool) -> String {
    match sel.map(|s| s.place) {
        None if new_row(table) => t(
            "Zeile voll: Wähle eine Karte und eine Ecke für die neue Zeile.",
            "Row full: choose a card and a corner for the new row.",
        )
        .into(),
        None => t("Wähle eine Karte.", "Choose a card.").into(),
        Some(None) if new_row(table) => {
            t("Neue Zeile: Mit ⇅ drehen, dann eine Ecke wählen.", "New row: turn it with ⇅, then choose a corner.")
                .into()
        }
        Some(None) => {
            t("Mit ⇅ drehen, dann einen markierten Platz wählen.", "Turn it with ⇅, then choose a marked place.").into()
        }
        Some(Some(_)) if announce => t(
            "Sage deine Reihen an: erstes und letztes Feld wählen. Dann „Legen“.",
            "Announce your lines: choose the first and the last field. Then “Lay”.",
        )
        .into(),
        // The table's preview already holds the lines this card would make.
        Some(Some(_)) => format!(
            "{} {} {}",
            t("Hier:", "Here:"),
            tap.points,
            t("Punkte – den Platz nochmal wählen oder „Legen“.", "points – choose the place again or “Lay”.")
        ),
    }
}

/// What is picked for laying: a card, turned or not, maybe its place, and the claimed lines.
#[derive(Clone, Debug, PartialEq)]
pub struct Selection {
    pub card: u8,
    pub turned: bool,
    pub place: Option<Place>,
    pub claims: Vec<Line>,
}

/// A card in the viewer's hand, coloured as it would lie (turned if picked and turned).
#[derive(Clone, Debug, PartialEq)]
pub struct HandCard {
    pub id: u8,
    pub colors: [u8; 3],
    pub picked: bool,
    pub label: String,
}

/// The hand of `viewer` (none behind the cover: `None`), nobody else's.
fn hand(game: &GutAngelegt, viewer: Option<usize>, sel: Option<&Selection>) -> Vec<HandCard> {
    let Some(p) = viewer else { return Vec::new() };
    game.hand(p)
        .iter()
        .map(|&id| {
            let picked = sel.is_some_and(|s| s.card == id);
            let laid = Laid { card: id, turned: picked && sel.is_some_and(|s| s.turned) };
            let colors = [laid.color(0), laid.color(1), laid.color(2)];
            let label = format!("{} {}", t("Karte", "Card"), colors_text(colors));
            HandCard { id, colors, picked, label }
        })
        .collect()
}

/// Kinds of drawn lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// The last card's lines.
    Scored,
    /// What the picked card would score (automatic scoring).
    Preview,
    /// Announcing: the lines claimed so far.
    Claim,
}

impl LineKind {
    pub fn id(self) -> &'static str {
        match self {
            LineKind::Scored => "scored",
            LineKind::Preview => "preview",
            LineKind::Claim => "claim",
        }
    }
}

/// What a tap changes: the viewer's hand as shown, the picked card on its chosen place.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Tap {
    pub hand: Vec<HandCard>,
    pub chosen: Option<Place>,
    /// The picked card in the coordinates of the table *after* it lies: (column, top row, colours).
    pub card: Option<(usize, usize, [u8; 3])>,
    /// How far that card moves today's table (a card at the left end of the first row moves it
    /// right, a row started on top moves it down), in fields.
    pub shift: (usize, usize),
    /// Lines to draw (after-move coordinates; without a preview the last card's lines).
    pub lines: Vec<(Line, LineKind)>,
    /// The points the card would score here (automatic scoring; 0 when announcing).
    pub points: u32,
}

/// The hand of the viewer of `seen` with `sel` and its preview (without a chosen place nothing but
/// the last card's lines). `sel` only while the viewer lays.
pub fn tap(seen: &Seen<Observation>, table: &Table, sel: Option<&Selection>) -> Tap {
    let (game, viewer) = (seen.observation().state(), seen.viewer());
    let hand = hand(game, viewer, sel);
    let chosen = sel.and_then(|s| Some((s, s.place?)));
    let Some((Ok((lines, at)), s, place)) =
        chosen.map(|(s, place)| (game.preview(Laid { card: s.card, turned: s.turned }, place), s, place))
    else {
        return Tap { hand, lines: table.scored.iter().map(|&l| (l, LineKind::Scored)).collect(), ..Tap::default() };
    };
    let laid = Laid { card: s.card, turned: s.turned };
    let lines: Vec<(Line, LineKind)> = if game.options().announce {
        s.claims.iter().map(|&l| (l, LineKind::Claim)).collect()
    } else {
        lines.into_iter().map(|l| (l, LineKind::Preview)).collect()
    };
    let points = lines.iter().filter(|l| l.1 == LineKind::Preview).map(|l| l.0.points()).sum();
    Tap {
        hand,
        chosen: Some(place),
        card: Some((at.0, at.1, [laid.color(0), laid.color(1), laid.color(2)])),
        shift: table_shift(place),
        lines,
        points,
    }
}

/// The colour of the field at `at` (after-move coordinates) once the previewed card lies:
/// the preview's or a laid card's; `None` for an empty field. What announcing names.
pub fn field_color(table: &Table, tap: &Tap, at: (usize, usize)) -> Option<u8> {
    let on = |col: usize, row: usize| (at.0 == col && (row..row + CARD_FIELDS).contains(&at.1)).then(|| at.1 - row);
    if let Some((col, row, colors)) = tap.card {
        if let Some(k) = on(col, row) {
            return Some(colors[k]);
        }
    }
    let (dx, dy) = tap.shift;
    table.cards.iter().find_map(|c| on(c.col + dx, c.row + dy).map(|k| c.colors[k]))
}

/// The fields a claim can name: (columns, rows) of the table once the previewed card lies.
pub fn field_bounds(table: &Table, tap: &Tap) -> (usize, usize) {
    let (dx, dy) = tap.shift;
    let cards = table.cards.iter().map(|c| (c.col + dx, c.row + dy));
    cards.chain(tap.card.map(|(c, r, _)| (c, r))).fold((0, 0), |(w, h), (c, r)| (w.max(c + 1), h.max(r + CARD_FIELDS)))
}

/// The claim cursor's name: "Spalte 3, Feld 5: rot" (1-based), or "leer" for an empty field,
/// and whether a claim starts there.
pub fn cursor_name(table: &Table, tap: &Tap, at: (usize, usize), start: Option<(usize, usize)>) -> String {
    let color = field_color(table, tap, at).map_or(t("leer", "empty"), color_name);
    let (col, row) = (at.0 + 1, at.1 + 1);
    let mut name = tf("Spalte {}, Feld {}: {}", "Column {}, field {}: {}", &[&col, &row, &color]);
    if start == Some(at) {
        name.push_str(t(", Anfang der Linie", ", start of the line"));
    }
    name
}

/// Everything one viewer's screen shows of the table (what the board draws, in one value).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Board {
    pub table: Table,
    pub tap: Tap,
}

/// The board as `viewer` sees it: `laying` when the viewer is the person to lay now; `sel` only
/// while they are laying.
pub fn board(seen: &Seen<Observation>, last: Option<&Event>, laying: bool, sel: Option<&Selection>) -> Board {
    let table = table(seen, last, laying && !seen.observation().state().is_over());
    let tap = tap(seen, &table, sel.filter(|_| laying));
    Board { table, tap }
}

/// Why a move was refused, in plain words.
pub fn error_text(e: &RuleError) -> String {
    match e {
        RuleError::GameOver => t("Das Spiel ist vorbei.", "The game is over.").into(),
        RuleError::NotInHand { .. } => t("Diese Karte hast du nicht.", "You don't hold that card.").into(),
        RuleError::NoSuchPlace => t("Dort kann jetzt keine Karte liegen.", "A card cannot go there now.").into(),
        RuleError::DoubleClaim { line } => {
            tf("Die Reihe {} ist doppelt angesagt.", "Line {} is announced twice.", &[&line_text(*line)])
        }
    }
}

/// The message after a lay whose wrong claims were struck: which, and that the card stays.
pub fn corrected_text(corrected: &[Line]) -> String {
    let struck = lines_text(corrected);
    tf(
        "Korrigiert: {} punktet so nicht (0 Punkte). Die Karte liegt, richtige Ansagen zählen.",
        "Corrected: {} does not score like that (0 points). The card stays; right claims count.",
        &[&struck],
    )
}

/// The line announced from field `start` to field `end`, or why they make none.
pub fn claimed_line(start: (usize, usize), end: (usize, usize)) -> Result<Line, &'static str> {
    let line = Line { from: start, to: end }.normalized();
    let (dx, dy) = (start.0.abs_diff(end.0), start.1.abs_diff(end.1));
    if !(dx == 0 || dy == 0 || dx == dy) || line.len() < 3 {
        return Err(t(
            "Eine Reihe ist gerade (waagerecht, senkrecht oder diagonal) und mindestens 3 Felder lang.",
            "A line is straight (across, up or diagonal) and at least 3 fields long.",
        ));
    }
    Ok(line)
}

/// The line on the piles: cards on the table and face down (both public).
pub fn piles_text(seen: &Seen<Observation>) -> String {
    let game = seen.observation().state();
    let (laid, draw) = (game.cards_on_table(), game.draw_len());
    tf("Auf dem Tisch: {} von 48 · verdeckt: {}", "On the table: {} of 48 · face down: {}", &[&laid, &draw])
}

/// Lines named for the log and messages: "A1–C1, B2–B4".
pub fn lines_text(lines: &[Line]) -> String {
    lines.iter().map(|l| line_text(*l)).collect::<Vec<_>>().join(", ")
}

pub fn line_text(line: Line) -> String {
    let name = |(x, y): (usize, usize)| format!("{}{}", char::from(b'A' + (y % 26) as u8), x + 1);
    format!("{}–{}", name(line.from), name(line.to))
}

/// The move log as text from entry `from` on, each position named as on today's table. Every
/// field of an event is public (a laid card lies face up; drawn cards are not in the event), so
/// every viewer reads the same lines.
pub fn log_text(log: &[Event], seats: &[Seat], from: usize) -> Vec<String> {
    log.iter().zip(log_lines_now(log)).skip(from).map(|(e, now)| describe(e, seats, &now)).collect()
}

/// A log line. `now`: the event's lines, missed and corrected claims in today's table
/// coordinates ([`log_lines_now`]), so a position keeps naming the same cards as the table grows.
fn describe(event: &Event, seats: &[Seat], now: &[Vec<Line>; 3]) -> String {
    let Event::Laid { player, card, turned, points, .. } = event;
    let [lines, missed, corrected] = now;
    let who = seats.get(*player).map_or("?", |s| s.name.as_str());
    // Top to bottom as the card lies on the table (turned or not), as the table shows it.
    let mut colors = GutAngelegt::card(*card);
    if *turned {
        colors.reverse();
    }
    let colors = colors_text(colors);
    let mut s = tf("{}: Karte {}, +{}", "{}: card {}, +{}", &[&who, &colors, points]);
    if !lines.is_empty() {
        s.push_str(&format!(
            " ({})",
            lines.iter().map(|l| format!("{} {}", line_text(*l), l.points())).collect::<Vec<_>>().join(", ")
        ));
    }
    if !corrected.is_empty() {
        let struck = lines_text(corrected);
        s.push_str(&tf(" – korrigiert, 0 Punkte: {}", " – corrected, 0 points: {}", &[&struck]));
    }
    if !missed.is_empty() {
        s.push_str(&tf(" – übersehen: {}", " – missed: {}", &[&missed.len()]));
    }
    s
}

/// The move log and the home list's progress word of Gut angelegt ([`super::GameView`]).
impl super::GameView for GutAngelegt {
    fn points(&self, player: usize) -> Option<u32> {
        Some(self.score(player))
    }

    fn hand_words(&self, player: usize) -> Option<String> {
        let card = |&id: &u8| {
            let laid = Laid { card: id, turned: false };
            colors_text([laid.color(0), laid.color(1), laid.color(2)])
        };
        Some(self.hand(player).iter().map(card).collect::<Vec<_>>().join(" · "))
    }

    fn log_lines(session: &crate::session::Session<Self>, _reader: Option<usize>, from: usize) -> Vec<String> {
        log_text(&session.log, &session.seats, from)
    }

    fn progress(&self) -> super::Progress {
        super::Progress::OutOf(self.cards_on_table(), 48, t("Karten gelegt", "cards laid"))
    }

    fn hint_reason(&self, me: usize, mv: &Move, _names: &[String]) -> String {
        hint_reason(self, me, mv)
    }
}

/// The lines a placement would score (the table and the player's own card are all it reads).
fn scoring_lines(game: &GutAngelegt, mv: &Move) -> Vec<Line> {
    let Move::Lay { card, turned, place, .. } = mv;
    game.preview(Laid { card: *card, turned: *turned }, *place).map(|(lines, _)| lines).unwrap_or_default()
}

/// The most points one card the player has not seen (not on the table, not in their hand)
/// could make on the next turn after `mv`: what the move leaves the next player to build on.
fn left_to_build_on(game: &GutAngelegt, me: usize, mv: &Move) -> u32 {
    let mut after = game.clone();
    if after.apply(mv).is_err() {
        return 0;
    }
    let laid = game.laid_cards();
    // Cards of the same colours score alike: one of each kind is enough.
    let mut unseen: Vec<u8> = (0..CARDS as u8)
        .filter(|id| !game.hand(me).contains(id) && !laid.iter().any(|(_, _, l)| l.card == *id))
        .collect();
    unseen.sort_by_key(|&id| GutAngelegt::card(id));
    unseen.dedup_by_key(|id| GutAngelegt::card(*id));
    let mut most = 0;
    for place in after.places() {
        for &card in &unseen {
            for turned in [false, true] {
                let lines = after.preview(Laid { card, turned }, place).map(|(l, _)| l).unwrap_or_default();
                most = most.max(lines.iter().map(|l| l.points()).sum());
            }
        }
    }
    most
}

/// The scoring lines as words: "waagerecht 3 + diagonal 3 × 2".
fn lines_in_words(lines: &[Line]) -> String {
    let parts: Vec<String> = lines
        .iter()
        .map(|l| match (l.diagonal(), l.from.1 == l.to.1) {
            (true, _) => tf("diagonal {} × 2", "diagonal {} × 2", &[&l.len()]),
            (false, true) => tf("waagerecht {}", "across {}", &[&l.len()]),
            (false, false) => tf("senkrecht {}", "down {}", &[&l.len()]),
        })
        .collect();
    parts.join(" + ")
}

/// Why the hinted card and place are good, from the table and the player's own cards: the
/// points they make, line by line ("9 Punkte: waagerecht 3 + diagonal 3 × 2"), whether the
/// cards make more anywhere, and what the place leaves the next player.
fn hint_reason(game: &GutAngelegt, me: usize, mv: &Move) -> String {
    let points = |lines: &[Line]| lines.iter().map(|l| l.points()).sum::<u32>();
    let lines = scoring_lines(game, mv);
    let total = points(&lines);
    let best = game.legal_moves().iter().map(|m| points(&scoring_lines(game, m))).max().unwrap_or(0);
    // What the place leaves the next player: dear (every unseen card at every place), so only
    // where the reason names it.
    let left = || left_to_build_on(game, me, mv);
    if best == 0 {
        let none = t("Keine deiner Karten punktet gerade", "None of your cards scores now");
        return tf(
            "{} – hier kann der Nächste höchstens {} Punkte anlegen",
            "{} – here the next player can make {} points at most",
            &[&none, &left()],
        );
    }
    let noun = crate::lang::count_noun(u64::from(total), ("Punkt", "point"), ("Punkte", "points"));
    let why = if lines.is_empty() {
        format!("{total} {noun}")
    } else {
        format!("{total} {noun}: {}", lines_in_words(&lines))
    };
    if total >= best {
        tf("{} – mehr geht mit deinen Karten nicht", "{} – your cards make no more anywhere", &[&why])
    } else {
        tf(
            "{} – {} wären möglich, aber hier kann der Nächste höchstens {} anlegen",
            "{} – {} are possible, but here the next player can make {} at most",
            &[&why, &best, &left()],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::gutangelegt::{Move, Options};
    use crate::lang::{set_lang, Lang};

    fn game() -> GutAngelegt {
        GutAngelegt::new(3, Options::default(), 11).expect("3 players")
    }

    fn lay(g: &mut GutAngelegt, place: Place) -> Event {
        let p = g.to_move().unwrap();
        let card = g.hand(p)[0];
        g.apply(&Move::Lay { card, turned: false, place, claims: Vec::new() }).expect("a legal card")
    }

    #[test]
    fn a_viewer_sees_only_their_own_hand() {
        let g = game();
        let b = board(&Seen::of(&g, Some(1)), None, false, None);
        let ids: Vec<u8> = b.tap.hand.iter().map(|c| c.id).collect();
        assert_eq!(ids, g.hand(1).to_vec());
        assert!(g.hand(0).iter().chain(g.hand(2)).all(|id| !ids.contains(id)));
        // Behind the cover: no hand at all, no places.
        let covered = board(&Seen::of(&g, None), None, false, None);
        assert!(covered.tap.hand.is_empty() && covered.table.slots.is_empty());
        // The start card lies for everyone; places only for the one laying.
        assert_eq!(covered.table.cards.len(), 1);
        assert_eq!(board(&Seen::of(&g, Some(0)), None, true, None).table.slots.len(), 2);
    }

    #[test]
    fn cards_are_named_by_row_place_and_colours_and_keep_their_key() {
        set_lang(Lang::De);
        let mut g = game();
        let start = g.laid_cards()[0].2.card;
        let e = lay(&mut g, Place::Left);
        let t = table(&Seen::of(&g, None), Some(&e), false);
        // The new card lies left of the start card, which moved to place 2 and kept its id.
        let old = t.cards.iter().find(|c| c.id == start).unwrap();
        assert_eq!((old.col, old.row, old.last), (1, 0, false));
        let new = t.cards.iter().find(|c| c.id != start).unwrap();
        assert!(new.last);
        let colors = GutAngelegt::card(new.id);
        assert_eq!(new.label, format!("Zeile 1, Platz 1: {}, zuletzt gelegt", colors.map(color_name).join("-")));
        assert!(old.label.starts_with("Zeile 1, Platz 2: "), "{}", old.label);
        set_lang(Lang::En);
        assert!(table(&Seen::of(&g, None), Some(&e), false).cards[1].label.starts_with("Row 1, place 2: "));
        set_lang(Lang::De);
    }

    #[test]
    fn picking_turning_and_choosing_a_place_mark_the_hand_and_preview() {
        let g = game();
        let card = g.hand(0)[1];
        let colors = GutAngelegt::card(card);
        let sel = Selection { card, turned: true, place: None, claims: Vec::new() };
        let b = board(&Seen::of(&g, Some(0)), None, true, Some(&sel));
        let picked: Vec<&HandCard> = b.tap.hand.iter().filter(|c| c.picked).collect();
        assert_eq!(picked.len(), 1);
        assert_eq!(picked[0].colors, [colors[2], colors[1], colors[0]], "shown turned");
        assert!(b.tap.card.is_none() && b.tap.chosen.is_none(), "no place yet");
        let sel = Selection { place: Some(Place::Left), ..sel };
        let b = board(&Seen::of(&g, Some(0)), None, true, Some(&sel));
        assert_eq!(b.tap.chosen, Some(Place::Left));
        assert_eq!(b.tap.card, Some((0, 0, [colors[2], colors[1], colors[0]])));
        assert_eq!(b.tap.shift, (1, 0), "the table moves right for a card at its left end");
        let (lines, _) = g.preview(Laid { card, turned: true }, Place::Left).unwrap();
        assert_eq!(b.tap.points, lines.iter().map(|l| l.points()).sum::<u32>());
        // Someone else's turn: their selection (a hint) is not shown to this viewer.
        let watching = board(&Seen::of(&g, Some(0)), None, false, Some(&sel));
        assert!(watching.tap.card.is_none() && !watching.tap.hand.iter().any(|c| c.picked));
    }

    #[test]
    fn after_a_card_its_lines_are_drawn_until_the_next_preview() {
        // Play until a card scores.
        let mut g = game();
        for _ in 0..47 {
            let p = g.to_move().unwrap();
            let mv = g.legal_moves().into_iter().max_by_key(|m| {
                let Move::Lay { card, turned, place, .. } = m;
                g.preview(Laid { card: *card, turned: *turned }, *place).map_or(0, |(l, _)| l.len())
            });
            let e = g.apply(&mv.unwrap()).unwrap();
            let Event::Laid { lines, .. } = &e;
            if !lines.is_empty() {
                let t = table(&Seen::of(&g, None), Some(&e), true);
                let shown = tap(&Seen::of(&g, None), &t, None);
                assert_eq!(shown.lines, lines.iter().map(|&l| (l, LineKind::Scored)).collect::<Vec<_>>());
                let next = g.to_move().unwrap();
                assert_ne!(next, p);
                let card = g.hand(next)[0];
                let place = g.places()[0];
                let sel = Selection { card, turned: false, place: Some(place), claims: Vec::new() };
                assert!(tap(&Seen::of(&g, Some(next)), &t, Some(&sel)).lines.iter().all(|l| l.1 == LineKind::Preview));
                return;
            }
        }
        panic!("no card scored in a whole game");
    }

    /// Issue 22, 16: when a row is full the places are the four corners, and the prompt says
    /// what the player decides (a card, then the corner where the new row starts), not only
    /// "choose a card"; no prompt tells a keyboard player to tap.
    #[test]
    fn a_full_row_asks_for_a_card_and_a_corner() {
        set_lang(Lang::De);
        let mut g = game();
        let mut last = None;
        while !g.places().iter().any(|p| matches!(p, Place::Corner { .. })) {
            let place = if g.places().contains(&Place::Right) { Place::Right } else { Place::Left };
            last = Some(lay(&mut g, place));
        }
        let t = table(&Seen::of(&g, None), last.as_ref(), true);
        assert!(new_row(&t) && t.slots.len() == 4, "four corners: {:?}", t.slots);
        let p = g.to_move().unwrap();
        let none = tap(&Seen::of(&g, Some(p)), &t, None);
        let text = prompt(&t, &none, None, false);
        assert!(text.contains("Zeile voll") && text.contains("Ecke"), "{text}");
        let sel = Selection { card: g.hand(p)[0], turned: false, place: None, claims: Vec::new() };
        let text = prompt(&t, &tap(&Seen::of(&g, Some(p)), &t, Some(&sel)), Some(&sel), false);
        assert!(text.starts_with("Neue Zeile") && text.contains("Ecke"), "{text}");
        let sel = Selection { place: Some(Place::Corner { top: true, left: true }), ..sel };
        let shown = tap(&Seen::of(&g, Some(p)), &t, Some(&sel));
        let text = prompt(&t, &shown, Some(&sel), false);
        assert_eq!(text, format!("Hier: {} Punkte – den Platz nochmal wählen oder „Legen“.", shown.points));
        // A row still growing: a card, then a marked place.
        let fresh = game();
        let t = table(&Seen::of(&fresh, None), None, true);
        assert!(!new_row(&t));
        assert_eq!(prompt(&t, &tap(&Seen::of(&fresh, Some(0)), &t, None), None, false), "Wähle eine Karte.");
        for lang in [Lang::De, Lang::En] {
            set_lang(lang);
            let sel = Selection { card: fresh.hand(0)[0], turned: false, place: None, claims: Vec::new() };
            for (s, announce) in [(None, false), (Some(&sel), false), (Some(&sel), true)] {
                let text = prompt(&t, &tap(&Seen::of(&fresh, Some(0)), &t, s), s, announce).to_lowercase();
                assert!(!text.contains("tipp") && !text.contains("tap"), "{text}");
            }
        }
        set_lang(Lang::De);
    }

    #[test]
    fn announcing_shows_only_the_claims() {
        let g = GutAngelegt::new(2, Options { announce: true }, 3).unwrap();
        let card = g.hand(0)[0];
        let claim = Line { from: (0, 0), to: (0, 2) };
        let sel = Selection { card, turned: false, place: Some(Place::Right), claims: vec![claim] };
        let b = board(&Seen::of(&g, Some(0)), None, true, Some(&sel));
        assert_eq!(b.tap.lines, vec![(claim, LineKind::Claim)]);
        assert_eq!(b.tap.points, 0, "announcing gives no points away");
    }

    #[test]
    fn the_claim_cursor_names_fields_after_the_previewed_card_lies() {
        set_lang(Lang::De);
        let mut g = game();
        let e = lay(&mut g, Place::Right);
        let p = g.to_move().unwrap();
        let card = g.hand(p)[0];
        let sel = Selection { card, turned: false, place: Some(Place::Left), claims: Vec::new() };
        let b = board(&Seen::of(&g, Some(p)), Some(&e), true, Some(&sel));
        let (col, row, colors) = b.tap.card.expect("a preview");
        // The new card lies at the left: the table moves one column right.
        assert_eq!((col, row, b.tap.shift), (0, 0, (1, 0)));
        assert_eq!(field_bounds(&b.table, &b.tap), (3, 3));
        for (k, color) in colors.into_iter().enumerate() {
            assert_eq!(field_color(&b.table, &b.tap, (0, k)), Some(color), "the preview's field {k}");
        }
        let laid = &b.table.cards[0];
        assert_eq!(
            field_color(&b.table, &b.tap, (laid.col + 1, laid.row + 2)),
            Some(laid.colors[2]),
            "a laid card, moved"
        );
        assert_eq!(field_color(&b.table, &b.tap, (0, 3)), None, "below the table");
        assert_eq!(
            cursor_name(&b.table, &b.tap, (0, 0), Some((0, 0))),
            format!("Spalte 1, Feld 1: {}, Anfang der Linie", color_name(colors[0]))
        );
        assert!(cursor_name(&b.table, &b.tap, (0, 3), None).ends_with("leer"));
    }

    /// A claimed line is straight and at least three fields long, from either end.
    #[test]
    fn a_claimed_line_is_straight_and_long_enough() {
        set_lang(Lang::En);
        assert_eq!(claimed_line((0, 0), (2, 2)), Ok(Line { from: (0, 0), to: (2, 2) }.normalized()));
        assert_eq!(claimed_line((3, 1), (0, 1)), Ok(Line { from: (0, 1), to: (3, 1) }.normalized()));
        assert!(claimed_line((0, 0), (1, 0)).is_err(), "two fields");
        assert!(claimed_line((0, 0), (2, 1)).is_err(), "not straight");
    }

    /// Issue 24, 3: a hint's points are the points the card makes when laid (an independent
    /// recount: the reason reads the preview, the count here the move's event), with one word
    /// per line, and where no card scores it says what the place leaves the next player.
    #[test]
    fn a_hint_counts_what_the_card_makes() {
        set_lang(Lang::De);
        let mut g = game();
        let mut scored = 0;
        while let Some(me) = g.to_move() {
            let moves = g.legal_moves();
            for mv in &moves {
                let Event::Laid { points, lines, .. } = g.clone().apply(mv).expect("legal");
                let reason = hint_reason(&g, me, mv);
                if reason.starts_with("Keine") {
                    assert!(points == 0 && reason.contains("höchstens"), "{reason}");
                    continue;
                }
                scored += u32::from(points > 0);
                assert!(reason.starts_with(&format!("{points} Punkt")), "{points}: {reason}");
                let words =
                    ["waagerecht", "senkrecht", "diagonal"].iter().map(|w| reason.matches(w).count()).sum::<usize>();
                assert_eq!(words, lines.len(), "{reason}");
            }
            let mv = moves[0].clone();
            g.apply(&mv).expect("legal");
        }
        assert!(scored > 20, "only {scored} scoring cards seen");
    }
}
