//! Vier mal Vier's wall as one side sees it, as plain data: the stones with the faces toward
//! that side (in the hidden view also the far face of each column's top stone, which is seen
//! from above, and nothing else of the far side), the lines, and for the person to move the
//! places the picked stone may go. Stone ids never appear: they would name the far faces.

use super::Seen;
use crate::engine::viermalvier::{
    Event, GameEnd, Move, Observation, RuleError, Spot, VierMalVier, View, SHAPES, STONES, STONE_COUNT,
};
use crate::engine::Game;
use crate::lang::{t, tf};
use crate::session::Seat;

/// Colour names (the fourth colour of the set is not named in the rulebook; blue here).
pub fn color_name(color: u8) -> &'static str {
    match color {
        0 => t("dunkelrot", "dark red"),
        1 => t("orange", "orange"),
        2 => t("gelb", "yellow"),
        _ => t("blau", "blue"),
    }
}

pub fn shape_char(shape: u8) -> char {
    SHAPES.get(usize::from(shape)).copied().unwrap_or('?')
}

/// A stone as drawn: column (the viewer's left to right) and row (0 = bottom), colour, the shape
/// toward the viewer, the far shape only where it may be shown, marks, and its accessible name.
#[derive(Clone, Debug, PartialEq)]
pub struct Stone {
    pub col: usize,
    pub row: usize,
    pub color: u8,
    pub shape: u8,
    pub far: Option<u8>,
    pub last: bool,
    pub win: bool,
    pub label: String,
}

impl Stone {
    /// A key from what the viewer sees of the stone (never its id): a stone that looks different
    /// is drawn anew, marks and names change in place.
    pub fn key(&self) -> u16 {
        (self.col as u16)
            | (self.row as u16) << 3
            | u16::from(self.color) << 5
            | u16::from(self.shape) << 7
            | self.far.map_or(0, |f| u16::from(f) + 1) << 9
    }
}

/// A cell as drawn: first and last of a line.
pub type Segment = ((usize, usize), (usize, usize));

/// One side's wall in one position.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Wall {
    pub side: usize,
    pub width: usize,
    pub stones: Vec<Stone>,
    /// Four-rows on this side (a finished game).
    pub win_lines: Vec<Segment>,
    /// This side's three-runs at the end of a game without a four-row (what scores then).
    pub run_lines: Vec<Segment>,
    /// Where a stone could go now ([`places`]); only for the person to move.
    pub places: Vec<Place>,
}

/// Drawn column of wall column `c` for `side` (side 1 sees the wall mirrored).
fn drawn(side: usize, width: usize, c: usize) -> usize {
    if side == 0 {
        c
    } else {
        width.saturating_sub(c + 1)
    }
}

fn segment(side: usize, width: usize, ((c1, r1), (c2, r2)): Segment) -> Segment {
    ((drawn(side, width, c1), r1), (drawn(side, width, c2), r2))
}

/// "Spalte 2, Reihe 1" for a drawn cell, as the move log names it; places beside the wall by
/// their side.
fn cell_name(width: usize, col: i32, row: usize) -> String {
    let column = if col < 0 {
        t("links neben der Mauer", "left of the wall").to_string()
    } else if col as usize >= width {
        t("rechts neben der Mauer", "right of the wall").to_string()
    } else {
        format!("{} {}", t("Spalte", "column"), col + 1)
    };
    format!("{column}, {} {}", t("Reihe", "row"), row + 1)
}

/// "dunkelrot, Form T".
pub fn stone_text(color: u8, shape: u8) -> String {
    format!("{}, {} {}", color_name(color), t("Form", "shape"), shape_char(shape))
}

/// The wall of `game` as `side` sees it; `last`: where the last stone landed (side-0 coordinates);
/// `moving`: that side's person moves now (the places are worked out).
/// In the hidden view a running game shows the far face of each top stone, nothing else of it.
/// Drawn from what the viewer of `seen` sees: in the hidden view of a running game only the
/// viewer's own side is drawn (their observation names the shapes toward them and nothing else).
pub fn wall(seen: &Seen<Observation>, side: usize, last: Option<(usize, usize)>, moving: bool) -> Wall {
    let game = seen.observation().state();
    let width = game.width();
    let tops = game.options().view == View::Hidden && game.end().is_none();
    let lines: Vec<[(usize, usize); 4]> = match game.end() {
        Some(GameEnd::FourRow { lines, .. }) => lines.iter().filter(|(s, _)| *s == side).map(|(_, l)| *l).collect(),
        _ => Vec::new(),
    };
    let mut stones = Vec::new();
    for (c, column) in game.wall().iter().enumerate() {
        for (r, p) in column.iter().enumerate() {
            let col = drawn(side, width, c);
            let (color, shape) = (p.color(), p.shape_toward(side));
            let far = (tops && r + 1 == column.len()).then(|| p.shape_toward(1 - side));
            let last = last == Some((c, r));
            let win = lines.iter().any(|l| l.contains(&(c, r)));
            let mut label = format!("{}: {}", cell_name(width, col as i32, r), stone_text(color, shape));
            if let Some(far) = far {
                label.push_str(&format!(
                    ", {} {}",
                    t("oben sichtbar: gegenüber", "seen from above: far side"),
                    shape_char(far)
                ));
            }
            if last {
                label.push_str(t(", zuletzt gesetzt", ", placed last"));
            }
            if win {
                label.push_str(t(", Viererreihe", ", four-row"));
            }
            stones.push(Stone { col, row: r, color, shape, far, last, win, label });
        }
    }
    let run_lines = match game.end() {
        Some(GameEnd::Blocked { .. }) => {
            game.three_run_cells(side).into_iter().map(|run| segment(side, width, run)).collect()
        }
        _ => Vec::new(),
    };
    let places = if moving { places(game) } else { Vec::new() };
    Wall {
        side,
        width,
        stones,
        win_lines: lines.iter().map(|l| segment(side, width, (l[0], l[3]))).collect(),
        run_lines,
        places,
    }
}

/// A place a stone could go in this position: the spot, where it lands (side-0 coordinates)
/// and which remaining stones the colour rule lets go there (bit per stone id).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Place {
    pub spot: Spot,
    pub at: (usize, usize),
    pub fits: u16,
}

/// Every place of this position, computed once per position.
pub fn places(game: &VierMalVier) -> Vec<Place> {
    if game.end().is_some() {
        return Vec::new();
    }
    let stones = game.remaining();
    game.spots()
        .into_iter()
        .filter_map(|spot| {
            let at = game.landing(spot).ok()?;
            let fits =
                stones.iter().filter(|&&s| game.check_spot(s, spot).is_ok()).fold(0u16, |m, &s| m | 1 << (s % 16));
            Some(Place { spot, at, fits })
        })
        .collect()
}

/// A place as drawn for the picked stone: drawn column (−1 … 4: beside the wall for new bottom
/// stones), row, whether the colour rule allows it, whether it is chosen, and its name.
#[derive(Clone, Debug, PartialEq)]
pub struct Slot {
    pub spot: Spot,
    pub col: i32,
    pub row: usize,
    pub legal: bool,
    pub chosen: bool,
    pub label: String,
}

impl Slot {
    /// Its key: a slot that moves, changes legality or stands for another spot (side 1's columns
    /// are counted from the other end, so a drawn column's spot changes as the wall grows) is
    /// drawn anew.
    pub fn key(&self) -> u16 {
        let spot = match self.spot {
            Spot::Left => 0,
            Spot::Right => 1,
            Spot::On(c) => 2 + (c as u16 & 3),
        };
        ((self.col + 1) as u16) | (self.row as u16) << 3 | u16::from(self.legal) << 5 | spot << 6
    }
}

/// A rules example's wall as `side` sees it (all of that side: the viewer is its player), the
/// `marked` cells (`a1`–`d4`: column from side 0's left, row from the bottom) highlighted as
/// the last stone is.
pub fn example_wall(game: &VierMalVier, side: usize, marked: &[String]) -> Wall {
    let mut wall = wall(&Seen::of(game, Some(side)), side, None, false);
    let cells: Vec<(usize, usize)> = marked
        .iter()
        .filter_map(|m| {
            let mut chars = m.chars();
            let col = (chars.next()? as usize).checked_sub('a' as usize)?;
            let row = chars.next()?.to_digit(10)?.checked_sub(1)?;
            Some((drawn(side, wall.width, col), row as usize))
        })
        .collect();
    for stone in &mut wall.stones {
        stone.last = cells.contains(&(stone.col, stone.row));
    }
    wall
}

/// The places for the picked stone as `side` sees them, and the stone shown on the chosen one:
/// (column, row, colour, shape toward the viewer).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Pick {
    pub slots: Vec<Slot>,
    pub preview: Option<(i32, usize, u8, u8)>,
}

/// What the side of `wall` sees of holding `stone` with `face` toward them, `chosen` its place.
/// Only for the person to move (the wall holds its places).
pub fn pick(wall: &Wall, stone: Option<u8>, face: u8, chosen: Option<Spot>) -> Pick {
    let Some(stone) = stone else { return Pick::default() };
    let (width, side) = (wall.width, wall.side);
    let s = STONES[usize::from(stone) % STONE_COUNT];
    let mut pick = Pick::default();
    for p in &wall.places {
        let col = match p.spot {
            // The first stone stands in the middle.
            _ if width == 0 => 0,
            // A new stone at side 0's left end is at the right end for side 1, and so on.
            Spot::Left => {
                if side == 0 {
                    -1
                } else {
                    width as i32
                }
            }
            Spot::Right => {
                if side == 0 {
                    width as i32
                } else {
                    -1
                }
            }
            Spot::On(c) => drawn(side, width, c) as i32,
        };
        let legal = p.fits & 1 << (stone % 16) != 0;
        let is_chosen = chosen == Some(p.spot);
        let mut label = cell_name(width.max(1), col, p.at.1);
        label.push_str(match (legal, is_chosen) {
            (false, _) => t(": Farbregel – nicht erlaubt", ": colour rule – not allowed"),
            (true, false) => t(": hier setzen", ": place here"),
            (true, true) => t(": gewählt – nochmal zum Setzen", ": chosen – again to place"),
        });
        if is_chosen {
            pick.preview = Some((col, p.at.1, s.color, s.faces[usize::from(face % 2)]));
        }
        // Left to right as drawn (the keyboard order).
        let at = pick.slots.iter().position(|s| s.col > col).unwrap_or(pick.slots.len());
        pick.slots.insert(at, Slot { spot: p.spot, col, row: p.at.1, legal, chosen: is_chosen, label });
    }
    pick
}

/// The picked stone's name: its colour and which face looks at the player now ("dunkelrot:
/// Form T zu dir, Form U zum Gegner"). Turning it changes the name (and a live region says it).
pub fn picked_text(stone: u8, face: u8) -> String {
    let s = STONES[usize::from(stone) % STONE_COUNT];
    let (near, far) = (shape_char(s.faces[usize::from(face % 2)]), shape_char(s.faces[usize::from(1 - face % 2)]));
    let shape = t("Form", "shape");
    format!(
        "{}: {shape} {near} {}, {shape} {far} {}",
        color_name(s.color),
        t("zu dir", "toward you"),
        t("zum Gegner", "toward your opponent")
    )
}

/// The status line of the person to move (unless a hint shows): what to do with the `picked`
/// stone (id, the face toward the player, whether a place is chosen), whose faces are said with
/// every turn (the status is a live region).
pub fn turn_status(picked: Option<(u8, u8, bool)>) -> String {
    let Some((stone, face, placed)) = picked else {
        return t("Nimm einen Stein von den Tafeln.", "Take a stone from the Tafeln.").to_string();
    };
    let next = if placed {
        t("Den Platz nochmal wählen oder „Setzen“.", "Choose the place again or “Place”.")
    } else {
        t("Mit ⇄ drehen, dann einen grünen Platz wählen.", "Turn it with ⇄, then choose a green place.")
    };
    format!("{}. {next}", picked_text(stone, face))
}

/// The stones not yet in the wall as the Tafeln show them: a row per colour with a gap for each
/// stone in the wall, or without Tafeln one row in `heap` order (the heap as it lies).
pub fn tafeln(seen: &Seen<Observation>, heap: Option<&[u8]>) -> Vec<Vec<Option<u8>>> {
    let left = |id: &u8| !seen.observation().is_used(*id);
    match heap {
        Some(order) => vec![order.iter().copied().filter(left).map(Some).collect()],
        None => (0..4u8)
            .map(|color| {
                (0..STONE_COUNT as u8)
                    .filter(|&id| STONES[usize::from(id)].color == color)
                    .map(|id| left(&id).then_some(id))
                    .collect()
            })
            .collect(),
    }
}

/// The player who may ask to take back the last stone (Profi rule): its owner, while the
/// opponent has not moved yet, if a person plays that seat (a computer never asks) — and only
/// where the rule lets that stone go back (it made the complete wall impossible): a request the
/// rule refuses is never offered. All of it public.
pub fn take_back_asker(seen: &Seen<Observation>, seats: &[Seat]) -> Option<usize> {
    let game = seen.observation().state();
    let (owner, _) = game.last_stone()?;
    let running = game.end().is_none() && game.to_move().is_some_and(|p| p != owner);
    (running && seats.get(owner).is_some_and(Seat::is_person) && game.take_back_allowed()).then_some(owner)
}

/// The note when `answerer` declines a take-back.
pub fn take_back_declined(answerer: &str) -> String {
    format!("{answerer} {}", t("lehnt die Rücknahme ab.", "declines the take-back."))
}

/// The cover's line once `asker` asked to take back the last stone.
pub fn take_back_asked(asker: &str, answerer: &str) -> String {
    format!(
        "{asker} {} {answerer} {}",
        t("bittet, den letzten Stein zurückzunehmen.", "asks to take back the last stone."),
        t("entscheidet nach dem Zeigen.", "decides after showing.")
    )
}

/// The question to the opponent of `asker`, who asked to take back the last stone.
pub fn take_back_question(asker: &str) -> String {
    format!(
        "{asker} {}",
        t(
            "möchte den letzten Stein zurücknehmen: Mit ihm kann die Mauer nicht mehr vollständig werden. Erlaubst du es?",
            "wants to take back the last stone: it made a complete wall impossible. Do you allow it?",
        )
    )
}

/// What `reader` sees of a log event (`None`: nobody, the whole table). In the hidden view a
/// placed stone is known by its colour and the shape it showed the reader (nobody: the colour
/// only), so it becomes the lowest-numbered stone that looks the same from there; its far face
/// stays unknown. A stone taken back or objected to goes back to its Tafel in view of all.
pub fn seen_event(event: &Event, reader: Option<usize>, view: View) -> Event {
    match (event, view) {
        (Event::Placed { player, stone, front, spot, at, width }, View::Hidden) => {
            let s = STONES[usize::from(*stone) % STONE_COUNT];
            // The face toward side 1 is the other one.
            let face_toward =
                |faces: [u8; 2], front: u8, side: usize| faces[usize::from((front + u8::from(side == 1)) % 2)];
            let near = reader.map(|r| (r, face_toward(s.faces, *front, r)));
            let look_alike = (0..STONE_COUNT as u8).flat_map(|k| [(k, 0u8), (k, 1u8)]).find(|&(k, f)| {
                let other = STONES[usize::from(k)];
                other.color == s.color && near.is_none_or(|(r, shape)| face_toward(other.faces, f, r) == shape)
            });
            let (stone, front) = look_alike.unwrap_or((*stone, *front));
            Event::Placed { player: *player, stone, front, spot: *spot, at: *at, width: *width }
        }
        _ => event.clone(),
    }
}

/// A log line for `event`, for the eyes of `reader` (`None`: the whole table, e.g. under the
/// hand-over cover), written from what they see of it ([`seen_event`]). Hidden view: the shape
/// toward the reader only; open view: both shapes.
pub fn describe(event: &Event, seats: &[Seat], reader: Option<usize>, view: View) -> String {
    seen_line(&seen_event(event, reader, view), seats, reader, view)
}

/// The line of an event as its reader sees it.
fn seen_line(event: &Event, seats: &[Seat], reader: Option<usize>, view: View) -> String {
    let who = |p: usize| seats.get(p).map_or("?", |s| s.name.as_str());
    let stone = |id: u8| STONES[usize::from(id) % STONE_COUNT];
    match event {
        Event::Placed { player, stone: id, front, spot, at, width } => {
            let s = stone(*id);
            let toward = |side: usize| shape_char(s.faces[usize::from((front + u8::from(side == 1)) % 2)]);
            let faces = match (view, reader) {
                (View::Open, _) => format!("{}|{}", toward(0), toward(1)),
                (View::Hidden, Some(r)) => tf("Form {} zu dir", "shape {} toward you", &[&toward(r)]),
                (View::Hidden, None) => String::new(),
            };
            // Columns counted from the reader's left (side 1 sees the wall mirrored).
            let from_left = match reader {
                Some(1) => width - at.0,
                _ => at.0 + 1,
            };
            let place = match spot {
                Spot::On(_) => tf("Spalte {}, Reihe {}", "column {}, row {}", &[&from_left, &(at.1 + 1)]),
                _ => tf("unten, Spalte {}", "bottom, column {}", &[&from_left]),
            };
            format!("{}: {} {faces} → {place}", who(*player), color_name(s.color)).replace("  ", " ")
        }
        Event::Objected { by, player, stone: id } => {
            let c = color_name(stone(*id).color);
            tf(
                "{}: Einspruch! Der letzte Stein ({}) geht zurück, {} ist noch einmal dran.",
                "{}: objection! The {} stone goes back, {} moves again.",
                &[&who(*by), &c, &who(*player)],
            )
        }
        Event::TookBack { player, stone: id } => {
            let c = color_name(stone(*id).color);
            tf(
                "{} nimmt den letzten Stein ({}) zurück (erlaubt).",
                "{} takes the {} stone back (allowed).",
                &[&who(*player), &c],
            )
        }
        Event::Announced { by } => tf(
            "{}: Die Mauer kann nicht mehr vollständig werden.",
            "{}: the wall can no longer be completed.",
            &[&who(*by)],
        ),
        Event::NextGame { game, start } => tf("Partie {}: {} beginnt.", "Game {}: {} starts.", &[game, &who(*start)]),
    }
}

/// Why a move was refused, in plain words.
pub fn error_text(e: &RuleError) -> String {
    match e {
        RuleError::GameOver => t("Die Partie ist vorbei.", "The game is over.").into(),
        RuleError::NoSuchStone { .. } | RuleError::BadFace => t("Diesen Stein gibt es nicht.", "No such stone.").into(),
        RuleError::StoneUsed { .. } => {
            t("Dieser Stein ist schon verbaut.", "That stone is already in the wall.").into()
        }
        RuleError::NoRoom => t("Dort ist kein Platz (höchstens 4 × 4).", "No room there (at most 4 × 4).").into(),
        RuleError::Colour { color, in_row, .. } => {
            let (de, en) = if *in_row {
                (
                    "Farbregel: In dieser Reihe steht schon ein Stein dieser Farbe ({}). Du bist noch einmal dran.",
                    "Colour rule: this row already has a {} stone. Still your turn.",
                )
            } else {
                (
                    "Farbregel: In dieser Spalte steht schon ein Stein dieser Farbe ({}). Du bist noch einmal dran.",
                    "Colour rule: this column already has a {} stone. Still your turn.",
                )
            };
            tf(de, en, &[&color_name(*color)])
        }
        RuleError::NothingToObject => {
            t("Hier gibt es keinen Stein, gegen den Einspruch möglich ist.", "There is no stone to object to.").into()
        }
        RuleError::ObjectionUnfounded => t(
            "Abgelehnt: Der letzte Stein hat eine vollständige Mauer nicht unmöglich gemacht.",
            "Refused: the last stone did not make a complete wall impossible.",
        )
        .into(),
        RuleError::AlreadyAnnounced => {
            t("Es wurde schon angesagt – kein Einspruch mehr.", "Already announced – no more objections.").into()
        }
        RuleError::AnnouncementWrong => {
            t("Falsch: Die Mauer kann noch vollständig werden.", "Wrong: the wall can still be completed.").into()
        }
        RuleError::NotBetweenGames | RuleError::GameRunning => {
            t("Die Partie läuft noch.", "The game is still running.").into()
        }
    }
}

/// The move log and the home list's progress word of Vier mal Vier ([`super::GameView`]): the
/// log names a stone's face only to the reader who sees it ([`describe`]).
impl super::GameView for crate::engine::viermalvier::VierMalVier {
    fn log_lines(session: &crate::session::Session<Self>, reader: Option<usize>, from: usize) -> Vec<String> {
        let view = session.state.options().view;
        session.log.iter().skip(from).map(|e| describe(e, &session.seats, reader, view)).collect()
    }

    fn progress(&self) -> super::Progress {
        super::Progress::OutOf(self.stones_placed(), 16, t("Steine gesetzt", "stones set"))
    }

    fn hint_reason(&self, me: usize, mv: &Move, names: &[String]) -> String {
        hint_reason(self, me, mv, names)
    }
}

/// How many of the stones the player to move in `game` could set make a four-row on `side`
/// (only asked where `side` is seen: the player's own, or both in the open view).
fn four_row_threats(game: &VierMalVier, side: usize) -> usize {
    game.legal_moves()
        .iter()
        .filter(|m| matches!(m, Move::Place { .. }))
        .filter(|m| {
            let mut next = game.clone();
            next.apply(m).is_ok() && !next.four_rows(side).is_empty()
        })
        .count()
}

/// Why the hinted move is good, from what the player sees: their own side of the wall (in the
/// open view both sides), the colours and the stones left. In the hidden view nothing is said
/// about the far side, which the player cannot see.
fn hint_reason(game: &VierMalVier, me: usize, mv: &Move, names: &[String]) -> String {
    let other = 1 - me.min(1);
    match mv {
        Move::Object => {
            return t(
                "Der letzte Stein macht eine volle Mauer unmöglich – Einspruch!",
                "The last stone makes a full wall impossible – object!",
            )
            .into()
        }
        Move::Announce => {
            return t(
                "Die Mauer kann nicht mehr voll werden – ansagen.",
                "The wall cannot be completed any more – announce it.",
            )
            .into()
        }
        Move::AllowTakeBack => return t("Die Rücknahme erlauben.", "Allow the take-back.").into(),
        Move::NextGame => return t("Weiter mit dem nächsten Spiel.", "On to the next game.").into(),
        Move::Place { .. } => {}
    }
    let open = game.options().view == View::Open;
    let mut after = game.clone();
    if after.apply(mv).is_err() {
        return String::new();
    }
    let name = names.get(other).map_or("?", String::as_str);
    if !after.four_rows(me).is_empty() {
        return match after.end() {
            Some(GameEnd::FourRow { winner, .. }) if open && *winner == me => {
                t("Viererreihe auf deiner Seite – gewonnen!", "A four-row on your side – you win!").into()
            }
            _ => t("bildet eine Viererreihe auf deiner Seite", "makes a four-row on your side").into(),
        };
    }
    // In the open view: the other's next stone could have made a four-row on their side, and
    // after this one it cannot.
    if open && after.end().is_none() && four_row_threats(&after, other) == 0 {
        let could_have = game.legal_moves().iter().any(|m| {
            let mut next = game.clone();
            matches!(m, Move::Place { .. })
                && next.apply(m).is_ok()
                && next.end().is_none()
                && four_row_threats(&next, other) > 0
        });
        if could_have {
            return tf("verhindert eine Viererreihe auf der Seite von {}", "stops a four-row on {}'s side", &[&name]);
        }
    }
    let runs = after.three_runs(me).saturating_sub(game.three_runs(me));
    if runs > 0 {
        let noun =
            crate::lang::count_noun(u64::from(runs), ("Dreierreihe", "three-run"), ("Dreierreihen", "three-runs"));
        return tf(
            "+{} {} auf deiner Seite – sie zählen, wenn die Mauer nicht voll wird",
            "+{} {} on your side – they count if the wall stays unfinished",
            &[&runs, &noun],
        );
    }
    if game.options().profi && after.completable() {
        return t(
            "die Mauer bleibt vollständig baubar – kein Grund für einen Einspruch",
            "the wall can still be completed – no ground for an objection",
        )
        .into();
    }
    t(
        "nichts Entscheidendes in Sicht; der Computer (Mittel) wählt diesen Stein",
        "nothing decisive in sight; the Medium computer picks this stone",
    )
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::viermalvier::{Move, Options};
    use crate::lang::{set_lang, Lang};

    fn game(view: View) -> VierMalVier {
        VierMalVier::new(2, Options { view, ..Options::default() }, 5).unwrap()
    }

    /// Places the first stone that fits somewhere, its face 0 toward side 0.
    fn place_any(g: &mut VierMalVier) -> (u8, Spot) {
        let (stone, spot) = g.remaining().into_iter().find_map(|s| g.spots_for(s).first().map(|&sp| (s, sp))).unwrap();
        g.apply(&Move::Place { stone, face: 0, spot }).unwrap();
        (stone, spot)
    }

    #[test]
    fn each_side_sees_its_faces_and_in_the_hidden_view_only_the_tops_of_the_far_side() {
        set_lang(Lang::De);
        let mut g = game(View::Hidden);
        let (a, _) = place_any(&mut g);
        g.apply(&Move::Place {
            stone: g.remaining().into_iter().find(|&s| g.check_spot(s, Spot::On(0)).is_ok()).unwrap(),
            face: 1,
            spot: Spot::On(0),
        })
        .unwrap();
        let (w0, w1) =
            (wall(&Seen::of(&g, Some(0)), 0, Some((0, 1)), false), wall(&Seen::of(&g, Some(1)), 1, None, false));
        let faces = STONES[usize::from(a)].faces;
        let bottom0 = w0.stones.iter().find(|s| s.row == 0).unwrap();
        assert_eq!((bottom0.shape, bottom0.far), (faces[0], None), "a covered stone: only the near face");
        let bottom1 = w1.stones.iter().find(|s| s.row == 0).unwrap();
        assert_eq!(bottom1.shape, faces[1], "the other side sees the other face");
        let top = w0.stones.iter().find(|s| s.row == 1).unwrap();
        assert!(top.far.is_some() && top.last, "the top shows its far face from above");
        assert!(
            top.label.starts_with("Spalte 1, Reihe 2: ")
                && top.label.contains("oben sichtbar: gegenüber")
                && top.label.ends_with("zuletzt gesetzt"),
            "{}",
            top.label
        );
        // No name says anything of a covered stone's far face.
        let far_of_bottom = shape_char(faces[1]);
        assert!(!bottom0.label.contains(&format!("gegenüber {far_of_bottom}")), "{}", bottom0.label);
        // The open view shows no tops: both sides are on screen anyway.
        let mut open = game(View::Open);
        place_any(&mut open);
        assert!(wall(&Seen::of(&open, Some(0)), 0, None, false).stones.iter().all(|s| s.far.is_none()));
    }

    #[test]
    fn side_one_sees_the_wall_mirrored() {
        let mut g = game(View::Open);
        place_any(&mut g);
        let (stone, spot) = g
            .remaining()
            .into_iter()
            .find_map(|s| g.check_spot(s, Spot::Right).ok().map(|_| (s, Spot::Right)))
            .unwrap();
        g.apply(&Move::Place { stone, face: 0, spot }).unwrap();
        let w1 = wall(&Seen::of(&g, Some(1)), 1, Some((1, 0)), false);
        let new = w1.stones.iter().find(|s| s.last).unwrap();
        assert_eq!(new.col, 0, "side 0's right end is side 1's left");
        assert!(
            new.label.starts_with("Spalte 1, Reihe 1") || new.label.starts_with("column 1, row 1"),
            "{}",
            new.label
        );
    }

    #[test]
    fn the_picked_stone_gets_its_places_legal_or_not_and_a_preview_on_the_chosen_one() {
        set_lang(Lang::De);
        let mut g = game(View::Hidden);
        let (first, _) = place_any(&mut g);
        let w = wall(&Seen::of(&g, Some(0)), 0, None, true);
        assert_eq!(w.places.len(), 3, "left, right and on top of the first stone");
        assert!(wall(&Seen::of(&g, Some(1)), 1, None, false).places.is_empty(), "places only for the person to move");
        // A stone of the same colour may not stand beside or on it.
        let color = STONES[usize::from(first)].color;
        let same = g.remaining().into_iter().find(|&s| STONES[usize::from(s)].color == color).unwrap();
        let p = pick(&w, Some(same), 0, None);
        assert!(p.slots.iter().all(|s| !s.legal && s.label.contains("Farbregel")), "{:?}", p.slots);
        let other = g.remaining().into_iter().find(|&s| STONES[usize::from(s)].color != color).unwrap();
        let p = pick(&w, Some(other), 1, Some(Spot::On(0)));
        assert!(p.slots.iter().all(|s| s.legal));
        let chosen: Vec<&Slot> = p.slots.iter().filter(|s| s.chosen).collect();
        assert_eq!(chosen.len(), 1);
        assert_eq!(chosen[0].label, "Spalte 1, Reihe 2: gewählt – nochmal zum Setzen");
        let s = STONES[usize::from(other)];
        assert_eq!(p.preview, Some((0, 1, s.color, s.faces[1])));
        // Ordered left to right as drawn (keyboard order).
        let cols: Vec<i32> = p.slots.iter().map(|s| s.col).collect();
        assert_eq!(cols, vec![-1, 0, 1]);
        // Nothing picked: no places, no preview.
        assert_eq!(pick(&w, None, 0, None), Pick::default());
    }

    /// Issue 22, 9: turning the picked stone changes its name: which face looks at the player.
    #[test]
    fn the_picked_stone_names_the_face_toward_the_player() {
        set_lang(Lang::De);
        // Colour 0's U/V stone (id 1): face 0 is U.
        assert_eq!(picked_text(1, 0), "dunkelrot: Form U zu dir, Form V zum Gegner");
        assert_eq!(picked_text(1, 1), "dunkelrot: Form V zu dir, Form U zum Gegner");
        set_lang(Lang::En);
        assert_eq!(picked_text(1, 1), "dark red: shape V toward you, shape U toward your opponent");
        set_lang(Lang::De);
    }

    /// Issue 22, 9: a move is said with its shape where the listener may know it: in the hidden
    /// view the face toward the reader (never the far one), nothing of the faces for the whole
    /// table (under the cover), both faces in the open view.
    #[test]
    fn a_move_is_said_with_the_shape_the_reader_sees() {
        set_lang(Lang::De);
        let seats = vec![
            Seat::person("Anna", crate::session::PlayerColor::Red),
            Seat::person("Ben", crate::session::PlayerColor::Yellow),
        ];
        let mut g = game(View::Hidden);
        // Colour 0's U/V stone, U toward its placer Anna (side 0), V toward Ben.
        let event = g.apply(&Move::Place { stone: 1, face: 0, spot: Spot::Left }).unwrap();
        assert_eq!(describe(&event, &seats, Some(1), View::Hidden), "Anna: dunkelrot Form V zu dir → unten, Spalte 1");
        assert_eq!(describe(&event, &seats, Some(0), View::Hidden), "Anna: dunkelrot Form U zu dir → unten, Spalte 1");
        let table = describe(&event, &seats, None, View::Hidden);
        assert_eq!(table, "Anna: dunkelrot → unten, Spalte 1", "under the cover: no face");
        assert_eq!(describe(&event, &seats, None, View::Open), "Anna: dunkelrot U|V → unten, Spalte 1");
        set_lang(Lang::En);
        assert_eq!(
            describe(&event, &seats, Some(1), View::Hidden),
            "Anna: dark red shape V toward you → bottom, column 1"
        );
        set_lang(Lang::De);
    }

    #[test]
    fn a_finished_game_marks_the_winning_line_on_its_side() {
        // Random games until one ends in a four-row.
        for seed in 0..200 {
            let mut g = VierMalVier::new(2, Options::default(), seed).unwrap();
            let mut rng = seed;
            while g.end().is_none() {
                let moves: Vec<Move> =
                    g.legal_moves().into_iter().filter(|m| matches!(m, Move::Place { .. })).collect();
                if moves.is_empty() {
                    break;
                }
                rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                g.apply(&moves[(rng >> 33) as usize % moves.len()]).unwrap();
            }
            if let Some(GameEnd::FourRow { lines, .. }) = g.end().cloned() {
                let (side, line) = lines[0];
                let w = wall(&Seen::of(&g, Some(side)), side, None, true);
                assert!(!w.win_lines.is_empty());
                assert!(w.stones.iter().filter(|s| s.win).count() >= 4, "the four-row's stones are marked");
                assert!(w.stones.iter().all(|s| s.far.is_none()), "a finished game shows no tops");
                let cell = line[0];
                let drawn_col = if side == 0 { cell.0 } else { g.width() - 1 - cell.0 };
                assert!(w.stones.iter().any(|s| s.win && s.col == drawn_col && s.row == cell.1));
                assert!(w.places.is_empty(), "no places after the end");
                return;
            }
        }
        panic!("no four-row in 200 random games");
    }

    /// The status says the picked stone's faces and the next step.
    #[test]
    fn the_turn_status_follows_the_pick() {
        set_lang(Lang::En);
        assert_eq!(turn_status(None), "Take a stone from the Tafeln.");
        let picked = turn_status(Some((0, 0, false)));
        assert!(picked.starts_with(&picked_text(0, 0)) && picked.ends_with("choose a green place."), "{picked}");
        assert!(turn_status(Some((0, 1, true))).ends_with("or “Place”."));
    }

    /// The Tafeln leave a gap for each stone in the wall (also for a stone below the top, which
    /// the observation stands in for by a look-alike), and the heap keeps its order.
    #[test]
    fn the_tafeln_show_the_stones_left() {
        let mut stood_in = false;
        let mut g = game(View::Hidden);
        for seed in 0..20 {
            g = VierMalVier::new(2, Options { view: View::Hidden, ..Options::default() }, seed).unwrap();
            // Stones spread over the wall by a simple walk through the legal places.
            for k in 0..10usize {
                let places: Vec<Move> =
                    g.legal_moves().into_iter().filter(|m| matches!(m, Move::Place { .. })).collect();
                if g.end().is_some() || places.is_empty() {
                    break;
                }
                let pick = places[(k * 7 + seed as usize * 3) % places.len()].clone();
                let _ = g.apply(&pick);
            }
            for viewer in [Some(0), Some(1), None] {
                let seen = Seen::of(&g, viewer);
                let plates = tafeln(&seen, None);
                let shown: Vec<u8> = plates.iter().flatten().flatten().copied().collect();
                let mut left = g.remaining();
                left.sort_unstable();
                let mut shown_sorted = shown.clone();
                shown_sorted.sort_unstable();
                assert_eq!(shown_sorted, left, "seed {seed}, viewer {viewer:?}");
                stood_in |= (0..STONE_COUNT as u8).any(|id| seen.observation().state().is_used(id) != g.is_used(id));
            }
        }
        assert!(stood_in, "some stone below the top was stood in for by a look-alike");
        let heap: Vec<u8> = (0..STONE_COUNT as u8).rev().collect();
        let row = &tafeln(&Seen::of(&g, None), Some(&heap))[0];
        assert_eq!(row.len(), g.remaining().len());
        assert!(row.windows(2).all(|w| w[0] > w[1]), "the heap's order: {row:?}");
    }
}
