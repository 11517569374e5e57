//! Gut angelegt on screen: the growing table, the hand of three, previews with the lines a card
//! would score, the lines of the last card, announcing lines, and the end screen.

pub mod board;
pub mod result;

use crate::engine::gutangelegt::{Event, GutAngelegt, Line, Move, Options, Place};
use crate::engine::Game;
use crate::session::Seat;
use crate::ui::components::keyed;
use crate::ui::components::{option_check, score_list, status_line};
use crate::ui::i18n::t;
use crate::ui::keyboard::{preview_confirmable, preview_shown, Roving};
use crate::ui::table_frame::{side_panel, table_frame, TableParts};
use crate::ui::{AppCtx, GameHandle, SeenMemo};
use crate::view::gutangelegt::{self as view, error_text, line_text, Selection};
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

    fn example(position: &str, mark: &[String]) -> Result<AnyView, String> {
        Ok(Self::position_view(&GutAngelegt::from_position(position)?, Vec::new(), mark))
    }

    /// (The cards' colours are the game's, not the seats'.)
    fn position_view(game: &Self, _seats: Vec<Seat>, mark: &[String]) -> AnyView {
        let table = view::example_table(game, mark);
        let tap = view::tap(&crate::view::Seen::of(game, None), &table, None);
        view! {
            <div class="ga-area">
                <Board table=Memo::new(move |_| table.clone()) tap=Memo::new(move |_| tap.clone()) announce=false
                    claim_start=Signal::stored(None) on_slot=Callback::new(|_| ()) on_field=Callback::new(|_| ()) />
            </div>
        }
        .into_any()
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

/// The person's turn at the table: what the viewer sees, the card picked, turned and placed,
/// the lines announced, and the moves they make. Copy, so every closure of the screen holds it.
#[derive(Clone, Copy)]
struct Turn {
    ctx: AppCtx,
    game: GameHandle<GutAngelegt>,
    /// What the viewer (whose hand may be shown, never a computer's) sees: the only input of
    /// this screen, made once per move and viewer.
    seen: SeenMemo<GutAngelegt>,
    picked: RwSignal<Option<u8>>,
    turned: RwSignal<bool>,
    chosen: RwSignal<Option<Place>>,
    claims: RwSignal<Vec<Line>>,
    /// Announcing: the first field of the line being marked.
    claim_start: RwSignal<Option<(usize, usize)>>,
    /// The selection on the table: a hint's (over the person's own pick: they asked for it;
    /// their next pick clears it), else the person's own.
    sel: Memo<Option<Selection>>,
    /// Once per position: the table and whether the person at the device lays now.
    table: Memo<view::Table>,
    /// Per tap: the hand as shown, the picked card on its place.
    tap: Memo<view::Tap>,
}

impl Turn {
    fn new(ctx: AppCtx) -> Turn {
        let game = GameHandle::<GutAngelegt>::new(ctx);
        let seen = game.seen_memo(|g| g.viewer());
        let (picked, turned, chosen, claims) =
            (RwSignal::new(None::<u8>), RwSignal::new(false), RwSignal::new(None::<Place>), RwSignal::new(Vec::new()));
        let sel = Memo::new(move |_| match crate::ui::computer::hint_for::<GutAngelegt>(ctx) {
            Some(Move::Lay { card, turned, place, claims }) => {
                Some(Selection { card, turned, place: Some(place), claims })
            }
            None => picked.get().map(|card| Selection {
                card,
                turned: turned.get(),
                place: chosen.get(),
                claims: claims.get(),
            }),
        });
        let laying = move || {
            game.person_to_move() && !seen.with(|s| s.as_ref().is_some_and(|s| s.observation().state().is_over()))
        };
        let table = Memo::new(move |_| {
            let laying = laying();
            seen.with(|seen| seen.as_ref().and_then(|seen| game.with(|s| view::table(seen, s.log.last(), laying))))
                .unwrap_or_default()
        });
        let tap = Memo::new(move |_| {
            let sel = sel.get().filter(|_| laying());
            seen.with(|seen| seen.as_ref().map(|seen| table.with(|t| view::tap(seen, t, sel.as_ref()))))
                .unwrap_or_default()
        });
        let claim_start = RwSignal::new(None);
        Turn { ctx, game, seen, picked, turned, chosen, claims, claim_start, sel, table, tap }
    }

    fn announce(self) -> bool {
        self.seen.with(|s| s.as_ref().is_some_and(|s| s.observation().state().options().announce))
    }

    fn over(self) -> bool {
        self.seen.with(|s| s.as_ref().is_some_and(|s| s.observation().state().is_over()))
    }

    fn reset(self) {
        self.picked.set(None);
        self.turned.set(false);
        self.chosen.set(None);
        self.claims.set(Vec::new());
        self.claim_start.set(None);
    }

    /// Acting on a shown hint makes it the person's own selection.
    fn adopt_hint(self) {
        if untrack(|| crate::ui::computer::hint_for::<GutAngelegt>(self.ctx)).is_some() {
            if let Some(s) = self.sel.get_untracked() {
                self.picked.set(Some(s.card));
                self.turned.set(s.turned);
                self.chosen.set(s.place);
                self.claims.set(s.claims);
            }
        }
        self.ctx.computers.hint.set(None);
    }

    fn lay(self) {
        self.adopt_hint();
        let (Some(card), Some(place)) = (self.picked.get_untracked(), self.chosen.get_untracked()) else { return };
        let mv = Move::Lay { card, turned: self.turned.get_untracked(), place, claims: self.claims.get_untracked() };
        match self.game.play(&mv) {
            Some(Ok(Event::Laid { corrected, .. })) => {
                self.reset();
                if !corrected.is_empty() {
                    self.ctx.say(view::corrected_text(&corrected));
                }
            }
            Some(Err(e)) => self.ctx.warn(error_text(&e)),
            None => {}
        }
    }

    /// A tap on a place: the picked card is shown there; a second tap lays it (unless lines
    /// are announced first).
    fn slot(self, place: Place) {
        self.adopt_hint();
        if self.picked.get_untracked().is_none() {
            return self.ctx.warn(t("Wähle zuerst eine Karte.", "Pick a card first."));
        }
        if self.chosen.get_untracked() == Some(place) && !untrack(|| self.announce()) {
            // A second tap lays, once the card has been seen there (not a double tap's).
            if preview_confirmable() {
                self.lay();
            }
        } else {
            self.chosen.set(Some(place));
            self.claims.set(Vec::new());
            self.claim_start.set(None);
            preview_shown();
        }
    }

    /// Announcing: tap a line's first field, then its last field.
    fn field(self, f: (usize, usize)) {
        self.adopt_hint();
        if !untrack(|| self.announce()) || self.chosen.get_untracked().is_none() {
            return;
        }
        match self.claim_start.get_untracked() {
            None => self.claim_start.set(Some(f)),
            Some(start) if start == f => self.claim_start.set(None),
            Some(start) => {
                self.claim_start.set(None);
                match view::claimed_line(start, f) {
                    Ok(line) => self.claims.update(|c| {
                        if !c.contains(&line) {
                            c.push(line)
                        }
                    }),
                    Err(text) => self.ctx.warn(text),
                }
            }
        }
    }

    /// A card of the hand picked (a new pick starts unturned, with no place).
    fn pick(self, id: u8) {
        self.ctx.computers.hint.set(None);
        if self.picked.get_untracked() != Some(id) {
            self.picked.set(Some(id));
            self.turned.set(false);
            self.chosen.set(None);
            self.claims.set(Vec::new());
        }
    }

    fn status(self) -> String {
        let announce = self.announce();
        if let Some(line) = crate::ui::computer::hint_line(self.ctx) {
            return line;
        }
        self.table.with(|t| self.tap.with(|p| self.sel.with(|s| view::prompt(t, p, s.as_ref(), announce))))
    }

    /// A hand card's key: its place in the hand (the keyboard order), the card and whether it
    /// is shown turned (turning redraws it).
    fn hand_keys(self) -> Vec<u16> {
        self.tap.with(|t| {
            t.hand
                .iter()
                .enumerate()
                .map(|(i, c)| (u16::from(c.id) * 2 + u16::from(c.colors != GutAngelegt::card(c.id))) << 2 | i as u16)
                .collect()
        })
    }
}

#[component]
pub fn PlayGutAngelegt() -> impl IntoView {
    let turn = Turn::new(AppCtx::get());
    let (on_slot, on_field) = (Callback::new(move |p| turn.slot(p)), Callback::new(move |f| turn.field(f)));
    let announce = Signal::derive(move || turn.announce());
    table_frame(TableParts {
        game_class: "gutangelegt",
        board_class: "ga-area",
        board: view! { <Board table=turn.table tap=turn.tap announce=announce claim_start=turn.claim_start on_slot=on_slot on_field=on_field /> }.into_any(),
        seats: seats_and_piles(turn.seen, turn.game.seats()).into_any(),
        side: ViewFn::from(move || {
            side_panel(
                turn.over(),
                turn.game.viewer().is_some(),
                || view! { <result::EndView game=turn.game seen=turn.seen /> }.into_any(),
                || hand_area(turn),
            )
        }),
        dialogs: None,
        open: None,
    })
}

/// Below the seats while the viewer may see their hand: the cards and "turn", the status,
/// "lay", and the lines announced.
fn hand_area(turn: Turn) -> impl IntoView {
    let roving = Roving::new(Signal::derive(move || turn.tap.with(|t| t.hand.len())));
    let card = Callback::new(move |key: u16| hand_card(turn, roving, usize::from(key & 3)));
    let flip = move |_| {
        turn.adopt_hint();
        turn.turned.update(|t| *t = !*t);
        turn.claims.set(Vec::new());
    };
    let no_place = move || turn.sel.with(|s| s.as_ref().is_none_or(|s| s.place.is_none()));
    view! {
        <div class="hand-area">
            <div class="hand ga-hand" data-test="hand">
                {keyed(Signal::derive(move || turn.hand_keys()), card)}
                <button class="ga-flip" data-test="flip" disabled=move || turn.sel.with(Option::is_none) on:click=flip>{t("⇅ Drehen", "⇅ Turn")}</button>
            </div>
            {status_line(Signal::derive(move || turn.status()))}
            // The button before the claims: however many lines are claimed, it stays in place.
            <div class="row actions">
                <button class="primary" data-test="place" disabled=move || !turn.game.person_to_move() || no_place() on:click=move |_| turn.lay()>
                    {move || if turn.announce() { t("Legen und ansagen", "Lay and announce") } else { t("Legen", "Lay") }}
                </button>
            </div>
            {move || (turn.announce() && !no_place()).then(|| claims_list(turn))}
        </div>
    }
}

/// Hand card `i`, a button showing its colours.
fn hand_card(turn: Turn, roving: Roving, i: usize) -> AnyView {
    let Some(card) = turn.tap.with_untracked(|t| t.hand.get(i).cloned()) else { return ().into_any() };
    let id = card.id;
    view! {
        <button class="ga-hand-card" data-test="hand-card" data-card=id.to_string()
            aria-pressed=move || turn.tap.with(|t| t.hand.iter().any(|c| c.id == id && c.picked)).to_string()
            aria-label=card.label tabindex=roving.tabindex(i) on:focus=move |_| roving.focused(i)
            on:click=move |_| turn.pick(id) on:keydown=move |ev| roving.keydown(&ev, 0, || turn.pick(id))>
            {card_svg(card.colors)}
        </button>
    }
    .into_any()
}

/// The lines announced with the card, each with its points and a button to take it back.
fn claims_list(turn: Turn) -> impl IntoView {
    view! {
        <ul class="ga-claims" data-test="claims">
            {move || turn.sel.get().map(|s| s.claims).unwrap_or_default().into_iter().map(|l| view! {
                <li>
                    {format!("{} ({})", line_text(l), l.points())}
                    <button class="icon" aria-label=t("entfernen", "remove") on:click=move |_| { turn.adopt_hint(); turn.claims.update(|c| c.retain(|x| *x != l)) }>"×"</button>
                </li>
            }).collect_view()}
        </ul>
    }
}

/// The scores, and the cards on the table and face down, open to all.
fn seats_and_piles(seen: SeenMemo<GutAngelegt>, seats: Signal<Vec<Seat>>) -> impl IntoView {
    // What the whole table sees: the list stays while the device passes and is redrawn in place.
    let table = GameHandle::<GutAngelegt>::new(AppCtx::get()).seen_memo(|_| None);
    let row = Callback::new(move |p| {
        table.with(|s| s.as_ref().map(|s| s.observation().state()).map(|g| (g.to_move() == Some(p), g.score(p))))
    });
    view! {
        {score_list(seats, row)}
        <p class="piles" data-test="piles">{move || seen.with(|s| s.as_ref().map(view::piles_text))}</p>
    }
}
