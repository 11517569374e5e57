//! `report`: size and speed report for the built app (not a test — it only prints numbers).
//!
//! ```text
//! cargo run --release -p spieltisch-tools --bin report -- [--dist DIR] [--runs 5] [--seconds 2]
//!     [--turns N] [--game KIND]… [sections…] [--no-browser] [--no-engine] [--no-computers]
//! ```
//!
//! Sections (named ones run alone; none named: all but Lighthouse):
//! * `--sizes`: per-file size of `dist/` raw / gzip (level 9) / brotli (quality 11) and totals,
//!   whether the first load (index.html, JS, Wasm, CSS; not the computer players' worker nor the
//!   game screen's styles, which load after the first screen) is
//!   ≤ 300 KB (300 000 bytes) brotli, and the worker's own size.
//! * `--visit`: bytes of a first and a warm visit, from the server's record.
//! * `--taps`: tap → next frame p50 / p95 per game over complete games by taps at 1× and 4×
//!   CPU, and DOM changes per tap early vs late (`perf.rs`); `--turns N` stops each game after
//!   N turns, `--game just4fun` (repeatable) plays only those.
//! * `--startup`: longest main-thread task up to home and up to a new game's board, and
//!   navigation → board of the app vs a static page of the same board (`perf.rs`).
//! * `--computers`: per game one Hard-vs-Hard game: the worker's time per Hard move and the
//!   longest main-thread task.
//! * `--lighthouse`: Lighthouse mobile scores of home and a running game of each kind
//!   and the other screens (`lighthouse.rs`; needs `scripts/setup.sh --lighthouse`); `--game
//!   WORD` audits only the screens whose names contain it.
//! * `--browser`: every browser section (visit, taps, startup, computers, lighthouse).
//! * `--engine`: random full games per second, natively, per game and player count.

use serde_json::{json, Value};
use spieltisch::engine::{Game, GameKind};
use spieltisch_tools::server::StaticServer;
use spieltisch_tools::webdriver::Browser;
use spieltisch_tools::{dist, lighthouse, perf};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const BUDGET_BYTES: u64 = 300_000;
/// DEVELOPERS.md's allowance for a feature that cannot fit: up to 320 KB, only while Lighthouse
/// mobile performance stays at 95 or more on every screen (`report --lighthouse`).
const ALLOWANCE_BYTES: u64 = 320_000;
/// Files of the computer players' worker (src/bin/worker.rs).
const WORKER_PREFIX: &str = "spieltisch-worker";
/// Files of the rules page's examples (src/bin/rules.rs).
const RULES_PREFIX: &str = "spieltisch-rules";
/// The game screen's styles, linked once the first screen is up (Trunk.toml's start script).
const LATER_CSS: &str = "table.css";

/// Collects every main-thread long task (> 50 ms) from the start of the page.
const LONGTASK_SCRIPT: &str = r#"
(() => {
  window.__longTasks = [];
  try {
    new PerformanceObserver(list => { for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]); })
      .observe({ type: 'longtask', buffered: true });
  } catch (e) { window.__longTasks = null; }
})();
"#;

/// Plays one game per kind with two Hard computers (pauses skipped) in headless Chromium and
/// prints the worker's time per Hard move (median, p95) and the longest main-thread task.
fn computer_timing(dist: &Path) -> Result<(), String> {
    println!("== Hard computer players in headless Chromium (one Hard-vs-Hard game per kind, full budget)");
    let server = StaticServer::serve(dist, "/spieltisch/").map_err(|e| e.to_string())?;
    let url = server.url();
    let mut longest_all: f64 = 0.0;
    for kind in spieltisch_tools::screens::KINDS {
        let b = Browser::start().map_err(|e| e.to_string())?;
        b.cdp("Page.addScriptToEvaluateOnNewDocument", json!({ "source": LONGTASK_SCRIPT }))
            .map_err(|e| e.to_string())?;
        let t = Duration::from_secs(30);
        b.goto(&format!("{url}#/new/{kind}")).map_err(|e| e.to_string())?;
        b.wait_for("[data-test=setup]", t).map_err(|e| e.to_string())?;
        if let Ok(Some(p2)) = b.try_find("[data-test=players-2]") {
            let _ = b.click(&p2);
        }
        for hard in b.find_all("[data-test=kind-hard]").map_err(|e| e.to_string())? {
            b.click(&hard).map_err(|e| e.to_string())?;
        }
        // Long tasks count from the start of the game (not the page's own start-up).
        let game_start =
            b.execute("return performance.now();", vec![]).map_err(|e| e.to_string())?.as_f64().unwrap_or(0.0);
        b.click_css("[data-test=start]", t).map_err(|e| e.to_string())?;
        b.click_css("[data-test=skip]", t).map_err(|e| e.to_string())?;
        let started = Instant::now();
        b.wait_for("[data-test=end-screen]", Duration::from_secs(900)).map_err(|e| format!("{kind}: {e}"))?;
        let data = b
            .execute("return { bot: window.spieltischBotMs || [], long: window.__longTasks };", vec![])
            .map_err(|e| e.to_string())?;
        let mut bot: Vec<f64> =
            data["bot"].as_array().map(|a| a.iter().filter_map(Value::as_f64).collect()).unwrap_or_default();
        let long: Option<Vec<f64>> = data["long"].as_array().map(|a| {
            a.iter().filter(|e| e[0].as_f64().is_some_and(|s| s >= game_start)).filter_map(|e| e[1].as_f64()).collect()
        });
        bot.sort_by(|a, b| a.total_cmp(b));
        let p95 = bot.get(((bot.len() as f64 * 0.95).ceil() as usize).saturating_sub(1)).copied().unwrap_or(f64::NAN);
        let longest = long.as_ref().map(|l| l.iter().copied().fold(0.0, f64::max));
        if let Some(l) = longest {
            longest_all = longest_all.max(l);
        }
        println!(
            "{kind:<12} {:>3} Hard moves: median {:>5.0} ms, p95 {:>5.0} ms, max {:>5.0} ms; game {:.0} s; longest main-thread task {}",
            bot.len(),
            median(&mut bot.clone()),
            p95,
            bot.last().copied().unwrap_or(f64::NAN),
            started.elapsed().as_secs_f64(),
            match (&long, longest) {
                (None, _) => "(longtask API unavailable)".to_string(),
                (Some(l), _) if l.is_empty() => "none over 50 ms".to_string(),
                (Some(l), Some(m)) => format!("{m:.0} ms ({} tasks over 50 ms)", l.len()),
                _ => String::new(),
            }
        );
    }
    println!(
        "longest main-thread task over all games: {}",
        if longest_all > 0.0 { format!("{longest_all:.0} ms") } else { "none over 50 ms".into() }
    );
    println!();
    Ok(())
}

/// The report's sections, in the order they print.
const SECTIONS: [&str; 7] = ["sizes", "visit", "taps", "startup", "computers", "lighthouse", "engine"];
const BROWSER_SECTIONS: [&str; 5] = ["visit", "taps", "startup", "computers", "lighthouse"];

struct Args {
    dist: PathBuf,
    runs: usize,
    seconds: f64,
    turns: usize,
    games: Vec<String>,
    sections: Vec<&'static str>,
}

fn parse_args() -> Args {
    let mut a =
        Args { dist: dist::dist_dir(), runs: 5, seconds: 2.0, turns: 500, games: Vec::new(), sections: Vec::new() };
    let mut off: Vec<&str> = Vec::new();
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let named = SECTIONS.iter().find(|s| arg.strip_prefix("--") == Some(**s));
        match arg.as_str() {
            "--dist" => a.dist = PathBuf::from(it.next().expect("--dist DIR")),
            "--runs" => a.runs = it.next().and_then(|v| v.parse().ok()).expect("--runs N"),
            "--seconds" => a.seconds = it.next().and_then(|v| v.parse().ok()).expect("--seconds S"),
            "--turns" => a.turns = it.next().and_then(|v| v.parse().ok()).expect("--turns N"),
            "--game" => a.games.push(it.next().expect("--game KIND")),
            "--browser" => a.sections.extend(BROWSER_SECTIONS),
            "--no-browser" => off.extend(BROWSER_SECTIONS),
            "--no-engine" => off.push("engine"),
            "--no-computers" => off.push("computers"),
            _ if named.is_some() => a.sections.extend(named),
            _ => {
                eprintln!(
                    "usage: report [--dist DIR] [--runs N] [--seconds S] [--turns N] [--game KIND]… \
                     [--sizes] [--visit] [--taps] [--startup] [--computers] [--lighthouse] [--engine] [--browser] \
                     [--no-browser] [--no-engine] [--no-computers]"
                );
                std::process::exit(2);
            }
        }
    }
    if a.sections.is_empty() {
        a.sections = SECTIONS.iter().copied().filter(|s| *s != "lighthouse").collect();
    }
    a.sections.retain(|s| !off.contains(s));
    a
}

fn gzip_len(data: &[u8]) -> u64 {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    enc.write_all(data).expect("gzip");
    enc.finish().expect("gzip").len() as u64
}

fn brotli_len(data: &[u8]) -> u64 {
    let mut out = Vec::new();
    {
        let mut w = brotli::CompressorWriter::new(&mut out, 4096, 11, 22);
        w.write_all(data).expect("brotli");
    }
    out.len() as u64
}

fn kb(n: u64) -> String {
    format!("{:.1} KB", n as f64 / 1000.0)
}

fn sizes(dist: &Path) -> Result<(), String> {
    println!("== Sizes of {} (1 KB = 1000 bytes)", dist.display());
    let files = dist::list_files(dist).map_err(|e| e.to_string())?;
    let width = files.iter().map(|f| f.len()).max().unwrap_or(10).max(10);
    println!("{:<width$} {:>12} {:>12} {:>12}", "file", "raw", "gzip -9", "brotli 11");
    let (mut raw_t, mut gz_t, mut br_t) = (0u64, 0u64, 0u64);
    let (mut raw_shell, mut br_shell) = (0u64, 0u64);
    let (mut raw_worker, mut br_worker) = (0u64, 0u64);
    for f in &files {
        let data = std::fs::read(dist.join(f)).map_err(|e| format!("{f}: {e}"))?;
        let (raw, gz, br) = (data.len() as u64, gzip_len(&data), brotli_len(&data));
        println!("{:<width$} {:>12} {:>12} {:>12}", f, kb(raw), kb(gz), kb(br));
        raw_t += raw;
        gz_t += gz;
        br_t += br;
        // The computer players' worker loads on the first computer turn, not with the page.
        let is_worker = f.starts_with(WORKER_PREFIX);
        if is_worker {
            raw_worker += raw;
            br_worker += br;
        }
        // The rules page's examples load with a rules page (src/bin/rules.rs).
        let is_shell = !is_worker
            && !f.starts_with(RULES_PREFIX)
            && (f == "index.html"
                || f.ends_with(".js") && f != "sw.js"
                || f.ends_with(".wasm")
                || f.ends_with(".css") && f != LATER_CSS);
        if is_shell {
            raw_shell += raw;
            br_shell += br;
        }
    }
    println!("{:<width$} {:>12} {:>12} {:>12}", "TOTAL", kb(raw_t), kb(gz_t), kb(br_t));
    println!();
    // The budget is what the first screen needs; files it does not need (rules texts, icons,
    // later the computer players) are fetched on demand or precached after the app runs.
    let verdict = if br_shell <= BUDGET_BYTES {
        format!("within the {} budget ✔", kb(BUDGET_BYTES))
    } else if br_shell <= ALLOWANCE_BYTES {
        format!(
            "over the {} budget, within the {} allowance (it holds while Lighthouse mobile performance is ≥ 95 on every screen: report --lighthouse)",
            kb(BUDGET_BYTES),
            kb(ALLOWANCE_BYTES)
        )
    } else {
        format!("OVER the {} budget and the {} allowance ✘", kb(BUDGET_BYTES), kb(ALLOWANCE_BYTES))
    };
    println!(
        "First load (index.html + JS + Wasm + CSS, not {LATER_CSS}): {} raw, {} brotli — {verdict}",
        kb(raw_shell),
        kb(br_shell)
    );
    println!(
        "Computer players' worker (loaded on the first computer turn): {} raw, {} brotli",
        kb(raw_worker),
        kb(br_worker)
    );
    println!("Everything the service worker precaches for offline use (all files above): {} brotli", kb(br_t));
    println!();
    Ok(())
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = v.len();
    if n == 0 {
        f64::NAN
    } else if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// SplitMix64: a tiny seeded generator for picking random moves.
struct SplitMix(u64);
impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Plays random full games for about `seconds`; returns (games, total moves, elapsed).
fn random_games<G: Game>(players: usize, seconds: f64) -> Result<(u64, u64, f64), String> {
    let mut rng = SplitMix(0x5EED ^ players as u64);
    let start = Instant::now();
    let (mut games, mut moves) = (0u64, 0u64);
    while start.elapsed().as_secs_f64() < seconds || games == 0 {
        let seed = rng.next();
        let mut g =
            G::new(players, G::Options::default(), seed).map_err(|e| format!("new game ({players} players): {e}"))?;
        let mut n = 0u64;
        while g.outcome().is_none() {
            let legal = g.legal_moves();
            if legal.is_empty() {
                return Err(format!("seed {seed}: no legal move but no outcome after {n} moves"));
            }
            let mv = &legal[rng.below(legal.len())];
            g.apply(mv).map_err(|e| format!("seed {seed}: legal move refused: {e:?}"))?;
            n += 1;
            if n > 100_000 {
                return Err(format!("seed {seed}: game did not end after {n} moves"));
            }
        }
        games += 1;
        moves += n;
    }
    Ok((games, moves, start.elapsed().as_secs_f64()))
}

fn engine_speed(seconds: f64) -> Result<(), String> {
    if cfg!(debug_assertions) {
        println!("(debug build — run with --release for meaningful numbers)");
    }
    // Every game with its default options (named after it), at every table size it allows.
    for kind in GameKind::ALL {
        let (min, max) = kind.players();
        spieltisch::with_game!(kind, G => {
            let title = format!("{} ({:?})", kind.name(), <G as Game>::Options::default());
            speed_of::<G>(&title, min..=max, seconds)
        })?;
    }
    Ok(())
}

/// Random full games of `G` per second for each player count.
fn speed_of<G: Game>(title: &str, players: std::ops::RangeInclusive<usize>, seconds: f64) -> Result<(), String> {
    println!("== Random full {title} games, native, single thread (~{seconds} s each)");
    for players in players {
        let (games, moves, secs) = random_games::<G>(players, seconds)?;
        println!(
            "{players} players: {:>10.0} games/s  ({games} games, {:.1} moves/game)",
            games as f64 / secs,
            moves as f64 / games as f64
        );
    }
    println!();
    Ok(())
}

/// What a first visit downloads (fresh profile: the page, then the service worker's precache)
/// and what a warm visit (a reload) downloads, from the server's own record of what it sent.
fn first_visit(dist: &Path) -> Result<(), String> {
    println!("== Bytes per visit (server's record; ETag and 304 as on a real host)");
    let server = StaticServer::serve(dist, "/spieltisch/").map_err(|e| e.to_string())?;
    let url = server.url();
    let b = Browser::start().map_err(|e| e.to_string())?;
    let t = Duration::from_secs(60);
    b.goto(&url).map_err(|e| e.to_string())?;
    b.wait_for("[data-test=home]", t).map_err(|e| e.to_string())?;
    // Offline-ready: the worker controls the page and its cache holds the build's files.
    b.wait_until(t, "the offline copy", |b| {
        let v = b.execute_async(
            "const done = arguments[arguments.length - 1]; if (!navigator.serviceWorker.controller) { done(false); return; }
             caches.keys().then(ks => Promise.all(ks.map(k => caches.open(k).then(c => c.keys()))))
               .then(ls => done(ls.some(l => l.length > 5)));",
            vec![],
        );
        Ok(v.ok().and_then(|v| v.as_bool()).filter(|&ok| ok).map(|_| ()))
    })
    .map_err(|e| e.to_string())?;
    let first = server.served();
    let total: usize = first.iter().map(|s| s.bytes).sum();
    let mut twice: Vec<String> = Vec::new();
    for s in &first {
        let n = first.iter().filter(|o| o.path == s.path && o.status == 200).count();
        if n > 1 && !twice.contains(&s.path) {
            twice.push(s.path.clone());
        }
    }
    let bodies = first.iter().filter(|s| s.status == 200).count();
    println!(
        "first visit: {} requests, {bodies} with a body, {} sent (raw; a host may compress)",
        first.len(),
        kb(total as u64)
    );
    println!("  files sent twice: {}", if twice.is_empty() { "none".to_string() } else { twice.join(", ") });
    b.refresh().map_err(|e| e.to_string())?;
    b.wait_for("[data-test=home]", t).map_err(|e| e.to_string())?;
    std::thread::sleep(Duration::from_millis(500));
    let warm: Vec<_> = server.served().into_iter().skip(first.len()).collect();
    let warm_bytes: usize = warm.iter().map(|s| s.bytes).sum();
    let listed: Vec<String> = warm.iter().map(|s| format!("{} {}", s.status, s.path)).collect();
    println!(
        "warm visit (reload): {} requests, {} sent{}",
        warm.len(),
        kb(warm_bytes as u64),
        if listed.is_empty() { String::new() } else { format!(": {}", listed.join(", ")) }
    );
    println!();
    Ok(())
}

fn main() {
    let args = parse_args();
    let mut failed = false;
    let has_dist = args.dist.join("index.html").is_file();
    for section in SECTIONS.iter().filter(|s| args.sections.contains(s)) {
        if *section != "engine" && !has_dist {
            eprintln!(
                "{} has no index.html — run `trunk build --release` first (scripts/report.sh does)",
                args.dist.display()
            );
            failed = true;
            continue;
        }
        let result = match *section {
            "sizes" => sizes(&args.dist),
            "visit" => first_visit(&args.dist),
            "taps" => perf::taps_section(&args.dist, args.turns, &args.games),
            "startup" => perf::startup_section(&args.dist, args.runs),
            "computers" => computer_timing(&args.dist),
            "lighthouse" => lighthouse::lighthouse_section(&args.dist, &args.games),
            _ => engine_speed(args.seconds),
        };
        if let Err(e) = result {
            eprintln!("{section}: {e}");
            failed = true;
        }
    }
    if failed {
        std::process::exit(1);
    }
}
