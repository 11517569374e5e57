//! Just 4 Fun on screen: board, hand, players, log and end screen.

pub mod board;
pub mod result;

use crate::engine::just4fun::{Event, Just4Fun, Move, Options, RuleError};
use crate::engine::Game;
use crate::session::Seat;
use crate::ui::components::{status_line, Confirm, PlayerTag};
use crate::ui::i18n::{count_noun, t, tf};
use crate::ui::keyboard::{preview_confirmable, preview_shown, Roving};
use crate::ui::table_frame::{side_panel, table_frame, TableParts};
use crate::ui::{AppCtx, GameHandle, SeenMemo};
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

    fn example(position: &str, mark: &[String]) -> Result<AnyView, String> {
        let game = Just4Fun::from_position(position)?;
        Ok(Self::position_view(&game, crate::view::example_seats(game.player_count()), mark))
    }

    fn position_view(game: &Self, seats: Vec<Seat>, mark: &[String]) -> AnyView {
        let model = view::example_board(game, mark);
        view! {
            <Board model=Memo::new(move |_| model.clone()) target=Memo::new(|_| None) seats=seats
                win_line=Signal::stored(None) on_tap=Callback::new(|_| ()) />
        }
        .into_any()
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

/// A hint from the Medium player, as the hand positions of its cards (and so its field).
fn hinted(ctx: AppCtx, model: Memo<view::Board>) -> Vec<usize> {
    match crate::ui::computer::hint_for::<Just4Fun>(ctx) {
        Some(Move::Play { cards }) => model.with(|m| positions_in(&m.hand, &cards)).unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// The person's turn at the table: what the viewer sees, the cards they picked, and the moves
/// they make. Copy, so every closure of the screen holds it.
#[derive(Clone, Copy)]
struct Turn {
    ctx: AppCtx,
    game: GameHandle<Just4Fun>,
    seats: Signal<Vec<Seat>>,
    /// What the viewer (the player whose private cards may be shown, never a computer's) sees:
    /// the only input of this screen, made once per move and viewer.
    seen: SeenMemo<Just4Fun>,
    /// Everything the board shows, the hand and the open plays: once per position and viewer.
    /// A tap on a card changes only the selection, never this.
    model: Memo<view::Board>,
    picked: RwSignal<Vec<usize>>,
    /// The hand positions shown as picked: a hint's (over the person's own pick: they asked for
    /// it; their next pick clears it), else the person's own.
    shown: Memo<Vec<usize>>,
    /// The field the shown cards add up to.
    target: Memo<Option<u8>>,
    /// No play is legal while the game runs: the only move is a new hand.
    must_swap: Memo<bool>,
    /// The cards waiting for the answer whether to add to an own locked field.
    confirm_locked: RwSignal<Option<Vec<u8>>>,
}

impl Turn {
    fn new(ctx: AppCtx) -> Turn {
        let game = GameHandle::<Just4Fun>::new(ctx);
        let picked = RwSignal::new(Vec::<usize>::new());
        let seen = game.seen_memo(|g| g.viewer());
        let model = Memo::new(move |_| {
            let last = game.with(|s| match s.log.last() {
                Some(Event::Placed { cell, .. }) => Some(*cell),
                _ => None,
            });
            seen.with(|seen| seen.as_ref().map(|seen| view::board(seen, last.flatten())).unwrap_or_default())
        });
        let shown = Memo::new(move |_| {
            let hint = hinted(ctx, model);
            if hint.is_empty() {
                picked.get()
            } else {
                hint
            }
        });
        Turn {
            ctx,
            game,
            seats: game.seats(),
            seen,
            model,
            picked,
            shown,
            target: Memo::new(move |_| model.with(|m| view::target(&m.hand, &shown.get()))),
            must_swap: Memo::new(move |_| game.person_to_move() && model.with(|m| m.must_swap)),
            confirm_locked: RwSignal::new(None),
        }
    }

    /// The picked cards' values.
    fn selection(self) -> Vec<u8> {
        self.model.with(|m| picked_values(&m.hand, &self.shown.get()))
    }

    /// "Place" is only offered for a play the rules allow (not, say, for a blocked field).
    fn can_place(self) -> bool {
        let mut cards = self.selection();
        crate::engine::sort::sort(&mut cards);
        self.model.with(|m| m.plays.contains(&cards))
    }

    fn warn(self, e: RuleError) {
        self.ctx.warn(error_text(&e, &self.seats.get_untracked()));
    }

    fn play(self, mv: Move) {
        match self.game.play(&mv) {
            Some(Ok(_)) => self.picked.set(Vec::new()),
            Some(Err(e)) => self.warn(e),
            None => {}
        }
    }

    /// Placing is the costly step: it happens on a second tap on the highlighted field (or the
    /// button), and adding to one's own locked field asks first.
    fn place(self) {
        let cards = untrack(|| self.selection());
        let Some(number) = self.target.get_untracked() else {
            let sum = cards.iter().map(|&v| u32::from(v)).sum();
            return self.warn(RuleError::SumNotAField { sum });
        };
        let own_locked = self.seen.with_untracked(|s| {
            let g = s.as_ref()?.observation().state();
            let (cell, me) = (g.cell_of(number)?, g.to_move()?);
            Some(g.locked_by(cell) == Some(me))
        });
        if own_locked == Some(true) {
            self.confirm_locked.set(Some(cards));
        } else {
            self.play(Move::Play { cards });
        }
    }

    /// A tap on a field: the fewest cards that make it, shown as a preview; a second tap places.
    fn tap(self, cell: usize) {
        if !self.game.person_to_move_untracked() || self.must_swap.get_untracked() {
            return;
        }
        let Some((number, blocker)) = self.seen.with_untracked(|s| {
            let g = s.as_ref()?.observation().state();
            Some((g.number_at(cell), g.to_move().and_then(|me| g.blocked_by(me, cell))))
        }) else {
            return;
        };
        if self.target.get_untracked() == Some(number) {
            // A second tap places, once the cards' target has been seen (not a double tap's).
            if preview_confirmable() {
                self.place();
            }
            return;
        }
        match (blocker, self.model.with_untracked(|m| cards_for(&m.plays, &m.hand, number))) {
            (Some(by), _) => self.warn(RuleError::Blocked { field: number, by }),
            (None, Some(cards)) => {
                self.pick(cards);
                preview_shown();
            }
            (None, None) => self.ctx.warn(view::no_combination_text(number)),
        }
    }

    /// The person's own pick (a hint on show goes).
    fn pick(self, cards: Vec<usize>) {
        self.ctx.computers.hint.set(None);
        self.picked.set(cards);
    }

    /// A card of the hand picked or put back.
    fn toggle(self, i: usize) {
        let mut p = self.shown.get_untracked();
        if let Some(pos) = p.iter().position(|&x| x == i) {
            p.remove(pos);
        } else {
            p.push(i);
        }
        self.pick(p);
    }

    fn status(self) -> String {
        if let Some(line) = crate::ui::computer::hint_line(self.ctx) {
            return line;
        }
        let cards = self.selection();
        let (must_swap, target) = (self.must_swap.get(), self.target.get());
        let text = self
            .seen
            .with(|s| s.as_ref().map(|s| view::selection_status(s, must_swap, &cards, target, &self.seats.get())));
        text.unwrap_or_default()
    }
}

#[component]
pub fn PlayJust4Fun() -> impl IntoView {
    let turn = Turn::new(AppCtx::get());
    let (game, seen) = (turn.game, turn.seen);
    let win_line = Signal::derive(move || {
        seen.with(|s| s.as_ref().and_then(|s| s.observation().state().win().map(|(_, line)| line)))
    });
    let over = move || seen.with(|s| s.as_ref().is_some_and(|s| s.observation().state().outcome().is_some()));
    let on_tap = Callback::new(move |cell: usize| turn.tap(cell));
    table_frame(TableParts {
        game_class: "j4f",
        board_class: "",
        board: view! { <Board model=turn.model target=turn.target seats=turn.seats win_line=win_line on_tap=on_tap /> }
            .into_any(),
        seats: view! { <Players seats=turn.seats /> {piles(seen)} }.into_any(),
        side: ViewFn::from(move || {
            side_panel(
                over(),
                game.viewer().is_some(),
                || view! { <result::EndView game=game seen=seen /> }.into_any(),
                || hand_area(turn),
            )
        }),
        dialogs: Some(confirm_dialog(turn).into_any()),
        open: None,
    })
}

/// Below the seats while the viewer may see their cards: the hand, the status and the actions.
fn hand_area(turn: Turn) -> impl IntoView {
    view! {
        <div class="hand-area">
            {hand(turn)}
            {status_line(Signal::derive(move || turn.status()))}
            <div class="row actions">{move || actions(turn)}</div>
        </div>
    }
}

/// A new hand when no play is open; else clearing the pick and placing it.
fn actions(turn: Turn) -> AnyView {
    if turn.must_swap.get() {
        return view! {
            <button class="primary big" data-test="new-hand" on:click=move |_| turn.play(Move::NewHand)>
                {t("Karten abwerfen, 4 neue ziehen", "Discard hand, draw 4 new cards")}
            </button>
        }
        .into_any();
    }
    view! {
        <button data-test="clear" disabled=move || turn.shown.with(Vec::is_empty) on:click=move |_| turn.pick(Vec::new())>
            {t("Auswahl leeren", "Clear")}
        </button>
        <button class="primary" data-test="place" disabled=move || !turn.can_place() on:click=move |_| turn.place()>
            {move || match turn.target.get() {
                Some(n) => tf("Setzen auf {}", "Place on {}", &[&n]),
                None => t("Setzen", "Place").to_string(),
            }}
        </button>
    }
    .into_any()
}

/// Round and piles, open to all.
fn piles(seen: SeenMemo<Just4Fun>) -> impl IntoView {
    view! {
        <p class="piles" data-test="piles">
            {move || seen.with(|s| s.as_ref().map(view::piles_text))}
        </p>
    }
}

/// The question before a stone goes onto a field that is already safely the player's own.
fn confirm_dialog(turn: Turn) -> impl IntoView {
    move || {
        turn.confirm_locked.get().map(|cards| {
            let number: u32 = cards.iter().map(|&c| u32::from(c)).sum();
            view! {
                <Confirm text=view::locked_field_question(number) yes=t("Ja, setzen", "Yes, place") on_answer=Callback::new(move |yes: bool| {
                    turn.confirm_locked.set(None);
                    if yes { turn.play(Move::Play { cards: cards.clone() }) }
                }) />
            }
        })
    }
}

/// The viewer's cards, one button each; a keyboard moves along them (keyboard.rs). While no
/// play is open they stay focusable but say so ("gesperrt") and do nothing.
fn hand(turn: Turn) -> impl IntoView {
    let Turn { model, shown, must_swap, .. } = turn;
    let roving = Roving::new(Signal::derive(move || model.with(|m| m.hand.len())));
    let toggle = move |i: usize| {
        if !must_swap.get_untracked() {
            turn.toggle(i)
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
fn Players(seats: Signal<Vec<Seat>>) -> impl IntoView {
    // What the whole table sees: the list stays while the device passes.
    let table = GameHandle::<Just4Fun>::new(AppCtx::get()).seen_memo(|_| None);
    let started = Memo::new(move |_| table.with(Option::is_some));
    // The rows are drawn once per game (the seats do not change); a move changes only the
    // marks and counts it changed, in place, instead of drawing every row again.
    view! {
        <ul class="players" data-test="players">
            {move || started.get().then(|| {
                let seats = seats.get();
                let n = seats.len();
                seats.into_iter().enumerate().map(|(p, seat)| player_row(table, p, n, seat)).collect_view()
            })}
        </ul>
    }
}

/// One player's row of [`Players`]: whether they are to move, and their stones left and boxed,
/// following one memo.
fn player_row(table: SeenMemo<Just4Fun>, p: usize, n: usize, seat: Seat) -> impl IntoView {
    // (to move, stones left, stones boxed): all that a move changes in the row.
    let row = Memo::new(move |_| {
        table.with(|s| {
            s.as_ref().map_or((false, 0, 0), |s| {
                let g = s.observation().state();
                (g.to_move() == Some(p), g.supply(p), g.boxed(p))
            })
        })
    });
    // One closure type for every part of the row that changes (the page carries its code once).
    let part = move |f: fn(bool, u32, u32) -> Option<String>| {
        move || {
            let (now, supply, boxed) = row.get();
            f(now, supply.into(), boxed.into())
        }
    };
    let in_box = |_, _, boxed: u32| (boxed > 0).then(|| format!(" · {boxed}{}", t(" in der Box", " boxed")));
    view! {
        <li class="player" class:current=move || row.get().0 aria-current=part(|now, _, _| now.then(|| "true".into()))>
            <span class="side" aria-hidden="true">{side_arrow(seat_side(p, n))}</span>
            <PlayerTag seat=seat />
            <span class="counts">
                <b>{part(|_, supply, _| Some(supply.to_string()))}</b>
                {part(|_, supply, _| Some(count_noun(supply.into(), (" Stein", " stone"), (" Steine", " stones")).into()))}
                {part(in_box)}
            </span>
        </li>
    }
}
