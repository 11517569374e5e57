//! Computer seats at the table: the page's half of the computer players. Starts the worker on
//! the first computer turn (or the first "Tipp"), sends it what the seat may see
//! ([`crate::computer::request`]), and plays its moves one at a time with a pause, so people can
//! follow them. No search code lives here: it is all in the worker's wasm.

use super::i18n::t;
use super::{AppCtx, GameHandle, Route};
use crate::computer::{ask_why, move_of_reply, parse_reply, request, Answer, READY};
use crate::engine::bots::{Budget, Level};
use crate::engine::Determinize;
use crate::session::{AnySession, Session, Stored};
use leptos::prelude::*;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The worker script Trunk writes (fixed name, relative: works under any sub-path).
const WORKER_URL: &str = "./spieltisch-worker_loader.js";
/// How long the worker may take to start before the page says it cannot.
const START_TIMEOUT_MS: u64 = 15_000;
/// How long one answer may take at the game's budget before the worker counts as gone (it may
/// vanish without an error event): Hard thinks about a second, a slow device several.
const ANSWER_TIMEOUT_MS: u32 = 30_000;
/// Pause before a computer's move is shown, and after another computer's move.
const PAUSE_MS: f64 = 700.0;
const PAUSE_AFTER_COMPUTER_MS: f64 = 1_300.0;

/// What a request was for.
#[derive(Clone, Debug, PartialEq)]
enum Purpose {
    /// The move of the computer in `seat` at `turn` of the game with record `record`.
    Move { record: String, turn: u32, seat: usize },
    /// A hint for the person in `seat` at `turn`.
    Hint { record: String, turn: u32, seat: usize },
}

#[derive(Default)]
struct WorkerState {
    worker: Option<web_sys::Worker>,
    ready: bool,
    /// The request waiting for the worker to start (only the newest matters): id and text.
    queued: Option<(u32, String)>,
    next_id: u32,
    /// The request in flight.
    asked: Option<(u32, Purpose)>,
    /// When the last computer move was shown (ms), and whether a computer made it.
    last_shown: f64,
    last_was_computer: bool,
}

thread_local! {
    static STATE: RefCell<WorkerState> = RefCell::new(WorkerState::default());
}

/// A hint on the board: the suggested move as the worker sent it, for one seat at one turn.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub turn: u32,
    pub seat: usize,
    pub mv: String,
    /// Why it is good, as the worker wrote it from the seat's view.
    pub reason: String,
}

/// The reactive part, in [`AppCtx::computers`].
#[derive(Clone, Copy)]
pub struct Computers {
    /// The seat whose computer is thinking.
    pub thinking: RwSignal<Option<usize>>,
    /// True while a hint is being worked out.
    pub hinting: RwSignal<bool>,
    pub hint: RwSignal<Option<Hint>>,
    /// The worker could not start (or broke, or stopped answering): said once, the game stays saved.
    pub failed: RwSignal<bool>,
    /// The worker is another build's (this page is older than the files now served): only a
    /// reload helps.
    pub outdated: RwSignal<bool>,
    /// Computers wait while paused.
    pub paused: RwSignal<bool>,
    /// All seats are computers and the user asked not to wait between moves.
    pub skip: RwSignal<bool>,
}

impl Computers {
    pub fn new() -> Self {
        Computers {
            thinking: RwSignal::new(None),
            hinting: RwSignal::new(false),
            hint: RwSignal::new(None),
            failed: RwSignal::new(false),
            outdated: RwSignal::new(false),
            paused: RwSignal::new(false),
            skip: RwSignal::new(false),
        }
    }
}

impl Default for Computers {
    fn default() -> Self {
        Self::new()
    }
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// `?<name>=N` in the page's URL, for tests.
fn url_number(name: &str) -> Option<u32> {
    let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    search.trim_start_matches('?').split('&').find_map(|kv| kv.strip_prefix(name)?.strip_prefix('=')?.parse().ok())
}

/// The search budget: the in-game one, or `?budget=N` in the page's URL (tests keep games short
/// with it, like the native tests' small budget).
fn budget() -> Budget {
    url_number("budget").map_or(Budget::FULL, |iterations| Budget { iterations })
}

/// How long an answer may take: [`ANSWER_TIMEOUT_MS`] per game budget's worth of search, or
/// `?timeout=MS` (tests).
fn answer_timeout_ms() -> u32 {
    url_number("timeout")
        .unwrap_or_else(|| ANSWER_TIMEOUT_MS.saturating_mul((budget().iterations / Budget::FULL.iterations).max(1)))
}

/// The running game's record id and turn, if the game screen shows it.
fn current(ctx: &AppCtx) -> Option<(String, u32)> {
    let id = match ctx.route.get_untracked() {
        Route::Play(route_id) => ctx.record.get_untracked().map(|(id, _)| id).filter(|id| *id == route_id)?,
        // The guided game has no record: its game's id names it.
        Route::Guide(kind) if ctx.guide.with_untracked(Option::is_some) => kind.id().to_string(),
        _ => return None,
    };
    let turn = ctx.game.with_untracked(|g| g.as_ref().map(AnySession::turn))?;
    Some((id, turn))
}

/// The computer seat to move and its level, if a computer is to move.
fn computer_to_move(g: &AnySession) -> Option<(usize, Level)> {
    let p = g.to_move()?;
    Some((p, g.seats().get(p)?.kind.level()?))
}

fn make_request<G: Stored + Determinize>(s: &Session<G>, id: u32, seat: usize, level: Level) -> Result<String, String> {
    request(id, &s.state, seat, level, super::new_seed(), budget())
}

/// [`drive`] in a task of its own: preparing a request (a determinization, its JSON) then does
/// not lengthen the task that showed the move or the new board.
pub fn drive_soon(ctx: AppCtx) {
    set_timeout(move || drive(ctx), std::time::Duration::ZERO);
}

/// Asks the worker for the next computer move when a computer is to move in the game on screen.
/// Called after every change of the game (a move, opening, resuming, un-pausing).
pub fn drive(ctx: AppCtx) {
    let c = ctx.computers;
    if c.paused.get_untracked() || c.failed.get_untracked() || ctx.conflict.get_untracked().is_some() {
        return;
    }
    let Some((record, turn)) = current(&ctx) else { return };
    let Some((seat, level)) = ctx.game.with_untracked(|g| g.as_ref().and_then(computer_to_move)) else {
        return;
    };
    let purpose = Purpose::Move { record, turn, seat };
    if STATE.with(|st| st.borrow().asked.as_ref().is_some_and(|(_, p)| *p == purpose)) {
        return;
    }
    // Before asking: if the worker cannot start, `fail` clears it again.
    c.thinking.set(Some(seat));
    if let Err(e) = ask(ctx, purpose, seat, level) {
        c.thinking.set(None);
        // The reason is the program's own (a bug report's), so it goes to the console only.
        web_sys::console::error_1(&e.into());
        ctx.warn(t("Der Computerzug konnte nicht vorbereitet werden.", "The computer's move could not be prepared."));
    }
}

/// Asks the Medium player for a hint for the person to move.
pub fn ask_hint(ctx: AppCtx) {
    let c = ctx.computers;
    let Some((record, turn)) = current(&ctx) else { return };
    let Some(seat) = ctx.game.with_untracked(|g| g.as_ref().and_then(AnySession::person_to_move)) else { return };
    if c.hint.with_untracked(|h| h.as_ref().is_some_and(|h| h.turn == turn && h.seat == seat)) {
        return;
    }
    c.hinting.set(true);
    if ask(ctx, Purpose::Hint { record, turn, seat }, seat, Level::Medium).is_err() {
        c.hinting.set(false);
    }
}

/// Sends the worker a request for `seat` at `level`, under a fresh id.
fn ask(ctx: AppCtx, purpose: Purpose, seat: usize, level: Level) -> Result<(), String> {
    let id = STATE.with(|st| {
        let mut st = st.borrow_mut();
        st.next_id += 1;
        st.next_id
    });
    let hint = matches!(purpose, Purpose::Hint { .. });
    // In the guided game the computers play the script: answered here as the worker would.
    if let (false, Some(json)) = (hint, super::guide::scripted_move(ctx)) {
        STATE.with(|st| st.borrow_mut().asked = Some((id, purpose)));
        on_reply(ctx, &format!("{id} 0 ok {json}"));
        return Ok(());
    }
    let text = ctx.game.with_untracked(|g| {
        let g = g.as_ref()?;
        let mut text = crate::with_session!(g, s => make_request(s, id, seat, level));
        if let (true, Ok(text)) = (hint, &mut text) {
            // A hint also asks why, in the page's language, naming the seats as the table does.
            let names: Vec<&str> = g.seats().iter().map(|seat| seat.name.as_str()).collect();
            ask_why(text, crate::lang::lang(), &names);
        }
        Some(text)
    });
    send(ctx, id, purpose, text.ok_or("no game")??);
    Ok(())
}

fn send(ctx: AppCtx, id: u32, purpose: Purpose, text: String) {
    STATE.with(|st| st.borrow_mut().asked = Some((id, purpose)));
    let started = STATE.with(|st| st.borrow().worker.is_some());
    if !started && !start_worker(ctx) {
        return;
    }
    let ready = STATE.with(|st| {
        let mut st = st.borrow_mut();
        if !st.ready {
            st.queued = Some((id, text.clone()));
        }
        st.ready
    });
    if ready {
        post(ctx, id, &text);
    }
}

/// Posts request `id` to the started worker; if it is still unanswered after
/// [`answer_timeout_ms`], the worker is taken for gone (the "try again" message).
fn post(ctx: AppCtx, id: u32, text: &str) {
    STATE.with(|st| {
        if let Some(w) = &st.borrow().worker {
            let _ = w.post_message(&JsValue::from_str(text));
        }
    });
    set_timeout(
        move || {
            if STATE.with(|st| st.borrow().asked.as_ref().is_some_and(|(asked, _)| *asked == id)) {
                fail(ctx);
            }
        },
        std::time::Duration::from_millis(u64::from(answer_timeout_ms())),
    );
}

fn start_worker(ctx: AppCtx) -> bool {
    let worker = match web_sys::Worker::new(WORKER_URL) {
        Ok(w) => w,
        Err(_) => {
            fail(ctx);
            return false;
        }
    };
    let on_message = Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
        let text = ev.data().as_string().unwrap_or_default();
        if text == READY {
            let queued = STATE.with(|st| {
                let mut st = st.borrow_mut();
                st.ready = true;
                st.queued.take()
            });
            if let Some((id, q)) = queued {
                post(ctx, id, &q);
            }
            return;
        }
        if text.starts_with("ready") {
            // Another build's worker (a newer deploy took over the files): it may not understand
            // this page, so it gets nothing.
            fail(ctx);
            ctx.computers.outdated.set(true);
            return;
        }
        on_reply(ctx, &text);
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let on_error = Closure::<dyn Fn(web_sys::Event)>::new(move |_| fail(ctx));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    STATE.with(|st| st.borrow_mut().worker = Some(worker));
    set_timeout(
        move || {
            if !STATE.with(|st| st.borrow().ready) {
                fail(ctx);
            }
        },
        std::time::Duration::from_millis(START_TIMEOUT_MS),
    );
    true
}

/// The worker is not there: say so once; the game stays as it is (saved, playable by people).
fn fail(ctx: AppCtx) {
    STATE.with(|st| {
        let mut st = st.borrow_mut();
        if let Some(w) = st.worker.take() {
            w.terminate();
        }
        st.ready = false;
        st.queued = None;
        st.asked = None;
    });
    let c = ctx.computers;
    c.thinking.set(None);
    c.hinting.set(false);
    if !c.failed.get_untracked() {
        c.failed.set(true);
    }
}

/// Pauses the computers, or lets them go on (asking for the move of one to move).
pub fn set_paused(ctx: AppCtx, paused: bool) {
    ctx.computers.paused.set(paused);
    if !paused {
        drive(ctx);
    }
}

/// Tries again after a failure (the "Erneut versuchen" button).
pub fn retry(ctx: AppCtx) {
    ctx.computers.failed.set(false);
    drive(ctx);
}

fn on_reply(ctx: AppCtx, text: &str) {
    let Some(answer) = parse_reply(text) else { return };
    let id = answer.id;
    push_global("spieltischBotReplyAt", now());
    let purpose = STATE.with(|st| {
        let mut st = st.borrow_mut();
        match &st.asked {
            Some((asked, p)) if *asked == id => {
                let p = p.clone();
                st.asked = None;
                Some(p)
            }
            _ => None,
        }
    });
    match purpose {
        Some(Purpose::Hint { record, turn, seat }) => show_hint(ctx, answer, record, turn, seat),
        Some(Purpose::Move { record, turn, .. }) => play_after_pause(ctx, answer, record, turn),
        None => {}
    }
}

/// Shows the worker's hint for `seat` at `turn`, if the game is still there and the move applies.
fn show_hint(ctx: AppCtx, answer: Answer, record: String, turn: u32, seat: usize) {
    let c = ctx.computers;
    c.hinting.set(false);
    if current(&ctx) != Some((record, turn)) {
        return;
    }
    let reason = answer.reason.unwrap_or_default();
    let legal = answer.mv.ok().filter(|json| {
        ctx.game.with_untracked(|g| g.as_ref().is_some_and(|g| crate::with_session!(g, s => legal_in(s, json))))
    });
    match legal {
        Some(mv) => {
            c.hint.set(Some(Hint { turn, seat, mv, reason }));
            ctx.game.update(|g| {
                if let Some(g) = g {
                    g.count_hint(seat);
                }
            });
            ctx.autosave();
        }
        None => ctx.warn(t("Für diesen Zug gibt es keinen Tipp.", "There is no hint for this move.")),
    }
}

/// Plays the computer's move after the pause that lets people follow it, unless the game moved
/// on, was left or paused meanwhile (then it asks again when the game comes back).
fn play_after_pause(ctx: AppCtx, answer: Answer, record: String, turn: u32) {
    let c = ctx.computers;
    let (last_shown, last_was_computer) = STATE.with(|st| {
        let st = st.borrow();
        (st.last_shown, st.last_was_computer)
    });
    let pause = if c.skip.get_untracked() {
        0.0
    } else if last_was_computer {
        PAUSE_AFTER_COMPUTER_MS
    } else {
        PAUSE_MS
    };
    let wait = (last_shown + pause - now()).max(0.0);
    set_timeout(
        move || {
            c.thinking.set(None);
            if current(&ctx) != Some((record, turn)) || c.paused.get_untracked() {
                drive(ctx);
                return;
            }
            record_time(answer.ms);
            let play = ctx.game.with_untracked(|g| g.as_ref().map(|g| crate::with_session!(g, s => reply_player(s))));
            let played = match (play, &answer.mv) {
                (_, Err(e)) => Err(e.clone()),
                (Some(play), Ok(mv)) => play(ctx, mv),
                (None, _) => Ok(()),
            };
            if let Err(e) = played {
                c.paused.set(true);
                web_sys::console::error_1(&e.into());
                ctx.warn(t(
                    "Der Computer hat keinen gültigen Zug gefunden. Das Spiel ist angehalten und gespeichert.",
                    "The computer found no valid move. The game is paused and saved.",
                ));
            }
        },
        std::time::Duration::from_millis(wait as u64),
    );
}

/// [`play_reply`] for the game `s` belongs to (`s` only names the game's type).
fn reply_player<G: Stored>(_: &Session<G>) -> fn(AppCtx, &str) -> Result<(), String> {
    play_reply::<G>
}

fn play_reply<G: Stored>(ctx: AppCtx, json: &str) -> Result<(), String> {
    let handle = GameHandle::<G>::new(ctx);
    let mv = move_of_reply::<G>(json).ok_or_else(|| format!("not a move: {json}"))?;
    match handle.play_computer(&mv) {
        Some(Ok(_)) => {
            mark_shown(true);
            Ok(())
        }
        // A bug in the search (it only proposes legal moves): said without the rule's name,
        // which would carry every game's error names into the page's wasm.
        Some(Err(_)) => Err(format!("the rules refused the computer's move {json}")),
        None => Ok(()),
    }
}

/// Notes a person's move for the pacing: the next computer move waits the short pause.
pub fn person_moved() {
    mark_shown(false);
}

/// A move was just shown (by a computer or a person): the next computer move's pause counts
/// from now.
fn mark_shown(by_computer: bool) {
    STATE.with(|st| {
        let mut st = st.borrow_mut();
        st.last_shown = now();
        st.last_was_computer = by_computer;
    });
}

/// Every computer move's worker time in `globalThis.spieltischBotMs` (read by the report
/// command in headless Chromium).
fn record_time(ms: f64) {
    push_global("spieltischBotMs", ms);
}

/// Appends `value` to the array `globalThis[name]` (measurements for the report and the tests).
fn push_global(name: &str, ms: f64) {
    let global = js_sys::global();
    let key = JsValue::from_str(name);
    let list = js_sys::Reflect::get(&global, &key)
        .ok()
        .and_then(|v| v.dyn_into::<js_sys::Array>().ok())
        .unwrap_or_else(|| {
            let a = js_sys::Array::new();
            let _ = js_sys::Reflect::set(&global, &key, &a);
            a
        });
    list.push(&JsValue::from_f64(ms));
}

/// The hint shown to the person to move in this game, if any.
fn shown_hint(ctx: AppCtx) -> Option<Hint> {
    let hint = ctx.computers.hint.get()?;
    let now = ctx.game.with(|g| g.as_ref().map(|g| (g.turn(), g.to_move())))?;
    (now == (hint.turn, Some(hint.seat)) && ctx.cover.get().is_none()).then_some(hint)
}

/// The hint for the person to move in this game, if one is shown, as a move of `G`.
pub fn hint_for<G: Stored>(ctx: AppCtx) -> Option<G::Move> {
    move_of_reply::<G>(&shown_hint(ctx)?.mv)
}

/// The status line while a hint shows: "Tipp:" and why; `None` when no hint shows.
pub fn hint_line(ctx: AppCtx) -> Option<String> {
    // The guide's words are whole sentences of their own ("Schritt 2 von 9: …").
    let guided = ctx.guide.with(Option::is_some);
    shown_hint(ctx).map(|h| if guided { h.reason } else { crate::view::hint_line(&h.reason) })
}

/// Whether the move `json` applies in `s` (a hint is only shown when it does).
fn legal_in<G: Stored>(s: &Session<G>, json: &str) -> bool {
    move_of_reply::<G>(json).is_some_and(|mv| s.state.clone().apply(&mv).is_ok())
}
