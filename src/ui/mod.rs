//! The Leptos layer: screens, shared components and one folder per game. The engine state sits
//! in one signal ([`AppCtx::game`]); everything else is derived from it while rendering.

pub mod components;
pub mod gutangelegt;
pub mod i18n;
pub mod just4fun;
pub mod screens;
pub mod settings;
pub mod storage;
pub mod sudoku;
pub mod update;
pub mod viermalvier;

use crate::engine::{Game, GameKind};
use crate::session::{AnySession, Session, Stored};
use leptos::prelude::*;
use settings::Settings;
use std::marker::PhantomData;
use wasm_bindgen::prelude::*;

/// Where the app is. Kept in the URL's hash so it works under any sub-path and survives a reload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    Home,
    Setup(GameKind),
    Play,
    Rules(GameKind),
    Settings,
}

impl Route {
    pub fn from_hash(hash: &str) -> Route {
        let path = hash.trim_start_matches('#').trim_start_matches('/');
        let mut parts = path.split('/');
        match (parts.next(), parts.next()) {
            (Some("new"), Some(id)) => GameKind::from_id(id).map_or(Route::Home, Route::Setup),
            (Some("rules"), Some(id)) => GameKind::from_id(id).map_or(Route::Home, Route::Rules),
            (Some("play"), _) => Route::Play,
            (Some("settings"), _) => Route::Settings,
            _ => Route::Home,
        }
    }

    pub fn to_hash(self) -> String {
        match self {
            Route::Home => "#/".into(),
            Route::Setup(k) => format!("#/new/{}", k.id()),
            Route::Play => "#/play".into(),
            Route::Rules(k) => format!("#/rules/{}", k.id()),
            Route::Settings => "#/settings".into(),
        }
    }
}

/// A short message for the user (an error or a note), shown until dismissed or replaced.
#[derive(Clone, Debug, PartialEq)]
pub struct Toast {
    pub text: String,
    pub error: bool,
}

/// Shared handles, provided once at the root.
#[derive(Clone, Copy)]
pub struct AppCtx {
    pub route: RwSignal<Route>,
    /// The running game: the one place the engine state lives in the UI.
    pub game: RwSignal<Option<AnySession>>,
    pub settings: RwSignal<Settings>,
    pub toast: RwSignal<Option<Toast>>,
    /// `Some(player)` while the hand-over cover asks to pass the device to `player`.
    pub cover: RwSignal<Option<usize>>,
    /// Bumped whenever save slots change, so lists re-read storage.
    pub slots_changed: RwSignal<u32>,
}

impl AppCtx {
    pub fn get() -> AppCtx {
        // Provided by `App` before any screen renders.
        use_context::<AppCtx>().unwrap_or_else(|| unreachable!("AppCtx is provided at the root"))
    }

    pub fn go(&self, route: Route) {
        if self.route.get_untracked() != route {
            self.route.set(route);
        }
        if let Some(w) = web_sys::window() {
            let _ = w.location().set_hash(&route.to_hash());
        }
    }

    /// A note that goes away by itself after a few seconds.
    pub fn say(&self, text: impl Into<String>) {
        let toast = Toast { text: text.into(), error: false };
        self.toast.set(Some(toast.clone()));
        let slot = self.toast;
        set_timeout(
            move || {
                if slot.get_untracked().as_ref() == Some(&toast) {
                    slot.set(None);
                }
            },
            std::time::Duration::from_secs(4),
        );
    }

    pub fn warn(&self, text: impl Into<String>) {
        self.toast.set(Some(Toast { text: text.into(), error: true }));
    }

    /// Makes `session` the running game and opens it (behind the cover when needed).
    pub fn open_game(&self, session: AnySession) {
        self.cover.set(self.cover_for(&session));
        self.game.set(Some(session));
        self.autosave();
        self.go(Route::Play);
    }

    /// Who the cover should name before `session` is shown, if anyone.
    fn cover_for(&self, session: &AnySession) -> Option<usize> {
        let player = crate::with_session!(session, s => cover_player(&s.state));
        player.filter(|_| self.settings.get_untracked().handover)
    }

    /// Picks the autosaved game up again (after a reload or the back button); home when there
    /// is none, with a message when it cannot be read.
    pub fn resume_autosave(&self) {
        match storage::read_autosave() {
            Some(Ok(save)) => {
                self.cover.set(self.cover_for(&save.session));
                self.game.set(Some(save.session));
            }
            Some(Err(e)) => {
                self.warn(format!("{} {e}", i18n::t("Das automatisch gesicherte Spiel ist nicht lesbar:", "The autosaved game cannot be read:")));
                self.go(Route::Home);
            }
            None => self.go(Route::Home),
        }
    }

    pub fn autosave(&self) {
        let result = self.game.with_untracked(|g| g.as_ref().map(storage::write_autosave));
        if let Some(Err(e)) = result {
            self.warn(e.message());
        }
    }
}

/// The player the hand-over cover must name before `state` is shown, if it hides anything.
fn cover_player<G: Game>(state: &G) -> Option<usize> {
    let hides = state.has_hidden_information() && state.player_count() > 1;
    state.to_move().filter(|_| hides)
}

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

impl<G: Stored> GameHandle<G> {
    pub fn new(ctx: AppCtx) -> Self {
        GameHandle { ctx, _game: PhantomData }
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
        let mut result = None;
        let mut cover = None;
        self.ctx.game.update(|g| {
            let Some(session) = g.as_mut().and_then(G::session_mut) else { return };
            let mover = session.state.to_move();
            let was_hiding = session.state.has_hidden_information();
            let outcome = session.play(mv);
            if outcome.is_ok() {
                // Cover when the device passes on, or when secrets appear (an open setup ends).
                cover = cover_player(&session.state).filter(|next| Some(*next) != mover || !was_hiding);
            }
            result = Some(outcome);
        });
        if let Some(Ok(_)) = &result {
            if self.ctx.settings.get_untracked().handover {
                self.ctx.cover.set(cover);
            }
            self.ctx.autosave();
        }
        result
    }
}

impl<G: Stored> GameHandle<G> {
    /// A new game with the same players and options.
    pub fn rematch(&self) {
        let Some((seats, options)) = self.with_untracked(|s| (s.seats.clone(), s.state.options().clone())) else { return };
        match Session::<G>::new(seats, options, new_seed()) {
            Ok(session) => self.ctx.open_game(G::wrap(session)),
            Err(e) => self.ctx.warn(e.to_string()),
        }
    }
}

/// A new game of `G` for these players, with a fresh seed.
pub fn new_session<G: Stored>(seats: Vec<crate::session::Seat>, options: G::Options) -> Result<AnySession, crate::engine::SetupError> {
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
    let settings = Settings::load();
    i18n::set_lang(settings.lang);
    let ctx = AppCtx {
        route: RwSignal::new(Route::from_hash(&current_hash())),
        game: RwSignal::new(None),
        settings: RwSignal::new(settings),
        toast: RwSignal::new(None),
        cover: RwSignal::new(None),
        slots_changed: RwSignal::new(0),
    };
    provide_context(ctx);

    // The back button and links change the hash; follow them.
    let on_hash = Closure::<dyn Fn()>::new(move || {
        let route = Route::from_hash(&current_hash());
        if ctx.route.get_untracked() != route {
            ctx.route.set(route);
        }
    });
    if let Some(w) = web_sys::window() {
        w.set_onhashchange(Some(on_hash.as_ref().unchecked_ref()));
    }
    on_hash.forget();

    view! {
        <div class="app" class:reduced-motion=move || ctx.settings.with(|s| s.reduced_motion)>
            {move || {
                // Reading the language here re-renders every screen when it changes.
                let lang = ctx.settings.with(|s| s.lang);
                i18n::set_lang(lang);
                if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
                    let _ = root.set_attribute("lang", if lang == i18n::Lang::De { "de" } else { "en" });
                }
                match ctx.route.get() {
                    Route::Home => screens::home::Home().into_any(),
                    Route::Setup(kind) => view! { <screens::setup::Setup kind=kind /> }.into_any(),
                    Route::Play => screens::play::Play().into_any(),
                    Route::Rules(kind) => view! { <screens::manual::Rules kind=kind /> }.into_any(),
                    Route::Settings => screens::settings::SettingsScreen().into_any(),
                }
            }}
            <components::ToastView />
        </div>
    }
}

fn current_hash() -> String {
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
}

pub fn start() {
    console_error_panic_hook::set_once();
    update::register_service_worker();
    leptos::mount::mount_to_body(App);
    update::mark_booted();
}
