//! The screen stays on during a game (Screen Wake Lock): a tablet on the kitchen table must not
//! dim while the players think. Asked for while a running game is on screen, asked again when
//! the page becomes visible (the browser drops the lock whenever it is hidden), released on any
//! other screen and at the end. A browser without the API, or one that refuses (low battery),
//! simply dims as before. While the lock is held the page's root says so (`data-wake-lock`), for
//! the tests.
//!
//! Through `js_sys::Reflect`: web-sys has the API only behind its unstable-API flag.

use js_sys::{Function, Promise, Reflect};
use std::cell::RefCell;
use wasm_bindgen::{closure::Closure, JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

#[derive(Default)]
struct Lock {
    /// Whether the screen should stay on now.
    wanted: bool,
    /// The browser's sentinel while the lock is held.
    held: Option<JsValue>,
    /// A request is under way (its answer decides).
    asking: bool,
    listening: bool,
}

thread_local! {
    static LOCK: RefCell<Lock> = RefCell::new(Lock::default());
}

/// Keeps the screen on (`true`) or lets it dim again.
pub fn keep_awake(on: bool) {
    let listen = LOCK.with(|l| {
        let mut l = l.borrow_mut();
        l.wanted = on;
        !std::mem::replace(&mut l.listening, true)
    });
    if listen {
        listen_for_visibility();
    }
    if on {
        acquire();
    } else if let Some(sentinel) = LOCK.with(|l| l.borrow_mut().held.take()) {
        release(&sentinel);
    }
}

fn acquire() {
    let ask = LOCK.with(|l| {
        let l = l.borrow();
        l.wanted && l.held.is_none() && !l.asking && page_visible()
    });
    let Some(promise) = ask.then(request).flatten() else { return };
    LOCK.with(|l| l.borrow_mut().asking = true);
    wasm_bindgen_futures::spawn_local(async move {
        let sentinel = JsFuture::from(promise).await.ok();
        let keep = LOCK.with(|l| {
            let mut l = l.borrow_mut();
            l.asking = false;
            if l.wanted {
                l.held = sentinel.clone();
            }
            l.wanted
        });
        match sentinel {
            Some(sentinel) if !keep => release(&sentinel),
            Some(_) => mark(true),
            None => {}
        }
    });
}

/// `navigator.wakeLock.request("screen")`, where the browser has it.
fn request() -> Option<Promise> {
    let navigator = web_sys::window()?.navigator();
    let lock = Reflect::get(&navigator, &"wakeLock".into()).ok().filter(|l| l.is_object())?;
    let request: Function = Reflect::get(&lock, &"request".into()).ok()?.dyn_into().ok()?;
    request.call1(&lock, &"screen".into()).ok()?.dyn_into().ok()
}

fn release(sentinel: &JsValue) {
    if let Some(release) = Reflect::get(sentinel, &"release".into()).ok().and_then(|f| f.dyn_into::<Function>().ok()) {
        let _ = release.call0(sentinel);
    }
    mark(false);
}

fn page_visible() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .is_some_and(|d| d.visibility_state() == web_sys::VisibilityState::Visible)
}

/// Hidden, the browser has released the lock itself: asked for again on coming back.
fn listen_for_visibility() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let on_change = Closure::<dyn Fn()>::new(|| {
        if page_visible() {
            acquire();
        } else {
            LOCK.with(|l| l.borrow_mut().held = None);
            mark(false);
        }
    });
    let _ = document.add_event_listener_with_callback("visibilitychange", on_change.as_ref().unchecked_ref());
    on_change.forget();
}

fn mark(held: bool) {
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ =
            if held { root.set_attribute("data-wake-lock", "held") } else { root.remove_attribute("data-wake-lock") };
    }
}
