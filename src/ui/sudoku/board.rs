//! The 9×9 board and the 40-space score track as SVG.

use crate::decimal::num;
use crate::engine::sudoku::{col, row, CELLS, SIZE, TRACK};
use crate::session::Seat;
use crate::ui::components::{follow_board, seat_mark};
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

/// The board: its fields, drawn once, follow `cells` (each field's view and the number previewed
/// on it); a tap on a field calls `on_tap`.
pub fn board(
    cells: Signal<Vec<(view::Cell, Option<u8>)>>,
    seats: Signal<Vec<Seat>>,
    on_tap: Callback<usize>,
) -> impl IntoView {
    let label = if is_de() { "Spielplan" } else { "Board" };
    let roving = Roving::new(CELLS);
    let grid_end = LABEL + PAD + CELL * 9.0;
    // Computed once per change; the fields follow it.
    let cells = Memo::new(move |_| cells.get());
    // Fields never move: each is drawn once and one effect writes onto them what changed (a
    // move, a tap or the cover changes the marks of up to half the board).
    let board_el = NodeRef::<leptos::svg::Svg>::new();
    follow_board(board_el, move |board, drawn| follow(board, cells, seats, drawn));
    let fields = (0..CELLS).map(|cell| field(cell, roving, on_tap)).collect_view();
    view! {
        <svg node_ref=board_el class="sd-board" viewBox=format!("0 0 {0} {0}", num(VIEW)) role="group" aria-label=label>
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

/// What each field shows, with the number previewed on it.
type Shown = Vec<(view::Cell, Option<u8>)>;

/// Writes onto each field what changed since `drawn` (everything the first time): its data
/// attributes, the mark of the last tile laid, its name for screen readers, its tile and marks.
/// Returns what is drawn now.
fn follow(board: &web_sys::Element, cells: Memo<Shown>, seats: Signal<Vec<Seat>>, drawn: Option<Shown>) -> Shown {
    let now = cells.get();
    let before = drawn.unwrap_or_default();
    // The board's fields, in board order.
    let fields = board.get_elements_by_class_name("sd-field");
    // The marks of every field whose marks changed, as one piece of markup: parsed once below
    // (a parse per field cost a reveal, which marks half the board, ~8 ms at 4× CPU).
    let (mut refill, mut marks) = (Vec::new(), String::new());
    for (i, (c, preview)) in now.iter().enumerate() {
        let old = before.get(i);
        if old.is_some_and(|(o, p)| o == c && p == preview) {
            continue;
        }
        let Some(el) = fields.item(i as u32) else { continue };
        write_attributes(&el, old, c, *preview);
        if old.is_none_or(|(o, _)| o.last != c.last) {
            let _ = el.set_attribute("class", if c.last { "sd-field last" } else { "sd-field" });
        }
        // The name says everything the field's view holds, so it changed with it; the tile and
        // marks follow all but `last`: compared as the model's parts, so each string is made once.
        let _ = el.set_attribute("aria-label", &seats.with_untracked(|names| view::cell_name(c, names, *preview)));
        let same_marks =
            old.is_some_and(|(o, p)| (o.tile, o.legal, o.points, *p) == (c.tile, c.legal, c.points, *preview));
        if let Some(g) = el.last_element_child().filter(|_| !same_marks) {
            refill.push(g);
            marks += "<g>";
            marks += &seats.with_untracked(|seats| markup(c, *preview, seats));
            marks += "</g>";
        }
    }
    refill_marks(&refill, &marks);
    now
}

/// The data attributes of a field (`data-number`, `data-gold`, `data-legal`, `data-points`,
/// `data-preview`) that differ from those of `old`.
fn write_attributes(
    el: &web_sys::Element,
    old: Option<&(view::Cell, Option<u8>)>,
    c: &view::Cell,
    preview: Option<u8>,
) {
    // Numbers where the attribute holds one, 1 for "true".
    let parts = |c: &view::Cell, p: Option<u8>| {
        [
            c.tile.map(|t| u32::from(t.0)),
            c.tile.filter(|t| t.1).map(|_| 1),
            c.legal.then_some(1),
            c.points,
            p.map(|_| 1),
        ]
    };
    let was = old.map(|(o, p)| parts(o, *p));
    let names = ["data-number", "data-gold", "data-legal", "data-points", "data-preview"];
    for (k, value) in parts(c, preview).into_iter().enumerate() {
        if was.is_some_and(|w| w[k] == value) {
            continue;
        }
        let _ = match value {
            Some(v) if k == 0 || k == 3 => el.set_attribute(names[k], &v.to_string()),
            Some(_) => el.set_attribute(names[k], "true"),
            None => el.remove_attribute(names[k]),
        };
    }
}

/// Replaces what each group in `refill` holds with its `<g>` of `marks`, in order: one parse
/// for all, then the parsed pieces move into their fields.
fn refill_marks(refill: &[web_sys::Element], marks: &str) {
    if refill.is_empty() {
        return;
    }
    let Ok(parsed) = document().create_element_ns(Some("http://www.w3.org/2000/svg"), "svg") else { return };
    parsed.set_inner_html(marks);
    let mut from = parsed.first_element_child();
    for g in refill {
        let Some(group) = from else { return };
        g.set_text_content(None);
        // The marks are elements only (no text between them).
        while let Some(piece) = group.first_element_child() {
            let _ = g.append_child(&piece);
        }
        from = group.next_element_sibling();
    }
}

/// A field; its attributes, tile and marks are written by [`follow`].
fn field(cell: usize, roving: Roving, on_tap: Callback<usize>) -> impl IntoView {
    let (x, y) = origin(cell);
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
            // The tile and marks, as one piece of markup (made of numbers and colour names): last,
            // for `follow`.
            <g class="sd-marks"></g>
        </g>
    }
}

/// What lies on field `c` as SVG markup: its tile with the shape and colour of who laid it (as
/// beside their name); the dot of a legal field without points (the gold setup: not only its
/// colour says so); the number previewed there; the points of a legal field (on the previewed
/// tile while it shows there).
fn markup(c: &view::Cell, preview: Option<u8>, seats: &[Seat]) -> String {
    let (x, y) = origin(c.cell);
    let (cx, cy) = (num(x + CELL / 2.0), num(y + CELL / 2.0));
    let (tx, ty, side) = (num(x + 4.0), num(y + 4.0), num(CELL - 8.0));
    let mut s = String::new();
    let tile = c.tile.map(|(n, gold, by)| (n, if gold { "sd-tile gold" } else { "sd-tile" }, by));
    for (n, class, by) in tile.into_iter().chain(preview.map(|n| (n, "sd-tile held", None))) {
        s += &format!(r#"<rect class="{class}" x="{tx}" y="{ty}" width="{side}" height="{side}" rx="6"/>"#);
        if let Some((p, seat)) = by.and_then(|p| Some((p, seats.get(p)?))) {
            let d = crate::view::seat_mark_path(p, x + 13.0, y + CELL - 13.0, 6.0);
            s += &format!(r#"<path class="seat-mark c-{}" d="{d}"/>"#, seat.color.id());
        }
        s += &format!(r#"<text class="sd-number" x="{cx}" y="{cy}">{n}</text>"#);
    }
    if c.legal && c.points.is_none() {
        s += &format!(r#"<circle class="reach-mark" cx="{}" cy="{}" r="5"/>"#, num(x + CELL - 11.0), num(y + 11.0));
    }
    if let Some(p) = c.points {
        let class = if preview.is_some() { "sd-points on-preview" } else { "sd-points" };
        s += &format!(r#"<text class="{class}" x="{}" y="{}">+{p}</text>"#, num(x + CELL - 6.0), num(y + 12.0));
    }
    s
}

/// The height of seat `p`'s round counters inside the track.
fn counters_y(p: usize) -> f64 {
    TRACK_CELL * 2.0 + p as f64 * 28.0
}

/// Up to six round counters of radius 5 in a row at height `y`, as one SVG path.
fn coins(count: u32, y: f64) -> String {
    (0..count.min(6))
        .map(|k| {
            format!("M{} {}a5 5 0 1 0 10 0a5 5 0 1 0-10 0", num(TRACK_CELL * 3.2 + f64::from(k) * 11.0 - 5.0), num(y))
        })
        .collect()
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
                // One closure type for every part that changes: (seat, space, counters) → text.
                let part = move |f: fn(usize, u32, u32) -> String| {
                    move || place(p).map_or_else(String::new, |(space, counters)| f(p, space, counters))
                };
                let color = seat.color.id();
                // Several markers on one space sit in its four corners.
                let (dx, dy) = [(5.0, 5.0), (11.0, 5.0), (5.0, 11.0), (11.0, 11.0)][p % 4];
                view! {
                    <g class="track-marker" data-test="track-marker" data-position=part(|_, space, _| space.to_string())
                        transform=part(|_, space, _| { let (x, y) = track_space(space); format!("translate({} {})", num(x), num(y)) })>
                        {seat_mark(p, color, dx, dy, 4.5)}
                    </g>
                    <g class="counters" data-test="counters" data-count=part(|_, _, counters| counters.to_string())>
                        <g class="track-marker">{seat_mark(p, color, TRACK_CELL * 2.0, counters_y(p), 6.5)}</g>
                        // Up to six coins drawn, as one shape; the count is always written beside them.
                        <path class="counter-coin" d=part(|p, _, counters| coins(counters, counters_y(p))) />
                        <text class="counter-text" x=num(TRACK_CELL * 9.8) y=num(counters_y(p))>{part(|_, _, counters| format!("{counters}×40"))}</text>
                    </g>
                }
            }).collect_view()}
        </svg>
    }
}
