//! Vier mal Vier on screen: the wall (one side, or both in the open view), the Tafeln, the picked
//! stone with its flip control, the Profi actions, the log and the end screen with the match table.

pub mod result;
pub mod wall;

use crate::engine::viermalvier::{Event, Move, Observation, Options, Spot, VierMalVier, View, STONES, STONE_COUNT};
use crate::engine::{rng, Game};
use crate::session::Seat;
use crate::ui::components::keyed;
use crate::ui::components::{choice, option_check, status_line, PlayerTag};
use crate::ui::i18n::{count_noun, t, tf};
use crate::ui::keyboard::{preview_confirmable, preview_shown, Roving};
use crate::ui::table_frame::{side_panel, table_frame, TableParts};
use crate::ui::{AppCtx, GameHandle, SeenMemo};
use crate::view::viermalvier::{self as view, error_text};
use crate::view::Seen;
use leptos::prelude::*;
use wall::{color_name, stone_chip, Wall, WallLegend};

impl crate::ui::games::GameScreens for VierMalVier {
    fn blurb() -> &'static str {
        t(
            "Zu zweit eine Mauer aus Steinen mit zwei Seiten bauen – jeder sieht nur seine. Vier gleiche oder vier verschiedene Formen in einer Reihe gewinnen. 2 Spieler.",
            "Build a wall of two-faced stones together – each sees only their side. Four same or four different shapes in a line win. 2 players.",
        )
    }

    fn options_form(options: RwSignal<Options>) -> AnyView {
        view! { <OptionsForm options=options /> }.into_any()
    }

    fn play() -> AnyView {
        PlayVierMalVier().into_any()
    }

    /// Both sides of the wall, each as its player sees it; before the first stone, the Tafeln.
    fn example(position: &str, mark: &[String]) -> Result<AnyView, String> {
        Ok(Self::position_view(&VierMalVier::from_position(position)?, Vec::new(), mark))
    }

    /// Before the first stone the Tafeln, then both sides of the wall. (The stones' colours
    /// are the game's, not the seats'.)
    fn position_view(game: &Self, _seats: Vec<Seat>, mark: &[String]) -> AnyView {
        if game.stones_placed() == 0 {
            let plate = |row: Vec<Option<u8>>| {
                let stones = row.into_iter().flatten().map(|id| {
                    let s = STONES[usize::from(id)];
                    stone_chip(s.color, s.faces[0], s.faces[1])
                });
                view! { <div class="vv-tafel">{stones.collect_view()}</div> }
            };
            let plates = view::tafeln(&Seen::of(game, Some(0)), None).into_iter().map(plate);
            return view! { <div class="vv-tafeln">{plates.collect_view()}</div> }.into_any();
        }
        let panel = |side: usize| {
            let wall = view::example_wall(game, side, mark);
            let label = tf("Seite {}", "Side {}", &[&["A", "B"][side]]);
            view! {
                <figure class="vv-panel">
                    <Wall wall=Memo::new(move |_| wall.clone()) pick=Memo::new(|_| view::Pick::default())
                        label=label.clone() on_slot=Callback::new(|_| ()) />
                    <figcaption>{label}</figcaption>
                </figure>
            }
        };
        view! { <div class="vv-walls">{panel(0)} {panel(1)}</div> }.into_any()
    }

    fn cover_question() -> Option<AnyView> {
        Some(CoverQuestion().into_any())
    }

    const HANDOVER_SETTING: bool = false;
}

#[component]
pub fn OptionsForm(options: RwSignal<Options>) -> impl IntoView {
    let check = move |test, label, get, set| option_check(options, test, label, get, set);
    view! {
        <section>
            <h2>{t("Ansicht", "View")}</h2>
            <div class="row segmented" role="radiogroup" aria-label=t("Ansicht", "View")>
                {[(View::Hidden, "opt-view-hidden", t("Verdeckt (Original)", "Hidden (original)")), (View::Open, "opt-view-open", t("Offen: beide Seiten", "Open: both sides"))].into_iter().map(|(v, test, text)| {
                    choice(String::new(), test.into(), None, text.into(), Signal::derive(move || options.with(|o| o.view == v)), Callback::new(move |_| options.update(|o| o.view = v)))
                }).collect_view()}
            </div>
            <p class="hint">{move || if options.with(|o| o.view == View::Hidden) {
                t("Jeder sieht nur seine Seite der Mauer, die Oberseiten und die Tafeln – das Gerät wird nach jedem Zug übergeben.", "Each player sees only their side of the wall, the tops and the Tafeln – the device is handed over after every move.")
            } else {
                t("Beide Seiten der Mauer nebeneinander; keine Übergabe nötig.", "Both sides of the wall side by side; no hand-over needed.")
            }}</p>
            {check("opt-without-tafeln", t("Ohne Tafeln (Steine ungeordnet)", "Without Tafeln (stones unsorted)"), |o| o.without_tafeln, |o, v| o.without_tafeln = v)}
            {check("opt-profi", t("Profiregel: Einspruch, Rücknahme, Ansage", "Profi rule: objection, take-back, announcement"), |o| o.profi, |o, v| o.profi = v)}
            <h2>{t("Partien", "Games")}</h2>
            <div class="row segmented" role="radiogroup" aria-label=t("Partien", "Games")>
                {[1u8, 2, 3, 4, 6, 8].into_iter().map(|n| {
                    let text = if n == 1 { t("Einzelpartie", "Single game").to_string() } else { n.to_string() };
                    choice(String::new(), format!("opt-games-{n}"), None, text, Signal::derive(move || options.with(|o| o.games == n)), Callback::new(move |_| options.update(|o| o.games = n)))
                }).collect_view()}
            </div>
            <p class="hint">{t("Im Match wechselt der Startspieler; Sieg mit Viererreihe 7 Punkte, sonst zählen die Dreierreihen.", "In a match the start player alternates; a four-row win scores 7, otherwise three-runs count.")}</p>
        </section>
    }
}

/// What nobody (the whole table) sees of the running game, for the take-back request and its
/// answer, which are asked and said while the device passes.
fn seen_by_table(game: GameHandle<VierMalVier>) -> Option<Seen<Observation>> {
    game.with_untracked(|s| Seen::of(&s.state, None))
}

/// The owner of the last stone asks to take it back. A computer opponent answers at once, by the
/// rules: it allows what the rules allow; a person answers on their own screen.
fn ask_take_back(ctx: AppCtx) {
    let game = GameHandle::<VierMalVier>::new(ctx);
    let Some(len) = game.with_untracked(|s| s.log.len()) else { return };
    ctx.take_back_asked.set(Some(len));
    // Asked on the cover too, where nobody acts: whether a person plays the seat to move.
    let to_move = seen_by_table(game).and_then(|s| s.observation().state().to_move());
    let person_answers =
        to_move.is_some_and(|p| game.seats().with_untracked(|s| s.get(p).is_some_and(Seat::is_person)));
    if !person_answers {
        answer_take_back(ctx, true, true);
    }
}

/// The opponent's answer to a take-back request (`computer`: the opponent is a computer).
fn answer_take_back(ctx: AppCtx, allow: bool, computer: bool) {
    let game = GameHandle::<VierMalVier>::new(ctx);
    ctx.take_back_asked.set(None);
    let to_move = seen_by_table(game).and_then(|s| s.observation().state().to_move());
    let Some(answerer) = to_move.and_then(|p| game.seats().with_untracked(|s| s.get(p).map(|x| x.name.clone()))) else {
        return;
    };
    let refused = |ctx: AppCtx| ctx.say(view::take_back_declined(&answerer));
    if !allow {
        refused(ctx);
        return;
    }
    let result = if computer { game.play_computer(&Move::AllowTakeBack) } else { game.play(&Move::AllowTakeBack) };
    match result {
        Some(Ok(event)) => say_event(ctx, &event),
        // Only offered where the rule allows it (`view::take_back_asker`); a changed game says why not.
        Some(Err(e)) => ctx.warn(error_text(&e)),
        None => refused(ctx),
    }
}

/// Says a move in a message, as the table reads it: a stone that goes back or an announcement
/// must not only be logged.
fn say_event(ctx: AppCtx, event: &Event) {
    let game = GameHandle::<VierMalVier>::new(ctx);
    if let Some(seen) = seen_by_table(game) {
        let seats = game.seats().get_untracked();
        ctx.say(view::describe(event, &seats, seen.viewer(), seen.observation().state().options().view));
    }
}

/// Whether the take-back question asked in this position stands (any move ends it).
fn question_stands(ctx: AppCtx, game: GameHandle<VierMalVier>) -> bool {
    game.with(|s| ctx.take_back_asked.get() == Some(s.log.len())).unwrap_or(false)
}

fn ask_label(name: &str) -> String {
    format!("{name}: {}", t("Rücknahme erbitten", "ask to take back"))
}

/// On the hand-over cover: the player who just set a stone may ask to take it back before the
/// device passes on (Profi rule); once asked, the cover says so. Drawn from what the table
/// (nobody) sees.
#[component]
pub fn CoverQuestion() -> impl IntoView {
    let ctx = AppCtx::get();
    let game = GameHandle::<VierMalVier>::new(ctx);
    let seen = game.seen_memo(|_| None);
    let seats = game.seats();
    move || {
        let owner = seen.with(|s| seats.with(|seats| view::take_back_asker(s.as_ref()?, seats)))?;
        let name = |p: usize| seats.with(|s| s.get(p).map(|x| x.name.clone()).unwrap_or_default());
        let asker = name(owner);
        Some(if question_stands(ctx, game) {
            let text = view::take_back_asked(&asker, &name(1 - owner.min(1)));
            view! { <p class="hint" data-test="take-back-asked">{text}</p> }.into_any()
        } else {
            view! { <button data-test="ask-take-back" on:click=move |_| ask_take_back(ctx)>{ask_label(&asker)}</button> }.into_any()
        })
    }
}

/// The order in which the stones lie without Tafeln: a heap, shuffled once per game. It draws
/// the heap everyone at the table sees; the seed decides nothing else in this game (the players
/// choose every face), so this is the one read of the real state, and it shows nothing hidden.
fn heap_order(game: GameHandle<VierMalVier>, game_no: usize) -> Vec<u8> {
    let mut ids: Vec<u8> = (0..STONE_COUNT as u8).collect();
    rng::shuffle(&mut ids, game.with(|s| s.state.seed()).unwrap_or(0), game_no as u64);
    ids
}

/// The person's turn at the table: what the viewer sees, the stone picked, its face and place,
/// and the moves they make. Copy, so every closure of the screen holds it.
#[derive(Clone, Copy)]
struct Turn {
    ctx: AppCtx,
    game: GameHandle<VierMalVier>,
    seats: Signal<Vec<Seat>>,
    /// What the player whose side may be shown now sees (`None` behind the hand-over cover;
    /// never a computer's side: while a computer moves, the person at the device keeps theirs):
    /// the only input of this screen, made once per move and viewer.
    seen: SeenMemo<VierMalVier>,
    /// What the whole table (nobody) sees: the seats and the Tafeln (the stones not yet in the
    /// wall are public).
    table: SeenMemo<VierMalVier>,
    picked: RwSignal<Option<u8>>,
    /// Which face of the picked stone looks at the mover.
    face: RwSignal<u8>,
    chosen: RwSignal<Option<Spot>>,
    /// The stone shown (on the wall and as picked): a hint's (over the person's own pick: they
    /// asked for it; their next pick clears it), else the person's own.
    shown: Memo<(Option<u8>, u8, Option<Spot>)>,
    /// Who may ask to take the last stone back now ([`view::take_back_asker`]).
    asker: Memo<Option<usize>>,
}

impl Turn {
    fn new(ctx: AppCtx) -> Turn {
        let game = GameHandle::<VierMalVier>::new(ctx);
        let (seen, table) = (game.seen_memo(|g| g.viewer()), game.seen_memo(|_| None));
        let seats = game.seats();
        let (picked, face, chosen) = (RwSignal::new(None), RwSignal::new(0u8), RwSignal::new(None));
        let shown = Memo::new(move |_| match crate::ui::computer::hint_for::<VierMalVier>(ctx) {
            Some(Move::Place { stone, face, spot }) => (Some(stone), face, Some(spot)),
            _ => (picked.get(), face.get(), chosen.get()),
        });
        let asker = Memo::new(move |_| seen.with(|s| seats.with(|seats| view::take_back_asker(s.as_ref()?, seats))));
        Turn { ctx, game, seats, seen, table, picked, face, chosen, shown, asker }
    }

    /// A public fact of the game as the viewer sees it (false with no game).
    fn public(self, f: fn(&VierMalVier) -> bool) -> bool {
        self.seen.with(|s| s.as_ref().is_some_and(|s| f(s.observation().state())))
    }

    fn running(self) -> bool {
        self.public(|g| g.end().is_none())
    }

    fn open(self) -> bool {
        self.public(|g| g.options().view == View::Open)
    }

    /// The viewer while the game runs: whose side is drawn for moving.
    fn mover(self) -> Option<usize> {
        self.game.viewer().filter(|_| self.running())
    }

    fn acting(self) -> bool {
        self.game.person_to_move() && self.running()
    }

    fn hinted(self) -> Option<Move> {
        crate::ui::computer::hint_for::<VierMalVier>(self.ctx)
    }

    fn name(self, p: usize) -> String {
        self.seats.with(|s| s.get(p).map_or("?".to_string(), |x| x.name.clone()))
    }

    /// Acting on a shown hint (a place, a turn) makes it the person's own pick.
    fn adopt_hint(self) {
        if let Some(Move::Place { stone, face, spot }) = untrack(|| self.hinted()) {
            self.picked.set(Some(stone));
            self.face.set(face);
            self.chosen.set(Some(spot));
        }
        self.ctx.computers.hint.set(None);
    }

    /// The sides to draw: both when open or over; else only the mover's side (none behind the
    /// cover).
    fn sides(self) -> Vec<u16> {
        if self.public(|g| g.options().view == View::Open || g.end().is_some()) {
            vec![0, 1]
        } else {
            self.mover().map(|p| p as u16).into_iter().collect()
        }
    }

    fn play(self, mv: Move) {
        match self.game.play(&mv) {
            Some(Ok(event)) => {
                self.picked.set(None);
                self.face.set(0);
                self.chosen.set(None);
                if matches!(event, Event::Objected { .. } | Event::TookBack { .. } | Event::Announced { .. }) {
                    say_event(self.ctx, &event);
                }
            }
            Some(Err(e)) => self.ctx.warn(error_text(&e)),
            None => {}
        }
    }

    /// A tap on a place: the picked stone is shown there; a second tap sets it.
    fn slot(self, spot: Spot) {
        if !self.game.person_to_move_untracked() {
            return;
        }
        self.adopt_hint();
        let Some(stone) = self.picked.get_untracked() else { return };
        let check = self.seen.with_untracked(|s| s.as_ref().map(|s| s.observation().state().check_spot(stone, spot)));
        match check {
            Some(Err(e)) => self.ctx.warn(error_text(&e)),
            Some(Ok(_)) if self.chosen.get_untracked() != Some(spot) => {
                self.chosen.set(Some(spot));
                preview_shown();
            }
            // A second tap places, once the stone has been seen there (a double tap's does not).
            Some(Ok(_)) if preview_confirmable() => {
                self.play(Move::Place { stone, face: self.face.get_untracked(), spot })
            }
            Some(Ok(_)) | None => {}
        }
    }

    fn status(self) -> String {
        if !self.acting() {
            return crate::ui::components::wait_for_turn();
        }
        if let Some(line) = crate::ui::computer::hint_line(self.ctx) {
            return line;
        }
        let picked = self.picked.get().map(|stone| (stone, self.face.get(), self.chosen.get().is_some()));
        view::turn_status(picked)
    }

    /// The Profi actions are offered (until the announcement).
    fn profi(self) -> bool {
        self.public(|g| g.options().profi && !g.announced())
    }

    /// The opponent's last stone may be objected to (until the next stone).
    fn objectable(self) -> bool {
        self.public(|g| g.last_stone().is_some_and(|(p, _)| Some(p) != g.to_move()))
    }

    /// The asker taps on the shared screen: in the open view, or while they hold the device (a
    /// computer opponent). In the hidden view they ask on the hand-over cover.
    fn ask_here(self) -> Option<usize> {
        let open = self.open();
        self.asker.get().filter(|&p| !question_stands(self.ctx, self.game) && (open || self.game.viewer() == Some(p)))
    }
}

#[component]
pub fn PlayVierMalVier() -> impl IntoView {
    let turn = Turn::new(AppCtx::get());
    let on_slot = Callback::new(move |spot: Spot| turn.slot(spot));
    let panel = Callback::new(move |side: u16| wall_panel(turn, usize::from(side), on_slot));
    table_frame(TableParts {
        game_class: "viermalvier",
        board_class: "vv-walls",
        board: keyed(Signal::derive(move || turn.sides()), panel).into_any(),
        seats: seat_list(turn).into_any(),
        side: ViewFn::from(move || {
            side_panel(
                !turn.running(),
                turn.mover().is_some(),
                || view! { <result::EndView game=turn.game seen=turn.seen /> }.into_any(),
                || hand_area(turn),
            )
        }),
        dialogs: None,
        open: Some(Signal::derive(move || turn.open())),
    })
}

/// One side of the wall with its caption (and in the hidden view the legend for the mover).
fn wall_panel(turn: Turn, side: usize, on_slot: Callback<Spot>) -> AnyView {
    let wall = Memo::new(move |_| {
        let last = turn.game.with(|s| match s.log.last() {
            Some(Event::Placed { at, .. }) => Some(*at),
            _ => None,
        });
        // The places once per position, for the person to move. In the hidden view only the
        // viewer's own side is drawn.
        let moving = turn.mover() == Some(side) && turn.acting();
        turn.seen.with(|s| s.as_ref().map(|s| view::wall(s, side, last.flatten(), moving)).unwrap_or_default())
    });
    // Per tap: the picked stone's places and preview.
    let pick = Memo::new(move |_| {
        let (stone, face, spot) = turn.shown.get();
        wall.with(|w| view::pick(w, stone, face, spot))
    });
    let who = turn.name(side);
    let label = tf("Seite von {}", "{}'s side", &[&who]);
    let colour = move |p: usize| format!("c-{}", turn.seats.with(|s| s.get(p).map_or("white", |x| x.color.id())));
    view! {
        <figure class="vv-panel" class:mover=move || turn.mover() == Some(side)>
            <Wall wall=wall pick=pick label=label.clone() on_slot=on_slot />
            <figcaption>{label}</figcaption>
            // The hidden view explains itself: which side is whose, and the plates.
            {move || (!turn.open() && turn.running() && turn.mover() == Some(side)).then(|| {
                view! { <WallLegend me=colour(side) other=colour(1 - side) other_name=turn.name(1 - side) /> }
            })}
        </figure>
    }
    .into_any()
}

/// Below the seats while the viewer may see their side: the Tafeln, the picked stone, the
/// status and the actions.
fn hand_area(turn: Turn) -> impl IntoView {
    view! {
        <div class="hand-area vv-hand">
            <Tafeln turn=turn />
            {picked_stone(turn)}
            {status_line(Signal::derive(move || turn.status()))}
            {actions(turn)}
            {move || turn.ask_here().map(|p| view! {
                <div class="row actions">
                    <button data-test="ask-take-back" on:click=move |_| ask_take_back(turn.ctx)>{ask_label(&turn.name(p))}</button>
                </div>
            })}
            {move || (question_stands(turn.ctx, turn.game) && turn.acting()).then(|| take_back_question(turn))}
            {move || (turn.profi() && turn.acting()).then(|| view! {
                <div class="row actions vv-profi">
                    <button data-test="announce" class:hinted=move || turn.hinted() == Some(Move::Announce) on:click=move |_| turn.play(Move::Announce)>{t("Ansage: Mauer nicht mehr vollständig", "Announce: wall cannot be completed")}</button>
                </div>
            })}
        </div>
    }
}

/// The picked stone, named by the face toward the player (the status says a turn aloud), and
/// the control that turns it: redrawn in place when another stone is picked or it turns, not when
/// its place changes.
fn picked_stone(turn: Turn) -> impl IntoView {
    let held = Memo::new(move |_| turn.shown.with(|s| s.0.map(|stone| (stone, s.1))));
    let flip = move |_| {
        turn.adopt_hint();
        turn.face.update(|f| *f = 1 - *f)
    };
    move || {
        held.get().map(|(stone, face)| {
            let s = STONES[usize::from(stone) % STONE_COUNT];
            let f = usize::from(face % 2);
            view! {
                <div class="row vv-picked" data-test="picked" data-stone=stone.to_string()>
                    <span role="img" aria-label=view::picked_text(stone, face)>{stone_chip(s.color, s.faces[f], s.faces[1 - f])}</span>
                    <span class="hint">{t("links: zu dir · rechts: zum Gegner", "left: toward you · right: toward your opponent")}</span>
                    <button data-test="flip" on:click=flip>{t("⇄ Drehen", "⇄ Turn")}</button>
                </div>
            }
        })
    }
}

/// "Place", and next to it the objection, possible only until the next stone.
fn actions(turn: Turn) -> impl IntoView {
    let place = move |_| {
        if let (Some(stone), face, Some(spot)) = turn.shown.get_untracked() {
            turn.ctx.computers.hint.set(None);
            turn.play(Move::Place { stone, face, spot })
        }
    };
    view! {
        <div class="row actions">
            <button class="primary" data-test="place" disabled=move || !turn.acting() || turn.shown.with(|s| s.2.is_none())
                on:click=place>{t("Setzen", "Place")}</button>
            {move || (turn.profi() && turn.acting() && turn.objectable()).then(|| view! {
                <button data-test="object" class:hinted=move || turn.hinted() == Some(Move::Object) on:click=move |_| turn.play(Move::Object)>{t("Einspruch!", "Objection!")}</button>
            })}
        </div>
    }
}

/// The question to the person to move whether the asker may take their last stone back.
fn take_back_question(turn: Turn) -> impl IntoView {
    let asking = turn.asker.get().map(|p| turn.name(p)).unwrap_or_default();
    let ctx = turn.ctx;
    view! {
        <div class="modal-backdrop" role="dialog" aria-modal="true" data-test="take-back-question">
            <div class="modal">
                <p>{view::take_back_question(&asking)}</p>
                <div class="row">
                    <button data-test="take-back-decline" on:click=move |_| answer_take_back(ctx, false, false)>{t("Ablehnen", "Decline")}</button>
                    <button class="primary" data-test="take-back-allow"
                        on:click=move |_| answer_take_back(ctx, true, false)>{t("Erlauben", "Allow")}</button>
                </div>
            </div>
        </div>
    }
}

/// The players, with their match points when a match has several games: from what the whole
/// table sees, so the list stays while the device passes and is redrawn in place.
fn seat_list(turn: Turn) -> impl IntoView {
    let table = turn.table;
    let rows = move || {
        table.with(|s| {
            let g = s.as_ref()?.observation().state();
            let many = g.options().games > 1;
            Some(turn.seats.get().into_iter().enumerate().map(|(p, seat)| {
                let current = g.to_move() == Some(p) && g.end().is_none();
                let points = g.match_points()[p];
                view! {
                    <li class="player" class:current=current aria-current=current.then_some("true")>
                        <PlayerTag seat=seat />
                        {many.then(|| view! { <span class="counts"><b>{points}</b>{count_noun(u64::from(points), (" Matchpunkt", " match point"), (" Matchpunkte", " match points"))}</span> })}
                    </li>
                }
            }).collect_view())
        })
    };
    view! { <ul class="players" data-test="players">{rows}</ul> }
}

#[component]
fn Tafeln(turn: Turn) -> impl IntoView {
    // The stones not yet in the wall: by colour on four plates, or (without Tafeln) in a heap.
    let stones = Memo::new(move |_| {
        let heap = turn.table.with(|s| {
            let g = s.as_ref()?.observation().state();
            g.options().without_tafeln.then(|| g.records().len())
        });
        let heap = heap.map(|game_no| heap_order(turn.game, game_no));
        turn.table.with(|s| s.as_ref().map(|s| view::tafeln(s, heap.as_deref())).unwrap_or_default())
    });
    // A plate is drawn again only when a stone leaves it (or a new game fills it).
    let keys = Signal::derive(move || stones.with(|rows| (0..).zip(rows).map(|(r, row)| plate_key(r, row)).collect()));
    let plate = Callback::new(move |key: u16| {
        let row = stones
            .with_untracked(|rows| (0..).zip(rows).find(|(r, row)| plate_key(*r, row) == key).map(|p| p.1.clone()));
        tafel(turn, row.unwrap_or_default()).into_any()
    });
    view! { <div class="vv-tafeln" data-test="tafeln">{keyed(keys, plate)}</div> }
}

/// Plate `r`'s key: its number, and which of its places hold a stone (in the heap, how many are
/// left: the heap only shrinks during a game).
fn plate_key(r: u16, row: &[Option<u8>]) -> u16 {
    (0..).zip(row).fold(r, |key, (i, stone)| key ^ u16::from(stone.is_some()) << (3 + i % 13))
}

/// One plate (or the heap): its stones and the gaps of those in the wall. Each plate is one
/// keyboard group: one tab stop, arrows along its stones.
fn tafel(turn: Turn, row: Vec<Option<u8>>) -> impl IntoView {
    let roving = Roving::new(Signal::stored(row.iter().flatten().count()));
    let mut k = 0;
    let stone = move |id: u8, i: usize| {
        let s = STONES[usize::from(id)];
        let pick = move || {
            if turn.game.person_to_move_untracked() {
                turn.ctx.computers.hint.set(None);
                turn.picked.set(Some(id));
                turn.face.set(0);
                turn.chosen.set(None);
            }
        };
        view! {
            <button class="vv-tafel-stone" data-test="tafel-stone" data-stone=id.to_string() data-color=s.color.to_string()
                aria-pressed=move || turn.shown.with(|s| s.0 == Some(id)).to_string()
                aria-label=format!("{} {}/{}", color_name(s.color), wall::shape_char(s.faces[0]), wall::shape_char(s.faces[1]))
                tabindex=roving.tabindex(i)
                on:focus=move |_| roving.focused(i)
                on:keydown=move |ev| roving.keydown(&ev, 0, pick)
                on:click=move |_| pick()>
                {stone_chip(s.color, s.faces[0], s.faces[1])}
            </button>
        }
        .into_any()
    };
    view! {
        <div class="vv-tafel" role="group">
            {row.into_iter().map(|slot| match slot {
                Some(id) => {
                    k += 1;
                    stone(id, k - 1)
                }
                None => view! { <span class="vv-tafel-empty" aria-hidden="true"></span> }.into_any(),
            }).collect_view()}
        </div>
    }
}
