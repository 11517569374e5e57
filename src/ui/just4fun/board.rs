//! The 6×6 number board as SVG. Each player's stones sit on the side of a field that faces the
//! player's seat; a locked field shows its owner's stack in the middle.

use crate::decimal::num;
use crate::engine::just4fun::{CELLS, SIDE};
use crate::session::Seat;
use crate::ui::components::follow_board;
use crate::ui::i18n::t;
use crate::ui::keyboard::Roving;
use crate::view::just4fun as view;
use leptos::prelude::*;

const CELL: f64 = 100.0;
const PAD: f64 = 6.0;
pub const VIEW: f64 = CELL * 6.0 + 2.0 * PAD;

/// Which edge of the board (and so of every field) a seat faces, clockwise from the bottom.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Bottom,
    Left,
    Top,
    Right,
}

pub fn seat_side(player: usize, players: usize) -> Side {
    let sides: &[Side] = match players {
        2 => &[Side::Bottom, Side::Top],
        3 => &[Side::Bottom, Side::Left, Side::Top],
        _ => &[Side::Bottom, Side::Left, Side::Top, Side::Right],
    };
    sides.get(player).copied().unwrap_or(Side::Bottom)
}

pub fn side_arrow(side: Side) -> &'static str {
    match side {
        Side::Bottom => "↓",
        Side::Left => "←",
        Side::Top => "↑",
        Side::Right => "→",
    }
}

/// Value band 0..=3 of a field number; darker means higher.
fn band(number: u8) -> u8 {
    match number {
        0..=9 => 0,
        10..=19 => 1,
        20..=29 => 2,
        _ => 3,
    }
}

fn origin(cell: usize) -> (f64, f64) {
    (PAD + (cell % 6) as f64 * CELL, PAD + (cell / 6) as f64 * CELL)
}

fn centre(cell: usize) -> (f64, f64) {
    let (x, y) = origin(cell);
    (x + CELL / 2.0, y + CELL / 2.0)
}

#[component]
pub fn Board(
    model: Memo<view::Board>,
    target: Memo<Option<u8>>,
    #[prop(into)] seats: Signal<Vec<Seat>>,
    #[prop(into)] win_line: Signal<Option<[usize; 4]>>,
    on_tap: Callback<usize>,
) -> impl IntoView {
    let roving = Roving::new(CELLS);
    // Fields never move: each is drawn once and one effect writes onto them what changed.
    let board_el = NodeRef::<leptos::svg::Svg>::new();
    follow_board(board_el, move |board, drawn| follow(board, model, target, seats, drawn));
    let numbers = model.with_untracked(|m| m.fields.iter().map(|f| f.number).collect::<Vec<_>>());
    let fields =
        numbers.into_iter().enumerate().map(|(cell, number)| field(cell, number, roving, on_tap)).collect_view();
    view! {
        <svg node_ref=board_el class="j4f-board" viewBox=format!("0 0 {0} {0}", num(VIEW)) role="group" aria-label=t("Spielplan", "Board")>
            <rect class="board-bg" x="0" y="0" width=num(VIEW) height=num(VIEW) rx="10" />
            {fields}
            {marks(model, target)}
            {move || win_line.get().map(|line| {
                let (x1, y1) = centre(line[0]);
                let (x2, y2) = centre(line[3]);
                view! { <line class="win-line" x1=num(x1) y1=num(y1) x2=num(x2) y2=num(y2) data-test="win-line" /> }
            })}
        </svg>
    }
}

/// What each field shows (its view, and whether the picked cards add up to it) and the name
/// written for it.
type Drawn = Vec<(view::Field, bool, String)>;

/// Writes onto each field what changed since `drawn` (everything the first time): its class
/// (`target`, `last`, `kept`), data attributes (`data-blocked`, `data-target`,
/// `data-reachable`, `data-locked`, `data-kept`), its name for screen readers, and the stones
/// under and over its number. Returns what is drawn now.
fn follow(
    board: &web_sys::Element,
    model: Memo<view::Board>,
    target: Memo<Option<u8>>,
    seats: Signal<Vec<Seat>>,
    drawn: Option<Drawn>,
) -> Drawn {
    // What was drawn is handed on as it is where a field did not change; only a changed field is
    // copied from the model.
    let mut before = drawn.unwrap_or_default().into_iter();
    let fields = board.get_elements_by_class_name("field");
    let target = target.get();
    model.with(|m| {
        seats.with_untracked(|seats| {
            m.fields
                .iter()
                .enumerate()
                .map(|(i, f)| {
                    let on_target = target == Some(f.number);
                    match before.next() {
                        Some(old) if old.0 == *f && old.1 == on_target => old,
                        old => {
                            let name = view::field_name(f, seats, on_target);
                            if let Some(el) = fields.item(i as u32) {
                                write_field(&el, old.as_ref(), f, on_target, &name, seats);
                            }
                            (f.clone(), on_target, name)
                        }
                    }
                })
                .collect()
        })
    })
}

/// Writes field `f` onto its element `el`, where it differs from what was drawn (`old`).
fn write_field(
    el: &web_sys::Element,
    old: Option<&(view::Field, bool, String)>,
    f: &view::Field,
    target: bool,
    name: &str,
    seats: &[Seat],
) {
    // A field not yet written is as `field` drew it: a bare field of its number.
    let bare = (view::Field { cell: f.cell, number: f.number, ..Default::default() }, false);
    let (o, t) = old.map_or((&bare.0, bare.1), |(o, t, _)| (o, *t));
    let attrs = |f: &view::Field, target: bool| {
        [
            f.blocked.then(|| "true".to_string()),
            target.then(|| "true".into()),
            f.reachable.then(|| "true".into()),
            f.locked_by.map(|p| p.to_string()),
            f.kept_by.map(|p| p.to_string()),
        ]
    };
    let was = attrs(o, t);
    let names = ["data-blocked", "data-target", "data-reachable", "data-locked", "data-kept"];
    for (k, value) in attrs(f, target).into_iter().enumerate().filter(|(k, v)| was[*k] != *v) {
        let _ = match value {
            Some(v) => el.set_attribute(names[k], &v),
            None => el.remove_attribute(names[k]),
        };
    }
    let class = |f: &view::Field, target: bool| {
        let mut class =
            String::from(["field band-0", "field band-1", "field band-2", "field band-3"][usize::from(band(f.number))]);
        for (on, name) in [(target, " target"), (f.last, " last"), (f.kept_by.is_some(), " kept")] {
            if on {
                class.push_str(name);
            }
        }
        class
    };
    if class(o, t) != class(f, target) {
        let _ = el.set_attribute("class", &class(f, target));
    }
    if old.is_none_or(|(_, _, n)| n != name) {
        let _ = el.set_attribute("aria-label", name);
    }
    if (&o.stones, o.locked_by, o.kept_by) != (&f.stones, f.locked_by, f.kept_by) {
        let (under, over) = pieces_markup(f, seats);
        // The field's last two children: the stones under its number and those over it.
        if let (Some(over_el), Some(under_el)) = (el.last_element_child(), el.children().item(1)) {
            under_el.set_inner_html(&under);
            over_el.set_inner_html(&over);
        }
    }
}

/// Marks that do not rely on colour, each kind one path over the whole board (a move changes
/// the marks of many fields at once: one attribute then, not an element per field): a dot
/// where the viewer can play (not on their cards' target, which has its own frame), a cross
/// where the field is blocked for the mover. Each in its field's top left corner, clear of the
/// stones.
fn marks(model: Memo<view::Board>, target: Memo<Option<u8>>) -> impl IntoView {
    // A plain closure, not a memo: the page carries less code, and each path is redrawn only
    // when its text changes.
    let corners = move |mark: fn(&view::Field, Option<u8>) -> bool, shape: &'static str| {
        move || {
            let target = target.get();
            model.with(|m| {
                let mut d = String::new();
                for f in m.fields.iter().filter(|f| mark(f, target)) {
                    let (x, y) = origin(f.cell);
                    for part in ["M ", &num(x + 9.0), " ", &num(y + 16.0), shape] {
                        d += part;
                    }
                }
                d
            })
        }
    };
    let reach = |f: &view::Field, target| f.reachable && target != Some(f.number);
    let (blocked, cross) = (|f: &view::Field, _| f.blocked, " m 0 -7 l 14 14 m 0 -14 l -14 14 ");
    view! {
        <path class="reach-mark" d=corners(reach, " a 7 7 0 1 0 14 0 a 7 7 0 1 0 -14 0 ") />
        <path class="blocked-mark halo" d=corners(blocked, cross) />
        <path class="blocked-mark" d=corners(blocked, cross) />
    }
}

/// A field; its class, attributes, name and stones are written by [`follow`].
fn field(cell: usize, number: u8, roving: Roving, on_tap: Callback<usize>) -> impl IntoView {
    let (x, y) = origin(cell);
    let (cx, cy) = centre(cell);
    view! {
        <g
            class=["field band-0", "field band-1", "field band-2", "field band-3"][usize::from(band(number))]
            data-test="field"
            data-number=number.to_string()
            role="button"
            tabindex=roving.tabindex(cell)
            on:click=move |_| on_tap.run(cell)
            on:focus=move |_| roving.focused(cell)
            on:keydown=move |ev| roving.keydown(&ev, SIDE, || on_tap.run(cell))
        >
            <rect class="cell" x=num(x + 2.0) y=num(y + 2.0) width=num(CELL - 4.0) height=num(CELL - 4.0) rx="8" />
            // The owner's stack, ring and arrow under the number, the loose stones over it (for
            // `follow`, as markup made of numbers and colour names).
            <g class="under"></g>
            <text class="number" x=num(cx) y=num(cy)>{number}</text>
            <g class="over"></g>
        </g>
    }
}

/// What lies on field `f` as SVG markup, under its number and over it: the owner's stack (or
/// at the end, the ring of whoever keeps it) with the arrow to their seat (the owner is shown by
/// colour and by that arrow); the loose stones, each on the side that faces its player's seat.
fn pieces_markup(f: &view::Field, seats: &[Seat]) -> (String, String) {
    let (x, y) = origin(f.cell);
    let (cx, cy) = centre(f.cell);
    let players = seats.len();
    let color = |p: usize| seats.get(p).map_or("white", |s| s.color.id());
    let mut under = String::new();
    if let Some(p) = f.kept_by {
        under += &format!(
            r#"<rect class="kept-ring c-{}" x="{}" y="{}" width="{}" height="{}" rx="7"/>"#,
            color(p),
            num(x + 5.0),
            num(y + 5.0),
            num(CELL - 10.0),
            num(CELL - 10.0)
        );
    }
    if let Some(p) = f.locked_by {
        let count = f.stones.iter().find(|(o, _)| *o == p).map_or(0, |(_, n)| *n);
        let (c, cx, cy) = (color(p), num(cx), num(cy));
        under += &format!(
            r#"<g class="stack"><circle class="stone-disc c-{c}" cx="{cx}" cy="{cy}" r="34"/><circle class="stack-ring" cx="{cx}" cy="{cy}" r="40"/><text class="stack-count c-{c}" x="{}" y="{}">×{count}</text></g>"#,
            num(centre(f.cell).0 + 26.0),
            num(centre(f.cell).1 + 33.0)
        );
    }
    if let Some(p) = f.locked_by.or(f.kept_by) {
        let arrow = side_arrow(seat_side(p, players));
        under +=
            &format!(r#"<text class="owner-arrow" x="{}" y="{}">{arrow}</text>"#, num(x + CELL - 15.0), num(y + 16.0));
    }
    let mut over = String::new();
    for &(p, n) in f.stones.iter().filter(|_| f.locked_by.is_none()) {
        // Discs big enough for a 12 px count on a phone, clear of a two-digit number.
        let (sx, sy) = match seat_side(p, players) {
            Side::Bottom => (cx, y + CELL - 16.0),
            Side::Top => (cx, y + 16.0),
            Side::Left => (x + 16.0, cy),
            Side::Right => (x + CELL - 16.0, cy),
        };
        let (c, sx, sy) = (color(p), num(sx), num(sy));
        over += &format!(
            r#"<g class="loose"><circle class="stone-disc c-{c}" cx="{sx}" cy="{sy}" r="14"/><text class="stone-count c-{c}" x="{sx}" y="{sy}">{n}</text></g>"#
        );
    }
    (under, over)
}
