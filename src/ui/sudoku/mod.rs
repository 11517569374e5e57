//! Sudoku – Das Brettspiel on screen: board, held tile, score track, log and end screen.

pub mod board;
pub mod result;

use crate::engine::sudoku::{name, Event, Mode, Move, Options, RuleError, Scoring, Sudoku};
use crate::engine::Game;
use crate::records::Record;
use crate::session::Session;
use crate::ui::components::{option_check, score_list, Confirm};
use crate::ui::i18n::{is_de, t};
use crate::ui::keyboard::Preview;
use crate::ui::table_frame::{side_panel, table_frame, TableParts};
use crate::ui::{storage, AppCtx, GameHandle};
use crate::view::sudoku::{self as view, error_text};
use board::{Board, ScoreTrack};
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

/// Adds a finished solo game to its high-score list; the place it took, if any.
fn record_solo(ctx: AppCtx, session: &Session<Sudoku>) -> Option<usize> {
    let seat = session.seats.first()?;
    let record =
        Record { name: seat.name.clone(), score: session.state.score(0), at: storage::now_ms().max(0.0) as u64 };
    // Bad entries are reported and dropped; every valid one stays.
    let mut records = storage::load_records(ctx);
    let place = records.add(record_list(session.state.options()), record);
    if let Err(e) = storage::saves().write_records(&records) {
        ctx.warn(storage::store_message(e));
    }
    place
}

#[component]
pub fn PlaySudoku() -> impl IntoView {
    let ctx = AppCtx::get();
    let game = GameHandle::<Sudoku>::new(ctx);
    let preview = RwSignal::new(None::<usize>);
    let gold_pick = RwSignal::new(None::<u8>);
    let confirm_claim = RwSignal::new(false);
    // The place a solo game finished here took in the high-score list, for that game only
    // (keyed by seed and move count, as a rematch reuses this screen).
    let new_record = RwSignal::new(None::<result::NewRecord>);

    let seats = game.seats();
    // Whether the open gold setup runs decides who the viewer is (nobody's tile shows then), so
    // it is read before `seen`; it is public.
    let setup = Memo::new(move |_| game.with(|s| s.state.in_gold_setup()).unwrap_or(false));
    let acting = move || game.person_to_move();
    // What the board shows, with the marks for the held tile: once per position and viewer.
    // All of it from what that viewer sees (`Seen`), never from the real state.
    // The player whose tile may be shown right now: never during the open gold setup.
    let seen = move || game.seen_by(if setup.get() { None } else { game.viewer() });
    let model = Memo::new(move |_| {
        let last = game.with(|s| match s.log.last() {
            Some(Event::Placed { cell, .. } | Event::Gold { cell, .. }) => Some(*cell),
            _ => None,
        });
        seen().map(|seen| view::board(&seen, last.flatten())).unwrap_or_default()
    });
    // The field shown as chosen: a hint's (shown over the person's own choice: they asked for
    // it; their next tap clears it), else the person's own.
    let hinted = move || crate::ui::computer::hint_for::<Sudoku>(ctx);
    let chosen = Memo::new(move |_| match hinted() {
        Some(Move::Place { cell }) => Some(cell),
        _ => preview.get(),
    });
    let gate = Preview::new();
    let held = move || model.with(|m| m.held);
    let assisted = move || seen().is_none_or(|s| s.observation().state().options().mode == Mode::Assisted);
    let gold_left = move || seen().map(|s| s.observation().state().gold_left()).unwrap_or_default();
    let gold_number =
        move || gold_pick.get().filter(|n| gold_left().contains(n)).or_else(|| gold_left().first().copied());
    // A tap changes only which field previews the tile: the rest is the model's.
    let cells = Signal::derive(move || {
        let shown = chosen.get().filter(|_| acting()).zip(held());
        model.with(|m| {
            m.cells
                .iter()
                .map(|c| (c.clone(), shown.filter(|(at, _)| *at == c.cell).map(|(_, n)| n)))
                .collect::<Vec<_>>()
        })
    });
    let over = move || seen().is_some_and(|s| s.observation().state().is_over());

    let play = move |mv: Move| match game.play(&mv) {
        Some(Ok(event)) => {
            preview.set(None);
            gold_pick.set(None);
            if matches!(event, Event::SetAside { .. }) {
                ctx.warn(view::log_line(&event, &seats.get_untracked()));
            }
            let finished = game.with_untracked(|s| {
                (s.state.is_over() && s.seats.len() == 1).then(|| (result::game_key(&s.state), record_solo(ctx, s)))
            });
            if let Some(Some(entry)) = finished {
                new_record.set(Some(entry));
            }
        }
        Some(Err(e)) => ctx.warn(error_text(&e)),
        None => {}
    };
    let on_tap = Callback::new(move |cell: usize| {
        if over() || !game.person_to_move_untracked() {
            return;
        }
        ctx.computers.hint.set(None);
        if setup.get_untracked() {
            if let Some(number) = gold_number() {
                play(Move::Gold { cell, number });
            }
            return;
        }
        let Some(number) = held() else { return };
        if chosen.get_untracked() == Some(cell) {
            // A second tap lays, once the tile has been seen there (not a double tap's).
            if gate.confirmable() {
                play(Move::Place { cell });
            }
            return;
        }
        let (taken, clash) = game
            .seen_untracked()
            .map(|s| (s.observation().state().tile(cell).is_some(), s.observation().state().clash(cell, number)))
            .unwrap_or((true, None));
        if taken {
            return ctx.warn(error_text(&RuleError::Occupied { cell }));
        }
        match clash {
            // Assisted mode says why at once; at the table the player judges alone.
            Some(clash) if assisted() => ctx.warn(error_text(&RuleError::Breaks { number, clash })),
            _ => {
                preview.set(Some(cell));
                gate.shown();
            }
        }
    });

    let place_status = move || {
        if !acting() {
            return crate::ui::components::wait_for_turn();
        }
        if hinted() == Some(Move::CannotPlace) {
            return t(
                "Tipp: Dein Plättchen passt nirgends – sage „Ich kann nicht legen“.",
                "Hint: your tile fits nowhere – say “I cannot place”.",
            )
            .to_string();
        }
        let Some(cell) = chosen.get() else {
            return if assisted() {
                t(
                    "Wähle ein markiertes Feld – die Zahl oben rechts sind seine Punkte.",
                    "Choose a marked field – the small number is its points.",
                )
            } else {
                t(
                    "Wähle ein freies Feld. Ein Verstoß gegen die Sudoku-Regel kostet das Plättchen.",
                    "Choose a free field. Breaking the Sudoku rule costs the tile.",
                )
            }
            .to_string();
        };
        if !assisted() {
            // Table rules: nothing here may tell whether the field is legal.
            return if is_de() {
                format!("{}: nochmal wählen oder „Legen“. Verstößt es gegen die Sudoku-Regel, geht das Plättchen zur Seite.", name(cell))
            } else {
                format!(
                    "{}: choose it again or “Place”. If it breaks the Sudoku rule, the tile is set aside.",
                    name(cell)
                )
            };
        }
        let points = model.with(|m| m.cells.get(cell).and_then(|c| c.points)).unwrap_or(0);
        if is_de() {
            format!("{}: {points} Punkte – nochmal wählen oder „Legen“.", name(cell))
        } else {
            format!("{}: {points} points – choose it again or “Place”.", name(cell))
        }
    };
    let status = move || {
        let text = place_status();
        crate::view::hint_status(text, matches!(hinted(), Some(Move::Place { .. })) && acting())
    };

    table_frame(TableParts {
        game_class: "sudoku",
        board_class: "",
        board: view! { <Board cells=cells seats=seats on_tap=on_tap /> }.into_any(),
        seats: view! { <Players game=game /> {piles(game)} }.into_any(),
        side: ViewFn::from(move || {
            side_panel(
                over(),
                setup.get() || held().is_some(),
                || view! { <result::EndView game=game new_record=new_record /> }.into_any(),
                || {
                    if setup.get() {
                        view! {
                <div class="hand-area gold-setup" data-test="gold-setup">
                    <p class="status">{t("Goldplättchen legen: Zahl wählen, dann ein markiertes Feld wählen.", "Lay the gold tiles: choose a number, then a marked field.")}</p>
                    <div class="row gold-picker">
                        {move || gold_left().into_iter().map(|n| view! {
                            <button class="sd-chip gold" data-test="gold-number" data-number=n.to_string()
                                aria-pressed=move || (gold_number() == Some(n)).to_string()
                                on:click=move |_| gold_pick.set(Some(n))>{n}</button>
                        }).collect_view()}
                    </div>
                    <button data-test="gold-rest" on:click=move |_| play(Move::GoldRest)>{t("Rest zufällig legen", "Lay the rest at random")}</button>
                </div>
            }.into_any()
                    } else if let Some(number) = held() {
                        view! {
                <div class="hand-area sd-hand">
                    <div class="row held-row">
                        <div class="held-tile" data-test="held-tile" data-number=number.to_string() aria-label=t("Dein Plättchen", "Your tile")>{number}</div>
                        {crate::ui::components::paused_note()}<p class="status" data-test="status" aria-live="polite">{status}</p>
                    </div>
                    <div class="row actions">
                        <button class="primary" data-test="place" disabled=move || !acting() || chosen.get().is_none()
                            on:click=move |_| if let Some(cell) = chosen.get_untracked() { ctx.computers.hint.set(None); play(Move::Place { cell }) }>
                            {move || match chosen.get() {
                                Some(cell) => if is_de() { format!("Auf {} legen", name(cell)) } else { format!("Place on {}", name(cell)) },
                                None => t("Legen", "Place").to_string(),
                            }}
                        </button>
                        {move || (!assisted()).then(|| view! {
                            <button data-test="claim" on:click=move |_| confirm_claim.set(true)>{t("Ich kann nicht legen", "I cannot place")}</button>
                        })}
                    </div>
                </div>
            }.into_any()
                    } else {
                        ().into_any()
                    }
                },
            )
        }),
        dialogs: Some(claim_dialog(confirm_claim, Callback::new(play)).into_any()),
        open: None,
    })
}

/// The tiles still face down and those set aside, open to all.
fn piles(game: GameHandle<Sudoku>) -> impl IntoView {
    view! {
        <p class="piles" data-test="piles">
            {move || game.seen_by(game.viewer()).as_ref().map(view::piles_text)}
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
#[component]
fn Players(game: GameHandle<Sudoku>) -> impl IntoView {
    let track = Signal::derive(move || {
        game.with(|s| {
            s.seats
                .iter()
                .cloned()
                .enumerate()
                .map(|(p, seat)| (seat, s.state.track_position(p), s.state.counters(p)))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    });
    view! {
        <div class="sd-scores">
            {move || game.with(|s| {
                let several = s.seats.len() > 1;
                score_list(s.seats.iter().cloned().enumerate().map(|(p, seat)| (seat, several && s.state.to_move() == Some(p), s.state.score(p))).collect())
            })}
            <ScoreTrack players=track />
        </div>
    }
}
