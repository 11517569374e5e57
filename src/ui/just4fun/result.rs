//! The end screen's breakdown: the winning line, or the final scoring per player.

use crate::engine::just4fun::Just4Fun;
use crate::engine::Outcome;
use crate::ui::components::{outcome_headline, EndScreen, PlayerTag};
use crate::ui::i18n::{t, tf};
use crate::ui::{GameHandle, SeenMemo};
use leptos::prelude::*;

#[component]
pub fn EndView(game: GameHandle<Just4Fun>, seen: SeenMemo<Just4Fun>) -> impl IntoView {
    // After the end everything is public; still read as the viewer sees it, like every screen.
    let Some(state) = seen.with_untracked(|s| s.as_ref().map(|s| s.observation().state().clone())) else {
        return ().into_any();
    };
    let seats = game.seats().get_untracked();
    let name = |p: usize| seats.get(p).map_or("?".to_string(), |s| s.name.clone());

    if let Some((winner, line)) = state.win() {
        let numbers: Vec<String> = line.iter().map(|&c| state.number_at(c).to_string()).collect();
        let headline = tf("{} gewinnt!", "{} wins!", &[&name(winner)]);
        let detail = tf(
            "Mehrheit auf vier Feldern in einer Reihe: {}",
            "Majority on four fields in a line: {}",
            &[&numbers.join(" – ")],
        );
        return view! {
            <EndScreen game=game headline=headline>
                <p data-test="result-detail">{detail}</p>
            </EndScreen>
        }
        .into_any();
    }

    let Some(scoring) = state.final_scoring() else { return ().into_any() };
    let headline = match &scoring.outcome {
        Outcome::Winners(w) if w.len() == 1 => {
            let p = w[0];
            let tied = scoring.sums.iter().filter(|&&s| Some(&s) == scoring.sums.get(p)).count() > 1;
            if tied {
                tf(
                    "{} gewinnt – bei Punktgleichstand mit dem höchsten Feld.",
                    "{} wins – equal points, but the highest field.",
                    &[&name(p)],
                )
            } else {
                tf("{} gewinnt!", "{} wins!", &[&name(p)])
            }
        }
        other => outcome_headline(Some(other.clone()), name),
    };
    let rows = seats
        .iter()
        .cloned()
        .enumerate()
        .map(|(p, seat)| {
            let kept = scoring.kept.get(p).cloned().unwrap_or_default();
            let fields = if kept.is_empty() {
                "–".to_string()
            } else {
                kept.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
            };
            let sum = scoring.sums.get(p).copied().unwrap_or(0);
            view! {
                <tr>
                    <td><PlayerTag seat=seat /></td>
                    <td>{fields}</td>
                    <td class="num"><strong>{sum}</strong></td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <EndScreen game=game headline=headline>
            <p>{t(
                "Alle Steine sind gesetzt. Auf jedem Feld behält nur die Mehrheit ihre Steine; bei Gleichstand wird das Feld geräumt.",
                "All stones are placed. On each field only the majority keeps its stones; a tie clears the field.",
            )}</p>
            <table class="scores" data-test="result-detail">
                <thead><tr>
                    <th>{t("Spieler", "Player")}</th>
                    <th>{t("Felder (höchstes zuerst)", "Fields (highest first)")}</th>
                    <th>{t("Summe", "Total")}</th>
                </tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </EndScreen>
    }
    .into_any()
}
