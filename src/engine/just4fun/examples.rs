//! The rulebook's worked examples (`public/rules/just4fun.examples.txt`) proved against the
//! engine: every position must build and every `check` line must hold. The check words are
//! listed in the file's header.

use super::*;
use crate::engine::{Game, Outcome};
use crate::rules_examples::proved;

const FILE: &str = include_str!("../../../public/rules/just4fun.examples.txt");

/// The examples the rules page shows; a block missing from the file fails the test.
const EXPECTED: [&str; 11] = [
    "win-row",
    "win-column",
    "win-diagonal",
    "no-win-bent",
    "no-win-zigzag",
    "sum29",
    "blocked18",
    "lock18",
    "end23",
    "end7",
    "no-move",
];

fn player(token: &str) -> Result<usize, String> {
    match token {
        "A" => Ok(0),
        "B" => Ok(1),
        "C" => Ok(2),
        "D" => Ok(3),
        _ => Err(format!("\"{token}\" is not a player (A–D)")),
    }
}

fn number(token: &str) -> Result<u8, String> {
    token.parse().map_err(|_| format!("\"{token}\" is not a number"))
}

/// The cell of the field numbered `token`.
fn cell_of(game: &Just4Fun, token: &str) -> Result<usize, String> {
    let field = number(token)?;
    game.cell_of(field).ok_or_else(|| format!("there is no field {field}"))
}

fn numbers(tokens: &[&str]) -> Result<Vec<u8>, String> {
    tokens.iter().map(|t| number(t)).collect()
}

/// `A2` → (player 0, 2 stones).
fn stone_count(token: &str) -> Result<(usize, u8), String> {
    let (who, count) = token.split_at(token.char_indices().nth(1).map_or(token.len(), |(i, _)| i));
    Ok((player(who)?, number(count)?))
}

fn mover(game: &Just4Fun) -> Result<usize, String> {
    game.to_move().ok_or_else(|| "nobody is to move".to_string())
}

/// Makes the first legal play onto `field` on a copy and returns the copy and what happened.
fn play_onto(game: &Just4Fun, field: u8) -> Result<(Just4Fun, Event), String> {
    let onto = |mv: &&Move| match mv {
        Move::Play { cards } => game.check_play(cards).is_ok_and(|(f, _)| f == field),
        Move::NewHand => false,
    };
    let mv = game.legal_moves().iter().find(onto).cloned().ok_or(format!("no legal play onto {field}"))?;
    let mut after = game.clone();
    let event = after.apply(&mv).map_err(|e| e.to_string())?;
    Ok((after, event))
}

/// The fields `tokens` as a line in [`LINES`]' form (cells ascending), if they are one.
fn as_line(game: &Just4Fun, tokens: &[&str]) -> Result<Option<[usize; 4]>, String> {
    let mut cells = tokens.iter().map(|t| cell_of(game, t)).collect::<Result<Vec<_>, _>>()?;
    cells.sort_unstable();
    let cells: [usize; 4] = cells.try_into().map_err(|_| "a line has four fields".to_string())?;
    Ok(LINES.contains(&cells).then_some(cells))
}

/// Proves one check line on `game` (which it never changes).
fn run(game: &Just4Fun, check: &str) -> Result<(), String> {
    let words: Vec<&str> = check.split_whitespace().collect();
    match words.as_slice() {
        ["place", field, "cards", cards @ ..] => check_place(game, number(field)?, &numbers(cards)?),
        ["wins", field, "line", fields @ ..] => check_win(game, number(field)?, fields),
        ["no-win", field] => {
            let (after, event) = play_onto(game, number(field)?)?;
            let goes_on = matches!(event, Event::Placed { win_line: None, game_over: false, .. });
            expect(goes_on && after.win().is_none(), "the play ended the game")
        }
        ["line", fields @ ..] => expect(as_line(game, fields)?.is_some(), "the fields are no line of four"),
        ["no-line", fields @ ..] => expect(as_line(game, fields)?.is_none(), "the fields are a line of four"),
        ["stones", field, counts @ ..] => check_stones(game, cell_of(game, field)?, counts),
        ["blocked", field, "for", p] => {
            expect(game.blocked_by(player(p)?, cell_of(game, field)?).is_some(), "the player may place there")
        }
        ["allowed", field, "for", p] => {
            expect(game.blocked_by(player(p)?, cell_of(game, field)?).is_none(), "the player is blocked there")
        }
        ["open", field] => expect(game.locked_by(cell_of(game, field)?).is_none(), "the field is locked"),
        ["locks", field, "cards", rest @ ..] => {
            let split = rest.iter().position(|w| *w == "boxed").unwrap_or(rest.len());
            let (cards, boxed) = rest.split_at(split);
            check_lock(game, number(field)?, &numbers(cards)?, boxed.get(1..).unwrap_or(&[]))
        }
        ["no-move"] => {
            let only_new_hand = game.legal_moves() == vec![Move::NewHand];
            expect(only_new_hand && game.reachable_fields(mover(game)?).is_empty(), "the hand fits somewhere")
        }
        ["owner", field, who] => check_owner(game, number(field)?, who),
        ["sum", who, total] => {
            let scoring = game.final_scoring().ok_or("the game has not ended without a line")?;
            let sum = scoring.sums.get(player(who)?).copied().ok_or("no such player")?;
            expect(u64::from(sum) == u64::from(number(total)?), &format!("the sum is {sum}"))
        }
        _ => Err(format!("unknown check \"{check}\"")),
    }
}

fn expect(holds: bool, otherwise: &str) -> Result<(), String> {
    if holds {
        Ok(())
    } else {
        Err(otherwise.to_string())
    }
}

/// The play is legal and the mover's stone lands on `field`.
fn check_place(game: &Just4Fun, field: u8, cards: &[u8]) -> Result<(), String> {
    let p = mover(game)?;
    let mut sorted = cards.to_vec();
    sorted.sort_unstable();
    let mv = Move::Play { cards: sorted };
    expect(game.legal_moves().contains(&mv), "the play is not among the legal moves")?;
    let cell = game.cell_of(field).ok_or("no such field")?;
    let mut after = game.clone();
    let event = after.apply(&mv).map_err(|e| e.to_string())?;
    expect(matches!(event, Event::Placed { field: f, player, .. } if f == field && player == p), "placed elsewhere")?;
    let before = game.stones_at(cell).get(p).copied().unwrap_or(0);
    expect(after.stones_at(cell).get(p).copied() == Some(before + 1), "no new stone of the mover there")
}

/// Playing onto `field` wins for the mover along exactly the fields `line`.
fn check_win(game: &Just4Fun, field: u8, line: &[&str]) -> Result<(), String> {
    let p = mover(game)?;
    let want = as_line(game, line)?.ok_or("the claimed fields are no line of four")?;
    let (after, event) = play_onto(game, field)?;
    let Event::Placed { win_line: Some(mut got), .. } = event else { return Err("the play does not win".into()) };
    got.sort_unstable();
    expect(got == want, &format!("the winning line is the cells {got:?}"))?;
    expect(after.outcome() == Some(Outcome::Winners(vec![p])), "the mover is not the winner")
}

/// Exactly the listed stones stand on `cell`.
fn check_stones(game: &Just4Fun, cell: usize, counts: &[&str]) -> Result<(), String> {
    let mut want = vec![0u8; game.player_count()];
    for token in counts {
        let (p, n) = stone_count(token)?;
        *want.get_mut(p).ok_or("no such player")? = n;
    }
    let have = game.stones_at(cell);
    expect(have == want.as_slice(), &format!("the stones are {have:?}"))
}

/// The mover plays `cards` onto `field` and locks it; the others' stones listed in `boxed` go
/// to the box and nothing but the mover's stones stays.
fn check_lock(game: &Just4Fun, field: u8, cards: &[u8], boxed: &[&str]) -> Result<(), String> {
    let p = mover(game)?;
    let cell = game.cell_of(field).ok_or("no such field")?;
    let mut after = game.clone();
    let event = after.apply(&Move::Play { cards: cards.to_vec() }).map_err(|e| e.to_string())?;
    let Event::Placed { field: f, locked: true, boxed: sent, .. } = event else {
        return Err("the play does not lock the field".into());
    };
    let want = boxed.iter().map(|t| stone_count(t)).collect::<Result<Vec<_>, _>>()?;
    expect(f == field && sent == want, &format!("onto {f}, to the box {sent:?}"))?;
    expect(after.locked_by(cell) == Some(p), "the field is not locked for the mover")?;
    for (q, n) in want {
        expect(after.boxed(q) == game.boxed(q) + n, "the box count did not grow")?;
    }
    let others_gone = after.stones_at(cell).iter().enumerate().all(|(q, &n)| q == p || n == 0);
    expect(others_gone, "other stones remain on the field")
}

/// At the end, `who` keeps `field` (or nobody, for `none`).
fn check_owner(game: &Just4Fun, field: u8, who: &str) -> Result<(), String> {
    let scoring = game.final_scoring().ok_or("the game has not ended without a line")?;
    let keepers: Vec<usize> = (0..game.player_count()).filter(|&q| scoring.kept[q].contains(&field)).collect();
    let want = if who == "none" { vec![] } else { vec![player(who)?] };
    expect(keepers == want, &format!("field {field} is kept by {keepers:?}"))
}

/// The fields a check is about, which the picture's marks must be: the line for `wins`,
/// `line` and `no-line`, otherwise the one field named first.
fn fields_shown(check: &str) -> Vec<u8> {
    let words: Vec<&str> = check.split_whitespace().collect();
    let fields: &[&str] = match words.as_slice() {
        ["wins", _, "line", line @ ..] | ["line", line @ ..] | ["no-line", line @ ..] => line,
        ["no-move"] | ["sum", ..] => &[],
        [_, field, ..] => std::slice::from_ref(field),
        _ => &[],
    };
    fields.iter().filter_map(|f| number(f).ok()).collect()
}

#[test]
fn every_rulebook_example_holds_in_the_engine() {
    for (example, _, _) in
        proved("just4fun.examples.txt", FILE, &EXPECTED, Just4Fun::from_position, |g, c| run(g, c).map(|()| None::<()>))
    {
        let id = &example.id;
        let mut marks = numbers(&example.mark.iter().map(String::as_str).collect::<Vec<_>>())
            .unwrap_or_else(|e| panic!("[{id}] mark: {e}"));
        let mut shown: Vec<u8> = example.checks.iter().flat_map(|c| fields_shown(c)).collect();
        marks.sort_unstable();
        shown.sort_unstable();
        shown.dedup();
        assert_eq!(marks, shown, "[{id}] the marks are not the fields the checks are about");
    }
}

#[test]
fn wrong_checks_fail() {
    let game = Just4Fun::from_position("players=3; to_move=C; 18:A2,B1; hands=9 9 4 4/12 6 1 3/10 8 1 2").unwrap();
    for wrong in [
        "frobnicate 18",
        "place 18 cards 10 8",
        "allowed 18 for C",
        "blocked 18 for B",
        "stones 18 A2",
        "stones 18 A2 B1 C1",
        "line 35 1 6 21",
        "no-line 35 1 6 26",
        "no-move",
        "owner 18 A",
        "wins 18 line 35 1 6 26",
        "open 99",
        "blocked 18 for E",
    ] {
        assert!(run(&game, wrong).is_err(), "\"{wrong}\" passed");
    }
}
