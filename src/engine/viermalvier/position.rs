//! Compact test positions and the consistency check for states from outside (saves).
//!
//! A position is `key=value` pairs (or bare flags) separated by `;`:
//!
//! | key | value | default |
//! |---|---|---|
//! | `wall` | columns left to right (side 0's view) split by `/`, each bottom to top split by `,`; a stone is its colour digit and the shapes toward side 0 and side 1, e.g. `0UV` (the colour-0 stone U/V, U toward side 0) or `0VU` (the same stone turned) | empty |
//! | `to_move` | 0 or 1 | the player after the one who laid the last stone |
//! | `last` | column whose top stone was laid last (by the other player), objectionable under the Profi rule | none |
//! | `view` | `hidden` / `open` | hidden |
//! | `profi`, `without_tafeln`, `announced` | flags | off |
//! | `games` | match length | 1 |
//!
//! The end is derived as in play from the last mover's point of view.

use super::LastStone;
use super::{completable, Options, Placed, Spot, VierMalVier, View, HEIGHT, SHAPES, STONES, STONE_COUNT, WIDTH};

fn shape(ch: char) -> Result<u8, String> {
    SHAPES.iter().position(|&s| s == ch).map(|i| i as u8).ok_or_else(|| format!("\"{ch}\" is not a shape (T, U, V, W)"))
}

/// `0UV` → the colour-0 stone with U toward side 0.
fn parse_stone(token: &str) -> Result<Placed, String> {
    let chars: Vec<char> = token.chars().collect();
    let [c, a, b] = chars[..] else { return Err(format!("\"{token}\" is not a stone like 0UV")) };
    let color = c.to_digit(10).filter(|&d| d < 4).ok_or_else(|| format!("bad colour in \"{token}\""))? as u8;
    let (a, b) = (shape(a)?, shape(b)?);
    for (id, s) in STONES.iter().enumerate() {
        if s.color == color && s.faces == [a, b] {
            return Ok(Placed { stone: id as u8, front: 0 });
        }
        if s.color == color && s.faces == [b, a] {
            return Ok(Placed { stone: id as u8, front: 1 });
        }
    }
    Err(format!("no stone \"{token}\" in the set"))
}

pub fn parse(s: &str) -> Result<VierMalVier, String> {
    let mut options = Options::default();
    let mut wall: Vec<Vec<Placed>> = Vec::new();
    let mut to_move: Option<usize> = None;
    let mut last: Option<usize> = None;
    let mut announced = false;
    for part in s.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = part.split_once('=').map_or((part, ""), |(k, v)| (k.trim(), v.trim()));
        let bad = || format!("bad value in \"{part}\"");
        match key {
            "wall" => {
                wall = value
                    .split('/')
                    .map(|col| col.split(',').map(str::trim).filter(|t| !t.is_empty()).map(parse_stone).collect())
                    .collect::<Result<_, _>>()?;
            }
            "to_move" => to_move = Some(value.parse().map_err(|_| bad())?),
            "last" => last = Some(value.parse().map_err(|_| bad())?),
            "view" => {
                options.view = match value {
                    "hidden" => View::Hidden,
                    "open" => View::Open,
                    _ => return Err(bad()),
                }
            }
            "games" => options.games = value.parse().map_err(|_| bad())?,
            "profi" => options.profi = true,
            "without_tafeln" => options.without_tafeln = true,
            "announced" => announced = true,
            _ => return Err(format!("unknown key \"{key}\"")),
        }
    }
    let placed: usize = wall.iter().map(Vec::len).sum();
    // Without a given mover: the stones alternate from player 0.
    let to_move = to_move.unwrap_or(placed % 2);
    let last = match last {
        None => None,
        Some(col) => {
            let height = wall.get(col).map_or(0, Vec::len);
            let top = *wall.get(col).and_then(|c| c.last()).ok_or("last: no such column")?;
            let spot = match (height, col) {
                (1, 0) => Spot::Left,
                (1, c) if c + 1 == wall.len() => Spot::Right,
                (1, _) => return Err("last: a lone bottom stone inside the row cannot be the last one".into()),
                _ => Spot::On(col),
            };
            Some(LastStone { player: 1 - to_move.min(1), placed: top, spot })
        }
    };
    let mut game = VierMalVier {
        options,
        seed: 0,
        wall,
        start: 0,
        to_move,
        turn: u32::try_from(placed).unwrap_or(0),
        last,
        announced,
        end: None,
        records: Vec::new(),
    };
    game.check_end(1 - to_move.min(1));
    validate(&game)?;
    Ok(game)
}

/// Everything a save could get wrong.
pub fn validate(g: &VierMalVier) -> Result<(), String> {
    if g.options.games == 0 || g.options.games > 20 {
        return Err("a match has 1 to 20 games".into());
    }
    if g.start > 1 || g.to_move > 1 {
        return Err("there are two players".into());
    }
    validate_wall(g)?;
    validate_profi(g)?;
    validate_end(g)?;
    validate_records(g)?;
    if u64::from(g.turn) < g.stones_placed() as u64 {
        return Err("fewer moves than stones".into());
    }
    Ok(())
}

/// The wall's shape, each stone once, and the colour rule in every row and column.
fn validate_wall(g: &VierMalVier) -> Result<(), String> {
    if g.wall.len() > WIDTH || g.wall.iter().any(|c| c.is_empty() || c.len() > HEIGHT) {
        return Err("the wall is not a gap-free bottom row of stacks of at most 4 × 4".into());
    }
    let mut seen = [false; STONE_COUNT];
    for p in g.wall.iter().flatten() {
        let id = usize::from(p.stone);
        if id >= STONE_COUNT || p.front > 1 || seen[id] {
            return Err(format!("stone {} is unknown or twice in the wall", p.stone));
        }
        seen[id] = true;
    }
    for row in 0..HEIGHT {
        let colors: Vec<u8> = g.wall.iter().filter_map(|c| c.get(row)).map(|p| p.color()).collect();
        if (0..colors.len()).any(|i| colors[..i].contains(&colors[i])) {
            return Err(format!("a colour twice in row {}", row + 1));
        }
    }
    for (c, column) in g.wall.iter().enumerate() {
        let colors: Vec<u8> = column.iter().map(|p| p.color()).collect();
        if (0..colors.len()).any(|i| colors[..i].contains(&colors[i])) {
            return Err(format!("a colour twice in column {}", c + 1));
        }
    }
    Ok(())
}

/// The Profi rule's state: a stone open to objection is the last one laid, by the other player;
/// an announcement holds.
fn validate_profi(g: &VierMalVier) -> Result<(), String> {
    if let Some(last) = g.last {
        let top_ok = match last.spot {
            Spot::Left => g.wall.first().is_some_and(|c| c.len() == 1 && c[0] == last.placed),
            Spot::Right => g.wall.last().is_some_and(|c| c.len() == 1 && c[0] == last.placed),
            Spot::On(col) => g.wall.get(col).is_some_and(|c| c.len() >= 2 && c.last() == Some(&last.placed)),
        };
        if !top_ok || last.player > 1 || last.player == g.to_move || g.end.is_some() || g.announced || !g.options.profi
        {
            return Err("the last stone does not fit the wall".into());
        }
    }
    if g.announced && (!g.options.profi || completable(&g.wall)) {
        return Err("an announcement that does not hold".into());
    }
    Ok(())
}

/// A running game still has a move and no four-row; a finished one's end (winner, lines,
/// points and record) is what the wall and the last mover give.
fn validate_end(g: &VierMalVier) -> Result<(), String> {
    let games = usize::from(g.options.games);
    let fours = !g.four_rows(0).is_empty() || !g.four_rows(1).is_empty();
    match &g.end {
        None => {
            if fours || !g.any_placement() {
                return Err("the game should be over".into());
            }
            if g.records.len() >= games {
                return Err("more games recorded than the match has".into());
            }
        }
        Some(end) => {
            let blocked = matches!(end, super::GameEnd::Blocked { .. });
            if blocked == fours || (blocked && g.any_placement()) || g.records.is_empty() || g.records.len() > games {
                return Err("the recorded end does not match the wall".into());
            }
            if g.records.last().map(|r| &r.end) != Some(end) {
                return Err("the game's end is not in the match record".into());
            }
            // Winner, lines, points and the record follow from the wall and the last mover.
            let mover = match end {
                super::GameEnd::FourRow { mover, .. } => *mover,
                super::GameEnd::Blocked { .. } => 0,
            };
            if mover > 1 {
                return Err("the recorded end does not match the wall".into());
            }
            let mut replay = g.clone();
            replay.end = None;
            replay.records.clear();
            replay.check_end(mover);
            if replay.end.as_ref() != Some(end) || replay.records.last() != g.records.last() {
                return Err("the recorded end does not match the wall".into());
            }
        }
    }
    Ok(())
}

/// Every game in the match record is well-formed.
fn validate_records(g: &VierMalVier) -> Result<(), String> {
    let bad_end = |end: &super::GameEnd| match end {
        super::GameEnd::FourRow { winner, mover, lines } => {
            *winner > 1
                || *mover > 1
                || lines.iter().any(|(side, l)| *side > 1 || l.iter().any(|&(c, r)| c >= WIDTH || r >= HEIGHT))
        }
        super::GameEnd::Blocked { .. } => false,
    };
    if g.records.iter().any(|r| r.start > 1 || r.stones > STONE_COUNT || bad_end(&r.end)) {
        return Err("a damaged match record".into());
    }
    Ok(())
}
