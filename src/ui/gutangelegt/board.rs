//! The table as SVG: laid cards (columns of 3 fields), the places a card may go, the preview, and
//! scoring lines. The view box follows the table as it grows. Every colour also carries a symbol.

use crate::engine::gutangelegt::{GutAngelegt, Laid, Line, Place, CARD_FIELDS, ROW_CARDS};
use crate::ui::i18n::{is_de, t};
use crate::decimal::num;
use leptos::prelude::*;

/// Field size in SVG units.
const F: f64 = 40.0;
const PAD: f64 = 6.0;
/// Pixels per unit that make a field 44 px wide (a tap target).
const TOUCH_SCALE: f64 = 44.0 / F;

pub fn color_name(color: u8) -> &'static str {
    match color {
        0 => t("rot", "red"),
        1 => t("gelb", "yellow"),
        2 => t("grün", "green"),
        _ => t("blau", "blue"),
    }
}

/// The symbol drawn on every field of a colour, centred on (0, 0).
fn symbol_path(color: u8) -> &'static str {
    match color {
        0 => "M 0 -7 A 7 7 0 1 0 0.01 -7 Z",
        1 => "M 0 -8 L 8 6 L -8 6 Z",
        2 => "M -6.5 -6.5 H 6.5 V 6.5 H -6.5 Z",
        _ => "M 0 -9 L 9 0 L 0 9 L -9 0 Z",
    }
}

/// One field of colour `color` with its symbol, top-left at (x, y) in SVG units.
pub fn field_svg(color: u8, x: f64, y: f64) -> impl IntoView {
    view! {
        <rect class=format!("ga-field ga-c{color}") x=num(x) y=num(y) width=num(F) height=num(F) />
        <path class="ga-symbol" d=symbol_path(color) transform=format!("translate({} {})", num(x + F / 2.0), num(y + F / 2.0)) />
    }
}

/// A card as a small upright picture (hand), colours top to bottom.
pub fn card_svg(colors: [u8; 3]) -> impl IntoView {
    view! {
        <svg class="ga-card-pic" viewBox=format!("0 0 {} {}", num(F), num(F * 3.0)) aria-hidden="true">
            {(0..3).map(|k| field_svg(colors[k], 0.0, k as f64 * F)).collect_view()}
            <rect class="ga-card-edge" x="0" y="0" width=num(F) height=num(F * 3.0) rx="4" />
        </svg>
    }
}

/// A place on the table as drawn: its column and top field row (may be outside the table).
#[derive(Clone, Copy, PartialEq)]
pub struct SlotView {
    pub place: Place,
    pub col: i32,
    pub row: i32,
}

/// Where each open place is drawn.
pub fn slots(game: &GutAngelegt) -> Vec<SlotView> {
    let width = game.width() as i32;
    let height = game.height() as i32;
    let open = game.rows().iter().position(|r| !r.complete());
    game.places()
        .into_iter()
        .map(|place| {
            let (col, row) = match place {
                Place::Left => (-1, 0),
                Place::Right => (width, 0),
                Place::Next => {
                    let r = open.unwrap_or(0);
                    let row = &game.rows()[r];
                    let n = row.cards.len() as i32;
                    let col = if row.anchor == crate::engine::gutangelegt::Anchor::Right { ROW_CARDS as i32 - 1 - n } else { n };
                    (col, (r * CARD_FIELDS) as i32)
                }
                Place::Corner { top, left } => (if left { 0 } else { ROW_CARDS as i32 - 1 }, if top { -(CARD_FIELDS as i32) } else { height }),
            };
            SlotView { place, col, row }
        })
        .collect()
}

pub fn place_id(place: Place) -> String {
    match place {
        Place::Left => "left".into(),
        Place::Right => "right".into(),
        Place::Next => "next".into(),
        Place::Corner { top, left } => format!("{}-{}", if top { "top" } else { "bottom" }, if left { "left" } else { "right" }),
    }
}

/// Everything the table shows, computed from the game in one pass.
#[derive(Clone, PartialEq, Default)]
pub struct TableView {
    pub width: usize,
    pub height: usize,
    /// (column, top row, colours top to bottom, last laid)
    pub cards: Vec<(usize, usize, [u8; 3], bool)>,
    pub slots: Vec<SlotView>,
    pub chosen: Option<Place>,
    /// The picked card shown on the chosen place, in the coordinates of the table *after* it lies
    /// (a card at the left end of the first row shifts the table right, a row started on top
    /// shifts it down; `shift` is that (x, y) in fields).
    pub preview: Option<(i32, i32, [u8; 3])>,
    pub shift: (usize, usize),
    /// Announcing: preview fields take taps (for claims) instead of letting them through to the place.
    pub announce: bool,
    /// Lines to draw with their points: (line, points, kind) where kind is "scored", "preview" or "claim".
    pub lines: Vec<(Line, u32, &'static str)>,
    /// A claim being drawn: its first field.
    pub claim_start: Option<(usize, usize)>,
}

pub fn table_view(game: &GutAngelegt, last: Option<(usize, usize)>) -> TableView {
    TableView {
        width: game.width(),
        height: game.height(),
        cards: game
            .laid_cards()
            .into_iter()
            .map(|(c, r, l): (usize, usize, Laid)| (c, r, [l.color(0), l.color(1), l.color(2)], last == Some((c, r))))
            .collect(),
        ..TableView::default()
    }
}

#[component]
pub fn Table(#[prop(into)] view: Signal<TableView>, on_slot: Callback<Place>, on_field: Callback<(usize, usize)>) -> impl IntoView {
    let label = if is_de() { "Tisch" } else { "Table" };
    // The box around everything drawn (cards, places, preview), at least 6 × 6 fields, centred:
    // (x, y, width, height) in units.
    let view_box = Memo::new(move |_| {
        view.with(|v| {
            let (sx, sy) = (v.shift.0 as f64, v.shift.1 as f64);
            let mut boxes: Vec<(f64, f64)> = v.cards.iter().map(|&(c, r, _, _)| (c as f64 + sx, r as f64 + sy)).collect();
            boxes.extend(v.slots.iter().map(|s| (f64::from(s.col) + sx, f64::from(s.row) + sy)));
            boxes.extend(v.preview.iter().map(|&(c, r, _)| (f64::from(c), f64::from(r))));
            let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
            for (x, y) in boxes {
                x0 = x0.min(x);
                y0 = y0.min(y);
                x1 = x1.max(x + 1.0);
                y1 = y1.max(y + 3.0);
            }
            if x0 > x1 {
                (x0, y0, x1, y1) = (0.0, 0.0, 1.0, 3.0);
            }
            let (w, h) = ((x1 - x0).max(6.0), (y1 - y0).max(6.0));
            let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
            ((cx - w / 2.0) * F - PAD, (cy - h / 2.0) * F - PAD, w * F + 2.0 * PAD, h * F + 2.0 * PAD)
        })
    });
    // The table's size at 44 px per field: on a phone it is drawn at least that big and pans
    // (style/main.css), so every field stays a finger's width.
    let touch_size = move || {
        let (_, _, w, h) = view_box.get();
        format!("--ga-w:{}px;--ga-h:{}px", num((w * TOUCH_SCALE).round()), num((h * TOUCH_SCALE).round()))
    };
    let view_box = move || {
        let (x, y, w, h) = view_box.get();
        format!("{} {} {} {}", num(x), num(y), num(w), num(h))
    };
    view! {
        <svg class="ga-table" class:announce=move || view.with(|v| v.announce) viewBox=view_box style=touch_size role="group" aria-label=label data-test="table">
            {move || {
                let v = view.get();
                let (dx, dy) = v.shift;
                let (shift_x, shift) = (dx as f64 * F, dy as f64 * F);
                let cards = v.cards.iter().map(|&(c, r, colors, last)| {
                    let (x, y) = (c as f64 * F + shift_x, r as f64 * F + shift);
                    view! {
                        <g class="ga-card" class:last=last data-test="card" data-col=c.to_string() data-row=r.to_string()>
                            // Fields are named in the coordinates after the previewed card lies.
                            {card_fields((c + dx, r + dy), colors, (x, y), on_field)}
                        </g>
                    }
                }).collect_view();
                let slots = v.slots.iter().map(|s| {
                    let place = s.place;
                    let chosen = v.chosen == Some(place);
                    let (x, y) = (f64::from(s.col) * F + shift_x, f64::from(s.row) * F + shift);
                    view! {
                        <g class="ga-slot" class:chosen=chosen data-test="slot" data-place=place_id(place) role="button" tabindex="0"
                            aria-label=place_label(place)
                            on:click=move |_| on_slot.run(place)
                            on:keydown=move |ev| if ev.key() == "Enter" || ev.key() == " " { ev.prevent_default(); on_slot.run(place) }>
                            // A wider, invisible hit area: a card is narrow on a phone.
                            <rect class="ga-hit" x=num(x - F * 0.3) y=num(y) width=num(F * 1.6) height=num(F * 3.0) />
                            <rect x=num(x + 2.0) y=num(y + 2.0) width=num(F - 4.0) height=num(F * 3.0 - 4.0) rx="5" />
                        </g>
                    }
                }).collect_view();
                // The preview is drawn in after-move coordinates; `shift` already moved the table.
                let preview = v.preview.map(|(c, r, colors)| {
                    let (x, y) = (f64::from(c) * F, f64::from(r) * F);
                    view! {
                        <g class="ga-preview" data-test="preview">
                            {card_fields((c.max(0) as usize, r.max(0) as usize), colors, (x, y), on_field)}
                        </g>
                    }
                });
                let after = |p: (usize, usize)| (p.0 as f64 * F + F / 2.0, p.1 as f64 * F + F / 2.0);
                let lines = v.lines.iter().map(|&(line, points, kind)| {
                    // Lines are in the coordinates after the move; before the move (preview) the
                    // table is shifted by `shift`, which the preview coordinates already include.
                    let ((x1, y1), (x2, y2)) = (after(line.from), after(line.to));
                    view! {
                        <g class=format!("ga-line {kind}") data-test=format!("{kind}-line") data-points=points.to_string()>
                            <line x1=num(x1) y1=num(y1) x2=num(x2) y2=num(y2) />
                            // On the line's middle: always inside the table, never cut at its edge.
                            <text x=num((x1 + x2) / 2.0) y=num((y1 + y2) / 2.0)>{format!("+{points}")}</text>
                        </g>
                    }
                }).collect_view();
                let start = v.claim_start.map(|(x, y)| view! {
                    <circle class="ga-claim-start" data-test="claim-start" cx=num(x as f64 * F + F / 2.0) cy=num(y as f64 * F + F / 2.0) r="12" />
                });
                view! { {slots} {cards} {preview} {lines} {start} }
            }}
        </svg>
    }
}

/// A card's three fields, tappable (for announcing), named by field coordinates, and its edge.
/// `at` is the card's column and top row; `(x, y)` where it is drawn.
fn card_fields(at: (usize, usize), colors: [u8; 3], (x, y): (f64, f64), on_field: Callback<(usize, usize)>) -> impl IntoView {
    view! {
        {(0..3).map(|k| {
            let (fx, fy) = (at.0, at.1 + k);
            view! {
                <g data-test="field" data-x=fx.to_string() data-y=fy.to_string() data-color=colors[k].to_string()
                    on:click=move |_| on_field.run((fx, fy))>
                    {field_svg(colors[k], x, y + k as f64 * F)}
                </g>
            }
        }).collect_view()}
        <rect class="ga-card-edge" x=num(x) y=num(y) width=num(F) height=num(F * 3.0) rx="4" />
    }
}

fn place_label(place: Place) -> String {
    let de = is_de();
    match place {
        Place::Left => (if de { "links anlegen" } else { "lay at the left end" }).into(),
        Place::Right => (if de { "rechts anlegen" } else { "lay at the right end" }).into(),
        Place::Next => (if de { "in der Zeile weiter anlegen" } else { "continue the row" }).into(),
        Place::Corner { top, left } => {
            let v = match (top, de) {
                (true, true) => "oben",
                (false, true) => "unten",
                (true, false) => "top",
                (false, false) => "bottom",
            };
            let h = match (left, de) {
                (true, true) => "links",
                (false, true) => "rechts",
                (true, false) => "left",
                (false, false) => "right",
            };
            if de { format!("neue Zeile {v} {h} beginnen") } else { format!("start a new row {v} {h}") }
        }
    }
}
