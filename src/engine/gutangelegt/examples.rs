//! The rulebook's figures (`public/rules/gutangelegt.examples.txt`) proved against the engine:
//! every position must build and every `check` line must hold. The check words are listed in
//! the file's header.

use super::position::COLOR_LETTERS;
use super::*;
use crate::engine::Game;
use crate::rules_examples::{caption_numbers_checked, parse};

const FILE: &str = include_str!("../../../public/rules/gutangelegt.examples.txt");

/// The examples the rules page shows; a block missing from the file fails the test.
const EXPECTED: [&str; 7] = ["side-by-side", "first-row", "new-row", "score3", "score9", "score27", "announce"];

const PLACE_NAMES: [(&str, Place); 7] = [
    ("left", Place::Left),
    ("right", Place::Right),
    ("next", Place::Next),
    ("top-left", Place::Corner { top: true, left: true }),
    ("top-right", Place::Corner { top: true, left: false }),
    ("bottom-left", Place::Corner { top: false, left: true }),
    ("bottom-right", Place::Corner { top: false, left: false }),
];

fn place(token: &str) -> Result<Place, String> {
    PLACE_NAMES.iter().find(|(n, _)| *n == token).map(|(_, p)| *p).ok_or(format!("\"{token}\" is not a place"))
}

fn number<T: std::str::FromStr>(token: &str) -> Result<T, String> {
    token.parse().map_err(|_| format!("\"{token}\" is not a number"))
}

fn expect(holds: bool, otherwise: &str) -> Result<(), String> {
    if holds {
        Ok(())
    } else {
        Err(otherwise.to_string())
    }
}

/// `across-4`, `down-3`, `diagonal-6`: how the rulebook names a line.
fn kind(line: Line) -> String {
    let direction = if line.from.1 == line.to.1 {
        "across"
    } else if line.from.0 == line.to.0 {
        "down"
    } else {
        "diagonal"
    };
    format!("{direction}-{}", line.len())
}

fn kinds(lines: &[Line]) -> Vec<String> {
    let mut out: Vec<String> = lines.iter().map(|&l| kind(l)).collect();
    out.sort();
    out
}

fn sorted(words: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    out.sort();
    out
}

/// `2:3-5:3` → the line from field (2, 3) to field (5, 3).
fn mark_line(token: &str) -> Option<Line> {
    let field = |t: &str| -> Option<(usize, usize)> {
        let (x, y) = t.split_once(':')?;
        Some((x.parse().ok()?, y.parse().ok()?))
    };
    let (from, to) = token.split_once('-')?;
    Some(Line { from: field(from)?, to: field(to)? }.normalized())
}

/// The card in the mover's hand that lies as `token` (colours top to bottom), maybe turned.
fn in_hand(game: &GutAngelegt, token: &str) -> Result<Laid, String> {
    let p = game.to_move().ok_or("nobody is to move")?;
    let want: Vec<char> = token.chars().collect();
    let shows = |laid: Laid| (0..CARD_FIELDS).all(|k| COLOR_LETTERS.get(usize::from(laid.color(k))) == want.get(k));
    let mut laid_ways = game.hand(p).iter().flat_map(|&card| [false, true].map(|turned| Laid { card, turned }));
    laid_ways.find(|&l| shows(l)).ok_or(format!("no card {token} in the mover's hand"))
}

/// Lays the mover's first card (as printed) at `place` on `game`; the new card's position.
fn lay_any(game: &mut GutAngelegt, place: Place) -> Result<(usize, usize), String> {
    let p = game.to_move().ok_or("nobody is to move")?;
    let card = *game.hand(p).first().ok_or("the mover has no card")?;
    let mv = Move::Lay { card, turned: false, place, claims: Vec::new() };
    let Event::Laid { at, .. } = game.apply(&mv).map_err(|e| e.to_string())?;
    Ok(at)
}

/// Proves one check line on `game` (which it never changes). Returns the lines a `lay` check
/// scored or lost, so the marks can be held against them.
fn run(game: &GutAngelegt, check: &str) -> Result<Vec<Line>, String> {
    let words: Vec<&str> = check.split_whitespace().collect();
    match words.as_slice() {
        ["cards", n] => expect(game.cards_on_table() == number::<usize>(n)?, "another card count"),
        ["size", w, h] => {
            let size = (game.width(), game.height());
            expect(size == (number(w)?, number(h)?), &format!("the table is {size:?}"))
        }
        ["places", names @ ..] => {
            let want = names.iter().map(|n| place(n)).collect::<Result<Vec<_>, _>>()?;
            let open = game.places();
            expect(open.len() == want.len() && want.iter().all(|p| open.contains(p)), &format!("open: {open:?}"))
        }
        ["at", p, x, y] => {
            let at = lay_any(&mut game.clone(), place(p)?)?;
            expect(at == (number(x)?, number(y)?), &format!("the card lies at {at:?}"))
        }
        ["full-at", n] => check_full_row(game, number(n)?),
        ["start", corner, "grows", columns @ ..] => check_new_row(game, place(corner)?, columns),
        ["lay", card, p, rest @ ..] => return check_lay(game, card, place(p)?, rest),
        _ => Err(format!("unknown check \"{check}\"")),
    }
    .map(|()| Vec::new())
}

/// Laying at the right end until the first row takes no more, it holds `cards` cards and only
/// the four corners are open.
fn check_full_row(game: &GutAngelegt, cards: usize) -> Result<(), String> {
    let mut table = game.clone();
    while table.places().contains(&Place::Right) {
        lay_any(&mut table, Place::Right)?;
    }
    let first = table.rows().iter().find(|r| r.anchor == Anchor::Both).ok_or("no first row")?;
    expect(first.cards.len() == cards, &format!("the first row took {} cards", first.cards.len()))?;
    let corners: Vec<Place> = PLACE_NAMES[3..].iter().map(|(_, p)| *p).collect();
    expect(table.places() == corners, "after the first row, not only the corners are open")
}

/// A row started at `corner` takes the listed columns, one card after the other.
fn check_new_row(game: &GutAngelegt, corner: Place, columns: &[&str]) -> Result<(), String> {
    let mut table = game.clone();
    let mut got = vec![lay_any(&mut table, corner)?.0];
    while got.len() < columns.len() {
        expect(table.places() == vec![Place::Next], "the new row may grow somewhere else")?;
        got.push(lay_any(&mut table, Place::Next)?.0);
    }
    let want = columns.iter().map(|c| number(c)).collect::<Result<Vec<usize>, _>>()?;
    expect(got == want, &format!("the row took the columns {got:?}"))
}

/// `lay CARD PLACE [claims K ..] scores N [lines K ..] [missed K ..]`.
fn check_lay(game: &GutAngelegt, card: &str, at: Place, rest: &[&str]) -> Result<Vec<Line>, String> {
    let section = |name: &str| -> Vec<&str> {
        let start = rest.iter().position(|w| *w == name).map_or(rest.len(), |i| i + 1);
        let len = rest.iter().skip(start).position(|w| ["claims", "scores", "lines", "missed"].contains(w));
        rest.iter().skip(start).take(len.unwrap_or(rest.len())).copied().collect()
    };
    let laid = in_hand(game, card)?;
    // A claim names a line by kind; the line itself is the one the preview shows of that kind.
    let (preview, _) = game.preview(laid, at).map_err(|e| e.to_string())?;
    let mut claims = Vec::new();
    for claim in section("claims") {
        let line = preview.iter().find(|&&l| kind(l) == claim && !claims.contains(&l));
        claims.push(*line.ok_or(format!("no line {claim} to claim"))?);
    }
    let mut after = game.clone();
    let mv = Move::Lay { card: laid.card, turned: laid.turned, place: at, claims };
    let Event::Laid { lines, missed, points, .. } = after.apply(&mv).map_err(|e| e.to_string())?;
    let [want] = section("scores")[..] else { return Err("say what it scores: scores N".into()) };
    expect(points == number::<u32>(want)?, &format!("it scores {points}"))?;
    expect(kinds(&lines) == sorted(&section("lines")), &format!("the lines are {:?}", kinds(&lines)))?;
    expect(kinds(&missed) == sorted(&section("missed")), &format!("lost are {:?}", kinds(&missed)))?;
    Ok(lines.into_iter().chain(missed).collect())
}

#[test]
fn every_rulebook_example_holds_in_the_engine() {
    let examples = parse(FILE).unwrap_or_else(|e| panic!("gutangelegt.examples.txt: {e}"));
    let ids: Vec<&str> = examples.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids, EXPECTED);
    for example in &examples {
        let id = &example.id;
        let game = GutAngelegt::from_position(&example.position).unwrap_or_else(|e| panic!("[{id}] position: {e}"));
        let mut lines = Vec::new();
        for check in &example.checks {
            lines.extend(run(&game, check).unwrap_or_else(|e| panic!("[{id}] check \"{check}\": {e}")));
        }
        for mark in &example.mark {
            let shown = match (place(mark), mark_line(mark)) {
                (Ok(p), _) => game.places().contains(&p),
                (_, Some(line)) => lines.contains(&line),
                _ => false,
            };
            assert!(shown, "[{id}] mark {mark} is neither an open place nor a line of its move");
        }
        caption_numbers_checked(example).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn wrong_checks_fail() {
    let game = GutAngelegt::from_position("players=3; rows=both:RYG; hands=BBB RRR YYY/GBB RRR YYY/RYB GGG GGG")
        .unwrap_or_else(|e| panic!("{e}"));
    for wrong in [
        "frobnicate",
        "cards 2",
        "size 3 1",
        "places left",
        "places next",
        "at left 1 0",
        "full-at 11",
        "start top-left grows 0",
        "lay BBB right scores 4 lines down-3",
        "lay BBB right scores 3 lines across-3",
        "lay BBB right scores 3",
        "lay BBB right lines down-3",
        "lay GGG right scores 0",
        "lay BBB middle scores 3",
    ] {
        assert!(run(&game, wrong).is_err(), "\"{wrong}\" passed");
    }
    assert_eq!(run(&game, "lay BBB left scores 3 lines down-3").map(|l| l.len()), Ok(1));
}
