//! The app's screens at the three target viewports, reached the way a player reaches them: used
//! by the `screenshots` command (and open to the browser tests).

use crate::webdriver::{Browser, Result};
use serde_json::json;
use spieltisch::engine::{viermalvier, Game};
use spieltisch::session::{AnySession, PlayerColor, Seat, Session};
use std::time::Duration;

/// A device the app must work on.
#[derive(Clone, Copy, Debug)]
pub struct Viewport {
    pub name: &'static str,
    pub width: u32,
    pub height: u32,
}

/// Tablet landscape, tablet portrait, phone: all by touch.
pub const VIEWPORTS: [Viewport; 3] = [
    Viewport { name: "tablet-1024x768", width: 1024, height: 768 },
    Viewport { name: "portrait-768x1024", width: 768, height: 1024 },
    Viewport { name: "phone-390x844", width: 390, height: 844 },
];

/// The four games' ids, as in URLs and `data-test` names.
pub const KINDS: [&str; 4] = ["just4fun", "gutangelegt", "viermalvier", "sudoku"];

const WAIT: Duration = Duration::from_secs(30);

/// A screen: its name and how to get there from a fresh page at the app's URL.
pub type Screen = (String, Box<dyn Fn(&Browser, &str) -> Result<()>>);

/// Every screen worth looking at: home, settings, and per game its setup, a start with 2 and
/// with 4 players, a paused computer game, the end, the rules; the announce and open variants.
pub fn all() -> Vec<Screen> {
    let mut list: Vec<Screen> = vec![
        ("home".into(), Box::new(|b: &Browser, base: &str| b.goto(base).and_then(|_| b.wait_for("[data-test=home]", WAIT).map(|_| ())))),
        ("settings".into(), Box::new(|b: &Browser, base: &str| b.goto(&format!("{base}#/settings")))),
    ];
    for kind in KINDS {
        list.push((format!("{kind}-setup"), Box::new(move |b: &Browser, base: &str| setup(b, base, kind, 4))));
        list.push((format!("{kind}-start"), Box::new(move |b: &Browser, base: &str| person_game(b, base, kind, 2, &[]))));
        list.push((format!("{kind}-4-players"), Box::new(move |b: &Browser, base: &str| person_game(b, base, kind, 4, &[]))));
        // Vier mal Vier's games are short: a few stones are its middle.
        let middle = if kind == "viermalvier" { 5 } else { 12 };
        list.push((format!("{kind}-mid-game"), Box::new(move |b: &Browser, base: &str| computer_game(b, base, kind, 2, Some(middle)))));
        list.push((format!("{kind}-end"), Box::new(move |b: &Browser, base: &str| computer_game(b, base, kind, 4, None))));
        list.push((format!("{kind}-rules"), Box::new(move |b: &Browser, base: &str| b.goto(&format!("{base}#/rules/{kind}")))));
    }
    // The hand-over cover after a few moves: the board in view, what happened since.
    for kind in KINDS {
        list.push((format!("{kind}-handover"), Box::new(move |b: &Browser, base: &str| {
            let players = if kind == "viermalvier" { 2 } else { 3 };
            let game = match kind {
                "just4fun" => AnySession::Just4Fun(random_game(players, Default::default(), 3, |s| s.log.len() >= 7)),
                "gutangelegt" => AnySession::GutAngelegt(random_game(players, Default::default(), 3, |s| s.log.len() >= 7)),
                "sudoku" => AnySession::Sudoku(random_game(players, Default::default(), 3, |s| s.log.len() >= 7)),
                _ => AnySession::VierMalVier(random_game(players, Default::default(), 3, |s| s.log.len() >= 5)),
            };
            open_saved(b, base, &game)
        })));
    }
    // Profi rule: a stone that made the complete wall impossible; its owner may ask to take it back.
    list.push(("viermalvier-take-back".into(), Box::new(|b: &Browser, base: &str| {
        open_saved(b, base, &AnySession::VierMalVier(objectable_game(viermalvier::View::Hidden)))
    })));
    // Open view with the Profi rule, right after a stone to object to: every Profi button shows.
    list.push(("viermalvier-open-profi".into(), Box::new(|b: &Browser, base: &str| {
        open_saved(b, base, &AnySession::VierMalVier(objectable_game(viermalvier::View::Open)))?;
        reveal(b)
    })));
    // Mid-turn: something picked, a place chosen; Gut angelegt with many claimed lines.
    list.push(("gutangelegt-claims".into(), Box::new(|b: &Browser, base: &str| {
        let options = spieltisch::engine::gutangelegt::Options { announce: true };
        let game = random_game::<spieltisch::engine::gutangelegt::GutAngelegt>(3, options, 4, |s| s.log.len() >= 14);
        open_saved(b, base, &AnySession::GutAngelegt(game))?;
        reveal(b)?;
        b.click_css("[data-test=hand-card]", WAIT)?;
        b.click_css("[data-test=slot]", WAIT)?;
        // A claim per card: its top field to its bottom field (three in a column). Whether they
        // score does not matter here: the list grows with every claim.
        let ends = b.execute(
            "return [...document.querySelectorAll('[data-test=table] [data-test=card]')].slice(0, 6).map(c => {
               const f = [...c.querySelectorAll('[data-test=field]')]; return [f[0].dataset.x, f[0].dataset.y, f[2].dataset.y]; });",
            vec![],
        )?;
        for end in ends.as_array().into_iter().flatten() {
            let (x, top, bottom) = (end[0].as_str().unwrap_or(""), end[1].as_str().unwrap_or(""), end[2].as_str().unwrap_or(""));
            for y in [top, bottom] {
                b.click_css(&format!("[data-test=table] [data-test=card] [data-test=field][data-x=\"{x}\"][data-y=\"{y}\"]"), WAIT)?;
            }
        }
        Ok(())
    })));
    list.push(("just4fun-picked".into(), Box::new(|b: &Browser, base: &str| {
        person_game(b, base, "just4fun", 4, &[])?;
        for card in b.find_all("[data-test=card]")?.iter().take(2) {
            b.click(card)?;
        }
        Ok(())
    })));
    list.push(("viermalvier-picked".into(), Box::new(|b: &Browser, base: &str| {
        let game = random_game::<viermalvier::VierMalVier>(2, Default::default(), 2, |s| s.log.len() >= 4);
        open_saved(b, base, &AnySession::VierMalVier(game))?;
        reveal(b)?;
        b.click_css("[data-test=tafel-stone]", WAIT)?;
        b.click_css("[data-test=slot][data-legal=true]", WAIT)
    })));
    list.push(("sudoku-chosen".into(), Box::new(|b: &Browser, base: &str| {
        person_game(b, base, "sudoku", 4, &[])?;
        b.click_css("[data-test=cell][data-legal=true]", WAIT)
    })));
    // Gut angelegt when a row is full: the next card starts a new row at one of four corners.
    list.push(("gutangelegt-new-row".into(), Box::new(|b: &Browser, base: &str| {
        let new_row = |s: &Session<spieltisch::engine::gutangelegt::GutAngelegt>| {
            s.state.places().iter().any(|p| matches!(p, spieltisch::engine::gutangelegt::Place::Corner { .. }))
        };
        open_saved(b, base, &AnySession::GutAngelegt(random_game(2, Default::default(), 6, new_row)))?;
        reveal(b)
    })));
    list.push(("gutangelegt-announce".into(), Box::new(|b: &Browser, base: &str| person_game(b, base, "gutangelegt", 2, &["opt-announce"]))));
    list.push(("viermalvier-open".into(), Box::new(|b: &Browser, base: &str| person_game(b, base, "viermalvier", 2, &["opt-view-open"]))));
    list
}

/// Makes the page `viewport`-sized, as a touch device (a phone also as a mobile one).
pub fn apply(b: &Browser, viewport: Viewport) -> Result<()> {
    b.cdp(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": viewport.width, "height": viewport.height, "deviceScaleFactor": 1, "mobile": viewport.width < 600 }),
    )?;
    b.cdp("Emulation.setTouchEmulationEnabled", json!({ "enabled": true, "maxTouchPoints": 5 }))?;
    Ok(())
}

/// Switches the app at `base` to German, its default language (headless Chromium asks for
/// English): the stored setting, as the settings screen writes it.
pub fn german(b: &Browser, base: &str) -> Result<()> {
    b.goto(base)?;
    b.wait_for("[data-test=home]", WAIT)?;
    b.execute(
        "const dir = location.pathname.replace(/[^/]*$/, ''); \
         localStorage.setItem('spieltisch@' + dir + '|settings', JSON.stringify({ lang: 'de', handover: true, reduced_motion: false }));",
        vec![],
    )?;
    b.refresh()?;
    b.wait_for("[data-test=home]", WAIT)?;
    Ok(())
}

/// The setup screen of `kind` with `players` seats (as many as the game allows, if fewer).
pub fn setup(b: &Browser, base: &str, kind: &str, players: usize) -> Result<()> {
    b.goto(&format!("{base}#/new/{kind}"))?;
    b.wait_for("[data-test=setup]", WAIT)?;
    for n in (2..=players).rev() {
        if let Some(button) = b.try_find(&format!("[data-test=players-{n}]"))? {
            b.click(&button)?;
            break;
        }
    }
    Ok(())
}

/// A new game of `kind` for `players` people, with the setup buttons `options` pressed; the
/// first player's screen, behind no cover.
pub fn person_game(b: &Browser, base: &str, kind: &str, players: usize, options: &[&str]) -> Result<()> {
    setup(b, base, kind, players)?;
    for o in options {
        b.click_css(&format!("[data-test={o}]"), WAIT)?;
    }
    b.click_css("[data-test=start]", WAIT)?;
    b.wait_for("[data-test=game]", WAIT)?;
    reveal(b)
}

/// A game of `G` for `players` people (Anna, Ben, Cem, Dora) from `seed`, played by random legal
/// moves until `stop` says so or the game is over.
pub fn random_game<G: Game>(players: usize, options: G::Options, seed: u64, mut stop: impl FnMut(&Session<G>) -> bool) -> Session<G> {
    let names = ["Anna", "Ben", "Cem", "Dora"];
    let seats = (0..players).map(|p| Seat::person(names[p % 4], PlayerColor::ALL[p % 4])).collect();
    let mut s = Session::<G>::new(seats, options, seed).expect("a valid setup");
    let mut pick = seed;
    while s.state.outcome().is_none() && !stop(&s) {
        let moves = s.state.legal_moves();
        pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1);
        s.play(&moves[(pick >> 33) as usize % moves.len()]).expect("a legal move applies");
    }
    s
}

/// Stores `game` as a running game's record of the app at `base` and opens it.
pub fn open_saved(b: &Browser, base: &str, game: &AnySession) -> Result<()> {
    let id = "00000000000000ab";
    let meta = spieltisch::session::SaveMeta { name: "saved", saved_at: 1.0, id, rev: 1 };
    let record = spieltisch::session::to_json(game, meta).expect("a game writes");
    b.goto(base)?;
    b.execute(
        "const dir = location.pathname.replace(/[^/]*$/, ''); localStorage.setItem('spieltisch@' + dir + '|game.' + arguments[0], arguments[1]);",
        vec![id.into(), record.into()],
    )?;
    b.goto(&format!("{base}#/play/{id}"))?;
    b.wait_for("[data-test=game]", WAIT)?;
    Ok(())
}

/// A Vier mal Vier game under the Profi rule in `view`, right after a stone that made the
/// complete wall impossible (random play; the first seed that gets there).
fn objectable_game(view: viermalvier::View) -> Session<viermalvier::VierMalVier> {
    let options = viermalvier::Options { profi: true, view, ..Default::default() };
    let objectable = |s: &Session<viermalvier::VierMalVier>| s.state.legal_moves().contains(&viermalvier::Move::Object);
    (0..500).map(|seed| random_game(2, options.clone(), seed, objectable)).find(objectable).expect("a stone to object to")
}

/// Lifts the hand-over cover, if one shows.
pub fn reveal(b: &Browser) -> Result<()> {
    if let Some(button) = b.try_find("[data-test=reveal]")? {
        b.click(&button)?;
        b.wait_gone("[data-test=handover]", WAIT)?;
    }
    Ok(())
}

/// A game of `kind` played by `players` Easy computers (small budget, no pauses) up to move
/// `moves`, then paused; `None` plays it to its end screen.
pub fn computer_game(b: &Browser, base: &str, kind: &str, players: usize, moves: Option<u64>) -> Result<()> {
    b.goto(&format!("{base}?budget=30#/new/{kind}"))?;
    b.wait_for("[data-test=setup]", WAIT)?;
    setup(b, &format!("{base}?budget=30"), kind, players)?;
    for easy in b.find_all("[data-test=kind-easy]")? {
        b.click(&easy)?;
    }
    b.click_css("[data-test=start]", WAIT)?;
    b.click_css("[data-test=skip]", WAIT)?;
    match moves {
        None => {
            b.wait_for("[data-test=end-screen]", Duration::from_secs(180))?;
        }
        Some(n) => {
            b.wait_until(WAIT, "the computers to make their moves", |b| {
                let played = b.execute("return Number((document.querySelector('[data-test=move-log]') || {}).dataset?.moves || 0);", vec![])?;
                // A short game may end first.
                Ok((played.as_u64().unwrap_or(0) >= n || b.exists("[data-test=end-screen]")?).then_some(()))
            })?;
            if let Some(pause) = b.try_find("[data-test=pause]")? {
                b.click(&pause)?;
                b.click_css("[data-test=skip]", WAIT)?;
            }
        }
    }
    Ok(())
}

/// Checks the screen on show against the layout rules for touch (issue 12): no page scroll, the
/// main action inside the viewport, tap targets at least 44 × 44 px, no text below 12 px on a
/// board, no clipped label. Returns one line per problem (empty: all good).
pub fn audit(b: &Browser) -> Result<Vec<String>> {
    let found = b.execute(AUDIT_SCRIPT, vec![])?;
    Ok(found.as_array().map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect()).unwrap_or_default())
}

/// The main action of each screen, by `data-test` name; the first one shown counts.
const AUDIT_SCRIPT: &str = r#"
const out = [], vw = innerWidth, vh = innerHeight;
const shown = e => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
  return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && !e.closest('[hidden]'); };
const name = e => (e.dataset.test || e.tagName.toLowerCase()) + (e.textContent.trim() ? ' "' + e.textContent.trim().slice(0, 24) + '"' : (e.getAttribute('aria-label') ? ' [' + e.getAttribute('aria-label').slice(0, 24) + ']' : ''));
const se = document.scrollingElement;
if (se.scrollHeight > vh + 1) out.push('page scrolls vertically: ' + se.scrollHeight + ' px for ' + vh);
if (se.scrollWidth > vw + 1) out.push('page scrolls sideways: ' + se.scrollWidth + ' px for ' + vw);
// The main action: visible and inside the viewport.
const main = ['start', 'place', 'new-hand', 'rematch', 'reveal', 'gold-rest'];
for (const t of main) {
  const e = [...document.querySelectorAll('[data-test=' + t + ']')].find(shown);
  if (!e) continue;
  const r = e.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > vh + 0.5 || r.right > vw + 0.5)
    out.push('main action ' + name(e) + ' outside the viewport (top ' + Math.round(r.top) + ', bottom ' + Math.round(r.bottom) + ')');
  break;
}
// Tap targets: HTML controls and the board's tappable fields.
const targets = document.querySelectorAll('button, a[href], input, select, label.button, [role=button], [data-test=field], [data-test=cell], [data-test=slot], [data-test=card], [data-test=hand-card], [data-test=tafel-stone]');
const small = new Map();
for (const e of targets) {
  if (!shown(e) || e.closest('.handover') && !document.querySelector('.handover')) continue;
  if (e.type === 'checkbox' || e.type === 'file') continue; // their label is the target
  const r = e.getBoundingClientRect();
  if (r.width < 43.5 || r.height < 43.5) {
    const k = (e.dataset.test || e.tagName.toLowerCase()) + ' ' + Math.round(r.width) + '×' + Math.round(r.height);
    small.set(k, (small.get(k) || 0) + 1);
  }
}
for (const [k, n] of small) out.push('tap target under 44 px: ' + k + (n > 1 ? ' (' + n + '×)' : ''));
// Text on boards (SVG): rendered size and clipping by its SVG.
const tiny = new Map();
for (const t of document.querySelectorAll('svg text')) {
  if (!shown(t)) continue;
  const svg = t.ownerSVGElement, m = t.getScreenCTM();
  const px = parseFloat(getComputedStyle(t).fontSize) * (m ? Math.hypot(m.a, m.b) : 1);
  const label = (svg.dataset.test || svg.getAttribute('class') || 'svg') + ' "' + t.textContent.trim().slice(0, 12) + '"';
  if (px < 11.95) { const k = label.replace(/"[^"]*"/, '').trim() + ' ' + px.toFixed(1) + ' px'; tiny.set(k, (tiny.get(k) || 0) + 1); }
  const r = t.getBoundingClientRect(), s = svg.getBoundingClientRect();
  if (r.left < s.left - 1 || r.right > s.right + 1 || r.top < s.top - 1 || r.bottom > s.bottom + 1) out.push('text clipped by its board: ' + label);
}
for (const [k, n] of tiny) out.push('board text under 12 px: ' + k + (n > 1 ? ' (' + n + '×)' : ''));
// A board's places (with their hit areas) lie wholly inside their board.
for (const p of document.querySelectorAll('svg [data-test=slot]')) {
  if (!shown(p)) continue;
  const r = p.getBoundingClientRect(), s = p.ownerSVGElement.getBoundingClientRect();
  if (r.left < s.left - 1 || r.right > s.right + 1 || r.top < s.top - 1 || r.bottom > s.bottom + 1) out.push('place outside its board: ' + name(p));
}
// HTML text cut off (an ellipsis or hidden overflow).
for (const e of document.querySelectorAll('h1, h2, button, label, .player, th, td')) {
  if (!shown(e)) continue;
  const s = getComputedStyle(e);
  if ((s.overflow === 'hidden' || s.overflowX === 'hidden' || s.textOverflow === 'ellipsis') && e.scrollWidth > e.clientWidth + 1)
    out.push('label cut off: ' + name(e));
}
return out;
"#;
