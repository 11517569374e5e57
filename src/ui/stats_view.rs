//! The statistics screen's content: per game, each person's record (games, wins with a small
//! bar of the win rate, best and average points, against each computer level), head to head,
//! and the solo Sudoku high scores. All computed from the kept finished games
//! ([`crate::stats`]), so nothing here can drift from them.
//!
//! Drawn by the lazily loaded wasm (src/bin/rules.rs) into the statistics screen's place.

use crate::engine::GameKind;
use crate::records::Records;
use crate::stats::{head_to_head, per_player, HeadToHead, Played, PlayerStats};
use crate::ui::i18n::{count_noun, format_time, t, tf};
use leptos::prelude::*;

/// The statistics of `games`, with the high-score lists `records`.
pub fn statistics(games: &[Played], records: &Records) -> AnyView {
    let players = per_player(games);
    let pairs = head_to_head(games);
    let per_game = GameKind::ALL.into_iter().filter(|k| players.iter().any(|p| p.game == Some(*k)));
    let sections = per_game
        .map(|kind| {
            let rows: Vec<&PlayerStats> = players.iter().filter(|p| p.game == Some(kind)).collect();
            let duels: Vec<&HeadToHead> = pairs.iter().filter(|h| h.game == Some(kind)).collect();
            view! {
                <section class="stats-game" data-test="stats-game" data-game=kind.id()>
                    <h2>{kind.name()}</h2>
                    <ul class="stats-list">{rows.into_iter().map(player_card).collect_view()}</ul>
                    {(!duels.is_empty()).then(|| view! {
                        <h3>{t("Gegeneinander", "Head to head")}</h3>
                        <ul class="stats-list">{duels.into_iter().map(duel).collect_view()}</ul>
                    })}
                </section>
            }
        })
        .collect_view();
    view! {
        <div class="stats" data-test="stats">
            {games.is_empty().then(|| view! {
                <p class="hint" data-test="stats-empty">{t("Noch keine beendeten Spiele. Die Statistik zählt jedes Spiel, das zu Ende gespielt wurde.", "No finished games yet. The statistics count every game played to its end.")}</p>
            })}
            {sections}
            {high_scores(records)}
        </div>
    }
    .into_any()
}

/// One person in one game: "Anna – 2 von 3 gewonnen (67 %)", best and average, the levels.
fn player_card(s: &PlayerStats) -> impl IntoView {
    let percent = (s.win_rate() * 100.0).round() as u32;
    let won = tf("{} von {} gewonnen ({} %)", "won {} of {} ({} %)", &[&s.wins, &s.games, &percent]);
    let points = s
        .best
        .zip(s.average())
        .map(|(best, avg)| tf("Beste {} · Schnitt {}", "Best {} · average {}", &[&best, &format!("{avg:.1}")]));
    let levels = [t("Leicht", "Easy"), t("Mittel", "Medium"), t("Schwer", "Hard")];
    let against: Vec<String> = s
        .against
        .iter()
        .zip(levels)
        .filter(|((games, _), _)| *games > 0)
        .map(|((games, wins), level)| tf("gegen {}: {} von {}", "against {}: {} of {}", &[&level, wins, games]))
        .collect();
    let takebacks = (s.with_takebacks > 0)
        .then(|| tf("{} davon mit Zugrücknahmen", "{} of them with moves taken back", &[&s.with_takebacks]));
    view! {
        <li class="stats-card" data-test="stats-player" data-name=s.name.clone() data-games=s.games.to_string() data-wins=s.wins.to_string()>
            <strong>{s.name.clone()}</strong>
            {rate_bar(percent)}
            <span>{won}</span>
            {points.map(|p| view! { <span>{p}</span> })}
            {(!against.is_empty()).then(|| view! { <span>{against.join(" · ")}</span> })}
            {takebacks.map(|n| view! { <span>{n}</span> })}
        </li>
    }
}

/// The win rate as a small bar (the number stands beside it: the bar is not the only sign).
fn rate_bar(percent: u32) -> impl IntoView {
    view! {
        <svg class="rate-bar" viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true">
            <rect class="rate-bg" width="100" height="8" rx="2" />
            <rect class="rate-fill" width=percent.min(100).to_string() height="8" rx="2" />
        </svg>
    }
}

/// "Anna 3 : 2 Ben (5 Spiele)".
fn duel(h: &HeadToHead) -> impl IntoView {
    let games = format!("{} {}", h.games, count_noun(u64::from(h.games), ("Spiel", "game"), ("Spiele", "games")));
    view! {
        <li class="stats-card" data-test="stats-duel">
            <span>{format!("{} {} : {} {} ({games})", h.names[0], h.wins[0], h.wins[1], h.names[1])}</span>
        </li>
    }
}

/// The solo Sudoku high scores, per scoring.
fn high_scores(records: &Records) -> impl IntoView {
    let lists = [
        ("sudoku/standard", t("Standardwertung", "standard scoring")),
        ("sudoku/simple", t("Einfache Wertung", "simple scoring")),
    ];
    let shown = lists.into_iter().filter_map(|(key, name)| {
        let list = records.lists.get(key).filter(|l| !l.is_empty())?;
        let rows = list
            .iter()
            .map(|r| view! { <li>{format!("{} – {} · {}", r.name, r.score, format_time(r.at as f64))}</li> });
        Some(view! {
            <h3>{tf("Sudoku allein, {}", "Sudoku solo, {}", &[&name])}</h3>
            <ol class="records" data-test="stats-records">{rows.collect_view()}</ol>
        })
    });
    let shown: Vec<_> = shown.collect();
    (!shown.is_empty()).then(|| {
        view! {
            <section class="stats-game"><h2>{t("Bestenliste", "High scores")}</h2>{shown}</section>
        }
    })
}
