//! The wall as SVG, seen from one side, and the stones' drawings (colour, shape outline).
//!
//! It draws the view model (`crate::view::viermalvier`), which holds only what the given side may
//! see: its own faces, and — in the hidden view — the far face of the topmost stones (visible
//! from above). Stone ids never appear.

use crate::decimal::num;
use crate::engine::viermalvier::{Spot, HEIGHT, WIDTH};
use crate::ui::components::keyed;
use crate::ui::i18n::tf;
use crate::ui::keyboard::Roving;
use crate::view::viermalvier::{Pick, Segment, Stone, Wall as WallModel};
use leptos::prelude::*;

const CELL: f64 = 100.0;
const PAD: f64 = 8.0;
/// Room above the wall for the tops of 4-high columns.
const TOP: f64 = 34.0;
const VIEW_W: f64 = CELL * 6.0 + 2.0 * PAD;
const VIEW_H: f64 = TOP + CELL * 4.0 + 2.0 * PAD;

pub use crate::view::viermalvier::{color_name, shape_char};

/// The outline of a shape, centred on (0, 0), about 56 units across.
fn glyph_path(shape: u8) -> &'static str {
    match shape {
        0 => "M -24 -22 H 24 M 0 -22 V 24",
        1 => "M -19 -22 V 4 A 19 19 0 0 0 19 4 V -22",
        2 => "M -22 -22 L 0 24 L 22 -22",
        _ => "M -27 -22 L -14 24 L 0 -8 L 14 24 L 27 -22",
    }
}

/// A stone's drawings are set as markup in one step (`inner_html`): built part by part, a
/// reveal's ~16 stones of ~10 parts each cost about 25 ms of script at 4× CPU slowdown, one
/// attribute call at a time (measured with the tap report). The markup holds only constants and
/// numbers.
///
/// A shape drawn at (x, y) scaled by `scale`.
fn glyph_markup(shape: u8, x: f64, y: f64, scale: f64) -> String {
    let d = glyph_path(shape);
    format!(
        r#"<g class="vv-glyph" transform="translate({} {}) scale({})"><path class="vv-glyph-halo" d="{d}"/><path class="vv-glyph-line" d="{d}"/></g>"#,
        num(x),
        num(y),
        num(scale)
    )
}

/// Small corner mark per colour, so colours are told apart without colour vision too.
fn mark_markup(color: u8, x: f64, y: f64) -> String {
    let d = match color {
        0 => "M 0 -6 A 6 6 0 1 0 0.01 -6 Z",
        1 => "M 0 -7 L 7 6 L -7 6 Z",
        2 => "M -6 -6 H 6 V 6 H -6 Z",
        _ => "M 0 -8 L 8 0 L 0 8 L -8 0 Z",
    };
    format!(r#"<path class="vv-mark" d="{d}" transform="translate({} {})"/>"#, num(x), num(y))
}

/// A stone's face in the wall's cell at (x, y): the stone, its colour mark and its shape.
fn face_markup(color: u8, shape: u8, x: f64, y: f64) -> String {
    format!(
        r#"<rect class="vv-stone col-{color}" x="{}" y="{}" width="{}" height="{}" rx="6"/>{}{}"#,
        num(x + 5.0),
        num(y + 5.0),
        num(CELL - 10.0),
        num(CELL - 10.0),
        mark_markup(color, x + 18.0, y + 18.0),
        glyph_markup(shape, x + CELL / 2.0, y + CELL / 2.0 + 4.0, 1.0)
    )
}

/// The plate above a top stone with the far face's shape, at `width` wide; its left edge at `x`.
fn top_markup(far: u8, x: f64, y: f64, width: f64) -> String {
    format!(
        r#"<g class="vv-top" data-test="top" data-far-shape="{}"><rect x="{}" y="{}" width="{}" height="26" rx="5"/>{}</g>"#,
        shape_char(far),
        num(x),
        num(y),
        num(width),
        glyph_markup(far, x + width / 2.0, y + 13.0, 0.36)
    )
}

/// Where drawn column `col` (−1 … 4: the end places included) starts, in wall units: every part
/// is drawn there once, and the wall's centring ([`wall_shift`]) moves them all together, so a
/// part kept while the wall widens never stays at an old place.
fn x_of(col: i32) -> f64 {
    f64::from(col + 1) * CELL
}

/// How far the wall units are moved to centre the wall and its end places in six columns (an
/// empty wall: its first stone).
fn wall_shift(width: usize) -> f64 {
    PAD + (6.0 - (width.clamp(1, WIDTH) as f64 + 2.0)) / 2.0 * CELL
}

fn y_of(row: usize) -> f64 {
    PAD + TOP + (HEIGHT - 1 - row.min(HEIGHT - 1)) as f64 * CELL
}

/// A drawn line through the middles of two cells (a four-row, a three-run).
fn cell_line(((c1, r1), (c2, r2)): Segment, class: &'static str, test: &'static str) -> impl IntoView {
    let middle = |c: usize, r: usize| (x_of(c as i32) + CELL / 2.0, y_of(r) + CELL / 2.0);
    let ((x1, y1), (x2, y2)) = (middle(c1, r1), middle(c2, r2));
    view! { <line class=class data-test=test x1=num(x1) y1=num(y1) x2=num(x2) y2=num(y2) /> }
}

/// One side's wall: `wall` changes once per move, `pick` (the places for the picked stone, empty
/// but for the person to move) per tap. Stones and places are keyed parts, the places one
/// keyboard group (arrows between them, Enter or Space to choose and place).
#[component]
pub fn Wall(
    wall: Memo<WallModel>,
    pick: Memo<Pick>,
    #[prop(into)] label: String,
    on_slot: Callback<Spot>,
) -> impl IntoView {
    let width = move || wall.with(|w| w.width);
    let roving = Roving::new(Signal::derive(move || pick.with(|p| p.slots.len())));
    // A slot's key also holds its place in the keyboard order, which it keeps while it lives.
    let slot_keys = Signal::derive(move || {
        pick.with(|p| p.slots.iter().enumerate().map(|(i, s)| s.key() << 3 | i as u16).collect::<Vec<u16>>())
    });
    let stone_keys = Signal::derive(move || wall.with(|w| w.stones.iter().map(Stone::key).collect::<Vec<u16>>()));
    let slot = Callback::new(move |key: u16| {
        let i = usize::from(key & 7);
        let Some(s) = pick.with_untracked(|p| p.slots.get(i).cloned()) else { return ().into_any() };
        let (x, y) = (x_of(s.col), y_of(s.row));
        let spot = s.spot;
        view! {
            <g class="vv-slot" class:legal=s.legal
                data-test="slot" data-legal=s.legal.then_some("true") data-spot=spot_id(spot) role="button"
                tabindex=roving.tabindex(i) aria-label=move || pick.with(|p| p.slots.get(i).map(|s| s.label.clone()))
                on:focus=move |_| roving.focused(i)
                on:click=move |_| on_slot.run(spot)
                on:keydown=move |ev| roving.keydown(&ev, 0, || on_slot.run(spot))>
                <rect x=num(x + 6.0) y=num(y + 6.0) width=num(CELL - 12.0) height=num(CELL - 12.0) rx="8" />
            </g>
        }
        .into_any()
    });
    let stone = Callback::new(move |key: u16| {
        let Some(s) = wall.with_untracked(|w| w.stones.iter().find(|s| s.key() == key).cloned()) else {
            return ().into_any();
        };
        stone_svg(s, wall, key).into_any()
    });
    view! {
        <svg class="vv-wall" viewBox=format!("0 0 {} {}", num(VIEW_W), num(VIEW_H)) role="group" aria-label=label
            data-test="wall" data-side=move || wall.with(|w| w.side.to_string())>
            <rect class="vv-ground" x=num(PAD) y=num(PAD + TOP + CELL * 4.0 - 2.0) width=num(VIEW_W - 2.0 * PAD) height="6" />
            // Everything in wall units, centred as one: the width moves the group, not the parts.
            <g transform=move || format!("translate({} 0)", num(wall_shift(width())))>
            <g>{keyed(slot_keys, slot)}</g>
            {keyed(stone_keys, stone)}
            {move || {
                let preview = pick.with(|p| p.preview).map(|(col, row, color, shape)| {
                    let face = face_markup(color, shape, x_of(col), y_of(row));
                    view! { <g class="vv-preview" data-test="preview" pointer-events="none" inner_html=face></g> }
                });
                let (wins, runs) = wall.with(|w| (w.win_lines.clone(), w.run_lines.clone()));
                let wins = wins.into_iter().map(|l| cell_line(l, "vv-win-line", "win-line")).collect_view();
                let runs = runs.into_iter().map(|l| cell_line(l, "vv-run-line", "run-line")).collect_view();
                view! { {preview} {wins} {runs} }.into_any()
            }}
            </g>
        </svg>
    }
}

/// A stone, drawn once (a stone that looks different has another key); its marks and name
/// follow the wall.
fn stone_svg(s: Stone, wall: Memo<WallModel>, key: u16) -> impl IntoView {
    let (x, y) = (x_of(s.col as i32), y_of(s.row));
    let mark = move |f: fn(&Stone) -> bool| wall.with(|w| w.stones.iter().any(|s| s.key() == key && f(s)));
    let top = s.far.map(|far| top_markup(far, x + 14.0, y - 27.0, CELL - 28.0)).unwrap_or_default();
    view! {
        <g data-test="stone" data-col=s.col.to_string() data-row=s.row.to_string() data-color=s.color.to_string()
            data-shape=shape_char(s.shape).to_string() role="img" class:last=move || mark(|s| s.last) class:win=move || mark(|s| s.win)
            aria-label=move || wall.with(|w| w.stones.iter().find(|s| s.key() == key).map(|s| s.label.clone()))
            inner_html=face_markup(s.color, s.shape, x, y) + &top>
        </g>
    }
}

pub fn spot_id(spot: Spot) -> String {
    match spot {
        Spot::Left => "left".into(),
        Spot::Right => "right".into(),
        Spot::On(c) => format!("on-{c}"),
    }
}

/// A stone as a small picture with both faces: `near` left, `far` right (for the Tafeln and
/// the picked stone; unplaced stones are public).
pub fn stone_chip(color: u8, near: u8, far: u8) -> impl IntoView {
    let chip = format!(
        r#"<rect class="vv-stone col-{color}" x="2" y="2" width="116" height="56" rx="8"/>{}{}<line class="vv-chip-split" x1="60" y1="8" x2="60" y2="52"/>{}"#,
        mark_markup(color, 14.0, 14.0),
        glyph_markup(near, 38.0, 32.0, 0.6),
        glyph_markup(far, 88.0, 32.0, 0.6)
    );
    view! { <svg class="vv-chip" viewBox="0 0 120 60" aria-hidden="true" inner_html=chip></svg> }
}

/// How to read the hidden view: a sketch of the wall from above, with the two players on
/// opposite sides, and what the small plate above a top stone is. `me`, `other`: the colour
/// classes of the viewer and the opponent; `other_name`: who looks from the far side.
#[component]
pub fn WallLegend(me: String, other: String, other_name: String) -> impl IntoView {
    let sides = tf(
        "Von oben: Ihr schaut von zwei Seiten auf dieselbe Mauer. Deine linke Spalte ist die rechte von {}.",
        "From above: you both look at one wall from opposite sides. Your left column is {}'s right.",
        &[&other_name],
    );
    let plate = tf(
        "Über dem obersten Stein einer Spalte: seine Rückseite, die {} sieht.",
        "Above the top stone of a column: its back, the face {} sees.",
        &[&other_name],
    );
    let plate_sketch = format!(
        r#"<g class="vv-top"><rect x="2" y="2" width="40" height="26" rx="5"/>{}</g>"#,
        glyph_markup(0, 22.0, 15.0, 0.36)
    );
    view! {
        <div class="vv-legend" data-test="wall-legend">
            <svg class="vv-legend-sketch" viewBox="0 0 110 70" aria-hidden="true">
                <circle class=format!("vv-legend-who {other}") cx="55" cy="9" r="7" />
                <path class="vv-legend-look" d="M55 18v6M55 52v-6" />
                {(0..4).map(|i| {
                    let x = 11.0 + f64::from(i) * 22.0;
                    view! {
                        <rect class="vv-legend-far" x=num(x) y="26" width="20" height="9" />
                        <rect class=format!("vv-legend-near col-{i}") x=num(x) y="35" width="20" height="9" />
                    }
                }).collect_view()}
                <circle class=format!("vv-legend-who {me}") cx="55" cy="61" r="7" />
            </svg>
            <p>{sides}</p>
            <svg class="vv-legend-plate" viewBox="0 0 44 30" aria-hidden="true" inner_html=plate_sketch></svg>
            <p>{plate}</p>
        </div>
    }
}
