//! The app's screens at the three target viewports, reached the way a player reaches them: used
//! by the `screenshots` command (and open to the browser tests).

use crate::webdriver::{Browser, Result};
use serde_json::json;
use spieltisch::engine::{gutangelegt, viermalvier, Game, GameKind};
use spieltisch::session::{AnySession, PlayerColor, Seat, Session, Stored};
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

/// The games' ids (the list in src/games.rs), as in URLs and `data-test` names.
pub const KINDS: [&str; GameKind::ALL.len()] = {
    let mut ids = [""; GameKind::ALL.len()];
    let mut i = 0;
    while i < ids.len() {
        ids[i] = GameKind::ALL[i].id();
        i += 1;
    }
    ids
};

const WAIT: Duration = Duration::from_secs(30);

/// A screen: its name and how to get there from a fresh page at the app's URL.
pub type Screen = (String, Box<dyn Fn(&Browser, &str) -> Result<()>>);

/// Every screen worth looking at: home, settings, and per game its setup, a start with 2 and
/// with 4 players, a paused computer game, the end, the rules; the announce and open variants.
pub fn all() -> Vec<Screen> {
    let mut list: Vec<Screen> = vec![
        (
            "home".into(),
            Box::new(|b: &Browser, base: &str| {
                b.goto(base).and_then(|_| b.wait_for("[data-test=home]", WAIT).map(|_| ()))
            }),
        ),
        ("settings".into(), Box::new(|b: &Browser, base: &str| b.goto(&format!("{base}#/settings")))),
        ("archive".into(), Box::new(|b: &Browser, base: &str| finished_games_in(b, base, "archive"))),
        ("stats".into(), Box::new(|b: &Browser, base: &str| finished_games_in(b, base, "stats"))),
        ("setup-levels".into(), Box::new(setup_levels)),
    ];
    list.extend(per_game_screens());
    list.extend(mid_turn_screens());
    list.extend(grown_screens());
    list.extend(variant_screens());
    list
}

/// Per game: setup, a start with 2 and 4 players, mid-game, the end, the rules, the guided first
/// game; the hand-over cover after a few moves.
fn per_game_screens() -> Vec<Screen> {
    let mut list: Vec<Screen> = Vec::new();
    for kind in KINDS {
        list.push((format!("{kind}-setup"), Box::new(move |b: &Browser, base: &str| setup(b, base, kind, 4))));
        list.push((
            format!("{kind}-start"),
            Box::new(move |b: &Browser, base: &str| person_game(b, base, kind, 2, &[])),
        ));
        list.push((
            format!("{kind}-4-players"),
            Box::new(move |b: &Browser, base: &str| person_game(b, base, kind, 4, &[])),
        ));
        // Vier mal Vier's games are short: a few stones are its middle.
        let middle = if kind == "viermalvier" { 5 } else { 12 };
        list.push((
            format!("{kind}-mid-game"),
            Box::new(move |b: &Browser, base: &str| computer_game(b, base, kind, 2, Some(middle))),
        ));
        list.push((
            format!("{kind}-end"),
            Box::new(move |b: &Browser, base: &str| computer_game(b, base, kind, 4, None)),
        ));
        list.push((
            format!("{kind}-rules"),
            Box::new(move |b: &Browser, base: &str| b.goto(&format!("{base}#/rules/{kind}"))),
        ));
        // A finished game of four players, replayed (opened at its end).
        list.push((
            format!("{kind}-replay"),
            Box::new(move |b: &Browser, base: &str| {
                let kind = GameKind::from_id(kind).expect("a listed game");
                let players = kind.players().1;
                let game = spieltisch::with_game!(kind, G => G::wrap(random_game::<G>(players, Default::default(), 5, |_| false)));
                open_replay(b, base, &game)
            }),
        ));
        // The guided first game at its first step: the words above the marked move.
        list.push((
            format!("{kind}-guide"),
            Box::new(move |b: &Browser, base: &str| {
                b.goto(&format!("{base}#/guide/{kind}"))?;
                b.wait_until(WAIT, "the guide's first step", |b| {
                    let said = b.try_find("[data-test=status]")?.map(|s| b.text(&s)).transpose()?;
                    Ok(said.filter(|s| s.starts_with("Schritt ") || s.starts_with("Step ")).map(|_| ()))
                })
            }),
        ));
    }
    // The hand-over cover after a few moves: the board in view, what happened since.
    for kind in KINDS {
        list.push((
            format!("{kind}-handover"),
            Box::new(move |b: &Browser, base: &str| {
                // Vier mal Vier's games are short: five stones are a few moves there.
                let (players, moves) = if kind == "viermalvier" { (2, 5) } else { (3, 7) };
                let kind = GameKind::from_id(kind).expect("a listed game");
                let game = spieltisch::with_game!(kind, G => {
                    G::wrap(random_game::<G>(players, Default::default(), 3, |s| s.log.len() >= moves))
                });
                open_saved(b, base, &game)
            }),
        ));
    }
    list
}

/// Moments inside a turn: a stone open to objection (Profi rule), claimed lines, something picked.
fn mid_turn_screens() -> Vec<Screen> {
    let mut list: Vec<Screen> = Vec::new();
    // Profi rule: a stone that made the complete wall impossible; its owner may ask to take it back.
    list.push((
        "viermalvier-take-back".into(),
        Box::new(|b: &Browser, base: &str| {
            open_saved(b, base, &AnySession::VierMalVier(objectable_game(viermalvier::View::Hidden)))
        }),
    ));
    // Open view with the Profi rule, right after a stone to object to: every Profi button shows.
    list.push((
        "viermalvier-open-profi".into(),
        Box::new(|b: &Browser, base: &str| {
            open_saved(b, base, &AnySession::VierMalVier(objectable_game(viermalvier::View::Open)))?;
            reveal(b)
        }),
    ));
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
    list.push((
        "just4fun-picked".into(),
        Box::new(|b: &Browser, base: &str| {
            person_game(b, base, "just4fun", 4, &[])?;
            for card in b.find_all("[data-test=card]")?.iter().take(2) {
                b.click(card)?;
            }
            Ok(())
        }),
    ));
    list.push((
        "viermalvier-picked".into(),
        Box::new(|b: &Browser, base: &str| {
            let game = random_game::<viermalvier::VierMalVier>(2, Default::default(), 2, |s| s.log.len() >= 4);
            open_saved(b, base, &AnySession::VierMalVier(game))?;
            reveal(b)?;
            b.click_css("[data-test=tafel-stone]", WAIT)?;
            b.click_css("[data-test=slot][data-legal=true]", WAIT)
        }),
    ));
    list.push((
        "sudoku-chosen".into(),
        Box::new(|b: &Browser, base: &str| {
            person_game(b, base, "sudoku", 4, &[])?;
            b.click_css("[data-test=cell][data-legal=true]", WAIT)
        }),
    ));
    list
}

/// Issue 22: side panels grow with the players; the table at its widest and its tallest; a
/// wall grown at both ends; a name beside "denkt …"; a new row's corners.
fn grown_screens() -> Vec<Screen> {
    let mut list: Vec<Screen> = Vec::new();
    for kind in ["just4fun", "gutangelegt", "sudoku"] {
        list.push((
            format!("{kind}-3-players"),
            Box::new(move |b: &Browser, base: &str| person_game(b, base, kind, 3, &[])),
        ));
    }
    list.push((
        "gutangelegt-first-row".into(),
        Box::new(|b: &Browser, base: &str| {
            // Eleven cards in the first row: a place at either end, thirteen columns.
            let game = random_game::<gutangelegt::GutAngelegt>(2, Default::default(), 5, |s| {
                s.state.rows()[0].cards.len() >= 11
            });
            open_saved(b, base, &AnySession::GutAngelegt(game))?;
            reveal(b)
        }),
    ));
    list.push((
        "gutangelegt-late".into(),
        Box::new(|b: &Browser, base: &str| {
            // Three rows complete: new rows may start above and below, fifteen fields high.
            let game = random_game::<gutangelegt::GutAngelegt>(4, Default::default(), 6, |s| {
                s.state.rows().iter().filter(|r| r.complete()).count() >= 3
            });
            open_saved(b, base, &AnySession::GutAngelegt(game))?;
            reveal(b)
        }),
    ));
    for (name, view) in
        [("viermalvier-grown", viermalvier::View::Hidden), ("viermalvier-grown-open", viermalvier::View::Open)]
    {
        list.push((
            name.into(),
            Box::new(move |b: &Browser, base: &str| {
                open_saved(b, base, &AnySession::VierMalVier(grown_wall(view)))?;
                reveal(b)?;
                b.click_css("[data-test=tafel-stone]", WAIT)
            }),
        ));
    }
    list.push((
        "just4fun-thinking".into(),
        Box::new(|b: &Browser, base: &str| {
            let game = AnySession::Just4Fun(with_computers(random_game::<spieltisch::engine::just4fun::Just4Fun>(
                4,
                Default::default(),
                7,
                |s| s.log.len() >= 6 && s.state.to_move() == Some(2),
            )));
            // A search that takes its time: "denkt …" stays while the screen is looked at.
            open_saved(b, &format!("{base}?budget=50000000"), &game)
        }),
    ));
    list.push((
        "sudoku-thinking".into(),
        Box::new(|b: &Browser, base: &str| {
            let game = AnySession::Sudoku(with_computers(random_game::<spieltisch::engine::sudoku::Sudoku>(
                4,
                Default::default(),
                7,
                |s| s.log.len() >= 6 && s.state.to_move() == Some(2),
            )));
            open_saved(b, &format!("{base}?budget=50000000"), &game)
        }),
    ));
    // Gut angelegt when a row is full: the next card starts a new row at one of four corners.
    list.push((
        "gutangelegt-new-row".into(),
        Box::new(|b: &Browser, base: &str| {
            let new_row = |s: &Session<spieltisch::engine::gutangelegt::GutAngelegt>| {
                s.state.places().iter().any(|p| matches!(p, spieltisch::engine::gutangelegt::Place::Corner { .. }))
            };
            open_saved(b, base, &AnySession::GutAngelegt(random_game(2, Default::default(), 6, new_row)))?;
            reveal(b)
        }),
    ));
    list
}

/// Setup variants seen at the start: announcing in Gut angelegt, the open wall.
fn variant_screens() -> Vec<Screen> {
    vec![
        (
            "gutangelegt-announce".into(),
            Box::new(|b: &Browser, base: &str| person_game(b, base, "gutangelegt", 2, &["opt-announce"])),
        ),
        (
            "viermalvier-open".into(),
            Box::new(|b: &Browser, base: &str| person_game(b, base, "viermalvier", 2, &["opt-view-open"])),
        ),
    ]
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

/// Setup with an Easy and a Hard computer at the table, scrolled to the lines that say how
/// strong each level measured.
fn setup_levels(b: &Browser, base: &str) -> Result<()> {
    setup(b, base, "sudoku", 3)?;
    b.click_css(".seat-row:nth-child(2) [data-test=kind-easy]", WAIT)?;
    b.click_css(".seat-row:nth-child(3) [data-test=kind-hard]", WAIT)?;
    b.wait_for("[data-test=level-line][data-level=hard]", WAIT)?;
    b.execute("document.querySelector('[data-test=level-lines]').scrollIntoView({ block: 'center' });", vec![])?;
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
pub fn random_game<G: Game>(
    players: usize,
    options: G::Options,
    seed: u64,
    mut stop: impl FnMut(&Session<G>) -> bool,
) -> Session<G> {
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
    store(b, base, "game.", id, game)?;
    b.goto(&format!("{base}#/play/{id}"))?;
    b.wait_for("[data-test=game]", WAIT)?;
    Ok(())
}

/// Keeps the finished `game` in the archive and opens its replay.
pub fn open_replay(b: &Browser, base: &str, game: &AnySession) -> Result<()> {
    let id = "00000000000000ac";
    store(b, base, "archive.", id, game)?;
    b.goto(&format!("{base}#/archive/{id}"))?;
    b.wait_for("[data-test=replay-step]", WAIT)?;
    Ok(())
}

/// The finished-games list or the statistics (`screen`: `archive`, `stats`) after a finished game
/// of every kind (four players, random play).
fn finished_games_in(b: &Browser, base: &str, screen: &str) -> Result<()> {
    for (i, kind) in GameKind::ALL.into_iter().enumerate() {
        let game = spieltisch::with_game!(kind, G => G::wrap(random_game::<G>(kind.players().1, Default::default(), 7, |_| false)));
        store(b, base, "archive.", &format!("00000000000000c{i}"), &game)?;
    }
    b.goto(&format!("{base}#/{screen}"))?;
    b.wait_for(if screen == "stats" { "[data-test=stats]" } else { "[data-test=archive-list]" }, WAIT)?;
    Ok(())
}

/// Writes `game` as the record `id` under the key kind `prefix` (`game.`, `archive.`).
fn store(b: &Browser, base: &str, prefix: &str, id: &str, game: &AnySession) -> Result<()> {
    let meta = spieltisch::session::SaveMeta { name: "saved", saved_at: 1.0, id, rev: 1 };
    let record = spieltisch::session::to_json(game, meta).expect("a game writes");
    b.goto(base)?;
    b.execute(
        "const dir = location.pathname.replace(/[^/]*$/, ''); localStorage.setItem('spieltisch@' + dir + '|' + arguments[0], arguments[1]);",
        vec![format!("{prefix}{id}").into(), record.into()],
    )?;
    Ok(())
}

/// A Vier mal Vier game under the Profi rule in `view`, right after a stone that made the
/// complete wall impossible (random play; the first seed that gets there).
fn objectable_game(view: viermalvier::View) -> Session<viermalvier::VierMalVier> {
    let options = viermalvier::Options { profi: true, view, ..Default::default() };
    let objectable = |s: &Session<viermalvier::VierMalVier>| s.state.legal_moves().contains(&viermalvier::Move::Object);
    (0..500)
        .map(|seed| random_game(2, options.clone(), seed, objectable))
        .find(objectable)
        .expect("a stone to object to")
}

/// Seats 3 and 4 of `game` made Hard computers ("Computer 1", "Computer 2"), as the setup names them.
fn with_computers<G: Game>(mut game: Session<G>) -> Session<G> {
    for (k, seat) in game.seats.iter_mut().enumerate().skip(2) {
        seat.name = format!("Computer {}", k - 1);
        seat.kind = spieltisch::session::SeatKind::Computer(spieltisch::engine::bots::Level::Hard);
    }
    game
}

/// A running Vier mal Vier game in `view` whose wall has grown at both ends to its full width
/// (random play; the first seed that gets there).
fn grown_wall(view: viermalvier::View) -> Session<viermalvier::VierMalVier> {
    use viermalvier::{Move, Spot};
    let options = viermalvier::Options { view, ..Default::default() };
    for seed in 0..500u64 {
        let names = ["Anna", "Ben"];
        let seats = (0..2).map(|p| Seat::person(names[p], PlayerColor::ALL[p])).collect();
        let Ok(mut s) = Session::<viermalvier::VierMalVier>::new(seats, options.clone(), seed) else { continue };
        let (mut left, mut right, mut pick) = (false, false, seed);
        while s.state.outcome().is_none() {
            if left && right && s.state.width() == viermalvier::WIDTH {
                return s;
            }
            let moves = s.state.legal_moves();
            pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1);
            let m = moves[(pick >> 33) as usize % moves.len()].clone();
            let grows = s.state.width() > 0;
            left |= grows && matches!(m, Move::Place { spot: Spot::Left, .. });
            right |= grows && matches!(m, Move::Place { spot: Spot::Right, .. });
            s.play(&m).expect("a legal move applies");
        }
    }
    panic!("no game of 500 grew its wall at both ends")
}

/// Waits until the screen stands still: every stylesheet in (the game screen's is linked after
/// the first screen), no animation or transition running, and two frames drawn since, so what is
/// measured is what stays on screen.
pub fn settle(b: &Browser) -> Result<()> {
    b.execute_async(
        "const done = arguments[arguments.length - 1]; \
         const still = () => [...document.querySelectorAll('link[rel=stylesheet]')].every((l) => l.sheet) \
           && document.getAnimations().every((a) => a.playState !== 'running'); \
         const next = () => requestAnimationFrame(() => requestAnimationFrame(() => (still() ? done(true) : next()))); \
         next();",
        vec![],
    )?;
    Ok(())
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
                let played = b.execute(
                    "return Number((document.querySelector('[data-test=move-log]') || {}).dataset?.moves || 0);",
                    vec![],
                )?;
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

/// Checks the screen on show against the layout rules for touch (issues 12 and 22): no page
/// scroll, the main action inside the viewport, tap targets at least 44 × 44 px (a board's cells
/// at least 32 px where the board spans the viewport's width), the whole board in view (not
/// outside the viewport, not scrolled away or clipped by a container), no two board pieces on
/// top of each other, no text below 12 px on a board, no text cut by its board or its cell, no
/// clipped label, name or table cell. Returns one line per problem (empty: all good).
pub fn audit(b: &Browser) -> Result<Vec<String>> {
    let found = b.execute(AUDIT_SCRIPT, vec![])?;
    Ok(found.as_array().map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect()).unwrap_or_default())
}

/// The main action of each screen, by `data-test` name; the first one shown counts. `BOARDS`:
/// each game's board and its pieces, in groups whose members must never overlap (decorations —
/// marks, lines, the plate above a top stone, a slot's wider hit area — are no pieces; the
/// preview lies on its chosen place by design).
const AUDIT_SCRIPT: &str = r#"
const out = [], vw = innerWidth, vh = innerHeight;
const shown = e => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
  return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && !e.closest('[hidden], .visually-hidden'); };
const name = e => (e.dataset.test || e.tagName.toLowerCase()) + (e.textContent.trim() ? ' "' + e.textContent.trim().slice(0, 24) + '"' : (e.getAttribute('aria-label') ? ' [' + e.getAttribute('aria-label').slice(0, 24) + ']' : ''));
const count = (map, k) => map.set(k, (map.get(k) || 0) + 1);
const report = (map, text) => { for (const [k, n] of map) out.push(text + k + (n > 1 ? ' (' + n + '×)' : '')); };
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
// What hides a part of e: the viewport, or an ancestor that clips (overflow not visible) or
// scrolls — `sideways`: only left and right count (a scrolling list may go on below).
const inside = (r, box, tol) => r.left >= box.left - tol && r.right <= box.right + tol && r.top >= box.top - tol && r.bottom <= box.bottom + tol;
const hider = (e, sideways) => {
  const r = e.getBoundingClientRect(), tol = 1.5;
  const fits = box => sideways ? r.left >= box.left - tol && r.right <= box.right + tol : inside(r, box, tol);
  for (let a = e.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
    const o = a.getBoundingClientRect();
    // The padding box (an outer <svg> clips to its own box).
    const box = a instanceof SVGElement ? o : { left: o.left + a.clientLeft, top: o.top + a.clientTop, right: o.left + a.clientLeft + a.clientWidth, bottom: o.top + a.clientTop + a.clientHeight };
    if (!fits(box)) return (a.dataset.test || a.getAttribute('class') || a.tagName.toLowerCase()).split(' ')[0];
  }
  return fits({ left: 0, top: 0, right: vw, bottom: vh }) ? null : 'the viewport';
};
// Boards: their size, the whole board in view, pieces apart, cells big enough.
const BOARDS = [
  ['svg.j4f-board', ['[data-test=field] > rect.cell', '.loose > circle']],
  ['svg.sd-board', ['[data-test=cell] > rect.sd-cell']],
  ['svg.ga-table', ['[data-test=card] > rect.ga-card-edge, [data-test=preview] > rect.ga-card-edge, [data-test=slot]:not(.chosen) > rect:not(.ga-hit)']],
  ['svg.vv-wall', ['[data-test=stone] > rect.vv-stone, [data-test=slot] > rect', '[data-test=stone] > rect.vv-stone, [data-test=preview] > rect.vv-stone']],
];
const CELLS = '[data-test=field], [data-test=cell], [data-test=slot], [data-test=card]';
const PARTS = CELLS + ', [data-test=stone], [data-test=preview]';
const small = new Map(), cut = new Map(), overlaps = new Map(), textCut = new Map();
for (const [sel, groups] of BOARDS) for (const svg of document.querySelectorAll(sel)) {
  if (!shown(svg) || svg.closest('.handover')) continue;
  const label = sel.replace('svg.', '');
  // The drawn board (the view box as the SVG scales it) spans the viewport's width: its cells
  // may be smaller than a finger's width, not below about 32 px — 30 px, what Gut angelegt's
  // table is at 390 px in its one turn with thirteen columns (eleven cards in the first row and
  // a place at either end); its twelve columns get 32 px.
  const m = svg.getScreenCTM(), vb = svg.viewBox.baseVal;
  const drawn = m && vb ? vb.width * Math.hypot(m.a, m.b) : svg.getBoundingClientRect().width;
  const least = drawn >= 0.9 * vw ? 29.5 : 43.5;
  // A rules example and a replay's board are pictures (inert: nothing on them is a target).
  const picture = !!svg.closest('.rules-example, .replay-board');
  for (const e of picture ? [] : svg.querySelectorAll(CELLS)) {
    if (!shown(e)) continue;
    const r = e.getBoundingClientRect();
    if (r.width < least || r.height < least) count(small, label + ' ' + e.dataset.test + ' ' + Math.round(r.width) + '×' + Math.round(r.height) + (least < 40 ? ' (board spans the width: ≥ 30 px)' : ''));
  }
  // A part as drawn: its first shape (not a slot's wider, invisible hit area).
  for (const part of picture ? [] : [svg, ...svg.querySelectorAll(PARTS)]) {
    const e = part === svg ? svg : part.querySelector(':scope > rect:not(.ga-hit)') || part;
    if (!shown(e)) continue;
    const by = hider(e, false);
    if (by) count(cut, label + ': ' + (e === svg ? 'the board' : part.dataset.test) + ' hidden by ' + by);
  }
  for (const group of groups) {
    const parts = [...svg.querySelectorAll(group)].filter(shown).map(e => [e, e.getBoundingClientRect()]);
    for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) {
      const [a, ra] = parts[i], [b, rb] = parts[j];
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left), h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      const what = e => e.parentElement.dataset.test || e.parentElement.getAttribute('class');
      if (w > 1 && h > 1) count(overlaps, label + ': ' + what(a) + ' and ' + what(b));
    }
  }
  // Text on a field or cell stays inside it ("+N" at a cell's top edge).
  for (const t of svg.querySelectorAll('[data-test=field] text, [data-test=cell] text')) {
    const piece = t.closest('[data-test=field], [data-test=cell]'), body = piece.querySelector('rect');
    if (!shown(t) || !body) continue;
    if (!inside(t.getBoundingClientRect(), body.getBoundingClientRect(), 1)) count(textCut, label + ' "' + t.textContent.trim().slice(0, 12) + '"');
  }
}
report(small, 'board cell too small: ');
report(cut, 'board not wholly in view: ');
report(overlaps, 'board pieces overlap: ');
report(textCut, 'text cut by its cell: ');
// Tap targets outside the boards: HTML controls.
const targets = document.querySelectorAll('button, a[href], input, select, label.button, [role=button], [data-test=hand-card], [data-test=tafel-stone], ' + CELLS);
const smallTargets = new Map();
for (const e of targets) {
  if (!shown(e) || e.closest(BOARDS.map(b => b[0]).join(', '))) continue;
  if (e.type === 'checkbox' || e.type === 'file') continue; // their label is the target
  const r = e.getBoundingClientRect();
  if (r.width < 43.5 || r.height < 43.5) count(smallTargets, (e.dataset.test || e.tagName.toLowerCase()) + ' ' + Math.round(r.width) + '×' + Math.round(r.height));
}
report(smallTargets, 'tap target under 44 px: ');
// Text on boards (SVG): rendered size and clipping by its SVG.
const tiny = new Map();
for (const t of document.querySelectorAll('svg text')) {
  if (!shown(t)) continue;
  const svg = t.ownerSVGElement, m = t.getScreenCTM();
  const px = parseFloat(getComputedStyle(t).fontSize) * (m ? Math.hypot(m.a, m.b) : 1);
  const label = (svg.dataset.test || svg.getAttribute('class') || 'svg') + ' "' + t.textContent.trim().slice(0, 12) + '"';
  if (px < 11.95) count(tiny, label.replace(/"[^"]*"/, '').trim() + ' ' + px.toFixed(1) + ' px');
  const r = t.getBoundingClientRect(), s = svg.getBoundingClientRect();
  if (r.left < s.left - 1 || r.right > s.right + 1 || r.top < s.top - 1 || r.bottom > s.bottom + 1) out.push('text clipped by its board: ' + label);
}
report(tiny, 'board text under 12 px: ');
// A board's places lie wholly inside their board (the place drawn, not its wider hit area,
// which the board may cut off).
for (const p of document.querySelectorAll('svg [data-test=slot] > rect:first-child')) {
  if (!shown(p)) continue;
  const r = p.getBoundingClientRect(), s = p.ownerSVGElement.getBoundingClientRect();
  if (r.left < s.left - 1 || r.right > s.right + 1 || r.top < s.top - 1 || r.bottom > s.bottom + 1) out.push('place outside its board: ' + name(p.parentNode));
}
// HTML text cut off: shortened with an ellipsis or hidden overflow (a player's name too, also
// while "denkt …" shows beside it), or a table cell, name or button cut by its container at
// its left or right.
for (const e of document.querySelectorAll('h1, h2, h3, button, label, .player, .player-name, .seat-level, th, td')) {
  if (!shown(e)) continue;
  const s = getComputedStyle(e);
  if ((s.overflow === 'hidden' || s.overflowX === 'hidden' || s.textOverflow === 'ellipsis') && e.scrollWidth > e.clientWidth + 1)
    out.push('label cut off: ' + name(e));
  else if (e.matches('th, td, .player, .player-name, .seat-level')) {
    const by = hider(e, true);
    if (by) out.push('cut off by ' + by + ': ' + name(e));
  }
}
return out;
"#;
