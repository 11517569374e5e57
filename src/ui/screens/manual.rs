//! The rules of a game in the current language.

use super::game_name;
use crate::engine::GameKind;
use crate::ui::i18n::t;
use crate::ui::{just4fun, AppCtx, Route};
use leptos::prelude::*;

#[component]
pub fn Rules(kind: GameKind) -> impl IntoView {
    let ctx = AppCtx::get();
    let back = move |_| {
        if ctx.game.with_untracked(|g| g.as_ref().is_some_and(|g| g.kind() == kind && !g.is_over())) {
            ctx.go(Route::Play)
        } else {
            ctx.go(Route::Home)
        }
    };
    view! {
        <main class="rules" data-test="rules-screen">
            <header class="topbar">
                <button class="icon" data-test="home-button" aria-label=t("Zurück", "Back") on:click=back>"‹"</button>
                <h1>{game_name(kind)} " – " {t("Regeln", "Rules")}</h1>
            </header>
            <article class="rules-text">
                {match kind {
                    GameKind::Just4Fun => just4fun::manual::RulesText().into_any(),
                }}
            </article>
        </main>
    }
}
