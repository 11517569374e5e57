//! The family's statistics, computed from the kept finished games alone (the archive): a pure
//! function of them, so they cannot drift from the games. Per person and game: games, wins, win
//! rate, best and average points (where the game has points), results against each computer
//! level; and head to head between two people. People are told apart by their names, as the
//! table calls them, compared by [`name_key`] (one person however the name was typed; shown as
//! first met).

use crate::engine::bots::Level;
use crate::engine::{GameKind, Outcome};
use crate::session::{name_key, AnySession, Save, Seat, SeatKind};

/// A finished game as the statistics read it.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    pub game: GameKind,
    pub seats: Vec<Seat>,
    /// The winners' seats (several for a shared win; none for a draw).
    pub winners: Vec<usize>,
    /// Each seat's points, where the game counts points (Gut angelegt, Sudoku).
    pub points: Vec<Option<u32>>,
    /// Whether moves were taken back in it (it counts, marked).
    pub takebacks: bool,
}

impl Played {
    /// The finished game in `save`; `None` while it runs.
    pub fn of(save: &Save) -> Option<Played> {
        Played::of_game(&save.session)
    }

    /// The finished game `game`; `None` while it runs.
    pub fn of_game(game: &AnySession) -> Option<Played> {
        let (outcome, points, takebacks) = crate::with_session!(game, s => {
            let points = (0..s.seats.len()).map(|p| crate::view::GameView::points(&s.state, p)).collect();
            (crate::engine::Game::outcome(&s.state)?, points, s.takebacks_made() > 0)
        });
        let winners = match outcome {
            Outcome::Winners(w) => w,
            _ => Vec::new(),
        };
        Some(Played { game: game.kind(), seats: game.seats().to_vec(), winners, points, takebacks })
    }

    fn won(&self, seat: usize) -> bool {
        self.winners.contains(&seat)
    }
}

/// The finished games among `saves` (the archive's entries), each game once: copies of one game
/// (kept before the archive knew games by content: under its id and again from a named save's
/// file) have the same [`finished_identity`](crate::saves::finished_identity) and count once.
pub fn played_once<'a>(saves: impl IntoIterator<Item = &'a Save>) -> Vec<Played> {
    let mut seen = std::collections::BTreeSet::new();
    saves
        .into_iter()
        .filter(|save| crate::saves::finished_identity(&save.session).is_none_or(|identity| seen.insert(identity)))
        .filter_map(Played::of)
        .collect()
}

/// One person's record in one game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerStats {
    pub name: String,
    pub game: Option<GameKind>,
    pub games: u32,
    pub wins: u32,
    /// Games with take-backs among them.
    pub with_takebacks: u32,
    pub best: Option<u32>,
    pub points_total: u64,
    /// Games with points (the average's divisor).
    pub points_games: u32,
    /// Against each computer level (Easy, Medium, Hard): games with such a computer at the table,
    /// and wins among them.
    pub against: [(u32, u32); 3],
}

impl PlayerStats {
    /// Wins per game, 0 to 1.
    pub fn win_rate(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            f64::from(self.wins) / f64::from(self.games)
        }
    }

    pub fn average(&self) -> Option<f64> {
        (self.points_games > 0).then(|| self.points_total as f64 / f64::from(self.points_games))
    }
}

/// Two people who played the same games: how often each of them won those.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HeadToHead {
    pub game: Option<GameKind>,
    pub names: [String; 2],
    pub games: u32,
    pub wins: [u32; 2],
}

fn level_index(level: Level) -> usize {
    match level {
        Level::Easy => 0,
        Level::Medium => 1,
        Level::Hard => 2,
    }
}

/// The people at `played`'s table: each seat of a person with their [`name_key`], each person
/// once (a second seat of the same person, which only a crafted file can hold, counts nowhere).
fn people(played: &Played) -> Vec<(usize, &Seat, String)> {
    let mut people: Vec<(usize, &Seat, String)> = Vec::new();
    for (p, seat) in played.seats.iter().enumerate().filter(|(_, s)| s.is_person()) {
        let key = name_key(&seat.name);
        if people.iter().all(|(_, _, k)| *k != key) {
            people.push((p, seat, key));
        }
    }
    people
}

/// Every person's record per game, ordered by game, then by most wins, then by name.
pub fn per_player(games: &[Played]) -> Vec<PlayerStats> {
    let mut stats: Vec<PlayerStats> = Vec::new();
    // Each record's person and game, as compared.
    let mut keys: Vec<(String, GameKind)> = Vec::new();
    for played in games {
        let levels: Vec<Level> = played
            .seats
            .iter()
            .filter_map(|s| if let SeatKind::Computer(l) = s.kind { Some(l) } else { None })
            .collect();
        for (p, seat, key) in people(played) {
            let whose = (key, played.game);
            let at = keys.iter().position(|k| *k == whose).unwrap_or_else(|| {
                keys.push(whose);
                stats.push(PlayerStats { name: seat.name.clone(), game: Some(played.game), ..Default::default() });
                stats.len() - 1
            });
            let s = &mut stats[at];
            let won = u32::from(played.won(p));
            s.games += 1;
            s.wins += won;
            s.with_takebacks += u32::from(played.takebacks);
            if let Some(points) = played.points.get(p).copied().flatten() {
                s.best = s.best.max(Some(points));
                s.points_total += u64::from(points);
                s.points_games += 1;
            }
            for level in [Level::Easy, Level::Medium, Level::Hard].into_iter().filter(|l| levels.contains(l)) {
                let slot = &mut s.against[level_index(level)];
                *slot = (slot.0 + 1, slot.1 + won);
            }
        }
    }
    let order = |g: Option<GameKind>| GameKind::ALL.iter().position(|k| Some(*k) == g);
    stats.sort_by(|a, b| order(a.game).cmp(&order(b.game)).then(b.wins.cmp(&a.wins)).then(a.name.cmp(&b.name)));
    stats
}

/// Every pair of people who sat at the same games, per game (in alphabetical order of their
/// [`name_key`]s).
pub fn head_to_head(games: &[Played]) -> Vec<HeadToHead> {
    let mut pairs: Vec<HeadToHead> = Vec::new();
    // Each pair's two people and game, as compared.
    let mut keys: Vec<([String; 2], GameKind)> = Vec::new();
    for played in games {
        let people = people(played);
        for (i, a) in people.iter().enumerate() {
            for b in &people[i + 1..] {
                let (a, b) = if a.2 <= b.2 { (a, b) } else { (b, a) };
                let whose = ([a.2.clone(), b.2.clone()], played.game);
                let at = keys.iter().position(|k| *k == whose).unwrap_or_else(|| {
                    keys.push(whose);
                    let names = [a.1.name.clone(), b.1.name.clone()];
                    pairs.push(HeadToHead { game: Some(played.game), names, ..Default::default() });
                    pairs.len() - 1
                });
                let h = &mut pairs[at];
                h.games += 1;
                h.wins[0] += u32::from(played.won(a.0));
                h.wins[1] += u32::from(played.won(b.0));
            }
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::PlayerColor;

    fn person(name: &str) -> Seat {
        Seat::person(name.to_string(), PlayerColor::Red)
    }

    fn computer(level: Level) -> Seat {
        Seat { name: "Computer 1".into(), color: PlayerColor::Yellow, kind: SeatKind::Computer(level) }
    }

    fn played(game: GameKind, seats: Vec<Seat>, winners: Vec<usize>, points: Vec<Option<u32>>) -> Played {
        Played { game, seats, winners, points, takebacks: false }
    }

    /// Counted by hand: Anna won 2 of 3 Sudoku games (12, 30 and 21 points), one of them against
    /// Hard, lost one against Easy; Ben played one, lost.
    #[test]
    fn a_persons_games_wins_points_and_levels() {
        let sudoku = GameKind::Sudoku;
        let games = vec![
            played(sudoku, vec![person("Anna"), computer(Level::Hard)], vec![0], vec![Some(12), Some(9)]),
            played(sudoku, vec![person("Anna"), person("Ben")], vec![0], vec![Some(30), Some(28)]),
            Played {
                takebacks: true,
                ..played(sudoku, vec![person("Anna"), computer(Level::Easy)], vec![1], vec![Some(21), Some(25)])
            },
        ];
        let stats = per_player(&games);
        let anna = &stats[0];
        assert_eq!((anna.name.as_str(), anna.games, anna.wins, anna.with_takebacks), ("Anna", 3, 2, 1));
        assert_eq!(anna.best, Some(30));
        assert_eq!(anna.average(), Some(21.0));
        assert!((anna.win_rate() - 2.0 / 3.0).abs() < 1e-9);
        assert_eq!(anna.against, [(1, 0), (0, 0), (1, 1)], "Easy: played 1, won 0; Hard: played 1, won 1");
        let ben = &stats[1];
        assert_eq!((ben.name.as_str(), ben.games, ben.wins, ben.best), ("Ben", 1, 0, Some(28)));
        assert_eq!(stats.len(), 2, "computers have no statistics");
    }

    /// Games without points have no best or average; a draw is nobody's win; each game apart.
    #[test]
    fn games_without_points_and_draws() {
        let games = vec![
            played(GameKind::VierMalVier, vec![person("Ben"), person("Anna")], vec![], vec![None, None]),
            played(GameKind::Just4Fun, vec![person("Anna"), person("Ben")], vec![1], vec![None, None]),
        ];
        let stats = per_player(&games);
        let names: Vec<(Option<GameKind>, &str, u32)> =
            stats.iter().map(|s| (s.game, s.name.as_str(), s.wins)).collect();
        assert_eq!(
            names,
            [
                (Some(GameKind::Just4Fun), "Ben", 1),
                (Some(GameKind::Just4Fun), "Anna", 0),
                (Some(GameKind::VierMalVier), "Anna", 0),
                (Some(GameKind::VierMalVier), "Ben", 0),
            ]
        );
        assert!(stats.iter().all(|s| s.best.is_none() && s.average().is_none()));
    }

    /// Head to head counts the games two people sat at together and who of them won, per game;
    /// a shared win counts for both, a computer is nobody's pair.
    #[test]
    fn head_to_head_per_pair() {
        let ga = GameKind::GutAngelegt;
        let seats = |a: &str, b: &str, c: Seat| vec![person(a), person(b), c];
        let games = vec![
            played(ga, seats("Ben", "Anna", computer(Level::Medium)), vec![0], vec![Some(9), Some(3), Some(1)]),
            played(ga, seats("Anna", "Ben", computer(Level::Medium)), vec![0, 1], vec![Some(5), Some(5), Some(1)]),
            played(ga, seats("Anna", "Ben", computer(Level::Medium)), vec![2], vec![Some(1), Some(2), Some(8)]),
        ];
        let pairs = head_to_head(&games);
        assert_eq!(pairs.len(), 1);
        assert_eq!(pairs[0].names, ["Anna".to_string(), "Ben".to_string()]);
        assert_eq!((pairs[0].games, pairs[0].wins), (3, [1, 2]));
    }

    /// "Lena", "Le\u{200B}na", "Léna" and "Le\u{301}na": two people, each counted once per game,
    /// in their records and head to head, shown as first met.
    #[test]
    fn one_person_however_the_name_was_typed() {
        let j4f = GameKind::Just4Fun;
        let games = vec![
            played(j4f, vec![person("Lena"), person("Léna")], vec![0], vec![None, None]),
            played(j4f, vec![person("Le\u{200B}na"), person("Le\u{301}na")], vec![1], vec![None, None]),
            played(j4f, vec![person("Le\u{AD}na"), person("Lena\u{FEFF}")], vec![0], vec![None, None]),
        ];
        let stats = per_player(&games);
        let rows: Vec<(&str, u32, u32)> = stats.iter().map(|s| (s.name.as_str(), s.games, s.wins)).collect();
        assert_eq!(rows, [("Lena", 3, 2), ("Léna", 2, 1)], "the third game's two seats are one person, counted once");
        let pairs = head_to_head(&games);
        assert_eq!(pairs.len(), 1, "{pairs:?}");
        assert_eq!(
            (pairs[0].names.clone(), pairs[0].games, pairs[0].wins),
            (["Lena".into(), "Léna".into()], 2, [1, 1])
        );
    }
}
