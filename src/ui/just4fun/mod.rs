//! Just 4 Fun on screen: board, hand, players, log and end screen.

pub mod board;
pub mod result;

use crate::engine::just4fun::{Event, Just4Fun, Move, Options, RuleError};
use crate::engine::Game;
use crate::ui::components::{Confirm, PlayerTag};
use crate::ui::i18n::{count_noun, is_de, t};
use crate::ui::keyboard::{Preview, Roving};
use crate::ui::table_frame::{side_panel, table_frame, TableParts};
use crate::ui::{AppCtx, GameHandle};
use crate::view::just4fun::{self as view, error_text};
use board::{seat_side, side_arrow, Board};
use leptos::prelude::*;

impl crate::ui::games::GameScreens for Just4Fun {
    fn blurb() -> &'static str {
        t(
            "Karten zu einer Zahl zusammenzählen, Steine auf das Zahlenfeld setzen, Mehrheiten bilden – vier in einer Reihe gewinnt. 2–4 Spieler.",
            "Add cards up to a number, put stones on that field, build majorities – four in a row wins. 2–4 players.",
        )
    }

    fn options_form(options: RwSignal<Options>) -> AnyView {
        view! { <OptionsForm options=options /> }.into_any()
    }

    fn play() -> AnyView {
        PlayJust4Fun().into_any()
    }
}

#[component]
pub fn OptionsForm(options: RwSignal<Options>) -> impl IntoView {
    view! {
        <section>
            <h2>{t("Spielplan", "Board")}</h2>
            <label class="check">
                <input type="checkbox" data-test="opt-random-layout"
                    prop:checked=move || options.with(|o| o.random_layout)
                    on:change=move |ev| { let on = event_target_checked(&ev); options.update(|o| o.random_layout = on) } />
                {t("Zufällige Anordnung der Zahlen (statt des Standardplans)", "Random arrangement of the numbers (instead of the standard board)")}
            </label>
        </section>
    }
}

/// The cards of `hand` at `picked` positions.
fn picked_values(hand: &[u8], picked: &[usize]) -> Vec<u8> {
    picked.iter().filter_map(|&i| hand.get(i).copied()).collect()
}

/// Hand positions of the fewest cards (high ones first: they are harder to use later) among
/// the legal plays `plays` (card values) for field `number`. `None` when no legal play makes it.
fn cards_for(plays: &[Vec<u8>], hand: &[u8], number: u8) -> Option<Vec<usize>> {
    let best = plays
        .iter()
        .filter(|cards| cards.iter().map(|&c| u32::from(c)).sum::<u32>() == u32::from(number))
        .min_by_key(|cards| (cards.len(), std::cmp::Reverse(cards.iter().max().copied())))?;
    positions_in(hand, best)
}

/// The hand positions holding `values`, each position used once; `None` if one is missing.
fn positions_in(hand: &[u8], values: &[u8]) -> Option<Vec<usize>> {
    let mut used = vec![false; hand.len()];
    values
        .iter()
        .map(|v| {
            let i = (0..hand.len()).find(|&i| !used[i] && hand[i] == *v)?;
            used[i] = true;
            Some(i)
        })
        .collect()
}

#[component]
pub fn PlayJust4Fun() -> impl IntoView {
    let ctx = AppCtx::get();
    let game = GameHandle::<Just4Fun>::new(ctx);
    let picked = RwSignal::new(Vec::<usize>::new());
    let confirm_locked = RwSignal::new(None::<Vec<u8>>);

    let seats = game.seats();
    // Everything the board shows, the hand and the open plays: computed once per position and
    // viewer (the player whose private cards may be shown, never a computer's), from what that
    // viewer may see (`Seen`), never from the real state. A tap on a card changes only the
    // selection below, never this.
    let seen = move || game.seen_by(game.viewer());
    let model = Memo::new(move |_| {
        let last = game.with(|s| match s.log.last() {
            Some(Event::Placed { cell, .. }) => Some(*cell),
            _ => None,
        });
        seen().map(|seen| view::board(&seen, last.flatten())).unwrap_or_default()
    });
    // A hint from the Medium player shows as a selection (its cards, and so its field).
    let hinted = move || match crate::ui::computer::hint_for::<Just4Fun>(ctx) {
        Some(Move::Play { cards }) => model.with(|m| positions_in(&m.hand, &cards)).unwrap_or_default(),
        _ => Vec::new(),
    };
    // A hint shows over the person's own pick (they asked for it); their next pick clears it.
    let shown = Memo::new(move |_| {
        let hint = hinted();
        if hint.is_empty() {
            picked.get()
        } else {
            hint
        }
    });
    let showing_hint = move || !hinted().is_empty();
    let preview = Preview::new();
    let selection = move || model.with(|m| picked_values(&m.hand, &shown.get()));
    let sum = move || selection().iter().map(|&v| u32::from(v)).sum::<u32>();
    let target = Memo::new(move |_| model.with(|m| view::target(&m.hand, &shown.get())));
    let win_line = Signal::derive(move || seen().and_then(|s| s.observation().state().win().map(|(_, l)| l)));
    // "Place" is only offered for a play the rules allow (not, say, for a blocked field).
    let can_place = move || {
        let mut cards = selection();
        crate::engine::sort::sort(&mut cards);
        model.with(|m| m.plays.contains(&cards))
    };
    // No play is legal while the game runs: the only move is a new hand.
    let must_swap = Memo::new(move |_| game.person_to_move() && model.with(|m| m.must_swap));

    let play = move |cards: Vec<u8>| match game.play(&Move::Play { cards }) {
        Some(Ok(_)) => picked.set(Vec::new()),
        Some(Err(e)) => ctx.warn(error_text(&e, &seats.get_untracked())),
        None => {}
    };
    // Placing is the costly step: it happens on a second tap on the highlighted field (or the
    // button), and adding to one's own locked field asks first.
    let place = move || {
        let cards = untrack(selection);
        let Some(number) = target.get_untracked() else {
            return ctx.warn(error_text(&RuleError::SumNotAField { sum: untrack(sum) }, &seats.get_untracked()));
        };
        let own_locked = game.seen_untracked().and_then(|s| {
            let g = s.observation().state();
            let (cell, me) = (g.cell_of(number)?, g.to_move()?);
            (g.locked_by(cell) == Some(me)).then_some(())
        });
        let own_locked = own_locked.is_some();
        if own_locked {
            confirm_locked.set(Some(cards));
        } else {
            play(cards);
        }
    };
    let on_tap = Callback::new(move |cell: usize| {
        if !game.person_to_move_untracked() || must_swap.get_untracked() {
            return;
        }
        let Some(number) = game.seen_untracked().map(|s| s.observation().state().number_at(cell)) else {
            return;
        };
        if target.get_untracked() == Some(number) {
            // A second tap places, once the cards' target has been seen (not a double tap's).
            if preview.confirmable() {
                place();
            }
            return;
        }
        let blocker = game.seen_untracked().and_then(|s| {
            let g = s.observation().state();
            g.to_move().and_then(|me| g.blocked_by(me, cell))
        });
        let cards = model.with_untracked(|m| cards_for(&m.plays, &m.hand, number));
        match (blocker, cards) {
            (Some(by), _) => ctx.warn(error_text(&RuleError::Blocked { field: number, by }, &seats.get_untracked())),
            (None, Some(cards)) => {
                ctx.computers.hint.set(None);
                picked.set(cards);
                preview.shown();
            }
            (None, None) => ctx.warn(view::no_combination_text(number)),
        }
    });

    let selection_status = move || {
        let cards = selection();
        let status =
            |s: crate::view::Seen<_>| view::selection_status(&s, must_swap.get(), &cards, target.get(), &seats.get());
        seen().map(status).unwrap_or_default()
    };

    let status = move || {
        let text = selection_status();
        crate::view::hint_status(text, showing_hint())
    };

    table_frame(TableParts {
        game_class: "j4f",
        board_class: "",
        board: view! { <Board model=model target=target seats=seats win_line=win_line on_tap=on_tap /> }.into_any(),
        seats: view! { <Players game=game /> {piles(game)} }.into_any(),
        side: ViewFn::from(move || {
            side_panel(
                seen().is_some_and(|s| s.observation().state().outcome().is_some()),
                game.viewer().is_some(),
                || result::EndView(result::EndViewProps { game }).into_any(),
                || {
                    view! {
                        <div class="hand-area">
                            {hand(model, shown, must_swap, Callback::new(move |i: usize| {
                                let mut p = shown.get_untracked();
                                if let Some(pos) = p.iter().position(|&x| x == i) { p.remove(pos); } else { p.push(i); }
                                ctx.computers.hint.set(None);
                                picked.set(p);
                            }))}
                            {crate::ui::components::paused_note()}<p class="status" data-test="status" aria-live="polite">{status}</p>
                            <div class="row actions">
                                {move || if must_swap.get() {
                                    view! {
                                        <button class="primary big" data-test="new-hand" on:click=move |_| {
                                            if let Some(Err(e)) = game.play(&Move::NewHand) { ctx.warn(error_text(&e, &seats.get_untracked())) }
                                        }>{t("Karten abwerfen, 4 neue ziehen", "Discard hand, draw 4 new cards")}</button>
                                    }.into_any()
                                } else {
                                    view! {
                                        <button data-test="clear" disabled=move || shown.with(Vec::is_empty) on:click=move |_| { ctx.computers.hint.set(None); picked.set(Vec::new()) }>
                                            {t("Auswahl leeren", "Clear")}
                                        </button>
                                        <button class="primary" data-test="place" disabled=move || !can_place() on:click=move |_| place()>
                                            {move || match target.get() {
                                                Some(n) => if is_de() { format!("Setzen auf {n}") } else { format!("Place on {n}") },
                                                None => t("Setzen", "Place").to_string(),
                                            }}
                                        </button>
                                    }.into_any()
                                }}
                            </div>
                        </div>
                    }
                },
            )
        }),
        dialogs: Some(confirm_dialog(confirm_locked, Callback::new(play)).into_any()),
        open: None,
    })
}

/// Round and piles, open to all.
fn piles(game: GameHandle<Just4Fun>) -> impl IntoView {
    view! {
        <p class="piles" data-test="piles">
            {move || game.seen_by(game.viewer()).as_ref().map(view::piles_text)}
        </p>
    }
}

/// The question before a stone goes onto a field that is already safely the player's own.
fn confirm_dialog(confirm_locked: RwSignal<Option<Vec<u8>>>, play: Callback<Vec<u8>>) -> impl IntoView {
    move || {
        confirm_locked.get().map(|cards| {
            let number: u32 = cards.iter().map(|&c| u32::from(c)).sum();
            let text = if is_de() {
                format!("Feld {number} gehört dir schon sicher. Trotzdem noch einen Stein daraufsetzen?")
            } else {
                format!("Field {number} is already safely yours. Add another stone anyway?")
            };
            view! {
                <Confirm text=text yes=t("Ja, setzen", "Yes, place") on_answer=Callback::new(move |yes: bool| {
                    confirm_locked.set(None);
                    if yes { play.run(cards.clone()) }
                }) />
            }
        })
    }
}

/// The viewer's cards, one button each; a keyboard moves along them (keyboard.rs). While no
/// play is open they stay focusable but say so ("gesperrt") and do nothing.
fn hand(
    model: Memo<view::Board>,
    shown: Memo<Vec<usize>>,
    must_swap: Memo<bool>,
    on_toggle: Callback<usize>,
) -> impl IntoView {
    let roving = Roving::new(Signal::derive(move || model.with(|m| m.hand.len())));
    let toggle = move |i: usize| {
        if !must_swap.get_untracked() {
            on_toggle.run(i)
        }
    };
    view! {
        <div class="hand" data-test="hand" role="group" aria-label=t("Deine Karten", "Your cards")>
            // At most four cards, redrawn together when the hand changes (a keyed list would cost
            // the page more code); picking one changes only its aria-pressed.
            {move || {
                let locked = must_swap.get();
                let hand = model.with(|m| m.hand.clone());
                hand.into_iter().enumerate().map(|(i, value)| view! {
                    <button
                        class="card"
                        data-test="card"
                        data-value=value.to_string()
                        aria-pressed=move || shown.with(|p| p.contains(&i)).to_string()
                        aria-disabled=locked.then_some("true")
                        aria-label=view::card_name(value, locked)
                        tabindex=roving.tabindex(i)
                        on:focus=move |_| roving.focused(i)
                        on:keydown=move |ev| roving.keydown(&ev, 0, || toggle(i))
                        on:click=move |_| toggle(i)
                    >{value}</button>
                }).collect_view()
            }}
        </div>
    }
}

/// Each player: colour, name, seat side, stones left and in the box; the player to move marked.
#[component]
fn Players(game: GameHandle<Just4Fun>) -> impl IntoView {
    view! {
        <ul class="players" data-test="players">
            {move || game.with(|s| {
                let n = s.seats.len();
                s.seats.iter().cloned().enumerate().map(|(p, seat)| {
                    let current = s.state.to_move() == Some(p);
                    let supply = s.state.supply(p);
                    let boxed = s.state.boxed(p);
                    view! {
                        <li class="player" class:current=current aria-current=current.then_some("true")>
                            <span class="side" aria-hidden="true">{side_arrow(seat_side(p, n))}</span>
                            <PlayerTag seat=seat />
                            <span class="counts">
                                <b>{supply}</b>{count_noun(u64::from(supply), (" Stein", " stone"), (" Steine", " stones"))}
                                {(boxed > 0).then(|| view! { " · " <b>{boxed}</b>{t(" in der Box", " boxed")} })}
                            </span>
                        </li>
                    }
                }).collect_view()
            })}
        </ul>
    }
}
