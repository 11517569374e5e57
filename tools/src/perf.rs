//! Issue 13's browser measurements for the report (`report --taps`, `--startup`): they print
//! numbers, they are not timed tests.
//!
//! **Tap → next frame.** Every game is played to its end by taps (two people, WebDriver touch
//! actions on a 1024×768 touch viewport), at 1× and at 4× CPU slowdown (CDP
//! `Emulation.setCPUThrottlingRate`). [`TAP_SCRIPT`] listens in the capture phase on `window`
//! (before the app's own, delegated handlers) to the trusted `pointerdown`, `pointerup` and
//! `click` of each tap. For each event it notes `event.timeStamp` (when the input happened) and
//! asks for the next frame: a `requestAnimationFrame` callback, then a `MessageChannel` message,
//! which runs right after that frame's style, layout and paint. A tap's latency is the longest of
//! its events' "timeStamp → that frame", the definition of Event Timing (and of INP), measured
//! for every tap: Event Timing itself reports only entries of 16 ms and more (so no p50), in 8 ms
//! steps. Its entries are collected too, as a cross-check (the "ET p95" column; "<16" when
//! Event Timing saw nothing). A MutationObserver counts the DOM changes of each tap (nodes added
//! or removed, attributes and texts changed) until its frame.
//!
//! **Start-up.** The longest main-thread task (PerformanceObserver `longtask`, buffered) from
//! navigation to a ready home screen and to the board of a new Just 4 Fun game; and navigation →
//! first frame with a board, for a saved running game opened by URL against a static HTML page
//! of the same board (its rendered HTML with the CSS inlined, no scripts), both from the same
//! server (brotli, as a real host), side by side in one browser, unthrottled and at 4× CPU with a
//! Fast-3G-like network (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up).

use crate::screens::{self, Viewport, KINDS};
use crate::server::StaticServer;
use crate::webdriver::{Browser, Element};
use serde_json::{json, Value};
use spieltisch::engine::just4fun::Just4Fun;
use spieltisch::engine::GameKind;
use spieltisch::session::{AnySession, Stored};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub type Res<T> = Result<T, String>;

/// The tablet the goals are about: landscape, touch.
pub const TABLET: Viewport = screens::VIEWPORTS[0];

const WAIT: Duration = Duration::from_secs(30);
/// How long a preview shows before the second tap that confirms it: the app ignores a second tap
/// sooner than 380 ms after the first (a double tap must not play a move nobody saw).
const PREVIEW_SEEN: Duration = Duration::from_millis(450);

/// Records each tap's events and the frame after them, the DOM changes, and Event Timing
/// entries; see the module comment. `__perf.begin()` before a tap, `__perf.end(force)` after
/// it (null while the frame is still to come).
pub const TAP_SCRIPT: &str = r#"
(() => {
  const P = window.__perf = { events: [], muts: 0, taps: [], et: [] };
  const nextFrame = rec => requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => { rec.frame = performance.now(); };
    ch.port2.postMessage(0);
  });
  for (const type of ['pointerdown', 'pointerup', 'click']) addEventListener(type, ev => {
    if (!ev.isTrusted) return;
    const t = ev.target && ev.target.closest ? ev.target.closest('[data-test]') : null;
    const rec = { type, t0: ev.timeStamp, frame: null, on: t ? t.dataset.test : (ev.target && ev.target.tagName) };
    P.events.push(rec);
    nextFrame(rec);
  }, { capture: true });
  P.by = {};
  const desc = n => { const e = n && n.nodeType === 1 ? n : (n && n.parentElement); if (!e) return '?'; const d = e.closest('[data-test]'); return (d ? d.dataset.test : '') + '/' + e.tagName + '.' + (e.getAttribute('class') || ''); };
  const add = (k, n) => { P.by[k] = (P.by[k] || 0) + n; };
  // The per-element breakdown runs inside the measured tap (an observer's callback comes before
  // the frame), so only when asked for (`P.debug`, set by SPIELTISCH_PERF_DEBUG).
  P.debug = false;
  const count = rs => { for (const r of rs) { P.muts += r.type === 'childList' ? r.addedNodes.length + r.removedNodes.length : 1;
    if (!P.debug) continue;
    if (r.type === 'childList') { for (const n of r.addedNodes) add('+' + desc(n) + ' in ' + desc(r.target), 1); for (const n of r.removedNodes) add('-' + (n.nodeType===1? n.tagName + '.' + (n.getAttribute('class')||'') : '#'+n.nodeType) + ' in ' + desc(r.target), 1); }
    else if (r.type === 'attributes') add('@' + r.attributeName + ' ' + desc(r.target), 1); else add('text ' + desc(r.target), 1); } };
  const mo = new MutationObserver(count);
  mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  try {
    new PerformanceObserver(l => { for (const e of l.getEntries()) P.et.push([e.startTime, e.duration, e.name, e.processingStart - e.startTime, e.processingEnd - e.processingStart]); })
      .observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch (e) { P.et = null; }
  // Main-thread tasks over 50 ms during play (from `P.playFrom`, set once the game is on screen).
  P.long = []; P.playFrom = 0;
  try {
    new PerformanceObserver(l => { for (const e of l.getEntries()) P.long.push([e.startTime, e.duration]); })
      .observe({ type: 'longtask', buffered: true });
  } catch (e) { P.long = null; }
  // Debug only: the long animation frames (over 50 ms) of each tap, split into script, rendering
  // callbacks and style + layout, with the scripts that ran in them (forced style and layout apart).
  P.loaf = [];
  try {
    new PerformanceObserver(l => { if (P.debug) for (const e of l.getEntries()) P.loaf.push(e); })
      .observe({ type: 'long-animation-frame' });
  } catch (e) {}
  const r = x => Math.round(x);
  P.frames = t0 => P.loaf.filter(f => f.startTime + f.duration >= t0).map(f => ({ at: r(f.startTime - t0),
    ms: r(f.duration), script: r((f.renderStart || f.startTime + f.duration) - f.startTime),
    raf: f.renderStart ? r(f.styleAndLayoutStart - f.renderStart) : 0,
    styleLayout: f.renderStart ? r(f.startTime + f.duration - f.styleAndLayoutStart) : 0,
    scripts: f.scripts.map(s => `${s.invoker} ${r(s.duration)} (forced style/layout ${r(s.forcedStyleAndLayoutDuration)})`) }));
  P.longTasks = () => P.long === null ? null : P.long.filter(([s]) => s >= P.playFrom).map(([, d]) => d);
  P.begin = () => { count(mo.takeRecords()); P.events = []; P.muts = 0; P.by = {}; };
  P.end = force => {
    const es = P.events;
    if (!force && (!es.some(e => e.type === 'click') || es.some(e => e.frame === null))) return null;
    count(mo.takeRecords());
    const done = es.filter(e => e.frame !== null);
    const tap = { ms: done.length ? Math.max(...done.map(e => e.frame - e.t0)) : -1, muts: P.muts,
                  click: es.some(e => e.type === 'click'), by: P.by, t0s: es.map(e => e.t0), on: es.map(e => e.on) };
    if (P.debug && es.length) {
      tap.frames = P.frames(es[0].t0); P.loaf = [];
      // Event Timing's split of each event: waiting to start, handlers (with their microtasks), then to the frame.
      tap.events = (P.et || []).filter(([s, , n]) => ['pointerdown', 'pointerup', 'click'].includes(n) && es.some(e => Math.abs(e.t0 - s) < 1)).map(([, d, n, wait, run]) => `${n} ${r(d)}: wait ${r(wait)} run ${r(run)} frame ${r(d - wait - run)}`);
    }
    P.taps.push(tap);
    return tap;
  };
  // Per tap the longest Event Timing duration of its events (0: none reported, i.e. < 16 ms).
  P.eventTiming = () => P.et === null ? null : P.taps.map(t => {
    let m = 0;
    for (const [s, d] of P.et) if (t.t0s.some(x => Math.abs(x - s) < 1)) m = Math.max(m, d);
    return m;
  });
})();
"#;

/// One measured tap.
#[derive(Clone, Debug)]
pub struct Tap {
    /// What was tapped, in the game's words ("card", "place", "lay", "cover", …).
    pub what: &'static str,
    /// The turn it belongs to (1-based; cover taps count with the turn they open).
    pub turn: usize,
    /// Event timestamp → the frame after its handlers, longest over the tap's events.
    pub ms: f64,
    /// Event Timing's duration for the tap (0 when it reported none, i.e. under 16 ms).
    pub event_timing: f64,
    /// DOM changes from the tap to its frame.
    pub dom_changes: u64,
    /// Whether the tap made a click (a tap that did not is measured to its pointer events).
    pub clicked: bool,
}

/// A complete game played by taps, with everything measured.
pub struct Played {
    pub taps: Vec<Tap>,
    /// Durations of the main-thread tasks over 50 ms from the first tap on (`None`: no longtask API).
    pub long_tasks: Option<Vec<f64>>,
    pub turns: usize,
    pub ended: bool,
}

/// Tiny deterministic generator (xorshift) for the choices.
struct Pick(u64);
impl Pick {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 as usize) % n.max(1)
    }
}

/// Drives one game by taps and records each tap.
struct Player<'a> {
    b: &'a Browser,
    /// Clicks with a mouse (`Browser::click`) instead of touching: only for the baseline's second row.
    mouse: bool,
    taps: Vec<Tap>,
    turn: usize,
    pick: Pick,
}

impl Player<'_> {
    fn tap_css(&mut self, css: &str, what: &'static str) -> Res<()> {
        let el = self.b.wait_for(css, WAIT)?;
        self.tap(&el, what)
    }

    /// Taps `el` (a real touch through the browser's input pipeline) and waits for the frame.
    fn tap(&mut self, el: &Element, what: &'static str) -> Res<()> {
        // A debugging aid: SPIELTISCH_PERF_PROFILE_TAP=KIND:FILE writes a CPU profile of each tap
        // of that kind ("lay", "cover" …) to FILE.N.cpuprofile (N counts them over the run; for a
        // names-kept Wasm see docs/tooling.md).
        static PROFILED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let profile_to = std::env::var("SPIELTISCH_PERF_PROFILE_TAP").ok().and_then(|v| {
            let (kind, file) = v.split_once(':')?;
            (kind == what)
                .then(|| format!("{file}.{}.cpuprofile", PROFILED.fetch_add(1, std::sync::atomic::Ordering::Relaxed)))
        });
        if profile_to.is_some() {
            self.b.cdp("Profiler.enable", json!({}))?;
            self.b.cdp("Profiler.setSamplingInterval", json!({ "interval": 100 }))?;
            self.b.cdp("Profiler.start", json!({}))?;
        }
        let debug = std::env::var_os("SPIELTISCH_PERF_DEBUG").is_some();
        // Debug only: the browser's own counters of style, layout and script time around the tap.
        let metrics_before = if debug { Some(self.metrics()?) } else { None };
        self.b.execute("__perf.begin();", vec![])?;
        if self.mouse {
            self.b.click(el)?;
        } else if let Err(e) = self.b.tap(el) {
            // A target outside the viewport (a scrolled panel): bring it in and tap again.
            if !e.message.contains("out of bounds") {
                return Err(e.into());
            }
            self.b.execute("arguments[0].scrollIntoView({ block: 'center' });", vec![el.json()])?;
            self.b.execute("__perf.begin();", vec![])?;
            self.b.tap(el)?;
        }
        // Waits in the page (a promise the WebDriver call awaits), not by polling over WebDriver,
        // whose scripts would run on the main thread in between. A tap that makes no click (it
        // hit nothing clickable) is measured to its pointer events after 2 s.
        // Nothing of ours runs in the page until the tap's frame is likely done: a WebDriver
        // script (even a pending promise) runs on the main thread and would delay that frame.
        // Then polls, slowly. A tap that makes no click (it hit nothing clickable) is measured
        // to its pointer events after 2 s.
        let started = Instant::now();
        std::thread::sleep(Duration::from_millis(60));
        let rec = loop {
            let force = started.elapsed() > Duration::from_secs(2);
            let v = self.b.execute("return __perf.end(arguments[0]);", vec![force.into()])?;
            if !v.is_null() {
                break v;
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        if let Some(before) = metrics_before {
            let after = self.metrics()?;
            let split: Vec<String> =
                after.iter().zip(&before).map(|((k, a), (_, b))| format!("{k} {:.1}", (a - b) * 1000.0)).collect();
            eprintln!("tap {what} (turn {}) browser ms: {}", self.turn, split.join(", "));
            eprintln!("tap {what} (turn {}): {rec}", self.turn);
        }
        if let Some(file) = profile_to {
            let v = self.b.cdp("Profiler.stop", json!({}))?;
            std::fs::write(file, v["profile"].to_string()).map_err(|e| e.to_string())?;
        }
        self.taps.push(Tap {
            what,
            turn: self.turn,
            ms: rec["ms"].as_f64().unwrap_or(-1.0),
            event_timing: 0.0,
            dom_changes: rec["muts"].as_u64().unwrap_or(0),
            clicked: rec["click"].as_bool().unwrap_or(false),
        });
        Ok(())
    }

    /// The browser's cumulative style, layout, script and task seconds (Performance.getMetrics).
    fn metrics(&self) -> Res<Vec<(&'static str, f64)>> {
        self.b.cdp("Performance.enable", json!({}))?;
        let v = self.b.cdp("Performance.getMetrics", json!({}))?;
        let get = |name: &str| {
            v["metrics"].as_array().into_iter().flatten().find(|m| m["name"] == name).and_then(|m| m["value"].as_f64())
        };
        Ok(["RecalcStyleDuration", "LayoutDuration", "ScriptDuration", "TaskDuration"]
            .into_iter()
            .map(|k| (k, get(k).unwrap_or(0.0)))
            .collect())
    }

    fn moves(&self) -> Res<u64> {
        let v = self.b.execute(
            "const l = document.querySelector('[data-test=move-log]'); return l ? Number(l.getAttribute('data-moves') || 0) : 0;",
            vec![],
        )?;
        Ok(v.as_u64().unwrap_or(0))
    }

    /// Waits until a move more than `before` is logged, or a cover or the end shows.
    fn wait_move(&self, before: u64) -> Res<()> {
        self.b.wait_until(WAIT, "the move to be made", |b| {
            let v = b.execute(
                "const l = document.querySelector('[data-test=move-log]'); \
                 return [l ? Number(l.getAttribute('data-moves') || 0) : 0, \
                         !!document.querySelector('[data-test=handover],[data-test=end-screen]')];",
                vec![],
            )?;
            Ok((v[0].as_u64().unwrap_or(0) > before || v[1].as_bool() == Some(true)).then_some(()))
        })?;
        Ok(())
    }
}

/// What the game screen shows now: `end`, `cover` or `turn` (the game's own controls for a turn).
fn screen(b: &Browser, turn_css: &str) -> Res<String> {
    let v = b.wait_until(WAIT, "end screen, cover or a turn", |b| {
        let v = b.execute(
            "if (document.querySelector('[data-test=end-screen]')) return 'end'; \
             if (document.querySelector('[data-test=handover] [data-test=reveal]')) return 'cover'; \
             return document.querySelector(arguments[0]) ? 'turn' : null;",
            vec![turn_css.into()],
        )?;
        Ok(v.as_str().map(str::to_string))
    })?;
    Ok(v)
}

/// The controls that show a turn of `kind` is ready for taps.
fn turn_css(kind: &str) -> &'static str {
    match kind {
        "just4fun" => "[data-test=new-hand], [data-test=hand] [data-test=card]",
        "gutangelegt" => "[data-test=hand-card]",
        "viermalvier" => "[data-test=tafel-stone]",
        "sudoku" => "[data-test=held-tile]",
        other => panic!("{other}: no turn by taps in tools/src/perf.rs yet"),
    }
}

/// Just 4 Fun: cards whose sum is an open field, then that field (or a new hand when nothing fits).
fn just4fun_turn(p: &mut Player<'_>) -> Res<()> {
    let before = p.moves()?;
    if p.b.exists("[data-test=new-hand]")? {
        p.tap_css("[data-test=new-hand]", "new hand")?;
        return p.wait_move(before);
    }
    let v = p.b.execute(
        "return [[...document.querySelectorAll('[data-test=hand] [data-test=card]')].map(c => Number(c.getAttribute('data-value'))), \
                 [...document.querySelectorAll('[data-test=field]')].filter(f => f.getAttribute('data-blocked') !== 'true').map(f => Number(f.getAttribute('data-number')))];",
        vec![],
    )?;
    let hand: Vec<u64> = v[0].as_array().into_iter().flatten().filter_map(Value::as_u64).collect();
    let open: Vec<u64> = v[1].as_array().into_iter().flatten().filter_map(Value::as_u64).collect();
    let mut options = Vec::new();
    for mask in 1u32..(1 << hand.len()) {
        let idx: Vec<usize> = (0..hand.len()).filter(|i| mask & (1 << i) != 0).collect();
        let sum: u64 = idx.iter().map(|&i| hand[i]).sum();
        if idx.len() <= 4 && open.contains(&sum) {
            options.push((idx, sum));
        }
    }
    if options.is_empty() {
        return Err(format!(
            "Just 4 Fun: no card combination of {hand:?} fits an open field and no new hand is offered"
        ));
    }
    let (idx, sum) = options[p.pick.next(options.len())].clone();
    for i in idx {
        let cards = p.b.find_all("[data-test=hand] [data-test=card]")?;
        let card = cards.get(i).ok_or("the hand changed while picking")?.clone();
        p.tap(&card, "card")?;
    }
    p.tap_css(&format!("[data-test=field][data-number=\"{sum}\"][data-target=true]"), "field")?;
    // One's own locked field asks first.
    let asked = p.b.wait_until(Duration::from_secs(5), "the stone or a question", |b| {
        if b.exists("[data-test=confirm-yes]")? {
            return Ok(Some(true));
        }
        let v = b.execute(
            "const l = document.querySelector('[data-test=move-log]'); \
             return (l ? Number(l.getAttribute('data-moves') || 0) : 0) > arguments[0] || !!document.querySelector('[data-test=handover],[data-test=end-screen]');",
            vec![before.into()],
        )?;
        Ok((v.as_bool() == Some(true)).then_some(false))
    })?;
    if asked {
        p.tap_css("[data-test=confirm-yes]", "confirm")?;
    }
    p.wait_move(before)
}

/// Gut angelegt: a card, maybe turned, a place, the place again to lay it.
fn gutangelegt_turn(p: &mut Player<'_>) -> Res<()> {
    let before = p.moves()?;
    let cards = p.b.find_all("[data-test=hand-card]")?;
    let card = cards[p.pick.next(cards.len())].clone();
    p.tap(&card, "card")?;
    if p.pick.next(2) == 1 {
        p.tap_css("[data-test=flip]", "turn")?;
    }
    let slots = p.b.find_all("[data-test=slot]")?;
    if slots.is_empty() {
        return Err("Gut angelegt: no place offered during a turn".into());
    }
    let slot = slots[p.pick.next(slots.len())].clone();
    let place = p.b.attr(&slot, "data-place")?.unwrap_or_default();
    p.tap(&slot, "place")?;
    p.b.wait_for("[data-test=preview]", WAIT)?;
    // The app confirms a preview only once it has been seen (a double tap does not).
    std::thread::sleep(PREVIEW_SEEN);
    p.tap_css(&format!("[data-test=slot][data-place=\"{place}\"]"), "lay")?;
    p.wait_move(before)
}

/// Vier mal Vier: a stone that fits somewhere (maybe turned), a place, the place again.
fn viermalvier_turn(p: &mut Player<'_>) -> Res<()> {
    let before = p.moves()?;
    let stones = p.b.find_all("[data-test=tafel-stone]")?.len();
    let start = p.pick.next(stones);
    for k in 0..stones {
        let all = p.b.find_all("[data-test=tafel-stone]")?;
        let Some(stone) = all.get((start + k) % stones).cloned() else { continue };
        p.tap(&stone, "stone")?;
        p.b.wait_for("[data-test=picked]", WAIT)?;
        if p.b.find_all("[data-test=slot][data-legal=true]")?.is_empty() {
            continue;
        }
        if p.pick.next(2) == 1 {
            p.tap_css("[data-test=flip]", "turn")?;
            if p.b.find_all("[data-test=slot][data-legal=true]")?.is_empty() {
                p.tap_css("[data-test=flip]", "turn")?;
            }
        }
        let legal = p.b.find_all("[data-test=slot][data-legal=true]")?;
        let slot = legal[p.pick.next(legal.len())].clone();
        let spot = p.b.attr(&slot, "data-spot")?.unwrap_or_default();
        p.tap(&slot, "place")?;
        p.b.wait_for("[data-test=preview]", WAIT)?;
        std::thread::sleep(PREVIEW_SEEN);
        p.tap_css(&format!("[data-test=slot][data-spot=\"{spot}\"]"), "lay")?;
        return p.wait_move(before);
    }
    Err("Vier mal Vier: no stone fits anywhere".into())
}

/// Sudoku: a legal field for the held tile, then "place".
fn sudoku_turn(p: &mut Player<'_>) -> Res<()> {
    let before = p.moves()?;
    let legal = p.b.find_all("[data-test=cell][data-legal=true]")?;
    if legal.is_empty() {
        return Err("Sudoku: the held tile has no legal field".into());
    }
    let cell = legal[p.pick.next(legal.len())].clone();
    p.tap(&cell, "field")?;
    p.b.wait_for("[data-test=cell][data-preview=true]", WAIT)?;
    p.tap_css("[data-test=place]", "lay")?;
    p.wait_move(before)
}

/// A new two-person game of `kind` (Anna and Ben, default options) dealt from `seed`.
fn new_game(kind: &str, seed: u64) -> AnySession {
    let kind = GameKind::from_id(kind).expect("a listed game");
    spieltisch::with_game!(kind, G => G::wrap(screens::random_game::<G>(2, Default::default(), seed, |_| true)))
}

/// Opens a new two-person game of `kind` dealt from `seed` (stored as a running game, so that
/// 1× and 4×, and two builds, play the very same game with the same taps) in `b` at `cpu`×
/// slowdown and plays it to its end (or `max_turns`) by taps; the hand-over cover is tapped
/// through (taps "cover").
pub fn play_game(b: &Browser, base: &str, kind: &str, cpu: f64, seed: u64, max_turns: usize) -> Res<Played> {
    b.cdp("Page.addScriptToEvaluateOnNewDocument", json!({ "source": TAP_SCRIPT }))?;
    screens::apply(b, TABLET)?;
    b.cdp("Emulation.setCPUThrottlingRate", json!({ "rate": cpu }))?;
    screens::open_saved(b, base, &new_game(kind, seed))?;
    // A person looks at the screen before the first tap (the cover names who plays first).
    screens::settle(b)?;
    std::thread::sleep(Duration::from_secs(1));
    let debug = std::env::var_os("SPIELTISCH_PERF_DEBUG").is_some();
    b.execute("__perf.playFrom = performance.now(); __perf.debug = arguments[0];", vec![json!(debug)])?;
    let mut p = Player { b, mouse: false, taps: Vec::new(), turn: 1, pick: Pick(seed | 1) };
    let turn_css = turn_css(kind);
    let mut ended = false;
    while p.turn <= max_turns {
        match screen(b, turn_css)?.as_str() {
            "end" => {
                ended = true;
                break;
            }
            "cover" => {
                p.tap_css("[data-test=handover] [data-test=reveal]", "cover")?;
                b.wait_gone("[data-test=handover]", WAIT)?;
                // For half a second after the cover a shield swallows taps (a double tap on
                // "show" must not reach the board).
                b.wait_gone("[data-test=tap-shield]", WAIT)?;
            }
            _ => {
                match kind {
                    "just4fun" => just4fun_turn(&mut p)?,
                    "gutangelegt" => gutangelegt_turn(&mut p)?,
                    "viermalvier" => viermalvier_turn(&mut p)?,
                    "sudoku" => sudoku_turn(&mut p)?,
                    other => return Err(format!("{other}: no turn by taps in tools/src/perf.rs yet")),
                }
                p.turn += 1;
            }
        }
    }
    if let Some(et) = b.execute("return __perf.eventTiming();", vec![])?.as_array() {
        for (tap, d) in p.taps.iter_mut().zip(et) {
            tap.event_timing = d.as_f64().unwrap_or(0.0);
        }
    }
    let long = b.execute("return __perf.longTasks();", vec![])?;
    let long_tasks = long.as_array().map(|l| l.iter().filter_map(|d| d.as_f64()).collect());
    let _ = b.cdp("Emulation.setCPUThrottlingRate", json!({ "rate": 1 }));
    Ok(Played { turns: p.turn - 1, taps: p.taps, long_tasks, ended })
}

/// A page with one button whose click changes one attribute: the floor of the method on this
/// machine (input pipeline, waiting for the frame) without the app.
const BASELINE_PAGE: &str = "data:text/html,<!DOCTYPE html><meta name=viewport content='width=device-width'>\
<button data-test=b style='width:300px;height:200px' onclick='this.dataset.n=(+this.dataset.n||0)+1'>tap</button>";

/// `taps` taps (or mouse clicks) on [`BASELINE_PAGE`] at `cpu`× slowdown.
fn baseline(cpu: f64, taps: usize, mouse: bool) -> Res<Played> {
    let b = Browser::start()?;
    b.cdp("Page.addScriptToEvaluateOnNewDocument", json!({ "source": TAP_SCRIPT }))?;
    screens::apply(&b, TABLET)?;
    b.cdp("Emulation.setCPUThrottlingRate", json!({ "rate": cpu }))?;
    b.goto(BASELINE_PAGE)?;
    let mut p = Player { b: &b, mouse, taps: Vec::new(), turn: 1, pick: Pick(1) };
    for _ in 0..taps {
        p.tap_css("[data-test=b]", "button")?;
        p.turn += 1;
    }
    if let Some(et) = b.execute("return __perf.eventTiming();", vec![])?.as_array() {
        for (tap, d) in p.taps.iter_mut().zip(et) {
            tap.event_timing = d.as_f64().unwrap_or(0.0);
        }
    }
    Ok(Played { turns: taps, taps: p.taps, long_tasks: None, ended: true })
}

/// The `q`-quantile (nearest rank) of `v`; NaN when empty.
pub fn quantile(v: &[f64], q: f64) -> f64 {
    let mut s: Vec<f64> = v.to_vec();
    s.sort_by(f64::total_cmp);
    if s.is_empty() {
        return f64::NAN;
    }
    let rank = ((q * s.len() as f64).ceil() as usize).clamp(1, s.len());
    s[rank - 1]
}

pub fn median(v: &[f64]) -> f64 {
    quantile(v, 0.5)
}

/// The game's name as said at the table, from its id (`kind`).
pub fn game_name(kind: &str) -> &'static str {
    GameKind::from_id(kind).map_or("?", GameKind::short_name)
}

fn p50_p95(v: &[f64]) -> String {
    if v.is_empty() {
        return "–".into();
    }
    format!("{:.0} / {:.0} ms", median(v), quantile(v, 0.95))
}

/// Event Timing's p95 (it reports nothing under 16 ms).
fn et_p95(taps: &[Tap]) -> String {
    let v: Vec<f64> = taps.iter().filter(|t| t.what != "cover").map(|t| t.event_timing).collect();
    match quantile(&v, 0.95) {
        x if x.is_nan() => "–".into(),
        x if x < 16.0 => "<16".into(),
        x => format!("{x:.0}"),
    }
}

/// DOM changes per kind of tap in the first and the last `n` turns: "card 12 → 15, …".
fn dom_changes_line(taps: &[Tap], turns: usize, n: usize) -> String {
    let mut kinds: Vec<&'static str> = Vec::new();
    for t in taps {
        if !kinds.contains(&t.what) {
            kinds.push(t.what);
        }
    }
    let late_from = turns.saturating_sub(n - 1).max(n + 1);
    let part = |what: &str, early: bool| {
        let v: Vec<f64> = taps
            .iter()
            .filter(|t| t.what == what && if early { t.turn <= n } else { t.turn >= late_from })
            .map(|t| t.dom_changes as f64)
            .collect();
        if v.is_empty() {
            "–".to_string()
        } else {
            format!("{:.0}", median(&v))
        }
    };
    kinds.iter().map(|k| format!("{k} {} → {}", part(k, true), part(k, false))).collect::<Vec<_>>().join(", ")
}

/// Every tap's time to the next frame, cover taps included.
fn all_ms(g: &Played) -> Vec<f64> {
    g.taps.iter().map(|t| t.ms).collect()
}

/// One game's row of the tap table, from the same game played at 1× (`played[0]`) and 4×.
fn taps_row(kind: &str, played: &[Played]) -> String {
    let play = |g: &Played| g.taps.iter().filter(|t| t.what != "cover").map(|t| t.ms).collect::<Vec<_>>();
    let cover = |g: &Played| g.taps.iter().filter(|t| t.what == "cover").map(|t| t.ms).collect::<Vec<_>>();
    let unclicked: usize = played.iter().map(|g| g.taps.iter().filter(|t| !t.clicked).count()).sum();
    format!(
        "| {} | {} | {} | {} | {} / {} | {} ({} covers, {} turns{}{}) | {} · {} |",
        game_name(kind),
        p50_p95(&play(&played[0])),
        p50_p95(&play(&played[1])),
        p50_p95(&all_ms(&played[1])),
        et_p95(&played[0].taps),
        et_p95(&played[1].taps),
        play(&played[0]).len(),
        cover(&played[0]).len(),
        played[0].turns,
        if played.iter().all(|g| g.ended) { ", to the end" } else { ", stopped" },
        if unclicked > 0 { format!(", {unclicked} taps made no click") } else { String::new() }
            + &if play(&played[1]).len() != play(&played[0]).len() {
                format!("; {} at 4×", play(&played[1]).len())
            } else {
                String::new()
            },
        p50_p95(&cover(&played[0])),
        p50_p95(&cover(&played[1])),
    )
}

/// The main-thread tasks over 50 ms during play: how many, and the longest.
fn long_tasks_text(g: &Played) -> String {
    match &g.long_tasks {
        None => "no longtask API".to_string(),
        Some(l) if l.is_empty() => "none".to_string(),
        Some(l) => format!("{} (longest {:.0} ms)", l.len(), l.iter().fold(0.0f64, |m, d| m.max(*d))),
    }
}

/// The slowest tap of each kind (ms): where the time goes.
fn slowest_by_kind(taps: &[Tap]) -> String {
    let mut by_kind: Vec<(&str, f64)> = Vec::new();
    for t in taps {
        match by_kind.iter_mut().find(|(k, _)| *k == t.what) {
            Some((_, m)) => *m = m.max(t.ms),
            None => by_kind.push((t.what, t.ms)),
        }
    }
    by_kind.iter().map(|(k, m)| format!("{k} {m:.0}")).collect::<Vec<_>>().join(", ")
}

/// The tap table: every game at 1× and 4×, then the DOM changes per tap early vs late.
pub fn taps_section(dist: &Path, max_turns: usize, only: &[String]) -> Res<()> {
    println!("== Tap → next frame, complete two-person games by taps (1024×768 touch; the same game at 1× and 4×; play taps, every tap and the cover taps apart)");
    let server = StaticServer::serve(dist, "/spieltisch/").map_err(|e| e.to_string())?;
    let url = server.url();
    let mut rows = Vec::new();
    let mut dom = Vec::new();
    let mut slowest = Vec::new();
    let mut long = Vec::new();
    for (i, kind) in KINDS.iter().enumerate() {
        if !only.is_empty() && !only.iter().any(|k| k == kind) {
            continue;
        }
        let mut played = Vec::new();
        for cpu in [1.0, 4.0] {
            let b = Browser::start()?;
            let started = Instant::now();
            let game = play_game(&b, &url, kind, cpu, 0x9E37 + i as u64 * 7919, max_turns)
                .map_err(|e| format!("{kind} at {cpu}×: {e}"))?;
            eprintln!(
                "  ({} at {cpu}×: {} taps in {:.0} s)",
                game_name(kind),
                game.taps.len(),
                started.elapsed().as_secs_f64()
            );
            played.push(game);
        }
        rows.push(taps_row(kind, &played));
        dom.push(format!("{:<13} {}", game_name(kind), dom_changes_line(&played[0].taps, played[0].turns, 3)));
        slowest.push(format!("{:<13} {}", game_name(kind), slowest_by_kind(&played[1].taps)));
        let (one, four) = (long_tasks_text(&played[0]), long_tasks_text(&played[1]));
        long.push(format!("{:<13} 1×: {one} · 4×: {four}", game_name(kind)));
    }
    println!("| game | p50 / p95 at 1× | p50 / p95 at 4× | every tap at 4×, covers included | Event Timing p95 1× / 4× (ms) | taps (at 1×) | cover taps p50 / p95 1× · 4× |");
    println!("|---|---|---|---|---|---|---|");
    for r in rows {
        println!("{r}");
    }
    for (label, mouse) in [("a static page's button", false), ("the same button clicked with a mouse", true)] {
        let (b1, b4) = (baseline(1.0, 30, mouse)?, baseline(4.0, 30, mouse)?);
        println!(
            "| baseline: {label} | {} | {} | {} | {} / {} | {} | – |",
            p50_p95(&all_ms(&b1)),
            p50_p95(&all_ms(&b4)),
            p50_p95(&all_ms(&b4)),
            et_p95(&b1.taps),
            et_p95(&b4.taps),
            b1.taps.len()
        );
    }
    println!("(goal: p95 of every tap at 4×, covers included, ≤ the static page's p95 at 4× + 30 ms; each game dealt from a fixed seed, choices from a fixed seed.");
    println!(" The baselines are the floor: a touch reaches the page's next frame a frame later than a click here)");
    println!();
    println!("DOM changes per tap (median per kind of tap, first 3 turns → last 3 turns, at 1×; goal: no growth):");
    for d in dom {
        println!("  {d}");
    }
    println!("Slowest tap of each kind at 4× (ms):");
    for s in slowest {
        println!("  {s}");
    }
    println!("Tasks over 50 ms during play, cover taps included (goal: none at 1×):");
    for l in long {
        println!("  {l}");
    }
    println!();
    Ok(())
}

// ----- start-up ---------------------------------------------------------------------------------

/// Long tasks from the start of the page, and the time of the first frame after each of the
/// marked elements appeared (home screen, a board field).
pub const STARTUP_SCRIPT: &str = r#"
(() => {
  const S = window.__startup = { long: [], marks: {} };
  try {
    new PerformanceObserver(l => { for (const e of l.getEntries()) S.long.push([e.startTime, e.duration]); })
      .observe({ type: 'longtask', buffered: true });
  } catch (e) { S.long = null; }
  const sel = { home: '[data-test=home]', board: '[data-test=field], [data-test=cell]', bytes: '[data-test=bytes-in]' };
  const check = () => {
    for (const k in sel) if (!(k in S.marks) && document.querySelector(sel[k])) {
      S.marks[k] = null;
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => { S.marks[k] = performance.now(); };
        ch.port2.postMessage(0);
      });
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})();
"#;

/// The longest long task (0: none) and how many there were; `None`: no longtask API.
type LongTasks = Option<(f64, usize)>;

/// The first frame with `mark` (ms from navigation start) and the long tasks that started
/// before it: (frame, (longest task or 0, tasks over 50 ms)); `None` for the tasks when the
/// browser has no longtask API.
fn startup_mark(b: &Browser, mark: &str) -> Res<(f64, LongTasks)> {
    let v = b.wait_until(Duration::from_secs(120), &format!("the first frame with the {mark}"), |b| {
        let v = b.execute(
            "const s = window.__startup; return s && typeof s.marks[arguments[0]] === 'number' ? s : null;",
            vec![mark.into()],
        )?;
        Ok((!v.is_null()).then_some(v))
    })?;
    let at = v["marks"][mark].as_f64().unwrap_or(f64::NAN);
    let long = v["long"].as_array().map(|l| {
        let before: Vec<f64> =
            l.iter().filter(|e| e[0].as_f64().is_some_and(|s| s < at)).filter_map(|e| e[1].as_f64()).collect();
        (before.iter().copied().fold(0.0, f64::max), before.len())
    });
    Ok((at, long))
}

/// Slows the browser down: `cpu`× CPU, and with `slow_net` a Fast-3G-like network.
pub fn throttle(b: &Browser, cpu: f64, slow_net: bool) -> Res<()> {
    b.cdp("Emulation.setCPUThrottlingRate", json!({ "rate": cpu }))?;
    if slow_net {
        b.cdp("Network.enable", json!({}))?;
        b.cdp(
            "Network.emulateNetworkConditions",
            json!({ "offline": false, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8 }),
        )?;
    }
    Ok(())
}

/// A fresh browser with the start-up recorder, the tablet viewport and `cpu`× slowdown.
fn startup_browser(cpu: f64, slow_net: bool) -> Res<Browser> {
    let b = Browser::start()?;
    b.cdp("Page.addScriptToEvaluateOnNewDocument", json!({ "source": STARTUP_SCRIPT }))?;
    screens::apply(&b, TABLET)?;
    throttle(&b, cpu, slow_net)?;
    Ok(b)
}

/// A copy of `dist` with more pages: an empty one (to write localStorage before the app ever
/// loads) and, later, the static board and its network floor ([`write_static_board`]).
fn staged_copy(dist: &Path) -> Res<PathBuf> {
    let dir = std::env::temp_dir().join(format!("spieltisch-report-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(dist, &dir).map_err(|e| format!("copy {}: {e}", dist.display()))?;
    std::fs::write(dir.join("perf-blank.html"), "<!DOCTYPE html><title>blank</title>").map_err(|e| e.to_string())?;
    Ok(dir)
}

pub fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)?.flatten() {
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

/// The running game the start-up comparison opens: Just 4 Fun, two people, six stones in.
fn saved_game() -> AnySession {
    AnySession::Just4Fun(screens::random_game::<Just4Fun>(2, Default::default(), 5, |s| s.log.len() >= 6))
}

pub const SAVE_ID: &str = "00000000000000ab";

/// Writes the settings (German, hand-over cover as `handover` says) and `game` as a running game
/// into the localStorage of the app at `base`, from the empty page `perf-blank.html` beside it,
/// so that the app itself has never loaded (nothing cached) when it is opened next.
pub fn store_game(b: &Browser, base: &str, game: Option<&AnySession>, handover: bool) -> Res<()> {
    let meta = spieltisch::session::SaveMeta { name: "saved", saved_at: 1.0, id: SAVE_ID, rev: 1 };
    let record = match game {
        Some(g) => Value::from(spieltisch::session::to_json(g, meta).map_err(|e| format!("{e:?}"))?),
        None => Value::Null,
    };
    b.goto(&format!("{base}perf-blank.html"))?;
    b.execute(
        "const dir = location.pathname.replace(/[^/]*$/, ''); \
         if (arguments[1] !== null) localStorage.setItem('spieltisch@' + dir + '|game.' + arguments[0], arguments[1]); \
         localStorage.setItem('spieltisch@' + dir + '|settings', JSON.stringify({ lang: 'de', handover: arguments[2], reduced_motion: false }));",
        vec![SAVE_ID.into(), record, handover.into()],
    )?;
    Ok(())
}

/// Opens the saved game in the app once and keeps its rendered page, scripts (and the
/// Content-Security-Policy, which would refuse the inlined CSS and script) removed and the CSS
/// inlined, as `perf-static.html`: the same content without the app; and as
/// `perf-bytes.html`, the same page that also fetches the app's first load (the network floor).
fn write_static_board(dir: &Path, base: &str) -> Res<()> {
    let b = Browser::start()?;
    screens::apply(&b, TABLET)?;
    store_game(&b, base, Some(&saved_game()), false)?;
    b.goto(&format!("{base}#/play/{SAVE_ID}"))?;
    b.wait_for("[data-test=field]", WAIT)?;
    std::thread::sleep(Duration::from_millis(300));
    let html = b.execute(
        "const d = document.documentElement.cloneNode(true); \
         for (const e of d.querySelectorAll('script, link[rel=modulepreload], link[rel=preload], link[rel=stylesheet], link[rel=manifest], link[rel=icon], link[rel=apple-touch-icon], meta[http-equiv]')) e.remove(); \
         return d.outerHTML;",
        vec![],
    )?;
    let html = html.as_str().ok_or("no page")?;
    let mut css = String::new();
    for entry in std::fs::read_dir(dir).map_err(|e| e.to_string())?.flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        if name.ends_with(".css") {
            css.push_str(&std::fs::read_to_string(entry.path()).map_err(|e| e.to_string())?);
        }
    }
    let page = html.replacen("</head>", &format!("<style>{css}</style></head>"), 1);
    std::fs::write(dir.join("perf-static.html"), format!("<!DOCTYPE html>{page}")).map_err(|e| e.to_string())?;
    // The same page fetching the app's JS glue and Wasm as the app does (both at once), marking
    // when both are in: how soon any app that needs these bytes could answer a tap.
    let files = crate::dist::list_files(dir).map_err(|e| e.to_string())?;
    let first_load: Vec<&String> = files
        .iter()
        .filter(|f| {
            f.starts_with("spieltisch-")
                && !f.contains("worker")
                && !f.contains("rules")
                && (f.ends_with(".js") || f.ends_with("_bg.wasm"))
        })
        .collect();
    if first_load.len() != 2 {
        return Err(format!("expected the app's JS glue and Wasm in {}, found {first_load:?}", dir.display()));
    }
    let fetches = first_load.iter().map(|f| format!("'./{f}'")).collect::<Vec<_>>().join(", ");
    let script = format!(
        "<script>Promise.all([{fetches}].map(f => fetch(f, {{ cache: 'no-store' }}).then(r => r.arrayBuffer()))).then(() => {{ \
         const i = document.createElement('i'); i.dataset.test = 'bytes-in'; document.body.append(i); }});</script></body>"
    );
    let bytes_page = page.replacen("</body>", &script, 1);
    std::fs::write(dir.join("perf-bytes.html"), format!("<!DOCTYPE html>{bytes_page}")).map_err(|e| e.to_string())?;
    Ok(())
}

/// One side-by-side measurement (ms from navigation start).
struct SideBySide {
    static_board: f64,
    /// The static page once it also has the app's JS glue and Wasm (not run): the network floor.
    bytes_in: f64,
    app_board: f64,
    /// When the app's Wasm had arrived (its `responseEnd`).
    app_wasm: f64,
    app_long: LongTasks,
}

/// One side-by-side run: the static page, its network floor, then the app on the same game
/// (fresh browser, app never loaded before).
fn side_by_side(base: &str, cpu: f64, slow_net: bool) -> Res<SideBySide> {
    let b = startup_browser(1.0, false)?;
    store_game(&b, base, Some(&saved_game()), false)?;
    throttle(&b, cpu, slow_net)?;
    b.goto(&format!("{base}perf-static.html"))?;
    let (static_ms, _) = startup_mark(&b, "board")?;
    // Before the app: its files are fetched past the HTTP cache, and no service worker is there yet.
    b.goto(&format!("{base}perf-bytes.html"))?;
    let (bytes_ms, _) = startup_mark(&b, "bytes")?;
    b.goto(&format!("{base}#/play/{SAVE_ID}"))?;
    let (app_ms, long) = startup_mark(&b, "board")?;
    let wasm = b.execute(
        "const w = performance.getEntriesByType('resource').find(e => e.name.endsWith('.wasm')); return w ? w.responseEnd : null;",
        vec![],
    )?;
    Ok(SideBySide {
        static_board: static_ms,
        bytes_in: bytes_ms,
        app_board: app_ms,
        app_wasm: wasm.as_f64().unwrap_or(f64::NAN),
        app_long: long,
    })
}

/// Start-up: longest tasks (home; a new Just 4 Fun game by taps) and app vs static page.
pub fn startup_section(dist: &Path, runs: usize) -> Res<()> {
    let runs = runs.max(1);
    println!("== Start-up (fresh profile each run, 1024×768 touch; median of {runs} runs; server sends brotli)");
    let dir = staged_copy(dist)?;
    let server = StaticServer::serve_compressed(&dir, "/spieltisch/").map_err(|e| e.to_string())?;
    let base = server.url();
    let result = first_frames_table(&base, runs).and_then(|()| {
        write_static_board(&dir, &base)?;
        against_static_table(&base, runs)
    });
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// The first frame with the home screen, and with a new game's board, and the longest task
/// before it, at 1× and 4× CPU.
fn first_frames_table(base: &str, runs: usize) -> Res<()> {
    println!("| path | CPU | first frame with it | longest task before it: median run · worst run |");
    println!("|---|---|---|---|");
    for (what, cpu) in [("home", 1.0), ("home", 4.0), ("new Just 4 Fun game", 1.0), ("new Just 4 Fun game", 4.0)] {
        let (mut at, mut longest) = (Vec::new(), Vec::new());
        let mut unavailable = false;
        for _ in 0..runs {
            let (t, long) = first_frame(base, what, cpu)?;
            at.push(t);
            match long {
                Some((m, _)) => longest.push(m),
                None => unavailable = true,
            }
        }
        let worst = longest.iter().copied().fold(0.0, f64::max);
        let long = if unavailable {
            "longtask API unavailable".to_string()
        } else if worst == 0.0 {
            "none over 50 ms".to_string()
        } else {
            let m = median(&longest);
            format!("{} · {worst:.0} ms", if m > 0.0 { format!("{m:.0} ms") } else { "none over 50 ms".into() })
        };
        println!("| {what} | {cpu}× | {:.0} ms | {long} |", median(&at));
    }
    println!("(\"new Just 4 Fun game\": from the setup screen's URL, taps on two players and start; goal: no task over 50 ms at 1×)");
    println!();
    Ok(())
}

/// One fresh start: the first frame with `what` and the longest task before it.
fn first_frame(base: &str, what: &str, cpu: f64) -> Res<(f64, LongTasks)> {
    let b = startup_browser(cpu, false)?;
    if what == "home" {
        b.goto(base)?;
        startup_mark(&b, "home")
    } else {
        // Straight from the URL of the setup screen: two people, start.
        b.goto(&format!("{base}#/new/just4fun"))?;
        b.wait_for("[data-test=setup]", Duration::from_secs(60))?;
        if let Some(two) = b.try_find("[data-test=players-2]")? {
            b.tap(&two)?;
        }
        b.tap(&b.wait_for("[data-test=start]", WAIT)?)?;
        if let Some(r) = b.try_find("[data-test=reveal]")? {
            b.tap(&r)?;
        }
        startup_mark(&b, "board")
    }
}

/// Navigation → board: the app opening a saved game against a static page of the same board
/// and against that page fetching the app's files (the network floor).
fn against_static_table(base: &str, runs: usize) -> Res<()> {
    println!("Navigation → first frame with the board: the app opening a saved Just 4 Fun game by URL vs a static");
    println!("HTML page of the same rendered board (CSS inlined, no scripts); same server, same browser, in turn:");
    println!("| conditions | static page | static page + the app's JS and Wasm fetched (the network floor) | app | app ÷ static | floor ÷ static | app's longest task before the board |");
    println!("|---|---|---|---|---|---|---|");
    for (label, cpu, slow) in [("unthrottled", 1.0, false), ("4× CPU + Fast 3G", 4.0, true)] {
        let (mut st, mut app, mut wasm, mut ratio, mut longest) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let (mut bytes, mut floor) = (Vec::new(), Vec::new());
        for _ in 0..runs {
            let m = side_by_side(base, cpu, slow)?;
            st.push(m.static_board);
            bytes.push(m.bytes_in);
            floor.push(m.bytes_in / m.static_board);
            app.push(m.app_board);
            wasm.push(m.app_wasm);
            ratio.push(m.app_board / m.static_board);
            if let Some((l, _)) = m.app_long {
                longest.push(l);
            }
        }
        println!(
            "| {label} | {:.0} ms | {:.0} ms | {:.0} ms (Wasm in at {:.0} ms) | {:.1}× | {:.1}× | {} |",
            median(&st),
            median(&bytes),
            median(&app),
            median(&wasm),
            median(&ratio),
            median(&floor),
            if longest.is_empty() {
                "–".into()
            } else if median(&longest) > 0.0 {
                format!("{:.0} ms", median(&longest))
            } else {
                "none over 50 ms".into()
            }
        );
    }
    println!("(goal: app ≤ 3× the static page; ratios = medians of the runs' ratios. The floor: the static page");
    println!(" that also fetches the first load's JS and Wasm, run nowhere; no app needing those bytes is faster)");
    println!();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_are_nearest_rank() {
        let v: Vec<f64> = (1..=20).rev().map(f64::from).collect();
        assert_eq!(median(&v), 10.0);
        assert_eq!(quantile(&v, 0.95), 19.0);
        assert_eq!(quantile(&[7.0], 0.95), 7.0);
        assert!(quantile(&[], 0.5).is_nan());
    }

    #[test]
    fn dom_changes_compare_the_first_and_the_last_turns() {
        let tap = |what, turn, dom_changes| Tap { what, turn, ms: 1.0, event_timing: 0.0, dom_changes, clicked: true };
        let taps: Vec<Tap> = (1..=10).flat_map(|t| [tap("card", t, 5), tap("lay", t, t as u64 * 100)]).collect();
        assert_eq!(dom_changes_line(&taps, 10, 3), "card 5 → 5, lay 200 → 900");
    }
}
