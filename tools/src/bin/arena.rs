//! Bot arena: plays games between computer-player levels (and a uniformly random player) and
//! prints per seat the win rate with a 95 % Wilson interval (draws and shared wins count as
//! fractions), the mean score margin where the game has scores, and the time per move.
//!
//! `cargo run --release -p spieltisch-tools --bin arena -- --game just4fun --players 2 \
//!    --seats hard,medium --games 300 [--budget N] [--seed S]`
//!
//! Seats are rotated over the chairs from game to game, so every seat starts equally often.
//! Games are spread over two threads.

use spieltisch::engine::bots::{choose, BotGame, Budget, Level};
use spieltisch::engine::{GameKind, Outcome, PlayerIdx};
use std::hash::Hash;
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug)]
enum Seat {
    Bot(Level),
    Random,
}

fn parse_seat(s: &str) -> Seat {
    match s {
        "easy" => Seat::Bot(Level::Easy),
        "medium" => Seat::Bot(Level::Medium),
        "hard" => Seat::Bot(Level::Hard),
        "random" => Seat::Random,
        other => panic!("unknown seat kind {other:?} (easy, medium, hard, random)"),
    }
}

fn splitmix(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[derive(Clone, Default)]
struct Tally {
    games: u32,
    reward: f64,
    margin: f64,
    margins: u32,
    moves: u32,
    time: Duration,
    hard_moves: u32,
    hard_time: Duration,
    hard_max: Duration,
}

fn play_one<G: BotGame>(game_no: u32, players: usize, seats: &[Seat], budget: Budget, seed: u64, out: &mut [Tally])
where
    G::Move: Eq + Hash,
{
    let n = seats.len();
    // Chair p is taken by seat (p + game_no) % n.
    let seat_of = |p: usize| (p + game_no as usize) % n;
    let mut s = seed ^ u64::from(game_no).wrapping_mul(0x1234_5678_9abc_def1);
    let mut g = G::new(players, G::Options::default(), splitmix(&mut s)).expect("setup");
    for _ in 0..100_000 {
        let Some(p) = g.to_move() else { break };
        let seat = seat_of(p);
        let start = Instant::now();
        let mv = match seats[seat] {
            Seat::Random => {
                let legal = g.legal_moves();
                legal[(splitmix(&mut s) % legal.len() as u64) as usize].clone()
            }
            Seat::Bot(level) => choose(&g, p, level, splitmix(&mut s), budget).expect("a bot move"),
        };
        let took = start.elapsed();
        let t = &mut out[seat];
        t.moves += 1;
        t.time += took;
        if matches!(seats[seat], Seat::Bot(Level::Hard)) && g.legal_moves().len() > 1 {
            t.hard_moves += 1;
            t.hard_time += took;
            t.hard_max = t.hard_max.max(took);
        }
        g.apply(&mv).expect("the chosen move applies");
    }
    let outcome = g.outcome().expect("the game ended");
    let sc = g.final_scores();
    for p in 0..players {
        let t = &mut out[seat_of(p)];
        t.games += 1;
        t.reward += match &outcome {
            Outcome::Draw => 0.5,
            Outcome::Winners(w) if w.contains(&p) => 1.0 / w.len() as f64,
            Outcome::Winners(_) => 0.0,
        };
        if let Some(sc) = &sc {
            let best_other = (0..players).filter(|&q| q != p).map(|q| sc[q]).fold(f64::NEG_INFINITY, f64::max);
            if best_other.is_finite() {
                t.margin += sc[p] - best_other;
                t.margins += 1;
            }
        }
    }
}

fn wilson(wins: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let p = wins / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn run<G: BotGame>(players: usize, seats: &[Seat], games: u32, budget: Budget, seed: u64)
where
    G::Move: Eq + Hash,
{
    let n = seats.len();
    let results: Vec<Vec<Tally>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..2u32)
            .map(|thread| {
                scope.spawn(move || {
                    let mut out = vec![Tally::default(); n];
                    for i in (thread..games).step_by(2) {
                        play_one::<G>(i, players, seats, budget, seed, &mut out);
                    }
                    out
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("arena thread")).collect()
    });
    let mut total = vec![Tally::default(); n];
    for part in results {
        for (t, r) in total.iter_mut().zip(part) {
            t.games += r.games;
            t.reward += r.reward;
            t.margin += r.margin;
            t.margins += r.margins;
            t.moves += r.moves;
            t.time += r.time;
            t.hard_moves += r.hard_moves;
            t.hard_time += r.hard_time;
            t.hard_max = t.hard_max.max(r.hard_max);
        }
    }
    println!("{games} games, {players} players, budget {} iterations", budget.iterations);
    for (i, (seat, t)) in seats.iter().zip(&total).enumerate() {
        let (lo, hi) = wilson(t.reward, f64::from(t.games));
        let rate = if t.games > 0 { t.reward / f64::from(t.games) } else { 0.0 };
        let margin = if t.margins > 0 { format!("{:+.1}", t.margin / f64::from(t.margins)) } else { "-".into() };
        let ms = if t.moves > 0 { t.time.as_secs_f64() * 1000.0 / f64::from(t.moves) } else { 0.0 };
        let hard = if t.hard_moves > 0 {
            let mean = t.hard_time.as_secs_f64() / f64::from(t.hard_moves);
            format!(
                ", {:.1} ms per searched Hard move (max {:.1} ms, {:.0} budget iterations/s)",
                mean * 1000.0,
                t.hard_max.as_secs_f64() * 1000.0,
                f64::from(budget.iterations) / mean
            )
        } else {
            String::new()
        };
        println!(
            "seat {i} {seat:?}: win rate {:.1} % [{:.1}, {:.1}] over {} seat-games, mean margin {margin}, {ms:.2} ms per move{hard}",
            rate * 100.0,
            lo * 100.0,
            hi * 100.0,
            t.games
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let game = get("--game").unwrap_or_else(|| "just4fun".into());
    let players: usize = get("--players").map_or(2, |s| s.parse().expect("--players N"));
    let seats: Vec<Seat> = get("--seats").unwrap_or_else(|| "hard,medium".into()).split(',').map(parse_seat).collect();
    let games: u32 = get("--games").map_or(100, |s| s.parse().expect("--games N"));
    let budget = get("--budget").map_or(Budget::FULL, |s| Budget { iterations: s.parse().expect("--budget N") });
    let seed: u64 = get("--seed").map_or(1, |s| s.parse().expect("--seed N"));
    assert!(!seats.is_empty() && seats.len() <= players, "give 1 to {players} seat kinds");
    // Fewer seat kinds than chairs: repeat them.
    let seats: Vec<Seat> = (0..players).map(|p| seats[p % seats.len()]).collect();
    let _: PlayerIdx = 0;
    let ids = || GameKind::ALL.map(GameKind::id).join(", ");
    let kind = GameKind::from_id(&game).unwrap_or_else(|| panic!("unknown game {game:?} ({})", ids()));
    spieltisch::with_game!(kind, G => run::<G>(players, &seats, games, budget, seed))
}
