//! The lazily loaded wasm (src/bin/rules.rs): the rules page's examples, a finished game's replay,
//! the statistics, and writing and merging a backup. None of it is in the first load: the start
//! script's `spieltischRooms` (Trunk.toml) loads that wasm once, when it is first needed (again
//! after a failed load), and calls its export `call` with `a` and `b`.

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_name = spieltischRooms, catch)]
    fn rooms(call: &str, a: &str, b: &str) -> Result<js_sys::Promise, JsValue>;
}

/// Calls the lazily loaded wasm's export `call` with `a` and `b`, loading it first if need be.
pub async fn ask(call: &str, a: &str, b: &str) -> Result<JsValue, JsValue> {
    wasm_bindgen_futures::JsFuture::from(rooms(call, a, b)?).await
}
