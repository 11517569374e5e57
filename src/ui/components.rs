//! Components every game uses: messages, the hand-over cover, the move log, confirmations, the
//! end screen frame.

use super::i18n::{count_noun, t, tf};
use super::{AppCtx, GameHandle};
use crate::engine::Outcome;
use crate::session::Seat;
use crate::session::Stored;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The current message, if any. Errors stay until dismissed; notes too, but look calmer. Never
/// shown on the hand-over cover: a message is for the player at the device. The cover is the
/// game screen's only: a game left from under it ("Pause – zur Startseite") keeps its cover for
/// its return, while home, settings and every other screen show their messages (they were
/// silent there, issue 45).
#[component]
pub fn ToastView() -> impl IntoView {
    let ctx = AppCtx::get();
    move || {
        let at_game = matches!(ctx.route.get(), super::Route::Play(_) | super::Route::Guide(_));
        if at_game && ctx.cover.with(Option::is_some) {
            return None;
        }
        ctx.toast.get().map(|toast| {
            view! {
                <div class="toast" class:error=toast.error data-test="message" role="alert">
                    <span>{toast.text}{toast.detail.map(|d| folded_detail(d, "message-detail"))}</span>
                    <button class="icon" aria-label=t("Schließen", "Close") on:click=move |_| ctx.toast.set(None)>
                        "×"
                    </button>
                </div>
            }
        })
    }
}

/// The detail of a message, folded under it (`test`: its `data-test` name).
pub fn folded_detail(text: String, test: &'static str) -> impl IntoView {
    view! { <details class="detail"><summary>{t("Genauer", "Details")}</summary><code data-test=test>{text}</code></details> }
}

/// The cover between two players' turns. Nothing secret is rendered while it shows: the game
/// screens check `AppCtx::cover` before rendering a hand. Where the board is the same for
/// everybody (`public`), the cover is see-through, so the table watches the board while the
/// device is passed; it still takes every tap. `news`: what happened since `player`'s last move.
/// `extra`: a game's own question for the player who just moved (Vier mal Vier's take-back);
/// `undo`: their own move back ("↶ mein Zug"), beside "show".
#[component]
pub fn HandOver(
    seat: Seat,
    player: usize,
    public: bool,
    kind: crate::engine::GameKind,
    news: Vec<String>,
    extra: Option<AnyView>,
    undo: Option<AnyView>,
) -> impl IntoView {
    let ctx = AppCtx::get();
    let name = seat.name.clone();
    // Focus moves onto the cover (never stays behind it); after "show", back to the board.
    focus_soon("[data-test=reveal]");
    let news = (!news.is_empty()).then(|| {
        view! {
            <div class="handover-news" data-test="handover-news">
                <b>{t("Seit deinem letzten Zug", "Since your last move")}</b>
                <ul>{news.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
            </div>
        }
    });
    view! {
        <div class="handover" class:public=public data-test="handover" data-public=public.to_string() role="dialog" aria-modal="true" aria-labelledby="handover-title">
            <div class="handover-card">
                <p class="handover-title" id="handover-title">
                    <span class=format!("stone big c-{}", seat.color.id()) aria-hidden="true"></span>
                    {super::i18n::tf("Gib das Gerät an {} weiter", "Pass the device to {}", &[&name])}
                </p>
                <p class="hint">{crate::view::cover_hint(kind, public)}</p>
                {news}
                {extra}
                <div class="handover-actions">
                    <button
                        class="primary big"
                        data-test="reveal"
                        data-player=player.to_string()
                        // Once the page behind is no longer inert (a frame later).
                        on:click=move |_| { ctx.lift_cover(); after_paint(|| focus_first(".play-body [role=group] [tabindex='0']")) }
                    >
                        {super::i18n::tf("Ich bin {} – zeigen", "I am {} – show", &[&seat.name])}
                    </button>
                    {undo}
                    // Leaving is safe from here: the game is autosaved and nothing secret is shown.
                    <button class="quiet" data-test="handover-home" on:click=move |_| ctx.go(super::Route::Home)>
                        {t("Pause – zur Startseite", "Pause – back to home")}
                    </button>
                </div>
            </div>
        </div>
    }
}

/// Focuses the first element matching `css` once the page has drawn (a cover's or a question's
/// button; the board's tab stop, src/ui/keyboard.rs, after the cover). Nothing if none.
pub fn focus_soon(css: &'static str) {
    request_animation_frame(move || focus_first(css));
}

/// Focuses the first element matching `css` now. Nothing if none.
pub fn focus_first(css: &str) {
    if let Some(el) = document().query_selector(css).ok().flatten() {
        let _ = wasm_bindgen::JsCast::unchecked_ref::<web_sys::HtmlElement>(&el).focus();
    }
}

/// Runs `f` in a task of its own once the page has drawn its next frame: what can wait a frame
/// (the hand-over cover's card) then does not delay the frame that answers a tap.
pub fn after_paint(f: impl FnOnce() + 'static) {
    // A frame callback runs just before the frame is drawn; a timeout set there, after it.
    request_animation_frame(move || set_timeout(f, std::time::Duration::ZERO));
}

/// Catches taps for a moment after the cover is lifted, so a double or triple tap on "show"
/// never plays a move on the board underneath.
#[component]
pub fn TapShield() -> impl IntoView {
    let ctx = AppCtx::get();
    view! {
        <Show when=move || ctx.shield.get()>
            <div class="tap-shield" data-test="tap-shield" aria-hidden="true"
                on:click=|ev| { ev.prevent_default(); ev.stop_propagation(); }></div>
        </Show>
    }
}

/// The question before a new game pushes out the oldest of too many unfinished games.
#[component]
pub fn PendingQuestion() -> impl IntoView {
    let ctx = AppCtx::get();
    move || {
        let summary = ctx.pending.with(|p| p.as_ref().map(|p| p.oldest_summary.clone()))?;
        let text = super::i18n::tf(
            "Es sind schon {} angefangene Spiele gespeichert. Für das neue Spiel wird das älteste gelöscht: {}.",
            "{} unfinished games are stored already. The new game replaces the oldest: {}.",
            &[&crate::saves::MAX_UNFINISHED, &summary],
        );
        Some(
            view! { <Confirm text=text yes=t("Ältestes löschen", "Delete the oldest") on_answer=Callback::new(move |yes| ctx.answer_pending(yes)) /> },
        )
    }
}

/// Shown when another tab changed (or deleted) the game running here: this tab has stopped
/// saving it and offers to load that tab's game, or to keep this one as a game of its own.
#[component]
pub fn ConflictDialog() -> impl IntoView {
    let ctx = AppCtx::get();
    move || {
        let conflict = ctx.conflict.get()?;
        let reload = move |_| match ctx.record.get_untracked() {
            Some((id, _)) if conflict == crate::saves::Conflict::Changed => ctx.resume(&id),
            _ => {
                ctx.conflict.set(None);
                ctx.record.set(None);
                ctx.game.set(None);
                ctx.go(super::Route::Home);
            }
        };
        let body = view! {
            <div class="row">
                <button class="primary" data-test="conflict-reload" on:click=reload>
                    {match conflict {
                        crate::saves::Conflict::Changed => t("Spielstand von dort laden", "Load the game from there"),
                        _ => t("Zur Startseite", "Back to home"),
                    }}
                </button>
                <button data-test="conflict-keep" on:click=move |_| {
                    // What this tab shows may be an earlier state of the game the other tab went on with.
                    ctx.game.update(|g| if let Some(g) = g { super::storage::mark_if_rewound(g) });
                    ctx.store_as_new_game()
                }>
                    {t("Meinen Stand als eigenes Spiel behalten", "Keep mine as a game of its own")}
                </button>
            </div>
        };
        // No Escape: this tab saves nothing until the player chose.
        Some(modal(
            t("Nicht gespeichert", "Not saved"),
            "conflict",
            "conflict-text",
            super::storage::conflict_message(conflict).to_string(),
            None,
            body.into_any(),
        ))
    }
}

/// A keyed list of small parts, each made once per key and kept while its key stays: the one
/// `For` of every keyed list (the boards, hands and walls, the move log; each `For` type costs
/// kilobytes of Wasm). A part whose look changes gets a new key, or reads what changes itself.
pub fn keyed(keys: Signal<Vec<u16>>, part: Callback<u16, AnyView>) -> impl IntoView {
    view! { <For each=move || keys.get() key=|k| *k children=move |k| part.run(k) /> }
}

/// A board whose fields are drawn once and followed by one effect: `write(board, drawn)` writes
/// onto the fields of `board` what changed since `drawn` (everything the first time) and returns
/// what it drew; it re-runs when what it reads changes (a move changes the marks of many fields
/// at once: its cost then follows what it changed, not a reactive part per attribute and field).
/// It starts in the next frame, before that is painted (a task of its own: started with the
/// board it made opening a game one long task, 623 ms of blocking in Lighthouse), and writes
/// only into `board` (the rules page may show several). It ends with the component.
pub fn follow_board<T: Default + Send + Sync + 'static>(
    board: NodeRef<leptos::svg::Svg>,
    write: impl Fn(&web_sys::Element, Option<T>) -> T + 'static,
) {
    let mounted = RwSignal::new(false);
    request_animation_frame(move || mounted.set(true));
    let follows = RenderEffect::new(move |drawn| match mounted.get().then(|| board.get_untracked()).flatten() {
        Some(el) => write(&el, drawn),
        None => T::default(),
    });
    on_cleanup(move || drop(follows));
}

/// The move log, newest entry last. `lines` is already readable text.
#[component]
pub fn MoveLog(#[prop(into)] lines: Signal<Vec<String>>) -> impl IntoView {
    let ctx = AppCtx::get();
    // What a computer just did, or (for the person to move) everything since their last move:
    // read from the log, so a reload keeps it.
    let recent = move || {
        if ctx.cover.get().is_some() {
            return None;
        }
        let (from, since_mine) = ctx.game.with(|g| g.as_ref().and_then(crate::view::shell::news))?;
        let shown: Vec<String> = lines.with(|l| l.get(from..).map(<[String]>::to_vec)).unwrap_or_default();
        (!shown.is_empty()).then(|| {
            let title = if since_mine {
                t("Seit deinem letzten Zug", "Since your last move")
            } else {
                t("Zuletzt", "Just now")
            };
            view! {
                <div class="recent" data-test="recent" aria-live="polite">
                    <b>{title}</b>
                    <ul>{shown.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                </div>
            }
        })
    };
    view! {
        {recent}
        <details class="move-log" data-test="move-log" data-moves=move || lines.with(Vec::len).to_string()>
            <summary>
                {t("Spielverlauf", "Moves")}
                " (" {move || lines.with(Vec::len)} ")"
                {move || {
                    let n = ctx.game.with(|g| g.as_ref().map_or(0, crate::session::AnySession::hint_count));
                    (n > 0).then(|| view! { <span class="hint-count" data-test="hint-count">{format!(" · {n} {}", count_noun(n as u64, ("Tipp", "hint"), ("Tipps", "hints")))}</span> })
                }}
            </summary>
            <ol>
                // Keyed by place; a line's text follows the viewer (what it may show of a hand).
                {keyed(
                    Signal::derive(move || (0..lines.with(Vec::len).min(usize::from(u16::MAX))).map(|i| i as u16).collect()),
                    Callback::new(move |k: u16| view! { <li>{move || lines.with(|l| l.get(usize::from(k)).cloned())}</li> }.into_any()),
                )}
            </ol>
        </details>
    }
}

/// A modal yes/no question, named "Rückfrage" and described by `text`.
/// `on_answer(true)` for yes; "Abbrechen", Escape and any other closing answer no. Each
/// question is answered once: the first answer counts (the dialog's `close` event, which may
/// follow a button's answer, never adds a second). An `on_answer` must act only when its
/// argument is `true` (tools/tests/questions.rs checks every question). Focus starts on "cancel".
#[component]
pub fn Confirm(#[prop(into)] text: String, #[prop(into)] yes: String, on_answer: Callback<bool>) -> impl IntoView {
    // Read untracked: a flag. An RwSignal as elsewhere on the page (no new generic code in the first load).
    let answered = RwSignal::new(false);
    let answer = move |yes: bool| {
        if !answered.get_untracked() {
            answered.set(true);
            on_answer.run(yes);
        }
    };
    let body = view! {
        <div class="row">
            <button data-test="confirm-no" on:click=move |_| answer(false)>
                {t("Abbrechen", "Cancel")}
            </button>
            <button class="primary" data-test="confirm-yes" on:click=move |_| answer(true)>
                {yes}
            </button>
        </div>
    };
    modal(
        t("Rückfrage", "Question"),
        "confirm",
        "confirm-text",
        text,
        Some(Callback::new(move |_| answer(false))),
        body.into_any(),
    )
}

/// A modal dialog: the `<dialog>` element opened with showModal(), so focus moves into it (its
/// first control), Tab stays inside and everything behind is inert. Named `name`, described by
/// `text` (its element's id: `text_id`), then `body`. Escape (the browser closes the dialog)
/// runs `on_cancel`; without one the question stands until it is answered. `test`: its
/// data-test. Ids are fixed per kind of question: one of each is open at a time.
pub fn modal(
    name: &'static str,
    test: &'static str,
    text_id: &'static str,
    text: String,
    on_cancel: Option<Callback<()>>,
    body: AnyView,
) -> AnyView {
    let show = move || {
        let dialog = document().get_element_by_id(text_id).and_then(|t| t.parent_element());
        let open = dialog.as_ref().and_then(|d| js_sys::Reflect::get(d, &"showModal".into()).ok());
        if let (Some(d), Some(open)) = (dialog, open.and_then(|f| f.dyn_into::<js_sys::Function>().ok())) {
            if !d.has_attribute("open") {
                let _ = open.call0(&d);
            }
        }
    };
    // Once the dialog is in the page (showModal needs it there): the view is mounted in the
    // same task that builds it.
    queue_microtask(show);
    view! {
        // Closed by the browser (Escape, a back gesture): cancel, or ask again.
        <dialog class="modal" data-test=test aria-label=name aria-describedby=text_id
            on:close=move |_| match on_cancel { Some(cancel) => cancel.run(()), None => show() }>
            <p id=text_id>{text}</p>
            {body}
        </dialog>
    }
    .into_any()
}

/// The frame of every game's end screen: a headline, the game's own breakdown, what next
/// (a rematch with the same players and options, a new setup of the same game, home).
#[component]
pub fn EndScreen<G: Stored>(game: GameHandle<G>, #[prop(into)] headline: String, children: Children) -> impl IntoView {
    // Only the two callbacks depend on the game; the markup is built once for all games.
    let ctx = AppCtx::get();
    end_screen(
        headline,
        Callback::new(move |_| game.rematch()),
        Callback::new(move |_| ctx.go(super::Route::Setup(G::KIND))),
        children,
    )
}

fn end_screen(headline: String, on_rematch: Callback<()>, on_new: Callback<()>, children: Children) -> AnyView {
    let ctx = AppCtx::get();
    view! {
        <section class="end-screen" data-test="end-screen" aria-live="polite">
            <h2>{headline}</h2>
            // The actions before the details: a long result table never pushes them off screen.
            <div class="row">
                <button class="primary" data-test="rematch" on:click=move |_| on_rematch.run(())>
                    {t("Revanche", "Rematch")}
                </button>
                <button data-test="new-game" on:click=move |_| on_new.run(())>
                    {t("Neues Spiel", "New game")}
                </button>
                <button data-test="end-home" on:click=move |_| ctx.go(super::Route::Home)>
                    {t("Startseite", "Home")}
                </button>
            </div>
            // A game with take-backs says so (and a solo one made no high score).
            {move || {
                let made = ctx.game.with(|g| g.as_ref().map_or(0, crate::session::AnySession::takebacks_made));
                (made > 0).then(|| view! {
                    <p class="hint" data-test="takebacks-made">{tf("Mit Zugrücknahmen ({}).", "With moves taken back ({}).", &[&made])}</p>
                })
            }}
            {children()}
        </section>
    }
    .into_any()
}

/// Seat `seat`'s shape in its `color` (an SVG path), wherever the game marks something as a
/// seat's: colour and shape, never colour alone.
pub fn seat_mark(seat: usize, color: &str, cx: f64, cy: f64, r: f64) -> impl IntoView {
    view! { <path class=format!("seat-mark c-{color}") d=crate::view::seat_mark_path(seat, cx, cy, r) /> }
}

/// A player's name with their colour.
#[component]
pub fn PlayerTag(
    seat: Seat,
    /// The seat's number, where the game marks things by seat: the name then shows that seat's
    /// shape (view::seat_mark_path) in its colour; without it a round stone.
    #[prop(optional)]
    mark: Option<usize>,
) -> impl IntoView {
    let ctx = AppCtx::get();
    let level = seat.kind.level().map(level_name);
    let name = seat.name.clone();
    // Names are distinct within a game (clean_seats), so the name finds the seat.
    let thinking = move || {
        let Some(p) = ctx.computers.thinking.get() else { return false };
        ctx.game.with(|g| g.as_ref().and_then(|g| g.seats().get(p)).is_some_and(|s| s.name == name))
    };
    view! {
        <span class="player-tag">
            // Without a seat number, seat 0's shape: the round stone.
            <svg class="stone-mark" viewBox="0 0 20 20" aria-hidden="true">{seat_mark(mark.unwrap_or(0), seat.color.id(), 10.0, 10.0, 8.0)}</svg>
            <bdi class="player-name">{seat.name}</bdi>
            {level.map(|l| view! { <span class="seat-level" data-test="seat-level">{l}</span> })}
            <Show when=thinking>
                <span class="thinking" data-test="thinking" role="status">{t("denkt …", "thinking …")}</span>
            </Show>
        </span>
    }
}

/// Before a game's status line while the computers are paused: that they wait, and "Weiter".
/// While a computer is to move it stands in for the status line (the CSS hides the game's
/// prompt then: nobody at the table can act).
pub fn paused_note() -> impl IntoView {
    let ctx = AppCtx::get();
    let c = ctx.computers;
    let computer_to_move =
        move || ctx.game.with(|g| g.as_ref().is_some_and(|g| g.to_move().is_some() && g.person_to_move().is_none()));
    move || {
        c.paused.get().then(|| {
            view! {
                <div class="row paused" class:waiting=computer_to_move data-test="paused" role="status">
                    <span>{t("Pausiert – Computer warten.", "Paused – the computers wait.")}</span>
                    <button class="primary" data-test="resume" on:click=move |_| super::computer::set_paused(ctx, false)>{t("Weiter", "Go on")}</button>
                </div>
            }
        })
    }
}

/// A game's status line under the hand (a live region: a turn of the picked piece, a preview
/// are said aloud), after the note while the computers are paused. One function for every game.
pub fn status_line(text: Signal<String>) -> impl IntoView {
    view! {
        {paused_note()}
        <p class="status" data-test="status" aria-live="polite">{text}</p>
    }
}

/// The status line while someone else (a computer) is to move.
pub fn wait_for_turn() -> String {
    t("Warte, bis du dran bist.", "Wait for your turn.").to_string()
}

/// "Leicht", "Mittel", "Schwer" (computer levels).
pub fn level_name(level: crate::engine::bots::Level) -> &'static str {
    crate::view::shell::level_word(level)
}

/// Localised name of a player colour.
pub fn color_name(color: crate::session::PlayerColor) -> &'static str {
    use crate::session::PlayerColor::*;
    match color {
        Red => t("Rot", "Red"),
        Yellow => t("Gelb", "Yellow"),
        Green => t("Grün", "Green"),
        White => t("Weiß", "White"),
        Black => t("Schwarz", "Black"),
        Purple => t("Lila", "Purple"),
    }
}

/// A checkbox bound to one flag of a game's setup options.
pub fn option_check<O: Send + Sync + 'static>(
    options: RwSignal<O>,
    test: &'static str,
    label: &'static str,
    get: fn(&O) -> bool,
    set: fn(&mut O, bool),
) -> impl IntoView {
    view! {
        <label class="check">
            <input type="checkbox" data-test=test
                prop:checked=move || options.with(get)
                on:change=move |ev| { let on = event_target_checked(&ev); options.update(|o| set(o, on)) } />
            {label}
        </label>
    }
}

/// One choice of a radio group (setup: the player count, a seat's colour or kind, a game's
/// option): the chosen one is the group's one tab stop and arrows choose the next
/// (`keyboard::radio_keydown`); the CSS marks it with a ✓ and bold type, not by colour alone.
/// `label`: the accessible name where `text` is empty (a colour swatch).
pub fn choice(
    class: String,
    test: String,
    label: Option<&'static str>,
    text: String,
    chosen: Signal<bool>,
    choose: Callback<()>,
) -> AnyView {
    view! {
        <button role="radio" class=class data-test=test aria-label=label
            aria-checked=move || chosen.get().to_string()
            tabindex=move || if chosen.get() { "0" } else { "-1" }
            on:keydown=move |ev| super::keyboard::radio_keydown(&ev)
            on:click=move |_| choose.run(())>{text}</button>
    }
    .into_any()
}

/// The players, in seat order, with their points; the one to move marked. `row(p)`: whether
/// seat p is to move and its points (tracked). The rows are drawn once per seating; a move
/// changes only the marks and numbers that differ (a redrawn row would set all of them again).
pub fn score_list(seats: Signal<Vec<Seat>>, row: Callback<usize, Option<(bool, u32)>>) -> impl IntoView {
    view! {
        <ul class="players" data-test="players">
            {move || seats.get().into_iter().enumerate().map(|(p, seat)| {
                // One closure type for every part of the row that changes.
                let part = move |f: fn(bool, u32) -> Option<String>| move || row.run(p).and_then(|(now, score)| f(now, score));
                view! {
                    <li class="player" class:current=move || row.run(p).is_some_and(|r| r.0) aria-current=part(|now, _| now.then(|| "true".into()))
                        data-test="player-score" data-score=part(|_, score| Some(score.to_string()))>
                        <PlayerTag seat=seat mark=p />
                        <span class="counts"><b>{part(|_, score| Some(score.to_string()))}</b>{part(|_, score| Some(count_noun(u64::from(score), (" Punkt", " point"), (" Punkte", " points")).into()))}</span>
                    </li>
                }
            }).collect_view()}
        </ul>
    }
}

/// "Anna wins!", "Shared win: Anna, Ben" or "A draw." for a finished game.
pub fn outcome_headline(outcome: Option<Outcome>, name: impl Fn(usize) -> String) -> String {
    match outcome {
        Some(Outcome::Winners(w)) if w.len() == 1 => super::i18n::tf("{} gewinnt!", "{} wins!", &[&name(w[0])]),
        Some(Outcome::Winners(w)) if !w.is_empty() => {
            let names: Vec<String> = w.iter().map(|&p| name(p)).collect();
            super::i18n::tf("Geteilter Sieg: {}", "Shared win: {}", &[&names.join(", ")])
        }
        _ => t("Unentschieden.", "A draw.").to_string(),
    }
}

/// The text of a file next to the app (relative URL, so it works under any sub-path).
pub async fn fetch_text(url: &str) -> Option<String> {
    let response: web_sys::Response =
        wasm_bindgen_futures::JsFuture::from(web_sys::window()?.fetch_with_str(url)).await.ok()?.dyn_into().ok()?;
    if !response.ok() {
        return None;
    }
    wasm_bindgen_futures::JsFuture::from(response.text().ok()?).await.ok()?.as_string()
}
