//! The app's start-up around the service worker: offline use, new deploys, the boot mark.
//!
//! A new deploy never reloads the page by itself (that would drop a picked hand or a half-typed
//! save name): its worker installs in the background and waits (scripts/sw.template.js), the
//! page shows a small note, and only the note's button lets the new worker take over and reloads.
//! Kept to a few web-sys calls the app already imports: the Wasm size budget is tight.

use super::i18n::t;
use std::cell::Cell;
use wasm_bindgen::prelude::*;
use web_sys::ServiceWorkerRegistration;

thread_local! {
    /// Whether the "new version" note is up (it is shown once).
    static OFFERED: Cell<bool> = const { Cell::new(false) };
}

/// Tells index.html's boot check that the app started (style/main.css also hides its message
/// from then on, in case a slow start outlasted the check's timer).
pub fn mark_booted() {
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = root.set_attribute("data-booted", "1");
    }
}

/// Registers the service worker (offline use) and offers a waiting new deploy.
pub fn register_service_worker() {
    let Some(window) = web_sys::window() else { return };
    // Only secure origins (https, localhost) have service workers; elsewhere the app still runs.
    let navigator = window.navigator();
    if !js_sys::Reflect::has(&navigator, &JsValue::from_str("serviceWorker")).unwrap_or(false) {
        return;
    }
    let registered = Closure::once(|reg: JsValue| watch(reg.unchecked_into()));
    let _ = navigator.service_worker().register("./sw.js").then(&registered);
    registered.forget();
}

/// Offers a worker left waiting by an earlier visit at once, and one that installs while this
/// page is open as soon as it is installed.
fn watch(reg: ServiceWorkerRegistration) {
    offer_update(&reg);
    let check = {
        let reg = reg.clone();
        Closure::<dyn Fn()>::new(move || offer_update(&reg)).into_js_value()
    };
    let found = {
        let reg = reg.clone();
        Closure::<dyn Fn()>::new(move || {
            if let Some(worker) = reg.installing() {
                let _ = worker.add_event_listener_with_callback("statechange", check.unchecked_ref());
            }
        })
    };
    let _ = reg.add_event_listener_with_callback("updatefound", found.as_ref().unchecked_ref());
    found.forget();
}

/// Shows the "new version" note when a new worker waits behind the one controlling this page
/// (a first install has no controller and takes over by itself). Once.
fn offer_update(reg: &ServiceWorkerRegistration) {
    let Some(window) = web_sys::window() else { return };
    if reg.waiting().is_none()
        || window.navigator().service_worker().controller().is_none()
        || OFFERED.with(|o| o.replace(true))
    {
        return;
    }
    let Some(doc) = window.document() else { return };
    let (Ok(note), Some(body)) = (doc.create_element("div"), doc.body()) else { return };
    let _ = note.set_attribute("class", "update-banner");
    let _ = note.set_attribute("data-test", "update-ready");
    let _ = note.set_attribute("role", "status");
    note.set_inner_html(
        &[
            t("Eine neue Version ist bereit.", "A new version is ready."),
            " <button type=button data-test=update-reload>",
            t("Neu laden", "Reload"),
            "</button><button type=button class=icon data-test=update-later aria-label=\"",
            t("Später", "Later"),
            "\">×</button>",
        ]
        .concat(),
    );
    let reg = reg.clone();
    let on_click = Closure::<dyn Fn()>::new(move || match reg.waiting() {
        Some(worker) => {
            // Reload once the new worker has taken over (it deletes the old build's cache).
            let reload = Closure::<dyn Fn()>::new(reload);
            if let Some(w) = web_sys::window() {
                w.navigator().service_worker().set_oncontrollerchange(Some(reload.as_ref().unchecked_ref()));
            }
            reload.forget();
            let _ = worker.post_message(&JsValue::from_str("skipWaiting"));
        }
        // Another tab already switched over: this page only needs to load the new build.
        None => reload(),
    });
    if let Some(button) = note.first_element_child() {
        let _ = button.add_event_listener_with_callback("click", on_click.as_ref().unchecked_ref());
    }
    on_click.forget();
    // "Later": the note goes (it lies over the top bar); the new version starts with the next visit.
    if let Some(later) = note.last_element_child() {
        let note = note.clone();
        let remove = Closure::<dyn Fn()>::new(move || note.remove());
        let _ = later.add_event_listener_with_callback("click", remove.as_ref().unchecked_ref());
        remove.forget();
    }
    let _ = body.append_child(&note);
}

fn reload() {
    if let Some(w) = web_sys::window() {
        let _ = w.location().reload();
    }
}
