//! Move log lines. In the hidden view a line names only what the reader may know: the colour and
//! the face toward the reader, never the far face of a stone.

use super::wall::{color_name, shape_char};
use crate::engine::viermalvier::{Event, Spot, View, STONES, STONE_COUNT};
use crate::session::Seat;
use crate::ui::i18n::is_de;

pub fn describe(event: &Event, seats: &[Seat], reader: Option<usize>, view: View) -> String {
    let who = |p: usize| seats.get(p).map_or("?", |s| s.name.as_str());
    let de = is_de();
    let stone = |id: u8| STONES[usize::from(id) % STONE_COUNT];
    match event {
        Event::Placed { player, stone: id, front, spot, at, width } => {
            let s = stone(*id);
            let toward = |side: usize| shape_char(s.faces[usize::from((front + u8::from(side == 1)) % 2)]);
            let faces = match (view, reader) {
                (View::Open, _) => format!("{}|{}", toward(0), toward(1)),
                (View::Hidden, Some(r)) => {
                    if de { format!("{} zu dir", toward(r)) } else { format!("{} toward you", toward(r)) }
                }
                (View::Hidden, None) => String::new(),
            };
            // Columns counted from the reader's left (side 1 sees the wall mirrored).
            let from_left = match reader {
                Some(1) => width - at.0,
                _ => at.0 + 1,
            };
            let place = match spot {
                Spot::On(_) => if de { format!("Spalte {from_left}, Reihe {}", at.1 + 1) } else { format!("column {from_left}, row {}", at.1 + 1) },
                _ => if de { format!("unten, Spalte {from_left}") } else { format!("bottom, column {from_left}") },
            };
            format!("{}: {} {faces} → {place}", who(*player), color_name(s.color)).replace("  ", " ")
        }
        Event::Objected { by, player, stone: id } => {
            let c = color_name(stone(*id).color);
            if de {
                format!("{}: Einspruch! Der letzte Stein ({c}) geht zurück, {} ist noch einmal dran.", who(*by), who(*player))
            } else {
                format!("{}: objection! The {c} stone goes back, {} moves again.", who(*by), who(*player))
            }
        }
        Event::TookBack { player, stone: id } => {
            let c = color_name(stone(*id).color);
            if de { format!("{} nimmt den letzten Stein ({c}) zurück (erlaubt).", who(*player)) } else { format!("{} takes the {c} stone back (allowed).", who(*player)) }
        }
        Event::Announced { by } => {
            if de { format!("{}: Die Mauer kann nicht mehr vollständig werden.", who(*by)) } else { format!("{}: the wall can no longer be completed.", who(*by)) }
        }
        Event::NextGame { game, start } => {
            if de { format!("Partie {game}: {} beginnt.", who(*start)) } else { format!("Game {game}: {} starts.", who(*start)) }
        }
    }
}
