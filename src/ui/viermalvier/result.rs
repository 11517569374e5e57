//! The end of a game: who won and why, three-run points, and in a match the table of all games
//! with the button for the next one.

use crate::engine::viermalvier::{GameEnd, Move, VierMalVier};
use crate::engine::{Game, Outcome};
use crate::session::Seat;
use crate::ui::components::{EndScreen, PlayerTag};
use crate::ui::i18n::{t, tf};
use crate::ui::{AppCtx, GameHandle, SeenMemo};
use leptos::prelude::*;

fn game_line(end: &GameEnd, name: &dyn Fn(usize) -> String) -> String {
    match end {
        // Both sides at once: the rule decides for the opponent of the mover; say both.
        GameEnd::FourRow { winner, mover, lines } if (0..2).all(|side| lines.iter().any(|(s, _)| *s == side)) => {
            tf(
                "Der Stein von {} hat auf beiden Seiten eine Viererreihe gebildet. Regel: Hat die Seite des Gegners eine (allein oder auf beiden Seiten), gewinnt der Gegner – also {}.",
                "{}'s stone made a four-row on both sides. Rule: when the opponent's side has one (alone or on both sides), the opponent wins – so {}.",
                &[&name(*mover), &name(*winner)],
            )
        }
        GameEnd::FourRow { winner, mover, .. } if winner == mover => {
            tf("Viererreihe auf der eigenen Seite von {}.", "A four-row on {}'s own side.", &[&name(*winner)])
        }
        GameEnd::FourRow { winner, mover, .. } => {
            let winner = name(*winner);
            tf(
                "Der Stein von {} hat eine Viererreihe auf der Seite von {} gebildet – sie zählt für {}.",
                "{}'s stone made a four-row on {}'s side – it counts for {}.",
                &[&name(*mover), &winner, &winner],
            )
        }
        GameEnd::Blocked { points } => {
            tf(
                "Kein Stein passt mehr. Dreierreihen: {} {}, {} {}.",
                "No stone fits any more. Three-runs: {} {}, {} {}.",
                &[&name(0), &points[0], &name(1), &points[1]],
            )
        }
    }
}

/// A player's colour dot with their name as tooltip: narrow enough for a table column.
fn dot(seats: &[Seat], p: usize) -> impl IntoView {
    let seat = seats.get(p).cloned();
    let color = seat.as_ref().map_or("white", |s| s.color.id());
    let title = seat.map(|s| s.name).unwrap_or_default();
    view! { <span class=format!("stone c-{color}") title=title.clone() aria-label=title></span> }
}

/// The match so far: a row per game (who began, how it ended, the points) and the totals.
fn match_table(state: &VierMalVier, seats: &[Seat], name: &dyn Fn(usize) -> String) -> impl IntoView {
    let games = usize::from(state.options().games);
    let totals = state.match_points();
    let rows = state
        .records()
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let how = match &r.end {
                GameEnd::FourRow { winner, .. } => tf("Viererreihe: {}", "four-row: {}", &[&name(*winner)]),
                GameEnd::Blocked { .. } => t("Dreierreihen", "three-runs").to_string(),
            };
            view! {
                <tr data-test="match-row">
                    <td>{i + 1}</td><td>{dot(seats, r.start)}</td><td>{how}</td>
                    <td class="num">{r.points[0]}</td><td class="num">{r.points[1]}</td>
                </tr>
            }
        })
        .collect_view();
    let played = state.records().len();
    view! {
        <table class="scores" data-test="match-table">
            <thead><tr>
                <th>"#"</th><th>{t("Beginn", "Start")}</th><th>{t("Ergebnis", "Result")}</th>
                <th class="num">{dot(seats, 0)}</th><th class="num">{dot(seats, 1)}</th>
            </tr></thead>
            <tbody>{rows}</tbody>
            <tfoot><tr>
                <th colspan="3">{tf("Summe nach {} von {} Partien", "Total after {} of {} games", &[&played, &games])}</th>
                <th class="num">{totals[0]}</th><th class="num">{totals[1]}</th>
            </tr></tfoot>
        </table>
    }
}

/// The end of a game (redrawn when the next game of a match starts or ends): between the games
/// of a match the table and "next game"; at the end of the match or a single game the winner.
#[component]
pub fn EndView(game: GameHandle<VierMalVier>, seen: SeenMemo<VierMalVier>) -> impl IntoView {
    let ctx = AppCtx::get();
    // After the end everything is public; still read as the viewer sees it, like every screen.
    let Some(state) = seen.with(|s| s.as_ref().map(|s| s.observation().state().clone())) else {
        return ().into_any();
    };
    let seats = game.seats().get_untracked();
    let name = |p: usize| seats.get(p).map_or("?".to_string(), |s| s.name.clone());
    let Some(end) = state.end().cloned() else { return ().into_any() };
    let this_game = game_line(&end, &name);
    let games = usize::from(state.options().games);
    let table = (games > 1).then(|| match_table(&state, &seats, &name));
    if !state.match_over() {
        // Between the games of a match.
        let played = state.records().len();
        return view! {
            <section class="end-screen" data-test="game-end">
                <h2>{tf("Partie {} vorbei", "Game {} over", &[&played])}</h2>
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
    let players = seats.iter().cloned().map(|seat| view! { <PlayerTag seat=seat /> }).collect_view();
    view! {
        <EndScreen game=game headline=headline>
            <p class="row">{players}</p>
            <p data-test="result-detail">{this_game}</p>
            {table}
        </EndScreen>
    }
    .into_any()
}
