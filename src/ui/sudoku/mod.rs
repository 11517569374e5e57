//! Sudoku – Das Brettspiel on screen: board, held tile, score track, log and end screen.

pub mod board;
pub mod result;

use crate::engine::sudoku::{name, Event, Mode, Move, Options, RuleError, Scoring, Sudoku};
use crate::engine::Game;
use crate::records::Record;
use crate::session::{Seat, Session};
use crate::ui::components::{option_check, score_list, status_line, Confirm};
use crate::ui::i18n::{t, tf};
use crate::ui::keyboard::{preview_confirmable, preview_shown};
use crate::ui::table_frame::{side_panel, table_frame, TableParts};
use crate::ui::{storage, AppCtx, GameHandle, SeenMemo};
use crate::view::sudoku::{self as view, error_text};
use board::{board, score_track};
use leptos::prelude::*;

/// The high-score list a solo game with these options counts for.
pub fn record_list(options: &Options) -> &'static str {
    match options.scoring {
        Scoring::Standard => "sudoku/standard",
        Scoring::Simple => "sudoku/simple",
    }
}

impl crate::ui::games::GameScreens for Sudoku {
    fn blurb() -> &'static str {
        t(
            "Zahlenplättchen nach der Sudoku-Regel legen und für jedes die Nachbarn in Block, Reihe und Spalte zählen. 1–4 Spieler, auch solo mit Bestenliste.",
            "Lay number tiles under the Sudoku rule and score the neighbours in block, row and column. 1–4 players, also solo with high scores.",
        )
    }

    fn options_form(options: RwSignal<Options>) -> AnyView {
        view! { <OptionsForm options=options /> }.into_any()
    }

    fn play() -> AnyView {
        PlaySudoku().into_any()
    }

    fn example(position: &str, mark: &[String]) -> Result<AnyView, String> {
        let game = Sudoku::from_position(position)?;
        Ok(Self::position_view(&game, crate::view::example_seats(game.player_count()), mark))
    }

    fn position_view(game: &Self, seats: Vec<Seat>, mark: &[String]) -> AnyView {
        let cells: Vec<_> = view::example_board(game, mark).cells.into_iter().map(|c| (c, None)).collect();
        board(Signal::stored(cells), Signal::stored(seats), Callback::new(|_| ())).into_any()
    }
}

#[component]
pub fn OptionsForm(options: RwSignal<Options>) -> impl IntoView {
    let check = move |test, label, get, set| option_check(options, test, label, get, set);
    let choice = move |test: &'static str, label: &'static str, get: fn(&Options) -> bool, set: fn(&mut Options)| {
        crate::ui::components::choice(
            String::new(),
            test.into(),
            None,
            label.into(),
            Signal::derive(move || options.with(get)),
            Callback::new(move |_| options.update(set)),
        )
    };
    view! {
        <section>
            <h2>{t("Goldplättchen", "Gold tiles")}</h2>
            <p class="hint">{t("Immer genau eines pro Reihe und Spalte.", "Always exactly one per row and column.")}</p>
            {check("opt-gold-block", t("Auch genau eines pro 3×3-Block", "Also exactly one per 3×3 block"), |o| o.gold_per_block, |o, v| o.gold_per_block = v)}
            {check("opt-gold-hand", t("Von Hand legen (statt zufällig)", "Lay them by hand (instead of at random)"), |o| o.gold_by_hand, |o, v| o.gold_by_hand = v)}
            <h2>{t("Wertung", "Scoring")}</h2>
            <div class="row segmented" role="radiogroup" aria-label=t("Wertung", "Scoring")>
                {choice("opt-scoring-standard", t("Block + Reihe + Spalte", "Block + row + column"), |o| o.scoring == Scoring::Standard, |o| o.scoring = Scoring::Standard)}
                {choice("opt-scoring-simple", t("Vereinfacht: Reihe + Spalte", "Simple: row + column"), |o| o.scoring == Scoring::Simple, |o| o.scoring = Scoring::Simple)}
            </div>
            <h2>{t("Hilfe", "Help")}</h2>
            <div class="row segmented" role="radiogroup" aria-label=t("Hilfe", "Help")>
                {choice("opt-assisted", t("Unterstützt", "Assisted"), |o| o.mode == Mode::Assisted, |o| o.mode = Mode::Assisted)}
                {choice("opt-table-rules", t("Tischregeln", "Table rules"), |o| o.mode == Mode::TableRules, |o| o.mode = Mode::TableRules)}
            </div>
            <p class="hint">{move || if options.with(|o| o.mode == Mode::Assisted) {
                t("Nur erlaubte Felder nehmen das Plättchen an, jedes zeigt seine Punkte.", "Only legal fields take the tile; each shows its points.")
            } else {
                t("Wie am Tisch: ein Verstoß gegen die Sudoku-Regel kostet das Plättchen, ebenso ein falsches „Ich kann nicht legen“.", "As at the table: breaking the Sudoku rule costs the tile, and so does a wrong “I cannot place”.")
            }}</p>
            <details class="records-box">
                <summary>{t("Bestenliste (Solo)", "High scores (solo)")}</summary>
                {move || view! { <result::RecordList list=record_list(&options.get()) highlight=None /> }}
            </details>
        </section>
    }
}

/// Adds a finished solo game to its high-score list; the place it took, if any. A game with
/// take-backs makes no high score. (Writing the list reads the real result: that is saving,
/// not drawing.)
fn record_solo(ctx: AppCtx, session: &Session<Sudoku>) -> Option<usize> {
    if session.takebacks_made() > 0 {
        return None;
    }
    let seat = session.seats.first()?;
    let record =
        Record { name: seat.name.clone(), score: session.state.score(0), at: storage::now_ms().max(0.0) as u64 };
    // Bad entries are reported and dropped; every valid one stays.
    let mut records = storage::load_records();
    let place = records.add(record_list(session.state.options()), record);
    if let Err(e) = storage::saves().write_records(&records) {
        ctx.warn(storage::store_message(e));
    }
    place
}

/// The person's turn at the table: what the viewer sees, the field chosen for the held tile or
/// the gold number picked, and the moves they make. Copy, so every closure of the screen holds it.
#[derive(Clone, Copy)]
struct Turn {
    ctx: AppCtx,
    game: GameHandle<Sudoku>,
    seats: Signal<Vec<Seat>>,
    /// What the viewer sees (the board hides their tile during the open gold setup): the only
    /// input of this screen, made once per move and viewer.
    seen: SeenMemo<Sudoku>,
    /// The open gold setup runs (public).
    setup: Memo<bool>,
    /// What the board shows, with the marks for the held tile: once per position and viewer.
    model: Memo<view::Board>,
    /// The field the person chose for their tile.
    preview: RwSignal<Option<usize>>,
    /// The field shown as chosen: a hint's (over the person's own choice: they asked for it;
    /// their next tap clears it), else the person's own.
    chosen: Memo<Option<usize>>,
    gold_pick: RwSignal<Option<u8>>,
    confirm_claim: RwSignal<bool>,
    /// The place a solo game finished here took in the high-score list, for that game only
    /// (keyed by seed and move count, as a rematch reuses this screen).
    new_record: RwSignal<Option<result::NewRecord>>,
}

impl Turn {
    fn new(ctx: AppCtx) -> Turn {
        let game = GameHandle::<Sudoku>::new(ctx);
        let seen = game.seen_memo(|g| g.viewer());
        let preview = RwSignal::new(None::<usize>);
        let model = Memo::new(move |_| {
            let last = game.with(|s| match s.log.last() {
                Some(Event::Placed { cell, .. } | Event::Gold { cell, .. }) => Some(*cell),
                _ => None,
            });
            seen.with(|seen| seen.as_ref().map(|seen| view::board(seen, last.flatten())).unwrap_or_default())
        });
        let chosen = Memo::new(move |_| match crate::ui::computer::hint_for::<Sudoku>(ctx) {
            Some(Move::Place { cell }) => Some(cell),
            _ => preview.get(),
        });
        Turn {
            ctx,
            game,
            seats: game.seats(),
            seen,
            setup: Memo::new(move |_| {
                seen.with(|s| s.as_ref().is_some_and(|s| s.observation().state().in_gold_setup()))
            }),
            model,
            preview,
            chosen,
            gold_pick: RwSignal::new(None),
            confirm_claim: RwSignal::new(false),
            new_record: RwSignal::new(None),
        }
    }

    /// A public fact of the game as the viewer sees it.
    fn public<R>(self, f: impl FnOnce(&Sudoku) -> R) -> Option<R> {
        self.seen.with(|s| s.as_ref().map(|s| f(s.observation().state())))
    }

    fn held(self) -> Option<u8> {
        self.model.with(|m| m.held)
    }

    fn assisted(self) -> bool {
        self.public(|g| g.options().mode == Mode::Assisted).unwrap_or(true)
    }

    fn over(self) -> bool {
        self.public(Sudoku::is_over).unwrap_or(false)
    }

    fn gold_left(self) -> Vec<u8> {
        self.public(|g| g.gold_left()).unwrap_or_default()
    }

    /// The gold number to lay next: the picked one while left, else the lowest left.
    fn gold_number(self) -> Option<u8> {
        let left = self.gold_left();
        self.gold_pick.get().filter(|n| left.contains(n)).or_else(|| left.first().copied())
    }

    /// The fields with the chosen one's preview of the tile: a tap changes only that.
    fn cells(self) -> Vec<(view::Cell, Option<u8>)> {
        let shown = self.chosen.get().filter(|_| self.game.person_to_move()).zip(self.held());
        self.model.with(|m| {
            m.cells.iter().map(|c| (c.clone(), shown.filter(|(at, _)| *at == c.cell).map(|(_, n)| n))).collect()
        })
    }

    fn play(self, mv: Move) {
        match self.game.play(&mv) {
            Some(Ok(event)) => {
                self.preview.set(None);
                self.gold_pick.set(None);
                if matches!(event, Event::SetAside { .. }) {
                    self.ctx.warn(view::log_line(&event, &self.seats.get_untracked()));
                }
                self.note_record();
            }
            Some(Err(e)) => self.ctx.warn(error_text(&e)),
            None => {}
        }
    }

    /// A solo game that just ended here goes into its high-score list.
    fn note_record(self) {
        let ctx = self.ctx;
        let finished =
            self.game.with_untracked(|s| (s.state.is_over() && s.seats.len() == 1).then(|| record_solo(ctx, s)));
        if let (Some(Some(place)), Some(key)) = (finished, result::game_key(self.game)) {
            self.new_record.set(Some((key, place)));
        }
    }

    /// A tap on a field: a gold tile goes there; else the held tile is previewed there (with
    /// the reason at once where assisted mode refuses it), and a second tap lays it.
    fn tap(self, cell: usize) {
        if untrack(|| self.over()) || !self.game.person_to_move_untracked() {
            return;
        }
        self.ctx.computers.hint.set(None);
        if self.setup.get_untracked() {
            if let Some(number) = untrack(|| self.gold_number()) {
                self.play(Move::Gold { cell, number });
            }
            return;
        }
        let Some(number) = untrack(|| self.held()) else { return };
        if self.chosen.get_untracked() == Some(cell) {
            // A second tap lays, once the tile has been seen there (not a double tap's).
            if preview_confirmable() {
                self.play(Move::Place { cell });
            }
            return;
        }
        let (taken, clash) =
            untrack(|| self.public(|g| (g.tile(cell).is_some(), g.clash(cell, number)))).unwrap_or((true, None));
        match clash {
            _ if taken => self.ctx.warn(error_text(&RuleError::Occupied { cell })),
            // Assisted mode says why at once; at the table the player judges alone.
            Some(clash) if untrack(|| self.assisted()) => {
                self.ctx.warn(error_text(&RuleError::Breaks { number, clash }))
            }
            _ => {
                self.preview.set(Some(cell));
                preview_shown();
            }
        }
    }

    fn status(self) -> String {
        let acting = self.game.person_to_move();
        if !acting {
            return crate::ui::components::wait_for_turn();
        }
        if let Some(line) = crate::ui::computer::hint_line(self.ctx) {
            return line;
        }
        let chosen = self.chosen.get();
        let points = chosen.and_then(|cell| self.model.with(|m| m.cells.get(cell).and_then(|c| c.points)));
        view::place_prompt(chosen, self.assisted(), points.unwrap_or(0))
    }
}

#[component]
pub fn PlaySudoku() -> impl IntoView {
    let turn = Turn::new(AppCtx::get());
    let on_tap = Callback::new(move |cell: usize| turn.tap(cell));
    table_frame(TableParts {
        game_class: "sudoku",
        board_class: "",
        board: board(Signal::derive(move || turn.cells()), turn.seats, on_tap).into_any(),
        seats: view! { {players(turn.seats)} {piles(turn.seen)} }.into_any(),
        side: ViewFn::from(move || {
            side_panel(
                turn.over(),
                turn.setup.get() || turn.held().is_some(),
                || view! { <result::EndView game=turn.game seen=turn.seen new_record=turn.new_record /> }.into_any(),
                || match turn.held() {
                    _ if turn.setup.get() => gold_setup(turn).into_any(),
                    Some(number) => held_tile(turn, number).into_any(),
                    None => ().into_any(),
                },
            )
        }),
        dialogs: Some(claim_dialog(turn.confirm_claim, Callback::new(move |mv| turn.play(mv))).into_any()),
        open: None,
    })
}

/// The open gold setup: a gold number to pick, then a marked field; or the rest at random.
fn gold_setup(turn: Turn) -> impl IntoView {
    view! {
        <div class="hand-area gold-setup" data-test="gold-setup">
            <p class="status">{t("Goldplättchen legen: Zahl wählen, dann ein markiertes Feld wählen.", "Lay the gold tiles: choose a number, then a marked field.")}</p>
            <div class="row gold-picker">
                {move || turn.gold_left().into_iter().map(|n| view! {
                    <button class="sd-chip gold" data-test="gold-number" data-number=n.to_string()
                        aria-pressed=move || (turn.gold_number() == Some(n)).to_string()
                        on:click=move |_| turn.gold_pick.set(Some(n))>{n}</button>
                }).collect_view()}
            </div>
            <button data-test="gold-rest" on:click=move |_| turn.play(Move::GoldRest)>{t("Rest zufällig legen", "Lay the rest at random")}</button>
        </div>
    }
}

/// The viewer's tile, the status, "Place" and (under table rules) "I cannot place".
fn held_tile(turn: Turn, number: u8) -> impl IntoView {
    let acting = move || turn.game.person_to_move();
    let place = move |_| {
        if let Some(cell) = turn.chosen.get_untracked() {
            turn.ctx.computers.hint.set(None);
            turn.play(Move::Place { cell })
        }
    };
    view! {
        <div class="hand-area sd-hand">
            <div class="row held-row">
                <div class="held-tile" data-test="held-tile" data-number=number.to_string() aria-label=t("Dein Plättchen", "Your tile")>{number}</div>
                {status_line(Signal::derive(move || turn.status()))}
            </div>
            <div class="row actions">
                <button class="primary" data-test="place" disabled=move || !acting() || turn.chosen.get().is_none() on:click=place>
                    {move || match turn.chosen.get() {
                        Some(cell) => tf("Auf {} legen", "Place on {}", &[&name(cell)]),
                        None => t("Legen", "Place").to_string(),
                    }}
                </button>
                {move || (!turn.assisted()).then(|| view! {
                    <button data-test="claim" on:click=move |_| turn.confirm_claim.set(true)>{t("Ich kann nicht legen", "I cannot place")}</button>
                })}
            </div>
        </div>
    }
}

/// The tiles still face down and those set aside, open to all.
fn piles(seen: SeenMemo<Sudoku>) -> impl IntoView {
    view! {
        <p class="piles" data-test="piles">
            {move || seen.with(|s| s.as_ref().map(view::piles_text))}
        </p>
    }
}

/// The question before "I cannot place" (wrongly claimed, the tile is lost).
fn claim_dialog(confirm_claim: RwSignal<bool>, play: Callback<Move>) -> impl IntoView {
    view! {
        <Show when=move || confirm_claim.get()>
            <Confirm
                text=t("Wirklich? Passt dein Plättchen doch irgendwo, legst du es zur Seite und bekommst keine Punkte. Stimmt es, endet das Spiel.", "Sure? If your tile fits somewhere after all, it is set aside with no points. If you are right, the game ends.")
                yes=t("Ich kann nicht legen", "I cannot place")
                on_answer=Callback::new(move |yes: bool| {
                    confirm_claim.set(false);
                    if yes { play.run(Move::CannotPlace) }
                })
            />
        </Show>
    }
}

/// Each player: colour, name, points and round counters; the player to move marked. The
/// score track below shows the same on the board's 40 spaces.
fn players(seats: Signal<Vec<Seat>>) -> impl IntoView {
    // What the whole table sees: the scores and the track stay while the device passes and are
    // changed in place.
    let table = GameHandle::<Sudoku>::new(AppCtx::get()).seen_memo(|_| None);
    let row = Callback::new(move |p| {
        table.with(|s| {
            let g = s.as_ref()?.observation().state();
            Some((g.player_count() > 1 && g.to_move() == Some(p), g.score(p)))
        })
    });
    let place = move |p| {
        table.with(|s| s.as_ref().map(|s| s.observation().state()).map(|g| (g.track_position(p), g.counters(p))))
    };
    view! {
        <div class="sd-scores">
            {score_list(seats, row)}
            {score_track(seats, place)}
        </div>
    }
}
