//! Property tests for the determinization layer (`engine::Determinize`): computer players must be
//! fair by construction, so a bot only ever gets a state resampled from what its seat can see.
//!
//! For every game, over at least 1 000 random positions reached by random legal play from random
//! seeds and option sets (all player counts), for a random seat and for the seat to move:
//! 1. the determinization passes `validate()`;
//! 2. the observer's observation of it equals that of the real state;
//! 3. it plays on to the end with random legal moves, every legal move applying;
//! 4. it really resamples: where something is hidden, the hidden part differs from the real one
//!    in a good share of the positions (a `self.clone()` fails this) and the seed is fresh;
//! 5. for the seat to move, its legal moves equal the real ones;
//! 6. it depends only on what the observer sees: the real state and its determinization,
//!    determinized again with the same generator, give the same state.
//!
//! Everything is seeded, so a failure names the position that can be replayed.

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use spieltisch::engine::gutangelegt::GutAngelegt;
use spieltisch::engine::just4fun::{self, Just4Fun};
use spieltisch::engine::sudoku::{self, Mode, Sudoku};
use spieltisch::engine::viermalvier::{self, VierMalVier, View};
use spieltisch::engine::{Determinize, Game, PlayerIdx};

mod common;
use common::{ga_setup, j4f_setup, play, positions, sudoku_setup, vmv_setup};

/// Mid-game positions per game.
const POSITIONS: usize = 1_000;
/// Vier mal Vier hides little (only stones below the top, and only where two of them could
/// swap), so it gets more positions to see enough of those.
const VMV_POSITIONS: usize = 4_000;

fn play_out<G: Game>(mut g: G, rng: &mut Pcg64Mcg, label: &str) {
    for _ in 0..10_000 {
        if g.to_move().is_none() {
            assert!(g.legal_moves().is_empty(), "{label}: moves offered after the end");
            assert!(g.outcome().is_some(), "{label}: over without an outcome");
            return;
        }
        let legal = g.legal_moves();
        let mv =
            legal.choose(rng).unwrap_or_else(|| panic!("{label}: no legal move while {:?} is to move", g.to_move()));
        if let Err(e) = g.apply(mv) {
            panic!("{label}: in the determinization the legal move {mv:?} was refused: {e:?}");
        }
    }
    panic!("{label}: the determinization did not end within 10 000 moves");
}

/// Checks 1, 2, 3 and 5 for `observer`; returns the determinization for check 4.
fn check<G: Determinize>(real: &G, observer: PlayerIdx, play_on: bool, rng: &mut Pcg64Mcg, label: &str) -> G {
    let label = format!("{label}, observer {observer}");
    let d = real.determinize(observer, rng);
    if let Err(e) = d.validate() {
        panic!("{label}: the determinization does not validate: {e}\nreal: {real:?}\ndeterminized: {d:?}");
    }
    assert_eq!(
        d.observation(observer),
        real.observation(observer),
        "{label}: the observer can tell the determinization apart"
    );
    assert_eq!(d.to_move(), real.to_move(), "{label}: another player to move");
    if real.to_move() == Some(observer) {
        assert_eq!(d.legal_moves(), real.legal_moves(), "{label}: the mover sees other choices");
    }
    // What a bot decides on may depend only on what its seat sees: from two states the
    // observer cannot tell apart, the same generator gives the same determinization.
    let k: u64 = rng.random();
    assert_eq!(
        real.determinize(observer, &mut Pcg64Mcg::seed_from_u64(k)),
        d.determinize(observer, &mut Pcg64Mcg::seed_from_u64(k)),
        "{label}: the determinization depends on hidden things"
    );
    if play_on {
        play_out(d.clone(), rng, &label);
    }
    d
}

/// Share counter for check 4.
#[derive(Default, Debug)]
struct Share {
    cases: usize,
    differ: usize,
}

impl Share {
    fn add(&mut self, differ: bool) {
        self.cases += 1;
        self.differ += usize::from(differ);
    }
    fn assert_at_least(&self, what: &str, min_cases: usize, share: f64) {
        assert!(self.cases >= min_cases, "{what}: only {} positions with something hidden", self.cases);
        let got = self.differ as f64 / self.cases as f64;
        assert!(
            got >= share,
            "{what}: resampled in only {} of {} positions ({got:.2} < {share})",
            self.differ,
            self.cases
        );
    }
}

fn distinct(values: impl IntoIterator<Item = u8>) -> usize {
    let mut v: Vec<u8> = values.into_iter().collect();
    v.sort_unstable();
    v.dedup();
    v.len()
}

/// A field of the saved state (the tests may look at hidden parts; the UI and bots may not).
fn field<G: Game>(g: &G, name: &str) -> serde_json::Value {
    serde_json::to_value(g).expect("state serialises")[name].clone()
}

#[test]
fn just4fun_determinizations_are_fair() {
    let mut rng = Pcg64Mcg::seed_from_u64(0x4_f00d);
    let (mut hands, mut draw, mut seeds) = (Share::default(), Share::default(), Share::default());
    let tries = positions::<Just4Fun>(POSITIONS, &mut rng, 90, j4f_setup, |real, rng, label| {
        let observer = rng.random_range(0..real.player_count());
        let d = check(real, observer, true, rng, label);
        let mover = real.to_move().unwrap_or(0);
        check(real, mover, false, rng, label);
        let others: Vec<PlayerIdx> = (0..real.player_count()).filter(|&p| p != observer).collect();
        let unseen = others.iter().flat_map(|&p| real.hand(p).iter().copied()).chain(real.draw_pile().iter().copied());
        if distinct(unseen) >= 2 && others.iter().any(|&p| !real.hand(p).is_empty()) {
            hands.add(others.iter().any(|&p| d.hand(p) != real.hand(p)));
        }
        if distinct(real.draw_pile().iter().copied()) >= 2 {
            draw.add(d.draw_pile() != real.draw_pile());
        }
        seeds.add(d.seed() != real.seed());
    });
    eprintln!("just4fun: {POSITIONS} positions from {tries} games; other hands {hands:?}; draw pile {draw:?}; seeds {seeds:?}");
    hands.assert_at_least("just 4 fun, other hands", 500, 0.5);
    draw.assert_at_least("just 4 fun, draw pile", 500, 0.5);
    seeds.assert_at_least("just 4 fun, seed", POSITIONS, 0.99);
}

#[test]
fn gutangelegt_determinizations_are_fair() {
    let mut rng = Pcg64Mcg::seed_from_u64(0x6a7);
    let (mut hands, mut draw, mut seeds) = (Share::default(), Share::default(), Share::default());
    let tries = positions::<GutAngelegt>(POSITIONS, &mut rng, 47, ga_setup, |real, rng, label| {
        let observer = rng.random_range(0..real.player_count());
        let d = check(real, observer, true, rng, label);
        let mover = real.to_move().unwrap_or(0);
        check(real, mover, false, rng, label);
        let others: Vec<PlayerIdx> = (0..real.player_count()).filter(|&p| p != observer).collect();
        let unseen = real.draw_len() + others.iter().map(|&p| real.hand(p).len()).sum::<usize>();
        if unseen >= 2 && others.iter().any(|&p| !real.hand(p).is_empty()) {
            hands.add(others.iter().any(|&p| d.hand(p) != real.hand(p)));
        }
        if real.draw_len() >= 2 {
            draw.add(field(&d, "draw") != field(real, "draw"));
        }
        seeds.add(d.seed() != real.seed());
    });
    eprintln!("gutangelegt: {POSITIONS} positions from {tries} games; other hands {hands:?}; draw pile {draw:?}; seeds {seeds:?}");
    hands.assert_at_least("gut angelegt, other hands", 500, 0.5);
    draw.assert_at_least("gut angelegt, draw pile", 500, 0.5);
    seeds.assert_at_least("gut angelegt, seed", POSITIONS, 0.99);
}

#[test]
fn sudoku_determinizations_are_fair() {
    let mut rng = Pcg64Mcg::seed_from_u64(0x5d0);
    let (mut hands, mut supply, mut seeds, mut table, mut by_hand) =
        (Share::default(), Share::default(), Share::default(), 0, 0);
    let tries = positions::<Sudoku>(
        POSITIONS,
        &mut rng,
        9 + 72,
        |rng| sudoku_setup(rng, 0.3),
        |real, rng, label| {
            table += usize::from(real.options().mode == Mode::TableRules);
            by_hand += usize::from(real.in_gold_setup());
            let observer = rng.random_range(0..real.player_count());
            let d = check(real, observer, true, rng, label);
            let mover = real.to_move().unwrap_or(0);
            check(real, mover, false, rng, label);
            // What the observer cannot see, recounted from public facts: the 72 normal tiles less
            // those on the board, set aside and in the own hand.
            let mut unseen = [8u8; 10];
            unseen[0] = 0;
            let public = real.board().iter().flatten().filter(|t| !t.gold).map(|t| t.number);
            for n in public.chain(real.set_aside().iter().copied()).chain(real.hand(observer)) {
                unseen[usize::from(n)] -= 1;
            }
            let kinds = unseen.iter().filter(|&&c| c > 0).count();
            let others: Vec<PlayerIdx> =
                (0..real.player_count()).filter(|&p| p != observer && real.hand(p).is_some()).collect();
            if kinds >= 2 && !others.is_empty() {
                hands.add(others.iter().any(|&p| d.hand(p) != real.hand(p)));
            }
            if distinct(serde_json::from_value::<Vec<u8>>(field(real, "supply")).unwrap_or_default()) >= 2 {
                supply.add(field(&d, "supply") != field(real, "supply"));
            }
            seeds.add(d.seed() != real.seed());
        },
    );
    eprintln!(
        "sudoku: {POSITIONS} positions from {tries} games ({table} table rules, {by_hand} in the gold setup); other tiles {hands:?}; supply {supply:?}; seeds {seeds:?}"
    );
    assert!(table >= 200 && by_hand >= 20, "too few table-rules or gold-setup positions");
    hands.assert_at_least("sudoku, other held tiles", 300, 0.5);
    supply.assert_at_least("sudoku, supply", 500, 0.5);
    seeds.assert_at_least("sudoku, seed", POSITIONS, 0.99);
}

#[test]
fn sudoku_assisted_mover_always_gets_a_placeable_tile() {
    // Everyone sees that an assisted game goes on, so the player to move can place: the resampled
    // tile of the mover must keep that true (else `validate` would refuse the state).
    let mut rng = Pcg64Mcg::seed_from_u64(77);
    let mut crowded = 0;
    for _ in 0..5_000 {
        let seed: u64 = rng.random();
        let mut g = Sudoku::new(2, sudoku::Options::default(), seed).expect("setup");
        play(&mut g, rng.random_range(20..70), &mut rng, "crowded");
        let Some(mover) = g.to_move() else { continue };
        // Only boards where some number fits nowhere any more put the rule to the test.
        if (1..=9).all(|n| !g.legal_fields(n).is_empty()) {
            continue;
        }
        crowded += 1;
        for _ in 0..10 {
            let d = g.determinize(1 - mover, &mut rng);
            let tile = d.hand(mover).expect("the mover holds a tile");
            assert!(!d.legal_fields(tile).is_empty(), "seed {seed}: the mover got tile {tile}, which fits nowhere");
        }
        if crowded == 200 {
            break;
        }
    }
    assert!(crowded >= 100, "only {crowded} crowded boards");
}

#[test]
fn viermalvier_determinizations_are_fair() {
    let mut rng = Pcg64Mcg::seed_from_u64(0x44);
    let (mut far, mut seeds) = (Share::default(), Share::default());
    let (mut hidden_running, mut several_worlds, mut profi) = (0, 0, 0);
    let tries = positions::<VierMalVier>(VMV_POSITIONS, &mut rng, 40, vmv_setup, |real, rng, label| {
        let observer = rng.random_range(0..2);
        let d = check(real, observer, true, rng, label);
        let mover = real.to_move().unwrap_or(0);
        check(real, mover, false, rng, label);
        profi += usize::from(real.options().profi);
        seeds.add(d.seed() != real.seed());
        let walls = real.consistent_walls(observer);
        assert!(walls.contains(&real.wall().to_vec()), "{label}: the real wall is not among the consistent ones");
        let open = real.options().view == View::Open || real.end().is_some();
        if open {
            assert_eq!(d.wall(), real.wall(), "{label}: nothing is hidden, yet the wall changed");
            assert_eq!(walls.len(), 1);
            return;
        }
        hidden_running += 1;
        // Seen from the observer: the own side and every top stone stay exactly.
        assert_eq!(d.view_of(observer), real.view_of(observer), "{label}: the own side changed");
        for (a, b) in d.wall().iter().zip(real.wall()) {
            assert_eq!(a.last(), b.last(), "{label}: a topmost stone changed");
        }
        if walls.len() >= 2 {
            several_worlds += 1;
            far.add(d.view_of(1 - observer) != real.view_of(1 - observer));
        }
    });
    eprintln!(
        "viermalvier: {VMV_POSITIONS} positions from {tries} games ({hidden_running} hidden and running, {several_worlds} with several consistent walls, {profi} profi); far side {far:?}; seeds {seeds:?}"
    );
    // With n ≥ 2 equally likely walls the far side differs with probability 1 - 1/n ≥ 1/2.
    far.assert_at_least("vier mal vier, far side", 100, 0.4);
    seeds.assert_at_least("vier mal vier, seed", VMV_POSITIONS, 0.99);
}

#[test]
fn determinize_is_reproducible_from_the_generator() {
    let g = Just4Fun::new(3, just4fun::Options::default(), 9).expect("setup");
    let a = g.determinize(1, &mut Pcg64Mcg::seed_from_u64(5));
    let b = g.determinize(1, &mut Pcg64Mcg::seed_from_u64(5));
    assert_eq!(a, b);
    assert_ne!(a, g.determinize(1, &mut Pcg64Mcg::seed_from_u64(6)));
    // Each seat sees its own hand, so two seats' observations differ.
    assert_ne!(g.observation(0), g.observation(1));
}

/// Independent recount of Vier mal Vier's consistent walls: every way to put the hidden stones
/// (below the top) on the hidden positions, each stone either way round, that shows the observer
/// the same colours and shapes and has no four-row. Must be exactly `consistent_walls` (double
/// stones, alike on both faces, counted once).
#[test]
fn viermalvier_consistent_walls_match_a_brute_force_recount() {
    use viermalvier::{Placed, STONES};
    fn norm(wall: &[Vec<Placed>]) -> Vec<Vec<Placed>> {
        wall.iter()
            .map(|c| {
                c.iter()
                    .map(|p| {
                        let f = STONES[usize::from(p.stone)].faces;
                        Placed { stone: p.stone, front: if f[0] == f[1] { 0 } else { p.front } }
                    })
                    .collect()
            })
            .collect()
    }
    fn search(
        real: &VierMalVier,
        side: usize,
        spots: &[(usize, usize)],
        free: &mut Vec<u8>,
        wall: &mut Vec<Vec<Placed>>,
        out: &mut Vec<Vec<Vec<Placed>>>,
    ) {
        let Some((&(c, r), rest)) = spots.split_first() else {
            let mut v = serde_json::to_value(real).expect("serialises");
            v["wall"] = serde_json::to_value(&*wall).expect("wall serialises");
            let w: VierMalVier = serde_json::from_value(v).expect("deserialises");
            if w.four_rows(0).is_empty() && w.four_rows(1).is_empty() {
                let n = norm(wall);
                if !out.contains(&n) {
                    out.push(n);
                }
            }
            return;
        };
        let want = real.wall()[c][r];
        for i in 0..free.len() {
            for front in 0..2 {
                let p = Placed { stone: free[i], front };
                if p.color() == want.color() && p.shape_toward(side) == want.shape_toward(side) {
                    let stone = free.remove(i);
                    wall[c][r] = p;
                    search(real, side, rest, free, wall, out);
                    free.insert(i, stone);
                }
            }
        }
        wall[c][r] = want;
    }

    let mut rng = Pcg64Mcg::seed_from_u64(0xb00);
    let (mut checked, mut several) = (0, 0);
    while checked < 2_000 {
        let seed: u64 = rng.random();
        let options = viermalvier::Options { profi: rng.random(), ..viermalvier::Options::default() };
        let mut g = VierMalVier::new(2, options, seed).expect("setup");
        play(&mut g, rng.random_range(4..16), &mut rng, "brute force");
        if g.end().is_some() {
            continue;
        }
        let observer = rng.random_range(0..2);
        let spots: Vec<(usize, usize)> = g
            .wall()
            .iter()
            .enumerate()
            .flat_map(|(c, col)| (0..col.len().saturating_sub(1)).map(move |r| (c, r)))
            .collect();
        let mut free: Vec<u8> = spots.iter().map(|&(c, r)| g.wall()[c][r].stone).collect();
        let mut out = Vec::new();
        search(&g, observer, &spots, &mut free, &mut g.wall().to_vec(), &mut out);
        let mut mine: Vec<_> = g.consistent_walls(observer).iter().map(|w| norm(w)).collect();
        let len = mine.len();
        mine.sort_by_key(|w| format!("{w:?}"));
        mine.dedup();
        assert_eq!(mine.len(), len, "seed {seed}: a wall listed twice");
        out.sort_by_key(|w| format!("{w:?}"));
        assert_eq!(mine, out, "seed {seed}, observer {observer}: consistent walls differ from the recount");
        checked += 1;
        several += usize::from(out.len() >= 2);
    }
    eprintln!("viermalvier brute force: {checked} walls, {several} with several consistent fillings");
    assert!(several >= 150, "only {several} positions with a choice");
}
