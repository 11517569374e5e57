//! The 6×6 number board as SVG. Each player's stones sit on the side of a field that faces the
//! player's seat; a locked field shows its owner's stack in the middle.

use crate::engine::just4fun::{Just4Fun, CELLS};
use crate::engine::Game;
use crate::session::Seat;
use crate::ui::i18n::is_de;
use crate::decimal::num;
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

/// Everything the board shows for one field, computed from the game in one pass.
#[derive(Clone, PartialEq)]
pub struct FieldView {
    pub cell: usize,
    pub number: u8,
    /// (player, stones) for players with stones here.
    pub stones: Vec<(usize, u8)>,
    pub locked_by: Option<usize>,
    pub blocked: bool,
    pub reachable: bool,
    pub target: bool,
    pub last: bool,
    /// At the end by majorities: the player who keeps this field (`None`: a tie cleared it, or
    /// the game is running or was won by a line).
    pub kept_by: Option<usize>,
}

/// Field views for the current position. `viewer` is the player whose turn is shown (for
/// blocked/reachable marks), `None` while nothing private may be shown.
pub fn field_views(game: &Just4Fun, viewer: Option<usize>, target: Option<u8>, last_cell: Option<usize>) -> Vec<FieldView> {
    let reachable = viewer.map(|p| game.reachable_fields(p)).unwrap_or_default();
    let kept = game.final_scoring().map(|s| s.kept).unwrap_or_default();
    (0..CELLS)
        .map(|cell| {
            let number = game.number_at(cell);
            FieldView {
                cell,
                number,
                stones: game.stones_at(cell).iter().enumerate().filter(|(_, n)| **n > 0).map(|(p, n)| (p, *n)).collect(),
                locked_by: game.locked_by(cell),
                blocked: game.to_move().is_some_and(|p| game.blocked_by(p, cell).is_some()),
                reachable: reachable.contains(&number),
                target: target == Some(number),
                last: last_cell == Some(cell),
                kept_by: kept.iter().position(|fields| fields.contains(&number)),
            }
        })
        .collect()
}

#[component]
pub fn Board(
    #[prop(into)] fields: Signal<Vec<FieldView>>,
    #[prop(into)] seats: Signal<Vec<Seat>>,
    #[prop(into)] win_line: Signal<Option<[usize; 4]>>,
    on_tap: Callback<usize>,
) -> impl IntoView {
    let label = if is_de() { "Spielplan" } else { "Board" };
    view! {
        <svg class="j4f-board" viewBox=format!("0 0 {0} {0}", num(VIEW)) role="group" aria-label=label>
            <rect class="board-bg" x="0" y="0" width=num(VIEW) height=num(VIEW) rx="10" />
            <For
                each=move || fields.get()
                key=|f| (f.cell, f.number, f.stones.clone(), f.locked_by, f.blocked, f.reachable, f.target, f.last, f.kept_by)
                children=move |f| view! { <Field field=f seats=seats on_tap=on_tap /> }
            />
            {move || win_line.get().map(|line| {
                let (x1, y1) = centre(line[0]);
                let (x2, y2) = centre(line[3]);
                view! { <line class="win-line" x1=num(x1) y1=num(y1) x2=num(x2) y2=num(y2) data-test="win-line" /> }
            })}
        </svg>
    }
}

#[component]
fn Field(field: FieldView, #[prop(into)] seats: Signal<Vec<Seat>>, on_tap: Callback<usize>) -> impl IntoView {
    let (x, y) = origin(field.cell);
    let (cx, cy) = centre(field.cell);
    let players = seats.with_untracked(Vec::len);
    let color = move |p: usize| seats.with_untracked(|s| s.get(p).map(|s| s.color.id()).unwrap_or("white"));
    let cell = field.cell;
    let mut class = format!("field band-{}", band(field.number));
    let scored = field.kept_by.is_some();
    for (flag, name) in [(field.reachable, " reachable"), (field.target, " target"), (field.last, " last"), (field.blocked, " blocked"), (scored, " kept")] {
        if flag {
            class.push_str(name);
        }
    }
    let stones = field.stones.clone();
    let stack = field.locked_by.map(|owner| {
        let count = stones.iter().find(|(p, _)| *p == owner).map_or(0, |(_, n)| *n);
        view! {
            <g class="stack">
                <circle class=format!("stone-disc c-{}", color(owner)) cx=num(cx) cy=num(cy) r="34" />
                <circle class="stack-ring" cx=num(cx) cy=num(cy) r="40" />
                <text class=format!("stack-count c-{}", color(owner)) x=num(cx + 26.0) y=num(cy + 33.0)>{format!("×{count}")}</text>
            </g>
        }
    });
    let loose = if field.locked_by.is_some() { Vec::new() } else { stones.clone() };
    view! {
        <g
            class=class
            data-test="field"
            data-number=field.number.to_string()
            data-blocked=field.blocked.then_some("true")
            data-target=field.target.then_some("true")
            data-reachable=field.reachable.then_some("true")
            data-locked=field.locked_by.map(|p| p.to_string())
            data-kept=field.kept_by.map(|p| p.to_string())
            role="button"
            tabindex="0"
            aria-label=field_label(&field, seats)
            on:click=move |_| on_tap.run(cell)
            on:keydown=move |ev| if ev.key() == "Enter" || ev.key() == " " { ev.prevent_default(); on_tap.run(cell) }
        >
            <rect class="cell" x=num(x + 2.0) y=num(y + 2.0) width=num(CELL - 4.0) height=num(CELL - 4.0) rx="8" />
            // Marks that do not rely on colour: a dot where the mover can play, a cross where
            // the field is blocked for them (each in the top left corner, clear of the stones).
            {(field.reachable && !field.target).then(|| view! { <circle class="reach-mark" cx=num(x + 16.0) cy=num(y + 16.0) r="7" /> })}
            {field.blocked.then(|| {
                let d = format!("M {} {} l 14 14 m 0 -14 l -14 14", num(x + 9.0), num(y + 9.0));
                view! { <path class="blocked-mark halo" d=d.clone() /> <path class="blocked-mark" d=d /> }
            })}
            // At the end: a ring in the colour of whoever keeps the field.
            {field.kept_by.map(|p| view! { <rect class=format!("kept-ring c-{}", color(p)) x=num(x + 5.0) y=num(y + 5.0) width=num(CELL - 10.0) height=num(CELL - 10.0) rx="7" /> })}
            {stack}
            <text class="number" x=num(cx) y=num(cy)>{field.number}</text>
            {loose.into_iter().map(|(p, n)| {
                // Discs big enough for a 12 px count on a phone, clear of a two-digit number.
                let (sx, sy) = match seat_side(p, players) {
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
            }).collect_view()}
        </g>
    }
}

/// Screen-reader text for a field: number, stones and state.
fn field_label(field: &FieldView, seats: Signal<Vec<Seat>>) -> String {
    let names = seats.get_untracked();
    let mut parts = vec![if is_de() { format!("Feld {}", field.number) } else { format!("Field {}", field.number) }];
    for (p, n) in &field.stones {
        let name = names.get(*p).map_or("?", |s| s.name.as_str());
        parts.push(format!("{name} {n}"));
    }
    if field.locked_by.is_some() {
        parts.push((if is_de() { "gesichert" } else { "locked" }).into());
    }
    if field.blocked {
        parts.push((if is_de() { "für dich gesperrt" } else { "blocked for you" }).into());
    }
    if let Some(p) = field.kept_by {
        let name = names.get(p).map_or("?", |s| s.name.as_str());
        parts.push(if is_de() { format!("behält {name}") } else { format!("kept by {name}") });
    }
    parts.join(", ")
}
