//! Hints say why (issue 24, 3), fairly.
//!
//! A hint's reason is written in the worker from its view: a determinization for the hinted
//! seat (`GameView::hint_reason`). Two properties, for every game:
//! - **Fair:** for any move of the seat, every state the seat cannot tell apart from the real
//!   one gives the same reason, so a reason names only what the seat sees.
//! - **Always there:** in complete games, every hint the Medium player gives (the app's "Tipp")
//!   comes with a reason, in German and in English.
//!
//! A planted leak must be caught: `hint_fairness_catches_a_leak` runs the fairness property on
//! a reason that names another player's card and asserts that it fails.

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use spieltisch::engine::bots::{choose, BotGame, Budget, Level};
use spieltisch::engine::gutangelegt::GutAngelegt;
use spieltisch::engine::just4fun::Just4Fun;
use spieltisch::engine::sudoku::Sudoku;
use spieltisch::engine::viermalvier::VierMalVier;
use spieltisch::engine::{Determinize, Game, PlayerIdx};
use spieltisch::lang::{set_lang, Lang};
use spieltisch::view::GameView;
use std::hash::Hash;

mod common;
use common::{ga_setup, j4f_setup, positions, sudoku_setup, vmv_setup};

/// Positions per game, determinizations per position, and moves whose reasons are compared.
const POSITIONS: usize = 150;
const TWINS: usize = 3;
const TRIED_MOVES: usize = 4;

fn names() -> Vec<String> {
    ["Anna", "Ben", "Cleo", "Dora"].iter().map(|n| n.to_string()).collect()
}

/// The first position and move where two states the mover cannot tell apart give different
/// reasons by `reason`.
fn unfair<G: Determinize>(
    seed: u64,
    max_moves: u32,
    setup: impl FnMut(&mut Pcg64Mcg) -> (usize, G::Options),
    reason: impl Fn(&G, PlayerIdx, &G::Move) -> String,
) -> Option<String> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut found = None;
    positions::<G>(POSITIONS, &mut rng, max_moves, setup, |real, rng, label| {
        let Some(me) = real.to_move() else { return };
        let legal = real.legal_moves();
        for mv in legal.choose_multiple(rng, TRIED_MOVES) {
            let said = reason(real, me, mv);
            for _ in 0..TWINS {
                let twin = real.determinize(me, rng);
                let twin_said = reason(&twin, me, mv);
                if found.is_none() && twin_said != said {
                    found = Some(format!("{label}, {mv:?}:\nreal: {said}\ntwin: {twin_said}"));
                }
            }
        }
    });
    found
}

fn assert_fair(found: Option<String>) {
    if let Some(why) = found {
        panic!("a hint's reason names something its seat cannot know: {why}");
    }
}

fn fair_reason<G: GameView>(g: &G, me: PlayerIdx, mv: &G::Move) -> String {
    g.hint_reason(me, mv, &names())
}

#[test]
fn just4fun_reasons_name_only_what_the_seat_sees() {
    assert_fair(unfair(0x24A, 60, j4f_setup, fair_reason::<Just4Fun>));
}

#[test]
fn gutangelegt_reasons_name_only_what_the_seat_sees() {
    assert_fair(unfair(0x24B, 45, ga_setup, fair_reason::<GutAngelegt>));
}

#[test]
fn viermalvier_reasons_name_only_what_the_seat_sees() {
    assert_fair(unfair(0x24C, 14, vmv_setup, fair_reason::<VierMalVier>));
}

#[test]
fn sudoku_reasons_name_only_what_the_seat_sees() {
    assert_fair(unfair(0x24D, 120, |rng| sudoku_setup(rng, 0.2), fair_reason::<Sudoku>));
}

/// The property catches a reason that names the next player's hand.
#[test]
fn hint_fairness_catches_a_leak() {
    let leaky = |g: &Just4Fun, me: PlayerIdx, mv: &<Just4Fun as Game>::Move| {
        let next = (me + 1) % g.player_count();
        format!("{} ({:?})", g.hint_reason(me, mv, &names()), g.hand(next))
    };
    assert!(unfair(0x24E, 60, j4f_setup, leaky).is_some(), "the planted leak went unseen");
}

/// Plays `games` complete games, each seat's move the Medium player's hint for it, and checks
/// every hint's reason in both languages. Returns how many hints were checked.
fn every_hint_has_a_reason<G: BotGame + GameView>(
    games: u64,
    mut setup: impl FnMut(&mut Pcg64Mcg) -> (usize, G::Options),
) -> usize
where
    G::Move: Eq + Hash,
{
    let mut rng = Pcg64Mcg::seed_from_u64(0x7199);
    let mut hints = 0;
    for game in 0..games {
        let (players, options) = setup(&mut rng);
        let mut g = G::new(players, options, rng.random()).expect("a valid setup");
        let mut moves = 0;
        while let Some(me) = g.to_move() {
            let view = g.determinize(me, &mut rng);
            let mv = choose(&view, me, Level::Medium, rng.random(), Budget::TEST).expect("a hint");
            for lang in [Lang::De, Lang::En] {
                set_lang(lang);
                let reason = view.hint_reason(me, &mv, &names());
                assert!(
                    reason.chars().count() >= 10,
                    "{:?} game {game}, move {moves}: {mv:?} has reason {reason:?}",
                    G::KIND
                );
                assert!(!reason.contains('\n') && reason.chars().count() <= 140, "{reason:?} is not one short line");
            }
            set_lang(Lang::De);
            g.apply(&mv).unwrap_or_else(|e| panic!("the hint {mv:?} was refused: {e:?}"));
            hints += 1;
            moves += 1;
            assert!(moves < 400, "the game does not end");
        }
    }
    hints
}

#[test]
fn every_just4fun_hint_has_a_reason() {
    assert!(every_hint_has_a_reason::<Just4Fun>(2, j4f_setup) > 40);
}

#[test]
fn every_gutangelegt_hint_has_a_reason() {
    assert!(every_hint_has_a_reason::<GutAngelegt>(2, ga_setup) > 90);
}

#[test]
fn every_viermalvier_hint_has_a_reason() {
    assert!(every_hint_has_a_reason::<VierMalVier>(3, vmv_setup) > 15);
}

#[test]
fn every_sudoku_hint_has_a_reason() {
    assert!(every_hint_has_a_reason::<Sudoku>(2, |rng| sudoku_setup(rng, 0.5)) > 50);
}
