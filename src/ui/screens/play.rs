//! The game screen frame shared by all games: top bar, "save as", hand-over cover; the board
//! and hands come from the game's own folder.

use super::{game_name, game_short_name};
use crate::engine::GameKind;
use crate::session::AnySession;
use crate::ui::components::{modal, Confirm, ConflictDialog, HandOver, TapShield};
use crate::ui::games::GameScreens;
use crate::ui::i18n::{t, tf};
use crate::ui::storage;
use crate::ui::{computer, AppCtx, Route, TakeBackQuestion};
use leptos::prelude::*;

#[component]
pub fn Play() -> impl IntoView {
    let ctx = AppCtx::get();
    // Arriving here by URL (a reload, the back button, a second tab): open that game's record.
    if let Route::Play(id) = ctx.route.get_untracked() {
        let showing = ctx.record.with_untracked(|r| r.as_ref().is_some_and(|(current, _)| *current == id));
        if !showing || ctx.game.with_untracked(Option::is_none) {
            // Read in a task of its own (before the body's, below): replaying a long game must
            // not lengthen the task that builds the page.
            set_timeout(move || ctx.resume(&id), std::time::Duration::ZERO);
        } else {
            // Back from the rules or home: a computer to move carries on.
            computer::drive_soon(ctx);
        }
    }
    if let Route::Guide(kind) = ctx.route.get_untracked() {
        crate::ui::guide::open(ctx, kind);
    }
    // The record's storage key, for tests and for finding the game in the browser's storage.
    let save_key = move || ctx.record.with(|r| r.as_ref().map(|(id, _)| storage::saves().game_key(id)));
    // A memo: the game's own screen is built once per kind, not again after every move.
    let kind = Memo::new(move |_| ctx.game.with(|g| g.as_ref().map(AnySession::kind)));
    let saving = RwSignal::new(false);
    // "Save as" is for a game still running (a finished one is in the archive).
    let running = Memo::new(move |_| ctx.game.with(|g| g.as_ref().is_some_and(|g| !g.is_over())));
    // The game's own screen is built in a task after the frame's: opening or starting a game
    // then never blocks the page in one long task (header now, board a moment later).
    let body_ready = RwSignal::new(false);
    set_timeout(move || body_ready.set(true), std::time::Duration::ZERO);

    view! {
        // `guided`: the guided first game, whose longer words some boards make room for (style).
        <main class="play" class:guided=move || ctx.guide.with(Option::is_some) data-test="game" data-save-key=save_key>
            {top_bar(ctx, kind, saving, running)}
            // A tap on the board or hand is the next action: the last message has had its moment.
            <div class="play-body" inert=move || ctx.cover_settled.get().is_some() on:pointerdown=move |_| ctx.clear_toast()>
            {move || match kind.get() {
                _ if !body_ready.get() => ().into_any(),
                Some(kind) => crate::with_game!(kind, G => G::play()),
                None => view! { <p class="hint">{t("Kein laufendes Spiel.", "No game running.")}</p> }.into_any(),
            }}
            </div>
            {hand_over_cover(ctx)}
            // Screen readers hear every move as it is made (the table's public words for it).
            <p class="visually-hidden" aria-live="polite" data-test="live">
                {move || ctx.last_move()}
            </p>
            <Show when=move || saving.get() && running.get()>
                <SaveAs on_done=Callback::new(move |_| saving.set(false)) />
            </Show>
            {computer_failed(ctx)}
            <TapShield />
            <ConflictDialog />
            <crate::ui::guide::GuideEnd />
            {take_back_question(ctx)}
        </main>
    }
}

/// The bar above the table: home, the game's name, hint, pause and skip (with computers),
/// "save as" (while the game runs) and the rules. Under the cover nothing in it takes focus or taps.
fn top_bar(ctx: AppCtx, kind: Memo<Option<GameKind>>, saving: RwSignal<bool>, running: Memo<bool>) -> impl IntoView {
    let c = ctx.computers;
    // A hint is for the person to move, when they can see their own things.
    // (The guided game marks every step itself.)
    let can_hint = move || ctx.table.acting.get() && ctx.guide.with(Option::is_none);
    view! {
        <header class="topbar" inert=move || ctx.cover_settled.get().is_some()>
            <button class="icon" data-test="home-button" aria-label=t("Startseite", "Home") on:click=move |_| ctx.go(Route::Home)>"‹"</button>
            // The full name, and on a phone the short one (CSS shows one of them).
            <h1>{move || kind.get().map(|k| view! {
                <span class="name-long">{game_name(k)}</span>
                <span class="name-short">{game_short_name(k)}</span>
            })}</h1>
            <Show when=can_hint>
                <button data-test="hint" disabled=move || c.hinting.get() on:click=move |_| computer::ask_hint(ctx)>
                    {move || if c.hinting.get() { t("Tipp …", "Hint …") } else { t("Tipp", "Hint") }}
                </button>
            </Show>
            {computer_buttons(ctx)}
            {take_back_button(ctx)}
            // Icons with names for screen readers: the game's title keeps its room on a phone.
            // A finished game is kept in the archive: a named save of it would be a second copy.
            <Show when=move || running.get()>
                <button class="icon" data-test="save-as" aria-label=t("Speichern unter …", "Save as …") title=t("Speichern unter …", "Save as …") on:click=move |_| saving.set(true)>
                    <svg viewBox="0 0 20 20" aria-hidden="true"><path d="M9 2h2v8l3-3 1.4 1.4L10 13.8 4.6 8.4 6 7l3 3zM3 12h2v4h10v-4h2v6H3z" /></svg>
                </button>
            </Show>
            <button class="icon" data-test="rules" aria-label=t("Regeln", "Rules") title=t("Regeln", "Rules") on:click=move |_| if let Some(k) = kind.get_untracked() { ctx.go(Route::Rules(k)) }>
                <svg viewBox="0 0 20 20" aria-hidden="true"><path d="M10 1a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 2a7 7 0 1 1 0 14 7 7 0 0 1 0-14zm-.1 2.5c-1.9 0-3.2 1.1-3.3 2.8h2c.1-.7.5-1.1 1.2-1.1.8 0 1.2.4 1.2 1 0 .5-.3.8-1 1.3-.9.6-1.3 1.2-1.2 2.3v.4h1.9V12c0-.6.2-.9 1-1.4.9-.6 1.4-1.3 1.4-2.3 0-1.7-1.3-2.8-3.2-2.8zM10 13.4a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4z" /></svg>
            </button>
        </header>
    }
}

/// "Zug zurücknehmen", when the policy allows it now: at once for the person's own move (and
/// the computers' replies), after the yes of everyone it affects otherwise (asked on the cover),
/// and after a yes of the person at the device when a take-back was just made (a double tap
/// takes back one move, not two).
fn take_back_button(ctx: AppCtx) -> impl IntoView {
    let offer = Memo::new(move |_| ctx.takeback_offer());
    let take_back = move |_| match offer.get_untracked() {
        Some(offer) if offer.ask.is_empty() && !offer.again => ctx.take_back(&offer),
        Some(offer) => ctx.ask_take_back(offer),
        None => {}
    };
    view! {
        <Show when=move || offer.with(Option::is_some)>
            <button class="icon" data-test="take-back" aria-label=t("Zug zurücknehmen", "Take the move back")
                title=t("Zug zurücknehmen", "Take the move back") on:click=take_back>"↶"</button>
        </Show>
    }
}

/// The question before a further move goes back right after a take-back (the people a
/// take-back affects are asked on the cover: [`take_back_cover`]).
fn take_back_question(ctx: AppCtx) -> impl IntoView {
    move || {
        ctx.takeback_question.with(|q| q.as_ref().is_some_and(|q| q.offer.ask.is_empty())).then_some(())?;
        let text = t("Noch einen Zug zurücknehmen?", "Take back one more move?");
        let answer = Callback::new(move |yes: bool| ctx.answer_take_back(yes));
        Some(view! { <Confirm text=text yes=t("Ja, zurücknehmen", "Yes, take it back") on_answer=answer /> })
    }
}

/// The cover while a take-back is asked: the person asked holds the device, no hand is shown
/// (the cover hides them), and they answer here, one after another.
fn take_back_cover(ctx: AppCtx, question: TakeBackQuestion) -> Option<AnyView> {
    let asked = question.asked()?;
    let (seats, moves) = (ctx.table.seats.get_untracked(), question.offer.moves);
    let name = |p: usize| seats.get(p).map(|s| s.name.clone()).unwrap_or_default();
    let (mover, answerer) = (name(question.offer.seat), name(asked));
    let text = if moves == 1 {
        tf("{} möchte den letzten Zug zurücknehmen.", "{} would like to take the last move back.", &[&mover])
    } else {
        tf(
            "{} möchte den eigenen Zug und die {} Züge danach zurücknehmen.",
            "{} would like to take back their move and the {} moves after it.",
            &[&mover, &(moves - 1)],
        )
    };
    let waiting = question.offer.ask.len() - question.agreed - 1;
    let more = (waiting > 0).then(|| {
        let text = tf("Danach wird noch {} gefragt.", "Then {} more will be asked.", &[&count_people(waiting)]);
        view! { <p class="hint">{text}</p> }
    });
    crate::ui::components::focus_soon("[data-test=takeback-no]");
    let color = seats.get(asked).map(|s| s.color.id()).unwrap_or_default();
    Some(view! {
        <div class="handover" data-test="takeback-ask" data-asked=asked.to_string() role="dialog" aria-modal="true"
            aria-labelledby="takeback-ask-title" aria-describedby="takeback-ask-text">
            <div class="handover-card">
                <p class="handover-title" id="takeback-ask-title">
                    <span class=format!("stone big c-{color}") aria-hidden="true"></span>
                    {tf("Gib das Gerät an {}", "Pass the device to {}", &[&answerer])}
                </p>
                <p id="takeback-ask-text">{text}" "{tf("{}: einverstanden?", "{}: do you agree?", &[&answerer])}</p>
                {more}
                <div class="handover-actions">
                    <button class="primary big" data-test="takeback-yes" on:click=move |_| ctx.answer_take_back(true)>
                        {tf("Ich bin {} – ja, zurücknehmen", "I am {} – yes, take it back", &[&answerer])}
                    </button>
                    <button data-test="takeback-no" on:click=move |_| ctx.answer_take_back(false)>
                        {tf("Ich bin {} – nein", "I am {} – no", &[&answerer])}
                    </button>
                </div>
            </div>
        </div>
    }.into_any())
}

/// "2 Personen" / "2 people".
fn count_people(n: usize) -> String {
    if n == 1 {
        t("1 Person", "1 person").to_string()
    } else {
        tf("{} Personen", "{} people", &[&n])
    }
}

/// On the hand-over cover, for the person who just moved and still holds the device: their
/// move back without asking ("↶ mein Zug"), when the policy offers it unasked.
fn own_take_back(ctx: AppCtx) -> Option<AnyView> {
    let offer = ctx.takeback_offer().filter(|o| o.ask.is_empty() && !o.again)?;
    (ctx.holder.get() == Some(offer.seat)).then_some(())?;
    Some(
        view! {
            <button data-test="take-back-own" title=t("Meinen Zug zurücknehmen", "Take my move back")
                on:click=move |_| ctx.take_back(&offer)>
                {t("↶ mein Zug", "↶ my move")}
            </button>
        }
        .into_any(),
    )
}

/// Pause (with any computer at the table) and skip (computers only): read from the seats memo,
/// so they change only with the seats.
fn computer_buttons(ctx: AppCtx) -> impl IntoView {
    let c = ctx.computers;
    let seats_are = move |f: fn(&crate::session::Seat) -> bool| ctx.table.seats.with(|seats| seats.iter().any(f));
    let any_computer = move || seats_are(|s| !s.is_person());
    let all_computers = move || !seats_are(crate::session::Seat::is_person);
    view! {
        // Labelled: what a tap does now (the computers wait, or go on).
        <Show when=any_computer>
            <button class="icon labelled" data-test="pause" on:click=move |_| computer::set_paused(ctx, !c.paused.get_untracked())>
                {move || if c.paused.get() {
                    view! { <svg viewBox="0 0 20 20" aria-hidden="true"><path d="M5 3 17 10 5 17Z" /></svg><span>{t("Weiter", "Go on")}</span> }.into_any()
                } else {
                    view! { <svg viewBox="0 0 20 20" aria-hidden="true"><path d="M4 3h4v14H4zM12 3h4v14h-4z" /></svg><span>{t("Pause", "Pause")}</span> }.into_any()
                }}
            </button>
        </Show>
        <Show when=all_computers>
            <button class="icon" data-test="skip" aria-label=t("Ohne Pausen weiterspielen", "Play on without pauses")
                aria-pressed=move || c.skip.get().to_string()
                on:click=move |_| c.skip.update(|s| *s = !*s)>
                <svg viewBox="0 0 20 20" aria-hidden="true"><path d="M2 4 10 10 2 16ZM10 4 18 10 10 16Z" /></svg>
            </button>
        </Show>
    }
}

/// The hand-over cover while it is up, with what happened since the next player's last move
/// (drawn a frame after it goes up: [`AppCtx::cover_settled`]), and for the person who just
/// moved "↶ mein Zug"; or, while a take-back is asked, the question instead.
fn hand_over_cover(ctx: AppCtx) -> impl IntoView {
    move || {
        let player = ctx.cover.get().filter(|_| ctx.cover_settled.with(Option::is_some))?;
        if let Some(question) = ctx.takeback_question.get().filter(|q| q.asked().is_some()) {
            return take_back_cover(ctx, question);
        }
        let (seat, public, game_kind, news) = ctx.game.with(|g| {
            let g = g.as_ref()?;
            // Read as `player` reads them (Vier mal Vier counts columns from their left
            // and names the face toward them): every line since their last move is the
            // other player's, who knows both faces of their own stones.
            let news = crate::ui::log_lines(g, Some(player), g.since_turn_of(player));
            Some((g.seats().get(player)?.clone(), !g.board_is_private(), g.kind(), news))
        })?;
        let extra = crate::with_game!(game_kind, G => G::cover_question());
        let undo = own_take_back(ctx);
        Some(
            view! { <HandOver seat=seat player=player public=public kind=game_kind news=news extra=extra undo=undo /> }
                .into_any(),
        )
    }
}

/// The note when the worker did not answer (try again), or is another build's: this page is
/// older than the files now served (reload).
fn computer_failed(ctx: AppCtx) -> impl IntoView {
    let c = ctx.computers;
    view! {
        <Show when=move || c.failed.get()>
            <div class="computer-failed" role="alert" data-test="computer-failed">
                <p>{move || if c.outdated.get() {
                    t("Eine neue Version wurde geladen – bitte neu laden. Das Spiel ist gespeichert.", "A new version was loaded – please reload. The game is saved.")
                } else {
                    t("Die Computer-Spieler antworten nicht. Das Spiel ist gespeichert.", "The computer players do not answer. The game is saved.")
                }}</p>
                <button data-test=move || if c.outdated.get() { "computer-reload" } else { "computer-retry" }
                    on:click=move |_| if c.outdated.get_untracked() { let _ = window().location().reload(); } else { computer::retry(ctx) }>
                    {move || if c.outdated.get() { t("Neu laden", "Reload") } else { t("Erneut versuchen", "Try again") }}
                </button>
            </div>
        </Show>
    }
}

/// "Save as …": a name, and a question before a save of that name (as cleaned: " Oma‎ " is
/// "Oma") is replaced, naming what it holds.
#[component]
fn SaveAs(on_done: Callback<()>) -> impl IntoView {
    let ctx = AppCtx::get();
    let name = RwSignal::new(String::new());
    // The question before replacing, naming what the slot of that name holds now ("": none).
    let replacing = RwSignal::new(String::new());
    let save = move || {
        let wanted = name.get_untracked();
        let cleaned = crate::session::clean_name(&wanted);
        if replacing.with_untracked(String::is_empty) {
            if let Ok(Some(held)) = storage::saves().read_slot(&cleaned) {
                let what = held.as_ref().map_or_else(storage::load_reason, super::home::save_summary);
                replacing.set(tf(
                    "„{}“ gibt es schon: {}. Ersetzen?",
                    "“{}” exists already: {}. Replace it?",
                    &[&cleaned, &what],
                ));
                return;
            }
        }
        let id = ctx.record.with_untracked(|r| r.as_ref().map(|(id, _)| id.clone())).unwrap_or_default();
        let result = ctx
            .game
            .with_untracked(|g| g.as_ref().map(|g| storage::saves().save_as(&wanted, &id, g, storage::now_ms())));
        match result {
            Some(Ok(shown)) => {
                ctx.say(tf("Gespeichert als „{}“.", "Saved as “{}”.", &[&shown]));
                ctx.bump_saves();
            }
            Some(Err(e)) => ctx.warn(storage::write_message(&e)),
            None => {}
        }
        on_done.run(());
    };
    let body = view! {
        <form on:submit=move |ev| { ev.prevent_default(); save(); }>
            <label>
                {t("Name des Spielstands", "Name of the save")}
                <input type="text" data-test="slot-name" maxlength=crate::session::MAX_NAME_LEN.to_string()
                    prop:value=move || name.get()
                    on:input=move |ev| { name.set(event_target_value(&ev)); replacing.set(String::new()); } />
            </label>
            // Empty (and hidden by the stylesheet) until there is a question.
            <p class="error" role="alert" data-test="replace-question">{move || replacing.get()}</p>
            <div class="row">
                <button type="button" data-test="save-cancel" on:click=move |_| on_done.run(())>{t("Abbrechen", "Cancel")}</button>
                <button type="submit" class="primary" data-test="save-confirm">
                    {move || if replacing.with(String::is_empty) { t("Speichern", "Save") } else { t("Ersetzen", "Replace") }}
                </button>
            </div>
        </form>
    };
    let hint = t(
        "Gibt es den Namen schon, wirst du vor dem Ersetzen gefragt.",
        "If the name exists, you are asked before it is replaced.",
    );
    modal(
        t("Speichern unter …", "Save as …"),
        "save-as-dialog",
        "save-as-text",
        hint.to_string(),
        Some(on_done),
        body.into_any(),
    )
}
