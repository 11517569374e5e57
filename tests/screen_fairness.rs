//! The screens are as fair as the computers (issue 23, 1).
//!
//! A screen is drawn only from what its viewer may see (`view::Seen`: the viewer and the
//! observation of their seat; nobody is a seat outside the game). The property: for every seat
//! and for nobody, everything the screen shows (the board's view model, the status, pile and
//! error texts, the log line of every move the viewer can make) is the same whether drawn from
//! the real state or from any state the viewer cannot tell apart from it. The determinizations
//! give those states: for a seat its own (`determinize(real, seat, rng)`, several generators);
//! for nobody, every seat's and the outside seat's (nobody knows less than any seat).
//!
//! The move log needs its own treatment, since the log's events are not resampled by a
//! determinization: an event's line is written from what the reader sees of it. Just 4 Fun's,
//! Sudoku's and Gut angelegt's events hold only public facts (played cards, laid tiles and
//! cards); the property shows it by writing the line of each move the viewer can make from the
//! real state and from its determinizations (an event that carried a drawn card, another hand
//! or a face-down tile would differ). Vier mal Vier's hidden view has hidden event fields (the
//! far face of a placed stone, for nobody even its near face): every event of random games is
//! rewritten with each stone the reader cannot tell apart from the real one, and the lines must
//! stay equal.
//!
//! A planted leak must be caught: `*_catches_a_leak` runs the same property on a screen that
//! shows one hidden thing and asserts that it fails.

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use spieltisch::engine::determinize::NOBODY;
use spieltisch::engine::gutangelegt::{self, GutAngelegt};
use spieltisch::engine::just4fun::{self, Just4Fun};
use spieltisch::engine::sudoku::{self, Sudoku};
use spieltisch::engine::viermalvier::{self, Spot, VierMalVier, View, STONES, STONE_COUNT};
use spieltisch::engine::{Determinize, Game, PlayerIdx};
use spieltisch::session::{PlayerColor, Seat};
use spieltisch::view::{self, Seen};
use std::fmt::Debug;

mod common;
use common::{ga_setup, j4f_setup, positions, sudoku_setup, vmv_setup};

/// Positions per game (mid-game, reached by random play from random seeds and options).
const POSITIONS: usize = 1_000;
/// Determinizations per viewer and position.
const TWINS: usize = 3;
/// Moves of the viewer whose results (log line or error text) are compared, per position.
const TRIED_MOVES: usize = 6;

fn seats() -> Vec<Seat> {
    let colors = [PlayerColor::Red, PlayerColor::Yellow, PlayerColor::Green, PlayerColor::White];
    ["Anna", "Ben", "Cleo", "Dora"].iter().zip(colors).map(|(n, c)| Seat::person(*n, c)).collect()
}

/// Every viewer of a position: each seat, and nobody.
fn viewers(players: usize) -> Vec<Option<PlayerIdx>> {
    (0..players).map(Some).chain([None]).collect()
}

/// The seats whose determinizations `viewer` cannot tell apart from the real state.
fn blind_seats(viewer: Option<PlayerIdx>, players: usize) -> Vec<PlayerIdx> {
    match viewer {
        Some(p) => vec![p],
        None => (0..players).chain([NOBODY]).collect(),
    }
}

/// The property over `POSITIONS` positions: `screen(state, viewer)` is everything the screen
/// shows `viewer`. Returns the first unfairness found (so a planted leak can be asserted).
fn unfair<G: Determinize, M: PartialEq + Debug>(
    seed: u64,
    max_moves: u32,
    setup: impl FnMut(&mut Pcg64Mcg) -> (usize, G::Options),
    screen: impl Fn(&G, Option<PlayerIdx>) -> M,
) -> Option<String> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut found = None;
    positions::<G>(POSITIONS, &mut rng, max_moves, setup, |real, rng, label| {
        if found.is_some() {
            return;
        }
        for viewer in viewers(real.player_count()) {
            let shown = screen(real, viewer);
            for seat in blind_seats(viewer, real.player_count()) {
                for _ in 0..TWINS {
                    let twin = real.determinize(seat, rng);
                    let twin_shown = screen(&twin, viewer);
                    if twin_shown != shown {
                        found = Some(format!(
                            "{label}: {viewer:?} sees a difference (twin of seat {seat}):\nreal: {shown:?}\ntwin: {twin_shown:?}"
                        ));
                        return;
                    }
                }
            }
        }
    });
    found
}

/// The results of the viewer's moves `moves` (when they are to move): the log line of each
/// accepted move, the error text of each refused one. From indistinguishable states these must
/// be the same: an event holds nothing the mover could not see, a refusal says nothing hidden.
fn results<G: Game>(
    state: &G,
    viewer: Option<PlayerIdx>,
    moves: Vec<G::Move>,
    line: impl Fn(&G::Event) -> String,
    error: impl Fn(&G::Error) -> String,
) -> Vec<String> {
    if viewer.is_none() || state.to_move() != viewer {
        return Vec::new();
    }
    moves
        .iter()
        .take(TRIED_MOVES)
        .map(|mv| match state.clone().apply(mv) {
            Ok(event) => line(&event),
            Err(e) => error(&e),
        })
        .collect()
}

fn assert_fair(found: Option<String>) {
    if let Some(why) = found {
        panic!("a screen shows something its viewer cannot know: {why}");
    }
}

// Just 4 Fun

#[derive(Debug, PartialEq)]
struct J4fScreen {
    board: view::just4fun::Board,
    piles: String,
    statuses: Vec<String>,
    results: Vec<String>,
}

/// Everything Just 4 Fun's screen shows `viewer`, drawn from `Seen` only.
fn j4f_screen(g: &Just4Fun, viewer: Option<PlayerIdx>) -> J4fScreen {
    let seen = Seen::of(g, viewer);
    let board = view::just4fun::board(&seen, None);
    let seats = seats();
    let to_move = viewer.is_some() && g.to_move() == viewer;
    let must_swap = to_move && board.must_swap;
    // The status for no pick, each single card and each open play.
    let mut picks: Vec<Vec<u8>> = vec![Vec::new()];
    picks.extend(board.hand.iter().map(|&c| vec![c]));
    picks.extend(board.plays.iter().cloned());
    let statuses = picks
        .iter()
        .map(|cards| {
            let positions: Vec<usize> = (0..cards.len()).collect();
            let target = view::just4fun::target(cards, &positions);
            view::just4fun::selection_status(&seen, must_swap, cards, target, &seats)
        })
        .collect();
    let mut moves = vec![just4fun::Move::NewHand];
    moves.extend(board.hand.iter().map(|&c| just4fun::Move::Play { cards: vec![c] }));
    let results =
        results(g, viewer, moves, |e| view::just4fun::log_line(e, &seats), |e| view::just4fun::error_text(e, &seats));
    J4fScreen { piles: view::just4fun::piles_text(&seen), board, statuses, results }
}

#[test]
fn just4fun_screens_show_only_what_the_viewer_may_know() {
    assert_fair(unfair(0x5C4EE4, 60, j4f_setup, j4f_screen));
}

/// A planted leak: the board also shows the next player's hand. The property must fail.
#[test]
fn just4fun_fairness_catches_a_leak() {
    let leaky = |g: &Just4Fun, viewer: Option<PlayerIdx>| {
        let mut s = j4f_screen(g, viewer);
        let next = viewer.map_or(0, |p| (p + 1) % g.player_count());
        s.board.hand.extend_from_slice(g.hand(next));
        s
    };
    let found = unfair(0x5C4EE4, 60, j4f_setup, leaky);
    assert!(found.is_some(), "the property let another player's hand through");
}

// Sudoku

#[derive(Debug, PartialEq)]
struct SudokuScreen {
    board: view::sudoku::Board,
    piles: String,
    results: Vec<String>,
}

fn sudoku_screen(g: &Sudoku, viewer: Option<PlayerIdx>) -> SudokuScreen {
    let seen = Seen::of(g, viewer);
    let seats = seats();
    let mut moves: Vec<sudoku::Move> = (0..81).step_by(7).map(|cell| sudoku::Move::Place { cell }).collect();
    moves.insert(0, sudoku::Move::CannotPlace);
    let results = results(g, viewer, moves, |e| view::sudoku::log_line(e, &seats), view::sudoku::error_text);
    SudokuScreen { board: view::sudoku::board(&seen, None), piles: view::sudoku::piles_text(&seen), results }
}

#[test]
fn sudoku_screens_show_only_what_the_viewer_may_know() {
    assert_fair(unfair(0x5D0C, 120, |rng| sudoku_setup(rng, 0.2), sudoku_screen));
}

// Gut angelegt

#[derive(Debug, PartialEq)]
struct GaScreen {
    board: view::gutangelegt::Board,
    piles: String,
    picked: Option<view::gutangelegt::Tap>,
    results: Vec<String>,
}

fn ga_screen(g: &GutAngelegt, viewer: Option<PlayerIdx>) -> GaScreen {
    let seen = Seen::of(g, viewer);
    let laying = viewer.is_some() && g.to_move() == viewer;
    let board = view::gutangelegt::board(&seen, None, laying, None);
    // The viewer's first card picked and put on the first open place (a preview).
    let first = board.tap.hand.first().map(|c| c.id);
    let place = board.table.slots.first().map(|s| s.place);
    let picked = first.filter(|_| laying).map(|card| {
        let sel = view::gutangelegt::Selection { card, turned: false, place, claims: Vec::new() };
        view::gutangelegt::tap(&seen, &board.table, Some(&sel))
    });
    let seats = seats();
    let moves: Vec<gutangelegt::Move> = board
        .tap
        .hand
        .iter()
        .flat_map(|c| {
            board.table.slots.iter().take(2).map(move |s| gutangelegt::Move::Lay {
                card: c.id,
                turned: false,
                place: s.place,
                claims: Vec::new(),
            })
        })
        .collect();
    let line = |e: &gutangelegt::Event| view::gutangelegt::log_text(std::slice::from_ref(e), &seats, 0).concat();
    let results = results(g, viewer, moves, line, view::gutangelegt::error_text);
    GaScreen { piles: view::gutangelegt::piles_text(&seen), board, picked, results }
}

#[test]
fn gutangelegt_screens_show_only_what_the_viewer_may_know() {
    assert_fair(unfair(0x6A, 50, ga_setup, ga_screen));
}

// Vier mal Vier

#[derive(Debug, PartialEq)]
struct VmvScreen {
    walls: Vec<view::viermalvier::Wall>,
    tafeln: Vec<Vec<Option<u8>>>,
    take_back_asker: Option<usize>,
    picks: Vec<view::viermalvier::Pick>,
    results: Vec<String>,
}

/// The sides drawn for `viewer`: both in the open view or once the game is over, else the
/// viewer's own (none for nobody), as ui/viermalvier draws them.
fn vmv_sides(g: &VierMalVier, viewer: Option<PlayerIdx>) -> Vec<usize> {
    if g.options().view == View::Open || g.end().is_some() {
        vec![0, 1]
    } else {
        viewer.into_iter().collect()
    }
}

fn vmv_screen(g: &VierMalVier, viewer: Option<PlayerIdx>) -> VmvScreen {
    let seen = Seen::of(g, viewer);
    let moving = |side: usize| viewer == Some(side) && g.to_move() == viewer;
    let walls: Vec<_> =
        vmv_sides(g, viewer).into_iter().map(|side| view::viermalvier::wall(&seen, side, None, moving(side))).collect();
    let remaining = g.remaining();
    let picks = walls
        .iter()
        .flat_map(|w| remaining.iter().take(3).map(move |&s| view::viermalvier::pick(w, Some(s), 0, None)))
        .collect();
    let seats = seats();
    let options = g.options().view;
    let moves: Vec<viermalvier::Move> = remaining
        .iter()
        .map(|&stone| viermalvier::Move::Place { stone, face: 0, spot: Spot::On(0) })
        .chain([viermalvier::Move::Object, viermalvier::Move::Announce])
        .collect();
    let line = |e: &viermalvier::Event| view::viermalvier::describe(e, &seats, viewer, options);
    let results = results(g, viewer, moves, line, view::viermalvier::error_text);
    let (tafeln, take_back_asker) =
        (view::viermalvier::tafeln(&seen, None), view::viermalvier::take_back_asker(&seen, &seats));
    VmvScreen { walls, tafeln, take_back_asker, picks, results }
}

#[test]
fn viermalvier_screens_show_only_what_the_viewer_may_know() {
    assert_fair(unfair(0x4444, 16, vmv_setup, vmv_screen));
}

/// A planted leak: the wall as nobody sees it (the hidden view's cover shows no wall). The
/// property must fail: nobody cannot know either side's shapes.
#[test]
fn viermalvier_fairness_catches_a_leak() {
    let leaky = |g: &VierMalVier, viewer: Option<PlayerIdx>| {
        let mut s = vmv_screen(g, viewer);
        if viewer.is_none() {
            s.walls.push(view::viermalvier::wall(&Seen::of(g, None), 0, None, false));
        }
        s
    };
    let found = unfair(0x4444, 16, vmv_setup, leaky);
    assert!(found.is_some(), "the property let a covered stone's shape through to nobody");
}

// Vier mal Vier's log: events with hidden fields.

/// Every stone (with its turn) that `reader` cannot tell apart from `stone` turned `front`:
/// same colour and, for a seat, the same shape toward it.
fn look_alikes(stone: u8, front: u8, reader: Option<PlayerIdx>) -> Vec<(u8, u8)> {
    let toward = |faces: [u8; 2], front: u8, side: usize| faces[usize::from((front + u8::from(side == 1)) % 2)];
    let real = STONES[usize::from(stone)];
    (0..STONE_COUNT as u8)
        .flat_map(|k| [(k, 0), (k, 1)])
        .filter(|&(k, f)| {
            let other = STONES[usize::from(k)];
            other.color == real.color
                && reader.is_none_or(|r| toward(other.faces, f, r) == toward(real.faces, front, r))
        })
        .collect()
}

/// Over the events of random games: the line `line` writes for each reader is the same for
/// every stone the reader cannot tell apart from the real one (hidden view). Returns the first
/// difference.
fn vmv_log_unfair(line: impl Fn(&viermalvier::Event, Option<PlayerIdx>, View) -> String) -> Option<String> {
    let mut rng = Pcg64Mcg::seed_from_u64(0x106);
    let (mut events, mut games) = (0, 0);
    while events < POSITIONS {
        games += 1;
        let (players, mut options) = vmv_setup(&mut rng);
        options.view = View::Hidden;
        let Ok(mut g) = VierMalVier::new(players, options, rng.random()) else { continue };
        while let Some(mv) = g.legal_moves().choose(&mut rng).cloned() {
            let Ok(event) = g.apply(&mv) else { break };
            let viermalvier::Event::Placed { player, stone, front, spot, at, width } = event.clone() else { continue };
            events += 1;
            for reader in viewers(2) {
                let real = line(&event, reader, View::Hidden);
                for (stone, front) in look_alikes(stone, front, reader) {
                    let twin = viermalvier::Event::Placed { player, stone, front, spot, at, width };
                    if line(&twin, reader, View::Hidden) != real {
                        return Some(format!("game {games}, {reader:?}: {event:?} against {twin:?}"));
                    }
                }
            }
        }
    }
    None
}

#[test]
fn viermalvier_log_lines_name_only_what_the_reader_saw() {
    let seats = seats();
    let found = vmv_log_unfair(|e, reader, v| view::viermalvier::describe(e, &seats, reader, v));
    assert!(found.is_none(), "a log line names a hidden face: {}", found.unwrap_or_default());
}

/// A planted leak: the line also names the stone's face away from the reader.
#[test]
fn viermalvier_log_fairness_catches_a_leak() {
    let seats = seats();
    let leaky = |e: &viermalvier::Event, reader: Option<PlayerIdx>, v: View| {
        let mut line = view::viermalvier::describe(e, &seats, reader, v);
        if let viermalvier::Event::Placed { stone, front, .. } = e {
            let far = usize::from((front + u8::from(reader != Some(1))) % 2);
            line.push_str(&format!(" ({})", STONES[usize::from(*stone)].faces[far]));
        }
        line
    };
    assert!(vmv_log_unfair(leaky).is_some(), "the property let a far face through");
}
