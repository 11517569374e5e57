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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_cleaned() {
        assert_eq!(clean_name("   "), "Spiel");
        assert_eq!(clean_name("a\u{0007}b"), "ab");
        assert_eq!(clean_name(&"x".repeat(100)).chars().count(), MAX_NAME_LEN);
    }
}
