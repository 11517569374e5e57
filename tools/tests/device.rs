//! Browser tests for what the app asks of the device: the screen stays on while a game runs
//! (Screen Wake Lock) and not elsewhere; the settings say whether the browser keeps the data.

mod common;

use common::*;
use serde_json::Value;

fn wake_lock_held(app: &App) -> bool {
    app.js("return document.documentElement.getAttribute('data-wake-lock') === 'held';") == Value::Bool(true)
}

fn wait_for_wake_lock(app: &App, held: bool, what: &str) {
    app.b.wait_until(T, what, |_| Ok((wake_lock_held(app) == held).then_some(()))).ctx(what);
}

/// Held during a game, released on the home screen, asked for again when the game is opened
/// again and when the page comes back into view, released at the end.
#[test]
fn the_screen_stays_on_during_a_game() {
    let app = App::start("device-wake-lock", "/tisch/");
    assert!(!wake_lock_held(&app), "not on the home screen");
    start_with_seats(&app, "viermalvier", Some(2), &["kind-person", "kind-easy"], &[]);
    wait_for_wake_lock(&app, true, "held in a game");
    // A game with a move in it stays listed on the home screen.
    while !play_hint(&app, "viermalvier") {
        std::thread::sleep(std::time::Duration::from_millis(60));
    }
    go_home(&app);
    wait_for_wake_lock(&app, false, "released on the home screen");
    app.click("[data-test=continue]");
    wait_for_wake_lock(&app, true, "held again in the game");
    // Hidden, the browser drops the lock; visible again, the app asks anew.
    app.js("Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true }); document.dispatchEvent(new Event('visibilitychange'));");
    wait_for_wake_lock(&app, false, "dropped while hidden");
    app.js("Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true }); document.dispatchEvent(new Event('visibilitychange'));");
    wait_for_wake_lock(&app, true, "asked for again when visible");
    while !app.exists("[data-test=end-screen]") {
        if !play_hint(&app, "viermalvier") {
            std::thread::sleep(std::time::Duration::from_millis(60));
        }
    }
    wait_for_wake_lock(&app, false, "released at the end");
}

/// The settings say whether the browser keeps the data, and offer to ask when it does not.
#[test]
fn the_settings_say_whether_the_data_is_kept() {
    let app = App::start("device-storage", "/tisch/");
    app.click("[data-test=settings]");
    app.b
        .wait_until(T, "the browser's answer", |b| {
            let kept = b.execute(
                "return document.querySelector('[data-test=storage-kept]')?.getAttribute('data-kept');",
                vec![],
            )?;
            Ok(kept.as_str().map(str::to_string))
        })
        .ctx("storage-kept");
    let kept = app.js("return document.querySelector('[data-test=storage-kept]').getAttribute('data-kept');");
    let asked = app.exists("[data-test=ask-to-keep]");
    assert_eq!(asked, kept == "false", "the button to ask shows exactly when the data is not kept ({kept})");
    let browser = app.js("return navigator.storage.persisted();");
    assert_eq!(kept, Value::from(browser.as_bool().map(|b| b.to_string()).unwrap_or_default()), "as the browser says");
}
