//! How strong each computer level is, said in one line per level in setup (issue 26: honest
//! labels). The words come from measured figures only: the arena plays each game two-handed,
//! Medium against Easy and Hard against Medium, and writes the shares it measured to
//! `src/engine/bots/strength.json` (`arena --labels --write`). A test in the tools crate fails
//! when the bots' code changed since (the file keeps a fingerprint of it), so a label never
//! outlives the play it describes.

use crate::engine::bots::Level;
use crate::engine::GameKind;
use crate::lang::tf;
use serde::{Deserialize, Serialize};

/// The figures as the arena wrote them.
pub const FIGURES: &str = include_str!("../engine/bots/strength.json");

/// What the arena measured, and on which code.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Strength {
    /// CRC-32 of the bots' sources (`src/engine/bots/*.rs`, by name) the figures were measured on.
    pub fingerprint: String,
    /// Hard's search iterations per move in the arena (the app's own budget).
    pub iterations: u32,
    /// The command that wrote the file.
    pub command: String,
    pub lines: Vec<Measured>,
}

/// One pairing, two players, seats rotated: `level`'s share of the games against `against`
/// (a shared win or a draw counts as a half), with its 95 % Wilson interval.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Measured {
    pub game: String,
    pub level: Level,
    pub against: Level,
    pub games: u32,
    pub share: f64,
    pub low: f64,
    pub high: f64,
}

impl Strength {
    /// The stored figures (`None` if the file does not read: setup then says nothing rather
    /// than something unmeasured).
    pub fn stored() -> Option<Strength> {
        serde_json::from_str(FIGURES).ok()
    }

    /// `level`'s two-player share against the level it is measured against, in `kind`: Easy and
    /// Hard against Medium, Medium against Easy. Easy's is Medium's against Easy, turned round.
    pub fn share(&self, kind: GameKind, level: Level) -> Option<(Level, Measured)> {
        let find = |level: Level, against: Level| {
            self.lines.iter().find(|m| m.game == kind.id() && m.level == level && m.against == against).cloned()
        };
        match level {
            Level::Easy => find(Level::Medium, Level::Easy).map(|m| {
                let turned = Measured { share: 1.0 - m.share, low: 1.0 - m.high, high: 1.0 - m.low, ..m };
                (Level::Medium, turned)
            }),
            Level::Medium => find(Level::Medium, Level::Easy).map(|m| (Level::Easy, m)),
            Level::Hard => find(Level::Hard, Level::Medium).map(|m| (Level::Medium, m)),
        }
    }

    /// The line setup shows for `level` in `kind`, e.g. "Schwer: gewinnt zu zweit etwa 6 von 10
    /// Partien gegen Mittel".
    pub fn line(&self, kind: GameKind, level: Level) -> Option<String> {
        let (against, m) = self.share(kind, level)?;
        let (name, other) = (super::shell::level_word(level), super::shell::level_word(against));
        Some(match in_ten(m.share) {
            0 => tf(
                "{}: gewinnt zu zweit fast nie gegen {}",
                "{}: almost never wins a two-player game against {}",
                &[&name, &other],
            ),
            10 => tf(
                "{}: gewinnt zu zweit fast immer gegen {}",
                "{}: wins almost every two-player game against {}",
                &[&name, &other],
            ),
            k => tf(
                "{}: gewinnt zu zweit etwa {} von 10 Partien gegen {}",
                "{}: wins about {} in 10 two-player games against {}",
                &[&name, &k, &other],
            ),
        })
    }
}

/// A share said in tenths ("etwa 6 von 10").
pub fn in_ten(share: f64) -> u32 {
    (share.clamp(0.0, 1.0) * 10.0).round() as u32
}

/// Whether saying `in_ten(m.share)` of 10 is honest for `m`: enough games, and the share within
/// its interval (then the tenths said, at most 0.05 from the share, lie within the interval
/// widened by that rounding).
pub fn supported(m: &Measured) -> bool {
    m.games >= MIN_GAMES && m.low <= m.share && m.share <= m.high
}

/// Fewer games than this say too little for a label (the interval spans more than ±7 points).
pub const MIN_GAMES: u32 = 200;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::{set_lang, Lang};

    fn measured(level: Level, against: Level, share: f64, low: f64, high: f64) -> Measured {
        Measured { game: "sudoku".into(), level, against, games: 500, share, low, high }
    }

    #[test]
    fn the_stored_figures_read_and_give_every_level_a_supported_line_in_both_languages() {
        let strength = Strength::stored().expect("src/engine/bots/strength.json reads");
        for kind in GameKind::ALL {
            for level in Level::ALL {
                let (_, m) = strength.share(kind, level).unwrap_or_else(|| panic!("{kind:?} {level:?}: no figures"));
                assert!(supported(&m), "{kind:?} {level:?}: {m:?}");
                set_lang(Lang::De);
                let de = strength.line(kind, level).expect("a line");
                set_lang(Lang::En);
                let en = strength.line(kind, level).expect("a line");
                set_lang(Lang::De);
                assert!(de.contains("gewinnt") && en.contains("win"), "{de} / {en}");
            }
        }
    }

    #[test]
    fn a_line_says_the_measured_share_in_tenths_and_easy_is_medium_turned_round() {
        let strength = Strength {
            fingerprint: String::new(),
            iterations: 1,
            command: String::new(),
            lines: vec![
                measured(Level::Medium, Level::Easy, 0.83, 0.79, 0.86),
                measured(Level::Hard, Level::Medium, 0.46, 0.42, 0.50),
            ],
        };
        set_lang(Lang::De);
        let line = |level| strength.line(GameKind::Sudoku, level).expect("a line");
        assert_eq!(line(Level::Medium), "Mittel: gewinnt zu zweit etwa 8 von 10 Partien gegen Leicht");
        assert_eq!(line(Level::Easy), "Leicht: gewinnt zu zweit etwa 2 von 10 Partien gegen Mittel");
        assert_eq!(line(Level::Hard), "Schwer: gewinnt zu zweit etwa 5 von 10 Partien gegen Mittel");
        set_lang(Lang::En);
        assert_eq!(line(Level::Hard), "Hard: wins about 5 in 10 two-player games against Medium");
        set_lang(Lang::De);
        assert_eq!(strength.line(GameKind::Just4Fun, Level::Hard), None, "no figures, no words");
    }

    #[test]
    fn a_label_is_unsupported_when_its_interval_is_wide_or_elsewhere() {
        assert!(supported(&measured(Level::Hard, Level::Medium, 0.58, 0.55, 0.61)));
        assert!(!supported(&Measured { games: 50, ..measured(Level::Hard, Level::Medium, 0.58, 0.45, 0.70) }));
        assert!(!supported(&measured(Level::Hard, Level::Medium, 0.58, 0.60, 0.70)), "share outside its interval");
    }
}
