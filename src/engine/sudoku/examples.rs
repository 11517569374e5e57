//! The rulebook's examples (`public/rules/sudoku.examples.txt`) proved against the engine:
//! every position must build and every `check` line must hold. The check words are listed in
//! the file's header.

use super::*;
use crate::engine::{Game, Outcome};
use crate::rules_examples::proved;

const FILE: &str = include_str!("../../../public/rules/sudoku.examples.txt");

/// The examples the rules page shows; a block missing from the file fails the test.
const EXPECTED: [&str; 5] = ["gold", "standard", "simple", "round-counter", "end"];

fn cell(token: &str) -> Result<usize, String> {
    (0..CELLS).find(|&c| name(c) == token).ok_or(format!("\"{token}\" is not a field (A1–I9)"))
}

fn number<T: std::str::FromStr>(token: &str) -> Result<T, String> {
    token.parse().map_err(|_| format!("\"{token}\" is not a number"))
}

fn player(token: &str) -> Result<PlayerIdx, String> {
    ["A", "B", "C", "D"].iter().position(|p| *p == token).ok_or(format!("\"{token}\" is not a player (A–D)"))
}

fn expect(holds: bool, otherwise: &str) -> Result<(), String> {
    if holds {
        Ok(())
    } else {
        Err(otherwise.to_string())
    }
}

fn gold_cells(game: &Sudoku) -> Vec<usize> {
    (0..CELLS).filter(|&c| game.tile(c).is_some_and(|t| t.gold)).collect()
}

/// The tiles a placement on `at` counts, found without the engine's scoring: under the
/// standard scoring every tile sharing the row, column or block (each once), under the simple
/// one every tile in the row or column.
fn counted_tiles(game: &Sudoku, at: usize) -> Vec<usize> {
    let simple = game.options().scoring == Scoring::Simple;
    let shares = |o: usize| row(o) == row(at) || col(o) == col(at) || (!simple && block(o) == block(at));
    (0..CELLS).filter(|&o| o != at && game.tile(o).is_some() && shares(o)).collect()
}

/// Proves one check line on `game` (which it never changes). Returns the fields the check
/// shows, which the marks must match.
fn run(game: &Sudoku, check: &str) -> Result<Vec<usize>, String> {
    let words: Vec<&str> = check.split_whitespace().collect();
    let shown = match words.as_slice() {
        ["gold", n] => {
            let gold = gold_cells(game);
            let once = |key: fn(usize) -> usize| (0..SIZE).all(|i| gold.iter().filter(|&&c| key(c) == i).count() == 1);
            expect(
                gold.len() == number::<usize>(n)? && once(row) && once(col),
                "not one gold tile per row and column",
            )?;
            gold
        }
        ["gold-in-block", b, n] => {
            let index = number::<usize>(b)?.checked_sub(1).ok_or("blocks count from 1")?;
            let count = gold_cells(game).into_iter().filter(|&c| block(c) == index).count();
            expect(count == number::<usize>(n)?, &format!("the block holds {count} gold tiles"))?;
            Vec::new()
        }
        ["points", f, n] => return check_points(game, cell(f)?, number(n)?),
        ["counts", f, "block", b, "row", r, "column", c] => {
            let counted = game.counted_at(cell(f)?);
            let want = Counted { block: number(b)?, row: number(r)?, column: number(c)? };
            expect(counted == want, &format!("counted {counted:?}"))?;
            Vec::new()
        }
        ["score", p, n] => {
            expect(game.score(player(p)?) == number::<u32>(n)?, "another score")?;
            Vec::new()
        }
        ["fields", tile, fields @ ..] => {
            let want = fields.iter().map(|f| cell(f)).collect::<Result<Vec<_>, _>>()?;
            let legal = game.legal_fields(number(tile)?);
            expect(
                legal == want,
                &format!("the tile fits on {:?}", legal.iter().map(|&c| name(c)).collect::<Vec<_>>()),
            )?;
            want
        }
        ["after", f, rest @ ..] => {
            check_after(game, cell(f)?, rest)?;
            Vec::new()
        }
        _ => return Err(format!("unknown check \"{check}\"")),
    };
    Ok(shown)
}

/// The mover's tile may lie on `at` and scores `points` there; shows `at` and what it counts.
fn check_points(game: &Sudoku, at: usize, points: u32) -> Result<Vec<usize>, String> {
    let counted = counted_tiles(game, at);
    expect(game.points_at(at) == points, &format!("the field is worth {}", game.points_at(at)))?;
    expect(counted.len() == usize::try_from(points).unwrap_or(0), "the engine counts other tiles than the rule")?;
    let mut after = game.clone();
    let event = after.apply(&Move::Place { cell: at }).map_err(|e| e.to_string())?;
    expect(matches!(event, Event::Placed { points: p, .. } if p == points), &format!("placing gave {event:?}"))?;
    Ok(std::iter::once(at).chain(counted).collect())
}

/// `after F [score N] [counters N] [worth N] [track N] [ends-for P] [winner P]`.
fn check_after(game: &Sudoku, at: usize, claims: &[&str]) -> Result<(), String> {
    let mover = game.to_move().ok_or("nobody is to move")?;
    let mut after = game.clone();
    after.apply(&Move::Place { cell: at }).map_err(|e| e.to_string())?;
    let (score, counters, track) = (after.score(mover), after.counters(mover), after.track_position(mover));
    for pair in claims.chunks(2) {
        let [key, value] = pair else { return Err(format!("\"{}\" needs a value", pair.join(" "))) };
        match *key {
            "score" => expect(score == number::<u32>(value)?, &format!("the score is {score}")),
            "counters" => expect(counters == number::<u32>(value)?, &format!("{counters} counters")),
            "worth" => expect(score == counters * number::<u32>(value)? + track, "counters are worth something else"),
            "track" => expect(track == number::<u32>(value)?, &format!("on track space {track}")),
            "ends-for" => {
                let stuck = player(value)?;
                let ended = matches!(after.end(), Some(End::NoLegalField { player, .. }) if player == stuck);
                expect(ended && after.is_over(), &format!("the end is {:?}", after.end()))
            }
            "winner" => expect(after.outcome() == Some(Outcome::Winners(vec![player(value)?])), "another outcome"),
            other => Err(format!("unknown claim \"{other}\"")),
        }?;
    }
    Ok(())
}

#[test]
fn every_rulebook_example_holds_in_the_engine() {
    for (example, _, shown) in proved("sudoku.examples.txt", FILE, &EXPECTED, Sudoku::from_position, run) {
        let id = &example.id;
        let marks: Vec<usize> =
            example.mark.iter().map(|m| cell(m).unwrap_or_else(|e| panic!("[{id}] mark: {e}"))).collect();
        if !shown.is_empty() {
            let (mut a, mut b) = (marks.clone(), shown.clone());
            a.sort_unstable();
            b.sort_unstable();
            b.dedup();
            assert_eq!(a, b, "[{id}] the marks are not the fields the checks show");
            assert_eq!(marks.first(), shown.first(), "[{id}] the first mark is not the played field");
        }
    }
}

#[test]
fn wrong_checks_fail() {
    let grid = "1*...3..../...2*4..../......3*../.4*.7...../2....8.5*./.....6*.../..7*....../........8*/....9*....";
    let game = Sudoku::from_position(&format!("players=2; hands=1,5; scores=38,0; grid={grid}")).unwrap();
    for wrong in [
        "frobnicate",
        "gold 8",
        "gold-in-block 5 2",
        "gold-in-block 0 1",
        "points E5 7",
        "points A1 0",
        "counts E5 block 2 row 2 column 4",
        "score A 37",
        "fields 1 E5",
        "after C5 score 42",
        "after C5 counters 0",
        "after C5 worth 41",
        "after C5 track 4",
        "after C5 ends-for B",
        "after C5 winner A",
        "after C5 score",
        "after C5 colour red",
        "points J1 3",
    ] {
        assert!(run(&game, wrong).is_err(), "\"{wrong}\" passed");
    }
}
