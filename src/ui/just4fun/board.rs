//! The 6×6 number board as SVG. Each player's stones sit on the side of a field that faces the
//! player's seat; a locked field shows its owner's stack in the middle.

use crate::decimal::num;
use crate::engine::just4fun::{CELLS, SIDE};
use crate::session::Seat;
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
    let model_fields = Memo::new(move |_| model.with(|m| m.fields.clone()));
    // Fields never move: each is drawn once and follows its own part of the model, so a move or
    // a tap changes only the attributes and marks of the fields it changes.
    let fields = (0..CELLS)
        .map(|cell| {
            let shown = Memo::new(move |_| {
                let f = model_fields.with(|f| f.get(cell).cloned().unwrap_or_default());
                let target = target.get() == Some(f.number);
                (f, target)
            });
            field(cell, shown, seats, roving, on_tap)
        })
        .collect_view();
    view! {
        <svg class="j4f-board" viewBox=format!("0 0 {0} {0}", num(VIEW)) role="group" aria-label=t("Spielplan", "Board")>
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

/// A field and its marks, following `shown`: the field's view and whether the picked cards add
/// up to it.
fn field(
    cell: usize,
    shown: Memo<(view::Field, bool)>,
    seats: Signal<Vec<Seat>>,
    roving: Roving,
    on_tap: Callback<usize>,
) -> impl IntoView {
    let class = move || {
        shown.with(|(field, target)| {
            let mut class = String::from(
                ["field band-0", "field band-1", "field band-2", "field band-3"][usize::from(band(field.number))],
            );
            // Reachable and blocked are marked by their data attributes (a move changes them on
            // many fields: one attribute each, not two).
            for (on, name) in [(*target, " target"), (field.last, " last"), (field.kept_by.is_some(), " kept")] {
                if on {
                    class.push_str(name);
                }
            }
            class
        })
    };
    let (x, y) = origin(cell);
    let attr = move |f: fn(&view::Field, bool) -> Option<String>| move || shown.with(|(field, t)| f(field, *t));
    view! {
        <g
            class=class
            data-test="field"
            data-number=shown.with_untracked(|(f, _)| f.number.to_string())
            data-blocked=attr(|f, _| f.blocked.then(|| "true".into()))
            data-target=attr(|_, t| t.then(|| "true".into()))
            data-reachable=attr(|f, _| f.reachable.then(|| "true".into()))
            data-locked=attr(|f, _| f.locked_by.map(|p| p.to_string()))
            data-kept=attr(|f, _| f.kept_by.map(|p| p.to_string()))
            role="button"
            tabindex=roving.tabindex(cell)
            aria-label=move || shown.with(|(f, t)| seats.with_untracked(|names| view::field_name(f, names, *t)))
            on:click=move |_| on_tap.run(cell)
            on:focus=move |_| roving.focused(cell)
            on:keydown=move |ev| roving.keydown(&ev, SIDE, || on_tap.run(cell))
        >
            <rect class="cell" x=num(x + 2.0) y=num(y + 2.0) width=num(CELL - 4.0) height=num(CELL - 4.0) rx="8" />
            {field_marks(cell, shown, seats)}
        </g>
    }
}

/// What a field holds: stones, owners and its number. Each part is redrawn only when what it
/// shows changes (a redrawn part sets all its attributes again).
fn field_marks(cell: usize, shown: Memo<(view::Field, bool)>, seats: Signal<Vec<Seat>>) -> impl IntoView {
    let (x, y) = origin(cell);
    let (cx, cy) = centre(cell);
    // Stones and owners: (loose stones, locked by, kept by).
    let pieces = Memo::new(move |_| {
        shown.with(|(f, _)| {
            let loose = if f.locked_by.is_some() { Vec::new() } else { f.stones.clone() };
            let stack = f.locked_by.map(|p| (p, f.stones.iter().find(|(o, _)| *o == p).map_or(0, |(_, n)| *n)));
            (loose, stack, f.kept_by)
        })
    });
    let players = move || seats.with_untracked(Vec::len);
    let color = move |p: usize| seats.with_untracked(|s| s.get(p).map_or("white", |s| s.color.id()));
    // The owner of a stack or of a kept field is shown by colour and by the arrow to their seat.
    let owners = move || {
        pieces.with(|(_, stack, kept)| {
            let owner = stack.map(|s| s.0);
            let stack = stack.map(|(owner, count)| view! {
                <g class="stack">
                    <circle class=format!("stone-disc c-{}", color(owner)) cx=num(cx) cy=num(cy) r="34" />
                    <circle class="stack-ring" cx=num(cx) cy=num(cy) r="40" />
                    <text class=format!("stack-count c-{}", color(owner)) x=num(cx + 26.0) y=num(cy + 33.0)>{format!("×{count}")}</text>
                </g>
            });
            // At the end: a ring in the colour of whoever keeps the field.
            let ring = kept.map(|p| view! { <rect class=format!("kept-ring c-{}", color(p)) x=num(x + 5.0) y=num(y + 5.0) width=num(CELL - 10.0) height=num(CELL - 10.0) rx="7" /> });
            let arrow = owner.or(*kept).map(|p| view! { <text class="owner-arrow" x=num(x + CELL - 15.0) y=num(y + 16.0)>{side_arrow(seat_side(p, players()))}</text> });
            view! { {ring} {stack} {arrow} }
        })
    };
    let loose = move || {
        pieces.with(|(loose, _, _)| {
            loose
                .iter()
                .map(|&(p, n)| {
                    // Discs big enough for a 12 px count on a phone, clear of a two-digit number.
                    let (sx, sy) = match seat_side(p, players()) {
                        Side::Bottom => (cx, y + CELL - 16.0),
                        Side::Top => (cx, y + 16.0),
                        Side::Left => (x + 16.0, cy),
                        Side::Right => (x + CELL - 16.0, cy),
                    };
                    view! {
                        <g class="loose">
                            <circle class=format!("stone-disc c-{}", color(p)) cx=num(sx) cy=num(sy) r="14" />
                            <text class=format!("stone-count c-{}", color(p)) x=num(sx) y=num(sy)>{n}</text>
                        </g>
                    }
                })
                .collect_view()
        })
    };
    let number = shown.with_untracked(|(f, _)| f.number);
    view! {
        {owners}
        <text class="number" x=num(cx) y=num(cy)>{number}</text>
        {loose}
    }
}
