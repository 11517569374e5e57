//! Compact test positions and the consistency check for states from outside (saves).
//!
//! `key=value` pairs (or flags) separated by `;`:
//!
//! | key | value | default |
//! |---|---|---|
//! | `players` | 2–4 | 2 |
//! | `to_move` | seat | 0 |
//! | `rows` | card rows top to bottom split by `/`, each `both:`, `left:` or `right:` and its cards split by spaces in laying order (`both`: left to right); a card is its colours top to bottom as it lies, `R` `Y` `G` `B` (e.g. `RRY`) – the deck card with those colours, turned if it is printed the other way up | one random start card |
//! | `hands` | per player split by `/`, cards split by spaces | dealt from the rest |
//! | `scores` | points per player | 0 |
//! | `announce` | flag | off |
//! | `seed` | shuffles the rest of the deck | 0 |

use super::{deck, Anchor, CardRow, GutAngelegt, Laid, Options, CARDS, HAND, ROWS, ROW_CARDS, STREAM_DECK};
use crate::engine::{rng, GameKind};

pub const COLOR_LETTERS: [char; 4] = ['R', 'Y', 'G', 'B'];

fn colors(token: &str) -> Result<[u8; 3], String> {
    let v: Vec<u8> = token
        .chars()
        .map(|c| {
            COLOR_LETTERS
                .iter()
                .position(|&l| l == c)
                .map(|i| i as u8)
                .ok_or_else(|| format!("\"{c}\" is not a colour (R, Y, G, B)"))
        })
        .collect::<Result<_, _>>()?;
    v.try_into().map_err(|_| format!("\"{token}\" is not a card of 3 fields"))
}

/// The first unused deck card showing `token` top to bottom, and whether it is turned.
fn take(token: &str, used: &mut [bool]) -> Result<Laid, String> {
    let want = colors(token)?;
    let cards = deck();
    for turned in [false, true] {
        let printed = if turned { [want[2], want[1], want[0]] } else { want };
        if let Some(id) = (0..CARDS).find(|&i| !used[i] && cards[i] == printed) {
            used[id] = true;
            return Ok(Laid { card: id as u8, turned });
        }
    }
    Err(format!("no card {token} left in the deck"))
}

pub fn parse(s: &str) -> Result<GutAngelegt, String> {
    let mut players = 2usize;
    let mut to_move = 0usize;
    let mut rows_spec = String::new();
    let mut hands_spec: Option<String> = None;
    let mut scores: Option<Vec<u32>> = None;
    let mut options = Options::default();
    let mut seed = 0u64;
    for part in s.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = part.split_once('=').map_or((part, ""), |(k, v)| (k.trim(), v.trim()));
        let bad = || format!("bad value in \"{part}\"");
        match key {
            "players" => players = value.parse().map_err(|_| bad())?,
            "to_move" => to_move = value.parse().map_err(|_| bad())?,
            "rows" => rows_spec = value.to_string(),
            "hands" => hands_spec = Some(value.to_string()),
            "scores" => {
                scores = Some(value.split(',').map(|t| t.trim().parse().map_err(|_| bad())).collect::<Result<_, _>>()?)
            }
            "announce" => options.announce = true,
            "seed" => seed = value.parse().map_err(|_| bad())?,
            _ => return Err(format!("unknown key \"{key}\"")),
        }
    }
    let mut used = vec![false; CARDS];
    let mut rows = Vec::new();
    for spec in rows_spec.split('/').map(str::trim).filter(|r| !r.is_empty()) {
        let (anchor, cards) =
            spec.split_once(':').ok_or_else(|| format!("row \"{spec}\" needs both:, left: or right:"))?;
        let anchor = match anchor.trim() {
            "both" => Anchor::Both,
            "left" => Anchor::Left,
            "right" => Anchor::Right,
            other => return Err(format!("unknown row start \"{other}\"")),
        };
        let cards = cards.split_whitespace().map(|t| take(t, &mut used)).collect::<Result<Vec<_>, _>>()?;
        rows.push(CardRow { anchor, cards });
    }
    let mut hands: Vec<Vec<u8>> = vec![Vec::new(); players];
    if let Some(spec) = &hands_spec {
        for (p, hand) in spec.split('/').enumerate() {
            let slot = hands.get_mut(p).ok_or("more hands than players")?;
            for t in hand.split_whitespace() {
                slot.push(take(t, &mut used)?.card);
            }
        }
    }
    let mut draw: Vec<u8> = (0..CARDS as u8).filter(|&i| !used[usize::from(i)]).collect();
    rng::shuffle(&mut draw, seed, STREAM_DECK);
    if rows.is_empty() {
        let start = draw.pop().ok_or("no card for the start")?;
        rows.push(CardRow { anchor: Anchor::Both, cards: vec![Laid { card: start, turned: false }] });
    }
    if hands_spec.is_none() {
        for _ in 0..HAND {
            for hand in &mut hands {
                if let Some(c) = draw.pop() {
                    hand.push(c);
                }
            }
        }
    }
    let on_table: usize = rows.iter().map(|r| r.cards.len()).sum();
    let game = GutAngelegt {
        players,
        options,
        seed,
        rows,
        hands,
        draw,
        scores: scores.unwrap_or_else(|| vec![0; players]),
        to_move,
        turn: u32::try_from(on_table.saturating_sub(1)).unwrap_or(0),
        salt: 0,
    };
    validate(&game)?;
    Ok(game)
}

/// Everything a save could get wrong: the 48 cards once each, the rows' shape, hands and turn.
pub fn validate(g: &GutAngelegt) -> Result<(), String> {
    let (min, max) = GameKind::GutAngelegt.players();
    if !(min..=max).contains(&g.players) {
        return Err(format!("{} players; Gut angelegt needs {min} to {max}", g.players));
    }
    if g.hands.len() != g.players || g.scores.len() != g.players || g.to_move >= g.players {
        return Err("hands, scores or the player to move do not fit the players".into());
    }
    let mut seen = [false; CARDS];
    let laid = g.rows.iter().flat_map(|r| r.cards.iter().map(|l| l.card));
    for id in laid.chain(g.hands.iter().flatten().copied()).chain(g.draw.iter().copied()) {
        let i = usize::from(id);
        if i >= CARDS || seen[i] {
            return Err(format!("card {id} is unknown or there twice"));
        }
        seen[i] = true;
    }
    if seen.iter().any(|s| !s) {
        return Err("cards are missing".into());
    }
    if g.rows.is_empty()
        || g.rows.len() > ROWS
        || g.rows.iter().any(|r| r.cards.is_empty() || r.cards.len() > ROW_CARDS)
    {
        return Err("the table is not up to 4 rows of up to 12 cards".into());
    }
    if g.rows.iter().filter(|r| r.anchor == Anchor::Both).count() != 1 {
        return Err("exactly one first row".into());
    }
    let open = g.rows.iter().filter(|r| !r.complete()).count();
    let first_open = g.rows.iter().any(|r| r.anchor == Anchor::Both && !r.complete());
    if open > 1 || (first_open && g.rows.len() > 1) {
        return Err("a new row was started before the last one was complete".into());
    }
    if g.hands.iter().any(|h| h.len() > HAND) || (!g.draw.is_empty() && g.hands.iter().any(|h| h.len() != HAND)) {
        return Err("a hand has the wrong number of cards".into());
    }
    if !g.is_over() && g.hands[g.to_move].is_empty() {
        return Err("the player to move has no card".into());
    }
    if (g.turn as usize) + 1 < g.cards_on_table() {
        return Err("fewer moves than cards on the table".into());
    }
    Ok(())
}
