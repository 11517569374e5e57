//! Bot arena: plays games between computer-player levels (a uniformly random player, and a
//! cheating "ceiling" seat) and prints per seat the win rate with a 95 % Wilson interval (draws
//! and shared wins count as fractions), the mean score margin where the game has scores, and the
//! time per move.
//!
//! One line of seats:
//! `cargo run --release -p spieltisch-tools --bin arena -- --game just4fun --players 2 \
//!    --seats hard,medium --games 300 [--budget N] [--seed S] [--threads T]`
//!
//! The whole table (issue 26: Hard against Medium in every game and player count, beside the
//! ceiling and the time per move):
//! `cargo run --release -p spieltisch-tools --bin arena -- --table [--games N] [--budget N] \
//!    [--threads T] [--game KIND]…`
//!
//! The figures behind setup's strength labels (issue 26, 3: per game, two players, Medium against
//! Easy and Hard against Medium), with `--write` stored in src/engine/bots/strength.json:
//! `cargo run --release -p spieltisch-tools --bin arena -- --labels [--games N] [--write]`
//!
//! Seats are rotated over the chairs from game to game, so every seat starts equally often.
//! Games are spread over `--threads` threads (default: every core). The arena counts search
//! iterations (`--budget`), not time, so its figures reproduce on any machine.
//!
//! The ceiling seat (`ceiling`) is Hard's search given the real state: [`SeesAll`] wraps the
//! game so that a determinization is the state itself. It shows how much of a game a perfect
//! reading of the hidden cards could win; it exists only here, never in the app or the worker
//! (tools/tests/ceiling.rs checks that nothing outside this file names it). The seat `hands`
//! sees every hand but not the order of the face-down cards (each determinization draws that
//! anew): the most that inferring the others' hands from their play could ever win.

use serde::{Deserialize, Serialize};
use spieltisch::engine::bots::{choose, BotGame, Budget, Level, Search};
use spieltisch::engine::{Determinize, EventJson, Game, GameKind, Outcome, PlayerIdx, SetupError};
use spieltisch::view::strength::{Measured, Strength};
use std::hash::Hash;
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug, PartialEq)]
enum Seat {
    Bot(Level),
    Random,
    Ceiling,
    /// Sees every hand, not the face-down order.
    Hands,
}

fn parse_seat(s: &str) -> Seat {
    match s {
        "easy" => Seat::Bot(Level::Easy),
        "medium" => Seat::Bot(Level::Medium),
        "hard" => Seat::Bot(Level::Hard),
        "random" => Seat::Random,
        "ceiling" => Seat::Ceiling,
        "hands" => Seat::Hands,
        other => panic!("unknown seat kind {other:?} (easy, medium, hard, random, ceiling, hands)"),
    }
}

/// A game whose determinization for any seat is the real state: Hard's search on it reads every
/// hidden card (the arena's ceiling seat only). Without `ORDER` it reads every hand but draws
/// the face-down cards anew in each determinization ([`Game::reshuffle_unseen`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
struct SeesAll<G, const ORDER: bool>(G);

impl<G: BotGame, const ORDER: bool> Game for SeesAll<G, ORDER>
where
    G::Move: Eq + Hash,
{
    type Move = G::Move;
    type Error = G::Error;
    type Event = G::Event;
    type Options = G::Options;
    const KIND: GameKind = G::KIND;

    fn new(players: usize, options: Self::Options, seed: u64) -> Result<Self, SetupError> {
        G::new(players, options, seed).map(SeesAll)
    }
    fn options(&self) -> &Self::Options {
        self.0.options()
    }
    fn seed(&self) -> u64 {
        self.0.seed()
    }
    fn event_move(event: &Self::Event) -> Self::Move {
        G::event_move(event)
    }
    fn json_event_move(event: &EventJson<'_>) -> Option<Self::Move> {
        G::json_event_move(event)
    }
    fn reshuffle_unseen(&mut self, nonce: u64) {
        self.0.reshuffle_unseen(nonce)
    }
    fn event_player(event: &Self::Event) -> Option<PlayerIdx> {
        G::event_player(event)
    }
    fn player_count(&self) -> usize {
        self.0.player_count()
    }
    fn to_move(&self) -> Option<PlayerIdx> {
        self.0.to_move()
    }
    fn legal_moves(&self) -> Vec<Self::Move> {
        self.0.legal_moves()
    }
    fn apply(&mut self, mv: &Self::Move) -> Result<Self::Event, Self::Error> {
        self.0.apply(mv)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn turn(&self) -> u32 {
        self.0.turn()
    }
    /// Nothing is hidden from a seat that sees all; the face-down order from one that sees hands.
    fn has_hidden_information(&self) -> bool {
        !ORDER
    }
    fn validate(&self) -> Result<(), String> {
        self.0.validate()
    }
}

impl<G: BotGame, const ORDER: bool> Determinize for SeesAll<G, ORDER>
where
    G::Move: Eq + Hash,
{
    type Observation = G;

    fn observation(&self, _observer: PlayerIdx) -> G {
        self.0.clone()
    }

    /// The real state itself; without `ORDER`, its face-down cards shuffled anew.
    fn determinize<R: rand::Rng + ?Sized>(&self, _observer: PlayerIdx, rng: &mut R) -> Self {
        let mut state = self.clone();
        if !ORDER {
            state.0.reshuffle_unseen(rng.random());
        }
        state
    }
}

impl<G: BotGame, const ORDER: bool> BotGame for SeesAll<G, ORDER>
where
    G::Move: Eq + Hash,
{
    fn sensible_moves(&self, legal: Vec<G::Move>) -> Vec<G::Move> {
        self.0.sensible_moves(legal)
    }
    fn evaluate(&self, player: PlayerIdx) -> f64 {
        self.0.evaluate(player)
    }
    fn evaluate_hard(&self, player: PlayerIdx) -> f64 {
        self.0.evaluate_hard(player)
    }
    fn sudden_wins(&self) -> bool {
        self.0.sudden_wins()
    }
    fn wins_at_once(&self, mv: &G::Move) -> bool {
        self.0.wins_at_once(mv)
    }
    fn with_mover(&self, player: PlayerIdx) -> Option<Self> {
        self.0.with_mover(player).map(SeesAll)
    }
    fn margin(&self, player: PlayerIdx) -> f64 {
        self.0.margin(player)
    }
    fn final_scores(&self) -> Option<Vec<f64>> {
        self.0.final_scores()
    }
    fn rollout_move<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<G::Move> {
        self.0.rollout_move(rng)
    }
    fn hard_search(&self) -> Search {
        self.0.hard_search()
    }
    fn budget_share(&self) -> f64 {
        self.0.budget_share()
    }
    fn root_slack(&self) -> f64 {
        self.0.root_slack()
    }
    fn playout_depth(&self) -> usize {
        self.0.playout_depth()
    }
    fn eval_scale(&self) -> f64 {
        self.0.eval_scale()
    }
}

fn splitmix(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One seat's results.
#[derive(Clone, Default)]
struct Tally {
    games: u32,
    reward: f64,
    margin: f64,
    margins: u32,
    moves: u32,
    time: Duration,
    /// The time of every searched move (more than one legal move) of a Hard or ceiling seat.
    searched: Vec<Duration>,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.games += other.games;
        self.reward += other.reward;
        self.margin += other.margin;
        self.margins += other.margins;
        self.moves += other.moves;
        self.time += other.time;
        self.searched.extend(other.searched);
    }

    fn rate(&self) -> (f64, f64, f64) {
        let n = f64::from(self.games);
        let (lo, hi) = wilson(self.reward, n);
        (if n > 0.0 { self.reward / n } else { 0.0 }, lo, hi)
    }

    /// Median, 95th percentile and maximum of the searched moves' times, in ms.
    fn search_times(&self) -> Option<(f64, f64, f64)> {
        let mut t: Vec<f64> = self.searched.iter().map(|d| d.as_secs_f64() * 1000.0).collect();
        t.sort_by(f64::total_cmp);
        let at = |q: f64| t[((t.len() - 1) as f64 * q).round() as usize];
        (!t.is_empty()).then(|| (at(0.5), at(0.95), at(1.0)))
    }
}

/// A seat's move in `g`: its level's choice (the ceiling's from the real state).
fn seat_move<G: BotGame>(g: &G, p: PlayerIdx, seat: Seat, budget: Budget, s: &mut u64) -> G::Move
where
    G::Move: Eq + Hash,
{
    match seat {
        Seat::Random => {
            let legal = g.legal_moves();
            legal[(splitmix(s) % legal.len() as u64) as usize].clone()
        }
        Seat::Bot(level) => choose(g, p, level, splitmix(s), budget).expect("a bot move"),
        Seat::Ceiling => choose(&SeesAll::<G, true>(g.clone()), p, Level::Hard, splitmix(s), budget).expect("a move"),
        Seat::Hands => choose(&SeesAll::<G, false>(g.clone()), p, Level::Hard, splitmix(s), budget).expect("a move"),
    }
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
        let mv = seat_move(&g, p, seats[seat], budget, &mut s);
        let took = start.elapsed();
        let t = &mut out[seat];
        t.moves += 1;
        t.time += took;
        if matches!(seats[seat], Seat::Bot(Level::Hard) | Seat::Ceiling | Seat::Hands) && g.legal_moves().len() > 1 {
            t.searched.push(took);
        }
        g.apply(&mv).expect("the chosen move applies");
    }
    let outcome = g.outcome().expect("the game ended");
    let scores = g.final_scores();
    for p in 0..players {
        let t = &mut out[seat_of(p)];
        t.games += 1;
        t.reward += match &outcome {
            Outcome::Draw => 0.5,
            Outcome::Winners(w) if w.contains(&p) => 1.0 / w.len() as f64,
            Outcome::Winners(_) => 0.0,
        };
        if let Some(sc) = &scores {
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

/// What one run plays.
#[derive(Clone, Copy)]
struct Run<'a> {
    players: usize,
    seats: &'a [Seat],
    games: u32,
    budget: Budget,
    seed: u64,
    threads: u32,
}

/// Plays `run.games` games over `run.threads` threads; one tally per seat.
fn play<G: BotGame>(run: Run<'_>) -> Vec<Tally>
where
    G::Move: Eq + Hash,
{
    let n = run.seats.len();
    let threads = run.threads.max(1);
    let parts: Vec<Vec<Tally>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|thread| {
                scope.spawn(move || {
                    let mut out = vec![Tally::default(); n];
                    for i in (thread..run.games).step_by(threads as usize) {
                        play_one::<G>(i, run.players, run.seats, run.budget, run.seed, &mut out);
                    }
                    out
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("arena thread")).collect()
    });
    let mut total = vec![Tally::default(); n];
    for part in parts {
        for (t, r) in total.iter_mut().zip(part) {
            t.add(r);
        }
    }
    total
}

fn print_seats(run: Run<'_>, total: &[Tally]) {
    println!("{} games, {} players, budget {} iterations", run.games, run.players, run.budget.iterations);
    for (i, (seat, t)) in run.seats.iter().zip(total).enumerate() {
        let (rate, lo, hi) = t.rate();
        let margin = if t.margins > 0 { format!("{:+.1}", t.margin / f64::from(t.margins)) } else { "-".into() };
        let ms = if t.moves > 0 { t.time.as_secs_f64() * 1000.0 / f64::from(t.moves) } else { 0.0 };
        let searched = t
            .search_times()
            .map(|(median, p95, max)| {
                format!(", searched moves {median:.1} / {p95:.1} / {max:.1} ms (median / p95 / max)")
            })
            .unwrap_or_default();
        println!(
            "seat {i} {seat:?}: win rate {:.1} % [{:.1}, {:.1}] over {} seat-games, mean margin {margin}, {ms:.2} ms per move{searched}",
            rate * 100.0,
            lo * 100.0,
            hi * 100.0,
            t.games
        );
    }
}

/// One line of the table: `first` (Hard or the ceiling) in chair rotation against Medium in
/// every other chair; its share, interval and search times.
fn table_cell(kind: GameKind, first: Seat, run: Run<'_>) -> Tally {
    let seats: Vec<Seat> = (0..run.players).map(|p| if p == 0 { first } else { Seat::Bot(Level::Medium) }).collect();
    let run = Run { seats: &seats, ..run };
    let mut tallies = spieltisch::with_game!(kind, G => play::<G>(run));
    tallies.swap_remove(0)
}

fn percent(t: &Tally) -> String {
    let (rate, lo, hi) = t.rate();
    format!("{:.1} % [{:.1}, {:.1}]", rate * 100.0, lo * 100.0, hi * 100.0)
}

/// Prints the table: per game and player count, Hard against Medium, whether the target holds
/// (2 players: lower bound ≥ 55 %; more: lower bound above a fair share), the ceiling, Hard's
/// edge as a share of the ceiling's, and Hard's time per searched move.
fn print_table(kinds: &[GameKind], run: Run<'_>) {
    println!(
        "{} games per line, budget {} iterations, {} threads, seed {}",
        run.games, run.budget.iterations, run.threads, run.seed
    );
    println!();
    println!("| game | players | Hard vs Medium | target | met | ceiling vs Medium | Hard's edge / ceiling's | Hard ms per searched move (median · p95 · max) |");
    println!("|---|---|---|---|---|---|---|---|");
    for &kind in kinds {
        let (min, max) = kind.players();
        for players in min.max(2)..=max {
            let run = Run { players, ..run };
            let hard = table_cell(kind, Seat::Bot(Level::Hard), run);
            let ceiling = table_cell(kind, Seat::Ceiling, run);
            let fair = 1.0 / players as f64;
            let (target, bound) = if players == 2 { ("≥ 55 %", 0.55) } else { ("> fair share", fair + 1e-9) };
            let met = if hard.rate().1 >= bound { "yes" } else { "no" };
            let edge = (hard.rate().0 - fair) / (ceiling.rate().0 - fair);
            let times = hard
                .search_times()
                .map(|(median, p95, max)| format!("{median:.0} · {p95:.0} · {max:.0}"))
                .unwrap_or_else(|| "-".into());
            println!(
                "| {} | {players} | {} | {target} | {met} | {} | {:.0} % | {times} |",
                kind.name(),
                percent(&hard),
                percent(&ceiling),
                edge * 100.0
            );
        }
    }
}

/// Measures, per game, Medium against Easy and Hard against Medium with two players, prints the
/// shares and, with `write`, stores them with the bots' fingerprint for setup's labels.
fn measure_labels(kinds: &[GameKind], run: Run<'_>, write: bool) {
    println!(
        "{} games per line, budget {} iterations, {} threads, seed {}",
        run.games, run.budget.iterations, run.threads, run.seed
    );
    let mut lines = Vec::new();
    for &kind in kinds {
        for (level, against) in [(Level::Medium, Level::Easy), (Level::Hard, Level::Medium)] {
            let seats = [Seat::Bot(level), Seat::Bot(against)];
            let run = Run { players: 2, seats: &seats, ..run };
            let tally = spieltisch::with_game!(kind, G => play::<G>(run)).swap_remove(0);
            println!("{}: {level:?} against {against:?}: {}", kind.name(), percent(&tally));
            let (share, low, high) = tally.rate();
            let four = |x: f64| (x * 1e4).round() / 1e4;
            let (share, low, high) = (four(share), four(low), four(high));
            lines.push(Measured { game: kind.id().into(), level, against, games: tally.games, share, low, high });
        }
    }
    if !write {
        return;
    }
    assert_eq!(kinds.len(), GameKind::ALL.len(), "--write measures every game (no --game)");
    let strength = Strength {
        fingerprint: spieltisch_tools::strength::fingerprint().expect("the bots' sources"),
        iterations: run.budget.iterations,
        command: format!(
            "cargo run --release -p spieltisch-tools --bin arena -- --labels --games {} --write",
            run.games
        ),
        lines,
    };
    let file = spieltisch_tools::strength::figures_file();
    let text = serde_json::to_string_pretty(&strength).expect("figures as JSON") + "\n";
    std::fs::write(&file, text).unwrap_or_else(|e| panic!("write {}: {e}", file.display()));
    println!("written: {}", file.display());
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get() as u32);
    let run = Run {
        players: get("--players").map_or(2, |s| s.parse().expect("--players N")),
        seats: &[],
        games: get("--games").map_or(
            if args.contains(&"--table".into()) || args.contains(&"--labels".into()) { 1000 } else { 100 },
            |s| s.parse().expect("--games N"),
        ),
        budget: get("--budget").map_or(Budget::FULL, |s| Budget { iterations: s.parse().expect("--budget N") }),
        seed: get("--seed").map_or(1, |s| s.parse().expect("--seed N")),
        threads: get("--threads").map_or(cores, |s| s.parse().expect("--threads N")),
    };
    let ids = || GameKind::ALL.map(GameKind::id).join(", ");
    let kind_of = |id: &str| GameKind::from_id(id).unwrap_or_else(|| panic!("unknown game {id:?} ({})", ids()));
    let chosen: Vec<GameKind> =
        args.iter().zip(args.iter().skip(1)).filter(|(a, _)| *a == "--game").map(|(_, id)| kind_of(id)).collect();
    let kinds = if chosen.is_empty() { GameKind::ALL.to_vec() } else { chosen };
    if args.contains(&"--labels".into()) {
        return measure_labels(&kinds, run, args.contains(&"--write".into()));
    }
    if args.contains(&"--table".into()) {
        return print_table(&kinds, run);
    }
    let kind = kind_of(&get("--game").unwrap_or_else(|| "just4fun".into()));
    let seats: Vec<Seat> = get("--seats").unwrap_or_else(|| "hard,medium".into()).split(',').map(parse_seat).collect();
    assert!(!seats.is_empty() && seats.len() <= run.players, "give 1 to {} seat kinds", run.players);
    // Fewer seat kinds than chairs: repeat them.
    let seats: Vec<Seat> = (0..run.players).map(|p| seats[p % seats.len()]).collect();
    let run = Run { seats: &seats, ..run };
    let total = spieltisch::with_game!(kind, G => play::<G>(run));
    print_seats(run, &total);
}
