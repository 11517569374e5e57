//! The rulebook's figures (`public/rules/gutangelegt.examples.txt`) proved against the engine:
//! every position must build and every `check` line must hold. The check words are listed in
//! the file's header.

use super::position::COLOR_LETTERS;
use super::*;
use crate::engine::Game;
use crate::rules_examples::{parse, proved};

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

/// What a `lay` check did: the game after the move and the lines the card made (scored or lost).
struct Laying {
    after: GutAngelegt,
    lines: Vec<Line>,
}

/// Proves one check line on `game` (which it never changes). A `lay` check returns what it did,
/// so the marks and the `shown` position can be held against it.
fn run(game: &GutAngelegt, check: &str) -> Result<Option<Laying>, String> {
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
        ["lay", card, p, rest @ ..] => return check_lay(game, card, place(p)?, rest).map(Some),
        _ => Err(format!("unknown check \"{check}\"")),
    }
    .map(|()| None)
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
fn check_lay(game: &GutAngelegt, card: &str, at: Place, rest: &[&str]) -> Result<Laying, String> {
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
    Ok(Laying { after, lines: lines.into_iter().chain(missed).collect() })
}

/// `game` as `from_position` text (players, seat to move, scores, announce, rows, hands): what
/// a `shown` line should say, for the failure message.
fn position_text(game: &GutAngelegt) -> String {
    let card = |laid: Laid| -> String { (0..CARD_FIELDS).map(|k| COLOR_LETTERS[usize::from(laid.color(k))]).collect() };
    let mut parts = vec![format!("players={}", game.player_count())];
    let mover = game.to_move().unwrap_or(0);
    if mover != 0 {
        parts.push(format!("to_move={mover}"));
    }
    let scores: Vec<String> = (0..game.player_count()).map(|p| game.score(p).to_string()).collect();
    if scores.iter().any(|s| s != "0") {
        parts.push(format!("scores={}", scores.join(",")));
    }
    if game.options().announce {
        parts.push("announce".into());
    }
    let anchor = |a: Anchor| match a {
        Anchor::Both => "both",
        Anchor::Left => "left",
        Anchor::Right => "right",
    };
    let rows: Vec<String> = game
        .rows()
        .iter()
        .map(|r| format!("{}:{}", anchor(r.anchor), r.cards.iter().map(|&l| card(l)).collect::<Vec<_>>().join(" ")))
        .collect();
    parts.push(format!("rows={}", rows.join("/")));
    let hand = |p| -> String {
        game.hand(p).iter().map(|&id| card(Laid { card: id, turned: false })).collect::<Vec<_>>().join(" ")
    };
    parts.push(format!("hands={}", (0..game.player_count()).map(hand).collect::<Vec<_>>().join("/")));
    parts.join("; ")
}

/// The same cards lie the same way on both tables, every field shows the same colour, and the
/// scores, the seat to move and the hands agree.
fn same_game(shown: &GutAngelegt, after: &GutAngelegt) -> Result<(), String> {
    expect(shown.laid_cards() == after.laid_cards(), "other cards lie on the table, or elsewhere")?;
    let (w, h) = (after.width(), after.height());
    expect((shown.width(), shown.height()) == (w, h), &format!("the table is not {w} x {h} fields"))?;
    // One field more around the table: nothing may lie beyond it either.
    for y in 0..=h {
        for x in 0..=w {
            expect(shown.field(x, y) == after.field(x, y), &format!("field {x}:{y} differs"))?;
        }
    }
    let players = after.player_count();
    expect(shown.player_count() == players, "another number of players")?;
    for p in 0..players {
        expect(
            shown.score(p) == after.score(p),
            &format!("player {p} has {} points, not {}", after.score(p), shown.score(p)),
        )?;
        expect(shown.hand(p) == after.hand(p), &format!("player {p} holds another hand"))?;
    }
    expect(shown.to_move() == after.to_move(), "another player is to move")?;
    expect(shown.options() == after.options(), "other options")
}

/// An example's `shown` is the game its one `lay` check leaves, and its line marks are lines
/// of that move (scored or lost) lying on the shown table. An example that marks lines must have
/// `shown` (its `position` is the table before the card lies), and with `shown` every mark is a
/// line (a place would be one of `position`, drawn on another table).
fn check_shown(shown: Option<&str>, marks: &[String], layings: &[Laying]) -> Result<(), String> {
    let lines: Vec<Line> = marks.iter().filter_map(|m| mark_line(m)).collect();
    let Some(text) = shown else {
        return expect(lines.is_empty(), "the marks are lines of a move but there is no shown position");
    };
    expect(lines.len() == marks.len(), "with a shown position every mark must be a line x:y-x:y")?;
    let [laying] = layings else { return Err(format!("shown needs exactly one lay check, not {}", layings.len())) };
    let want = position_text(&laying.after);
    let table = GutAngelegt::from_position(text).map_err(|e| format!("shown: {e}"))?;
    same_game(&table, &laying.after)
        .map_err(|e| format!("shown is not the game after the move: {e}; it is\n{want}"))?;
    for line in lines {
        expect(laying.lines.contains(&line), &format!("{line:?} is no line of the move"))?;
        let (dx, dy) = (line.to.0 as i64 - line.from.0 as i64, line.to.1 as i64 - line.from.1 as i64);
        let steps = line.len() as i64 - 1;
        let color = table.field(line.from.0, line.from.1);
        let same = (0..=steps).all(|s| {
            let x = line.from.0 as i64 + dx / steps * s;
            let y = line.from.1 as i64 + dy / steps * s;
            table.field(x as usize, y as usize) == color
        });
        expect(color.is_some() && same, &format!("{line:?} is no line of one colour on the shown table"))?;
    }
    Ok(())
}

#[test]
fn every_rulebook_example_holds_in_the_engine() {
    for (example, game, layings) in proved("gutangelegt.examples.txt", FILE, &EXPECTED, GutAngelegt::from_position, run)
    {
        let id = &example.id;
        let lines: Vec<Line> = layings.iter().flat_map(|l| l.lines.iter().copied()).collect();
        for mark in &example.mark {
            let shown = match (place(mark), mark_line(mark)) {
                (Ok(p), _) => game.places().contains(&p),
                (_, Some(line)) => lines.contains(&line),
                _ => false,
            };
            assert!(shown, "[{id}] mark {mark} is neither an open place nor a line of its move");
        }
        check_shown(example.shown.as_deref(), &example.mark, &layings).unwrap_or_else(|e| panic!("[{id}] {e}"));
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
    assert_eq!(run(&game, "lay BBB left scores 3 lines down-3").map(|l| l.map(|l| l.lines.len())), Ok(Some(1)));
}

/// A `shown` that is not what the move leaves is caught: a card missing or wrong, another
/// score, seat or hand, a mark that is no line of the move, and line marks without `shown`.
#[test]
fn wrong_shown_fails() {
    let examples = parse(FILE).unwrap_or_else(|e| panic!("{e}"));
    let score9 = examples.iter().find(|e| e.id == "score9").expect("score9");
    let game = GutAngelegt::from_position(&score9.position).unwrap_or_else(|e| panic!("{e}"));
    let laying = |check: &str| run(&game, check).unwrap_or_else(|e| panic!("{e}")).expect("a lay check");
    let layings = [laying(&score9.checks[0])];
    let shown = score9.shown.as_deref().expect("score9 has shown");
    assert_eq!(check_shown(Some(shown), &score9.mark, &layings), Ok(()));
    let good_rows = "rows=both:RYG BBB GBB RYB";
    for (wrong_rows, wrong_rest) in [
        ("rows=both:RYG BBB GBB", None),                     // the position before the move
        ("rows=both:RYG BBB GBB BYR", None),                 // the card turned
        ("rows=both:RYB RYG BBB GBB", None),                 // laid on the left
        ("rows=both:RYG BBB GBB RYY", None),                 // another card
        (good_rows, Some(("scores=3,0,9", "scores=3,0,0"))), // the points not counted
        (good_rows, Some(("players=3;", "players=3; to_move=2;"))), // the mover again
        (good_rows, Some(("GGG GGG RRB", "GGG GGG RRG"))),   // another card drawn
    ] {
        let mut text = shown.replace(good_rows, wrong_rows);
        if let Some((from, to)) = wrong_rest {
            text = text.replace(from, to);
        }
        assert_ne!(text, shown);
        let answer = check_shown(Some(&text), &score9.mark, &layings);
        assert!(answer.is_err(), "{text} passed");
    }
    let marks = |m: &[&str]| m.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    for wrong_marks in [&["1:2-3:2", "1:0-1:2"][..], &["right"], &["1:2-2:2"]] {
        assert!(check_shown(Some(shown), &marks(wrong_marks), &layings).is_err(), "{wrong_marks:?} passed");
    }
    assert!(check_shown(None, &score9.mark, &layings).is_err(), "line marks without shown passed");
    assert!(check_shown(Some(shown), &score9.mark, &[]).is_err(), "shown without a lay check passed");
    assert_eq!(check_shown(None, &marks(&["left"]), &[]), Ok(()));
}
