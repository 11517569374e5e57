//! The computer players' Web Worker: a second wasm, built by Trunk (`data-type="worker"` in
//! index.html) and started by the page on the first computer turn. It answers each request
//! (a JSON text, see `spieltisch::computer`) with a move, so searches never block the page.
//!
//! Plain web-sys messaging rather than gloo-worker: one string in, one string out, and no
//! extra crate (gloo-worker would add its own serialisation layer and registration code).

#[cfg(target_arch = "wasm32")]
fn main() {
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let on_message = Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
        let text = ev.data().as_string().unwrap_or_default();
        let reply = spieltisch::computer::answer(&text, js_sys::Date::now);
        let _ = replies.post_message(&JsValue::from_str(&reply));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Messages sent before this point would be lost: the page waits for this. It names this
    // build's protocol: a page of another build does not use this worker.
    let _ = scope.post_message(&JsValue::from_str(spieltisch::computer::READY));
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("spieltisch-worker only runs in the browser (built by Trunk for wasm32)");
}
