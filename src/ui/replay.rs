//! A finished game from the archive, replayed: every position from the start to the end, forward
//! and back (buttons, a slider, the arrow keys), the board, the log and every hand in step (the
//! game is over: nothing is hidden any more, as on Yucata), the result at the end.
//!
//! Drawn by the lazily loaded wasm (src/bin/rules.rs) into the archive screen's place: the page's
//! first load holds none of it.

use crate::session::{from_json, Session};
use crate::ui::components::{keyed, outcome_headline};
use crate::ui::games::GameScreens;
use crate::ui::i18n::{t, tf};
use crate::view::GameView;
use leptos::prelude::*;
use std::sync::Arc;

/// The replay of the archived game `text` (a save), or why it cannot be shown.
pub fn replay(text: &str) -> AnyView {
    let why = match from_json(text) {
        Ok(save) if save.header.finished => return crate::with_session!(&save.session, s => steps(s.clone())),
        Ok(_) => t("Dieses Spiel ist nicht beendet.", "This game is not finished.").to_string(),
        Err(e) => crate::ui::storage::game_load_error_text(&e),
    };
    view! { <p class="error" data-test="replay-error">{why}</p> }.into_any()
}

/// The positions of `session` with their controls.
fn steps<G: GameScreens + GameView + Send + Sync>(session: Session<G>) -> AnyView {
    let positions = Arc::new(session.positions());
    let last = positions.len() - 1;
    // Opened at the end, on the result, as a finished game is remembered.
    let step = RwSignal::new(last);
    let lines = Arc::new(G::log_lines(&session, None, 0));
    let seats = session.seats.clone();
    let headline =
        outcome_headline(session.state.outcome(), |p| seats.get(p).map(|s| s.name.clone()).unwrap_or_default());
    // Keyed by the step: a step change draws a fresh board from that step's position. Redrawn
    // in place, a board that writes only what changed since its last drawing (Just 4 Fun's
    // fields) kept the stones of the step before, and "Zug 0" showed the final board.
    let board = {
        let (positions, seats) = (positions.clone(), seats.clone());
        let shown = Signal::derive(move || vec![u16::try_from(step.get()).unwrap_or(u16::MAX)]);
        keyed(
            shown,
            Callback::new(move |k: u16| {
                let at = usize::from(k).min(positions.len() - 1);
                G::position_view(&positions[at], seats.clone(), &[])
            }),
        )
    };
    let hands = {
        let (positions, seats) = (positions.clone(), seats.clone());
        move || {
            let position = &positions[step.get()];
            let hand = |(p, seat): (usize, &crate::session::Seat)| {
                let words = position.hand_words(p)?;
                let words = if words.is_empty() { t("keine Karten mehr", "no cards left").to_string() } else { words };
                // "in der Hand": right under "Anna gewinnt!", a bare "Anna: 3" read as a score.
                Some(
                    view! { <li><strong>{seat.name.clone()}</strong>" – " {t("in der Hand", "in hand")} ": " {words}</li> },
                )
            };
            seats.iter().enumerate().filter_map(hand).collect_view()
        }
    };
    let log = move || {
        let shown = step.get().min(lines.len());
        // Newest first, each numbered by its move.
        let numbered = lines[..shown].iter().enumerate().rev();
        numbered.map(|(i, line)| view! { <li value=(i + 1).to_string()>{line.clone()}</li> }).collect_view()
    };
    view! {
        <section class="replay" data-test="replay" data-last=last.to_string()
            on:keydown=move |ev| arrow_keys(&ev, step, last)>
            <div class="replay-board" data-test="replay-board" inert>{board}</div>
            {controls(step, last)}
            <p class="replay-result" data-test="replay-result" hidden=move || step.get() != last>{headline}</p>
            <ul class="replay-hands" data-test="replay-hands" aria-label=t("Alle Hände", "Every hand")>{hands}</ul>
            <ol class="replay-log" data-test="replay-log" aria-label=t("Züge bis hier", "Moves so far")>{log}</ol>
        </section>
    }
    .into_any()
}

/// First, back, the slider, forward, last; and where the replay stands.
fn controls(step: RwSignal<usize>, last: usize) -> impl IntoView {
    let button = move |test: &'static str, label: &'static str, icon: &'static str, to: fn(usize, usize) -> usize| {
        view! {
            <button class="icon" data-test=test aria-label=label title=label
                on:click=move |_| step.set(to(step.get_untracked(), last))>{icon}</button>
        }
    };
    view! {
        <div class="replay-controls row">
            {button("replay-first", t("Zum Anfang", "To the start"), "«", |_, _| 0)}
            {button("replay-back", t("Einen Zug zurück", "One move back"), "‹", |k, _| k.saturating_sub(1))}
            <input type="range" data-test="replay-slider" min="0" max=last.to_string() aria-label=t("Zug", "Move")
                prop:value=move || step.get().to_string()
                on:input=move |ev| step.set(event_target_value(&ev).parse::<usize>().unwrap_or(0).min(last)) />
            {button("replay-forward", t("Einen Zug vor", "One move on"), "›", |k, last| (k + 1).min(last))}
            {button("replay-last", t("Zum Ende", "To the end"), "»", |_, last| last)}
            <span data-test="replay-step" data-step=move || step.get().to_string()>
                {move || tf("Zug {} von {}", "Move {} of {}", &[&step.get(), &last])}
            </span>
        </div>
    }
}

/// ← and → step back and on, Home and End jump (the slider does so itself when it has focus).
fn arrow_keys(ev: &web_sys::KeyboardEvent, step: RwSignal<usize>, last: usize) {
    let on_slider =
        ev.target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(t).ok()).is_some();
    let to = match ev.key().as_str() {
        _ if on_slider => return,
        "ArrowLeft" => step.get_untracked().saturating_sub(1),
        "ArrowRight" => (step.get_untracked() + 1).min(last),
        "Home" => 0,
        "End" => last,
        _ => return,
    };
    ev.prevent_default();
    step.set(to);
}
