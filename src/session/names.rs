//! Names given by people (players, save slots): cleaned of control and bidi-formatting
//! characters, kept short, never empty, and made distinct.

use super::{PlayerColor, Seat};

pub const MAX_NAME_LEN: usize = 24;

/// Bidirectional-formatting characters: a name must never reverse the app's own text.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
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
/// remembered, each name once, at most [`MAX_FAMILY`].
pub fn remember_family(family: &[Seat], seats: &[Seat]) -> Vec<Seat> {
    let people = seats.iter().filter(|s| s.is_person()).chain(family.iter().filter(|s| s.is_person()));
    let mut kept: Vec<Seat> = Vec::new();
    for person in people {
        if !kept.iter().any(|k| k.name == person.name) && kept.len() < MAX_FAMILY {
            kept.push(person.clone());
        }
    }
    kept
}

/// Seats `member` of the family with one tap: in the first person's seat that still has its
/// default name (`is_default(seat, name)`), else in the last person's seat; with their colour
/// (a seat that had it takes the replaced one's). `false` when no person sits at the table.
pub fn seat_member(seats: &mut [Seat], member: &Seat, is_default: impl Fn(usize, &str) -> bool) -> bool {
    let people: Vec<usize> = (0..seats.len()).filter(|&i| seats[i].is_person()).collect();
    let Some(&at) = people.iter().find(|&&i| is_default(i, &seats[i].name)).or(people.last()) else {
        return false;
    };
    let old = seats[at].color;
    if let Some(other) = seats.iter().position(|s| s.color == member.color) {
        seats[other].color = old;
    }
    seats[at].name = member.name.clone();
    seats[at].color = member.color;
    true
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
        let seats = vec![person("Anna", Yellow), computer, person("Cem", Red)];
        let names: Vec<(String, PlayerColor)> =
            remember_family(&family, &seats).into_iter().map(|s| (s.name, s.color)).collect();
        let want = [("Anna", Yellow), ("Cem", Red), ("Ben", Green), ("Oma", White)];
        assert_eq!(names, want.map(|(n, c)| (n.to_string(), c)), "the latest colour wins; computers are not family");
        let many: Vec<Seat> = (0..20).map(|i| person(&format!("P{i}"), Red)).collect();
        assert_eq!(remember_family(&many, &[]).len(), MAX_FAMILY);
    }

    #[test]
    fn a_family_member_takes_the_first_default_seat_with_their_colour() {
        use PlayerColor::*;
        let default = |i: usize, name: &str| name == format!("Spieler {}", i + 1);
        let mut seats = vec![person("Anna", Red), person("Spieler 2", Yellow), person("Spieler 3", Green)];
        assert!(seat_member(&mut seats, &person("Ben", Red), default));
        let now: Vec<(&str, PlayerColor)> = seats.iter().map(|s| (s.name.as_str(), s.color)).collect();
        assert_eq!(now, [("Anna", Yellow), ("Ben", Red), ("Spieler 3", Green)], "Ben's red, Anna takes the yellow");
        assert!(seat_member(&mut seats, &person("Cem", White), default));
        assert_eq!(seats[2].name, "Cem");
        assert!(seat_member(&mut seats, &person("Oma", Green), default), "no default seat left: the last person's");
        assert_eq!((seats[2].name.as_str(), seats[2].color), ("Oma", Green));
    }

    #[test]
    fn names_are_cleaned() {
        assert_eq!(clean_name("   "), "Spiel");
        assert_eq!(clean_name("a\u{0007}b"), "ab");
        assert_eq!(clean_name(&"x".repeat(100)).chars().count(), MAX_NAME_LEN);
    }
}
