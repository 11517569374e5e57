//! Move log lines in plain words. Events hold only public facts, so the log never shows a
//! tile still in someone's hand.

use crate::engine::sudoku::{name, Event, SetAsideReason};
use crate::session::Seat;
use crate::ui::i18n::is_de;

pub fn describe(event: &Event, seats: &[Seat]) -> String {
    let who = |p: usize| seats.get(p).map_or("?", |s| s.name.as_str());
    let de = is_de();
    match event {
        Event::Gold { cell, number } => format!("Gold {number} → {}", name(*cell)),
        Event::GoldRest { placed } => {
            let list: Vec<String> = placed.iter().map(|(c, n)| format!("{n} → {}", name(*c))).collect();
            if de {
                format!("Restliche Goldplättchen zufällig: {}", list.join(", "))
            } else {
                format!("Remaining gold tiles at random: {}", list.join(", "))
            }
        }
        Event::Placed { player, cell, number, points, counters } => {
            let mut line = format!("{}: {number} → {}, +{points}", who(*player), name(*cell));
            if *counters > 0 {
                line.push_str(if de { " (Rundenzähler!)" } else { " (round counter!)" });
            }
            line
        }
        Event::SetAside { player, number, reason: SetAsideReason::Breaks { cell, clash } } => {
            if de {
                format!(
                    "{}: {number} auf {} verstößt gegen die Sudoku-Regel ({number} liegt auf {}) – zur Seite gelegt, keine Punkte",
                    who(*player),
                    name(*cell),
                    name(*clash)
                )
            } else {
                format!(
                    "{}: {number} on {} breaks the Sudoku rule ({number} lies on {}) – set aside, no points",
                    who(*player),
                    name(*cell),
                    name(*clash)
                )
            }
        }
        Event::SetAside { player, number, reason: SetAsideReason::FalseClaim { legal } } => {
            if de {
                format!(
                    "{}: „kann nicht legen“ – doch, z. B. auf {}; {number} zur Seite gelegt",
                    who(*player),
                    name(*legal)
                )
            } else {
                format!("{}: “cannot place” – but {} was free for it; {number} set aside", who(*player), name(*legal))
            }
        }
        Event::Claimed { player, number } => {
            if de {
                format!("{}: {number} passt auf kein Feld – Spielende", who(*player))
            } else {
                format!("{}: {number} fits nowhere – game over", who(*player))
            }
        }
    }
}
