//! The end screen: the final scores.

use crate::engine::gutangelegt::GutAngelegt;
use crate::engine::Game;
use crate::ui::components::{outcome_headline, EndScreen, PlayerTag};
use crate::ui::i18n::t;
use crate::ui::{GameHandle, SeenMemo};
use leptos::prelude::*;

#[component]
pub fn EndView(game: GameHandle<GutAngelegt>, seen: SeenMemo<GutAngelegt>) -> impl IntoView {
    // After the end everything is public; still read as the viewer sees it, like every screen.
    let Some(state) = seen.with_untracked(|s| s.as_ref().map(|s| s.observation().state().clone())) else {
        return ().into_any();
    };
    let seats = game.seats().get_untracked();
    let name = |p: usize| seats.get(p).map_or("?".to_string(), |s| s.name.clone());
    let headline = outcome_headline(state.outcome(), name);
    let rows = seats.iter().cloned().enumerate().map(|(p, seat)| view! {
        <tr data-test="result-row" data-score=state.score(p).to_string()><td><PlayerTag seat=seat /></td><td class="num"><strong>{state.score(p)}</strong></td></tr>
    }).collect_view();
    view! {
        <EndScreen game=game headline=headline>
            <p>{t("Alle 48 Karten liegen.", "All 48 cards lie on the table.")}</p>
            <table class="scores" data-test="result-detail"><tbody>{rows}</tbody></table>
        </EndScreen>
    }
    .into_any()
}
