//! The rules of a game in the current language.

use super::game_name;
use crate::engine::GameKind;
use crate::ui::i18n::{is_de, t};
use crate::ui::{gutangelegt, just4fun, sudoku, viermalvier, AppCtx, Route};
use leptos::prelude::*;

/// A piece of a rules text: the texts are data, rendered the same way in every language.
pub enum Block {
    H(&'static str),
    P(&'static str),
    L(&'static [&'static str]),
    /// What the app reconstructed or decided where the rulebook is silent.
    Note(&'static str),
}

pub fn render(blocks: &'static [Block]) -> impl IntoView {
    blocks
        .iter()
        .map(|b| match b {
            Block::H(text) => view! { <h2>{*text}</h2> }.into_any(),
            Block::P(text) => view! { <p>{*text}</p> }.into_any(),
            Block::L(items) => view! { <ul>{items.iter().map(|i| view! { <li>{*i}</li> }).collect_view()}</ul> }.into_any(),
            Block::Note(text) => view! { <p class="note">{*text}</p> }.into_any(),
        })
        .collect_view()
}

#[component]
pub fn Rules(kind: GameKind) -> impl IntoView {
    let ctx = AppCtx::get();
    let back = move |_| {
        let open = ctx.game.with_untracked(|g| g.as_ref().is_some_and(|g| g.kind() == kind && !g.is_over()));
        if let (true, Some((id, _))) = (open, ctx.record.get_untracked()) {
            ctx.go(Route::Play(id))
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
                    GameKind::Just4Fun => render(if is_de() { just4fun::manual::DE } else { just4fun::manual::EN }).into_any(),
                    GameKind::Sudoku => render(if is_de() { sudoku::manual::DE } else { sudoku::manual::EN }).into_any(),
                    GameKind::GutAngelegt => render(if is_de() { gutangelegt::manual::DE } else { gutangelegt::manual::EN }).into_any(),
                    GameKind::VierMalVier => render(if is_de() { viermalvier::manual::DE } else { viermalvier::manual::EN }).into_any(),
                }}
            </article>
        </main>
    }
}
