//! The end screen: the final scores.

use crate::engine::gutangelegt::GutAngelegt;
use crate::engine::Game;
use crate::ui::components::{outcome_headline, EndScreen, PlayerTag};
use crate::ui::i18n::t;
use crate::ui::GameHandle;
use leptos::prelude::*;

#[component]
pub fn EndView(game: GameHandle<GutAngelegt>) -> impl IntoView {
    let Some((seats, state)) = game.with_untracked(|s| (s.seats.clone(), s.state.clone())) else {
        return ().into_any();
    };
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
