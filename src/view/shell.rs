//! The words of the frame around the boards, pure: the games' names, each screen's title, who
//! plays a game ("Anna gegen Computer 1 (Mittel)"), how far a game is (the home list), and which
//! moves the "since your last move" box lists (from the log, so it survives a reload).

use crate::engine::bots::Level;
use crate::engine::{Game, GameKind};
use crate::lang::t;
use crate::session::{AnySession, Seat, Session};
use crate::view::{GameView, Progress};

pub fn game_name(kind: GameKind) -> &'static str {
    kind.name()
}

/// "Leicht", "Mittel", "Schwer" (computer levels).
pub fn level_word(level: Level) -> &'static str {
    match level {
        Level::Easy => t("Leicht", "Easy"),
        Level::Medium => t("Mittel", "Medium"),
        Level::Hard => t("Schwer", "Hard"),
    }
}

/// The seats as said at the table: "Anna", "Anna gegen Ben", "Anna, Ben und Cem"; with
/// `levels`, a computer's level after its name ("Computer 1 (Mittel)").
pub fn players_phrase(seats: &[Seat], levels: bool) -> String {
    let mut out = String::new();
    for (i, seat) in seats.iter().enumerate() {
        if i > 0 {
            out.push_str(match (seats.len(), i + 1 == seats.len()) {
                (2, _) => t(" gegen ", " vs "),
                (_, true) => t(" und ", " and "),
                _ => ", ",
            });
        }
        out.push_str(&seat.name);
        if let Some(level) = seat.kind.level().filter(|_| levels) {
            out.push_str(" (");
            out.push_str(level_word(level));
            out.push(')');
        }
    }
    out
}

/// What a screen is, for its title.
pub enum Screen<'a> {
    Home,
    Setup(GameKind),
    /// A game on screen, with its seats (`None` while it is being opened).
    Play(Option<(GameKind, &'a [Seat])>),
    Rules(GameKind),
    Settings,
    /// The finished games kept on the device, or one of them replayed.
    Archive,
}

/// The document's title: what the screen shows, then the app ("Vier mal Vier – Anna gegen
/// Computer 1 · Spieltisch"), so tabs, history and screen readers tell screens apart.
pub fn title(screen: Screen<'_>) -> String {
    let what = match screen {
        Screen::Home | Screen::Play(None) => return "Spieltisch".into(),
        Screen::Setup(kind) => format!("{} {}", t("Neues Spiel:", "New game:"), game_name(kind)),
        Screen::Play(Some((kind, seats))) => format!("{} – {}", game_name(kind), players_phrase(seats, false)),
        Screen::Rules(kind) => format!("{} {}", t("Regeln:", "Rules:"), game_name(kind)),
        Screen::Settings => t("Einstellungen", "Settings").into(),
        Screen::Archive => t("Beendete Spiele", "Finished games").into(),
    };
    format!("{what} · Spieltisch")
}

/// How far a game is: its move and, where the game has one, a word of progress ("Zug 12 ·
/// Runde 4", "Zug 30 · 17 von 48 Karten gelegt").
pub fn how_far(game: &AnySession) -> String {
    let progress = match crate::with_session!(game, s => GameView::progress(&s.state)) {
        Progress::Named(what, n) => format!("{what} {n}"),
        Progress::Count(n, what) => format!("{n} {what}"),
        Progress::OutOf(n, of, what) => format!("{n}/{of} {what}"),
    };
    format!("{} {} · {progress}", t("Zug", "move"), game.turn())
}

/// Which log entries the news box shows, from the log itself (so a reload keeps it), when a
/// computer plays: for the person to move, everything since their own last move (`true`);
/// else the last move alone, if a computer made it (`false`). `None`: no box.
pub fn news(game: &AnySession) -> Option<(usize, bool)> {
    let people: Vec<bool> = game.seats().iter().map(Seat::is_person).collect();
    let movers = crate::with_session!(game, s => movers(s));
    news_from(&movers, &people, game.to_move())
}

fn movers<G: Game>(s: &Session<G>) -> Vec<Option<usize>> {
    s.log.iter().map(G::event_player).collect()
}

/// [`news`] over who made each logged move (`movers`) and which seats are people.
pub fn news_from(movers: &[Option<usize>], people: &[bool], to_move: Option<usize>) -> Option<(usize, bool)> {
    let is_person = |p: usize| people.get(p).copied().unwrap_or(true);
    if !people.iter().any(|&p| !p) {
        return None;
    }
    let len = movers.len();
    let since_own =
        to_move.filter(|&q| is_person(q)).and_then(|q| movers.iter().rposition(|m| *m == Some(q))).map(|i| i + 1);
    if let Some(from) = since_own.filter(|&from| from < len) {
        return Some((from, true));
    }
    match movers.last() {
        Some(Some(p)) if !is_person(*p) => Some((len - 1, false)),
        _ => None,
    }
}

/// The download name of an exported save slot: `spieltisch-<name>.json`, each character of the
/// name that is neither a letter, a digit nor `-` replaced by `_`. Letters are ASCII and the Latin
/// letters with accents (U+00C0–U+024F: ä ö ü ß é ł …, without × and ÷), written out here because
/// `char::is_alphanumeric` links Unicode's whole alphabetic table into the page's wasm; letters of
/// other scripts become `_`, which still gives a valid file name.
pub fn export_file_name(name: &str) -> String {
    let kept = |c: char| {
        c.is_ascii_alphanumeric() || c == '-' || (('\u{c0}'..='\u{24f}').contains(&c) && c != '×' && c != '÷')
    };
    format!("spieltisch-{}.json", name.replace(|c: char| !kept(c), "_"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn export_file_names_keep_latin_letters_and_digits() {
        assert_eq!(export_file_name("Jörg & Straße 2"), "spieltisch-Jörg___Straße_2.json");
        assert_eq!(export_file_name("Łódź-Élan"), "spieltisch-Łódź-Élan.json");
        assert_eq!(export_file_name("a/b\\c.d×e:f"), "spieltisch-a_b_c_d_e_f.json");
    }
    use crate::engine::just4fun::Just4Fun;
    use crate::lang::{set_lang, Lang};
    use crate::session::{PlayerColor, SeatKind};

    fn seats(kinds: &[Option<Level>]) -> Vec<Seat> {
        let names = ["Anna", "Computer 1", "Cem", "Dora"];
        kinds
            .iter()
            .enumerate()
            .map(|(i, k)| Seat {
                name: names[i].into(),
                color: PlayerColor::ALL[i],
                kind: k.map_or(SeatKind::Person, SeatKind::Computer),
            })
            .collect()
    }

    #[test]
    fn titles_name_the_screen_and_the_game_in_both_languages() {
        set_lang(Lang::De);
        let two = seats(&[None, Some(Level::Medium)]);
        assert_eq!(
            title(Screen::Play(Some((GameKind::VierMalVier, &two)))),
            "Vier mal Vier – Anna gegen Computer 1 · Spieltisch"
        );
        assert_eq!(title(Screen::Setup(GameKind::Just4Fun)), "Neues Spiel: Just 4 Fun · Spieltisch");
        assert_eq!(title(Screen::Rules(GameKind::Sudoku)), "Regeln: Sudoku – Das Brettspiel · Spieltisch");
        assert_eq!(title(Screen::Settings), "Einstellungen · Spieltisch");
        assert_eq!(title(Screen::Home), "Spieltisch");
        assert_eq!(title(Screen::Play(None)), "Spieltisch");
        set_lang(Lang::En);
        assert_eq!(
            title(Screen::Play(Some((GameKind::VierMalVier, &two)))),
            "Vier mal Vier – Anna vs Computer 1 · Spieltisch"
        );
        assert_eq!(title(Screen::Setup(GameKind::GutAngelegt)), "New game: Gut angelegt · Spieltisch");
        assert_eq!(title(Screen::Settings), "Settings · Spieltisch");
        set_lang(Lang::De);
    }

    #[test]
    fn the_players_are_named_with_the_computers_levels() {
        set_lang(Lang::De);
        assert_eq!(players_phrase(&seats(&[None, Some(Level::Medium)]), true), "Anna gegen Computer 1 (Mittel)");
        assert_eq!(players_phrase(&seats(&[None, Some(Level::Medium)]), false), "Anna gegen Computer 1");
        assert_eq!(players_phrase(&seats(&[None, Some(Level::Hard), None]), true), "Anna, Computer 1 (Schwer) und Cem");
        assert_eq!(players_phrase(&seats(&[None]), true), "Anna");
        set_lang(Lang::En);
        assert_eq!(
            players_phrase(&seats(&[Some(Level::Easy), None, None, None]), true),
            "Anna (Easy), Computer 1, Cem and Dora"
        );
        set_lang(Lang::De);
    }

    #[test]
    fn how_far_says_the_move_and_the_progress() {
        set_lang(Lang::De);
        let mut s = Session::<Just4Fun>::new(seats(&[None, None]), Default::default(), 3).unwrap();
        assert_eq!(how_far(&AnySession::Just4Fun(s.clone())), "Zug 0 · Runde 1");
        for _ in 0..5 {
            let mv = s.state.legal_moves()[0].clone();
            s.play(&mv).unwrap();
        }
        assert_eq!(how_far(&AnySession::Just4Fun(s.clone())), "Zug 5 · Runde 3");
        let g = crate::engine::gutangelegt::GutAngelegt::new(2, Default::default(), 1).unwrap();
        let ga = Session {
            seats: seats(&[None, None]),
            state: g,
            log: Vec::new(),
            hints: Vec::new(),
            takebacks: Vec::new(),
        };
        assert_eq!(how_far(&AnySession::GutAngelegt(ga)), "Zug 0 · 1/48 Karten gelegt");
        set_lang(Lang::En);
        assert_eq!(how_far(&AnySession::Just4Fun(s)), "move 5 · round 3");
        set_lang(Lang::De);
    }

    #[test]
    fn the_news_box_follows_the_log() {
        let (people, one_computer) = ([true, false], [Some(0), Some(1), Some(0), Some(1)]);
        // The person to move sees everything since their own last move.
        assert_eq!(news_from(&one_computer, &people, Some(0)), Some((3, true)));
        // Before their first move: the computer's move alone.
        assert_eq!(news_from(&[Some(1)], &people, Some(0)), Some((0, false)));
        // The computer to move after the person's move: nothing new for the person.
        assert_eq!(news_from(&one_computer[..3], &people, Some(1)), None);
        // Three computers: all three moves since the person's.
        let four = [true, false, false, false];
        assert_eq!(news_from(&[Some(0), Some(1), Some(2), Some(3)], &four, Some(0)), Some((1, true)));
        // The end, after a computer's move: that move.
        assert_eq!(news_from(&one_computer, &people, None), Some((3, false)));
        // People alone: no box (the hand-over cover says it).
        assert_eq!(news_from(&one_computer, &[true, true], Some(0)), None);
        // Two people and a computer: the second person sees the first's move and the computer's.
        assert_eq!(
            news_from(&[Some(0), Some(1), Some(2), Some(0), Some(1)], &[true, false, true], Some(2)),
            Some((3, true))
        );
    }
}
