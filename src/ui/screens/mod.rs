//! One file per screen.

pub mod archive;
pub mod home;
pub mod manual;
pub mod play;
pub mod settings;
pub mod setup;

use crate::engine::GameKind;
use crate::ui::games::GameScreens;
use crate::ui::i18n::t;
use crate::ui::{AppCtx, Route};
use leptos::prelude::*;
use wasm_bindgen::JsValue;

pub fn game_name(kind: GameKind) -> &'static str {
    kind.name()
}

/// The name as said at the table, where the full one is long ("Sudoku").
pub fn game_short_name(kind: GameKind) -> &'static str {
    kind.short_name()
}

pub fn game_blurb(kind: GameKind) -> &'static str {
    crate::with_game!(kind, G => G::blurb())
}

/// A screen whose body the lazily loaded wasm draws ([`crate::ui::rooms`]): new-game setup,
/// settings, the finished games, a replay, the statistics. They are not on the first screen,
/// and drawing them here put 18 KB brotli more into the first load (measured: 315.4 KB with
/// setup, settings and the finished games here, 297.2 KB without; the budget is 300).
pub struct LazyScreen {
    /// The screen's class (beside `screen`), and the `data-test` of its body (the screen's
    /// frame has it with `-place`: a screen is there for a test once its body is).
    pub class: &'static str,
    pub test: &'static str,
    pub title: AnyView,
    /// Where its ‹ button goes.
    pub back: Route,
    /// The lazily loaded wasm's export that draws the body, and its two arguments.
    pub call: &'static str,
    pub args: [String; 2],
}

/// Draws `screen`: its top bar at once, its body (`.screen-body`, and `.screen-foot` if it has
/// one) once the lazily loaded wasm has drawn it into the `[data-lazy]` place; says so when that
/// wasm cannot be loaded. `answer` gets what the export returns.
pub fn lazy_screen(screen: LazyScreen, answer: impl FnOnce(JsValue) + 'static) -> impl IntoView {
    let ctx = AppCtx::get();
    let failed = RwSignal::new(false);
    let LazyScreen { class, test, title, back, call, args: [a, b] } = screen;
    // Once the place is in the page (the view is mounted in the task that builds it).
    request_animation_frame(move || {
        leptos::task::spawn_local(async move {
            match crate::ui::rooms::ask(call, &a, &b).await {
                Ok(value) => answer(value),
                // (`try_set`: the screen may be gone by the time the wasm answers.)
                Err(e) => {
                    web_sys::console::error_1(&e);
                    failed.try_set(true);
                }
            }
        })
    });
    on_cleanup(remove_lazy_drawn);
    let back_label = if back == Route::Home { t("Startseite", "Home") } else { t("Zurück", "Back") };
    view! {
        <main class=format!("{class} screen") data-test=format!("{test}-place")>
            <header class="topbar">
                <button class="icon" data-test="home-button" aria-label=back_label on:click=move |_| ctx.go(back.clone())>"‹"</button>
                <h1>{title}</h1>
            </header>
            // The place holds nothing of this wasm's own: the app may use its elements for the
            // next screen's (components are erased, `.cargo/config.toml`), so what the other
            // wasm drew there goes when this screen does.
            <div class="lazy-place" data-lazy></div>
            <div class="screen-body lazy-loading"><p class="hint">{t("Wird geladen …", "Loading …")}</p></div>
            <Show when=move || failed.get()>
                <p class="error" role="alert">{t("Das konnte nicht geladen werden. Bitte mit Internetverbindung noch einmal öffnen.", "This could not be loaded. Please open it again while online.")}</p>
            </Show>
        </main>
    }
}

/// Takes what the lazily loaded wasm drew (its `.lazy-root`s) off the page.
fn remove_lazy_drawn() {
    let document = web_sys::window().and_then(|w| w.document());
    let Some(drawn) = document.and_then(|d| d.query_selector_all(".lazy-root").ok()) else { return };
    for i in 0..drawn.length() {
        if let Some(node) = drawn.item(i).and_then(|n| n.parent_node().map(|p| (n, p))) {
            let _ = node.1.remove_child(&node.0);
        }
    }
}

/// The language the lazily loaded wasm draws in (`de`/`en`), the app's.
pub fn lang_id() -> String {
    if crate::ui::i18n::is_de() { "de" } else { "en" }.to_string()
}
