//! Vier mal Vier on screen: the wall (one side, or both in the open view), the Tafeln, the picked
//! stone with its flip control, the Profi actions, the log and the end screen with the match table.

pub mod result;
pub mod wall;

use crate::engine::viermalvier::{Event, Move, Options, Spot, VierMalVier, View, STONES, STONE_COUNT};
use crate::engine::{rng, Game};
use crate::session::{Seat, Session};
use crate::ui::components::keyed;
use crate::ui::components::{choice, option_check, PlayerTag};
use crate::ui::i18n::{count_noun, is_de, t};
use crate::ui::keyboard::{Preview, Roving};
use crate::ui::table_frame::{side_panel, table_frame, TableParts};
use crate::ui::{AppCtx, GameHandle};
use crate::view::viermalvier::{self as view, error_text};
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

/// The player who may ask to take back the last stone (Profi rule): its owner, while the
/// opponent has not moved yet, if a person plays that seat (a computer never asks) — and only
/// where the rule lets that stone go back (it made the complete wall impossible): a request the
/// rule refuses is never offered.
fn take_back_asker(s: &Session<VierMalVier>) -> Option<usize> {
    let (owner, _) = s.state.last_stone()?;
    let running = s.state.end().is_none() && s.state.to_move().is_some_and(|p| p != owner);
    (running && s.seats.get(owner).is_some_and(Seat::is_person) && s.state.take_back_allowed()).then_some(owner)
}

/// The owner of the last stone asks to take it back. A computer opponent answers at once, by the
/// rules: it allows what the rules allow; a person answers on their own screen.
fn ask_take_back(ctx: AppCtx) {
    let game = GameHandle::<VierMalVier>::new(ctx);
    let Some((len, person_answers)) = game.with_untracked(|s| (s.log.len(), s.person_to_move().is_some())) else {
        return;
    };
    ctx.take_back_asked.set(Some(len));
    if !person_answers {
        answer_take_back(ctx, true, true);
    }
}

/// The opponent's answer to a take-back request (`computer`: the opponent is a computer).
fn answer_take_back(ctx: AppCtx, allow: bool, computer: bool) {
    let game = GameHandle::<VierMalVier>::new(ctx);
    ctx.take_back_asked.set(None);
    let Some(answerer) =
        game.with_untracked(|s| s.state.to_move().and_then(|p| s.seats.get(p)).map(|seat| seat.name.clone())).flatten()
    else {
        return;
    };
    let refused = |ctx: AppCtx| {
        ctx.say(format!("{answerer} {}", t("lehnt die Rücknahme ab.", "declines the take-back.")));
    };
    if !allow {
        refused(ctx);
        return;
    }
    let result = if computer { game.play_computer(&Move::AllowTakeBack) } else { game.play(&Move::AllowTakeBack) };
    match result {
        Some(Ok(event)) => say_event(ctx, &event),
        // Only offered where the rule allows it (`take_back_asker`); a changed game says why not.
        Some(Err(e)) => ctx.warn(error_text(&e)),
        None => refused(ctx),
    }
}

/// Says a move in a message, as the table reads it: a stone that goes back or an announcement
/// must not only be logged.
fn say_event(ctx: AppCtx, event: &Event) {
    let game = GameHandle::<VierMalVier>::new(ctx);
    if let Some(text) = game.with_untracked(|s| view::describe(event, &s.seats, None, s.state.options().view)) {
        ctx.say(text);
    }
}

/// Whether the take-back question asked in this position stands (any move ends it).
fn question_stands(ctx: AppCtx, s: &Session<VierMalVier>) -> bool {
    ctx.take_back_asked.get() == Some(s.log.len())
}

fn ask_label(name: &str) -> String {
    format!("{name}: {}", t("Rücknahme erbitten", "ask to take back"))
}

/// On the hand-over cover: the player who just set a stone may ask to take it back before the
/// device passes on (Profi rule); once asked, the cover says so.
#[component]
pub fn CoverQuestion() -> impl IntoView {
    let ctx = AppCtx::get();
    let game = GameHandle::<VierMalVier>::new(ctx);
    move || {
        let (owner, asked, names) = game.with(|s| {
            (take_back_asker(s), question_stands(ctx, s), s.seats.iter().map(|x| x.name.clone()).collect::<Vec<_>>())
        })?;
        let owner = owner?;
        let asker = names.get(owner).cloned().unwrap_or_default();
        let answerer = names.get(1 - owner.min(1)).cloned().unwrap_or_default();
        Some(if asked {
            let text = format!(
                "{asker} {} {answerer} {}",
                t("bittet, den letzten Stein zurückzunehmen.", "asks to take back the last stone."),
                t("entscheidet nach dem Zeigen.", "decides after showing.")
            );
            view! { <p class="hint" data-test="take-back-asked">{text}</p> }.into_any()
        } else {
            view! { <button data-test="ask-take-back" on:click=move |_| ask_take_back(ctx)>{ask_label(&asker)}</button> }.into_any()
        })
    }
}

/// The order in which the stones lie without Tafeln: a heap, shuffled once per game.
fn heap_order(seed: u64, game_no: usize) -> Vec<u8> {
    let mut ids: Vec<u8> = (0..STONE_COUNT as u8).collect();
    rng::shuffle(&mut ids, seed, game_no as u64);
    ids
}

#[component]
pub fn PlayVierMalVier() -> impl IntoView {
    let ctx = AppCtx::get();
    let game = GameHandle::<VierMalVier>::new(ctx);
    let picked = RwSignal::new(None::<u8>);
    // Which face of the picked stone looks at the mover.
    let face = RwSignal::new(0u8);
    let chosen = RwSignal::new(None::<Spot>);

    let seats = game.seats();
    // The player whose side may be shown now; `None` behind the hand-over cover.
    // Never a computer's side: while a computer moves, the person at the device keeps theirs.
    let viewer = move || game.viewer();
    // What that player sees (`Seen`): the walls and the facts below come from it, never from the
    // real state.
    let seen = move || game.seen_by(viewer());
    let public = move |f: fn(&VierMalVier) -> bool| seen().is_some_and(|s| f(s.observation().state()));
    let running = move || public(|g| g.end().is_none());
    let open = move || public(|g| g.options().view == View::Open);
    let mover = move || viewer().filter(|_| running());
    let acting = move || game.person_to_move() && running();
    let hinted = move || crate::ui::computer::hint_for::<VierMalVier>(ctx);
    // The stone shown (on the wall and as picked): a hint's (shown over the person's own pick:
    // they asked for it; their next pick clears it), else the person's own.
    let shown = Memo::new(move |_| match hinted() {
        Some(Move::Place { stone, face, spot }) => (Some(stone), face, Some(spot)),
        _ => (picked.get(), face.get(), chosen.get()),
    });
    // Acting on a shown hint (a place, a turn) makes it the person's own pick.
    let adopt_hint = move || {
        if let Some(Move::Place { stone, face: f, spot }) = untrack(hinted) {
            picked.set(Some(stone));
            face.set(f);
            chosen.set(Some(spot));
        }
        ctx.computers.hint.set(None);
    };
    let reset = move || {
        picked.set(None);
        face.set(0);
        chosen.set(None);
    };
    let preview = Preview::new();
    let name = move |p: usize| seats.with(|s| s.get(p).map_or("?".to_string(), |x| x.name.clone()));

    // The sides to draw: both when open or over; else only the mover's side (none behind the cover).
    let sides = Signal::derive(move || {
        let both = public(|g| g.options().view == View::Open || g.end().is_some());
        if both {
            vec![0, 1]
        } else {
            mover().map(|p| p as u16).into_iter().collect::<Vec<u16>>()
        }
    });
    let play = move |mv: Move| match game.play(&mv) {
        Some(Ok(event)) => {
            reset();
            if matches!(event, Event::Objected { .. } | Event::TookBack { .. } | Event::Announced { .. }) {
                say_event(ctx, &event);
            }
        }
        Some(Err(e)) => ctx.warn(error_text(&e)),
        None => {}
    };
    let on_slot = Callback::new(move |spot: Spot| {
        if !game.person_to_move_untracked() {
            return;
        }
        adopt_hint();
        let Some(stone) = picked.get_untracked() else { return };
        let check = game.seen_untracked().map(|s| s.observation().state().check_spot(stone, spot));
        match check {
            Some(Err(e)) => ctx.warn(error_text(&e)),
            Some(Ok(_)) if chosen.get_untracked() != Some(spot) => {
                chosen.set(Some(spot));
                preview.shown();
            }
            // A second tap places, once the stone has been seen there (a double tap's does not).
            Some(Ok(_)) if preview.confirmable() => play(Move::Place { stone, face: face.get_untracked(), spot }),
            Some(Ok(_)) | None => {}
        }
    });

    let panel = Callback::new(move |side: u16| {
        let side = usize::from(side);
        let wall = Memo::new(move |_| {
            let last = game
                .with(|s| match s.log.last() {
                    Some(Event::Placed { at, .. }) => Some(*at),
                    _ => None,
                })
                .flatten();
            // The places once per position, for the person to move. In the hidden view only the
            // viewer's own side is drawn.
            let moving = mover() == Some(side) && acting();
            seen().map(|s| view::wall(&s, side, last, moving)).unwrap_or_default()
        });
        // Per tap: the picked stone's places and preview.
        let pick = Memo::new(move |_| {
            let (stone, face, spot) = shown.get();
            wall.with(|w| view::pick(w, stone, face, spot))
        });
        let who = name(side);
        let label = if is_de() { format!("Seite von {who}") } else { format!("{who}'s side") };
        view! {
            <figure class="vv-panel" class:mover=move || mover() == Some(side)>
                <Wall wall=wall pick=pick label=label.clone() on_slot=on_slot />
                <figcaption>{label}</figcaption>
                // The hidden view explains itself: which side is whose, and the plates.
                {move || (!open() && running() && mover() == Some(side)).then(|| {
                    let colour = |p: usize| format!("c-{}", seats.with(|s| s.get(p).map_or("white", |x| x.color.id())));
                    view! { <WallLegend me=colour(side) other=colour(1 - side) other_name=name(1 - side) /> }
                })}
            </figure>
        }
        .into_any()
    });

    let status = move || {
        if !acting() {
            return crate::ui::components::wait_for_turn();
        }
        match hinted() {
            Some(Move::Object) => return t("Tipp: Einspruch erheben!", "Hint: object!").to_string(),
            Some(Move::Announce) => {
                return t(
                    "Tipp: Ansagen, dass die Mauer nicht mehr vollständig wird.",
                    "Hint: announce that the wall cannot be completed.",
                )
                .to_string()
            }
            Some(Move::Place { .. }) => {
                return t(
                    "Tipp: dieser Stein auf diesen Platz – „Setzen“.",
                    "Hint: this stone on this place – “Place”.",
                )
                .to_string()
            }
            _ => {}
        }
        // With the picked stone's faces: a turn is said aloud (the status is a live region).
        let Some(stone) = picked.get() else {
            return t("Nimm einen Stein von den Tafeln.", "Take a stone from the Tafeln.").to_string();
        };
        let next = if chosen.get().is_none() {
            t("Mit ⇄ drehen, dann einen grünen Platz wählen.", "Turn it with ⇄, then choose a green place.")
        } else {
            t("Den Platz nochmal wählen oder „Setzen“.", "Choose the place again or “Place”.")
        };
        let mut text = view::picked_text(stone, face.get());
        text.push_str(". ");
        text.push_str(next);
        text
    };
    let profi = move || public(|g| g.options().profi && !g.announced());
    // Take-back requests: who may ask now, and whether the question to the mover stands.
    let asker = Memo::new(move |_| game.with(take_back_asker).flatten());
    let question_open = move || game.with(|s| question_stands(ctx, s)).unwrap_or(false);
    // The asker taps on the shared screen: in the open view, or while they hold the device
    // (a computer opponent). In the hidden view they ask on the hand-over cover.
    let ask_here = move || asker.get().filter(|&p| !question_open() && (open() || viewer() == Some(p)));
    let objectable = move || public(|g| g.last_stone().is_some_and(|(p, _)| Some(p) != g.to_move()));

    table_frame(TableParts {
        game_class: "viermalvier",
        board_class: "vv-walls",
        board: keyed(sides, panel).into_any(),
        seats: seat_list(game).into_any(),
        side: ViewFn::from(move || {
            side_panel(
                !running(),
                mover().is_some(),
                || view! { <result::EndView game=game /> }.into_any(),
                || {
                    view! {
                        <div class="hand-area vv-hand">
                            <Tafeln game=game picked=picked face=face chosen=chosen shown=shown />
                            {move || { let (stone, turn) = shown.with(|s| (s.0, s.1)); stone.map(|stone| {
                                let s = STONES[usize::from(stone) % STONE_COUNT];
                                let f = usize::from(turn % 2);
                                view! {
                                    <div class="row vv-picked" data-test="picked" data-stone=stone.to_string()>
                                        // Named by the face toward the player (the status says a turn aloud).
                                        <span role="img" aria-label=view::picked_text(stone, turn)>{stone_chip(s.color, s.faces[f], s.faces[1 - f])}</span>
                                        <span class="hint">{t("links: zu dir · rechts: zum Gegner", "left: toward you · right: toward your opponent")}</span>
                                        <button data-test="flip" on:click=move |_| { adopt_hint(); face.update(|f| *f = 1 - *f) }>{t("⇄ Drehen", "⇄ Turn")}</button>
                                    </div>
                                }
                            })}}
                            {crate::ui::components::paused_note()}<p class="status" data-test="status" aria-live="polite">{status}</p>
                            <div class="row actions">
                                <button class="primary" data-test="place" disabled=move || !acting() || shown.with(|s| s.2.is_none())
                                    on:click=move |_| if let (Some(stone), f, Some(spot)) = shown.get_untracked() {
                                        ctx.computers.hint.set(None);
                                        play(Move::Place { stone, face: f, spot })
                                    }>{t("Setzen", "Place")}</button>
                                // Next to "Setzen": an objection is possible only until the next stone.
                                {move || (profi() && acting() && objectable()).then(|| view! {
                                    <button data-test="object" class:hinted=move || hinted() == Some(Move::Object) on:click=move |_| play(Move::Object)>{t("Einspruch!", "Objection!")}</button>
                                })}
                            </div>
                            {move || ask_here().map(|p| view! {
                                <div class="row actions">
                                    <button data-test="ask-take-back" on:click=move |_| ask_take_back(ctx)>{ask_label(&name(p))}</button>
                                </div>
                            })}
                            {move || (question_open() && acting()).then(|| {
                                let asking = asker.get().map(name).unwrap_or_default();
                                let text = format!("{asking} {}", t(
                                    "möchte den letzten Stein zurücknehmen: Mit ihm kann die Mauer nicht mehr vollständig werden. Erlaubst du es?",
                                    "wants to take back the last stone: it made a complete wall impossible. Do you allow it?",
                                ));
                                view! {
                                    <div class="modal-backdrop" role="dialog" aria-modal="true" data-test="take-back-question">
                                        <div class="modal">
                                            <p>{text}</p>
                                            <div class="row">
                                                <button data-test="take-back-decline" on:click=move |_| answer_take_back(ctx, false, false)>{t("Ablehnen", "Decline")}</button>
                                                <button class="primary" data-test="take-back-allow"
                                                    on:click=move |_| answer_take_back(ctx, true, false)>{t("Erlauben", "Allow")}</button>
                                            </div>
                                        </div>
                                    </div>
                                }
                            })}
                            {move || (profi() && acting()).then(|| view! {
                                <div class="row actions vv-profi">
                                    <button data-test="announce" class:hinted=move || hinted() == Some(Move::Announce) on:click=move |_| play(Move::Announce)>{t("Ansage: Mauer nicht mehr vollständig", "Announce: wall cannot be completed")}</button>
                                </div>
                            })}
                        </div>
                    }
                },
            )
        }),
        dialogs: None,
        open: Some(Signal::derive(open)),
    })
}

/// The players, with their match points when a match has several games.
fn seat_list(game: GameHandle<VierMalVier>) -> impl IntoView {
    let seats = game.seats();
    view! {
        <ul class="players" data-test="players">
            {move || seats.get().into_iter().enumerate().map(|(p, seat)| {
                let current = game.with(|s| s.state.to_move() == Some(p) && s.state.end().is_none()).unwrap_or(false);
                let points = game.with(|s| s.state.match_points()[p]).unwrap_or(0);
                let many = game.with(|s| s.state.options().games > 1).unwrap_or(false);
                view! {
                    <li class="player" class:current=current aria-current=current.then_some("true")>
                        <PlayerTag seat=seat />
                        {many.then(|| view! { <span class="counts"><b>{points}</b>{count_noun(u64::from(points), (" Matchpunkt", " match point"), (" Matchpunkte", " match points"))}</span> })}
                    </li>
                }
            }).collect_view()}
        </ul>
    }
}

#[component]
fn Tafeln(
    game: GameHandle<VierMalVier>,
    picked: RwSignal<Option<u8>>,
    face: RwSignal<u8>,
    chosen: RwSignal<Option<Spot>>,
    shown: Memo<(Option<u8>, u8, Option<Spot>)>,
) -> impl IntoView {
    let ctx = AppCtx::get();
    let stones = move || {
        game.with(|s| {
            let g = &s.state;
            if g.options().without_tafeln {
                let order = heap_order(g.seed(), g.records().len());
                vec![order.into_iter().filter(|&id| !g.is_used(id)).map(Some).collect::<Vec<_>>()]
            } else {
                (0..4u8)
                    .map(|color| {
                        (0..STONE_COUNT as u8)
                            .filter(|&id| STONES[usize::from(id)].color == color)
                            .map(|id| (!g.is_used(id)).then_some(id))
                            .collect()
                    })
                    .collect()
            }
        })
        .unwrap_or_default()
    };
    view! {
        <div class="vv-tafeln" data-test="tafeln">
            {move || stones().into_iter().map(|row| {
                // Each plate is one keyboard group: one tab stop, arrows along its stones.
                let roving = Roving::new(Signal::stored(row.iter().flatten().count()));
                let mut k = 0;
                view! {
                <div class="vv-tafel" role="group">
                    {row.into_iter().map(|slot| match slot {
                        Some(id) => {
                            let s = STONES[usize::from(id)];
                            let i = k;
                            k += 1;
                            let pick = move || if game.person_to_move_untracked() { ctx.computers.hint.set(None); picked.set(Some(id)); face.set(0); chosen.set(None); };
                            view! {
                                <button class="vv-tafel-stone" data-test="tafel-stone" data-stone=id.to_string() data-color=s.color.to_string()
                                    aria-pressed=move || shown.with(|s| s.0 == Some(id)).to_string()
                                    aria-label=format!("{} {}/{}", color_name(s.color), wall::shape_char(s.faces[0]), wall::shape_char(s.faces[1]))
                                    tabindex=roving.tabindex(i)
                                    on:focus=move |_| roving.focused(i)
                                    on:keydown=move |ev| roving.keydown(&ev, 0, pick)
                                    on:click=move |_| pick()>
                                    {stone_chip(s.color, s.faces[0], s.faces[1])}
                                </button>
                            }.into_any()
                        }
                        None => view! { <span class="vv-tafel-empty" aria-hidden="true"></span> }.into_any(),
                    }).collect_view()}
                </div>
            }}).collect_view()}
        </div>
    }
}
