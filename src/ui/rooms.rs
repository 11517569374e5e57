//! The lazily loaded wasm (src/bin/rules.rs): new-game setup, settings, the finished games and
//! their replays, the statistics, the rules page's examples, and writing and merging a backup.
//! None of it is in the first load: the start script's `spieltischRooms` (Trunk.toml) loads that
//! wasm once, when it is first needed (again after a failed load), and calls its export `call`
//! with `a` and `b`.
//!
//! The two wasms share the page, not their memory: what a screen drawn by the lazily loaded one
//! changes for the app (a setting, a message to show, where to go) it tells through the page
//! ([`tell`], an event on the window, and the URL's hash), and the app follows ([`on_told`]).

use crate::ui::Route;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_name = spieltischRooms, catch)]
    fn rooms(call: &str, a: &str, b: &str) -> Result<js_sys::Promise, JsValue>;
}

/// Calls the lazily loaded wasm's export `call` with `a` and `b`, loading it first if need be.
pub async fn ask(call: &str, a: &str, b: &str) -> Result<JsValue, JsValue> {
    wasm_bindgen_futures::JsFuture::from(rooms(call, a, b)?).await
}

/// What a screen of the lazily loaded wasm tells the app.
#[derive(Clone, Debug, PartialEq)]
pub enum Told {
    /// The settings changed to these (JSON): the app follows.
    Settings(String),
    /// A note to show.
    Say(String),
    /// An error to show.
    Warn(String),
    /// A new game made in setup, as a save's text: the app opens it.
    NewGame(String),
}

/// The window event that carries a [`Told`].
const TOLD_EVENT: &str = "spieltisch-told";

/// Tells the app `told` (from the lazily loaded wasm; the app hears it at once).
pub fn tell(told: Told) {
    let (what, text) = match told {
        Told::Settings(json) => ("settings", json),
        Told::Say(text) => ("say", text),
        Told::Warn(text) => ("warn", text),
        Told::NewGame(text) => ("new-game", text),
    };
    let init = web_sys::CustomEventInit::new();
    init.set_detail(&js_sys::Array::of2(&what.into(), &text.into()));
    let event = web_sys::CustomEvent::new_with_event_init_dict(TOLD_EVENT, &init);
    if let (Some(window), Ok(event)) = (web_sys::window(), event) {
        let _ = window.dispatch_event(&event);
    }
}

/// Hears what the lazily loaded wasm tells, for as long as the page lives (the app's side).
pub fn on_told(heard: impl Fn(Told) + 'static) {
    let listener = Closure::<dyn Fn(web_sys::CustomEvent)>::new(move |event: web_sys::CustomEvent| {
        let detail = js_sys::Array::from(&event.detail());
        let text = detail.get(1).as_string().unwrap_or_default();
        match detail.get(0).as_string().as_deref() {
            Some("settings") => heard(Told::Settings(text)),
            Some("say") => heard(Told::Say(text)),
            Some("warn") => heard(Told::Warn(text)),
            Some("new-game") => heard(Told::NewGame(text)),
            _ => {}
        }
    });
    if let Some(window) = web_sys::window() {
        let _ = window.add_event_listener_with_callback(TOLD_EVENT, listener.as_ref().unchecked_ref());
    }
    listener.forget();
}

/// Goes to `route` from a screen of the lazily loaded wasm: the app follows the hash.
pub fn go(route: &Route) {
    if let Some(window) = web_sys::window() {
        let _ = window.location().set_hash(&route.to_hash());
    }
}
