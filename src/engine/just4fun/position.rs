//! Reader of the compact test positions; the format is documented on
//! [`Just4Fun::from_position`](super::Just4Fun::from_position).

use super::{
    board, random_layout, Just4Fun, Options, FIRST_RESHUFFLE_STREAM, HAND_SIZE, STANDARD_LAYOUT, STONES_PER_PLAYER,
    STREAM_DECK,
};
use crate::engine::{rng, Game};

fn parse_player(token: &str, players: usize) -> Result<usize, String> {
    let p = match token {
        "A" | "a" | "0" => 0,
        "B" | "b" | "1" => 1,
        "C" | "c" | "2" => 2,
        "D" | "d" | "3" => 3,
        _ => return Err(format!("unknown player \"{token}\" (use A–D or 0–3)")),
    };
    if p >= players {
        return Err(format!("player \"{token}\" does not exist with {players} players"));
    }
    Ok(p)
}

/// `A2,B1` → [(0, 2), (1, 1)].
fn parse_stones(spec: &str, players: usize) -> Result<Vec<(usize, u8)>, String> {
    let mut out = Vec::new();
    for token in spec.split([',', ' ']).map(str::trim).filter(|t| !t.is_empty()) {
        let split = token.char_indices().nth(1).map_or(token.len(), |(i, _)| i);
        let (who, count) = token.split_at(split);
        let player = parse_player(who, players)?;
        let count: u8 =
            if count.is_empty() { 1 } else { count.parse().map_err(|_| format!("bad stone count in \"{token}\""))? };
        out.push((player, count));
    }
    Ok(out)
}

fn parse_cards(spec: &str) -> Result<Vec<u8>, String> {
    spec.split([',', ' '])
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| match t.parse::<u8>() {
            Ok(v) if (1..=19).contains(&v) => Ok(v),
            _ => Err(format!("\"{t}\" is not a card (1–19)")),
        })
        .collect()
}

fn parse_number<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, String> {
    value.parse().map_err(|_| format!("bad number for {key}: \"{value}\""))
}

/// The items of a position string, read but not yet checked against each other.
#[derive(Default)]
struct Spec<'a> {
    players: Option<usize>,
    seed: u64,
    random: bool,
    to_move: Option<&'a str>,
    turn: Option<u32>,
    fields: Vec<(u8, &'a str)>,
    boxed: Option<&'a str>,
    hands: Option<&'a str>,
    draw_top: Vec<u8>,
    discard_listed: Vec<u8>,
    rest_to_discard: bool,
}

/// Splits the string into `key=value` items and `field:stones` items.
fn read_spec(s: &str) -> Result<Spec<'_>, String> {
    let mut spec = Spec::default();
    for item in s.split(';').map(str::trim).filter(|i| !i.is_empty()) {
        if let Some((key, value)) = item.split_once('=') {
            read_item(&mut spec, key.trim(), value.trim())?;
        } else if let Some((field, stones)) = item.split_once(':') {
            spec.fields.push((parse_number(field.trim(), field.trim())?, stones));
        } else {
            return Err(format!("cannot read \"{item}\""));
        }
    }
    Ok(spec)
}

fn read_item<'a>(spec: &mut Spec<'a>, key: &str, value: &'a str) -> Result<(), String> {
    match key {
        "players" => spec.players = Some(parse_number::<usize>(key, value)?),
        "seed" => spec.seed = parse_number(key, value)?,
        "layout" => {
            spec.random = match value {
                "standard" => false,
                "random" => true,
                _ => return Err(format!("layout must be standard or random, not \"{value}\"")),
            }
        }
        "to_move" => spec.to_move = Some(value),
        "turn" => spec.turn = Some(parse_number::<u32>(key, value)?),
        "boxed" => spec.boxed = Some(value),
        "hands" => spec.hands = Some(value),
        "draw" => spec.draw_top = parse_cards(value)?,
        "discard" => spec.discard_listed = parse_cards(value)?,
        "rest" => {
            spec.rest_to_discard = match value {
                "draw" => false,
                "discard" => true,
                _ => return Err(format!("rest must be draw or discard, not \"{value}\"")),
            }
        }
        _ => return Err(format!("unknown item \"{key}\"")),
    }
    Ok(())
}

pub(super) fn parse(s: &str) -> Result<Just4Fun, String> {
    let spec = read_spec(s)?;
    let players = spec.players.ok_or("players=N is missing")?;
    let mut game =
        Just4Fun::new(players, Options { random_layout: spec.random }, spec.seed).map_err(|e| e.to_string())?;
    game.layout = if spec.random { random_layout(spec.seed) } else { STANDARD_LAYOUT };
    place_stones(&mut game, &spec.fields, players)?;
    count_supplies(&mut game, spec.boxed, players)?;
    lay_out_cards(&mut game, &spec, players)?;
    game.to_move = match spec.to_move {
        Some(p) => parse_player(p, players)?,
        None => 0,
    };
    let used: u32 = (0..players).map(|p| u32::from(STONES_PER_PLAYER.saturating_sub(game.supply(p)))).sum();
    game.turn = spec.turn.unwrap_or(used);
    game.next_stream = FIRST_RESHUFFLE_STREAM;
    game.win = None;
    game.validate()?;
    Ok(game)
}

/// Puts the listed stones on their fields and marks the fields they lock; a field given with a
/// lead that would have locked it while others still stand there is refused.
fn place_stones(game: &mut Just4Fun, fields: &[(u8, &str)], players: usize) -> Result<(), String> {
    for &(field, spec) in fields {
        let cell = game.cell_of(field).ok_or_else(|| format!("there is no field {field}"))?;
        if game.stones_at(cell).iter().any(|&c| c > 0) {
            return Err(format!("field {field} is given twice"));
        }
        for (player, count) in parse_stones(spec, players)? {
            let slot = game.count_mut(cell, player).ok_or("stone table out of range")?;
            *slot = slot.saturating_add(count);
        }
        let counts = game.stones_at(cell).to_vec();
        for (p, &mine) in counts.iter().enumerate() {
            let others_max = counts.iter().enumerate().filter(|&(q, _)| q != p).map(|(_, &c)| c).max().unwrap_or(0);
            if u16::from(mine) >= u16::from(others_max) + 2 {
                if others_max > 0 {
                    return Err(format!("field {field}: player {p} is 2 stones ahead, the field would have locked"));
                }
                if let Some(slot) = game.locked.get_mut(cell) {
                    *slot = Some(p);
                }
            }
        }
    }
    Ok(())
}

/// Records the boxed stones and leaves each player the rest of their 20 as supply.
fn count_supplies(game: &mut Just4Fun, boxed: Option<&str>, players: usize) -> Result<(), String> {
    game.boxed = vec![0; players];
    if let Some(spec) = boxed {
        for (player, count) in parse_stones(spec, players)? {
            if let Some(b) = game.boxed.get_mut(player) {
                *b = b.saturating_add(count);
            }
        }
    }
    for p in 0..players {
        let used = game.on_board(p) + u32::from(game.boxed(p));
        let left = u32::from(STONES_PER_PLAYER)
            .checked_sub(used)
            .ok_or_else(|| format!("player {p} has {used} stones, more than {STONES_PER_PLAYER}"))?;
        if let Some(s) = game.supply.get_mut(p) {
            *s = u8::try_from(left).unwrap_or(0);
        }
    }
    Ok(())
}

/// Reads the listed hands (`A/B/…`), each at most a full hand, one per player.
fn parse_hands(spec: Option<&str>, players: usize) -> Result<Option<Vec<Vec<u8>>>, String> {
    let Some(spec) = spec else { return Ok(None) };
    let hands = spec.split('/').map(parse_cards).collect::<Result<Vec<_>, _>>()?;
    if hands.len() != players {
        return Err(format!("{} hands for {players} players", hands.len()));
    }
    if let Some(h) = hands.iter().find(|h| h.len() > HAND_SIZE) {
        return Err(format!("a hand of {} cards, more than {HAND_SIZE}", h.len()));
    }
    Ok(Some(hands))
}

/// Cards: takes the listed ones out of the deck, shuffles the rest (dealing the hands from it
/// when none are listed) and puts it on the draw or the discard pile.
fn lay_out_cards(game: &mut Just4Fun, spec: &Spec<'_>, players: usize) -> Result<(), String> {
    let mut pool = board::deck_counts();
    let mut take = |cards: &[u8]| -> Result<(), String> {
        for &c in cards {
            match pool.get_mut(usize::from(c)) {
                Some(n) if *n > 0 => *n -= 1,
                _ => return Err(format!("card {c} is used more often than the deck has it")),
            }
        }
        Ok(())
    };
    let hands = parse_hands(spec.hands, players)?;
    for hand in hands.iter().flatten() {
        take(hand)?;
    }
    take(&spec.draw_top)?;
    take(&spec.discard_listed)?;
    let mut rest: Vec<u8> = Vec::new();
    for (value, &n) in pool.iter().enumerate() {
        for _ in 0..n {
            rest.push(u8::try_from(value).unwrap_or(0));
        }
    }
    rng::shuffle(&mut rest, spec.seed, STREAM_DECK);
    // Without listed hands, deal them from the remaining cards first.
    let hands = match hands {
        Some(hands) => hands,
        None => deal_hands(&mut rest, players)?,
    };
    game.draw.clear();
    game.discard.clear();
    if spec.rest_to_discard {
        game.discard = rest;
    } else {
        game.draw = rest;
    }
    game.discard.extend_from_slice(&spec.discard_listed);
    game.draw.extend(spec.draw_top.iter().rev());
    game.hands = hands;
    for hand in &mut game.hands {
        crate::engine::sort::sort(hand);
    }
    Ok(())
}

/// Deals a full hand to every player, one card each in turn, from the top of `rest`.
fn deal_hands(rest: &mut Vec<u8>, players: usize) -> Result<Vec<Vec<u8>>, String> {
    let mut dealt = vec![Vec::new(); players];
    for _ in 0..HAND_SIZE {
        for hand in &mut dealt {
            hand.push(rest.pop().ok_or("not enough cards left to deal the hands")?);
        }
    }
    Ok(dealt)
}
