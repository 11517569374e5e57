//! Gut angelegt on screen: the growing table, the hand of three, previews with the lines a card
//! would score, the lines of the last card, announcing lines, and the end screen.

pub mod board;
pub mod result;

use crate::engine::gutangelegt::{Event, GutAngelegt, Line, Move, Options, Place};
use crate::engine::Game;
use crate::ui::components::keyed;
use crate::ui::components::{option_check, score_list};
use crate::ui::i18n::{is_de, t};
use crate::ui::keyboard::{Preview, Roving};
use crate::ui::table_frame::{side_panel, table_frame, TableParts};
use crate::ui::{AppCtx, GameHandle};
use crate::view::gutangelegt::{self as view, error_text, line_text, lines_text, Selection};
use board::{card_svg, Board};
use leptos::prelude::*;

impl crate::ui::games::GameScreens for GutAngelegt {
    fn blurb() -> &'static str {
        t(
            "Farbkarten in vier Zeilen zu zwölf anlegen – lange Reihen gleicher Farbe bringen Punkte, diagonale doppelt. 2–4 Spieler.",
            "Lay colour cards into four rows of twelve – long lines of one colour score, diagonals double. 2–4 players.",
        )
    }

    fn options_form(options: RwSignal<Options>) -> AnyView {
        view! { <OptionsForm options=options /> }.into_any()
    }

    fn play() -> AnyView {
        PlayGutAngelegt().into_any()
    }
}

#[component]
pub fn OptionsForm(options: RwSignal<Options>) -> impl IntoView {
    view! {
        <section>
            <h2>{t("Wertung", "Scoring")}</h2>
            {option_check(options, "opt-announce", t("Ansagen: Reihen selbst markieren – nur angesagte Reihen zählen", "Announce: mark your lines yourself – only announced lines score"), |o| o.announce, |o, v| o.announce = v)}
            <p class="hint">{t("Ohne diese Option wertet die App jede Karte selbst und zeigt die Reihen.", "Without it the app scores every card and shows the lines.")}</p>
        </section>
    }
}

#[component]
pub fn PlayGutAngelegt() -> impl IntoView {
    let ctx = AppCtx::get();
    let game = GameHandle::<GutAngelegt>::new(ctx);
    let picked = RwSignal::new(None::<u8>);
    let turned = RwSignal::new(false);
    let chosen = RwSignal::new(None::<Place>);
    let claims = RwSignal::new(Vec::<Line>::new());
    let claim_start = RwSignal::new(None::<(usize, usize)>);
    let reset = move || {
        picked.set(None);
        turned.set(false);
        chosen.set(None);
        claims.set(Vec::new());
        claim_start.set(None);
    };

    // Whose hand may be shown (never a computer's), and whether that person may act now.
    let viewer = move || game.viewer();
    let acting = move || game.person_to_move();
    // The selection on the table: a hint's (shown over the person's own pick: they asked for it;
    // their next pick clears it), else the person's own.
    let hinted = move || crate::ui::computer::hint_for::<GutAngelegt>(ctx);
    let sel = Memo::new(move |_| match hinted() {
        Some(Move::Lay { card, turned, place, claims }) => Some(Selection { card, turned, place: Some(place), claims }),
        None => {
            picked.get().map(|card| Selection { card, turned: turned.get(), place: chosen.get(), claims: claims.get() })
        }
    });
    // Acting on a shown hint makes it the person's own selection.
    let adopt_hint = move || {
        if untrack(hinted).is_some() {
            if let Some(s) = sel.get_untracked() {
                picked.set(Some(s.card));
                turned.set(s.turned);
                chosen.set(s.place);
                claims.set(s.claims);
            }
        }
        ctx.computers.hint.set(None);
    };
    let preview = Preview::new();
    // From what the viewer sees (`Seen`), never from the real state.
    let seen = move || game.seen_by(viewer());
    let announce = move || seen().is_some_and(|s| s.observation().state().options().announce);
    let over = move || seen().is_some_and(|s| s.observation().state().is_over());

    // Once per position: the table and whether the person at the device lays now.
    let laying = move || acting() && !over();
    let table = Memo::new(move |_| {
        let laying = laying();
        seen().and_then(|seen| game.with(|s| view::table(&seen, s.log.last(), laying))).unwrap_or_default()
    });
    // Per tap: the hand as shown, the picked card on its place.
    let tap = Memo::new(move |_| {
        let sel = sel.get().filter(|_| laying());
        seen().map(|seen| table.with(|t| view::tap(&seen, t, sel.as_ref()))).unwrap_or_default()
    });
    // A hand card's key: its place in the hand (the keyboard order), the card and whether it is
    // shown turned (turning redraws it).
    let hand_keys = Signal::derive(move || {
        tap.with(|t| {
            t.hand
                .iter()
                .enumerate()
                .map(|(i, c)| (u16::from(c.id) * 2 + u16::from(c.colors != GutAngelegt::card(c.id))) << 2 | i as u16)
                .collect::<Vec<u16>>()
        })
    });
    let roving = Roving::new(Signal::derive(move || tap.with(|t| t.hand.len())));

    let lay = move || {
        adopt_hint();
        let (Some(card), Some(place)) = (picked.get_untracked(), chosen.get_untracked()) else { return };
        let mv = Move::Lay { card, turned: turned.get_untracked(), place, claims: claims.get_untracked() };
        match game.play(&mv) {
            Some(Ok(Event::Laid { corrected, .. })) => {
                reset();
                if !corrected.is_empty() {
                    let struck = lines_text(&corrected);
                    ctx.say(if is_de() {
                        format!("Korrigiert: {struck} punktet so nicht (0 Punkte). Die Karte liegt, richtige Ansagen zählen.")
                    } else {
                        format!("Corrected: {struck} does not score like that (0 points). The card stays; right claims count.")
                    });
                }
            }
            Some(Err(e)) => ctx.warn(error_text(&e)),
            None => {}
        }
    };
    let on_slot = Callback::new(move |place: Place| {
        adopt_hint();
        if picked.get_untracked().is_none() {
            return ctx.warn(t("Wähle zuerst eine Karte.", "Pick a card first."));
        }
        if chosen.get_untracked() == Some(place) && !announce() {
            // A second tap lays, once the card has been seen there (not a double tap's).
            if preview.confirmable() {
                lay();
            }
        } else {
            chosen.set(Some(place));
            claims.set(Vec::new());
            claim_start.set(None);
            preview.shown();
        }
    });
    // Announcing: tap a line's first field, then its last field.
    let on_field = Callback::new(move |f: (usize, usize)| {
        adopt_hint();
        if !announce() || chosen.get_untracked().is_none() {
            return;
        }
        match claim_start.get_untracked() {
            None => claim_start.set(Some(f)),
            Some(start) if start == f => claim_start.set(None),
            Some(start) => {
                claim_start.set(None);
                let line = Line { from: start, to: f }.normalized();
                let (dx, dy) = (start.0.abs_diff(f.0), start.1.abs_diff(f.1));
                if !(dx == 0 || dy == 0 || dx == dy) || line.len() < 3 {
                    return ctx.warn(t(
                        "Eine Reihe ist gerade (waagerecht, senkrecht oder diagonal) und mindestens 3 Felder lang.",
                        "A line is straight (across, up or diagonal) and at least 3 fields long.",
                    ));
                }
                claims.update(|c| {
                    if !c.contains(&line) {
                        c.push(line)
                    }
                });
            }
        }
    });

    let status = move || {
        let text = table.with(|t| tap.with(|p| sel.with(|s| view::prompt(t, p, s.as_ref(), announce()))));
        crate::view::hint_status(text, hinted().is_some())
    };

    let hand_card = Callback::new(move |key: u16| {
        let i = usize::from(key & 3);
        let Some(card) = tap.with_untracked(|t| t.hand.get(i).cloned()) else { return ().into_any() };
        let id = card.id;
        let pick = move |_: ()| {
            ctx.computers.hint.set(None);
            if picked.get_untracked() != Some(id) {
                picked.set(Some(id));
                turned.set(false);
                chosen.set(None);
                claims.set(Vec::new());
            }
        };
        view! {
            <button class="ga-hand-card" data-test="hand-card" data-card=id.to_string()
                aria-pressed=move || tap.with(|t| t.hand.iter().any(|c| c.id == id && c.picked)).to_string()
                aria-label=card.label tabindex=roving.tabindex(i) on:focus=move |_| roving.focused(i)
                on:click=move |_| pick(()) on:keydown=move |ev| roving.keydown(&ev, 0, || pick(()))>
                {card_svg(card.colors)}
            </button>
        }
        .into_any()
    });

    table_frame(TableParts {
        game_class: "gutangelegt",
        board_class: "ga-area",
        board: view! { <Board table=table tap=tap announce=Signal::derive(announce) claim_start=claim_start on_slot=on_slot on_field=on_field /> }.into_any(),
        seats: seats_and_piles(game).into_any(),
        side: ViewFn::from(move || {
            side_panel(over(), viewer().is_some(), || view! { <result::EndView game=game /> }.into_any(), || view! {
                <div class="hand-area">
                    <div class="hand ga-hand" data-test="hand">
                        {keyed(hand_keys, hand_card)}
                        <button class="ga-flip" data-test="flip" disabled=move || sel.with(Option::is_none)
                            on:click=move |_| { adopt_hint(); turned.update(|t| *t = !*t); claims.set(Vec::new()); }>{t("⇅ Drehen", "⇅ Turn")}</button>
                    </div>
                    {crate::ui::components::paused_note()}<p class="status" data-test="status" aria-live="polite">{status}</p>
                    // The button before the claims: however many lines are claimed, it stays in place.
                    <div class="row actions">
                        <button class="primary" data-test="place" disabled=move || !acting() || sel.with(|s| s.as_ref().is_none_or(|s| s.place.is_none())) on:click=move |_| lay()>
                            {move || if announce() { t("Legen und ansagen", "Lay and announce") } else { t("Legen", "Lay") }}
                        </button>
                    </div>
                    {move || (announce() && sel.with(|s| s.as_ref().is_some_and(|s| s.place.is_some()))).then(|| view! {
                        <ul class="ga-claims" data-test="claims">
                            {move || sel.get().map(|s| s.claims).unwrap_or_default().into_iter().map(|l| view! {
                                <li>
                                    {format!("{} ({})", line_text(l), l.points())}
                                    <button class="icon" aria-label=t("entfernen", "remove") on:click=move |_| { adopt_hint(); claims.update(|c| c.retain(|x| *x != l)) }>"×"</button>
                                </li>
                            }).collect_view()}
                        </ul>
                    })}
                </div>
            })
        }),
        dialogs: None,
        open: None,
    })
}

/// The scores, and the cards on the table and face down, open to all.
fn seats_and_piles(game: GameHandle<GutAngelegt>) -> impl IntoView {
    view! {
        {move || game.with(|s| score_list(s.seats.iter().cloned().enumerate().map(|(p, seat)| (seat, s.state.to_move() == Some(p), s.state.score(p))).collect()))}
        <p class="piles" data-test="piles">{move || game.with(|s| {
            let (laid, draw) = (s.state.cards_on_table(), s.state.draw_len());
            if is_de() { format!("Auf dem Tisch: {laid} von 48 · verdeckt: {draw}") } else { format!("On the table: {laid} of 48 · face down: {draw}") }
        })}</p>
    }
}
