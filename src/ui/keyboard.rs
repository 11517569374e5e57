//! Keyboard play for boards and hands: a roving tab index. A group (a board's fields, a hand's
//! cards) is one stop for Tab; inside it the arrow keys move focus, Enter and Space do what a tap
//! does.
//!
//! How a board uses it: one [`Roving`] per group, made once in the board component, with the
//! number of items (a signal: a hand shrinks). Each item, a keyed child that knows its index `i`
//! in the group, gets
//! ```ignore
//! tabindex=roving.tabindex(i)                     // "0" for the group's one stop, else "-1"
//! on:focus=move |_| roving.focused(i)            // the stop follows focus (Tab, tap, arrows)
//! on:keydown=move |ev| roving.keydown(&ev, cols, || on_tap.run(cell))
//! ```
//! and an `aria-label` that says what a sighted player sees (a disabled item stays focusable and
//! says "gesperrt" instead of being skipped); SVG items add `role="button"`. `cols` is the
//! grid's width; 0 makes a row (a hand), where every arrow steps by one. Items must be the
//! focusable elements among their siblings, in index order (other siblings, without a
//! `tabindex`, are passed over), so an arrow key simply focuses the item that many steps away.
//! When a tap redraws the focused item (a keyed list makes a new element), the focus returns
//! to the group's tab stop in the next frame. The hand-over cover and questions take the focus
//! themselves (`components::focus_soon`), and after the cover the board's tab stop gets it.
//! After any move (a computer's too) [`refocus`] brings a focus the redraw dropped back to the
//! board or hand last used ([`track_groups`] remembers it), and at the end to the end screen; a
//! new screen focuses its heading ([`focus_heading`]).
//!
//! Setup choices are radio groups: the chosen one is the group's one tab stop
//! (`tabindex=if chosen { "0" } else { "-1" }`), and [`radio_keydown`] lets the arrows move to
//! the next choice and choose it.

use leptos::prelude::*;
use std::cell::RefCell;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, KeyboardEvent};

#[derive(Clone, Copy)]
pub struct Roving {
    /// The item last focused; the tab stop is this one, or the last item if the group shrank.
    last: RwSignal<usize>,
    len: Signal<usize>,
}

impl Roving {
    pub fn new(len: impl Into<Signal<usize>>) -> Roving {
        Roving { last: RwSignal::new(0), len: len.into() }
    }

    /// Item `i`'s tab index, "0" for the group's one stop, else "-1". One closure type for every
    /// board (the page carries its code once); an attribute is only written when it changes, so
    /// moving the stop touches two items.
    pub fn tabindex(self, i: usize) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
        move || if self.last.get().min(self.len.get().saturating_sub(1)) == i { "0" } else { "-1" }
    }

    pub fn focused(self, i: usize) {
        self.last.set(i);
    }

    /// Arrows (and Home/End) move focus within the group; Enter and Space run `tap`.
    pub fn keydown(self, ev: &KeyboardEvent, cols: usize, tap: impl FnOnce()) {
        if key(ev, cols) {
            BY_KEY.set(true);
            tap();
            BY_KEY.set(false);
            // The tap may redraw the item (a keyed list makes a new element): the focus then
            // stays in the group, on its tab stop.
            refocus(false);
        }
    }
}

thread_local! {
    /// True while Enter or Space runs an item's tap: a deliberate press, not a bouncing finger.
    static BY_KEY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// When the preview on screen was shown (one game screen at a time shows one).
    static SHOWN_AT: std::cell::Cell<f64> = const { std::cell::Cell::new(f64::NEG_INFINITY) };
}

/// How long a preview must have been on screen before a second tap on it confirms.
const PREVIEW_MS: f64 = 380.0;

/// A preview that a second tap on the same place confirms (a chosen field or place) has just
/// been shown (a first tap): remembered, so that a quick double tap never plays a move the
/// player has not seen. One game screen at a time shows one preview, so the time is one
/// thread-local, not a value each screen carries.
pub fn preview_shown() {
    SHOWN_AT.set(js_sys::Date::now());
}

/// Whether a second tap may confirm the preview now (a tap too soon does nothing). A key press
/// confirms at once (the screen reader has said what is chosen).
pub fn preview_confirmable() -> bool {
    BY_KEY.get() || js_sys::Date::now() - SHOWN_AT.get() >= PREVIEW_MS
}

/// Moves the focus for an arrow, Home or End key; `true` for Enter and Space, as the caller
/// taps then. Not generic: the page carries this code once.
fn key(ev: &KeyboardEvent, cols: usize) -> bool {
    let step = cols.max(1) as isize;
    let (delta, row) = match ev.key().as_str() {
        "Enter" | " " => {
            ev.prevent_default();
            return true;
        }
        "ArrowRight" => (1, false),
        "ArrowLeft" => (-1, false),
        "ArrowDown" if cols > 0 => (step, false),
        "ArrowUp" if cols > 0 => (-step, false),
        "ArrowDown" => (1, false),
        "ArrowUp" => (-1, false),
        "Home" => (-1, true),
        "End" => (1, true),
        _ => return false,
    };
    ev.prevent_default();
    let Some(from) = ev.current_target().and_then(|t| t.dyn_into::<Element>().ok()) else { return false };
    let (mut walk, mut target, mut moved) = (from, None, 0);
    // Home/End walk to the end of the group; arrows stop at its edge rather than wrap.
    while row || moved < delta.abs() {
        let next = if delta > 0 { walk.next_element_sibling() } else { walk.previous_element_sibling() };
        let Some(next) = next else { break };
        if next.has_attribute("tabindex") {
            moved += 1;
            target = Some(next.clone());
        }
        walk = next;
    }
    if let Some(target) = target.filter(|_| row || moved == delta.abs()) {
        // SVG items too: `focus` is looked up on the element at run time.
        let _ = target.unchecked_ref::<HtmlElement>().focus();
    }
    false
}

/// Arrows (and Home/End) in a radio group: focus the next choice and choose it (a click, as a
/// tap would). Enter and Space are the button's own.
pub fn radio_keydown(ev: &KeyboardEvent) {
    if matches!(ev.key().as_str(), "Enter" | " ") {
        return;
    }
    let before = document().active_element();
    key(ev, 0);
    if let Some(now) = document().active_element().filter(|now| Some(now) != before.as_ref()) {
        now.unchecked_ref::<HtmlElement>().click();
    }
}

/// Lets go of the focus while the page still stands as drawn, before the hand-over cover comes
/// or goes: the item it is on is about to be removed, and a focused item removed in the middle of
/// a redraw makes the browser lay out the half-changed page at once (about 10 ms at 4× CPU).
/// The cover, and after it the board, take the focus in the next frame as before.
pub fn let_go_of_focus() {
    if let Some(el) = document().active_element() {
        let _ = el.unchecked_ref::<HtmlElement>().blur();
    }
}

/// What the focus is on when nothing is: the page itself.
fn focus_dropped() -> bool {
    document().active_element().is_none_or(|el| el.tag_name() == "BODY")
}

thread_local! {
    /// The board or hand the player last focused something in, as its class and its place among
    /// the elements of that class (so it is found again when it was drawn anew), and the element
    /// (to tell whether a focus moved to another one).
    static GROUP: RefCell<Option<(Element, String, u32)>> = const { RefCell::new(None) };
}

const GROUPS: &str = ".play-body [role=group], .play-body [data-test=hand]";

/// Remembers, at every focus inside a board or hand, which one it is (once, at the start). Its
/// class and place are looked up only when the focus moved to another group: the board's tab
/// stop taking the focus after every reveal costs one comparison, not a walk over the page.
pub fn track_groups() {
    let on_focus = Closure::<dyn Fn(web_sys::Event)>::new(|ev: web_sys::Event| {
        let group =
            ev.target().and_then(|t| t.dyn_into::<Element>().ok()).and_then(|el| el.closest(GROUPS).ok().flatten());
        let Some(group) = group else { return };
        if GROUP.with(|g| g.borrow().as_ref().is_some_and(|(el, ..)| *el == group)) {
            return;
        }
        let class = group.get_attribute("class").unwrap_or_default();
        let all = document().get_elements_by_class_name(&class);
        let index = (0..all.length()).find(|&i| all.item(i).as_ref() == Some(&group)).unwrap_or(0);
        GROUP.with(|g| *g.borrow_mut() = Some((group, class, index)));
    });
    let _ = document().add_event_listener_with_callback("focusin", on_focus.as_ref().unchecked_ref());
    on_focus.forget();
}

/// Another screen: no board to return to.
pub fn forget_group() {
    GROUP.with(|g| g.borrow_mut().take());
}

/// After a move, once the page has drawn it: at the game's `end`, the end screen's heading;
/// else, if the redraw took the focused item away, the tab stop of the board or hand last used.
/// Tries a few frames (a game's end screen is drawn a moment later).
pub fn refocus(end: bool) {
    refocus_in(end, 8);
}

fn refocus_in(end: bool, frames: u32) {
    request_animation_frame(move || {
        let target = if end {
            document().query_selector("[data-test=end-screen] h2").ok().flatten()
        } else if focus_dropped() {
            group_stop()
        } else {
            return;
        };
        match target {
            Some(el) => focus_heading_el(&el),
            None if frames > 0 => refocus_in(end, frames - 1),
            None => {}
        }
    });
}

/// The remembered group's tab stop.
fn group_stop() -> Option<Element> {
    let (_, class, index) = GROUP.with(|g| g.borrow().clone())?;
    document().get_elements_by_class_name(&class).item(index)?.query_selector("[tabindex='0']").ok().flatten()
}

/// A new screen: its heading gets the focus (unless something on it took the focus already,
/// as the hand-over cover does), so a screen reader starts there and Tab goes on from the top.
pub fn focus_heading() {
    request_animation_frame(|| {
        if focus_dropped() {
            if let Some(h1) = document().query_selector("main h1").ok().flatten() {
                focus_heading_el(&h1);
            }
        }
    });
}

/// Focuses `el`; a heading first becomes focusable by script (not by Tab).
fn focus_heading_el(el: &Element) {
    if !el.has_attribute("tabindex") {
        let _ = el.set_attribute("tabindex", "-1");
    }
    let _ = el.unchecked_ref::<HtmlElement>().focus();
}
