//! Names given by people (players, save slots): cleaned of control and bidi-formatting
//! characters, kept short, never empty, and made distinct. People are told apart by
//! [`name_key`]: shown as typed, compared as the same person however the name was typed.

use super::{PlayerColor, Seat, SeatKind};
use unicode_normalization::UnicodeNormalization;

pub const MAX_NAME_LEN: usize = 24;

/// Bidirectional-formatting characters: a name must never reverse the app's own text.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 16): characters
/// drawn as nothing (zero-width space, joiners, soft hyphen, word joiner, BOM, variation
/// selectors, tags …), so "Le\u{200B}na" looks like "Lena". No crate offers this one property
/// without the whole property tables; it is these 18 ranges, unchanged since Unicode 6.
fn is_default_ignorable(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}'..='\u{1160}' | '\u{17B4}'..='\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}'
        | '\u{FFF0}'..='\u{FFF8}' | '\u{1BCA0}'..='\u{1BCA3}' | '\u{1D173}'..='\u{1D17A}'
        | '\u{E0000}'..='\u{E0FFF}')
}

/// What tells two people apart: the name without invisible characters (default-ignorables and
/// controls), in Unicode's composed form (NFC: "Le\u{301}na" is "Léna"), every run of spaces one
/// space, trimmed. The one comparison of people's names (statistics, the family, setup's seats);
/// names are still shown as typed. The invisible characters go before composing, so one between
/// a letter and its accent does not keep them apart. (`unicode-normalization` is only reached
/// from setup, settings and the statistics, all drawn by the lazily loaded wasm, so the first
/// load should not carry its tables; not yet measured with `report --sizes`, issue 45.)
pub fn name_key(name: &str) -> String {
    let visible = name.chars().filter(|c| !is_default_ignorable(*c) && !c.is_control());
    let mut key = String::with_capacity(name.len());
    for c in visible.nfc() {
        if !c.is_whitespace() {
            key.push(c);
        } else if !key.is_empty() && !key.ends_with(' ') {
            key.push(' ');
        }
    }
    key.truncate(key.trim_end().len());
    key
}

/// Whether `a` and `b` name the same person ([`name_key`]).
pub fn same_name(a: &str, b: &str) -> bool {
    a == b || name_key(a) == name_key(b)
}

/// A user-given text without control or bidi-formatting characters, trimmed, at most `max` chars.
fn clean_text(text: &str, max: usize) -> String {
    let kept: String = text.chars().filter(|c| !c.is_control() && !is_bidi_control(*c)).collect();
    kept.trim().chars().take(max).collect::<String>().trim_end().to_string()
}

/// Trims a user-given save name to something that fits a slot list.
pub fn clean_name(name: &str) -> String {
    let cleaned = clean_text(name, MAX_NAME_LEN);
    if cleaned.is_empty() {
        "Spiel".into()
    } else {
        cleaned
    }
}

/// `base` with `suffix`, `base` shortened so that the result fits [`MAX_NAME_LEN`].
fn with_suffix(base: &str, suffix: &str) -> String {
    let room = MAX_NAME_LEN.saturating_sub(suffix.chars().count());
    let mut name: String = base.chars().take(room).collect();
    name.push_str(suffix);
    name
}

/// A clean save name not `taken`: `wanted`, else `wanted (2)`, `wanted (3)` … – always within
/// [`MAX_NAME_LEN`], so storing it never cuts it back onto an existing name.
pub fn free_name(wanted: &str, taken: impl Fn(&str) -> bool) -> String {
    let base = clean_name(wanted);
    if !taken(&base) {
        return base;
    }
    (2..=u32::MAX).map(|i| with_suffix(&base, &format!(" ({i})"))).find(|n| !taken(n)).unwrap_or(base)
}

/// The players as setup and every loaded save leave them: names cleaned (control and bidi
/// characters removed, at most [`MAX_NAME_LEN`], never empty) and distinct (a repeated name gets
/// " 2"), colours distinct (a repeated colour gets the first free one).
pub fn clean_seats(seats: &mut [Seat]) {
    for (i, seat) in seats.iter_mut().enumerate() {
        seat.name = clean_text(&seat.name, MAX_NAME_LEN);
        if seat.name.is_empty() {
            seat.name = format!("Spieler {}", i + 1);
        }
    }
    for i in 1..seats.len() {
        if seats[..i].iter().any(|s| s.name == seats[i].name) {
            let base = seats[i].name.clone();
            if let Some(name) =
                (2..100).map(|n| with_suffix(&base, &format!(" {n}"))).find(|n| seats.iter().all(|s| s.name != *n))
            {
                seats[i].name = name;
            }
        }
    }
    distinct_colors(seats);
}

/// Makes colours unique: a later seat that repeats a colour gets the first free one.
pub fn distinct_colors(seats: &mut [Seat]) {
    for i in 1..seats.len() {
        if seats[..i].iter().any(|s| s.color == seats[i].color) {
            if let Some(free) = PlayerColor::ALL.into_iter().find(|c| seats.iter().all(|s| s.color != *c)) {
                seats[i].color = free;
            }
        }
    }
}

/// The family's people remembered at most (names and colours to pick in setup with one tap).
pub const MAX_FAMILY: usize = 12;

/// The family after a game of `seats`: its people first (most recent first), then the others
/// remembered, each person once ([`name_key`]; the latest spelling kept), at most
/// [`MAX_FAMILY`]. A seat's default name ("Spieler 2") is nobody's.
pub fn remember_family(family: &[Seat], seats: &[Seat]) -> Vec<Seat> {
    let named = |s: &&Seat| s.is_person() && !is_default_name(&s.name);
    let people = seats.iter().filter(named).chain(family.iter().filter(named));
    let mut kept: Vec<(String, Seat)> = Vec::new();
    for person in people {
        let key = name_key(&person.name);
        if !kept.iter().any(|(k, _)| *k == key) && kept.len() < MAX_FAMILY {
            kept.push((key, person.clone()));
        }
    }
    kept.into_iter().map(|(_, seat)| seat).collect()
}

/// Whether `name` is one the app gives a seat by itself ("Spieler 2", "Player 2", "Computer 1",
/// or none): such a seat is free for a family member, and its name follows the seat's kind.
pub fn is_default_name(name: &str) -> bool {
    let name = name.trim();
    name.is_empty()
        || ["Spieler ", "Player ", "Computer "]
            .iter()
            .any(|p| name.strip_prefix(p).is_some_and(|n| n.parse::<u32>().is_ok()))
}

/// Where the family's `member` sits down in setup: the first person's seat that still has a
/// default name, else the first computer's seat; `None` when every seat has a person, or the
/// member sits there already. Never a person's seat: a chip fills a seat, it replaces nobody.
pub fn member_seat(seats: &[Seat], member: &Seat) -> Option<usize> {
    if seats.iter().any(|s| s.is_person() && same_name(&s.name, &member.name)) {
        return None;
    }
    let free = |s: &Seat| s.is_person() && is_default_name(&s.name);
    seats.iter().position(free).or_else(|| seats.iter().position(|s| s.kind.is_computer()))
}

/// Seats `member` of the family with one tap ([`member_seat`]; a computer's seat becomes theirs,
/// a person's), with their colour (a seat that had it takes the replaced one's); with no such
/// seat and fewer than `max` seats, at a new seat. `false` when there is no place for them.
pub fn seat_member(seats: &mut Vec<Seat>, member: &Seat, max: usize) -> bool {
    let at = match member_seat(seats, member) {
        Some(at) => at,
        None if seats.len() < max && !seats.iter().any(|s| same_name(&s.name, &member.name)) => {
            let unused = PlayerColor::ALL.into_iter().find(|c| seats.iter().all(|s| s.color != *c));
            seats.push(Seat::person(String::new(), unused.unwrap_or(member.color)));
            seats.len() - 1
        }
        None => return false,
    };
    let old = seats[at].color;
    if let Some(other) = seats.iter().position(|s| s.color == member.color) {
        seats[other].color = old;
    }
    seats[at] = Seat::person(member.name.clone(), member.color);
    true
}

/// The first "Computer n" no seat is named.
fn free_computer_name(seats: &[Seat]) -> String {
    (1..=seats.len() + 1)
        .map(|n| format!("Computer {n}"))
        .find(|name| seats.iter().all(|s| !same_name(&s.name, name)))
        .unwrap_or_else(|| "Computer".into())
}

/// Seat `index` made a person or a computer of some level in setup. A seat that becomes a
/// computer always takes a computer's name (a computer never plays as the person who sat
/// there, nor are its games filed under that person); one that becomes a person again gets
/// `person_name` when it had a default name.
pub fn set_seat_kind(seats: &mut [Seat], index: usize, kind: SeatKind, person_name: impl FnOnce() -> String) {
    let Some(seat) = seats.get(index) else { return };
    let (was_computer, default_name) = (seat.kind.is_computer(), is_default_name(&seat.name));
    seats[index].kind = kind;
    if kind.is_computer() && !was_computer {
        seats[index].name = String::new();
        seats[index].name = free_computer_name(seats);
    } else if !kind.is_computer() && was_computer && default_name {
        seats[index].name = person_name();
    }
}

/// The seats a new game starts with, after [`clean_seats`]: each person once however the
/// names were typed ([`name_key`]: a second "Le\u{200B}na" beside "Lena" becomes "Lena 2"), and
/// no computer named like a person at the table or in the `family`.
pub fn seats_for_new_game(seats: &mut [Seat], family: &[Seat]) {
    for i in 0..seats.len() {
        let person_named = |s: &Seat| s.is_person() && same_name(&s.name, &seats[i].name);
        if seats[i].kind.is_computer() && (seats.iter().any(person_named) || family.iter().any(person_named)) {
            seats[i].name = String::new();
            seats[i].name = free_computer_name(seats);
        }
    }
    for i in 1..seats.len() {
        if seats[..i].iter().any(|s| same_name(&s.name, &seats[i].name)) {
            let base = seats[i].name.clone();
            let taken = |n: &str| seats.iter().any(|s| same_name(&s.name, n));
            if let Some(name) = (2..100).map(|n| with_suffix(&base, &format!(" {n}"))).find(|n| !taken(n)) {
                seats[i].name = name;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn person(name: &str, color: PlayerColor) -> Seat {
        Seat::person(name.to_string(), color)
    }

    #[test]
    fn the_family_keeps_the_latest_people_once() {
        use PlayerColor::*;
        let family = vec![person("Ben", Green), person("Anna", Red), person("Oma", White)];
        let computer = Seat {
            kind: super::super::SeatKind::Computer(crate::engine::bots::Level::Hard),
            ..person("Computer 1", Yellow)
        };
        let seats = vec![person("Anna", Yellow), computer, person("Cem", Red), person("Spieler 4", Green)];
        let names: Vec<(String, PlayerColor)> =
            remember_family(&family, &seats).into_iter().map(|s| (s.name, s.color)).collect();
        let want = [("Anna", Yellow), ("Cem", Red), ("Ben", Green), ("Oma", White)];
        assert_eq!(names, want.map(|(n, c)| (n.to_string(), c)), "the latest colour wins; computers are not family");
        let many: Vec<Seat> = (0..20).map(|i| person(&format!("P{i}"), Red)).collect();
        assert_eq!(remember_family(&many, &[]).len(), MAX_FAMILY);
    }

    fn computer(name: &str, color: PlayerColor) -> Seat {
        Seat { kind: SeatKind::Computer(crate::engine::bots::Level::Medium), ..person(name, color) }
    }

    fn seated(seats: &[Seat]) -> Vec<(&str, PlayerColor, bool)> {
        seats.iter().map(|s| (s.name.as_str(), s.color, s.is_person())).collect()
    }

    #[test]
    fn a_family_member_takes_the_first_default_seat_with_their_colour() {
        use PlayerColor::*;
        let mut seats = vec![person("Anna", Red), person("Spieler 2", Yellow), person("Spieler 3", Green)];
        assert!(seat_member(&mut seats, &person("Ben", Red), 4));
        assert_eq!(
            seated(&seats),
            [("Anna", Yellow, true), ("Ben", Red, true), ("Spieler 3", Green, true)],
            "Ben's red, Anna takes the yellow"
        );
        assert!(seat_member(&mut seats, &person("Cem", White), 4));
        assert_eq!(seats[2].name, "Cem");
        assert!(seat_member(&mut seats, &person("Oma", Green), 4), "no free seat, room for a fourth");
        assert_eq!(seated(&seats)[3], ("Oma", Green, true));
        assert!(!seat_member(&mut seats, &person("Opa", Black), 4), "a full table of people");
        assert_eq!(
            seated(&seats),
            [("Anna", Yellow, true), ("Ben", Red, true), ("Cem", White, true), ("Oma", Green, true)]
        );
    }

    /// The screenshot's table: Lena and a computer. Papa's chip takes the computer's seat (now a
    /// person's), never Lena's; Lena's chip, spelt with a zero-width space, seats nobody twice.
    #[test]
    fn a_family_chip_never_replaces_a_person() {
        use PlayerColor::*;
        let mut seats = vec![person("Lena", Yellow), computer("Computer 1", Red)];
        assert_eq!(member_seat(&seats, &person("Papa", Red)), Some(1));
        assert!(seat_member(&mut seats, &person("Papa", Red), 2));
        assert_eq!(seated(&seats), [("Lena", Yellow, true), ("Papa", Red, true)]);
        assert!(!seat_member(&mut seats, &person("Oma", Green), 2), "two people at a table for two");
        assert_eq!(seated(&seats), [("Lena", Yellow, true), ("Papa", Red, true)]);
        let mut seats = vec![person("Lena", Yellow), person("Spieler 2", Red)];
        assert!(!seat_member(&mut seats, &person("Le\u{200B}na", Green), 4), "Lena sits there already");
        assert_eq!(seats[1].name, "Spieler 2");
    }

    /// A person's seat switched to a computer gets a computer's name; back to a person, a
    /// person's default name; a computer keeps its name from one level to another.
    #[test]
    fn a_computer_never_keeps_a_persons_name() {
        use crate::engine::bots::Level;
        use PlayerColor::*;
        let mut seats = vec![person("Lena", Yellow), computer("Computer 1", Red), person("Ben", Green)];
        set_seat_kind(&mut seats, 0, SeatKind::Computer(Level::Hard), || "Spieler 1".into());
        assert_eq!(seated(&seats)[0], ("Computer 2", Yellow, false));
        set_seat_kind(&mut seats, 0, SeatKind::Computer(Level::Easy), || "Spieler 1".into());
        assert_eq!(seats[0].name, "Computer 2");
        set_seat_kind(&mut seats, 0, SeatKind::Person, || "Spieler 1".into());
        assert_eq!(seated(&seats)[0], ("Spieler 1", Yellow, true));
        // A name typed into a computer's seat that is a person's at the table or in the family.
        let family = [person("Oma", White)];
        let mut seats = vec![person("Lena", Yellow), computer("Le\u{AD}na", Red), computer("Oma", Green)];
        seats_for_new_game(&mut seats, &family);
        assert_eq!(seated(&seats), [("Lena", Yellow, true), ("Computer 1", Red, false), ("Computer 2", Green, false)]);
    }

    #[test]
    fn one_person_however_the_name_was_typed() {
        let spellings = ["Léna", "Le\u{301}na", " Le\u{200B}\u{301}na", "L\u{FEFF}éna\u{2060} ", "Lé\u{AD}na"];
        for name in spellings {
            assert_eq!(name_key(name), "Léna", "{name:?}");
        }
        assert_eq!(name_key("Anna\u{00A0} \u{200C}Lena"), "Anna Lena");
        assert!(same_name("Lena", "Le\u{200D}na") && !same_name("Lena", "Léna") && !same_name("Lena", "Lena 2"));
        let mut seats = vec![person("Lena", PlayerColor::Red), person("Le\u{200B}na", PlayerColor::Green)];
        seats_for_new_game(&mut seats, &[]);
        assert_eq!(seats[1].name, "Le\u{200B}na 2", "shown as typed, told apart");
        let family = vec![person("Léna", PlayerColor::Red), person("Ben", PlayerColor::Green)];
        let now = remember_family(&family, &[person("Le\u{301}na", PlayerColor::White)]);
        let names: Vec<&str> = now.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["Le\u{301}na", "Ben"], "one Léna, the latest spelling");
    }

    #[test]
    fn names_are_cleaned() {
        assert_eq!(clean_name("   "), "Spiel");
        assert_eq!(clean_name("a\u{0007}b"), "ab");
        assert_eq!(clean_name(&"x".repeat(100)).chars().count(), MAX_NAME_LEN);
    }
}
