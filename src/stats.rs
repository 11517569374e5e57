//! The family's statistics, computed from the kept finished games alone (the archive): a pure
//! function of them, so they cannot drift from the games. Per person and game: games, wins, win
//! rate, best and average points (where the game has points), results against each computer
//! level; and head to head between two people. People are told apart by their names, as the
//! table calls them.

use crate::engine::bots::Level;
use crate::engine::{GameKind, Outcome};
use crate::session::{AnySession, Save, Seat, SeatKind};

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

/// Every person's record per game, ordered by game, then by most wins, then by name.
pub fn per_player(games: &[Played]) -> Vec<PlayerStats> {
    let mut stats: Vec<PlayerStats> = Vec::new();
    for played in games {
        let levels: Vec<Level> = played
            .seats
            .iter()
            .filter_map(|s| if let SeatKind::Computer(l) = s.kind { Some(l) } else { None })
            .collect();
        for (p, seat) in played.seats.iter().enumerate().filter(|(_, s)| s.is_person()) {
            let at = stats.iter().position(|s| s.name == seat.name && s.game == Some(played.game));
            let at = at.unwrap_or_else(|| {
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

/// Every pair of people who sat at the same games, per game (names in alphabetical order).
pub fn head_to_head(games: &[Played]) -> Vec<HeadToHead> {
    let mut pairs: Vec<HeadToHead> = Vec::new();
    for played in games {
        let people: Vec<(usize, &Seat)> = played.seats.iter().enumerate().filter(|(_, s)| s.is_person()).collect();
        for (i, &(pa, a)) in people.iter().enumerate() {
            for &(pb, b) in &people[i + 1..] {
                let ((pa, a), (pb, b)) = if a.name <= b.name { ((pa, a), (pb, b)) } else { ((pb, b), (pa, a)) };
                if a.name == b.name {
                    continue;
                }
                let names = [a.name.clone(), b.name.clone()];
                let at = pairs.iter().position(|h| h.names == names && h.game == Some(played.game));
                let at = at.unwrap_or_else(|| {
                    pairs.push(HeadToHead { game: Some(played.game), names, ..Default::default() });
                    pairs.len() - 1
                });
                let h = &mut pairs[at];
                h.games += 1;
                h.wins[0] += u32::from(played.won(pa));
                h.wins[1] += u32::from(played.won(pb));
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
}
