//! The 9×9 board and the 40-space score track as SVG.

use crate::decimal::num;
use crate::engine::sudoku::{col, row, CELLS, SIZE, TRACK};
use crate::session::Seat;
use crate::ui::components::seat_mark;
use crate::ui::i18n::is_de;
use crate::ui::keyboard::Roving;
use crate::view::sudoku as view;
use leptos::prelude::*;

const CELL: f64 = 60.0;
/// Room for the row letters (left) and column numbers (top).
const LABEL: f64 = 22.0;
const PAD: f64 = 5.0;
const VIEW: f64 = LABEL + CELL * 9.0 + 2.0 * PAD;

fn origin(cell: usize) -> (f64, f64) {
    (LABEL + PAD + col(cell) as f64 * CELL, LABEL + PAD + row(cell) as f64 * CELL)
}

#[component]
pub fn Board(
    #[prop(into)] cells: Signal<Vec<(view::Cell, Option<u8>)>>,
    #[prop(into)] seats: Signal<Vec<Seat>>,
    on_tap: Callback<usize>,
) -> impl IntoView {
    let label = if is_de() { "Spielplan" } else { "Board" };
    let roving = Roving::new(CELLS);
    let grid_end = LABEL + PAD + CELL * 9.0;
    // Computed once per change; the fields follow it.
    let cells = Memo::new(move |_| cells.get());
    let svg = NodeRef::<leptos::svg::Svg>::new();
    // Fields never move: each is drawn once. A move, a tap or the cover changes the marks of up
    // to half the board at once, so one effect writes onto the fields what changed, rather than
    // a reactive part per attribute and field (a move's cost then follows what it changed).
    Effect::new(move |drawn: Option<Drawn>| follow(svg, cells, seats, drawn));
    let fields = (0..CELLS)
        .map(|cell| {
            let tile = Memo::new(move |_| cells.with(|c| c.get(cell).and_then(|c| c.0.tile)));
            field(cell, tile, seats, roving, on_tap)
        })
        .collect_view();
    view! {
        <svg class="sd-board" node_ref=svg viewBox=format!("0 0 {0} {0}", num(VIEW)) role="group" aria-label=label>
            <rect class="sd-bg" x=num(LABEL) y=num(LABEL) width=num(VIEW - LABEL) height=num(VIEW - LABEL) rx="8" />
            {(0..SIZE).map(|i| {
                let mid = LABEL + PAD + (i as f64 + 0.5) * CELL;
                let letter = char::from(b'A' + i as u8).to_string();
                view! {
                    <text class="sd-label" x=num(LABEL / 2.0) y=num(mid)>{letter}</text>
                    <text class="sd-label" x=num(mid) y=num(LABEL / 2.0)>{i + 1}</text>
                }
            }).collect_view()}
            {fields}
            // Block borders on top of the fields.
            {(0..=3).map(|i| {
                let at = LABEL + PAD + i as f64 * CELL * 3.0;
                view! {
                    <line class="sd-block" x1=num(at) y1=num(LABEL + PAD) x2=num(at) y2=num(grid_end) />
                    <line class="sd-block" x1=num(LABEL + PAD) y1=num(at) x2=num(grid_end) y2=num(at) />
                }
            }).collect_view()}
        </svg>
    }
}

/// The fields' elements in board order and what they show as last written.
type Drawn = (Vec<web_sys::Element>, Vec<(view::Cell, Option<u8>)>);

/// Writes onto each field what changed since `drawn` (everything the first time): its data
/// attributes (`data-number`, `data-gold`, `data-legal`, `data-points`, `data-preview`), the mark
/// of the last tile laid, its name for screen readers and its marks.
fn follow(
    svg: NodeRef<leptos::svg::Svg>,
    cells: Memo<Vec<(view::Cell, Option<u8>)>>,
    seats: Signal<Vec<Seat>>,
    drawn: Option<Drawn>,
) -> Drawn {
    let (fields, before) = match drawn {
        Some(drawn) if !drawn.0.is_empty() => drawn,
        // Not drawn yet: the fields are found once the board is on the page.
        _ => (field_elements(svg), Vec::new()),
    };
    let now = cells.get();
    for ((el, (c, preview)), old) in fields.iter().zip(&now).zip(before.iter().map(Some).chain(std::iter::repeat(None))) {
        if old.is_some_and(|(o, p)| o == c && p == preview) {
            continue;
        }
        let attrs = |c: &view::Cell, p: Option<u8>| {
            [
                c.tile.map(|t| t.0.to_string()),
                c.tile.filter(|t| t.1).map(|_| "true".into()),
                c.legal.then(|| "true".into()),
                c.points.map(|p| p.to_string()),
                p.map(|_| "true".into()),
            ]
        };
        let was = old.map(|(o, p)| attrs(o, *p));
        let names = ["data-number", "data-gold", "data-legal", "data-points", "data-preview"];
        for (k, value) in attrs(c, *preview).into_iter().enumerate() {
            if was.as_ref().is_some_and(|w| w[k] == value) {
                continue;
            }
            let _ = match value {
                Some(v) => el.set_attribute(names[k], &v),
                None => el.remove_attribute(names[k]),
            };
        }
        if old.is_none_or(|(o, _)| o.last != c.last) {
            let _ = el.set_attribute("class", if c.last { "sd-field last" } else { "sd-field" });
        }
        let name = |c: &view::Cell, p: Option<u8>| seats.with_untracked(|names| view::cell_name(c, names, p));
        if old.is_none_or(|(o, p)| name(o, *p) != name(c, *preview)) {
            let _ = el.set_attribute("aria-label", &name(c, *preview));
        }
        let (x, y) = origin(c.cell);
        let marks = marks_markup(x, y, c, *preview);
        if old.is_none_or(|(o, p)| marks_markup(x, y, o, *p) != marks) {
            if let Some(g) = el.last_element_child() {
                g.set_inner_html(&marks);
            }
        }
    }
    (fields, now)
}

/// The fields' elements, in board order (none before the board is on the page).
fn field_elements(svg: NodeRef<leptos::svg::Svg>) -> Vec<web_sys::Element> {
    let Some(svg) = svg.get() else { return Vec::new() };
    let all = svg.get_elements_by_class_name("sd-field");
    (0..all.length()).filter_map(|i| all.item(i)).collect()
}

/// A field and its tile; its attributes and marks are written by [`follow`].
fn field(
    cell: usize,
    tile: Memo<Option<(u8, bool, Option<usize>)>>,
    seats: Signal<Vec<Seat>>,
    roving: Roving,
    on_tap: Callback<usize>,
) -> impl IntoView {
    let (x, y) = origin(cell);
    let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
    // Redrawn only when the tile changes (a redrawn part sets all its attributes again).
    let tile_view = move || {
        tile.get().map(|(number, gold, by)| {
            let by = by.and_then(|p| Some((p, seats.with_untracked(|n| n.get(p).map(|s| s.color.id()))?)));
            view! {
                <rect class=if gold { "sd-tile gold" } else { "sd-tile" } x=num(x + 4.0) y=num(y + 4.0) width=num(CELL - 8.0) height=num(CELL - 8.0) rx="6" />
                // Who laid it: their colour and their seat's shape (as beside their name).
                {by.map(|(p, color)| seat_mark(p, color, x + 13.0, y + CELL - 13.0, 6.0))}
                <text class="sd-number" x=num(cx) y=num(cy)>{number}</text>
            }
        })
    };
    view! {
        <g
            // Legal and previewed fields are styled by their data attributes (style.css): marking
            // or unmarking half the board on a move or a cover changes no class.
            class="sd-field"
            data-test="cell"
            data-cell=cell.to_string()
            role="button"
            tabindex=roving.tabindex(cell)
            on:click=move |_| on_tap.run(cell)
            on:focus=move |_| roving.focused(cell)
            on:keydown=move |ev| roving.keydown(&ev, SIZE, || on_tap.run(cell))
        >
            <rect class="sd-cell" x=num(x) y=num(y) width=num(CELL) height=num(CELL) />
            {tile_view}
            // The marks, as one piece of markup (made of numbers only): last, for `follow`.
            <g class="sd-marks"></g>
        </g>
    }
}

/// The marks of field `c` at (`x`, `y`) as SVG markup: the dot of a legal field without points
/// (the gold setup: not only its colour says so), the number previewed there, and the points of
/// a legal field (on the previewed tile while it shows there).
fn marks_markup(x: f64, y: f64, c: &view::Cell, preview: Option<u8>) -> String {
    let mut s = String::new();
    if c.legal && c.points.is_none() {
        s += &format!(r#"<circle class="reach-mark" cx="{}" cy="{}" r="5"/>"#, num(x + CELL - 11.0), num(y + 11.0));
    }
    if let Some(n) = preview {
        let (tx, ty, side) = (num(x + 4.0), num(y + 4.0), num(CELL - 8.0));
        s += &format!(r#"<rect class="sd-tile held" x="{tx}" y="{ty}" width="{side}" height="{side}" rx="6"/>"#);
        let (cx, cy) = (num(x + CELL / 2.0), num(y + CELL / 2.0));
        s += &format!(r#"<text class="sd-number" x="{cx}" y="{cy}">{n}</text>"#);
    }
    if let Some(p) = c.points {
        let class = if preview.is_some() { "sd-points on-preview" } else { "sd-points" };
        s += &format!(r#"<text class="{class}" x="{}" y="{}">+{p}</text>"#, num(x + CELL - 6.0), num(y + 12.0));
    }
    s
}

/// Space `i` (0 = start) of the 40-space track, running clockwise round an 11 × 11 ring.
fn track_space(i: u32) -> (f64, f64) {
    let i = f64::from(i % TRACK);
    let (gx, gy) = match i {
        i if i < 10.0 => (i, 0.0),
        i if i < 20.0 => (10.0, i - 10.0),
        i if i < 30.0 => (30.0 - i, 10.0),
        i => (0.0, 40.0 - i),
    };
    (gx * TRACK_CELL, gy * TRACK_CELL)
}

const TRACK_CELL: f64 = 16.0;

/// The score track with every player's marker, and their round counters in the middle.
/// `place(p)`: seat p's space on the track and its round counters (tracked). Markers and
/// counters are drawn once per seating; a move moves a marker and changes a count in place.
pub fn score_track(
    seats: Signal<Vec<Seat>>,
    place: impl Fn(usize) -> Option<(u32, u32)> + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let size = TRACK_CELL * 11.0;
    let label = if is_de() { "Zählleiste" } else { "Score track" };
    view! {
        <svg class="sd-track" viewBox=format!("-2 -2 {0} {0}", num(size + 4.0)) role="img" aria-label=label data-test="score-track">
            {(0..TRACK).map(|i| {
                let (x, y) = track_space(i);
                let class = if i == 0 { "track-space start" } else if i % 5 == 0 { "track-space five" } else { "track-space" };
                view! {
                    <rect class=class x=num(x) y=num(y) width=num(TRACK_CELL) height=num(TRACK_CELL) />
                    {(i % 10 == 0).then(|| view! { <text class="track-no" x=num(x + TRACK_CELL / 2.0) y=num(y + TRACK_CELL / 2.0)>{i}</text> })}
                }
            }).collect_view()}
            {move || seats.get().into_iter().enumerate().map(|(p, seat)| {
                let position = move || place(p).unwrap_or_default().0;
                let counters = move || place(p).unwrap_or_default().1;
                // Several markers on one space sit in its four corners.
                let (dx, dy) = [(5.0, 5.0), (11.0, 5.0), (5.0, 11.0), (11.0, 11.0)][p % 4];
                let row_y = TRACK_CELL * 2.0 + p as f64 * 28.0;
                let color = seat.color.id();
                let at = move || {
                    let (x, y) = track_space(position());
                    format!("translate({} {})", num(x), num(y))
                };
                view! {
                    <g class="track-marker" data-test="track-marker" data-position=move || position().to_string() transform=at>{seat_mark(p, color, dx, dy, 4.5)}</g>
                    <g class="counters" data-test="counters" data-count=move || counters().to_string()>
                        <g class="track-marker">{seat_mark(p, color, TRACK_CELL * 2.0, row_y, 6.5)}</g>
                        // Up to six coins drawn; the count is always written beside them.
                        {move || (0..counters().min(6)).map(|k| view! {
                            <circle class="counter-coin" cx=num(TRACK_CELL * 3.2 + f64::from(k) * 11.0) cy=num(row_y) r="5" />
                        }).collect_view()}
                        <text class="counter-text" x=num(TRACK_CELL * 9.8) y=num(row_y)>{move || format!("{}×40", counters())}</text>
                    </g>
                }
            }).collect_view()}
        </svg>
    }
}
