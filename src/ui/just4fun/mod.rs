//! Just 4 Fun on screen: board, hand, players, log and end screen.

pub mod board;
pub mod notation;
pub mod result;

use crate::engine::just4fun::{Event, Just4Fun, Move, Options, RuleError};
use crate::engine::Game;
use crate::session::Seat;
use crate::ui::components::{Confirm, PlayerTag};
use crate::ui::i18n::{count_noun, is_de, t};
use crate::ui::keyboard::{Preview, Roving};
use crate::ui::table_frame::{side_panel, table_frame, TableParts};
use crate::ui::{AppCtx, GameHandle};
use crate::view::just4fun as view;
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

pub fn error_text(e: &RuleError, seats: &[Seat]) -> String {
    let name = |p: usize| seats.get(p).map_or("?".to_string(), |s| s.name.clone());
    match e {
        RuleError::GameOver => t("Das Spiel ist vorbei.", "The game is over.").into(),
        RuleError::NoCards => t("Wähle mindestens eine Karte.", "Pick at least one card.").into(),
        RuleError::TooManyCards { .. } => t("Höchstens vier Karten auf einmal.", "At most four cards at once.").into(),
        RuleError::CardsNotInHand => {
            t("Diese Karten hast du nicht auf der Hand.", "You don't hold these cards.").into()
        }
        RuleError::SumNotAField { sum } => {
            if is_de() {
                format!("Summe {sum} – dafür gibt es kein Feld (höchstens 36).")
            } else {
                format!("Sum {sum} – there is no such field (36 at most).")
            }
        }
        RuleError::Blocked { field, by } => {
            if is_de() {
                format!("Feld {field} ist für dich gesperrt: {} hat dort mindestens 2 Steine mehr als du.", name(*by))
            } else {
                format!("Field {field} is blocked for you: {} has at least 2 stones more there.", name(*by))
            }
        }
        RuleError::MustPlay => t(
            "Du kannst noch Karten spielen – neue Karten gibt es nur, wenn nichts passt.",
            "You can still play – new cards only when nothing fits.",
        )
        .into(),
    }
}

#[component]
pub fn PlayJust4Fun() -> impl IntoView {
    let ctx = AppCtx::get();
    let game = GameHandle::<Just4Fun>::new(ctx);
    let picked = RwSignal::new(Vec::<usize>::new());
    let confirm_locked = RwSignal::new(None::<Vec<u8>>);

    let seats = game.seats();
    // Everything the board shows, the hand and the open plays: computed once per position and
    // viewer (the player whose private cards may be shown, never a computer's). A tap on a
    // card changes only the selection below, never this.
    let model = Memo::new(move |_| {
        let viewer = game.viewer();
        game.with(|s| {
            let last = match s.log.last() {
                Some(Event::Placed { cell, .. }) => Some(*cell),
                _ => None,
            };
            view::board(&s.state, viewer, last)
        })
        .unwrap_or_default()
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
    let win_line = Signal::derive(move || game.with(|s| s.state.win().map(|(_, line)| line)).flatten());
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
        let own_locked = game
            .with_untracked(|s| {
                let cell = s.state.cell_of(number)?;
                let me = s.state.to_move()?;
                (s.state.locked_by(cell) == Some(me)).then_some(())
            })
            .flatten()
            .is_some();
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
        let Some(number) = game.with_untracked(|s| s.state.number_at(cell)) else { return };
        if target.get_untracked() == Some(number) {
            // A second tap places, once the cards' target has been seen (not a double tap's).
            if preview.confirmable() {
                place();
            }
            return;
        }
        let blocker = game.with_untracked(|s| s.state.to_move().and_then(|me| s.state.blocked_by(me, cell))).flatten();
        let cards = model.with_untracked(|m| cards_for(&m.plays, &m.hand, number));
        match (blocker, cards) {
            (Some(by), _) => ctx.warn(error_text(&RuleError::Blocked { field: number, by }, &seats.get_untracked())),
            (None, Some(cards)) => {
                ctx.computers.hint.set(None);
                picked.set(cards);
                preview.shown();
            }
            (None, None) => ctx.warn(if is_de() {
                format!("Keine Kombination deiner Karten ergibt {number}.")
            } else {
                format!("No combination of your cards makes {number}.")
            }),
        }
    });

    let selection_status = move || {
        if must_swap.get() {
            return t("Keine Kombination passt auf ein erlaubtes Feld.", "No combination fits a field you may use.")
                .to_string();
        }
        let total = sum();
        let cards = selection();
        if cards.is_empty() {
            return t("Karten wählen – oder ein markiertes Feld.", "Choose cards – or a marked field.").to_string();
        }
        let parts: Vec<String> = cards.iter().map(u8::to_string).collect();
        let expr = format!("{} = {total}", parts.join(" + "));
        match target.get() {
            None => format!("{expr} – {}", t("kein Feld (höchstens 36)", "no field (36 at most)")),
            Some(n) => {
                let blocked = game
                    .with(|s| s.state.cell_of(n).zip(s.state.to_move()).and_then(|(c, p)| s.state.blocked_by(p, c)))
                    .flatten();
                match blocked {
                    Some(by) => error_text(&RuleError::Blocked { field: n, by }, &seats.get()),
                    None => format!("{expr} – {}", t("das Feld wählen oder „Setzen“", "choose the field or “Place”")),
                }
            }
        }
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
                game.with(|s| s.state.outcome().is_some()).unwrap_or(false),
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
            {move || game.with(|s| {
                let round = s.state.round();
                let draw = s.state.draw_pile_len();
                let discard = s.state.discard_len();
                let top = s.state.discard_top().map(|c| format!(" ({})", c)).unwrap_or_default();
                if is_de() {
                    format!("Runde {round} · Nachziehstapel {draw} · Ablage {discard}{top}")
                } else {
                    format!("Round {round} · draw pile {draw} · discard {discard}{top}")
                }
            })}
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
