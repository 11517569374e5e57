//! The table as SVG, drawn from the view model (`crate::view::gutangelegt`): laid cards keyed by
//! card (a tap or a move redraws only what it changes), the places a card may go below them, the
//! preview and the lines above. The view box follows the table as it grows. Every colour also
//! carries a symbol.

use crate::decimal::num;
use crate::engine::gutangelegt::{Line, Place};
use crate::ui::components::keyed;
use crate::ui::i18n::t;
use crate::ui::keyboard::Roving;
use crate::view::gutangelegt::{self as view, place_label, Card, LineKind, Slot, Table as TableModel, Tap};
use leptos::prelude::*;

pub use crate::view::gutangelegt::color_name;

/// Field size in SVG units.
const F: f64 = 40.0;
/// Room around the table for the edges of the outermost cards: small, as on a phone the table is
/// as wide as the screen (thirteen columns then get about 30 px each).
const PAD: f64 = 3.0;
/// How far a place's invisible hit area reaches beyond it on each side, in fields (outside the
/// table it is cut off: the place itself always lies inside).
const HIT: f64 = 0.3;

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

fn translate(x: f64, y: f64) -> String {
    format!("translate({} {})", num(x), num(y))
}

/// A slot's key: its place in the keyboard order, its place and where it is drawn (it moves as
/// the table grows).
fn slot_key(i: usize, s: &Slot) -> u16 {
    let place = match s.place {
        Place::Left => 0,
        Place::Right => 1,
        Place::Next => 2,
        Place::Corner { top, left } => 3 + u16::from(top) * 2 + u16::from(left),
    };
    (i as u16) | place << 3 | ((s.col + 1).clamp(0, 15) as u16) << 6 | ((s.row / 3 + 1).clamp(0, 15) as u16) << 10
}

/// The box around everything drawn (cards, places, preview), at least 6 × 6 fields, centred:
/// (x, y, width, height) in units.
fn view_box(table: &TableModel, tap: &Tap) -> (f64, f64, f64, f64) {
    let (sx, sy) = (tap.shift.0 as f64, tap.shift.1 as f64);
    let mut boxes: Vec<(f64, f64)> = table.cards.iter().map(|c| (c.col as f64 + sx, c.row as f64 + sy)).collect();
    boxes.extend(table.slots.iter().map(|s| (f64::from(s.col) + sx, f64::from(s.row) + sy)));
    boxes.extend(tap.card.map(|(c, r, _)| (c as f64, r as f64)));
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
}

/// Announcing by keyboard: while a card is previewed the table is a tab stop of its own; arrows
/// move a cursor over the fields (after-move coordinates, from the previewed card's top field)
/// and Enter or Space marks the field as a tap does.
#[derive(Clone, Copy)]
struct Claiming {
    table: Memo<TableModel>,
    tap: Memo<Tap>,
    announce: Signal<bool>,
    /// Where the arrows moved the cursor (kept while it lies inside the table).
    moved: RwSignal<Option<(usize, usize)>>,
}

impl Claiming {
    /// Whether a line can be announced now: announcing, with a card previewed.
    fn on(self) -> bool {
        self.announce.get() && self.tap.with(|p| p.card.is_some())
    }

    fn bounds(self) -> (usize, usize) {
        self.table.with(|t| self.tap.with(|p| view::field_bounds(t, p)))
    }

    fn cursor(self) -> (usize, usize) {
        let (w, h) = self.bounds();
        self.moved
            .get()
            .filter(|&(x, y)| x < w && y < h)
            .or_else(|| self.tap.with(|p| p.card.map(|(c, r, _)| (c, r))))
            .unwrap_or_default()
    }

    fn key(self, ev: &web_sys::KeyboardEvent, on_field: Callback<(usize, usize)>) {
        // Only keys for the table itself, not those bubbling up from a place.
        let on_table = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .is_some_and(|e| e.tag_name() == "svg");
        if !on_table || !untrack(|| self.on()) {
            return;
        }
        let ((w, h), (x, y)) = untrack(|| (self.bounds(), self.cursor()));
        let next = match ev.key().as_str() {
            "ArrowLeft" => (x.saturating_sub(1), y),
            "ArrowRight" => ((x + 1).min(w.saturating_sub(1)), y),
            "ArrowUp" => (x, y.saturating_sub(1)),
            "ArrowDown" => (x, (y + 1).min(h.saturating_sub(1))),
            "Enter" | " " => {
                ev.prevent_default();
                return on_field.run((x, y));
            }
            _ => return,
        };
        ev.prevent_default();
        self.moved.set(Some(next));
    }

    /// The table's accessible name: while announcing it names the cursor's field.
    fn label(self, claim_start: Signal<Option<(usize, usize)>>) -> String {
        if !self.on() {
            return t("Tisch", "Table").to_string();
        }
        let name = self.table.with(|t| self.tap.with(|p| view::cursor_name(t, p, self.cursor(), claim_start.get())));
        format!(
            "{}: {name}",
            t("Tisch, Linie ansagen mit Pfeiltasten und Eingabe", "Table, announce a line with arrows and Enter")
        )
    }
}

/// The board: the table of cards. `table` changes once per card laid, `tap` per tap; `on_field` gets a field in
/// the coordinates after the previewed card lies (as claims are named).
#[component]
pub fn Board(
    table: Memo<TableModel>,
    tap: Memo<Tap>,
    #[prop(into)] announce: Signal<bool>,
    #[prop(into)] claim_start: Signal<Option<(usize, usize)>>,
    on_slot: Callback<Place>,
    on_field: Callback<(usize, usize)>,
) -> impl IntoView {
    let view_box = Memo::new(move |_| table.with(|t| tap.with(|p| view_box(t, p))));
    let view_box = move || {
        let (x, y, w, h) = view_box.get();
        format!("{} {} {} {}", num(x), num(y), num(w), num(h))
    };
    let shift = move || tap.with(|p| p.shift);
    let slot_keys = Signal::derive(move || {
        table.with(|t| t.slots.iter().enumerate().map(|(i, s)| slot_key(i, s)).collect::<Vec<u16>>())
    });
    let roving = Roving::new(Signal::derive(move || table.with(|t| t.slots.len())));
    let card_keys =
        Signal::derive(move || table.with(|t| t.cards.iter().map(|c| u16::from(c.id)).collect::<Vec<u16>>()));
    // Fields are drawn in today's coordinates; a claim names them after the previewed card lies.
    let on_table_field = Callback::new(move |(x, y): (usize, usize)| {
        let (dx, dy) = untrack(shift);
        on_field.run((x + dx, y + dy))
    });
    let slot = Callback::new(move |key: u16| {
        let i = usize::from(key & 7);
        let Some(s) = table.with_untracked(|t| t.slots.get(i).copied()) else { return ().into_any() };
        slot(s, i, roving, tap, on_slot).into_any()
    });
    let card = Callback::new(move |id: u16| laid_card(id as u8, table, on_table_field).into_any());
    let claim = Claiming { table, tap, announce, moved: RwSignal::new(None) };
    let claiming = move || claim.on();
    let cursor = move || claim.cursor();
    let preview = Memo::new(move |_| tap.with(|p| p.card));
    // The last card's lines, or the preview's (or the claims): each line drawn once, keyed by its
    // ends; a preview replaces the scored lines rather than rewriting their attributes.
    let line_keys = move |scored: bool| {
        Signal::derive(move || {
            tap.with(|p| p.lines.iter().filter(|l| is_scored(l) == scored).map(|l| line_key(l.0)).collect::<Vec<u16>>())
        })
    };
    let line = move |scored: bool| {
        Callback::new(move |key: u16| {
            let line = tap
                .with_untracked(|p| p.lines.iter().find(|l| is_scored(l) == scored && line_key(l.0) == key).copied());
            line.map(line_svg).into_any()
        })
    };
    view! {
        <svg class="ga-table" class:announce=announce class:previewing=move || tap.with(|p| p.card.is_some())
            viewBox=view_box role="group" aria-label=move || claim.label(claim_start) data-test="table"
            tabindex=move || claiming().then_some("0")
            data-cursor=move || claiming().then(|| { let (x, y) = cursor(); format!("{x},{y}") })
            on:keydown=move |ev| claim.key(&ev, on_field)>
            // Today's table, moved as one while a preview shifts it: places below the cards.
            <g transform=move || { let (dx, dy) = shift(); translate(dx as f64 * F, dy as f64 * F) }>
                <g>{keyed(slot_keys, slot)}</g>
                {keyed(card_keys, card)}
            </g>
            // In after-move coordinates: the preview, the lines, the claim's start and the keyboard's
            // cursor, each redrawn only when it changes (a redrawn part sets all its attributes again).
            {move || preview.get().map(|(c, r, colors)| view! {
                <g class="ga-preview" data-test="preview">
                    {card_fields((c, r), colors, on_field)}
                    <rect class="ga-card-edge" x=num(c as f64 * F) y=num(r as f64 * F) width=num(F) height=num(F * 3.0) rx="4" />
                </g>
            })}
            {keyed(line_keys(true), line(true))}
            {keyed(line_keys(false), line(false))}
            {move || claim_start.get().map(|(x, y)| view! {
                <circle class="ga-claim-start" data-test="claim-start" cx=num(x as f64 * F + F / 2.0) cy=num(y as f64 * F + F / 2.0) r="12" />
            })}
            // The keyboard's claim cursor (CSS shows it while the table has the focus).
            {move || claiming().then(|| { let (x, y) = cursor(); view! {
                <rect class="ga-cursor" data-test="claim-cursor" x=num(x as f64 * F + 3.0) y=num(y as f64 * F + 3.0) width=num(F - 6.0) height=num(F - 6.0) rx="6" />
            }})}
        </svg>
    }
}

fn is_scored(l: &(Line, LineKind)) -> bool {
    l.1 == LineKind::Scored
}

/// A line's key: its end fields, four bits a coordinate (any table has at most 13 columns and,
/// while a new row is previewed, 15 field rows).
fn line_key(l: Line) -> u16 {
    let c = |v: usize| v.min(15) as u16;
    c(l.from.0) | c(l.from.1) << 4 | c(l.to.0) << 8 | c(l.to.1) << 12
}

/// A drawn line (after-move coordinates) with its points on its middle.
fn line_svg((line, kind): (Line, LineKind)) -> impl IntoView {
    let middle = |p: (usize, usize)| (p.0 as f64 * F + F / 2.0, p.1 as f64 * F + F / 2.0);
    let ((x1, y1), (x2, y2)) = (middle(line.from), middle(line.to));
    let points = line.points();
    view! {
        <g class=format!("ga-line {}", kind.id()) data-test=format!("{}-line", kind.id()) data-points=points.to_string()>
            <line x1=num(x1) y1=num(y1) x2=num(x2) y2=num(y2) />
            // On the line's middle: always inside the table, never cut at its edge.
            <text x=num((x1 + x2) / 2.0) y=num((y1 + y2) / 2.0)>{format!("+{points}")}</text>
        </g>
    }
}

/// A place, one of the keyboard group of places (`i`: its index there).
fn slot(s: Slot, i: usize, roving: Roving, tap: Memo<Tap>, on_slot: Callback<Place>) -> impl IntoView {
    let place = s.place;
    let (x, y) = (f64::from(s.col) * F, f64::from(s.row) * F);
    view! {
        <g class="ga-slot" class:chosen=move || tap.with(|p| p.chosen == Some(place)) data-test="slot" data-place=view::place_id(place) role="button"
            tabindex=roving.tabindex(i) aria-label=place_label(place)
            on:focus=move |_| roving.focused(i)
            on:click=move |_| on_slot.run(place)
            on:keydown=move |ev| roving.keydown(&ev, 0, || on_slot.run(place))>
            // The place first (the focus ring marks it), then a wider, invisible hit area: a card
            // is narrow on a phone.
            <rect x=num(x + 2.0) y=num(y + 2.0) width=num(F - 4.0) height=num(F * 3.0 - 4.0) rx="5" />
            <rect class="ga-hit" x=num(x - F * HIT) y=num(y) width=num(F * (1.0 + 2.0 * HIT)) height=num(F * 3.0) />
        </g>
    }
}

/// A laid card, drawn once: where it lies, its name and whether it was laid last follow the
/// table as attributes (they change only when the table grows at its left or top).
fn laid_card(id: u8, table: Memo<TableModel>, on_field: Callback<(usize, usize)>) -> impl IntoView {
    let me = move |f: &dyn Fn(&Card) -> usize| table.with(|t| t.cards.iter().find(|c| c.id == id).map_or(0, f));
    // Where it lies, as one number (top row × 16 + column; a table has at most 13 columns): a
    // memo, so the position's seven attributes are re-run only when the card moves, not with
    // every card laid. An `Option<usize>` memo as the viewer's is (a memo of a new type
    // costs the page its own copy of the memo code).
    let spot = Memo::new(move |_| Some(me(&|c| c.row * 16 + c.col)));
    let at = move || spot.get().map_or((0, 0), |s| (s % 16, s / 16));
    // A laid card's colours never change.
    let colors = crate::engine::gutangelegt::GutAngelegt::card(id);
    let colors = table.with_untracked(|t| t.cards.iter().find(|c| c.id == id).map_or(colors, |c| c.colors));
    view! {
        <g class="ga-card" class:last=move || me(&|c| usize::from(c.last)) == 1 data-test="card"
            role="img" aria-label=move || table.with(|t| t.cards.iter().find(|c| c.id == id).map(|c| c.label.clone()))
            transform=move || { let (c, r) = at(); translate(c as f64 * F, r as f64 * F) }>
            {(0..3).map(|k| view! {
                <g data-test="field" data-x=move || at().0.to_string() data-y=move || (at().1 + k).to_string() data-color=colors[k].to_string()
                    on:click=move |_| { let (c, r) = untrack(at); on_field.run((c, r + k)) }>
                    {field_svg(colors[k], 0.0, k as f64 * F)}
                </g>
            }).collect_view()}
            <rect class="ga-card-edge" x="0" y="0" width=num(F) height=num(F * 3.0) rx="4" />
        </g>
    }
}
/// The preview card's three fields, tappable (for announcing), named by field coordinates.
fn card_fields(at: (usize, usize), colors: [u8; 3], on_field: Callback<(usize, usize)>) -> impl IntoView {
    (0..3)
        .map(|k| {
            let (fx, fy) = (at.0, at.1 + k);
            view! {
                <g data-test="field" data-x=fx.to_string() data-y=fy.to_string() data-color=colors[k].to_string()
                    on:click=move |_| on_field.run((fx, fy))>
                    {field_svg(colors[k], fx as f64 * F, fy as f64 * F)}
                </g>
            }
        })
        .collect_view()
}
