//! Compact test positions and the consistency check for states from outside (saves).
//!
//! A position is `key=value` pairs separated by `;`:
//!
//! | key | value | default |
//! |---|---|---|
//! | `players` | 1–4 | 1 |
//! | `to_move` | 0-based seat | 0 |
//! | `grid` | 9 rows split by `/`, each 9 fields: `.` free, `1`–`9` a normal tile, a `*` after a digit makes it gold | empty board |
//! | `hands` | one tile per player, `-` for none | drawn from the supply |
//! | `scores` | points per player | 0 |
//! | `aside` | tiles set aside | none |
//! | `supply` | face-down tiles, the last is drawn next | the rest of the 72, shuffled with `seed` |
//! | `scoring` | `standard` / `simple` | standard |
//! | `mode` | `assisted` / `table` | assisted |
//! | `gold` | comma list of `block`, `hand` (the options) | none |
//! | `seed` | number | 0 |
//!
//! The end is derived as in play (no tiles left; assisted and the player to move is stuck).

use super::{gold, End, Mode, Options, Scoring, Sudoku, Tile, CELLS, COPIES, SIZE, STREAM_TILES};
use crate::engine::{rng, GameKind};

fn numbers(value: &str) -> Result<Vec<u8>, String> {
    value
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| match t.parse::<u8>() {
            Ok(n) if (1..=9).contains(&n) => Ok(n),
            _ => Err(format!("\"{t}\" is not a tile (1–9)")),
        })
        .collect()
}

fn grid(value: &str) -> Result<Vec<Option<Tile>>, String> {
    let rows: Vec<&str> = value.split('/').map(str::trim).collect();
    if rows.len() != SIZE {
        return Err(format!("the grid needs {SIZE} rows, not {}", rows.len()));
    }
    let mut board = Vec::with_capacity(CELLS);
    for (r, text) in rows.iter().enumerate() {
        let mut fields = 0;
        let mut chars = text.chars().peekable();
        while let Some(ch) = chars.next() {
            let tile = match ch {
                '.' => None,
                '1'..='9' => {
                    let gold = chars.next_if_eq(&'*').is_some();
                    let number = u8::try_from(ch.to_digit(10).unwrap_or(0)).unwrap_or(0);
                    Some(Tile { number, gold, by: (!gold).then_some(0) })
                }
                _ => return Err(format!("row {}: unexpected \"{ch}\"", r + 1)),
            };
            board.push(tile);
            fields += 1;
        }
        if fields != SIZE {
            return Err(format!("row {} has {fields} fields, not {SIZE}", r + 1));
        }
    }
    Ok(board)
}

/// The items of a position string; what is not given keeps its default.
struct Spec {
    players: usize,
    to_move: usize,
    board: Vec<Option<Tile>>,
    hands: Option<Vec<Option<u8>>>,
    scores: Option<Vec<u32>>,
    aside: Vec<u8>,
    supply: Option<Vec<u8>>,
    options: Options,
    seed: u64,
}

pub fn parse(s: &str) -> Result<Sudoku, String> {
    let mut spec = Spec {
        players: 1,
        to_move: 0,
        board: vec![None; CELLS],
        hands: None,
        scores: None,
        aside: Vec::new(),
        supply: None,
        options: Options::default(),
        seed: 0,
    };
    for part in s.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = part.split_once('=').ok_or_else(|| format!("\"{part}\" is not key=value"))?;
        read_item(&mut spec, key.trim(), value.trim())?;
    }
    let Spec { players, to_move, board, hands, scores, aside, supply, options, seed } = spec;
    let supply = match supply {
        Some(s) => s,
        None => face_down_rest(&board, hands.as_deref(), &aside, seed),
    };
    let mut game = Sudoku {
        players,
        options,
        seed,
        board,
        supply,
        hands: hands.clone().unwrap_or_else(|| vec![None; players]),
        set_aside: aside,
        scores: scores.unwrap_or_else(|| vec![0; players]),
        to_move,
        turn: 0,
        end: None,
        salt: 0,
    };
    if hands.is_none() {
        for p in 0..players {
            game.draw(p);
        }
    }
    if game.hands.iter().all(Option::is_none) {
        game.end = Some(End::AllTilesUsed);
    }
    game.check_stuck();
    validate(&game)?;
    Ok(game)
}

fn read_item(spec: &mut Spec, key: &str, value: &str) -> Result<(), String> {
    let bad = |what: &str| format!("bad {what} \"{value}\"");
    match key {
        "players" => spec.players = value.parse().map_err(|_| bad("player count"))?,
        "to_move" => spec.to_move = value.parse().map_err(|_| bad("player"))?,
        "seed" => spec.seed = value.parse().map_err(|_| bad("seed"))?,
        "grid" => spec.board = grid(value)?,
        "hands" => {
            spec.hands = Some(
                value
                    .split(',')
                    .map(str::trim)
                    .map(|t| if t == "-" { Ok(None) } else { numbers(t).map(|v| v.first().copied()) })
                    .collect::<Result<_, _>>()?,
            )
        }
        "scores" => {
            spec.scores =
                Some(value.split(',').map(|t| t.trim().parse().map_err(|_| bad("score"))).collect::<Result<_, _>>()?)
        }
        "aside" => spec.aside = numbers(value)?,
        "supply" => spec.supply = Some(numbers(value)?),
        "scoring" => {
            spec.options.scoring = match value {
                "standard" => Scoring::Standard,
                "simple" => Scoring::Simple,
                _ => return Err(bad("scoring")),
            }
        }
        "mode" => {
            spec.options.mode = match value {
                "assisted" => Mode::Assisted,
                "table" => Mode::TableRules,
                _ => return Err(bad("mode")),
            }
        }
        "gold" => {
            for flag in value.split(',').map(str::trim).filter(|t| !t.is_empty()) {
                match flag {
                    "block" => spec.options.gold_per_block = true,
                    "hand" => spec.options.gold_by_hand = true,
                    _ => return Err(bad("gold option")),
                }
            }
        }
        other => return Err(format!("unknown key \"{other}\"")),
    }
    Ok(())
}

/// Whatever the position does not place elsewhere lies face down, shuffled from the seed.
fn face_down_rest(board: &[Option<Tile>], hands: Option<&[Option<u8>]>, aside: &[u8], seed: u64) -> Vec<u8> {
    let mut left: Vec<u8> = Vec::new();
    for n in 1..=9u8 {
        let used = board.iter().flatten().filter(|t| !t.gold && t.number == n).count()
            + hands.iter().copied().flatten().flatten().filter(|&&h| h == n).count()
            + aside.iter().filter(|&&a| a == n).count();
        left.extend(std::iter::repeat_n(n, usize::from(COPIES).saturating_sub(used)));
    }
    rng::shuffle(&mut left, seed, STREAM_TILES);
    left
}

/// Everything a save could get wrong: sizes, numbers, the gold pattern, the Sudoku rule, the
/// tile count (81 in all), whose turn it is and how the game ended.
pub fn validate(g: &Sudoku) -> Result<(), String> {
    validate_sizes(g)?;
    validate_board(g)?;
    validate_tile_counts(g)?;
    validate_gold(g)?;
    validate_turn_and_end(g)?;
    if g.scores.iter().any(|&s| s > 81 * 24) {
        return Err("a score beyond what the board allows".into());
    }
    Ok(())
}

fn validate_sizes(g: &Sudoku) -> Result<(), String> {
    let (min, max) = GameKind::Sudoku.players();
    let n = g.players;
    if !(min..=max).contains(&n) {
        return Err(format!("{n} players; Sudoku needs {min} to {max}"));
    }
    if g.board.len() != CELLS || g.hands.len() != n || g.scores.len() != n {
        return Err("board, hands or scores have the wrong size".into());
    }
    if g.to_move >= n {
        return Err(format!("player {} is to move but there are {n}", g.to_move));
    }
    Ok(())
}

/// Every tile on the board: a number 1–9, gold without owner or laid by a player, no clash.
fn validate_board(g: &Sudoku) -> Result<(), String> {
    for (cell, tile) in g.board.iter().enumerate() {
        let Some(t) = tile else { continue };
        if !(1..=9).contains(&t.number) {
            return Err(format!("field {cell} holds {}", t.number));
        }
        match (t.gold, t.by) {
            (true, None) => {}
            (false, Some(p)) if p < g.players => {}
            _ => return Err(format!("field {cell}: gold tile with an owner or tile of an unknown player")),
        }
        if let Some(other) = g.clash(cell, t.number) {
            return Err(format!("{} lies twice ({cell} and {other})", t.number));
        }
    }
    Ok(())
}

/// Each number: at most one gold tile and exactly its copies of normal tiles; 81 tiles in all.
fn validate_tile_counts(g: &Sudoku) -> Result<(), String> {
    let golds = g.gold_cells();
    for number in 1..=9u8 {
        let gold = golds.iter().filter(|&&c| g.tile(c).is_some_and(|t| t.number == number)).count();
        if gold > 1 {
            return Err(format!("two gold tiles {number}"));
        }
        let normal = g.board.iter().flatten().filter(|t| !t.gold && t.number == number).count()
            + g.supply.iter().filter(|&&s| s == number).count()
            + g.hands.iter().flatten().filter(|&&h| h == number).count()
            + g.set_aside.iter().filter(|&&a| a == number).count();
        if normal != usize::from(COPIES) {
            return Err(format!("{normal} normal tiles {number} instead of {COPIES}"));
        }
        if g.supply.iter().chain(g.set_aside.iter()).chain(g.hands.iter().flatten()).any(|&t| !(1..=9).contains(&t)) {
            return Err("a tile outside 1–9".into());
        }
    }
    // Gold tiles still to be laid by hand are beside the board, not in the count.
    let gold_to_lay = SIZE.saturating_sub(golds.len());
    let tiles =
        g.supply.len() + g.set_aside.len() + g.hands.iter().flatten().count() + g.board.iter().flatten().count();
    if tiles + gold_to_lay != CELLS {
        return Err("tiles are missing or extra".into());
    }
    Ok(())
}

/// The gold pattern can be completed, and only a setup by hand may be unfinished (with nothing
/// else laid yet).
fn validate_gold(g: &Sudoku) -> Result<(), String> {
    let golds = g.gold_cells();
    if gold::complete(&golds, g.options.gold_per_block, None).is_none() {
        return Err("the gold tiles are not one per row and column (and block)".into());
    }
    let setup = golds.len() < SIZE;
    if setup && !g.options.gold_by_hand {
        return Err("gold tiles missing".into());
    }
    if setup && (g.end.is_some() || g.board.iter().flatten().any(|t| !t.gold)) {
        return Err("tiles laid before the gold setup ended".into());
    }
    Ok(())
}

/// Hands, the player to move and the recorded end fit the board and the mode.
fn validate_turn_and_end(g: &Sudoku) -> Result<(), String> {
    let setup = g.gold_cells().len() < SIZE;
    // Hands are empty only once the supply is gone.
    if !g.supply.is_empty() && g.hands.iter().any(Option::is_none) {
        return Err("a player holds no tile while the supply has some".into());
    }
    match g.end {
        None => {
            if g.hands[g.to_move].is_none() {
                return Err("the player to move holds no tile".into());
            }
            if !setup && g.options.mode == Mode::Assisted {
                let number = g.hands[g.to_move].unwrap_or(0);
                if g.legal_fields(number).is_empty() {
                    return Err("the player to move cannot place, yet the game goes on".into());
                }
            }
        }
        Some(End::AllTilesUsed) => {
            if g.hands.iter().any(Option::is_some) {
                return Err("the game ended with tiles still in hand".into());
            }
        }
        Some(End::NoLegalField { player, number }) | Some(End::Claimed { player, number }) => {
            if player >= g.players || g.hands[player] != Some(number) || !g.legal_fields(number).is_empty() {
                return Err("the recorded end does not match the board".into());
            }
            let claimed = matches!(g.end, Some(End::Claimed { .. }));
            if claimed != (g.options.mode == Mode::TableRules) {
                return Err("the recorded end does not fit the mode".into());
            }
        }
    }
    Ok(())
}
