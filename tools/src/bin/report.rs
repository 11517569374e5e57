//! `report`: size and speed report for the built app (not a test — it only prints numbers).
//!
//! ```text
//! cargo run --release -p spieltisch-tools --bin report -- [--dist DIR] [--runs 5]
//!     [--seconds 2] [--no-browser] [--no-engine]
//! ```
//!
//! 1. Per-file size of `dist/` raw / gzip (level 9) / brotli (quality 11) and totals, with a flag
//!    whether the first load (index.html, JS, Wasm, CSS; not the computer players' worker) is
//!    ≤ 300 KB (300 000 bytes) brotli, and the worker's own size.
//! 2. Median over N cold runs (fresh headless Chromium profile each) of the time from navigation
//!    start to "home ready" (`[data-test=home]` in the DOM) and to "board ready"
//!    (`[data-test=field]` in the DOM after starting a two-player Just 4 Fun game by clicks).
//! 3. Per game, one Hard-vs-Hard game in headless Chromium: the worker's time per Hard move
//!    (median, p95) and the longest main-thread task (PerformanceObserver `longtask`).
//! 4. Random full games per second, natively, per game and player count.

use serde_json::{json, Value};
use spieltisch::engine::gutangelegt::GutAngelegt;
use spieltisch::engine::just4fun::Just4Fun;
use spieltisch::engine::sudoku::Sudoku;
use spieltisch::engine::viermalvier::VierMalVier;
use spieltisch::engine::Game;
use spieltisch_tools::dist;
use spieltisch_tools::server::StaticServer;
use spieltisch_tools::webdriver::Browser;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const BUDGET_BYTES: u64 = 300_000;
/// Files of the computer players' worker (src/bin/worker.rs).
const WORKER_PREFIX: &str = "spieltisch-worker";

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
    for kind in ["just4fun", "gutangelegt", "viermalvier", "sudoku"] {
        let b = Browser::start().map_err(|e| e.to_string())?;
        b.cdp("Page.addScriptToEvaluateOnNewDocument", json!({ "source": LONGTASK_SCRIPT })).map_err(|e| e.to_string())?;
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
        let game_start = b.execute("return performance.now();", vec![]).map_err(|e| e.to_string())?.as_f64().unwrap_or(0.0);
        b.click_css("[data-test=start]", t).map_err(|e| e.to_string())?;
        b.click_css("[data-test=skip]", t).map_err(|e| e.to_string())?;
        let started = Instant::now();
        b.wait_for("[data-test=end-screen]", Duration::from_secs(900)).map_err(|e| format!("{kind}: {e}"))?;
        let data = b
            .execute("return { bot: window.spieltischBotMs || [], long: window.__longTasks };", vec![])
            .map_err(|e| e.to_string())?;
        let mut bot: Vec<f64> = data["bot"].as_array().map(|a| a.iter().filter_map(Value::as_f64).collect()).unwrap_or_default();
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
    println!("longest main-thread task over all games: {}", if longest_all > 0.0 { format!("{longest_all:.0} ms") } else { "none over 50 ms".into() });
    println!();
    Ok(())
}

struct Args {
    dist: PathBuf,
    runs: usize,
    seconds: f64,
    browser: bool,
    engine: bool,
    computers: bool,
}

fn parse_args() -> Args {
    let mut a = Args {
        dist: dist::dist_dir(),
        runs: 5,
        seconds: 2.0,
        browser: true,
        engine: true,
        computers: true,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--dist" => a.dist = PathBuf::from(it.next().expect("--dist DIR")),
            "--runs" => a.runs = it.next().and_then(|v| v.parse().ok()).expect("--runs N"),
            "--seconds" => a.seconds = it.next().and_then(|v| v.parse().ok()).expect("--seconds S"),
            "--no-browser" => a.browser = false,
            "--no-engine" => a.engine = false,
            "--no-computers" => a.computers = false,
            _ => {
                eprintln!(
                    "usage: report [--dist DIR] [--runs N] [--seconds S] [--no-browser] [--no-engine] [--no-computers]"
                );
                std::process::exit(2);
            }
        }
    }
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
    println!(
        "{:<width$} {:>12} {:>12} {:>12}",
        "file", "raw", "gzip -9", "brotli 11"
    );
    let (mut raw_t, mut gz_t, mut br_t) = (0u64, 0u64, 0u64);
    let (mut raw_shell, mut br_shell) = (0u64, 0u64);
    let (mut raw_worker, mut br_worker) = (0u64, 0u64);
    for f in &files {
        let data = std::fs::read(dist.join(f)).map_err(|e| format!("{f}: {e}"))?;
        let (raw, gz, br) = (data.len() as u64, gzip_len(&data), brotli_len(&data));
        println!(
            "{:<width$} {:>12} {:>12} {:>12}",
            f,
            kb(raw),
            kb(gz),
            kb(br)
        );
        raw_t += raw;
        gz_t += gz;
        br_t += br;
        // The computer players' worker loads on the first computer turn, not with the page.
        let is_worker = f.starts_with(WORKER_PREFIX);
        if is_worker {
            raw_worker += raw;
            br_worker += br;
        }
        let is_shell = !is_worker
            && (f == "index.html" || f.ends_with(".js") && f != "sw.js" || f.ends_with(".wasm") || f.ends_with(".css"));
        if is_shell {
            raw_shell += raw;
            br_shell += br;
        }
    }
    println!(
        "{:<width$} {:>12} {:>12} {:>12}",
        "TOTAL",
        kb(raw_t),
        kb(gz_t),
        kb(br_t)
    );
    println!();
    // The budget is what the first screen needs; files it does not need (rules texts, icons,
    // later the computer players) are fetched on demand or precached after the app runs.
    let ok = br_shell <= BUDGET_BYTES;
    println!(
        "First load (index.html + JS + Wasm + CSS): {} raw, {} brotli — {} the {} budget{}",
        kb(raw_shell),
        kb(br_shell),
        if ok { "within" } else { "OVER" },
        kb(BUDGET_BYTES),
        if ok { " ✔" } else { " ✘" }
    );
    println!(
        "Computer players' worker (loaded on the first computer turn): {} raw, {} brotli",
        kb(raw_worker),
        kb(br_worker)
    );
    println!(
        "Everything the service worker precaches for offline use (all files above): {} brotli",
        kb(br_t)
    );
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

/// Records, relative to navigation start, when the home screen and the first board field appear.
const MARK_SCRIPT: &str = r#"
(() => {
  const marks = {};
  window.__spieltischMarks = marks;
  const sel = { home: '[data-test=home]', setup: '[data-test=setup]',
                handover: '[data-test=handover]', field: '[data-test=field]' };
  const check = () => {
    const t = performance.now();
    for (const k in sel) if (!(k in marks) && document.querySelector(sel[k])) marks[k] = t;
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})();
"#;

fn one_run(url: &str) -> Result<(f64, f64, f64, String), String> {
    let b = Browser::start().map_err(|e| e.to_string())?;
    b.cdp(
        "Page.addScriptToEvaluateOnNewDocument",
        json!({ "source": MARK_SCRIPT }),
    )
    .map_err(|e| format!("CDP not available: {e}"))?;
    b.goto(url).map_err(|e| e.to_string())?;
    let t = Duration::from_secs(30);
    b.wait_for("[data-test=home]", t)
        .map_err(|e| e.to_string())?;
    b.click_css("[data-test=new-just4fun]", t)
        .map_err(|e| e.to_string())?;
    b.wait_for("[data-test=setup]", t)
        .map_err(|e| e.to_string())?;
    if let Ok(Some(p2)) = b.try_find("[data-test=players-2]") {
        let _ = b.click(&p2);
    }
    b.click_css("[data-test=start]", t)
        .map_err(|e| e.to_string())?;
    b.wait_until(t, "board", |b| {
        if b.exists("[data-test=field]")? {
            return Ok(Some(()));
        }
        if let Some(r) = b.try_find("[data-test=reveal]")? {
            let _ = b.click(&r);
        }
        Ok(None)
    })
    .map_err(|e| e.to_string())?;
    let marks = b
        .execute(
            "const n = performance.getEntriesByType('navigation')[0];\
             return Object.assign({ load: n ? n.loadEventEnd : null }, window.__spieltischMarks);",
            vec![],
        )
        .map_err(|e| e.to_string())?;
    let get = |k: &str| marks.get(k).and_then(Value::as_f64);
    let mut steps = String::new();
    for (k, label) in [("setup", "setup"), ("handover", "hand-over")] {
        if let Some(t) = get(k) {
            steps.push_str(&format!(", {label} shown {t:.0} ms"));
        }
    }
    Ok((
        get("load").unwrap_or(f64::NAN),
        get("home").ok_or("no home mark")?,
        get("field").ok_or("no field mark")?,
        steps,
    ))
}

fn browser_timing(dist: &Path, runs: usize) -> Result<(), String> {
    println!("== Startup in headless Chromium ({runs} cold runs, fresh profile each)");
    let server = StaticServer::serve(dist, "/spieltisch/").map_err(|e| e.to_string())?;
    let url = server.url();
    println!("URL: {url}");
    let (mut load, mut home, mut board) = (vec![], vec![], vec![]);
    for i in 1..=runs {
        match one_run(&url) {
            Ok((l, h, f, steps)) => {
                println!(
                    "run {i}: load event {l:.0} ms, home ready {h:.0} ms{steps}, board ready {f:.0} ms"
                );
                load.push(l);
                home.push(h);
                board.push(f);
            }
            Err(e) => println!("run {i}: failed: {e}"),
        }
    }
    if home.is_empty() {
        return Err("no successful run".into());
    }
    println!(
        "median: load event {:.0} ms, home ready {:.0} ms, board ready {:.0} ms",
        median(&mut load),
        median(&mut home),
        median(&mut board)
    );
    println!(
        "(times from navigation start; \"board ready\" includes the WebDriver clicks on \
         new game → start, and on reveal if a hand-over cover shows)"
    );
    println!();
    Ok(())
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
        let mut g = G::new(players, G::Options::default(), seed)
            .map_err(|e| format!("new game ({players} players): {e}"))?;
        let mut n = 0u64;
        while g.outcome().is_none() {
            let legal = g.legal_moves();
            if legal.is_empty() {
                return Err(format!(
                    "seed {seed}: no legal move but no outcome after {n} moves"
                ));
            }
            let mv = &legal[rng.below(legal.len())];
            g.apply(mv)
                .map_err(|e| format!("seed {seed}: legal move refused: {e:?}"))?;
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
    speed_of::<Just4Fun>("Just 4 Fun", 2..=4, seconds)?;
    speed_of::<Sudoku>("Sudoku (assisted, standard scoring)", 1..=4, seconds)?;
    speed_of::<VierMalVier>("Vier mal Vier (single game)", 2..=2, seconds)?;
    speed_of::<GutAngelegt>("Gut angelegt (scored automatically)", 2..=4, seconds)
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

/// Counts DOM mutations (nodes added or removed, attributes and texts changed) caused by each
/// tap of a Gut angelegt turn, early and late in a game: the counts should not grow with the
/// table.
fn dom_changes(dist: &Path) -> Result<(), String> {
    use spieltisch::session::AnySession;
    use spieltisch_tools::screens;
    println!("== DOM changes per tap, Gut angelegt (3 people; pick a card, pick a place, lay)");
    let server = StaticServer::serve(dist, "/spieltisch/").map_err(|e| e.to_string())?;
    let url = server.url();
    let b = Browser::start().map_err(|e| e.to_string())?;
    let e = |e: spieltisch_tools::webdriver::Error| e.to_string();
    for moves in [3usize, 40] {
        let game = screens::random_game::<GutAngelegt>(3, Default::default(), 7, |s| s.log.len() >= moves);
        screens::open_saved(&b, &url, &AnySession::GutAngelegt(game)).map_err(e)?;
        screens::reveal(&b).map_err(e)?;
        b.wait_for("[data-test=hand-card]", Duration::from_secs(30)).map_err(e)?;
        b.execute(
            "window.__muts = 0; new MutationObserver(rs => { for (const r of rs) window.__muts += r.type === 'childList' ? r.addedNodes.length + r.removedNodes.length : 1; })
               .observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });",
            vec![],
        )
        .map_err(e)?;
        let mut counts = Vec::new();
        for (label, css) in [("card", "[data-test=hand-card]"), ("place", "[data-test=slot]"), ("lay", "[data-test=place]")] {
            b.execute("window.__muts = 0;", vec![]).map_err(e)?;
            b.click_css(css, Duration::from_secs(30)).map_err(e)?;
            std::thread::sleep(Duration::from_millis(300));
            let n = b.execute("return window.__muts;", vec![]).map_err(e)?;
            counts.push(format!("{label} {}", n.as_u64().unwrap_or(0)));
        }
        println!("after {moves:>2} cards on the table: {}", counts.join(", "));
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
    println!("first visit: {} requests, {bodies} with a body, {} sent (raw; a host may compress)", first.len(), kb(total as u64));
    println!("  files sent twice: {}", if twice.is_empty() { "none".to_string() } else { twice.join(", ") });
    b.refresh().map_err(|e| e.to_string())?;
    b.wait_for("[data-test=home]", t).map_err(|e| e.to_string())?;
    std::thread::sleep(Duration::from_millis(500));
    let warm: Vec<_> = server.served().into_iter().skip(first.len()).collect();
    let warm_bytes: usize = warm.iter().map(|s| s.bytes).sum();
    let listed: Vec<String> = warm.iter().map(|s| format!("{} {}", s.status, s.path)).collect();
    println!("warm visit (reload): {} requests, {} sent{}", warm.len(), kb(warm_bytes as u64), if listed.is_empty() { String::new() } else { format!(": {}", listed.join(", ")) });
    println!();
    Ok(())
}

fn main() {
    let args = parse_args();
    let mut failed = false;
    if args.dist.join("index.html").is_file() {
        if let Err(e) = sizes(&args.dist) {
            eprintln!("sizes: {e}");
            failed = true;
        }
        if args.browser {
            if let Err(e) = first_visit(&args.dist) {
                eprintln!("first visit: {e}");
                failed = true;
            }
            if let Err(e) = dom_changes(&args.dist) {
                eprintln!("DOM changes: {e}");
                failed = true;
            }
            if let Err(e) = browser_timing(&args.dist, args.runs) {
                eprintln!("browser timing: {e}");
                failed = true;
            }
            if args.computers {
                if let Err(e) = computer_timing(&args.dist) {
                    eprintln!("computer timing: {e}");
                    failed = true;
                }
            }
        }
    } else {
        eprintln!(
            "{} has no index.html — run `trunk build --release` first (scripts/report.sh does)",
            args.dist.display()
        );
        failed = true;
    }
    if args.engine {
        if let Err(e) = engine_speed(args.seconds) {
            eprintln!("engine: {e}");
            failed = true;
        }
    }
    if failed {
        std::process::exit(1);
    }
}
