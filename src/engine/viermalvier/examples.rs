//! The rulebook's figures and examples (`public/rules/viermalvier.examples.txt`) proved
//! against the engine: every position must build and every `check` line must hold. The check
//! words are listed in the file's header.

use super::*;
use crate::engine::{Game, Outcome};
use crate::rules_examples::proved;

const FILE: &str = include_str!("../../../public/rules/viermalvier.examples.txt");

/// The examples the rules page shows; a block missing from the file fails the test.
const EXPECTED: [&str; 10] = [
    "tafeln",
    "two-faces",
    "beside-on-top",
    "colour-rule",
    "example1",
    "example2",
    "four-row",
    "three-runs",
    "objection",
    "objection-refused",
];

type Cell = (usize, usize);

fn expect(holds: bool, otherwise: &str) -> Result<(), String> {
    if holds {
        Ok(())
    } else {
        Err(otherwise.to_string())
    }
}

fn number<T: std::str::FromStr>(token: &str) -> Result<T, String> {
    token.parse().map_err(|_| format!("\"{token}\" is not a number"))
}

fn side(token: &str) -> Result<Side, String> {
    match token {
        "A" => Ok(0),
        "B" => Ok(1),
        _ => Err(format!("\"{token}\" is not a side (A or B)")),
    }
}

fn shape_letter(shape: u8) -> char {
    SHAPES.get(usize::from(shape)).copied().unwrap_or('?')
}

/// `b2` → column 1, row 1 (side A's view, rows from the bottom).
fn cell(token: &str) -> Result<Cell, String> {
    let mut chars = token.chars();
    let (Some(c @ 'a'..='d'), Some(r @ '1'..='4'), None) = (chars.next(), chars.next(), chars.next()) else {
        return Err(format!("\"{token}\" is not a cell (a1–d4)"));
    };
    Ok((usize::from(c as u8 - b'a'), usize::from(r as u8 - b'1')))
}

fn spot(token: &str) -> Result<Spot, String> {
    match token {
        "left" => Ok(Spot::Left),
        "right" => Ok(Spot::Right),
        _ => token
            .strip_prefix("on-")
            .and_then(|c| cell(&format!("{c}1")).ok())
            .map(|(c, _)| Spot::On(c))
            .ok_or(format!("\"{token}\" is not a spot (left, right, on-a … on-d)")),
    }
}

/// `0UV` → the stone id and which face looks at side A (as in the position notation).
fn stone(token: &str) -> Result<Placed, String> {
    let chars: Vec<char> = token.chars().collect();
    let [colour, a, b] = chars[..] else { return Err(format!("\"{token}\" is not a stone like 0UV")) };
    let shape = |ch: char| SHAPES.iter().position(|&s| s == ch).map(|i| i as u8);
    let (colour, a, b) = (colour.to_digit(10), shape(a), shape(b));
    for (id, s) in STONES.iter().enumerate() {
        for front in 0..2u8 {
            let placed = Placed { stone: id as u8, front };
            if Some(u32::from(s.color)) == colour
                && Some(placed.shape_toward(0)) == a
                && Some(placed.shape_toward(1)) == b
            {
                return Ok(placed);
            }
        }
    }
    Err(format!("no stone \"{token}\" in the set"))
}

/// Proves one check line on `game` (which it never changes). Returns the cells the check
/// shows, which the marks must match.
fn run(game: &VierMalVier, check: &str) -> Result<Vec<Cell>, String> {
    let words: Vec<&str> = check.split_whitespace().collect();
    match words.as_slice() {
        ["remaining", n] => expect(game.remaining().len() == number::<usize>(n)?, "another number of stones left"),
        ["colours", n, "of", m] => check_colours(game, number(n)?, number(m)?),
        ["faces-once"] => check_faces_once(game),
        ["view", s, "row", r, shapes @ ..] => check_view(game, side(s)?, number(r)?, shapes),
        ["spots", st, spots @ ..] => {
            let mut want = spots.iter().map(|s| spot(s)).collect::<Result<Vec<_>, _>>()?;
            let mut have = game.spots_for(stone(st)?.stone);
            let key = |s: &Spot| format!("{s:?}");
            want.sort_by_key(key);
            have.sort_by_key(key);
            expect(have == want, &format!("the stone may go to {have:?}"))
        }
        ["allowed", st, p] => game.check_spot(stone(st)?.stone, spot(p)?).map(|_| ()).map_err(|e| e.to_string()),
        ["refused", st, p, line @ ("row" | "column")] => match game.check_spot(stone(st)?.stone, spot(p)?) {
            Err(RuleError::Colour { in_row, .. }) => expect(in_row == (*line == "row"), "refused for the other line"),
            other => Err(format!("not refused by the colour rule: {other:?}")),
        },
        ["completable", yes_no] => expect(game.completable() == (*yes_no == "yes"), "completable says otherwise"),
        ["after", st, p, claims @ ..] => return check_after(game, stone(st)?, spot(p)?, claims),
        ["blocked"] => expect(matches!(game.end(), Some(GameEnd::Blocked { .. })), "the game is not blocked"),
        ["three-runs", s, n] => {
            let s = side(s)?;
            expect(game.three_runs(s) == number::<u32>(n)?, &format!("{} three-runs", game.three_runs(s)))?;
            let runs = game.three_run_cells(s);
            return Ok(runs.iter().flat_map(|&(from, to)| run_cells(from, to)).collect());
        }
        ["winner", s] => expect(game.outcome() == Some(Outcome::Winners(vec![side(s)?])), "another outcome"),
        ["objection", verdict @ ("allowed" | "refused")] => check_objection(game, *verdict == "allowed"),
        _ => Err(format!("unknown check \"{check}\"")),
    }
    .map(|()| Vec::new())
}

/// The three cells of a run from its first to its last cell.
fn run_cells(from: Cell, to: Cell) -> Vec<Cell> {
    let step = |a: usize, b: usize| (b as isize - a as isize) / 2;
    let (dc, dr) = (step(from.0, to.0), step(from.1, to.1));
    (0..3).map(|k| ((from.0 as isize + k * dc) as usize, (from.1 as isize + k * dr) as usize)).collect()
}

fn check_colours(game: &VierMalVier, colours: usize, each: usize) -> Result<(), String> {
    let per_colour: Vec<usize> =
        (0..4u8).map(|c| game.remaining().iter().filter(|&&s| STONES[usize::from(s)].color == c).count()).collect();
    let present: Vec<usize> = per_colour.into_iter().filter(|&n| n > 0).collect();
    expect(present.len() == colours && present.iter().all(|&n| n == each), &format!("per colour {present:?}"))
}

/// Every colour shows each shape once on face 0 and once on face 1 (of the remaining stones).
fn check_faces_once(game: &VierMalVier) -> Result<(), String> {
    for colour in 0..4u8 {
        let stones: Vec<Stone> =
            game.remaining().iter().map(|&s| STONES[usize::from(s)]).filter(|s| s.color == colour).collect();
        for face in 0..2 {
            let mut shapes: Vec<u8> = stones.iter().map(|s| s.faces[face]).collect();
            shapes.sort_unstable();
            expect(shapes == [0, 1, 2, 3], &format!("colour {colour}, face {face}: {shapes:?}"))?;
        }
    }
    Ok(())
}

/// Row `row` (1 = bottom) as side `s` sees it from its left.
fn check_view(game: &VierMalVier, s: Side, row: usize, shapes: &[&str]) -> Result<(), String> {
    let r = row.checked_sub(1).ok_or("rows count from 1")?;
    let seen: Vec<String> = game
        .view_of(s)
        .iter()
        .map(|column| column.get(r).copied().flatten().map_or('.', shape_letter).to_string())
        .collect();
    expect(seen == shapes, &format!("the side sees {seen:?}"))
}

/// The player to move sets `placed` at `at`: the game after it and the cell the stone landed on.
fn set(game: &VierMalVier, placed: Placed, at: Spot) -> Result<(VierMalVier, Cell), String> {
    let mover = game.to_move().ok_or("nobody is to move")?;
    let face = if mover == 0 { placed.front } else { 1 - placed.front };
    let mut after = game.clone();
    let event = after.apply(&Move::Place { stone: placed.stone, face, spot: at }).map_err(|e| e.to_string())?;
    let Event::Placed { at: landed, .. } = event else { return Err("no stone was placed".into()) };
    Ok((after, landed))
}

/// An example's `shown` is the game its one `after` check leaves: the same stones stand the same
/// way in every cell, the same stones are left, the same player is to move, the same end.
fn check_shown(game: &VierMalVier, shown: &str, checks: &[String]) -> Result<VierMalVier, String> {
    let afters: Vec<Vec<&str>> = checks
        .iter()
        .map(|c| c.split_whitespace().collect::<Vec<_>>())
        .filter(|w| w.first() == Some(&"after"))
        .collect();
    let [words] = &afters[..] else { return Err(format!("shown needs exactly one after check, not {}", afters.len())) };
    let [_, st, p, ..] = words[..] else { return Err("after needs a stone and a spot".into()) };
    let (after, _) = set(game, stone(st)?, spot(p)?)?;
    let table = VierMalVier::from_position(shown).map_err(|e| format!("shown: {e}"))?;
    for c in 0..WIDTH {
        for r in 0..HEIGHT {
            expect(table.at(c, r) == after.at(c, r), &format!("shown: cell {c},{r} is not as after the move"))?;
        }
    }
    expect(table.remaining() == after.remaining(), "shown: other stones are left")?;
    expect(table.to_move() == after.to_move(), "shown: another player is to move")?;
    expect(table.end() == after.end() && table.outcome() == after.outcome(), "shown: another end")?;
    Ok(table)
}

/// Sets `placed` at `at` for the player to move and checks the claims; shows the landing cell
/// (`at`) and the claimed sides' four-rows.
fn check_after(game: &VierMalVier, placed: Placed, at: Spot, claims: &[&str]) -> Result<Vec<Cell>, String> {
    let (after, landed) = set(game, placed, at)?;
    let mut shown = Vec::new();
    let mut rest = claims;
    while let Some((&claim, tail)) = rest.split_first() {
        rest = tail;
        let mut value = || -> Result<&str, String> {
            let (&v, tail) = rest.split_first().ok_or(format!("\"{claim}\" needs a value"))?;
            rest = tail;
            Ok(v)
        };
        match claim {
            "at" => {
                let want = cell(value()?)?;
                expect(landed == want, &format!("it lands on {landed:?}"))?;
                shown.push(landed);
            }
            "blocked" => run(&after, "blocked").map(|_| ())?,
            "remaining" => run(&after, &format!("remaining {}", value()?)).map(|_| ())?,
            "completable" => run(&after, &format!("completable {}", value()?)).map(|_| ())?,
            "winner" => run(&after, &format!("winner {}", value()?)).map(|_| ())?,
            "four-rows" => {
                let s = side(value()?)?;
                let rows = after.four_rows(s);
                expect(rows.len() == number::<usize>(value()?)?, &format!("{} four-rows", rows.len()))?;
                shown.extend(rows.iter().flatten());
            }
            other => return Err(format!("unknown claim \"{other}\"")),
        }
    }
    Ok(shown)
}

/// The player to move objects to the last stone: allowed, it goes back and its player moves
/// again with a wall that can be completed; or refused, and nothing changes.
fn check_objection(game: &VierMalVier, allowed: bool) -> Result<(), String> {
    let (placer, _) = game.last_stone().ok_or("no stone to object to")?;
    let mut after = game.clone();
    let result = after.apply(&Move::Object);
    let offered = game.legal_moves().contains(&Move::Object);
    if !allowed {
        return expect(result.is_err() && !offered && after == *game, "the objection was not refused");
    }
    expect(offered && matches!(result, Ok(Event::Objected { .. })), "the objection is not allowed")?;
    expect(after.stones_placed() + 1 == game.stones_placed(), "the stone did not go back")?;
    expect(after.to_move() == Some(placer) && after.completable(), "its player does not move again")
}

#[test]
fn every_rulebook_example_holds_in_the_engine() {
    for (example, game, mut shown) in
        proved("viermalvier.examples.txt", FILE, &EXPECTED, VierMalVier::from_position, run)
    {
        let id = &example.id;
        let mut marks: Vec<Cell> =
            example.mark.iter().map(|m| cell(m).unwrap_or_else(|e| panic!("[{id}] mark: {e}"))).collect();
        // The table the picture draws: a marked cell holds a stone there, unless it is where the
        // example's stone lands (`at`), drawn empty on `position`.
        let drawn = match &example.shown {
            Some(text) => check_shown(&game, text, &example.checks).unwrap_or_else(|e| panic!("[{id}] {e}")),
            None => game.clone(),
        };
        let landing: Vec<Cell> = example
            .checks
            .iter()
            .filter(|_| example.shown.is_none())
            .filter_map(|c| c.split_whitespace().skip_while(|&w| w != "at").nth(1).and_then(|w| cell(w).ok()))
            .collect();
        for &(c, r) in &marks {
            let holds = drawn.at(c, r).is_some() || landing.contains(&(c, r));
            assert!(holds, "[{id}] the marked cell {c},{r} holds no stone on the table drawn (shown needed?)");
        }
        if !shown.is_empty() {
            marks.sort_unstable();
            shown.sort_unstable();
            shown.dedup();
            assert_eq!(marks, shown, "[{id}] the marks are not the cells the checks show");
        }
    }
}

#[test]
fn wrong_checks_fail() {
    let game = VierMalVier::from_position("wall=0TT,1TW/1UU/2TU").unwrap_or_else(|e| panic!("{e}"));
    for wrong in [
        "frobnicate",
        "remaining 11",
        "colours 4 of 4",
        "faces-once",
        "view A row 1 T T T",
        "view B row 1 T U T",
        "spots 3WW left right",
        "allowed 0UV right",
        "refused 2UW on-b row",
        "refused 0UV right column",
        "completable no",
        "after 2UW on-b at b3",
        "after 2UW on-b blocked",
        "after 2UW on-b remaining 12",
        "after 2UW on-b four-rows A 1",
        "after 2UW on-b winner A",
        "after 2UW on-b remaining",
        "after 0UV right",
        "blocked",
        "three-runs A 1",
        "winner B",
        "objection allowed",
        "objection refused",
        "refused 0XX right row",
        "spots 0UV on-e",
    ] {
        assert!(run(&game, wrong).is_err(), "\"{wrong}\" passed");
    }
}

/// A `shown` that is not what the `after` move leaves is caught.
#[test]
fn wrong_shown_fails() {
    let game = VierMalVier::from_position("wall=0TT,1TW/1UU/2TU").unwrap_or_else(|e| panic!("{e}"));
    let checks = vec!["after 2UW on-b".to_string()];
    let good = "wall=0TT,1TW/1UU,2UW/2TU";
    assert!(check_shown(&game, good, &checks).is_ok());
    for wrong in [
        "wall=0TT,1TW/1UU/2TU",
        "wall=0TT,1TW/1UU,2WU/2TU",
        "wall=0TT,1TW,2UW/1UU/2TU",
        "wall=0TT,1TW/1UU,2UW/2TU; to_move=0",
    ] {
        assert!(check_shown(&game, wrong, &checks).is_err(), "\"{wrong}\" passed");
    }
    assert!(check_shown(&game, good, &[]).is_err(), "shown without an after check passed");
}
