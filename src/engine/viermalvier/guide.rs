//! The guided first game (`public/guide/viermalvier.txt`) replayed with the engine: every move is
//! legal and logged exactly as written, and each main rule comes up — found in the log and the
//! positions, not in the words: the colour rule, the far side of the wall, the objection (Profi
//! rule) and the three-runs that score when no stone fits any more.

use super::*;
use crate::engine::{Game, Outcome};
use crate::guide::Guide;
use crate::session::Session;

const SCRIPT: &str = include_str!("../../../public/guide/viermalvier.txt");

/// The person's side (seat 0) and the computer's.
const YOU: Side = 0;
const COMPUTER: Side = 1;

fn script() -> (Guide, Session<VierMalVier>) {
    crate::guide::script(SCRIPT)
}

/// Every position before a move of the script, with that move's event.
fn positions() -> Vec<(VierMalVier, Event)> {
    crate::guide::positions(SCRIPT)
}

/// The placements of `player`: the position before and the move.
fn placements_of(player: PlayerIdx) -> Vec<(VierMalVier, Move)> {
    positions()
        .into_iter()
        .filter(|(_, e)| matches!(e, Event::Placed { player: p, .. } if *p == player))
        .map(|(before, e)| (before, VierMalVier::event_move(&e)))
        .collect()
}

fn after(game: &VierMalVier, mv: &Move) -> VierMalVier {
    let mut next = game.clone();
    next.apply(mv).expect("a legal move");
    next
}

/// Every stone, face and place the player to move could choose.
fn places(game: &VierMalVier) -> Vec<Move> {
    game.legal_moves().into_iter().filter(|m| matches!(m, Move::Place { .. })).collect()
}

/// Whether the player to move can win at once with a four-row.
fn can_win_at_once(game: &VierMalVier) -> bool {
    let Some(mover) = game.to_move().filter(|_| game.end().is_none()) else { return false };
    places(game)
        .iter()
        .any(|m| matches!(after(game, m).end(), Some(GameEnd::FourRow { winner, .. }) if *winner == mover))
}

/// Colours in row `row` and in column `col` of the wall, read from the stones.
fn colours_in_row(game: &VierMalVier, row: usize) -> Vec<u8> {
    game.wall().iter().filter_map(|c| c.get(row)).map(|p| p.color()).collect()
}

fn colours_in_column(game: &VierMalVier, col: usize) -> Vec<u8> {
    game.wall()[col].iter().map(|p| p.color()).collect()
}

/// Runs of three equal shapes on `side`, counted from that side's view of the wall.
fn runs_seen(game: &VierMalVier, side: Side) -> u32 {
    let view = game.view_of(side);
    let shape = |c: i32, r: i32| -> Option<u8> {
        view.get(usize::try_from(c).ok()?)?.get(usize::try_from(r).ok()?).copied().flatten()
    };
    let mut runs = 0;
    for c in 0..4 {
        for r in 0..4 {
            for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                let three = [shape(c, r), shape(c + dc, r + dr), shape(c + 2 * dc, r + 2 * dr)];
                if three[0].is_some() && three.iter().all(|s| *s == three[0]) {
                    runs += 1;
                }
            }
        }
    }
    runs
}

/// (Every move replays as written: `crate::guide::checked`.)
#[test]
fn the_guide_plays_the_hidden_wall_with_the_profi_rule() {
    let (_, session) = script();
    let options = session.state.options();
    assert!(options.profi && options.view == View::Hidden, "the original hidden view, with the Profi rule");
}

#[test]
fn the_guide_takes_about_five_minutes_and_plays_the_game_to_its_end() {
    let (_, session) = script();
    let mine = positions().iter().filter(|(before, _)| before.to_move() == Some(YOU)).count();
    assert!((6..=14).contains(&mine), "{mine} person moves: a guide has roughly 6 to 14");
    assert!(session.state.outcome().is_some(), "the guide ends with the game");
}

/// Step 2: yellow stands in the bottom row already, so the colour rule refuses the yellow stone
/// at both ends of the bottom row (each with room) and it goes on top of another stone.
#[test]
fn the_colour_rule_decides_where_a_stone_goes() {
    let refused = placements_of(YOU).into_iter().any(|(before, mv)| {
        let Move::Place { stone, spot: Spot::On(_), .. } = mv else { return false };
        let colour = STONES[usize::from(stone)].color;
        colours_in_row(&before, 0).contains(&colour)
            && [Spot::Left, Spot::Right].into_iter().all(|end| {
                before.landing(end).is_ok()
                    && matches!(before.check_spot(stone, end), Err(RuleError::Colour { in_row: true, .. }))
            })
    });
    assert!(refused, "the colour rule: your stone's colour is in the bottom row, so it may not go beside it");
}

/// Step 3: the dark red stone completes the bottom row. Turned the other way it would show the
/// computer the fourth different shape there and the computer would win; the backs of the
/// other three stones are known to you (the tops are seen from above, and you turned your own).
#[test]
fn the_far_side_decides_which_way_a_stone_faces() {
    let mut yours = Vec::new();
    let mut lesson = None;
    for (before, event) in positions() {
        let Event::Placed { player: 0, stone, spot, at, .. } = event else { continue };
        let Move::Place { face, .. } = VierMalVier::event_move(&event) else { continue };
        let turned = Move::Place { stone, face: 1 - face, spot };
        let shift = usize::from(spot == Spot::Left);
        if let Some(GameEnd::FourRow { winner: 1, lines, .. }) = after(&before, &turned).end() {
            // You know a stone's back if it is the top of its column (seen from above) or yours.
            let known = |&(c, r): &(usize, usize)| {
                (c, r) == at
                    || c.checked_sub(shift).and_then(|c| before.wall().get(c)).is_some_and(|stones| {
                        r + 1 == stones.len() || stones.get(r).is_some_and(|p| yours.contains(&p.stone))
                    })
            };
            let known = lines.iter().all(|(side, line)| *side == COMPUTER && line.iter().all(known));
            let played = after(&before, &VierMalVier::event_move(&event));
            if known && played.four_rows(COMPUTER).is_empty() && played.four_rows(YOU).is_empty() {
                lesson = Some(stone);
            }
        }
        yours.push(stone);
    }
    let stone = lesson.map(|s| STONES[usize::from(s)]);
    assert!(
        stone.is_some_and(|s| s.faces[0] != s.faces[1]),
        "the far side: one of your stones, turned the other way, would give the computer a four-row you can see"
    );
}

/// Step 6: the computer's stone leaves a cell of the wall where no colour fits; you object, the
/// stone goes back and the computer moves again.
#[test]
fn the_person_objects_and_the_stone_goes_back() {
    let log = positions();
    let at = log.iter().position(|(_, e)| matches!(e, Event::Objected { by: 0, player: 1, .. }));
    let objection = at.and_then(|i| {
        let (objected_to, Event::Objected { stone, .. }) = &log[i] else { return None };
        let (before_stone, placed) = &log[i - 1];
        // A cell no colour fits: its column and its row already hold all four colours.
        let dead = (0..objected_to.width()).any(|col| {
            (objected_to.wall()[col].len()..HEIGHT).any(|row| {
                let mut seen = colours_in_column(objected_to, col);
                seen.extend(colours_in_row(objected_to, row));
                (0..4).all(|c| seen.contains(&c))
            })
        });
        let back = !after(objected_to, &Move::Object).is_used(*stone);
        let again = matches!(log.get(i + 1), Some((_, Event::Placed { player: 1, .. })));
        let was_fine =
            before_stone.completable() && matches!(placed, Event::Placed { player: 1, stone: s, .. } if s == stone);
        Some(dead && back && again && was_fine)
    });
    assert_eq!(objection, Some(true), "the objection: the computer's stone made a full wall impossible and went back");
}

/// The wall ends full without a four-row: the three-runs decide, and you have more.
#[test]
fn the_three_runs_decide_the_game() {
    let (_, session) = script();
    let game = &session.state;
    let (mine, theirs) = (runs_seen(game, YOU), runs_seen(game, COMPUTER));
    let scored = matches!(game.end(), Some(GameEnd::Blocked { points }) if *points == [mine, theirs]);
    assert!(
        scored
            && game.stones_placed() == STONE_COUNT
            && game.four_rows(YOU).is_empty()
            && game.four_rows(COMPUTER).is_empty()
            && mine > theirs
            && game.outcome() == Some(Outcome::Winners(vec![0])),
        "the three-run scoring: a full wall, no four-row, your {mine} three-runs against {theirs}"
    );
}

/// Plausible play: nobody can ever win at once (so nobody misses a win or hands one over), and
/// every placement gains at least as many three-runs (the mover's less the other's) as any
/// other that makes no four-row, keeps the wall completable and leaves no win at once; the
/// computer's one slip, objected to, aside.
#[test]
fn both_sides_play_soundly() {
    let log = positions();
    for (i, (before, event)) in log.iter().enumerate() {
        assert!(!can_win_at_once(before), "move {}: the player to move could win at once", i + 1);
        let Event::Placed { player, .. } = *event else { continue };
        if matches!(log.get(i + 1), Some((_, Event::Objected { .. }))) {
            continue;
        }
        let gain = |next: &VierMalVier| {
            let runs = |p: PlayerIdx| i64::from(next.three_runs(p)) - i64::from(before.three_runs(p));
            runs(player) - runs(1 - player)
        };
        let sound = |next: &VierMalVier| {
            next.four_rows(0).is_empty()
                && next.four_rows(1).is_empty()
                && (next.end().is_some() || (next.completable() && !can_win_at_once(next)))
        };
        let best = places(before).iter().map(|m| after(before, m)).filter(sound).map(|n| gain(&n)).max();
        let played = after(before, &VierMalVier::event_move(event));
        assert!(sound(&played), "move {}: an unsound stone", i + 1);
        assert_eq!(Some(gain(&played)), best, "move {}: another stone gains more three-runs", i + 1);
    }
}
