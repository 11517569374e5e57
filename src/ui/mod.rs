//! The Leptos layer: screens, shared components and one folder per game. The engine state sits
//! in one signal ([`AppCtx::game`]); everything else is derived from it while rendering.

pub mod components;
pub mod computer;
pub mod games;
pub mod guide;
pub mod i18n;
pub mod keyboard;
pub mod replay;
pub mod rooms;
pub mod screens;
pub mod settings;
pub mod stats_view;
pub mod storage;
pub mod table_frame;
pub mod update;
pub mod wake_lock;
// One module per game (`src/games.rs`).
crate::for_each_game!(games_modules());

use crate::engine::{Game, GameKind};
use crate::saves::{Conflict, KeyKind, Stamp, WriteError};
use crate::session::{AnySession, Seat, Session, Stored};
use leptos::prelude::*;
use settings::Settings;
use std::marker::PhantomData;
use wasm_bindgen::prelude::*;

/// Where the app is. Kept in the URL's hash so it works under any sub-path and survives a reload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Home,
    Setup(GameKind),
    /// A running game, by the id of its record (so a reload, or a second tab, opens that game).
    Play(String),
    Rules(GameKind),
    Settings,
    /// The guided first game of a game (`crate::guide`): kept nowhere, so a reload starts it again.
    Guide(GameKind),
    /// The finished games kept on the device ([`crate::saves::Saves::archive`]).
    Archive,
    /// A finished game replayed, by its id.
    Replay(String),
    /// The family's statistics, from the finished games.
    Stats,
}

impl Route {
    pub fn from_hash(hash: &str) -> Route {
        let path = hash.trim_start_matches('#').trim_start_matches('/');
        let mut parts = path.split('/');
        match (parts.next(), parts.next()) {
            (Some("new"), Some(id)) => GameKind::from_id(id).map_or(Route::Home, Route::Setup),
            (Some("rules"), Some(id)) => GameKind::from_id(id).map_or(Route::Home, Route::Rules),
            (Some("guide"), Some(id)) => GameKind::from_id(id).map_or(Route::Home, Route::Guide),
            (Some("play"), Some(id)) if is_game_id(id) => Route::Play(id.to_string()),
            (Some("settings"), _) => Route::Settings,
            (Some("archive"), Some(id)) if is_game_id(id) => Route::Replay(id.to_string()),
            (Some("archive"), _) => Route::Archive,
            (Some("stats"), _) => Route::Stats,
            _ => Route::Home,
        }
    }

    pub fn to_hash(&self) -> String {
        match self {
            Route::Home => "#/".into(),
            Route::Setup(k) => format!("#/new/{}", k.id()),
            Route::Play(id) => format!("#/play/{id}"),
            Route::Rules(k) => format!("#/rules/{}", k.id()),
            Route::Settings => "#/settings".into(),
            Route::Guide(k) => format!("#/guide/{}", k.id()),
            Route::Archive => "#/archive".into(),
            Route::Replay(id) => format!("#/archive/{id}"),
            Route::Stats => "#/stats".into(),
        }
    }
}

/// Game ids are the hex digits [`new_game_id`] makes; anything else in a URL is ignored (the
/// rule is the saves' own: a backup's game under another name is refused, src/backup.rs).
pub use crate::saves::is_game_id;

/// A fresh id for a running game's record.
pub fn new_game_id() -> String {
    format!("{:016x}", new_seed())
}

/// A short message for the user (an error or a note). It belongs to its moment: it goes by
/// itself after a few seconds (an error a little later; one with a folded `detail`, a parser's
/// words, stays until closed) and at the next action: a move, a tap on the board, another
/// screen ([`AppCtx::leave`], [`AppCtx::after_move`]). `id` tells one message from the next.
#[derive(Clone, Debug, PartialEq)]
pub struct Toast {
    pub text: String,
    pub error: bool,
    pub detail: Option<String>,
    pub id: u32,
}

/// A new game waiting for the answer whether the oldest unfinished game may go (the cap).
#[derive(Clone, Debug)]
pub struct PendingGame {
    pub session: AnySession,
    pub oldest_id: String,
    pub oldest_summary: String,
}

/// A take-back waiting for a yes ([`AppCtx::takeback_question`]): `offer`, of whose `ask` the
/// first `agreed` have said yes. With nobody to ask: the person at the device confirms that a
/// further move goes back right after a take-back (so one tap never takes back two).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeBackQuestion {
    pub offer: crate::session::TakeBackOffer,
    pub agreed: usize,
}

impl TakeBackQuestion {
    /// The person asked now, if people are asked.
    pub fn asked(&self) -> Option<usize> {
        self.offer.ask.get(self.agreed).copied()
    }
}

/// Shared handles, provided once at the root.
#[derive(Clone, Copy)]
pub struct AppCtx {
    pub route: RwSignal<Route>,
    /// The running game: the one place the engine state lives in the UI.
    pub game: RwSignal<Option<AnySession>>,
    pub settings: RwSignal<Settings>,
    pub toast: RwSignal<Option<Toast>>,
    /// The running game's record: its id and what this tab last read or wrote there.
    pub record: RwSignal<Option<(String, Stamp)>>,
    /// Set when another tab changed or deleted the running game: this tab no longer saves it.
    pub conflict: RwSignal<Option<Conflict>>,
    /// A new game waiting for the cap question.
    pub pending: RwSignal<Option<PendingGame>>,
    /// `Some(player)` while the hand-over cover asks to pass the device to `player`.
    pub cover: RwSignal<Option<usize>>,
    /// The cover as of the last drawn frame: follows [`cover`](Self::cover) a frame later both
    /// ways. What the cover hides is hidden from the moment `cover` is set (the viewer is nobody
    /// then); the cover's card waits for this (so the move's own result, the stone on the board
    /// and the hand gone, reaches the screen first) and goes with `cover` at once; the page behind
    /// is `inert` while this is set. Making a whole board inert or not restyles all of it (about
    /// 7 ms at 4× CPU slowdown) and shows nothing: it waited in the frame that answers the tap.
    /// (Taps meanwhile: the cover's card from its first frame on, after it the tap shield.)
    pub cover_settled: RwSignal<Option<usize>>,
    /// True for a moment after the cover is lifted: swallows the taps of a double or triple tap.
    pub shield: RwSignal<bool>,
    /// Bumped whenever saved games or slots change (here or in another tab), so lists re-read.
    pub saves_changed: RwSignal<u32>,
    /// The person holding the device: whose secrets the board shows while a computer moves.
    pub holder: RwSignal<Option<usize>>,
    /// Computer players: thinking, hints, pause.
    pub computers: computer::Computers,
    /// Vier mal Vier: the player who set the last stone asked to take it back; the log's length
    /// then. The question stands until the opponent answers or anything is played.
    pub take_back_asked: RwSignal<Option<usize>>,
    /// A take-back waiting for a yes: of the people it affects, asked on the cover one after
    /// another, or of the person at the device before a further move goes back.
    pub takeback_question: RwSignal<Option<TakeBackQuestion>>,
    /// What many views read about the running game, each a memo of its own.
    pub table: TableMemos,
    /// The script of the guided first game on screen ([`Route::Guide`]), if that is the game.
    pub guide: RwSignal<Option<std::sync::Arc<crate::guide::Guide>>>,
}

/// Memoised facts about the running game, shared by every game's screens: each notifies its
/// readers only when its own value changes, so a view that shows the seats is not re-run by a
/// move, and the log is written once per move however many views read it. (The last move, for
/// the live region, is [`AppCtx::last_move`]: one reader, no memo needed.)
#[derive(Clone, Copy)]
pub struct TableMemos {
    /// Whose secrets the board may show: nobody under the hand-over cover; the person to move;
    /// while a computer moves, the person holding the device. Never a computer.
    pub viewer: Memo<Option<usize>>,
    /// A person is to move and the cover is down: the person at the device may act.
    pub acting: Memo<bool>,
    pub seats: Memo<Vec<Seat>>,
    /// The move log as lines for the viewer ([`log_lines`]).
    pub log_lines: Memo<Vec<String>>,
}

impl TableMemos {
    fn new(
        game: RwSignal<Option<AnySession>>,
        cover: RwSignal<Option<usize>>,
        holder: RwSignal<Option<usize>>,
    ) -> TableMemos {
        let viewer = Memo::new(move |_| {
            if cover.get().is_some() {
                return None;
            }
            let holder = holder.get();
            game.with(|g| {
                let g = g.as_ref()?;
                g.person_to_move().or_else(|| holder.filter(|&p| g.seats().get(p).is_some_and(Seat::is_person)))
            })
        });
        let acting = Memo::new(move |_| {
            cover.get().is_none() && game.with(|g| g.as_ref().and_then(AnySession::person_to_move).is_some())
        });
        let seats = Memo::new(move |_| game.with(|g| g.as_ref().map(|g| g.seats().to_vec()).unwrap_or_default()));
        let lines = Memo::new(move |_| {
            let reader = viewer.get();
            game.with(|g| g.as_ref().map(|g| log_lines(g, reader, 0)).unwrap_or_default())
        });
        TableMemos { viewer, acting, seats, log_lines: lines }
    }
}

impl AppCtx {
    /// The last move as the log says it to the player who may look now (the live region says
    /// it: with Vier mal Vier's shape toward them; under the cover the table's public words).
    pub fn last_move(&self) -> Option<String> {
        let reader = self.table.viewer.get();
        self.game.with(|g| g.as_ref().and_then(|g| log_lines(g, reader, g.log_len().saturating_sub(1)).pop()))
    }

    pub fn get() -> AppCtx {
        // Provided by `App` before any screen renders.
        use_context::<AppCtx>().unwrap_or_else(|| unreachable!("AppCtx is provided at the root"))
    }

    pub fn go(&self, route: Route) {
        let hash = route.to_hash();
        if self.route.get_untracked() != route {
            self.leave(&route);
            self.route.set(route);
        }
        if let Some(w) = web_sys::window() {
            let _ = w.location().set_hash(&hash);
        }
    }

    /// A note that goes away by itself after a few seconds.
    pub fn say(&self, text: impl Into<String>) {
        self.show_toast(text.into(), false, None);
    }

    /// An error: it stays a little longer than a note.
    pub fn warn(&self, text: impl Into<String>) {
        self.show_toast(text.into(), true, None);
    }

    /// An error in plain words with the technical detail folded under it: it stays until closed
    /// or the next action (someone may be reading the detail).
    pub fn warn_detail(&self, text: impl Into<String>, detail: Option<&str>) {
        self.show_toast(text.into(), true, detail.map(str::to_string));
    }

    fn show_toast(&self, text: String, error: bool, detail: Option<String>) {
        static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let id = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let lasts = match (error, detail.is_some()) {
            (_, true) => None,
            (true, false) => Some(7_000),
            (false, false) => Some(4_000),
        };
        self.toast.set(Some(Toast { text, error, detail, id }));
        let slot = self.toast;
        if let Some(ms) = lasts {
            set_timeout(
                move || {
                    if slot.with_untracked(|t| t.as_ref().is_some_and(|t| t.id == id)) {
                        slot.set(None)
                    }
                },
                std::time::Duration::from_millis(ms),
            );
        }
    }

    /// The message has had its moment (the next action came).
    pub fn clear_toast(&self) {
        if self.toast.with_untracked(Option::is_some) {
            self.toast.set(None);
        }
    }

    /// Before the route changes to `to`: a message stays with the screen it was for; a game
    /// left without a move (for anything but its rules) is not kept as unfinished.
    fn leave(&self, to: &Route) {
        self.clear_toast();
        keyboard::forget_group();
        let Route::Play(id) = self.route.get_untracked() else { return };
        let Some((record, rev)) = self.record.get_untracked().filter(|(r, stamp)| *r == id && *stamp != Stamp::NEW)
        else {
            return;
        };
        let unmoved = self.game.with_untracked(|g| g.as_ref().is_some_and(|g| g.log_len() == 0));
        if !unmoved || matches!(to, Route::Rules(_)) || self.conflict.get_untracked().is_some() {
            return;
        }
        if let Ok(true) = storage::saves().forget_unmoved(&record, rev) {
            // Written again (as a new record) should the player come back and move after all.
            self.record.set(Some((record, Stamp::NEW)));
            self.bump_saves();
        }
    }

    pub fn bump_saves(&self) {
        self.saves_changed.update(|n| *n += 1);
    }

    /// Changes a setting and stores the settings; a failed store is said (the change holds for
    /// this visit).
    pub fn update_settings(&self, f: impl FnOnce(&mut Settings)) {
        self.settings.update(f);
        if let Err(e) = self.settings.with_untracked(|s| s.store()) {
            self.warn(storage::store_message(e));
        }
    }

    /// Raises (or lowers) the hand-over cover. A message belongs to the player who caused it:
    /// it goes when the device passes on.
    pub fn set_cover(&self, player: Option<usize>) {
        if player.is_some() {
            self.toast.set(None);
            keyboard::let_go_of_focus();
        }
        self.cover.set(player);
        if player != self.cover_settled.get_untracked() {
            let ctx = *self;
            components::after_paint(move || {
                let now = ctx.cover.get_untracked();
                if ctx.cover_settled.get_untracked() != now {
                    ctx.cover_settled.set(now);
                }
            });
        }
    }

    /// Lifts the cover, and for a moment swallows further taps (a double tap on "show" must not
    /// reach the board underneath).
    pub fn lift_cover(&self) {
        if let Some(p) = self.cover.get_untracked() {
            self.holder.set(Some(p));
            keyboard::let_go_of_focus();
        }
        self.set_cover(None);
        self.raise_shield();
    }

    /// Swallows taps for a moment: the second tap of a double tap on a button of the cover
    /// must not reach what shows in its place.
    fn raise_shield(&self) {
        self.shield.set(true);
        let shield = self.shield;
        set_timeout(move || shield.set(false), std::time::Duration::from_millis(500));
    }

    /// Makes `session` a new running game with its own record and opens it. With
    /// [`MAX_UNFINISHED`](crate::saves::MAX_UNFINISHED) unfinished games stored, asks first
    /// whether the oldest may go. Never replaces another game.
    pub fn open_game(&self, session: AnySession) {
        if let Ok(Some(oldest)) = storage::saves().oldest_if_full() {
            let oldest_summary = oldest.save.as_ref().map(screens::home::save_summary).unwrap_or_default();
            self.pending.set(Some(PendingGame { session, oldest_id: oldest.name, oldest_summary }));
            return;
        }
        self.start_game(session);
    }

    /// Answers the cap question: `true` deletes the oldest unfinished game and opens the new one.
    pub fn answer_pending(&self, yes: bool) {
        let Some(pending) = self.pending.get_untracked() else { return };
        self.pending.set(None);
        if yes {
            if let Err(e) = storage::saves().delete_game(&pending.oldest_id) {
                self.warn(storage::store_message(e));
                return;
            }
            self.start_game(pending.session);
        }
    }

    fn start_game(&self, session: AnySession) {
        self.show_game(session);
        self.store_as_new_game();
    }

    /// Puts `session` on screen: the cover when it hides something from the people at the
    /// table, the holder of the device, and no stale computer state.
    fn show_game(&self, session: AnySession) {
        self.set_cover(self.cover_for(&session));
        self.holder.set(first_holder(&session));
        self.takeback_question.set(None);
        self.computers.hint.set(None);
        self.computers.paused.set(false);
        self.computers.skip.set(false);
        self.computers.thinking.set(None);
        self.clear_toast();
        self.guide.set(None);
        self.game.set(Some(session));
        self.show_title();
    }

    /// Names the screen in the document's title ([`screen_title`]).
    fn show_title(&self) {
        let ctx = *self;
        document().set_title(&untrack(|| screen_title(&ctx)));
    }

    /// Who the cover should name before `session` is shown, if anyone: the person to move, when
    /// the game hides something and more than one person plays (a person alone at the table
    /// against computers has nobody to hide from).
    fn cover_for(&self, session: &AnySession) -> Option<usize> {
        let (player, private) =
            (crate::with_session!(session, s => cover_player(&s.state)), session.board_is_private());
        let persons = session.seats().iter().filter(|s| s.is_person()).count();
        player.filter(|&p| session.person_to_move() == Some(p) && persons > 1).filter(|_| self.handover_on(private))
    }

    /// Whether the hand-over cover is used: always where the board itself differs per seat
    /// ([`Game::board_is_private`]), else as the setting says.
    fn handover_on(&self, private: bool) -> bool {
        private || self.settings.get_untracked().handover
    }

    /// Opens the stored game `id` (after a reload, the back button, "continue", or to take over
    /// what another tab saved); home with a message when it is gone or unreadable.
    pub fn resume(&self, id: &str) {
        match storage::saves().read_game_stamped(id) {
            Ok(Some(Ok((save, stamp)))) => {
                self.record.set(Some((id.to_string(), stamp)));
                self.conflict.set(None);
                self.show_game(save.session);
                self.go(Route::Play(id.to_string()));
                computer::drive_soon(*self);
            }
            Ok(Some(Err(e))) => {
                self.go(Route::Home);
                self.warn_detail(storage::game_load_error_text(&e), storage::damage_detail(&e).as_deref());
            }
            Ok(None) => {
                self.go(Route::Home);
                self.warn(i18n::t("Dieses Spiel ist nicht mehr gespeichert.", "This game is no longer stored."));
            }
            Err(e) => {
                self.go(Route::Home);
                self.warn(storage::store_message(e));
            }
        }
    }

    /// Gives the game on screen a record of its own and opens it: a new game, or what this tab
    /// shows kept as a game of its own after a conflict with another tab.
    pub fn store_as_new_game(&self) {
        let id = new_game_id();
        self.record.set(Some((id.clone(), Stamp::NEW)));
        self.conflict.set(None);
        // The game's screen first: a message about its first write is the new screen's.
        self.go(Route::Play(id));
        self.autosave();
        self.bump_saves();
        computer::drive_soon(*self);
    }

    /// Writes the running game's record, unless another tab has changed it since this tab read
    /// it: then nothing is written and the conflict is shown.
    pub fn autosave(&self) {
        let Some((id, known)) = self.record.get_untracked() else { return };
        if self.conflict.get_untracked().is_some() {
            return;
        }
        let result = self
            .game
            .with_untracked(|g| g.as_ref().map(|g| storage::saves().write_game(&id, known, g, storage::now_ms())));
        match result {
            Some(Ok(stamp)) => self.record.set(Some((id, stamp))),
            Some(Err(WriteError::Conflict(c))) => self.conflict.set(Some(c)),
            Some(Err(e)) => self.warn(storage::write_message(&e)),
            None => {}
        }
    }

    /// Another tab wrote `key` (`None`: it cleared everything): refresh lists, and notice at once
    /// when it is the game running here. The record is read as it is now, not as the event says:
    /// two tabs writing at once each get the other's event, and only the one whose write was
    /// replaced has lost anything.
    fn on_storage(&self, key: Option<String>) {
        let kind = key.as_deref().map(|k| storage::saves().classify(k));
        if matches!(kind, Some(KeyKind::Foreign | KeyKind::Other)) {
            return;
        }
        self.bump_saves();
        let Some((id, known)) = self.record.get_untracked() else { return };
        let ours = match &kind {
            Some(KeyKind::Game(changed)) => *changed == id,
            None => true,
            _ => false,
        };
        if !ours || self.conflict.get_untracked().is_some() {
            return;
        }
        let conflict = storage::saves().check_game(&id, known).ok().flatten();
        if conflict.is_some() && matches!(self.route.get_untracked(), Route::Play(_)) {
            self.conflict.set(conflict);
        } else if conflict.is_some() {
            // Not looking at it: simply forget the stale copy; "continue" reads the new one.
            self.record.set(None);
            self.game.set(None);
        }
    }
}

/// The player the hand-over cover must name before `state` is shown, if it hides anything.
fn cover_player<G: Game>(state: &G) -> Option<usize> {
    let hides = state.has_hidden_information() && state.player_count() > 1;
    state.to_move().filter(|_| hides)
}

/// Who holds the device when `session` opens: the person to move, else the only person at
/// the table; nobody (nothing secret shown) when computers move and several people play.
fn first_holder(session: &AnySession) -> Option<usize> {
    let seats = session.seats();
    if let Some(p) = session.person_to_move() {
        return Some(p);
    }
    let mut persons = (0..seats.len()).filter(|&p| seats[p].is_person());
    match (persons.next(), persons.next()) {
        (Some(only), None) => Some(only),
        _ => None,
    }
}

/// The move log as readable lines for `reader` ([`crate::view::log_lines`]: pure, per seat).
pub use crate::view::log_lines;

/// Typed access to the running game for a game's own screens.
pub struct GameHandle<G> {
    ctx: AppCtx,
    _game: PhantomData<fn() -> G>,
}

impl<G> Clone for GameHandle<G> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<G> Copy for GameHandle<G> {}

impl<G: Stored + crate::engine::Determinize> GameHandle<G>
where
    G::Observation: Send + Sync + 'static,
{
    /// What `viewer` may see of the running game, the only input of its screen: one memo per
    /// screen, so the observation is made once per move and viewer (not once per reader), and
    /// the screen's closures read it (`seen.with`, `seen.with_untracked` in taps).
    /// `viewer` is a plain function (`|g| g.viewer()`, or `|_| None` for what the whole table
    /// sees), so the page holds one memo's code per game however many parts of a screen ask.
    pub fn seen_memo(&self, viewer: fn(&GameHandle<G>) -> Option<usize>) -> SeenMemo<G> {
        let game = *self;
        // Always "changed" (it is re-run only by a move or a new viewer, which change it): no
        // comparison of whole game states, whose code the page would otherwise carry per game.
        Memo::new_owning(move |_| {
            let viewer = viewer(&game);
            (game.with(|s| crate::view::Seen::of(&s.state, viewer)), true)
        })
    }
}

/// A game screen's memo of what its viewer sees ([`GameHandle::seen_memo`]).
pub type SeenMemo<G> = Memo<Option<crate::view::Seen<<G as crate::engine::Determinize>::Observation>>>;

impl<G: Stored> GameHandle<G> {
    pub fn new(ctx: AppCtx) -> Self {
        GameHandle { ctx, _game: PhantomData }
    }

    /// Whose secrets the board may show ([`TableMemos::viewer`], tracked).
    pub fn viewer(&self) -> Option<usize> {
        self.ctx.table.viewer.get()
    }

    /// The move log as lines for the player who may look now ([`TableMemos::log_lines`]).
    pub fn log_lines(&self) -> Signal<Vec<String>> {
        self.ctx.table.log_lines.into()
    }

    /// The seats, tracked only when they change (never by a move).
    pub fn seats(&self) -> Signal<Vec<Seat>> {
        self.ctx.table.seats.into()
    }

    /// True when the person at the device may act: a person is to move and the cover is down.
    pub fn person_to_move(&self) -> bool {
        self.ctx.table.acting.get()
    }

    pub fn person_to_move_untracked(&self) -> bool {
        untrack(|| self.person_to_move())
    }

    /// Reads the session (tracked: the caller re-runs when the game changes).
    pub fn with<R>(&self, f: impl FnOnce(&Session<G>) -> R) -> Option<R> {
        self.ctx.game.with(|g| g.as_ref().and_then(G::session).map(f))
    }

    pub fn with_untracked<R>(&self, f: impl FnOnce(&Session<G>) -> R) -> Option<R> {
        self.ctx.game.with_untracked(|g| g.as_ref().and_then(G::session).map(f))
    }

    /// Plays a move for the player to move: applies it, logs it, autosaves and raises the
    /// hand-over cover when the device passes to another player. `None` when no game of this
    /// kind is running (nothing happens then).
    pub fn play(&self, mv: &G::Move) -> Option<Result<G::Event, G::Error>> {
        self.play_as(mv, false)
    }

    /// Plays the move of the computer to move (the worker's answer).
    pub fn play_computer(&self, mv: &G::Move) -> Option<Result<G::Event, G::Error>> {
        self.play_as(mv, true)
    }

    /// A person's tap never moves for a computer, and a computer's answer never for a person.
    fn play_as(&self, mv: &G::Move, computer: bool) -> Option<Result<G::Event, G::Error>> {
        // Another tab has this game further on: nothing is played here until the player chose.
        if self.ctx.conflict.get_untracked().is_some() {
            return None;
        }
        let (people, mover) =
            self.with_untracked(|s| (s.seats.iter().map(Seat::is_person).collect::<Vec<bool>>(), s.state.to_move()))?;
        let computer_to_move = mover.is_some_and(|p| !people.get(p).copied().unwrap_or(true));
        // Nor does a tap reach under the hand-over cover (its card is drawn a frame later).
        if computer_to_move != computer || (!computer && self.ctx.cover.get_untracked().is_some()) {
            return None;
        }
        if !computer && guide::refuses::<G>(self.ctx, mv) {
            return None;
        }
        let mut result = None;
        let mut after = None;
        // A refused move changes nothing, so it notifies nobody.
        self.ctx.game.maybe_update(|g| {
            let Some(session) = g.as_mut().and_then(G::session_mut) else { return false };
            let was_hiding = session.state.has_hidden_information();
            let outcome = session.play(mv);
            if outcome.is_ok() {
                after = Some(Played {
                    mover,
                    was_hiding,
                    next_hides: cover_player(&session.state),
                    private: session.state.board_is_private(),
                });
            }
            result = Some(outcome);
            after.is_some()
        });
        if let Some(played) = after {
            self.ctx.after_move(&people, played);
        }
        result
    }
}

/// What a move did, as far as the frame around the board cares (the same for every game).
struct Played {
    mover: Option<usize>,
    /// The game hid something before the move.
    was_hiding: bool,
    /// The player the cover would name now ([`cover_player`]).
    next_hides: Option<usize>,
    /// The board itself is private to each seat ([`Game::board_is_private`]).
    private: bool,
}

impl AppCtx {
    /// After any move (`people[p]`: seat p is a person): who holds the device, the hand-over
    /// cover, the autosave, the next computer move and the focus. (The news box reads the log.)
    fn after_move(&self, people: &[bool], played: Played) {
        // A message was about the position before this move.
        self.clear_toast();
        let is_person = |p: usize| people.get(p).copied().unwrap_or(false);
        let person_moved = played.mover.filter(|&p| is_person(p));
        // The device passes from one person to another (or secrets appear, when an open setup
        // ends): cover. A computer never gets the cover, and the person who just watched a
        // computer move keeps the device.
        let holding = person_moved.or(self.holder.get_untracked());
        let persons = people.iter().filter(|&&p| p).count();
        let cover = played
            .next_hides
            .filter(|&next| is_person(next) && persons > 1)
            .filter(|&next| Some(next) != holding || !played.was_hiding);
        if let Some(p) = person_moved {
            self.holder.set(Some(p));
            computer::person_moved();
        }
        // The guided game marks the person's next step; any other mark was for the last position.
        guide::mark_next(*self);
        if self.handover_on(played.private) {
            self.set_cover(cover);
        }
        self.autosave();
        computer::drive_soon(*self);
        // A redraw may take the focused field or card away: back to the board or hand in use,
        // or at the end to the end screen. Under the cover the cover takes the focus itself
        // (the board behind it is about to be inert).
        if self.cover.get_untracked().is_none() {
            keyboard::refocus(self.game.with_untracked(|g| g.as_ref().is_some_and(AnySession::is_over)));
        }
    }
}

impl AppCtx {
    /// The take-back the setting allows now, if any, with the device where it is (not in the
    /// guided game, nor while another tab has this game further on).
    pub fn takeback_offer(&self) -> Option<crate::session::TakeBackOffer> {
        if self.guide.with(Option::is_some) || self.conflict.with(Option::is_some) {
            return None;
        }
        let rule = self.settings.with(|s| s.takebacks);
        let holder = self.holder.get();
        self.game.with(|g| g.as_ref()?.takeback_offer(rule, holder))
    }

    /// Asks the people `offer` affects, one after another, on the cover (no hand is shown while
    /// they are asked); with nobody to ask, the person at the device, in a question of its own.
    pub fn ask_take_back(&self, offer: crate::session::TakeBackOffer) {
        let question = TakeBackQuestion { offer, agreed: 0 };
        if let Some(first) = question.asked() {
            self.set_cover(Some(first));
        }
        self.takeback_question.set(Some(question));
    }

    /// The answer of the person asked now: the next person is asked, or after the last yes the
    /// moves go back; a no keeps them, and the device stays with whoever said it.
    pub fn answer_take_back(&self, yes: bool) {
        let Some(question) = self.takeback_question.get_untracked() else { return };
        let asked = question.asked();
        let next = TakeBackQuestion { agreed: question.agreed + 1, ..question.clone() };
        if yes && next.asked().is_some() {
            self.set_cover(next.asked());
            self.takeback_question.set(Some(next));
            self.raise_shield();
        } else if yes {
            self.take_back(&question.offer);
        } else {
            self.takeback_question.set(None);
            if asked.is_some() {
                self.holder.set(asked);
                let to_move = self.game.with_untracked(|g| g.as_ref().and_then(AnySession::person_to_move));
                let cover = self.game.with_untracked(|g| g.as_ref().and_then(|g| self.cover_for(g)));
                self.set_cover(cover.filter(|_| to_move != asked));
                self.raise_shield();
                let name = asked.and_then(|p| self.table.seats.with_untracked(|s| s.get(p).map(|s| s.name.clone())));
                self.say(i18n::tf(
                    "{} lehnt ab: Der Zug bleibt.",
                    "{} says no: the move stays.",
                    &[&name.unwrap_or_default()],
                ));
            }
        }
    }

    /// Takes back `offer`'s moves, if the game is still the one it was made for (a second tap
    /// finds it moved on: one tap, one take-back): the game exactly as before them (nothing drawn
    /// anew). The device goes back to the person whose move it was: from the people
    /// asked under the cover, from their own "↶ mein Zug" with the cover lowered.
    pub fn take_back(&self, offer: &crate::session::TakeBackOffer) {
        self.takeback_question.set(None);
        let mut done = false;
        self.game.maybe_update(|g| {
            done = g.as_mut().is_some_and(|g| g.offer_is_current(offer) && g.take_back(offer.moves));
            done
        });
        if !done {
            // Still under the cover of a question: back to the person to move.
            if self.cover.get_untracked().is_some() {
                self.set_cover(self.game.with_untracked(|g| g.as_ref().and_then(|g| self.cover_for(g))));
            }
            return;
        }
        self.computers.hint.set(None);
        self.take_back_asked.set(None);
        self.holder.set(Some(offer.seat));
        if !offer.ask.is_empty() {
            self.set_cover(self.game.with_untracked(|g| g.as_ref().and_then(|g| self.cover_for(g))));
            self.raise_shield();
        } else if self.cover.get_untracked().is_some() {
            // "↶ mein Zug" on the cover: the mover still holds the device.
            self.set_cover(None);
            self.raise_shield();
        }
        self.autosave();
        self.say(i18n::t("Zug zurückgenommen.", "Move taken back."));
        if self.cover.get_untracked().is_none() {
            keyboard::refocus(false);
        }
    }
}

impl<G: Stored> GameHandle<G> {
    /// A new game with the same players and options. The start player changes with every game
    /// (as in Vier mal Vier's matches): the seats move on by one, so the second player starts.
    pub fn rematch(&self) {
        let Some((mut seats, options)) = self.with_untracked(|s| (s.seats.clone(), s.state.options().clone())) else {
            return;
        };
        seats.rotate_left(1);
        match Session::<G>::new(seats, options, new_seed()) {
            Ok(session) => self.ctx.open_game(G::wrap(session)),
            Err(e) => self.ctx.warn(crate::ui::i18n::setup_error_text(&e)),
        }
    }
}

/// A new game of `G` for these players, with a fresh seed.
pub fn new_session<G: Stored>(
    seats: Vec<crate::session::Seat>,
    options: G::Options,
) -> Result<AnySession, crate::engine::SetupError> {
    Session::<G>::new(seats, options, new_seed()).map(G::wrap)
}

/// A fresh random seed for a new game (the only randomness the UI supplies).
pub fn new_seed() -> u64 {
    let mut bytes = [0u8; 8];
    if getrandom::fill(&mut bytes).is_err() {
        // Web Crypto missing: the clock still gives a different game each time.
        return js_sys::Date::now().to_bits();
    }
    u64::from_le_bytes(bytes)
}

#[component]
fn App() -> impl IntoView {
    // Saves of format 1 were shared by the whole origin: copy them into this deployment once.
    let _ = storage::saves().adopt_legacy(new_game_id);
    let (settings, settings_lost) = Settings::load();
    i18n::set_lang(settings.lang);
    let (game, cover, holder) = (RwSignal::new(None), RwSignal::new(None), RwSignal::new(None));
    let ctx = AppCtx {
        route: RwSignal::new(Route::from_hash(&current_hash())),
        game,
        settings: RwSignal::new(settings),
        toast: RwSignal::new(None),
        record: RwSignal::new(None),
        conflict: RwSignal::new(None),
        pending: RwSignal::new(None),
        cover,
        cover_settled: RwSignal::new(None),
        shield: RwSignal::new(false),
        saves_changed: RwSignal::new(0),
        holder,
        computers: computer::Computers::new(),
        take_back_asked: RwSignal::new(None),
        takeback_question: RwSignal::new(None),
        table: TableMemos::new(game, cover, holder),
        guide: RwSignal::new(None),
    };
    provide_context(ctx);
    if settings_lost {
        ctx.warn(storage::unreadable_message(i18n::t("Die gespeicherten Einstellungen", "The stored settings")));
    }

    listen_to_the_browser(ctx);
    // The screen stays on while a running game is on screen.
    let playing = Memo::new(move |_| {
        matches!(ctx.route.get(), Route::Play(_) | Route::Guide(_))
            && ctx.game.with(|g| g.as_ref().is_some_and(|g| !g.is_over()))
    });
    Effect::new(move |_| wake_lock::keep_awake(playing.get()));

    let lang = Memo::new(move |_| ctx.settings.with(|s| s.lang));
    keyboard::track_groups();
    view! {
        <div class="app" class:reduced-motion=move || ctx.settings.with(|s| s.reduced_motion)>
            {move || {
                // The language (only it, not every setting) re-renders every screen when it changes.
                let lang = lang.get();
                i18n::set_lang(lang);
                if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
                    let _ = root.set_attribute("lang", if lang == i18n::Lang::De { "de" } else { "en" });
                }
                // Each screen's title names it (tabs, history, screen readers); a game's, once it
                // is shown (`show_game`).
                ctx.show_title();
                let screen = match ctx.route.get() {
                    Route::Home => screens::home::Home().into_any(),
                    Route::Setup(kind) => view! { <screens::setup::Setup kind=kind /> }.into_any(),
                    Route::Play(_) | Route::Guide(_) => screens::play::Play().into_any(),
                    Route::Rules(kind) => view! { <screens::manual::Rules kind=kind /> }.into_any(),
                    Route::Settings => screens::settings::SettingsScreen().into_any(),
                    Route::Archive => screens::archive::Archive().into_any(),
                    Route::Replay(id) => view! { <screens::archive::Replay id=id /> }.into_any(),
                    Route::Stats => screens::archive::Statistics().into_any(),
                };
                keyboard::focus_heading();
                screen
            }}
            <components::ToastView />
            <components::PendingQuestion />
        </div>
    }
}

/// Another tab's saves (lists refresh, a clash shows at once) and the back button and links
/// (they change the hash: the app follows).
fn listen_to_the_browser(ctx: AppCtx) {
    // Another tab (of this deployment) saved something: lists refresh, a clash shows at once.
    let on_storage = Closure::<dyn Fn(web_sys::StorageEvent)>::new(move |ev: web_sys::StorageEvent| {
        ctx.on_storage(ev.key());
    });
    if let Some(w) = web_sys::window() {
        let _ = w.add_event_listener_with_callback("storage", on_storage.as_ref().unchecked_ref());
    }
    on_storage.forget();

    // The screens the lazily loaded wasm draws tell what changed (`rooms::tell`).
    rooms::on_told(move |told| match told {
        rooms::Told::Settings(json) => {
            if let Ok(settings) = serde_json::from_str(&json) {
                ctx.settings.set(settings);
            }
        }
        rooms::Told::Say(text) => ctx.say(text),
        rooms::Told::Warn(text) => ctx.warn(text),
        // (Only while setup is on screen: a form left behind makes no game.)
        rooms::Told::NewGame(text) if matches!(ctx.route.get_untracked(), Route::Setup(_)) => {
            match crate::session::from_json(&text) {
                Ok(save) => ctx.open_game(save.session),
                Err(e) => ctx.warn(storage::game_load_error_text(&e)),
            }
        }
        rooms::Told::NewGame(_) => {}
    });

    // The back button and links change the hash; follow them.
    let on_hash = Closure::<dyn Fn()>::new(move || {
        let route = Route::from_hash(&current_hash());
        if ctx.route.get_untracked() != route {
            ctx.leave(&route);
            ctx.route.set(route);
        }
    });
    if let Some(w) = web_sys::window() {
        w.set_onhashchange(Some(on_hash.as_ref().unchecked_ref()));
    }
    on_hash.forget();
}

/// The title of the screen on show ([`crate::view::shell::title`]).
fn screen_title(ctx: &AppCtx) -> String {
    use crate::view::shell::{title, Screen};
    match ctx.route.get() {
        Route::Home => title(Screen::Home),
        Route::Setup(kind) => title(Screen::Setup(kind)),
        Route::Rules(kind) => title(Screen::Rules(kind)),
        Route::Settings => title(Screen::Settings),
        Route::Archive | Route::Replay(_) | Route::Stats => title(Screen::Archive),
        route => {
            // A game's title once it is shown: the record's, or the guide's.
            let shown = match route {
                Route::Play(id) => ctx.record.with(|r| r.as_ref().is_some_and(|(r, _)| *r == id)),
                _ => ctx.guide.with(Option::is_some),
            };
            let kind = shown.then(|| ctx.game.with(|g| g.as_ref().map(AnySession::kind))).flatten();
            ctx.table.seats.with(|seats| title(Screen::Play(kind.map(|k| (k, seats.as_slice())))))
        }
    }
}

fn current_hash() -> String {
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
}

pub fn start() {
    console_error_panic_hook::set_once();
    update::register_service_worker();
    // The first screen is built in a task of its own, not in the one that instantiated the
    // Wasm: neither task then blocks the page for long (issue 13: no task over 50 ms).
    set_timeout(
        || {
            leptos::mount::mount_to_body(App);
            if let Some(splash) =
                web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("splash"))
            {
                splash.remove();
            }
            update::mark_booted();
        },
        std::time::Duration::ZERO,
    );
}
