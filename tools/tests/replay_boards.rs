//! Browser test: a replay draws every step's board from that step's position (finding 2: Just 4
//! Fun's replay redrew only the fields a step changed, so "Zug 0" showed the final stones).
//! For a finished game of each kind, the test steps from the start to the end and compares what
//! the board draws at each step (stones and their counts, tiles, laid cards' fields, wall faces)
//! with the engine's position at that step, computed natively (`Session::positions`) from the
//! same save text the page reads, through the pure view functions the board draws.

mod common;

use common::*;
use spieltisch::session::{from_json, AnySession, Seat};
use spieltisch::view;

/// What the replay's board draws, one line per field, card field or stone, sorted: per game
/// the parts that carry its content.
const DRAWN: &str = "const b = document.querySelector('[data-test=replay-board]'); if (!b) return null; \
    const all = css => [...b.querySelectorAll(css)]; let lines; \
    switch (arguments[0]) { \
    case 'just4fun': lines = all('[data-test=field]').map(f => f.dataset.number + ':' + \
        [...f.querySelectorAll('.loose, .stack, .kept-ring')].map(g => g.classList.contains('kept-ring') ? 'kept-' + g.getAttribute('class').split(' c-')[1] \
            : g.querySelector('.stone-disc').getAttribute('class').split(' c-')[1] + 'x' + g.querySelector('text').textContent.replace('×', '')) \
        .sort().join(',')); break; \
    case 'sudoku': lines = all('[data-test=cell]').map(c => c.dataset.cell + ':' + (c.dataset.number || '') + (c.dataset.gold ? 'g' : '')); break; \
    case 'viermalvier': lines = all('[data-test=wall] [data-test=stone]').map(s => s.closest('[data-test=wall]').dataset.side + ':' + \
        s.dataset.col + ',' + s.dataset.row + ' ' + s.dataset.color + s.dataset.shape + '/' + \
        ((s.querySelector('[data-test=top]') || {dataset: {}}).dataset.farShape || '')); break; \
    case 'gutangelegt': lines = all('[data-test=card] [data-test=field]').map(f => f.dataset.x + ',' + f.dataset.y + ':' + f.dataset.color); break; \
    } \
    return lines.sort();";

/// The same lines for each step's position, from the engine.
fn expected(text: &str) -> Vec<Vec<String>> {
    let save = from_json(text).expect("the fixture loads");
    let seats = save.header.players.clone();
    let sorted = |mut lines: Vec<String>| {
        lines.sort();
        lines
    };
    match &save.session {
        AnySession::Just4Fun(s) => s
            .positions()
            .iter()
            .map(|g| sorted(just4fun_lines(&view::just4fun::example_board(g, &[]), &seats)))
            .collect(),
        AnySession::Sudoku(s) => s
            .positions()
            .iter()
            .map(|g| {
                let cells = view::sudoku::example_board(g, &[]).cells;
                let line = |c: &view::sudoku::Cell| {
                    let (number, gold) =
                        c.tile.map_or((String::new(), ""), |t| (t.0.to_string(), if t.1 { "g" } else { "" }));
                    format!("{}:{number}{gold}", c.cell)
                };
                sorted(cells.iter().map(line).collect())
            })
            .collect(),
        AnySession::VierMalVier(s) => s
            .positions()
            .iter()
            .map(|g| {
                // Before the first stone the replay shows the plates, no wall.
                let sides = if g.stones_placed() == 0 { 0 } else { 2 };
                let stones = (0..sides).flat_map(|side| {
                    view::viermalvier::example_wall(g, side, &[]).stones.into_iter().map(move |st| {
                        let far = st.far.map(|f| view::viermalvier::shape_char(f).to_string()).unwrap_or_default();
                        let shape = view::viermalvier::shape_char(st.shape);
                        format!("{side}:{},{} {}{shape}/{far}", st.col, st.row, st.color)
                    })
                });
                sorted(stones.collect())
            })
            .collect(),
        AnySession::GutAngelegt(s) => s
            .positions()
            .iter()
            .map(|g| {
                let cards = view::gutangelegt::example_table(g, &[]).cards;
                let fields =
                    cards.iter().flat_map(|c| (0..3).map(move |k| format!("{},{}:{}", c.col, c.row + k, c.colors[k])));
                sorted(fields.collect())
            })
            .collect(),
    }
}

/// Just 4 Fun's fields: the stones drawn on each (the owner's stack alone on a locked field) and
/// the ring of whoever keeps it at the end, by colour.
fn just4fun_lines(board: &view::just4fun::Board, seats: &[Seat]) -> Vec<String> {
    let color = |p: usize| seats.get(p).map_or("white", |s| s.color.id());
    board
        .fields
        .iter()
        .map(|f| {
            let shown: Vec<(usize, u8)> = match f.locked_by {
                Some(p) => f.stones.iter().filter(|(o, _)| *o == p).copied().collect(),
                None => f.stones.clone(),
            };
            let mut parts: Vec<String> = shown.iter().map(|(p, n)| format!("{}x{n}", color(*p))).collect();
            parts.extend(f.kept_by.map(|p| format!("kept-{}", color(p))));
            parts.sort();
            format!("{}:{}", f.number, parts.join(","))
        })
        .collect()
}

fn drawn(app: &App, kind: &str) -> Option<Vec<String>> {
    let v = app.b.execute(DRAWN, vec![kind.into()]).ctx("read the board");
    v.as_array().map(|a| a.iter().filter_map(|l| l.as_str().map(str::to_string)).collect())
}

fn step_shown(app: &App) -> Option<usize> {
    let v =
        app.js("const s = document.querySelector('[data-test=replay-step]'); return s && s.getAttribute('data-step');");
    v.as_str().and_then(|s| s.parse().ok())
}

/// Every step of a finished game of each kind, drawn as the engine has it, from the start (after
/// opening at the end, as the replay does) on to the end and back to the start.
#[test]
fn every_replay_step_draws_its_position() {
    let app = App::start("replay_boards", "/spiele/");
    for (i, kind) in ["just4fun", "sudoku", "viermalvier", "gutangelegt"].into_iter().enumerate() {
        let text = fixture(&format!("v4/{kind}-finished.json"));
        let steps = expected(&text);
        // An id as the app makes them (the replay's address takes no other).
        let id = format!("{:016x}", 0xa0 + i);
        let key = app.scoped_key(&format!("archive.{id}"));
        app.set_local_storage(&key, &text);
        app.goto_home();
        app.click("[data-test=archive]");
        // The list drawn first (by the lazily loaded wasm), as a person sees it before tapping.
        app.wait("[data-test=archive-list]");
        app.click(&format!("[data-test=archived][data-id='{id}'] [data-test=archived-replay]"));
        app.b.wait_for("[data-test=replay-step]", std::time::Duration::from_secs(30)).ctx("the replay is drawn");
        let last = steps.len() - 1;
        assert!(last > 3 && steps[0] != steps[last], "{kind}: a game of several moves, its start unlike its end");
        let check = |at: usize| {
            app.b
                .wait_until(T, "the step", |_| Ok((step_shown(&app) == Some(at)).then_some(())))
                .ctx(&format!("{kind}: step {at} shown"));
            // The board follows in the next frame: wait for it, then name the difference.
            let want = &steps[at];
            let got = app.b.wait_until(T, "the board", |_| Ok(drawn(&app, kind).filter(|d| d == want))).ok();
            if got.is_none() {
                let now = drawn(&app, kind).unwrap_or_default();
                let wrong: Vec<_> = now.iter().zip(want).filter(|(a, b)| a != b).take(4).collect();
                panic!("{kind}, step {at} of {last}: the board is not the position's; drawn vs engine: {wrong:?} ({} vs {} parts)", now.len(), want.len());
            }
        };
        check(last);
        app.click("[data-test=replay-first]");
        check(0);
        for at in 1..=last {
            app.click("[data-test=replay-forward]");
            check(at);
        }
        for at in (0..last).rev() {
            app.click("[data-test=replay-back]");
            check(at);
        }
        app.js(&format!("localStorage.removeItem({key:?}); return true;"));
    }
}
