//! Just 4 Fun's board and hand as plain data: the fields with their stones and marks, the
//! viewer's hand and the plays open to them, and the accessible name of every field and card.

use super::Seen;
use crate::engine::just4fun::{Event, Just4Fun, Move, Observation, RuleError, CELLS, LINES, SIDE};
use crate::engine::Game;
use crate::lang::{count_noun, t, tf};
use crate::session::Seat;

/// One field as a sighted player sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Field {
    pub cell: usize,
    pub number: u8,
    /// (player, stones) for players with stones here, in seat order.
    pub stones: Vec<(usize, u8)>,
    pub locked_by: Option<usize>,
    /// Blocked for the player to move (public: it follows from the stones).
    pub blocked: bool,
    /// The viewer's hand makes this number and they may use it (private to the viewer).
    pub reachable: bool,
    /// The last stone went here.
    pub last: bool,
    /// At the end by majorities: who keeps this field (`None`: a tie cleared it, or the game
    /// runs or was won by a line).
    pub kept_by: Option<usize>,
    /// Part of the completed line of four.
    pub in_line: bool,
}

/// What the board shows for one position and viewer; computed once per position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Board {
    pub fields: Vec<Field>,
    /// The viewer's hand (empty for nobody: a hand is never shown to another player).
    pub hand: Vec<u8>,
    /// The plays open to the viewer when it is their turn (card values, ascending).
    pub plays: Vec<Vec<u8>>,
    /// The viewer is to move and no play is open: the only move is a new hand.
    pub must_swap: bool,
}

/// The board as `seen` by its viewer (nobody: no hand, no reach). `last_cell`: where the last
/// stone went.
pub fn board(seen: &Seen<Observation>, last_cell: Option<usize>) -> Board {
    let (game, viewer) = (seen.observation().state(), seen.viewer());
    // Where the viewer's hand reaches: only while the game runs (an ended game has no moves).
    let reachable = viewer.filter(|_| game.outcome().is_none()).map(|p| game.reachable_fields(p)).unwrap_or_default();
    let kept = game.final_scoring().map(|s| s.kept).unwrap_or_default();
    let line = game.win().map(|(_, line)| line);
    let mover = game.to_move();
    let fields = (0..CELLS)
        .map(|cell| {
            let number = game.number_at(cell);
            Field {
                cell,
                number,
                stones: game
                    .stones_at(cell)
                    .iter()
                    .enumerate()
                    .filter(|(_, n)| **n > 0)
                    .map(|(p, n)| (p, *n))
                    .collect(),
                locked_by: game.locked_by(cell),
                blocked: mover.is_some_and(|p| game.blocked_by(p, cell).is_some()),
                reachable: reachable.contains(&number),
                last: last_cell == Some(cell),
                kept_by: kept.iter().position(|fields| fields.contains(&number)),
                in_line: line.is_some_and(|l| l.contains(&cell)),
            }
        })
        .collect();
    let to_move = viewer.is_some() && viewer == mover;
    let plays: Vec<Vec<u8>> = if to_move {
        game.legal_moves()
            .into_iter()
            .filter_map(|m| match m {
                Move::Play { cards } => Some(cards),
                Move::NewHand => None,
            })
            .collect()
    } else {
        Vec::new()
    };
    Board {
        fields,
        hand: viewer.map(|p| game.hand(p).to_vec()).unwrap_or_default(),
        must_swap: to_move && plays.is_empty(),
        plays,
    }
}

/// A rules example's board: the position as everyone sees it, the `marked` field numbers
/// highlighted as the last stone's field is.
pub fn example_board(game: &Just4Fun, marked: &[String]) -> Board {
    let mut board = board(&Seen::of(game, None), None);
    for f in &mut board.fields {
        f.last = marked.iter().any(|m| m.parse() == Ok(f.number));
    }
    board
}

/// The field number the cards at hand positions `picked` add up to, if there is such a field.
pub fn target(hand: &[u8], picked: &[usize]) -> Option<u8> {
    let sum: u32 = picked.iter().filter_map(|&i| hand.get(i)).map(|&c| u32::from(c)).sum();
    u8::try_from(sum).ok().filter(|s| (1..=36).contains(s))
}

fn name(seats: &[Seat], p: usize) -> &str {
    seats.get(p).map_or("?", |s| s.name.as_str())
}

/// A field's accessible name: "Reihe 2, Spalte 5: Feld 29, Anna 2 Steine, Ben 1 Stein,
/// gesperrt" (rows top to bottom, columns left to right, so lines of four can be followed).
/// `target`: the picked cards add up to this field.
pub fn field_name(f: &Field, seats: &[Seat], target: bool) -> String {
    let (row, col) = (f.cell / SIDE + 1, f.cell % SIDE + 1);
    let mut s = format!("{} {row}, {} {col}: {} ", t("Reihe", "Row"), t("Spalte", "column"), t("Feld", "field"));
    s += &f.number.to_string();
    for &(p, n) in &f.stones {
        s += ", ";
        s += name(seats, p);
        s += " ";
        s += &n.to_string();
        s += count_noun(u64::from(n), (" Stein", " stone"), (" Steine", " stones"));
    }
    if let Some(p) = f.locked_by {
        s += t(", gesichert für ", ", locked for ");
        s += name(seats, p);
    }
    for (on, de, en) in [
        (f.blocked, "gesperrt", "blocked"),
        (f.reachable && !target, "erreichbar", "reachable"),
        (target, "Ziel deiner Karten", "your cards' target"),
        (f.last, "letzter Zug", "last move"),
        (f.in_line, "Viererreihe", "line of four"),
    ] {
        if on {
            s += ", ";
            s += t(de, en);
        }
    }
    if let Some(p) = f.kept_by {
        s += t(", behält ", ", kept by ");
        s += name(seats, p);
    }
    s
}

/// A hand card's accessible name: "Karte 7" (", gesperrt" while no play is open).
pub fn card_name(value: u8, locked: bool) -> String {
    let mut s = String::from(t("Karte ", "Card "));
    s += &value.to_string();
    if locked {
        s += t(", gesperrt", ", blocked");
    }
    s
}

/// A log line. Every field of an event is public (played cards and a discarded hand go face up
/// to the discard pile; drawn cards are not in the event), so every viewer reads the same line.
pub fn log_line(event: &Event, seats: &[Seat]) -> String {
    let cards = |c: &[u8]| c.iter().map(u8::to_string).collect::<Vec<_>>().join(" + ");
    match event {
        Event::Placed { player, cards: played, field, locked, boxed, win_line, .. } => {
            let mut line = format!("{}: {} → {field}", name(seats, *player), cards(played));
            if *locked {
                let gone: Vec<String> = boxed.iter().map(|(p, n)| format!("{} {n}", name(seats, *p))).collect();
                line.push_str(t(", sichert das Feld", ", locks the field"));
                if !gone.is_empty() {
                    line.push_str(&tf(" (in die Schachtel: {})", " (to the box: {})", &[&gone.join(", ")]));
                }
            }
            if win_line.is_some() {
                line.push_str(t(" – vier in einer Reihe, gewonnen!", " – four in a row, wins!"));
            }
            line
        }
        Event::NewHand { player, discarded, .. } => {
            let list = discarded.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
            tf(
                "{}: nichts passt – wirft {} ab und zieht 4 neue Karten",
                "{}: nothing fits – discards {} and draws 4 new cards",
                &[&name(seats, *player), &list],
            )
        }
    }
}

/// Why a move was refused, in plain words.
pub fn error_text(e: &RuleError, seats: &[Seat]) -> String {
    match e {
        RuleError::GameOver => t("Das Spiel ist vorbei.", "The game is over.").into(),
        RuleError::NoCards => t("Wähle mindestens eine Karte.", "Pick at least one card.").into(),
        RuleError::TooManyCards { .. } => t("Höchstens vier Karten auf einmal.", "At most four cards at once.").into(),
        RuleError::CardsNotInHand => {
            t("Diese Karten hast du nicht auf der Hand.", "You don't hold these cards.").into()
        }
        RuleError::SumNotAField { sum } => tf(
            "Summe {} – dafür gibt es kein Feld (höchstens 36).",
            "Sum {} – there is no such field (36 at most).",
            &[sum],
        ),
        RuleError::Blocked { field, by } => tf(
            "Feld {} ist für dich gesperrt: {} hat dort mindestens 2 Steine mehr als du.",
            "Field {} is blocked for you: {} has at least 2 stones more there.",
            &[field, &name(seats, *by)],
        ),
        RuleError::MustPlay => t(
            "Du kannst noch Karten spielen – neue Karten gibt es nur, wenn nichts passt.",
            "You can still play – new cards only when nothing fits.",
        )
        .into(),
    }
}

/// A tapped field no combination of the viewer's cards makes.
pub fn no_combination_text(number: u8) -> String {
    tf("Keine Kombination deiner Karten ergibt {}.", "No combination of your cards makes {}.", &[&number])
}

/// The question before a stone goes onto field `number`, already safely the player's own.
pub fn locked_field_question(number: u32) -> String {
    tf(
        "Feld {} gehört dir schon sicher. Trotzdem noch einen Stein daraufsetzen?",
        "Field {} is already safely yours. Add another stone anyway?",
        &[&number],
    )
}

/// The status line under the hand: what the picked `cards` add up to and what to do next.
/// `must_swap`: the person to move has no play; `target`: the field the cards make; who blocks
/// it follows from the public stones.
pub fn selection_status(
    seen: &Seen<Observation>,
    must_swap: bool,
    cards: &[u8],
    target: Option<u8>,
    seats: &[Seat],
) -> String {
    if must_swap {
        return t("Keine Kombination passt auf ein erlaubtes Feld.", "No combination fits a field you may use.")
            .to_string();
    }
    if cards.is_empty() {
        return t("Karten wählen – oder ein markiertes Feld.", "Choose cards – or a marked field.").to_string();
    }
    let total: u32 = cards.iter().map(|&v| u32::from(v)).sum();
    let parts: Vec<String> = cards.iter().map(u8::to_string).collect();
    let expr = format!("{} = {total}", parts.join(" + "));
    let Some(n) = target else {
        return format!("{expr} – {}", t("kein Feld (höchstens 36)", "no field (36 at most)"));
    };
    let game = seen.observation().state();
    match game.cell_of(n).zip(game.to_move()).and_then(|(c, p)| game.blocked_by(p, c)) {
        Some(by) => error_text(&RuleError::Blocked { field: n, by }, seats),
        None => format!("{expr} – {}", t("das Feld wählen oder „Setzen“", "choose the field or “Place”")),
    }
}

/// The line on the piles: round, draw pile, discard pile and its top card (all public).
pub fn piles_text(seen: &Seen<Observation>) -> String {
    let game = seen.observation().state();
    let (round, draw, discard) = (game.round(), game.draw_pile_len(), game.discard_len());
    let top = game.discard_top().map(|c| format!(" ({})", c)).unwrap_or_default();
    tf(
        "Runde {} · Nachziehstapel {} · Ablage {}{}",
        "Round {} · draw pile {} · discard {}{}",
        &[&round, &draw, &discard, &top],
    )
}

/// The move log and the home list's progress word of Just 4 Fun ([`super::GameView`]).
impl super::GameView for crate::engine::just4fun::Just4Fun {
    fn hand_words(&self, player: usize) -> Option<String> {
        Some(self.hand(player).iter().map(u8::to_string).collect::<Vec<_>>().join(" · "))
    }

    fn log_lines(session: &crate::session::Session<Self>, _reader: Option<usize>, from: usize) -> Vec<String> {
        session.log.iter().skip(from).map(|e| log_line(e, &session.seats)).collect()
    }

    fn progress(&self) -> super::Progress {
        super::Progress::Named(t("Runde", "round"), self.round() as usize)
    }

    fn hint_reason(&self, me: usize, mv: &Move, names: &[String]) -> String {
        hint_reason(self, me, mv, names)
    }
}

/// A line through a field, as one player's majorities on it: whose they are (`holder`) and on
/// which fields, when nobody else holds a majority there and no field of it is locked for
/// anyone else (so it can still become four in a row).
struct LineHold {
    holder: usize,
    held: Vec<usize>,
}

fn line_hold(game: &Just4Fun, line: &[usize; 4]) -> Option<LineHold> {
    let owners: Vec<Option<usize>> = line.iter().map(|&c| game.majority_at(c)).collect();
    let holder = owners.iter().flatten().next().copied()?;
    let open = line.iter().all(|&c| game.locked_by(c).is_none_or(|l| l == holder));
    let held: Vec<usize> = line.iter().zip(&owners).filter(|(_, o)| **o == Some(holder)).map(|(&c, _)| c).collect();
    (open && held.len() == owners.iter().flatten().count()).then_some(LineHold { holder, held })
}

/// The field numbers of `cells`, joined by dashes: "12–17–23".
fn numbers_text(game: &Just4Fun, cells: &[usize]) -> String {
    cells.iter().map(|&c| game.number_at(c).to_string()).collect::<Vec<_>>().join("–")
}

/// Why the hinted play is good, from the board (public) and the player's own cards: it wins,
/// blocks another's line, locks the field, lengthens the player's line or takes the field, in
/// that order of weight.
fn hint_reason(game: &Just4Fun, me: usize, mv: &Move, names: &[String]) -> String {
    let Move::Play { .. } = mv else {
        return t(
            "Keine Kombination deiner Karten passt auf ein Feld, das du nutzen darfst – neue Hand.",
            "No combination of your cards fits a field you may use – new hand.",
        )
        .to_string();
    };
    let mut after = game.clone();
    let Ok(Event::Placed { field, cell, locked, win_line, .. }) = after.apply(mv) else { return String::new() };
    let lines: Vec<&[usize; 4]> = LINES.iter().filter(|l| l.contains(&cell)).collect();
    // Another player's line through the field that this stone breaks: (fields held, whose, which).
    let blocked = lines
        .iter()
        .filter_map(|l| line_hold(game, l))
        .filter(|h| h.holder != me && h.held.len() >= 2 && after.majority_at(cell) != Some(h.holder))
        .max_by_key(|h| h.held.len());
    // The player's own line that this stone lengthens (it must take the field to count).
    let own = lines
        .iter()
        .filter_map(|l| line_hold(&after, l))
        .filter(|h| h.holder == me && h.held.len() >= 2 && h.held.contains(&cell))
        .max_by_key(|h| h.held.len());
    let why = if let Some(line) = win_line {
        tf("vier in einer Reihe ({}) – gewonnen", "four in a row ({}) – you win", &[&numbers_text(&after, &line)])
    } else if let Some(b) = blocked.as_ref().filter(|b| b.held.len() == 3) {
        blocks_text(game, b, names)
    } else if locked {
        t("das Feld gehört dir damit fest", "the field is yours for good").to_string()
    } else if let Some(o) = own.as_ref().filter(|o| o.held.len() == 3) {
        tf("drei in einer Reihe: {}", "three in a row: {}", &[&numbers_text(&after, &o.held)])
    } else if let Some(b) = blocked {
        blocks_text(game, &b, names)
    } else if let Some(o) = own {
        tf("zwei in einer Reihe: {}", "two in a row: {}", &[&numbers_text(&after, &o.held)])
    } else if game.majority_at(cell) != Some(me) && after.majority_at(cell) == Some(me) {
        t("damit hast du dort die Mehrheit", "it gives you the majority there").to_string()
    } else {
        t("ein Stein mehr für die Schlusswertung", "one more stone for the final count").to_string()
    };
    tf("Feld {} – {}", "Field {} – {}", &[&field, &why])
}

fn blocks_text(game: &Just4Fun, b: &LineHold, names: &[String]) -> String {
    let who = names.get(b.holder).map_or("?", String::as_str);
    tf("blockt die Reihe von {}: {}", "blocks {}'s line {}", &[&who, &numbers_text(game, &b.held)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::just4fun::Just4Fun;
    use crate::lang::{set_lang, Lang};
    use crate::session::PlayerColor;

    fn seats() -> Vec<Seat> {
        vec![
            Seat::person("Anna", PlayerColor::Red),
            Seat::person("Ben", PlayerColor::Yellow),
            Seat::person("Cleo", PlayerColor::Green),
        ]
    }

    fn game() -> Just4Fun {
        Just4Fun::from_position("players=3; to_move=B; 18:A2,B1; 7:A2; 29:A2,C1; hands=5 11 13 2/1 1 1 1/3 4 5 6")
            .unwrap()
    }

    fn field(b: &Board, number: u8) -> &Field {
        b.fields.iter().find(|f| f.number == number).unwrap()
    }

    #[test]
    fn a_field_says_its_stones_and_marks() {
        set_lang(Lang::De);
        let b = board(&Seen::of(&game(), Some(1)), None);
        let f = field(&b, 29);
        assert_eq!(f.stones, vec![(0, 2), (2, 1)]);
        assert!(f.blocked, "Anna is 2 ahead of Ben on 29");
        assert_eq!(field_name(f, &seats(), false), "Reihe 6, Spalte 3: Feld 29, Anna 2 Steine, Cleo 1 Stein, gesperrt");
        set_lang(Lang::En);
        assert_eq!(field_name(f, &seats(), false), "Row 6, column 3: field 29, Anna 2 stones, Cleo 1 stone, blocked");
        set_lang(Lang::De);
        let locked = field(&b, 7);
        assert_eq!(locked.locked_by, Some(0));
        assert_eq!(
            field_name(locked, &seats(), false),
            "Reihe 2, Spalte 3: Feld 7, Anna 2 Steine, gesichert für Anna, gesperrt"
        );
    }

    #[test]
    fn the_viewer_sees_their_own_hand_and_reach_only() {
        set_lang(Lang::De);
        let g = game();
        let ben = board(&Seen::of(&g, Some(1)), None);
        assert_eq!(ben.hand, vec![1, 1, 1, 1]);
        let mut reach: Vec<u8> = ben.fields.iter().filter(|f| f.reachable).map(|f| f.number).collect();
        reach.sort_unstable();
        assert_eq!(reach, vec![1, 2, 3, 4], "four ones make 1 to 4");
        assert_eq!(ben.plays, vec![vec![1], vec![1, 1], vec![1, 1, 1], vec![1, 1, 1, 1]]);
        assert_eq!(field_name(field(&ben, 3), &seats(), false), "Reihe 2, Spalte 1: Feld 3, erreichbar");
        assert_eq!(field_name(field(&ben, 3), &seats(), true), "Reihe 2, Spalte 1: Feld 3, Ziel deiner Karten");

        let anna = board(&Seen::of(&g, Some(0)), None);
        assert_eq!(anna.hand, vec![2, 5, 11, 13]);
        assert!(anna.plays.is_empty(), "Anna is not to move");
        assert!(field(&anna, 31).reachable, "5 + 13 + 11 + 2");

        let nobody = board(&Seen::of(&g, None), None);
        assert!(nobody.hand.is_empty() && nobody.plays.is_empty());
        assert!(nobody.fields.iter().all(|f| !f.reachable), "reach follows from a hand");
        assert!(field(&nobody, 29).blocked, "blocked follows from the public stones");
    }

    #[test]
    fn a_player_without_a_play_must_swap() {
        let g = Just4Fun::from_position("players=2; to_move=A; 1:B2; 2:B2; hands=1 1/5 5").unwrap();
        let b = board(&Seen::of(&g, Some(0)), None);
        assert!(b.must_swap && b.plays.is_empty());
        assert!(!board(&Seen::of(&g, Some(1)), None).must_swap, "only the player to move swaps");
        set_lang(Lang::De);
        assert_eq!(card_name(1, true), "Karte 1, gesperrt");
    }

    #[test]
    fn the_last_stone_and_the_picked_sum_are_marked() {
        let g = game();
        let cell = g.cell_of(18).unwrap();
        let b = board(&Seen::of(&g, Some(1)), Some(cell));
        assert_eq!(b.fields.iter().filter(|f| f.last).map(|f| f.number).collect::<Vec<_>>(), vec![18]);
        assert_eq!(target(&[5, 11, 13, 2], &[0, 2]), Some(18));
        assert_eq!(target(&[19, 19], &[0, 1]), None, "no field 38");
        assert_eq!(target(&[5], &[]), None);
    }

    #[test]
    fn the_end_marks_the_line_or_who_keeps_what() {
        let mut g = Just4Fun::from_position("players=2; to_move=A; 1:A; 6:A; 26:A; hands=19 16 1 1/9 9 9 9").unwrap();
        g.apply(&Move::Play { cards: vec![16, 19] }).unwrap();
        let b = board(&Seen::of(&g, None), None);
        let line: Vec<u8> = b.fields.iter().filter(|f| f.in_line).map(|f| f.number).collect();
        assert_eq!(line, vec![35, 1, 6, 26], "the top row is the line of four");
        set_lang(Lang::De);
        assert_eq!(field_name(&b.fields[0], &seats(), false), "Reihe 1, Spalte 1: Feld 35, Anna 1 Stein, Viererreihe");
        assert!(b.fields.iter().all(|f| f.kept_by.is_none()), "a line win keeps nothing");
    }

    /// Issue 22, 9: a field's name says where it lies, so a line of four can be followed; the
    /// four fields of a line name one row (or column) and neighbouring columns (or rows).
    #[test]
    fn a_field_is_named_by_row_and_column() {
        set_lang(Lang::De);
        let b = board(&Seen::of(&game(), Some(1)), None);
        let names: Vec<String> = b.fields.iter().map(|f| field_name(f, &seats(), false)).collect();
        assert!(names[0].starts_with("Reihe 1, Spalte 1: Feld 35"), "{}", names[0]);
        assert!(names[8].starts_with("Reihe 2, Spalte 3: Feld 7"), "{}", names[8]);
        assert!(names[35].starts_with("Reihe 6, Spalte 6: Feld 11"), "{}", names[35]);
        for (cell, name) in names.iter().enumerate() {
            assert!(name.starts_with(&format!("Reihe {}, Spalte {}: ", cell / 6 + 1, cell % 6 + 1)), "{name}");
        }
        set_lang(Lang::En);
        assert!(field_name(&b.fields[13], &seats(), false).starts_with("Row 3, column 2: field 9"));
        set_lang(Lang::De);
    }

    /// Issue 22, 17: the marks of the fields the viewer's hand reaches go with the end of the game.
    #[test]
    fn no_field_is_marked_reachable_after_the_end() {
        let mut g = Just4Fun::from_position("players=2; to_move=A; 1:A; 6:A; 26:A; hands=19 16 1 1/9 9 9 9").unwrap();
        assert!(
            board(&Seen::of(&g, Some(0)), None).fields.iter().any(|f| f.reachable),
            "running: the hand reaches fields"
        );
        g.apply(&Move::Play { cards: vec![16, 19] }).unwrap();
        assert!(g.outcome().is_some(), "the line of four ends the game");
        for viewer in [Some(0), Some(1)] {
            let b = board(&Seen::of(&g, viewer), None);
            assert!(b.fields.iter().all(|f| !f.reachable), "{viewer:?}: a field marked reachable after the end");
            assert!(b.fields.iter().all(|f| !field_name(f, &seats(), false).contains("erreichbar")));
        }
    }

    #[test]
    fn the_end_by_majorities_says_who_keeps_each_field() {
        set_lang(Lang::De);
        let g = Just4Fun::from_position("players=2; 35:A2,B1; 1:B; 6:A,B; boxed=A17,B17").unwrap();
        assert!(g.is_over(), "every stone is used");
        let b = board(&Seen::of(&g, None), None);
        assert_eq!(b.fields[0].kept_by, Some(0), "35: Anna 2 against 1");
        assert_eq!(b.fields[1].kept_by, Some(1), "1: Ben alone");
        assert_eq!(b.fields[2].kept_by, None, "6: a tie clears the field");
        assert_eq!(
            field_name(&b.fields[0], &seats(), false),
            "Reihe 1, Spalte 1: Feld 35, Anna 2 Steine, Ben 1 Stein, behält Anna"
        );
        assert!(b.fields.iter().all(|f| !f.in_line && !f.blocked), "no line, nobody to move");
    }

    /// The question before adding to an own locked field names the field.
    #[test]
    fn the_locked_field_question_names_the_field() {
        set_lang(Lang::De);
        assert!(locked_field_question(17).starts_with("Feld 17 gehört dir schon sicher."));
    }

    /// Issue 24, 3: a hint says why, by weight: a win, a block of another's line, a lock, the
    /// player's own line, a majority. Row 1 of the standard board is 35 1 6 26 19 24.
    #[test]
    fn a_hint_says_why_its_field() {
        set_lang(Lang::De);
        let names: Vec<String> = seats().iter().map(|s| s.name.clone()).collect();
        let play = |cards: &[u8]| Move::Play { cards: cards.to_vec() };
        let row = "players=3; 35:A; 1:A; 6:A; hands=17 9 1 1/19 7 2 3/10 10 6 4";
        let win = Just4Fun::from_position(&format!("to_move=A; {row}")).unwrap();
        assert_eq!(
            hint_reason(&win, 0, &play(&[17, 9]), &names),
            "Feld 26 – vier in einer Reihe (35–1–6–26) – gewonnen"
        );
        let block = Just4Fun::from_position(&format!("to_move=B; {row}")).unwrap();
        assert_eq!(hint_reason(&block, 1, &play(&[19, 7]), &names), "Feld 26 – blockt die Reihe von Anna: 35–1–6");
        let lock = Just4Fun::from_position("players=2; to_move=B; 20:B; hands=1 1 1 1/10 10 2 3").unwrap();
        assert_eq!(hint_reason(&lock, 1, &play(&[10, 10]), &names), "Feld 20 – das Feld gehört dir damit fest");
        let own = Just4Fun::from_position("players=2; to_move=A; 35:A; 1:A; hands=6 1 1 1/2 2 2 2").unwrap();
        assert_eq!(hint_reason(&own, 0, &play(&[6]), &names), "Feld 6 – drei in einer Reihe: 35–1–6");
        set_lang(Lang::En);
        let new_hand = hint_reason(&own, 0, &Move::NewHand, &names);
        assert!(new_hand.contains("new hand"), "{new_hand}");
        assert_eq!(hint_reason(&block, 1, &play(&[19, 7]), &names), "Field 26 – blocks Anna's line 35–1–6");
        set_lang(Lang::De);
    }
}
