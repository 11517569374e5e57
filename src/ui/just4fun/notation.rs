//! Move log lines in plain words.

use crate::engine::just4fun::Event;
use crate::session::Seat;
use crate::ui::i18n::is_de;

pub fn describe(event: &Event, seats: &[Seat]) -> String {
    let name = |p: usize| seats.get(p).map_or("?", |s| s.name.as_str());
    let cards = |c: &[u8]| c.iter().map(u8::to_string).collect::<Vec<_>>().join(" + ");
    match event {
        Event::Placed { player, cards: played, field, locked, boxed, win_line, .. } => {
            let mut line = format!("{}: {} → {field}", name(*player), cards(played));
            if *locked {
                let gone: Vec<String> = boxed.iter().map(|(p, n)| format!("{} {n}", name(*p))).collect();
                line.push_str(if is_de() { ", sichert das Feld" } else { ", locks the field" });
                if !gone.is_empty() {
                    line.push_str(&if is_de() {
                        format!(" (in die Schachtel: {})", gone.join(", "))
                    } else {
                        format!(" (to the box: {})", gone.join(", "))
                    });
                }
            }
            if win_line.is_some() {
                line.push_str(if is_de() {
                    " – vier in einer Reihe, gewonnen!"
                } else {
                    " – four in a row, wins!"
                });
            }
            line
        }
        Event::NewHand { player, discarded, .. } => {
            let list = discarded.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
            if is_de() {
                format!("{}: nichts passt – wirft {list} ab und zieht 4 neue Karten", name(*player))
            } else {
                format!("{}: nothing fits – discards {list} and draws 4 new cards", name(*player))
            }
        }
    }
}
