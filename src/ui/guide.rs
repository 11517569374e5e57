//! The guided first game on screen ([`Route::Guide`], script: `crate::guide`). It is an ordinary
//! game at the table with three differences, all decided here: the person's next move is marked
//! on the board like a hint, with the step's words in the status line; any other legal move is
//! refused with a word why (an illegal one gets the rules' own words, as always); the computers
//! play the script instead of asking the worker. After the last step the closing words lead to
//! "Jetzt richtig spielen"; the game may also simply go on (the computers then think again).
//! It is kept nowhere: a reload starts the guide again.

use super::computer::Hint;
use super::i18n::t;
use super::{AppCtx, Route};
use crate::engine::GameKind;
use crate::guide::parse;
use crate::session::{AnySession, Stored};
use leptos::prelude::*;
use std::sync::Arc;

/// Starts the guided game of `kind`, unless it is on screen already (back from its rules).
pub fn open(ctx: AppCtx, kind: GameKind) {
    let running = ctx.guide.with_untracked(Option::is_some)
        && ctx.game.with_untracked(|g| g.as_ref().is_some_and(|g| g.kind() == kind));
    if running {
        super::computer::drive_soon(ctx);
        return;
    }
    leptos::task::spawn_local(async move {
        let text = super::components::fetch_text(&format!("guide/{}.txt", kind.id())).await.unwrap_or_default();
        // (Why a script is broken is for its test to say: the page only knows that it is.)
        let started = parse(&text).ok().and_then(|guide| Some((guide.session(t("Du", "You"))?, guide)));
        match started {
            // Only if the person has not gone elsewhere meanwhile.
            Some((session, guide)) if ctx.route.get_untracked() == Route::Guide(kind) => {
                // Not saved: it must never overwrite the record of the game played before.
                ctx.record.set(None);
                ctx.conflict.set(None);
                ctx.show_game(session);
                ctx.guide.set(Some(Arc::new(guide)));
                mark_next(ctx);
                super::computer::drive_soon(ctx);
            }
            Some(_) => {}
            None => {
                ctx.go(Route::Home);
                ctx.warn(t(
                    "Die Anleitung konnte nicht geladen werden. Bitte mit Internetverbindung noch einmal öffnen.",
                    "The guide could not be loaded. Please open it again while online.",
                ));
            }
        }
    });
}

/// Marks the person's next scripted move on the board, with the step's words; clears the mark
/// otherwise (after every move: the old one was for the position before it).
pub fn mark_next(ctx: AppCtx) {
    let hint = ctx.guide.with_untracked(|guide| {
        let guide = guide.as_ref()?;
        ctx.game.with_untracked(|g| {
            let g = g.as_ref()?;
            let index = g.log_len();
            Some(Hint {
                turn: g.turn(),
                seat: g.person_to_move()?,
                mv: guide.steps.get(index)?.event.clone(),
                reason: guide.words_at(index)?,
            })
        })
    });
    ctx.computers.hint.set(hint);
}

/// The computer's scripted move now (its event, as the worker would name it), if the guide
/// has one.
pub fn scripted_move(ctx: AppCtx) -> Option<String> {
    let index = ctx.game.with_untracked(|g| g.as_ref().map(AnySession::log_len))?;
    ctx.guide.with_untracked(|guide| Some(guide.as_ref()?.steps.get(index)?.event.clone()))
}

/// Whether the person's `mv` is refused because the guide asks for another move now (the same
/// choice counts: Just 4 Fun's cards in any order). A move the rules forbid is not refused here:
/// the rules' own words say why. Either way the marked move is shown again.
pub fn refuses<G: Stored>(ctx: AppCtx, mv: &G::Move) -> bool {
    let other = ctx.game.with_untracked(|g| {
        let s = g.as_ref().and_then(G::session)?;
        let expected = ctx.guide.with_untracked(|guide| guide.as_ref()?.expected::<G>(s.log.len()))?;
        let state = &s.state;
        // Some(whether it is legal) when it is not the marked move.
        (state.choice(&expected) != state.choice(mv)).then(|| state.clone().apply(mv).is_ok())
    });
    other.is_some_and(|legal| say_other(ctx, legal))
}

/// The person tried another move than the marked one: the mark again, and for a legal move a
/// word why it is refused. (Not generic: once in the page, not once per game.)
fn say_other(ctx: AppCtx, legal: bool) -> bool {
    mark_next(ctx);
    if legal {
        ctx.warn(t(
            "Das wäre erlaubt – aber die Anleitung zeigt hier etwas Bestimmtes. Probier den markierten Zug.",
            "That would be allowed – but the guide wants to show something here. Try the marked move.",
        ));
    }
    legal
}

/// After the script's last move: the closing words and "Jetzt richtig spielen" (a new game of
/// this kind in setup), or on with this game.
#[component]
pub fn GuideEnd() -> impl IntoView {
    let ctx = AppCtx::get();
    let closed = RwSignal::new(false);
    let done = move || {
        let moves = ctx.game.with(|g| g.as_ref().map_or(0, AnySession::log_len));
        ctx.guide.with(|g| g.as_ref().filter(|g| moves >= g.steps.len()).map(|g| g.end.now().to_string()))
    };
    move || {
        let words = done().filter(|_| !closed.get())?;
        let kind = ctx.game.with_untracked(|g| g.as_ref().map(AnySession::kind))?;
        let body = view! {
            <div class="row">
                <button data-test="guide-stay" on:click=move |_| closed.set(true)>{t("Weiterspielen", "Play on")}</button>
                <button class="primary" data-test="guide-real" on:click=move |_| ctx.go(Route::Setup(kind))>
                    {t("Jetzt richtig spielen", "Now play for real")}
                </button>
            </div>
        };
        let close = Callback::new(move |_| closed.set(true));
        Some(super::components::modal(
            t("Geschafft", "Well done"),
            "guide-end",
            "guide-end-text",
            words,
            Some(close),
            body.into_any(),
        ))
    }
}
