//! The wall as SVG, seen from one side, and the stones' drawings (colour, shape outline).
//!
//! Only what the given side may see is put into the markup: its own faces, and — in the hidden
//! view — the far face of the topmost stones (visible from above). Stone ids never appear.

use crate::engine::viermalvier::{Line, Spot, VierMalVier, HEIGHT, SHAPES, STONES, WIDTH};
use crate::ui::i18n::is_de;
use crate::decimal::num;
use leptos::prelude::*;

const CELL: f64 = 100.0;
const PAD: f64 = 8.0;
/// Room above the wall for the tops of 4-high columns.
const TOP: f64 = 34.0;
const VIEW_W: f64 = CELL * 6.0 + 2.0 * PAD;
const VIEW_H: f64 = TOP + CELL * 4.0 + 2.0 * PAD;

/// Colour names (the fourth colour of the set is not named in the rulebook; blue here).
pub fn color_name(color: u8) -> &'static str {
    match color {
        0 => crate::ui::i18n::t("dunkelrot", "dark red"),
        1 => crate::ui::i18n::t("orange", "orange"),
        2 => crate::ui::i18n::t("gelb", "yellow"),
        _ => crate::ui::i18n::t("blau", "blue"),
    }
}

pub fn shape_char(shape: u8) -> char {
    SHAPES.get(usize::from(shape)).copied().unwrap_or('?')
}

/// The outline of a shape, centred on (0, 0), about 56 units across.
fn glyph_path(shape: u8) -> &'static str {
    match shape {
        0 => "M -24 -22 H 24 M 0 -22 V 24",
        1 => "M -19 -22 V 4 A 19 19 0 0 0 19 4 V -22",
        2 => "M -22 -22 L 0 24 L 22 -22",
        _ => "M -27 -22 L -14 24 L 0 -8 L 14 24 L 27 -22",
    }
}

/// A shape drawn at (x, y) scaled by `scale`.
pub fn glyph(shape: u8, x: f64, y: f64, scale: f64) -> impl IntoView {
    view! {
        <g class="vv-glyph" transform=format!("translate({} {}) scale({})", num(x), num(y), num(scale))>
            <path class="vv-glyph-halo" d=glyph_path(shape) />
            <path class="vv-glyph-line" d=glyph_path(shape) />
        </g>
    }
}

/// Small corner mark per colour, so colours are told apart without colour vision too.
fn color_mark(color: u8, x: f64, y: f64) -> impl IntoView {
    let d = match color {
        0 => "M 0 -6 A 6 6 0 1 0 0.01 -6 Z",
        1 => "M 0 -7 L 7 6 L -7 6 Z",
        2 => "M -6 -6 H 6 V 6 H -6 Z",
        _ => "M 0 -8 L 8 0 L 0 8 L -8 0 Z",
    };
    view! { <path class="vv-mark" d=d transform=format!("translate({} {})", num(x), num(y)) /> }
}

/// One stone in a wall view: where it is drawn and what the viewer may know.
#[derive(Clone, PartialEq)]
pub struct StoneView {
    /// Column as drawn (the viewer's left to right) and row (0 = bottom).
    pub col: usize,
    pub row: usize,
    pub color: u8,
    pub shape: u8,
    /// The far face, only where it may be shown (a top in the hidden view).
    pub far: Option<u8>,
    pub last: bool,
    pub win: bool,
}

/// A place a stone could go, as drawn.
#[derive(Clone, PartialEq)]
pub struct SlotView {
    pub spot: Spot,
    /// Drawn column: -1 … 4 (outside the wall for new bottom stones).
    pub col: i32,
    pub row: usize,
    pub legal: bool,
}

/// Everything one side's wall view shows.
#[derive(Clone, PartialEq, Default)]
pub struct WallView {
    pub side: usize,
    pub width: usize,
    pub stones: Vec<StoneView>,
    pub slots: Vec<SlotView>,
    /// Winning lines on this side: first and last cell, as drawn (column, row).
    pub win_lines: Vec<((usize, usize), (usize, usize))>,
    /// At the end without a four-row: this side's three-runs (first and last cell, as drawn).
    pub run_lines: Vec<((usize, usize), (usize, usize))>,
    /// The selected stone shown on a slot before it is placed: (slot, colour, shape toward this side).
    pub preview: Option<(SlotView, u8, u8)>,
}

/// Drawn column of wall column `c` for `side` (side 1 sees the wall mirrored).
fn drawn(side: usize, width: usize, c: usize) -> usize {
    if side == 0 {
        c
    } else {
        width - 1 - c
    }
}

/// The view of `side`. `tops` shows the far faces of the topmost stones (hidden view); `lines`
/// are this side's winning lines (side-0 coordinates).
pub fn wall_view(game: &VierMalVier, side: usize, tops: bool, lines: &[Line], last: Option<(usize, usize)>) -> WallView {
    let width = game.width();
    let win: Vec<(usize, usize)> = lines.iter().flatten().copied().collect();
    let win_lines = lines.iter().map(|l| segment(side, width, (l[0], l[3]))).collect();
    let mut stones = Vec::new();
    for (c, column) in game.wall().iter().enumerate() {
        for (r, p) in column.iter().enumerate() {
            let top = r + 1 == column.len();
            stones.push(StoneView {
                col: drawn(side, width, c),
                row: r,
                color: p.color(),
                shape: p.shape_toward(side),
                far: (tops && top).then(|| p.shape_toward(1 - side)),
                last: last == Some((c, r)),
                win: win.contains(&(c, r)),
            });
        }
    }
    WallView { side, width, stones, slots: Vec::new(), win_lines, run_lines: Vec::new(), preview: None }
}

/// Adds this side's three-runs to `view` (drawn at the end of a game that ended without a
/// four-row, where they are what scores).
pub fn with_runs(mut view: WallView, game: &VierMalVier) -> WallView {
    let (side, width) = (view.side, view.width);
    view.run_lines = game.three_run_cells(side).into_iter().map(|run| segment(side, width, run)).collect();
    view
}

/// A line from cell to cell (side-0 coordinates) as `side` sees it drawn.
fn segment(side: usize, width: usize, ((c1, r1), (c2, r2)): ((usize, usize), (usize, usize))) -> ((usize, usize), (usize, usize)) {
    ((drawn(side, width, c1), r1), (drawn(side, width, c2), r2))
}

/// A drawn line through the middles of two cells (a four-row, a three-run).
fn cell_line(width: usize, ((c1, r1), (c2, r2)): ((usize, usize), (usize, usize)), class: &'static str, test: &'static str) -> impl IntoView {
    let middle = |c: usize, r: usize| (x_of(width, c as i32) + CELL / 2.0, y_of(r) + CELL / 2.0);
    let ((x1, y1), (x2, y2)) = (middle(c1, r1), middle(c2, r2));
    view! { <line class=class data-test=test x1=num(x1) y1=num(y1) x2=num(x2) y2=num(y2) /> }
}

/// Adds the places `stone` could go (legal or not) to `view`, and a preview on `chosen`.
pub fn with_slots(mut view: WallView, game: &VierMalVier, stone: Option<u8>, face_toward_viewer: u8, chosen: Option<Spot>) -> WallView {
    let Some(stone) = stone else { return view };
    let width = game.width();
    let side = view.side;
    for spot in game.spots() {
        let Ok((c, r)) = game.landing(spot) else { continue };
        let col = match spot {
            // The first stone stands in the middle.
            _ if width == 0 => 0,
            // A new stone at side 0's left end is at the right end for side 1, and so on.
            Spot::Left => if side == 0 { -1 } else { width as i32 },
            Spot::Right => if side == 0 { width as i32 } else { -1 },
            Spot::On(_) => drawn(side, width, c) as i32,
        };
        let slot = SlotView { spot, col, row: r, legal: game.check_spot(stone, spot).is_ok() };
        if chosen == Some(spot) {
            let s = STONES[usize::from(stone) % STONES.len()];
            view.preview = Some((slot.clone(), s.color, s.faces[usize::from(face_toward_viewer % 2)]));
        }
        view.slots.push(slot);
    }
    view
}

fn x_of(width: usize, col: i32) -> f64 {
    // Centre the wall and its end slots in six columns (an empty wall: its first stone).
    let left = (6.0 - (width.clamp(1, WIDTH) as f64 + 2.0)) / 2.0;
    PAD + (left + f64::from(col) + 1.0) * CELL
}

fn y_of(row: usize) -> f64 {
    PAD + TOP + (HEIGHT - 1 - row.min(HEIGHT - 1)) as f64 * CELL
}

#[component]
pub fn Wall(#[prop(into)] view: Signal<WallView>, #[prop(into)] label: String, on_slot: Callback<Spot>) -> impl IntoView {
    view! {
        <svg class="vv-wall" viewBox=format!("0 0 {} {}", num(VIEW_W), num(VIEW_H)) role="group" aria-label=label.clone()
            data-test="wall" data-side=move || view.with(|v| v.side.to_string())>
            <rect class="vv-ground" x=num(PAD) y=num(PAD + TOP + CELL * 4.0 - 2.0) width=num(VIEW_W - 2.0 * PAD) height="6" />
            {move || {
                let v = view.get();
                let width = v.width;
                let stones = v.stones.iter().cloned().map(|s| stone_svg(s, width)).collect_view();
                let slots = v.slots.iter().map(|slot| {
                    let (x, y) = (x_of(width, slot.col), y_of(slot.row));
                    let spot = slot.spot;
                    view! {
                        <g class="vv-slot" class:legal=slot.legal data-test="slot" data-legal=slot.legal.then_some("true")
                            data-spot=spot_id(spot) role="button" tabindex="0"
                            aria-label=slot_label(slot)
                            on:click=move |_| on_slot.run(spot)
                            on:keydown=move |ev| if ev.key() == "Enter" || ev.key() == " " { ev.prevent_default(); on_slot.run(spot) }>
                            <rect x=num(x + 6.0) y=num(y + 6.0) width=num(CELL - 12.0) height=num(CELL - 12.0) rx="8" />
                        </g>
                    }
                }).collect_view();
                let preview = v.preview.map(|(slot, color, shape)| {
                    let (x, y) = (x_of(width, slot.col), y_of(slot.row));
                    view! {
                        <g class="vv-preview" data-test="preview" pointer-events="none">
                            <rect class=format!("vv-stone col-{color}") x=num(x + 5.0) y=num(y + 5.0) width=num(CELL - 10.0) height=num(CELL - 10.0) rx="6" />
                            {glyph(shape, x + CELL / 2.0, y + CELL / 2.0 + 4.0, 1.0)}
                        </g>
                    }
                });
                let lines = v.win_lines.iter().map(|&l| cell_line(width, l, "vv-win-line", "win-line")).collect_view();
                let runs = v.run_lines.iter().map(|&l| cell_line(width, l, "vv-run-line", "run-line")).collect_view();
                view! { {slots} {stones} {preview} {lines} {runs} }
            }}
        </svg>
    }
}

fn stone_svg(s: StoneView, width: usize) -> impl IntoView {
    let (x, y) = (x_of(width, s.col as i32), y_of(s.row));
    let class = format!("vv-stone col-{}{}{}", s.color, if s.last { " last" } else { "" }, if s.win { " win" } else { "" });
    let label = {
        let mut l = format!("{} {}", color_name(s.color), shape_char(s.shape));
        if let Some(far) = s.far {
            l.push_str(&if is_de() { format!(", oben sichtbar: gegenüber {}", shape_char(far)) } else { format!(", seen from above: {} on the far side", shape_char(far)) });
        }
        l
    };
    view! {
        <g data-test="stone" data-col=s.col.to_string() data-row=s.row.to_string() data-color=s.color.to_string()
            data-shape=shape_char(s.shape).to_string() role="img" aria-label=label>
            <rect class=class x=num(x + 5.0) y=num(y + 5.0) width=num(CELL - 10.0) height=num(CELL - 10.0) rx="6" />
            {color_mark(s.color, x + 18.0, y + 18.0)}
            {glyph(s.shape, x + CELL / 2.0, y + CELL / 2.0 + 4.0, 1.0)}
            {s.far.map(|far| view! {
                <g class="vv-top" data-test="top" data-far-shape=shape_char(far).to_string()>
                    <rect x=num(x + 14.0) y=num(y - 27.0) width=num(CELL - 28.0) height="26" rx="5" />
                    {glyph(far, x + CELL / 2.0, y - 14.0, 0.36)}
                </g>
            })}
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

fn slot_label(slot: &SlotView) -> String {
    let de = is_de();
    let place = match slot.spot {
        Spot::On(_) => if de { format!("auf Spalte {}", slot.col + 1) } else { format!("on column {}", slot.col + 1) },
        _ if slot.col < 0 => (if de { "unten links anbauen" } else { "add at the bottom left" }).to_string(),
        _ => (if de { "unten rechts anbauen" } else { "add at the bottom right" }).to_string(),
    };
    if slot.legal {
        place
    } else {
        format!("{place} ({})", if de { "Farbregel" } else { "colour rule" })
    }
}

/// A stone as a small picture with both faces: `near` left, `far` right (for the Tafeln and
/// the picked stone; unplaced stones are public).
pub fn stone_chip(color: u8, near: u8, far: u8) -> impl IntoView {
    view! {
        <svg class="vv-chip" viewBox="0 0 120 60" aria-hidden="true">
            <rect class=format!("vv-stone col-{color}") x="2" y="2" width="116" height="56" rx="8" />
            {color_mark(color, 14.0, 14.0)}
            {glyph(near, 38.0, 32.0, 0.6)}
            <line class="vv-chip-split" x1="60" y1="8" x2="60" y2="52" />
            {glyph(far, 88.0, 32.0, 0.6)}
        </svg>
    }
}

/// How to read the hidden view: a sketch of the wall from above, with the two players on
/// opposite sides, and what the small plate above a top stone is. `me`, `other`: the colour
/// classes of the viewer and the opponent; `other_name`: who looks from the far side.
#[component]
pub fn WallLegend(me: String, other: String, other_name: String) -> impl IntoView {
    let de = is_de();
    let sides = if de {
        format!("Von oben: Ihr schaut von zwei Seiten auf dieselbe Mauer. Deine linke Spalte ist die rechte von {other_name}.")
    } else {
        format!("From above: you both look at one wall from opposite sides. Your left column is {other_name}'s right.")
    };
    let plate = if de {
        format!("Über dem obersten Stein einer Spalte: seine Rückseite, die {other_name} sieht.")
    } else {
        format!("Above the top stone of a column: its back, the face {other_name} sees.")
    };
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
            <svg class="vv-legend-plate" viewBox="0 0 44 30" aria-hidden="true">
                <g class="vv-top"><rect x="2" y="2" width="40" height="26" rx="5" />{glyph(0, 22.0, 15.0, 0.36)}</g>
            </svg>
            <p>{plate}</p>
        </div>
    }
}
