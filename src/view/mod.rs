//! What each board shows, as plain data: pure functions from a game state and a viewer to
//! cells, labels and marks (with the accessible name of every field in the current language).
//! No Leptos, no browser, so they are tested natively; the `ui` components only draw them.
pub mod shell;
pub mod strength;
// One module per game (`src/games.rs`).
crate::for_each_game!(games_modules());

use crate::decimal::num;
use crate::engine::determinize::{Determinize, NOBODY};
use crate::engine::PlayerIdx;

/// What one viewer may see of a game, the only input of its screen: the observation of their
/// seat ([`Determinize::observation`]) and who they are. Nobody (`None`: behind the hand-over
/// cover, no seat may look) is a viewer too: a seat outside the game, which sees only what is
/// public. A screen never gets the real state, so it cannot show what the seat may not know
/// (tests/screen_fairness.rs proves it game by game).
#[derive(Clone, Debug, PartialEq)]
pub struct Seen<O> {
    viewer: Option<PlayerIdx>,
    observation: O,
}

impl<O> Seen<O> {
    /// What `viewer` sees of `state`.
    pub fn of<G: Determinize<Observation = O>>(state: &G, viewer: Option<PlayerIdx>) -> Seen<O> {
        Seen { viewer, observation: state.observation(seat_of(viewer)) }
    }

    /// Whose eyes these are (`None`: nobody's).
    pub fn viewer(&self) -> Option<PlayerIdx> {
        self.viewer
    }

    pub fn observation(&self) -> &O {
        &self.observation
    }
}

/// What a game gives the pure screens besides its board: its move log as lines and how far it
/// is. Implemented in each game's view file; [`log_lines`] and [`shell::how_far`] choose the game
/// through the list of games (`with_session!`).
pub trait GameView: crate::engine::Game {
    /// The log entries from `from` on as lines for `reader` (`None`: nobody, the whole table),
    /// each written from what the reader sees of its event.
    fn log_lines(session: &crate::session::Session<Self>, reader: Option<PlayerIdx>, from: usize) -> Vec<String>;

    /// How far the game is, for the home list (the move number comes from the session).
    fn progress(&self) -> Progress;

    /// Why `mv` is a good move for `me`, in one short line ("Feld 29 – damit hast du vier in
    /// einer Reihe"), for a hint. `self` is a determinization for `me` (the worker's view), and
    /// the reason reads only what `me` sees there (tests/hint_reasons.rs proves it: every
    /// determinization of one observation gives the same reason). `names` are the seats' names.
    /// Written in the worker, so no reason text is in the page's wasm.
    fn hint_reason(&self, me: PlayerIdx, mv: &Self::Move, names: &[String]) -> String;

    /// What seat `player` holds in the position `self`, in words ("3 · 7 · 12"), for a replay
    /// of a finished game, where every hand is open; `None` where a game has no hands.
    fn hand_words(&self, _player: PlayerIdx) -> Option<String> {
        None
    }

    /// Seat `player`'s points in the position `self`, where the game counts points.
    fn points(&self, _player: PlayerIdx) -> Option<u32> {
        None
    }

    /// The hand-over cover's line over a public board: what stays hidden until the next player
    /// shows it.
    fn cover_hint() -> &'static str {
        crate::lang::t(
            "Alle sehen das Brett; die Hand bleibt verdeckt, bis du zeigst.",
            "Everyone sees the board; the hand stays hidden until you show it.",
        )
    }
}

/// How far a game is, in one of the shapes the home list says it.
pub enum Progress {
    /// A word, then the number: "Runde 4".
    Named(&'static str, usize),
    /// The number, then what it counts: "17 Plättchen übrig".
    Count(usize, &'static str),
    /// The number out of a total, then what it counts: "17/48 Karten gelegt".
    OutOf(usize, usize, &'static str),
}

/// The move log as readable lines for `reader` (`None`: nobody, the whole table), from entry
/// `from` on, each written from what the reader sees of its event (the game's
/// [`GameView::log_lines`]: most games' events are public as a whole; a hidden face is named
/// only to the player who sees it). Only the lines asked for are written.
pub fn log_lines(any: &crate::session::AnySession, reader: Option<PlayerIdx>, from: usize) -> Vec<String> {
    crate::with_session!(any, s => GameView::log_lines(s, reader, from))
}

/// The players of a rules example, named by their colours as the rulebooks do: A red, B yellow,
/// C white, D green.
pub fn example_seats(players: usize) -> Vec<crate::session::Seat> {
    use crate::session::{PlayerColor, Seat};
    let t = crate::lang::t;
    [
        (t("Rot", "Red"), PlayerColor::Red),
        (t("Gelb", "Yellow"), PlayerColor::Yellow),
        (t("Weiß", "White"), PlayerColor::White),
        (t("Grün", "Green"), PlayerColor::Green),
    ]
    .into_iter()
    .take(players)
    .map(|(name, color)| Seat::person(name, color))
    .collect()
}

/// The seat whose observation a viewer gets: nobody is a seat outside the game.
pub fn seat_of(viewer: Option<PlayerIdx>) -> PlayerIdx {
    viewer.unwrap_or(NOBODY)
}

/// An SVG path of the shape that marks seat `seat` wherever a player's colour marks something
/// (a tile's owner, a marker on a track, beside the name): circle, square, triangle, diamond, in
/// seat order. So colour is never the only sign of whose it is. Centred on (`cx`, `cy`), `r`
/// from the centre to the edge.
pub fn seat_mark_path(seat: usize, cx: f64, cy: f64, r: f64) -> String {
    let p = |x: f64, y: f64| format!("{} {}", num(cx + x * r), num(cy + y * r));
    match seat % 4 {
        // Two half-circle arcs of radius r.
        0 => format!(
            "M{left}A{r} {r} 0 1 0 {right}A{r} {r} 0 1 0 {left}Z",
            left = p(-1.0, 0.0),
            right = p(1.0, 0.0),
            r = num(r)
        ),
        1 => format!("M{}L{}L{}L{}Z", p(-0.85, -0.85), p(0.85, -0.85), p(0.85, 0.85), p(-0.85, 0.85)),
        2 => format!("M{}L{}L{}Z", p(0.0, -1.0), p(1.0, 0.8), p(-1.0, 0.8)),
        _ => format!("M{}L{}L{}L{}Z", p(0.0, -1.0), p(1.0, 0.0), p(0.0, 1.0), p(-1.0, 0.0)),
    }
}

/// The hand-over cover's line on what stays hidden until the next player shows it: the hand (or
/// what the game says it holds: [`GameView::cover_hint`]); where the board itself is private,
/// everyone else looks away.
pub fn cover_hint(kind: crate::engine::GameKind, public: bool) -> &'static str {
    if public {
        crate::with_game!(kind, G => <G as GameView>::cover_hint())
    } else {
        crate::lang::t("Die anderen schauen bitte weg.", "Everyone else, please look away.")
    }
}

/// The status line while a hint shows (one text for every game): why the move is good, as the
/// worker wrote it. The move itself shows on the board, its button ready.
pub fn hint_line(reason: &str) -> String {
    format!("{} {reason}.", crate::lang::t("Tipp:", "Hint:"))
}

#[cfg(test)]
mod tests {
    use super::seat_mark_path;

    /// Issue 22, 17: Sudoku's cover speaks of the one tile, not of a hand.
    #[test]
    fn the_cover_names_what_stays_hidden() {
        use crate::engine::GameKind;
        use crate::lang::{set_lang, Lang};
        set_lang(Lang::De);
        let sudoku = super::cover_hint(GameKind::Sudoku, true);
        assert!(sudoku.contains("Plättchen") && !sudoku.contains("Hand"), "{sudoku}");
        assert!(super::cover_hint(GameKind::Just4Fun, true).contains("Hand"));
        assert_eq!(super::cover_hint(GameKind::VierMalVier, false), "Die anderen schauen bitte weg.");
        set_lang(Lang::En);
        let sudoku = super::cover_hint(GameKind::Sudoku, true);
        assert!(sudoku.contains("tile") && !sudoku.contains("hand"), "{sudoku}");
        set_lang(Lang::De);
    }

    /// The list's dispatch hands each game its reader: Vier mal Vier's hidden wall gives each
    /// reader (and nobody) the lines of their own eyes, which differ between the two players.
    #[test]
    fn the_log_is_written_for_its_reader_through_the_list_of_games() {
        use crate::engine::viermalvier::VierMalVier;
        use crate::engine::Game;
        use crate::session::{AnySession, PlayerColor, Seat, Session};
        let seats = vec![Seat::person("Anna", PlayerColor::ALL[0]), Seat::person("Ben", PlayerColor::ALL[1])];
        let mut s = Session::<VierMalVier>::new(seats, Default::default(), 5).unwrap();
        for _ in 0..6 {
            let mv = s.state.legal_moves()[0].clone();
            s.play(&mv).unwrap();
        }
        let view = s.state.options().view;
        let any = AnySession::VierMalVier(s.clone());
        let own = |reader| -> Vec<String> {
            s.log.iter().skip(2).map(|e| super::viermalvier::describe(e, &s.seats, reader, view)).collect()
        };
        for reader in [Some(0), Some(1), None] {
            assert_eq!(super::log_lines(&any, reader, 2), own(reader), "{reader:?}");
        }
        assert_ne!(own(Some(0)), own(Some(1)), "the two players see different faces");
    }

    /// The numbers of a path, as (x, y) pairs (arc radii and flags included for the circle).
    fn numbers(d: &str) -> Vec<f64> {
        d.split(|c: char| c.is_ascii_alphabetic() || c == ' ')
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect()
    }

    #[test]
    fn every_seat_of_a_table_has_a_shape_of_its_own_inside_its_box() {
        let shapes: Vec<String> = (0..4).map(|p| seat_mark_path(p, 50.0, 20.0, 6.0)).collect();
        for (i, a) in shapes.iter().enumerate() {
            assert!(a.starts_with('M') && a.ends_with('Z'), "a closed path: {a}");
            // Shapes differ in kind, not only in place: the commands differ too.
            let commands = |d: &str| d.chars().filter(char::is_ascii_alphabetic).collect::<String>();
            for b in &shapes[i + 1..] {
                assert_ne!(a, b);
            }
            if i > 0 {
                assert!(commands(a) != commands(&shapes[0]), "seat {i} is not a circle: {a}");
            }
        }
        // Corners and points stay within the box (the circle's arc radii are 6 as well).
        for d in &shapes[1..] {
            for pair in numbers(d).chunks(2) {
                assert!((44.0..=56.0).contains(&pair[0]) && (14.0..=26.0).contains(&pair[1]), "{d}");
            }
        }
        assert_eq!(
            seat_mark_path(5, 0.0, 0.0, 1.0),
            seat_mark_path(1, 0.0, 0.0, 1.0),
            "seats beyond four repeat the shapes"
        );
    }
}
