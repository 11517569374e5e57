//! The rules of a game in the current language. The texts (our own words, German and English)
//! and the rulebooks' worked examples (engine positions with captions, `<game>.examples.txt`,
//! see `crate::rules_examples`) are static files in `public/rules/`, fetched when this screen
//! opens – the first screen does not need them – and precached by the service worker for
//! offline use. The examples are drawn, each by the game's own board where the text marks its
//! place (`<div data-example="id">`), by a wasm of their own (src/bin/rules.rs), which
//! `crate::ui::rooms` loads with the first rules page.

use super::game_name;
use crate::engine::GameKind;
use crate::ui::i18n::{is_de, t};
use crate::ui::{AppCtx, Route};
use leptos::prelude::*;

#[component]
pub fn Rules(kind: GameKind) -> impl IntoView {
    let ctx = AppCtx::get();
    let back = move |_| {
        let open = ctx.game.with_untracked(|g| g.as_ref().is_some_and(|g| g.kind() == kind && !g.is_over()));
        if open && ctx.guide.with_untracked(Option::is_some) {
            ctx.go(Route::Guide(kind))
        } else if let (true, Some((id, _))) = (open, ctx.record.get_untracked()) {
            ctx.go(Route::Play(id))
        } else {
            ctx.go(Route::Home)
        }
    };
    // None while loading; Some(None) when it could not be loaded.
    let text = RwSignal::new(None::<Option<String>>);
    let url = format!("rules/{}.{}.html", kind.id(), if is_de() { "de" } else { "en" });
    leptos::task::spawn_local(async move {
        // (`try_set`: the reader may have left the page by then.)
        text.try_set(Some(crate::ui::components::fetch_text(&url).await));
        // The examples' wasm first fetches their file, so the text with their places is drawn
        // by then.
        // Without it (offline before it was cached) the text stands alone.
        let _ = crate::ui::rooms::ask("show", kind.id(), if is_de() { "de" } else { "en" }).await;
    });
    view! {
        <main class="rules screen" data-test="rules-screen">
            <header class="topbar">
                <button class="icon" data-test="home-button" aria-label=t("Zurück", "Back") on:click=back>"‹"</button>
                <h1>{game_name(kind)} " – " {t("Regeln", "Rules")}</h1>
            </header>
            <div class="screen-body">
            {move || match text.get() {
                None => view! { <p class="hint">{t("Die Regeln werden geladen …", "Loading the rules …")}</p> }.into_any(),
                Some(None) => view! {
                    <p class="error" data-test="rules-error">{t("Die Regeln konnten nicht geladen werden. Bitte mit Internetverbindung noch einmal öffnen.", "The rules could not be loaded. Please open them again while online.")}</p>
                }.into_any(),
                // Our own static text, shipped with the app.
                Some(Some(html)) => view! { <article class="rules-text" data-test="rules-text" inner_html=html></article> }.into_any(),
            }}
            </div>
        </main>
    }
}
