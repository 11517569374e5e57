//! The end of a game: who won and why, three-run points, and in a match the table of all games
//! with the button for the next one.

use crate::engine::viermalvier::{GameEnd, Move, VierMalVier};
use crate::engine::{Game, Outcome};
use crate::ui::components::{EndScreen, PlayerTag};
use crate::ui::i18n::{is_de, t};
use crate::ui::{AppCtx, GameHandle};
use leptos::prelude::*;

fn game_line(end: &GameEnd, name: &dyn Fn(usize) -> String) -> String {
    let de = is_de();
    match end {
        // Both sides at once: the rule decides for the opponent of the mover; say both.
        GameEnd::FourRow { winner, mover, lines } if (0..2).all(|side| lines.iter().any(|(s, _)| *s == side)) => {
            if de {
                format!(
                    "Der Stein von {} hat auf beiden Seiten eine Viererreihe gebildet. Regel: Hat die Seite des Gegners eine (allein oder auf beiden Seiten), gewinnt der Gegner – also {}.",
                    name(*mover),
                    name(*winner)
                )
            } else {
                format!(
                    "{}'s stone made a four-row on both sides. Rule: when the opponent's side has one (alone or on both sides), the opponent wins – so {}.",
                    name(*mover),
                    name(*winner)
                )
            }
        }
        GameEnd::FourRow { winner, mover, .. } if winner == mover => {
            if de {
                format!("Viererreihe auf der eigenen Seite von {}.", name(*winner))
            } else {
                format!("A four-row on {}'s own side.", name(*winner))
            }
        }
        GameEnd::FourRow { winner, mover, .. } => {
            if de {
                format!(
                    "Der Stein von {} hat eine Viererreihe auf der Seite von {} gebildet – sie zählt für {}.",
                    name(*mover),
                    name(*winner),
                    name(*winner)
                )
            } else {
                format!(
                    "{}'s stone made a four-row on {}'s side – it counts for {}.",
                    name(*mover),
                    name(*winner),
                    name(*winner)
                )
            }
        }
        GameEnd::Blocked { points } => {
            if de {
                format!("Kein Stein passt mehr. Dreierreihen: {} {}, {} {}.", name(0), points[0], name(1), points[1])
            } else {
                format!("No stone fits any more. Three-runs: {} {}, {} {}.", name(0), points[0], name(1), points[1])
            }
        }
    }
}

#[component]
pub fn EndView(game: GameHandle<VierMalVier>) -> impl IntoView {
    let ctx = AppCtx::get();
    let Some((seats, state)) = game.with(|s| (s.seats.clone(), s.state.clone())) else {
        return ().into_any();
    };
    let seats_list = seats.clone();
    // A player's colour dot with their name as tooltip: narrow enough for a table column.
    let dot = {
        let seats = seats.clone();
        move |p: usize| {
            let seat = seats.get(p).cloned();
            let color = seat.as_ref().map_or("white", |s| s.color.id());
            let title = seat.map(|s| s.name).unwrap_or_default();
            view! { <span class=format!("stone c-{color}") title=title.clone() aria-label=title></span> }
        }
    };
    let name = move |p: usize| seats.get(p).map_or("?".to_string(), |s| s.name.clone());
    let Some(end) = state.end().cloned() else { return ().into_any() };
    let this_game = game_line(&end, &name);
    let games = usize::from(state.options().games);
    let table = (games > 1).then(|| {
        let totals = state.match_points();
        let rows = state
            .records()
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let how = match &r.end {
                    GameEnd::FourRow { winner, .. } => if is_de() { format!("Viererreihe: {}", name(*winner)) } else { format!("four-row: {}", name(*winner)) },
                    GameEnd::Blocked { .. } => t("Dreierreihen", "three-runs").to_string(),
                };
                view! {
                    <tr data-test="match-row">
                        <td>{i + 1}</td><td>{dot(r.start)}</td><td>{how}</td>
                        <td class="num">{r.points[0]}</td><td class="num">{r.points[1]}</td>
                    </tr>
                }
            })
            .collect_view();
        view! {
            <table class="scores" data-test="match-table">
                <thead><tr>
                    <th>"#"</th><th>{t("Beginn", "Start")}</th><th>{t("Ergebnis", "Result")}</th>
                    <th class="num">{dot(0)}</th><th class="num">{dot(1)}</th>
                </tr></thead>
                <tbody>{rows}</tbody>
                <tfoot><tr>
                    <th colspan="3">{if is_de() { format!("Summe nach {} von {games} Partien", state.records().len()) } else { format!("Total after {} of {games} games", state.records().len()) }}</th>
                    <th class="num">{totals[0]}</th><th class="num">{totals[1]}</th>
                </tr></tfoot>
            </table>
        }
    });
    if !state.match_over() {
        // Between the games of a match.
        return view! {
            <section class="end-screen" data-test="game-end">
                <h2>{if is_de() { format!("Partie {} vorbei", state.records().len()) } else { format!("Game {} over", state.records().len()) }}</h2>
                <p data-test="result-detail">{this_game}</p>
                {table}
                <button class="primary" data-test="next-game" on:click=move |_| {
                    if let Some(Err(e)) = game.play(&Move::NextGame) { ctx.warn(super::error_text(&e)) }
                }>{t("Nächste Partie", "Next game")}</button>
            </section>
        }
        .into_any();
    }
    let headline = match state.outcome() {
        Some(Outcome::Winners(w)) if !w.is_empty() => {
            let verb = if games > 1 { t("gewinnt das Match!", "wins the match!") } else { t("gewinnt!", "wins!") };
            format!("{} {verb}", name(w[0]))
        }
        _ => t("Unentschieden.", "A draw.").to_string(),
    };
    let players = seats_list.into_iter().map(|seat| view! { <PlayerTag seat=seat /> }).collect_view();
    view! {
        <EndScreen game=game headline=headline>
            <p class="row">{players}</p>
            <p data-test="result-detail">{this_game}</p>
            {table}
        </EndScreen>
    }
    .into_any()
}
