//! The end screen: why the game ended, points per player (round counters × 40 + track), and for a
//! solo game the high-score list.

use crate::engine::sudoku::{Sudoku, TRACK};
use crate::engine::Game;
use crate::ui::components::{outcome_headline, EndScreen, PlayerTag};
use crate::ui::i18n::{format_time, t, tf};
use crate::ui::{storage, GameHandle, SeenMemo};
use crate::view::sudoku as view;
use leptos::prelude::*;

#[component]
pub fn EndView(
    game: GameHandle<Sudoku>,
    seen: SeenMemo<Sudoku>,
    new_record: RwSignal<Option<NewRecord>>,
) -> impl IntoView {
    // After the end everything is public; still read as the viewer sees it, like every screen.
    let Some(state) = seen.with_untracked(|s| s.as_ref().map(|s| s.observation().state().clone())) else {
        return ().into_any();
    };
    let seats = game.seats().get_untracked();
    let name = |p: usize| seats.get(p).map_or("?".to_string(), |s| s.name.clone());
    let solo = seats.len() == 1;

    let headline =
        if solo { tf("{} Punkte", "{} points", &[&state.score(0)]) } else { outcome_headline(state.outcome(), name) };
    let reason = state.end().map(|end| view::end_text(&end, &seats)).unwrap_or_default();
    let rows = seats
        .iter()
        .cloned()
        .enumerate()
        .map(|(p, seat)| {
            let counters = state.counters(p);
            view! {
                <tr data-test="result-row" data-score=state.score(p).to_string()>
                    <td><PlayerTag seat=seat mark=p /></td>
                    <td class="num">{format!("{counters} × {TRACK}")}</td>
                    <td class="num">{state.track_position(p)}</td>
                    <td class="num"><strong>{state.score(p)}</strong></td>
                </tr>
            }
        })
        .collect_view();
    let list = super::record_list(state.options());
    let key = game_key(game);
    let place = move || new_record.get().filter(|(k, _)| Some(k) == key.as_ref()).map(|(_, place)| place);
    view! {
        <EndScreen game=game headline=headline>
            <p data-test="end-reason">{reason}</p>
            <table class="scores" data-test="result-detail">
                <thead><tr>
                    <th>{t("Spieler", "Player")}</th>
                    <th class="num" title=t("Rundenzähler je 40 Punkte", "Round counters, 40 points each")>{t("Zähler", "Counters")}</th>
                    <th class="num" title=t("Stand auf der Zählleiste", "Position on the score track")>{t("Leiste", "Track")}</th>
                    <th class="num">{t("Punkte", "Points")}</th>
                </tr></thead>
                <tbody>{rows}</tbody>
            </table>
            {solo.then(|| high_scores(list, Signal::derive(place)))}
        </EndScreen>
    }
    .into_any()
}

/// A solo game's end: the place it took (if finished here) and its high-score list.
fn high_scores(list: &'static str, place: Signal<Option<Option<usize>>>) -> impl IntoView {
    view! {
        {move || place.get().map(|place| view! {
            <p class="record-note" data-test="record-place">{match place {
                Some(0) => t("Neuer Rekord!", "New record!").to_string(),
                Some(i) => tf("Platz {} der Bestenliste.", "Place {} in the high scores.", &[&(i + 1)]),
                None => t("Diesmal nicht in der Bestenliste.", "Not in the high scores this time.").to_string(),
            }}</p>
        })}
        <h3>{t("Bestenliste", "High scores")}</h3>
        {move || view! { <RecordList list=list highlight=place.get().flatten() /> }}
    }
}

/// The high-score place a solo game took, tagged with the game it belongs to (see [`game_key`]).
pub type NewRecord = ((u64, u32), Option<usize>);

/// Tells one game from another (a rematch gets a new seed). An identity, never drawn: the one
/// read of the real state here, as the screen's `Seen` has no seed.
pub fn game_key(game: GameHandle<Sudoku>) -> Option<(u64, u32)> {
    game.with_untracked(|s| (s.state.seed(), s.state.turn()))
}

/// One high-score list, best first; `highlight` marks a place (the game just finished).
#[component]
pub fn RecordList(list: &'static str, highlight: Option<usize>) -> impl IntoView {
    let records = storage::load_records();
    match records {
        records if records.list(list).is_empty() => {
            view! { <p class="hint">{t("Noch keine Einträge.", "No entries yet.")}</p> }.into_any()
        }
        records => {
            let rows = records
                .list(list)
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    view! {
                        <li class:mine=highlight == Some(i) data-test="record" data-score=r.score.to_string()>
                            <strong>{r.score}</strong> " " {r.name.clone()} " · " <span class="hint">{format_time(r.at as f64)}</span>
                        </li>
                    }
                })
                .collect_view();
            view! { <ol class="records" data-test="records">{rows}</ol> }.into_any()
        }
    }
}
