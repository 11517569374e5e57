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

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, KeyboardEvent};

#[derive(Clone, Copy)]
pub struct Roving {
    /// The item that holds the tab stop, clamped to the group's length (items may go).
    stop: Memo<usize>,
    last: RwSignal<usize>,
}

impl Roving {
    pub fn new(len: impl Into<Signal<usize>>) -> Roving {
        let len = len.into();
        let last = RwSignal::new(0);
        Roving { stop: Memo::new(move |_| last.get().min(len.get().saturating_sub(1))), last }
    }

    /// Item `i`'s tab index; a memo, so moving the stop changes two items, not the whole group.
    pub fn tabindex(self, i: usize) -> Memo<&'static str> {
        let stop = self.stop;
        Memo::new(move |_| if stop.get() == i { "0" } else { "-1" })
    }

    pub fn focused(self, i: usize) {
        if self.last.get_untracked() != i {
            self.last.set(i);
        }
    }

    /// Arrows (and Home/End) move focus within the group; Enter and Space run `tap`.
    pub fn keydown(self, ev: &KeyboardEvent, cols: usize, tap: impl FnOnce()) {
        let step = cols.max(1) as isize;
        let (delta, row) = match ev.key().as_str() {
            "Enter" | " " => {
                ev.prevent_default();
                return tap();
            }
            "ArrowRight" => (1, false),
            "ArrowLeft" => (-1, false),
            "ArrowDown" if cols > 0 => (step, false),
            "ArrowUp" if cols > 0 => (-step, false),
            "ArrowDown" => (1, false),
            "ArrowUp" => (-1, false),
            "Home" => (-1, true),
            "End" => (1, true),
            _ => return,
        };
        ev.prevent_default();
        let Some(from) = ev.current_target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
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
    }
}
