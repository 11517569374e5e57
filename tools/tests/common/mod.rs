//! Shared helpers for the browser tests: one static server (port 0, sub-path) and one headless
//! Chromium per test, plus helpers that play Just 4 Fun through the DOM contract.
#![allow(dead_code)]

use serde_json::Value;
use spieltisch_tools::server::StaticServer;
use spieltisch_tools::webdriver::{Browser, Element};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Default wait for UI reactions.
pub const T: Duration = Duration::from_secs(20);

/// The built app; panics with instructions when it is missing.
pub fn dist() -> PathBuf {
    match spieltisch_tools::dist::require_dist() {
        Ok(d) => d,
        Err(msg) => panic!("{msg}"),
    }
}

/// Shorthand: unwrap a WebDriver result with context.
pub trait Ctx<T> {
    fn ctx(self, what: &str) -> T;
}
impl<T> Ctx<T> for spieltisch_tools::webdriver::Result<T> {
    #[track_caller]
    fn ctx(self, what: &str) -> T {
        match self {
            Ok(v) => v,
            Err(e) => panic!("{what}: {e}"),
        }
    }
}

/// A test's server + browser. On panic, drop saves a screenshot, the page source and the
/// browser console to `target/browser-failures/<name>.*`.
pub struct App {
    pub name: String,
    pub server: StaticServer,
    pub b: Browser,
    /// `http://127.0.0.1:<port><prefix>`
    pub base_url: String,
}

impl App {
    /// Serves dist/ under `prefix` and opens it in a fresh browser; waits for the home screen.
    pub fn start(name: &str, prefix: &str) -> App {
        let app = Self::start_blank(name, prefix);
        app.goto_home();
        app
    }

    /// Like [`start`](Self::start) but does not navigate.
    pub fn start_blank(name: &str, prefix: &str) -> App {
        Self::start_serving(name, prefix, &dist())
    }

    /// Like [`start_blank`](Self::start_blank), serving `dir` instead of dist/.
    pub fn start_serving(name: &str, prefix: &str, dir: &std::path::Path) -> App {
        let server = StaticServer::serve(dir, prefix).expect("start static server");
        let b = Browser::start().unwrap_or_else(|e| {
            panic!("cannot start headless Chromium via chromedriver: {e} (run scripts/setup.sh --browser)")
        });
        let base_url = server.url();
        App { name: name.to_string(), server, b, base_url }
    }

    #[track_caller]
    pub fn goto_home(&self) {
        self.b.goto(&self.base_url).ctx("open app");
        self.b.wait_for("[data-test=home]", T).ctx("home screen [data-test=home] after start");
    }

    #[track_caller]
    pub fn exists(&self, css: &str) -> bool {
        self.b.exists(css).ctx(css)
    }

    #[track_caller]
    pub fn count(&self, css: &str) -> usize {
        self.b.find_all(css).ctx(css).len()
    }

    #[track_caller]
    pub fn click(&self, css: &str) {
        self.b.click_css(css, T).ctx(&format!("click {css}"));
    }

    #[track_caller]
    pub fn wait(&self, css: &str) -> Element {
        self.b.wait_for(css, T).ctx(&format!("wait for {css}"))
    }

    #[track_caller]
    pub fn js(&self, script: &str) -> Value {
        self.b.execute(script, vec![]).ctx(script)
    }

    #[track_caller]
    pub fn local_storage(&self, key: &str) -> Option<String> {
        self.b
            .execute(
                // Storage may be disabled on purpose in a test: read as "nothing there".
                "try { return window.localStorage.getItem(arguments[0]); } catch (e) { return null; }",
                vec![key.into()],
            )
            .ctx("localStorage.getItem")
            .as_str()
            .map(str::to_string)
    }

    #[track_caller]
    pub fn set_local_storage(&self, key: &str, value: &str) {
        self.b
            .execute("window.localStorage.setItem(arguments[0], arguments[1]);", vec![key.into(), value.into()])
            .ctx("localStorage.setItem");
    }

    /// The storage key of the game on screen (`data-save-key` of the game screen).
    pub fn save_key(&self) -> Option<String> {
        self.js(
            "const g = document.querySelector('[data-test=game]'); return g ? g.getAttribute('data-save-key') : null;",
        )
        .as_str()
        .map(str::to_string)
    }

    /// The stored record of the game on screen, as text.
    pub fn autosave_raw(&self) -> Option<String> {
        self.local_storage(&self.save_key()?)
    }

    /// This deployment's storage key for `name` (e.g. `slot.Test`): scoped to the app's directory.
    pub fn scoped_key(&self, name: &str) -> String {
        let dir = self.js("return location.pathname.replace(/[^/]*$/, '');");
        format!("spieltisch@{}|{name}", dir.as_str().unwrap_or("/"))
    }

    /// The `state` of the running game's record, if any.
    pub fn autosave_state(&self) -> Option<Value> {
        let raw = self.autosave_raw()?;
        let v: Value = serde_json::from_str(&raw).ok()?;
        v.get("state").cloned()
    }

    pub fn autosave_player_names(&self) -> Vec<String> {
        let Some(raw) = self.autosave_raw() else {
            return vec![];
        };
        let Ok(v) = serde_json::from_str::<Value>(&raw) else {
            return vec![];
        };
        v["players"].as_array().into_iter().flatten().filter_map(|p| p["name"].as_str().map(str::to_string)).collect()
    }

    /// From the home screen: new Just 4 Fun game with `players` players, up to the game screen.
    #[track_caller]
    pub fn new_game(&self, players: usize) {
        self.start_game("just4fun", Some(players), &[]);
    }

    /// From the home screen: a new game of kind `id` with `players` (`None`: the default) and the
    /// setup controls `options` (data-test names) clicked, up to the game screen.
    #[track_caller]
    pub fn start_game(&self, id: &str, players: Option<usize>, options: &[&str]) {
        self.click(&format!("[data-test=new-{id}]"));
        self.wait("[data-test=setup]");
        if let Some(n) = players {
            self.click(&format!("[data-test=players-{n}]"));
        }
        for o in options {
            self.click(&format!("[data-test={o}]"));
        }
        self.click("[data-test=start]");
        self.wait("[data-test=game]");
    }

    /// A snapshot of the board for comparisons: per field its number and text, in DOM order.
    pub fn board_snapshot(&self) -> Vec<(String, String)> {
        let v = self.js("return [...document.querySelectorAll('[data-test=field]')]\
               .map(f => [f.getAttribute('data-number') || '', \
                          (f.textContent || '').replace(/\\s+/g, ' ').trim() + \
                          ' stones:' + f.querySelectorAll('[data-test=stone]').length]);");
        v.as_array()
            .into_iter()
            .flatten()
            .map(|p| (p[0].as_str().unwrap_or("").to_string(), p[1].as_str().unwrap_or("").to_string()))
            .collect()
    }

    pub fn save_debug(&self) {
        let dir = spieltisch_tools::dist::repo_root().join("target/browser-failures");
        let _ = std::fs::create_dir_all(&dir);
        let _ = self.b.screenshot(&dir.join(format!("{}.png", self.name)));
        if let Ok(src) = self.b.page_source() {
            let _ = std::fs::write(dir.join(format!("{}.html", self.name)), src);
        }
        let log = self.b.console_log().join("\n");
        let url = self.b.url().unwrap_or_default();
        let _ = std::fs::write(dir.join(format!("{}.log", self.name)), format!("url: {url}\n{log}\n"));
        eprintln!("[{}] saved screenshot, page source and console log to {}", self.name, dir.display());
    }
}

impl Drop for App {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.save_debug();
        }
    }
}

/// What the screen currently asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Screen {
    End,
    Handover,
    NewHand,
    Turn,
}

/// What [`play_step`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    Ended,
    Revealed,
    NewHand,
    Placed { cards: Vec<u32>, field: u32 },
}

pub fn current_screen(app: &App) -> Screen {
    app.b
        .wait_until(T, "end screen, hand-over, new-hand or a hand of cards", |b| {
            if b.exists("[data-test=end-screen]")? {
                return Ok(Some(Screen::End));
            }
            if b.exists("[data-test=handover]")? {
                return Ok(Some(Screen::Handover));
            }
            if b.exists("[data-test=new-hand]")? {
                return Ok(Some(Screen::NewHand));
            }
            if b.exists("[data-test=hand] [data-test=card]")? && b.exists("[data-test=field]")? {
                return Ok(Some(Screen::Turn));
            }
            Ok(None)
        })
        .ctx("game screen state")
}

/// Asserts the hand-over screen hides every hand.
pub fn assert_handover_hides_cards(app: &App) {
    assert_eq!(app.count("[data-test=card]"), 0, "a card is in the DOM behind the hand-over cover");
    assert_eq!(app.count("[data-test=hand]"), 0, "a hand is in the DOM behind the hand-over cover");
    let src = app.b.page_source().ctx("page source");
    assert!(
        !src.contains("data-test=\"card\"") && !src.contains("data-value="),
        "card markup in the page source behind the hand-over cover"
    );
}

/// The autosave's state when it is of the position on screen (same number of moves as the move
/// log shows); `None` when storage is off or behind.
pub fn current_autosave_state(app: &App) -> Option<Value> {
    let raw = app.autosave_raw()?;
    let save: Value = serde_json::from_str(&raw).ok()?;
    let shown = app.js("const l = document.querySelector('[data-test=move-log]'); \
         return l ? l.getAttribute('data-moves') : null;");
    let shown: u64 = shown.as_str()?.parse().ok()?;
    (save["turn"].as_u64()? == shown).then(|| save["state"].clone())
}

/// Reads the visible hand: card values in DOM order.
pub fn hand_values(app: &App) -> Vec<u32> {
    let v = app.js("return [...document.querySelectorAll('[data-test=hand] [data-test=card]')]\
           .map(c => c.getAttribute('data-value'));");
    v.as_array()
        .into_iter()
        .flatten()
        .map(|x| {
            x.as_str().and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("card without numeric data-value: {x}"))
        })
        .collect()
}

/// (number, blocked) for every field.
pub fn fields(app: &App) -> Vec<(u32, bool)> {
    let v = app.js("return [...document.querySelectorAll('[data-test=field]')]\
           .map(f => [f.getAttribute('data-number'), f.getAttribute('data-blocked') === 'true']);");
    v.as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            let n = p[0]
                .as_str()
                .and_then(|s| s.parse().ok())
                .unwrap_or_else(|| panic!("field without numeric data-number: {p}"));
            (n, p[1].as_bool().unwrap_or(false))
        })
        .collect()
}

/// All index subsets of size 1..=4 whose sum is an open field: (indices, sum).
pub fn playable(hand: &[u32], open: &BTreeSet<u32>) -> Vec<(Vec<usize>, u32)> {
    let n = hand.len();
    let mut out = Vec::new();
    for mask in 1u32..(1 << n) {
        if mask.count_ones() > 4 {
            continue;
        }
        let idx: Vec<usize> = (0..n).filter(|i| mask & (1 << i) != 0).collect();
        let sum: u32 = idx.iter().map(|&i| hand[i]).sum();
        if open.contains(&sum) {
            out.push((idx, sum));
        }
    }
    out
}

/// Does one thing on the game screen: reveal a hand-over (checking it hides all cards), take a
/// new hand when that is the only action, or play cards and place a stone. `pick` chooses among
/// the playable combinations.
pub fn play_step(app: &App, pick: &mut dyn FnMut(usize) -> usize) -> Step {
    match current_screen(app) {
        Screen::End => Step::Ended,
        Screen::Handover => {
            assert_handover_hides_cards(app);
            let names = app.autosave_player_names();
            let mover = current_autosave_state(app).and_then(|s| s["to_move"].as_u64());
            if let Some(next) = mover.and_then(|m| names.get(m as usize)) {
                let text = app.b.text(&app.wait("[data-test=handover]")).ctx("hand-over text");
                assert!(
                    text.contains(next.as_str()),
                    "hand-over text {text:?} does not name the player to move, {next:?}"
                );
            }
            app.click("[data-test=reveal]");
            app.b
                .wait_until(T, "hand-over to go away", |b| Ok((!b.exists("[data-test=handover]")?).then_some(())))
                .ctx("reveal");
            Step::Revealed
        }
        Screen::NewHand => {
            let before = hand_values(app);
            app.click("[data-test=new-hand]");
            app.b
                .wait_until(T, "new hand to be dealt", |b| {
                    if b.exists("[data-test=handover]")? || b.exists("[data-test=end-screen]")? {
                        return Ok(Some(()));
                    }
                    Ok((!b.exists("[data-test=new-hand]")? || hand_values(app) != before).then_some(()))
                })
                .ctx("new hand");
            Step::NewHand
        }
        Screen::Turn => {
            assert_eq!(app.count("[data-test=hand]"), 1, "exactly one hand is shown during a turn");
            let hand = hand_values(app);
            assert!((1..=4).contains(&hand.len()), "a hand has 1 to 4 cards during a turn, got {hand:?}");
            // The hand on screen is the one of the player to move, never a waiting player's.
            if let Some(state) = current_autosave_state(app) {
                let mover = state["to_move"].as_u64().expect("to_move in state") as usize;
                let mut shown = hand.clone();
                shown.sort_unstable();
                let own: Vec<u32> = state["hands"][mover]
                    .as_array()
                    .expect("hands in state")
                    .iter()
                    .filter_map(|v| v.as_u64().map(|v| v as u32))
                    .collect();
                assert_eq!(shown, own, "the shown hand is not the hand of player {mover}");
            }
            let fields = fields(app);
            let open: BTreeSet<u32> = fields.iter().filter(|f| !f.1).map(|f| f.0).collect();
            let options = playable(&hand, &open);
            assert!(
                !options.is_empty(),
                "no [data-test=new-hand] offered but no card combination of {hand:?} matches an \
                 open field; open fields: {open:?}"
            );
            let (idx, sum) = options[pick(options.len()) % options.len()].clone();
            for &i in &idx {
                let cards = app.b.find_all("[data-test=hand] [data-test=card]").ctx("cards");
                assert!(i < cards.len(), "hand changed while selecting");
                app.b.click(&cards[i]).ctx("tap card");
            }
            let field_css = format!("[data-test=field][data-number=\"{sum}\"]");
            app.b
                .wait_until(T, &format!("field {sum} to be marked as target"), |b| {
                    let f = b.find(&field_css)?;
                    Ok((b.attr(&f, "data-target")?.as_deref() == Some("true")).then_some(()))
                })
                .ctx("target field");
            app.click(&field_css);
            // Placed when the selection is gone; confirm the warning about one's own locked field.
            app.b
                .wait_until(T, "the stone to be placed", |b| {
                    if let Some(yes) = b.try_find("[data-test=confirm-yes]")? {
                        let _ = b.click(&yes);
                        return Ok(None);
                    }
                    if b.exists("[data-test=handover]")? || b.exists("[data-test=end-screen]")? {
                        return Ok(Some(()));
                    }
                    Ok((!b.exists("[data-target=\"true\"]")?).then_some(()))
                })
                .ctx("place stone");
            Step::Placed { cards: idx.iter().map(|&i| hand[i]).collect(), field: sum }
        }
    }
}

/// Plays until `placements` stones were placed (or the game ended). Returns the steps.
pub fn play_placements(app: &App, placements: usize, seed: u64) -> Vec<Step> {
    let mut rng = seed;
    let mut pick = move |n: usize| {
        rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((rng >> 33) as usize) % n.max(1)
    };
    let mut steps = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(120);
    while steps.iter().filter(|s| matches!(s, Step::Placed { .. })).count() < placements {
        assert!(Instant::now() < deadline, "took too long; steps so far: {steps:?}");
        let s = play_step(app, &mut pick);
        let ended = s == Step::Ended;
        steps.push(s);
        if ended {
            break;
        }
    }
    steps
}

/// After a reload or load: gets past a hand-over cover (or the home screen's continue button)
/// until the board with a hand (or new-hand) is visible.
pub fn resume_to_board(app: &App) {
    app.b
        .wait_until(T, "the restored game", |b| {
            if let Some(r) = b.try_find("[data-test=reveal]")? {
                let _ = b.click(&r);
                return Ok(None);
            }
            if !b.exists("[data-test=game]")? {
                if let Some(c) = b.try_find("[data-test=continue]")? {
                    let _ = b.click(&c);
                }
                return Ok(None);
            }
            Ok((b.exists("[data-test=field]")?
                && (b.exists("[data-test=card]")? || b.exists("[data-test=new-hand]")?))
            .then_some(()))
        })
        .ctx("resume game");
}

/// Tiny deterministic generator (xorshift) for the tests' choices.
pub struct Pick(pub u64);
impl Pick {
    pub fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 as usize) % n.max(1)
    }
}

/// Copies dist/ (or any tree) so a test can change it as a new deploy or a damaged copy would.
pub fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// The names in Cache Storage; `None` while the page cannot run scripts (e.g. mid-reload).
pub fn cache_names(b: &Browser) -> Option<Vec<String>> {
    let v = b
        .execute_async(
            "const done = arguments[arguments.length - 1]; caches.keys().then(done, () => done([]));",
            vec![],
        )
        .ok()?;
    Some(v.as_array()?.iter().filter_map(|k| k.as_str().map(str::to_string)).collect())
}

/// Waits until a service worker controls the page (the first visit installed it).
#[track_caller]
pub fn wait_for_controller(app: &App) {
    app.b
        .wait_until(Duration::from_secs(30), "navigator.serviceWorker.controller", |b| {
            let ok = b.execute("return !!navigator.serviceWorker.controller;", vec![])?;
            Ok((ok == Value::Bool(true)).then_some(()))
        })
        .ctx("service worker controlling the page");
}

/// From the game screen (or its hand-over cover, whose "pause" button leads home) to home.
pub fn go_home(app: &App) {
    if app.exists("[data-test=handover]") {
        app.click("[data-test=handover-home]");
    } else {
        app.click("[data-test=home-button]");
    }
    app.wait("[data-test=home]");
}

/// A fixture save from `tests/fixtures/` (e.g. `v1/just4fun-slot.json`).
pub fn fixture(path: &str) -> String {
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures").join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("fixture {}: {e}", full.display()))
}

/// Keyboard only: Tab to the hand-over cover's button, Enter, and the cover is gone.
#[track_caller]
pub fn reveal_by_keys(app: &App) {
    tab_to(app, "[data-test=reveal]", false);
    press(app, &[spieltisch_tools::webdriver::KEY_ENTER]);
    app.b.wait_gone("[data-test=handover]", T).ctx("reveal");
}

/// Keyboard only: presses Tab (Shift+Tab when `back`) until the focused element matches `css`,
/// at most 80 times; panics if focus never gets there.
#[track_caller]
pub fn tab_to(app: &App, css: &str, back: bool) {
    use spieltisch_tools::webdriver::KEY_TAB;
    let matches = format!("return !!document.activeElement && document.activeElement.matches({css:?});");
    for _ in 0..80 {
        if app.js(&matches).as_bool() == Some(true) {
            return;
        }
        if back { app.b.press_shifted(KEY_TAB) } else { app.b.press(&[KEY_TAB]) }.ctx("Tab");
    }
    panic!("Tab never reached {css}");
}

/// Presses keys at whatever has focus.
#[track_caller]
pub fn press(app: &App, keys: &[&str]) {
    app.b.press(keys).ctx("keys");
}

/// An attribute of the focused element.
#[track_caller]
pub fn focused_attr(app: &App, name: &str) -> Option<String> {
    app.js(&format!("return document.activeElement && document.activeElement.getAttribute({name:?});"))
        .as_str()
        .map(str::to_string)
}

/// The live region's text (what a screen reader says of the last move).
#[track_caller]
pub fn live_text(app: &App) -> String {
    app.js("return document.querySelector('[data-test=live]').textContent;").as_str().unwrap_or("").to_string()
}

/// Index of the focused item among `items`, -1 if none has focus.
pub fn focused_index(app: &App, items: &str) -> i64 {
    app.b
        .execute(
            "return [...document.querySelectorAll(arguments[0])].indexOf(document.activeElement);",
            vec![items.into()],
        )
        .ctx("focused index")
        .as_i64()
        .unwrap_or(-1)
}

/// Moves the focus from the focused item to item `to` of a grid `cols` wide with arrow keys,
/// and checks it arrived (and that exactly one item of the grid is a tab stop).
#[track_caller]
pub fn arrow_to(app: &App, items: &str, cols: usize, to: usize) {
    let from = focused_index(app, items);
    assert!(from >= 0, "the focus is not on {items}");
    let from = from as usize;
    let (dr, dc) = ((to / cols) as i64 - (from / cols) as i64, (to % cols) as i64 - (from % cols) as i64);
    let mut keys = Vec::new();
    keys.extend(std::iter::repeat_n(
        if dr > 0 { spieltisch_tools::webdriver::KEY_DOWN } else { spieltisch_tools::webdriver::KEY_UP },
        dr.unsigned_abs() as usize,
    ));
    keys.extend(std::iter::repeat_n(
        if dc > 0 { spieltisch_tools::webdriver::KEY_RIGHT } else { spieltisch_tools::webdriver::KEY_LEFT },
        dc.unsigned_abs() as usize,
    ));
    press(app, &keys);
    assert_eq!(focused_index(app, items), to as i64, "arrows from {from} to {to} ({keys:?})");
    let stops = app.js(&format!("return document.querySelectorAll('{items}[tabindex=\"0\"]').length;"));
    assert_eq!(stops, 1, "one tab stop on the board");
}

/// A copy of dist/ without the computer players' worker (as a deployment that lost its files):
/// a computer then never moves by itself.
pub fn dist_without_worker(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spieltisch-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&dist(), &dir);
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        if entry.file_name().to_string_lossy().starts_with("spieltisch-worker") {
            std::fs::remove_file(entry.path()).unwrap();
        }
    }
    dir
}

/// From home: a game of `kind` with `players` seats whose kinds are the data-test names in
/// `kinds` (e.g. `kind-person`, `kind-hard`), started.
pub fn start_with_seats(app: &App, kind: &str, players: Option<usize>, kinds: &[&str], options: &[&str]) {
    app.click(&format!("[data-test=new-{kind}]"));
    app.wait("[data-test=setup]");
    if let Some(n) = players {
        app.click(&format!("[data-test=players-{n}]"));
    }
    for (i, k) in kinds.iter().enumerate() {
        app.js(&format!("document.querySelectorAll('[data-test=seat-row], .seat-row')[{i}].querySelector('[data-test={k}]').click();"));
    }
    for o in options {
        app.click(&format!("[data-test={o}]"));
    }
    app.click("[data-test=start]");
    app.wait("[data-test=game]");
}

/// The running game's record (header and state).
pub fn record(app: &App) -> Option<Value> {
    serde_json::from_str(&app.autosave_raw()?).ok()
}

pub fn turn(app: &App) -> u64 {
    record(app).and_then(|r| r["turn"].as_u64()).unwrap_or(0)
}

/// When the person may ask for a hint: asks ("Tipp"), taps the button that plays the suggestion
/// and waits for the move. `false` when it is not the person's turn.
pub fn play_hint(app: &App, kind: &str) -> bool {
    let hint_ready =
        app.js("const h = document.querySelector('[data-test=hint]'); return !!h && !h.disabled;") == Value::Bool(true);
    if !hint_ready {
        return false;
    }
    let before = turn(app);
    app.click("[data-test=hint]");
    app.b
        .wait_until(T, "the hint", |b| {
            let done =
                b.execute("const h = document.querySelector('[data-test=hint]'); return !h || !h.disabled;", vec![])?;
            Ok((done == Value::Bool(true)).then_some(()))
        })
        .ctx("hint answered");
    // The suggested move is on the board now; one tap plays it.
    let act = app.js(
        "const q = s => document.querySelector(s);\
         const enabled = e => e && !e.disabled;\
         for (const s of ['[data-test=new-hand]', 'button.hinted', '[data-test=gold-rest]', '[data-test=place]']) {\
           const e = q(s); if (enabled(e)) { e.click(); return s; } }\
         const claim = q('[data-test=claim]'); if (claim && /nirgends|nowhere/.test((q('[data-test=status]') || {}).textContent || '')) { claim.click(); return 'claim'; }\
         return null;",
    );
    if act.as_str() == Some("claim") {
        app.click("[data-test=confirm-yes]");
    }
    assert!(act.is_string(), "{kind}: no button plays the hint at turn {before}");
    app.b
        .wait_until(T, "the person's move", |b| {
            Ok((turn(app) > before || b.exists("[data-test=end-screen]")?).then_some(()))
        })
        .ctx(&format!("{kind}: the hinted move ({act}) was played"));
    true
}
