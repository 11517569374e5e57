//! The engine contract, tested once for every game: what the [`Game`] and [`Determinize`] traits
//! promise (src/engine/mod.rs, src/engine/determinize.rs), checked in the shape of OpenSpiel's
//! random-simulation test. Seeded random playouts of every game, variant and player count; after
//! every step:
//! - `validate()` holds; `outcome().is_some() == to_move().is_none()`; `legal_moves()` is empty
//!   exactly when the game is over; the seed, options and player count are the ones given;
//! - a serde round trip gives an equal state (and an equal move and event for each move played);
//! - every listed move applies (on a clone); its event names the mover and gives back the move
//!   (`event_move`, and the same from the event's JSON: `json_event_move`), which applied again
//!   gives the same state;
//! - moves from elsewhere (listed in other states and games of the same kind, listed earlier in
//!   this game, serde-mutated listed moves, the game's own enumeration of its move fields) are
//!   either refused with the state left equal, or accepted and then listed, up to
//!   [`Game::choice`], with an event that replays like a listed move's (now and then such a move
//!   is played, so the log holds them too);
//! - for the seat to move and one other seat, a determinization validates, keeps that seat's
//!   observation, and for the mover the legal moves;
//! - a take-back's fresh draw (`reshuffle_unseen`) validates and keeps every seat's observation
//!   and the mover's legal moves;
//! - replaying the log (`event_move` of each event) on `new(players, options, seed)` gives the
//!   same state (at the end of every game, and now and then midway).
//!
//! Rule-specific properties and independent recounts of scores stay in `tests/<game>_props.rs`.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde_json::Value;
use spieltisch::engine::gutangelegt::{self, GutAngelegt, Place};
use spieltisch::engine::just4fun::{self, Just4Fun};
use spieltisch::engine::sudoku::{self, Mode, Scoring, Sudoku};
use spieltisch::engine::viermalvier::{self, Spot, VierMalVier, View};
use spieltisch::engine::{Determinize, EventJson, Game};

/// Foreign moves tried per step, on top of the game's own enumeration.
const FOREIGN_PER_STEP: usize = 6;
/// Listed moves of earlier states kept to try later.
const POOL: usize = 400;
/// No playout here is longer (Vier mal Vier matches are the longest).
const MAX_STEPS: usize = 3_000;

#[derive(Default, Debug)]
struct Tally {
    games: usize,
    steps: usize,
    refused: usize,
    accepted_foreign: usize,
}

/// Plays `games` seeded random games of `G` with this setup and checks the contract after every
/// step. `extra` enumerates candidate moves from the game's own move fields.
fn check_contract<G: Game + Determinize>(
    players: usize,
    options: G::Options,
    games: u64,
    extra: impl Fn(&G, &mut Pcg64Mcg) -> Vec<G::Move>,
) {
    let mut tally = Tally::default();
    let mut pool: Vec<G::Move> = Vec::new();
    for seed in 0..games {
        let seed = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ players as u64;
        let label = format!("{:?} {players} players {options:?} seed {seed}", G::KIND);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let g = G::new(players, options.clone(), seed).unwrap_or_else(|e| panic!("{label}: {e}"));
        assert_eq!((g.seed(), g.options(), g.player_count()), (seed, &options, players), "{label}");
        play_game(g, &mut pool, &mut rng, &extra, &mut tally, &label);
        tally.games += 1;
    }
    println!("{:?} {players} players {options:?}: {tally:?}", G::KIND);
    // The foreign moves reach both sides of the check.
    assert!(tally.refused > 0 && tally.accepted_foreign > 0, "{:?} {options:?}: {tally:?}", G::KIND);
}

fn play_game<G: Game + Determinize>(
    mut g: G,
    pool: &mut Vec<G::Move>,
    rng: &mut Pcg64Mcg,
    extra: &impl Fn(&G, &mut Pcg64Mcg) -> Vec<G::Move>,
    tally: &mut Tally,
    label: &str,
) {
    let mut log: Vec<G::Event> = Vec::new();
    for step in 0.. {
        let label = format!("{label}, step {step}");
        assert!(step < MAX_STEPS, "{label}: no end");
        check_state(&g, &label);
        check_determinize(&g, rng, &label);
        check_reshuffle(&g, rng, &label);
        let legal = g.legal_moves();
        check_listed(&g, &legal, &label);
        let mut foreign: Vec<G::Move> = pool.choose_multiple(rng, FOREIGN_PER_STEP / 2).cloned().collect();
        foreign.extend((0..FOREIGN_PER_STEP / 2).filter_map(|_| mutated::<G>(legal.choose(rng)?, rng)));
        foreign.extend(extra(&g, rng));
        let tried = foreign.len();
        foreign.retain(|mv| check_foreign(&g, &legal, mv, &label));
        tally.refused += tried - foreign.len();
        tally.accepted_foreign += foreign.len();
        // Now and then an accepted unlisted form is played, so that the log holds them too.
        let played = if rng.random_ratio(1, 4) { foreign.choose(rng) } else { None };
        let Some(mv) = played.or_else(|| legal.choose(rng)).cloned() else { break };
        pool.extend(legal.choose_multiple(rng, 2).cloned());
        if pool.len() > POOL {
            pool.drain(..pool.len() - POOL);
        }
        let ev = g.apply(&mv).unwrap_or_else(|e| panic!("{label}: the listed {mv:?} was refused: {e:?}"));
        assert_eq!(round_trip(&mv).as_ref(), Some(&mv), "{label}: the move does not load back as saved");
        assert_eq!(round_trip(&ev).as_ref(), Some(&ev), "{label}: the event does not load back as saved");
        log.push(ev);
        assert_eq!(g.turn() as usize, log.len(), "{label}: turn() counts the moves made");
        if rng.random_ratio(1, 50) {
            check_replay(&g, &log, &label);
        }
        tally.steps += 1;
    }
    check_replay(&g, &log, label);
}

/// `value` saved as JSON and loaded again (moves and events are saved in the log).
fn round_trip<T: serde::Serialize + serde::de::DeserializeOwned>(value: &T) -> Option<T> {
    serde_json::from_str(&serde_json::to_string(value).ok()?).ok()
}

/// What holds in every state.
fn check_state<G: Game>(g: &G, label: &str) {
    if let Err(e) = g.validate() {
        panic!("{label}: does not validate: {e}\n{g:?}");
    }
    assert_eq!(g.outcome().is_some(), g.to_move().is_none(), "{label}: outcome vs. to_move");
    assert_eq!(g.legal_moves().is_empty(), g.to_move().is_none(), "{label}: moves listed vs. over");
    assert!(g.to_move().is_none_or(|p| p < g.player_count()), "{label}: mover out of range");
    assert_eq!(round_trip(g).as_ref(), Some(g), "{label}: the state does not load back as saved");
}

/// The mover and one random seat: a determinization validates, looks the same to the seat, and
/// leaves the mover the same choices.
fn check_determinize<G: Game + Determinize>(g: &G, rng: &mut Pcg64Mcg, label: &str) {
    let other = rng.random_range(0..g.player_count());
    for seat in g.to_move().into_iter().chain([other]) {
        let d = g.determinize(seat, rng);
        if let Err(e) = d.validate() {
            panic!("{label}: the determinization for {seat} does not validate: {e}\n{d:?}");
        }
        assert_eq!(d.observation(seat), g.observation(seat), "{label}: seat {seat} can tell");
        if g.to_move() == Some(seat) {
            assert_eq!(d.legal_moves(), g.legal_moves(), "{label}: seat {seat} gets other choices");
        }
    }
}

/// A take-back's fresh draw of what nobody has seen validates, and no seat can tell: every
/// observation and the mover's choices stay the same.
fn check_reshuffle<G: Game + Determinize>(g: &G, rng: &mut Pcg64Mcg, label: &str) {
    let mut r = g.clone();
    r.reshuffle_unseen(rng.random_range(1..1_000));
    if let Err(e) = r.validate() {
        panic!("{label}: the reshuffled state does not validate: {e}\n{r:?}");
    }
    for seat in 0..g.player_count() {
        assert_eq!(r.observation(seat), g.observation(seat), "{label}: seat {seat} sees the reshuffle");
    }
    assert_eq!(r.legal_moves(), g.legal_moves(), "{label}: the reshuffle changed the choices");
    assert_eq!(round_trip(&r).as_ref(), Some(&r), "{label}: the reshuffled state does not load back");
}

/// Every listed move applies on a clone; its event names the mover and gives back the move,
/// which applies to the same state.
fn check_listed<G: Game>(g: &G, legal: &[G::Move], label: &str) {
    for mv in legal {
        let mut after = g.clone();
        let ev = after.apply(mv).unwrap_or_else(|e| panic!("{label}: the listed {mv:?} was refused: {e:?}"));
        check_event(g, mv, &ev, &after, label);
    }
}

/// The event of `mv` (which led from `g` to `after`) names the mover and gives back the move
/// (`event_move`, up to [`Game::choice`]), which does the same again.
fn check_event<G: Game>(g: &G, mv: &G::Move, ev: &G::Event, after: &G, label: &str) {
    assert!(G::event_player(ev).is_none_or(|p| Some(p) == g.to_move()), "{label}: {ev:?} names another player");
    let again = G::event_move(ev);
    assert_eq!(g.choice(&again), g.choice(mv), "{label}: {ev:?} gives back another move than {mv:?}");
    let json = serde_json::to_string(ev).expect("an event is written");
    let read = EventJson::parse(&json).and_then(|e| G::json_event_move(&e));
    assert_eq!(read.as_ref(), Some(&again), "{label}: {json} read as JSON gives another move");
    let mut replayed = g.clone();
    assert_eq!(replayed.apply(&again).as_ref(), Ok(ev), "{label}: {again:?} from {ev:?} does otherwise");
    assert_eq!(&replayed, after, "{label}: {again:?} from {ev:?} leaves another state");
}

/// A move from elsewhere is refused with the state untouched, or accepted and listed (up to
/// [`Game::choice`]) with an event like a listed move's. Returns whether it was accepted.
fn check_foreign<G: Game>(g: &G, legal: &[G::Move], mv: &G::Move, label: &str) -> bool {
    let mut tried = g.clone();
    match tried.apply(mv) {
        Err(_) => {
            assert_eq!(&tried, g, "{label}: the refused {mv:?} changed the state");
            false
        }
        Ok(ev) => {
            let choice = g.choice(mv);
            assert!(legal.iter().any(|l| g.choice(l) == choice), "{label}: {mv:?} applies but is not listed");
            check_event(g, mv, &ev, &tried, label);
            true
        }
    }
}

/// The game replayed from its seed and the moves of its log is the same game.
fn check_replay<G: Game>(g: &G, log: &[G::Event], label: &str) {
    let mut replayed = G::new(g.player_count(), g.options().clone(), g.seed()).expect("the same setup");
    for (i, ev) in log.iter().enumerate() {
        let mv = G::event_move(ev);
        let again = replayed.apply(&mv).unwrap_or_else(|e| panic!("{label}: replaying move {i} {mv:?}: {e:?}"));
        assert_eq!(&again, ev, "{label}: replayed move {i} did otherwise");
    }
    assert_eq!(&replayed, g, "{label}: the replay ends elsewhere");
}

/// A listed move with one part changed through its serde form: a number moved by one or set to
/// another, a flag flipped, a list reversed, shortened or with an item doubled, a variant swapped
/// for another unit variant. `None` if the result does not load as a move.
fn mutated<G: Game>(mv: &G::Move, rng: &mut Pcg64Mcg) -> Option<G::Move> {
    let mut v = serde_json::to_value(mv).ok()?;
    let mut spots = Vec::new();
    collect_paths(&v, &mut Vec::new(), &mut spots);
    let path = spots.choose(rng)?.clone();
    let target = path.iter().try_fold(&mut v, |at, step| match step {
        Step::Key(k) => at.get_mut(k.as_str()),
        Step::Index(i) => at.get_mut(*i),
    })?;
    mutate(target, rng);
    serde_json::from_value(v).ok()
}

#[derive(Clone)]
enum Step {
    Key(String),
    Index(usize),
}

/// Every value in `v`, by its path.
fn collect_paths(v: &Value, at: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    out.push(at.clone());
    let children: Vec<(Step, &Value)> = match v {
        Value::Object(map) => map.iter().map(|(k, c)| (Step::Key(k.clone()), c)).collect(),
        Value::Array(items) => items.iter().enumerate().map(|(i, c)| (Step::Index(i), c)).collect(),
        _ => Vec::new(),
    };
    for (step, child) in children {
        at.push(step);
        collect_paths(child, at, out);
        at.pop();
    }
}

fn mutate(v: &mut Value, rng: &mut Pcg64Mcg) {
    match v {
        Value::Number(n) => {
            let n = n.as_i64().unwrap_or(0);
            let to = match rng.random_range(0..4) {
                0 => n + 1,
                1 => n - 1,
                2 => rng.random_range(0..100),
                _ => 0,
            };
            *v = Value::from(to);
        }
        Value::Bool(b) => *b = !*b,
        Value::Array(items) if !items.is_empty() => match rng.random_range(0..4) {
            0 => items.reverse(),
            1 => items.shuffle(rng),
            2 => {
                items.remove(rng.random_range(0..items.len()));
            }
            _ => {
                let item = items[rng.random_range(0..items.len())].clone();
                items.insert(rng.random_range(0..=items.len()), item);
            }
        },
        Value::Array(items) => items.push(Value::from(rng.random_range(0..10))),
        Value::String(s) => {
            *s = [
                "NewHand",
                "GoldRest",
                "CannotPlace",
                "Object",
                "AllowTakeBack",
                "Announce",
                "NextGame",
                "Left",
                "Right",
            ]
            .choose(rng)
            .map_or_else(String::new, |s| s.to_string())
        }
        _ => {}
    }
}

// ----- per game: the setups, and candidate moves from the move enum's fields ------------------

fn j4f_moves(g: &Just4Fun, rng: &mut Pcg64Mcg) -> Vec<just4fun::Move> {
    let hand = g.to_move().map_or(&[][..], |p| g.hand(p));
    let mut moves = vec![just4fun::Move::NewHand, just4fun::Move::Play { cards: vec![] }];
    for _ in 0..3 {
        let mut cards: Vec<u8> = hand.iter().copied().filter(|_| rng.random_bool(0.5)).collect();
        cards.shuffle(rng);
        if rng.random_bool(0.2) {
            cards.push(rng.random_range(0..=12));
        }
        moves.push(just4fun::Move::Play { cards });
    }
    moves
}

fn ga_moves(g: &GutAngelegt, rng: &mut Pcg64Mcg) -> Vec<gutangelegt::Move> {
    let places = Place::ALL;
    // A card of the hand, of another hand or none (48 and up).
    let card = match g.to_move() {
        Some(p) if rng.random_bool(0.7) => g.hand(p).choose(rng).copied().unwrap_or(0),
        _ => rng.random_range(0..50),
    };
    places
        .into_iter()
        .map(|place| gutangelegt::Move::Lay { card, turned: rng.random(), place, claims: Vec::new() })
        .collect()
}

/// Every cell (one past the board too), a gold tile of every number on a random cell.
fn sudoku_moves(_: &Sudoku, rng: &mut Pcg64Mcg) -> Vec<sudoku::Move> {
    let mut moves: Vec<sudoku::Move> = (0..=81).map(|cell| sudoku::Move::Place { cell }).collect();
    moves.extend((0..=10).map(|number| sudoku::Move::Gold { cell: rng.random_range(0..=81), number }));
    moves.extend([sudoku::Move::GoldRest, sudoku::Move::CannotPlace]);
    moves
}

/// Every spot (and one past the wall) for a random stone (16 is none) and face (2 is none), and
/// every move without fields.
fn vmv_moves(g: &VierMalVier, rng: &mut Pcg64Mcg) -> Vec<viermalvier::Move> {
    let (stone, face) = (rng.random_range(0..=16), rng.random_range(0..=2));
    let spots = [Spot::Left, Spot::Right].into_iter().chain((0..=g.width()).map(Spot::On));
    let mut moves: Vec<viermalvier::Move> = spots.map(|spot| viermalvier::Move::Place { stone, face, spot }).collect();
    moves.extend([
        viermalvier::Move::Object,
        viermalvier::Move::AllowTakeBack,
        viermalvier::Move::Announce,
        viermalvier::Move::NextGame,
    ]);
    moves
}

#[test]
fn just4fun_keeps_the_contract() {
    for players in 2..=4 {
        for random_layout in [false, true] {
            check_contract::<Just4Fun>(players, just4fun::Options { random_layout }, 40, j4f_moves);
        }
    }
}

#[test]
fn gutangelegt_keeps_the_contract() {
    for players in 2..=4 {
        for announce in [false, true] {
            check_contract::<GutAngelegt>(players, gutangelegt::Options { announce }, 10, ga_moves);
        }
    }
}

#[test]
fn sudoku_keeps_the_contract() {
    for players in 1..=4 {
        for (gold_per_block, gold_by_hand) in [(false, false), (true, true)] {
            for (scoring, mode) in [(Scoring::Standard, Mode::Assisted), (Scoring::Simple, Mode::TableRules)] {
                let options = sudoku::Options { gold_per_block, gold_by_hand, scoring, mode };
                check_contract::<Sudoku>(players, options, 8, sudoku_moves);
            }
        }
    }
}

#[test]
fn viermalvier_keeps_the_contract() {
    for view in [View::Hidden, View::Open] {
        for (profi, without_tafeln, games) in [(false, false, 1), (true, true, 2), (true, false, 3)] {
            let options = viermalvier::Options { view, without_tafeln, profi, games };
            check_contract::<VierMalVier>(2, options, 25, vmv_moves);
        }
    }
}
