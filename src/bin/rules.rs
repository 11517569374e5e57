//! The lazily loaded wasm: everything not on the first screen that the first load has no room
//! for. Built by Trunk (`data-type="worker"` in index.html only for its plain-script glue; it
//! runs on the page, not in a worker) and loaded when first needed (`crate::ui::rooms`,
//! `spieltischRooms` in Trunk.toml). It draws
//! - each worked example of the rulebooks (`public/rules/<game>.examples.txt`) with the game's
//!   own board component from its engine position, into the rules text's
//!   `<div data-example="id">` places;
//! - the bodies of the screens the app leaves to it (`crate::ui::screens::lazy_screen`) into
//!   their `[data-lazy]` place: new-game setup, settings (with the backup), the finished games,
//!   a replay, the statistics.
//!
//! Why a wasm of its own: the four games' position readers and a second use of every board
//! cost the first load 20 KB brotli (measured: 299.6 → 320.1 KB); setup, settings and the
//! finished games another 20 KB (295.5 → 315.4 KB). The budget is 300 KB.

#[cfg(target_arch = "wasm32")]
mod examples {
    use leptos::prelude::*;
    use spieltisch::engine::GameKind;
    use spieltisch::lang::{set_lang, Lang};
    use spieltisch::rules_examples::{parse, Example};
    use spieltisch::ui::games::GameScreens;
    use std::cell::RefCell;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    /// One example on the page (unmounted when dropped).
    type Drawn = leptos::mount::UnmountHandle<<AnyView as leptos::tachys::view::Render>::State>;

    thread_local! {
        /// Which call of `show` draws now (a newer one stops an older one).
        static CALL: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
        /// The examples drawn now; dropping them takes them off the page (the next rules page).
        static SHOWN: RefCell<Vec<Drawn>> = const { RefCell::new(Vec::new()) };
        /// The replay or statistics on the page (unmounted when the next is drawn).
        static REPLAY: RefCell<Option<Drawn>> = const { RefCell::new(None) };
        /// The examples not drawn yet, and the watch on their places.
        static WAITING: RefCell<Option<Waiting>> = const { RefCell::new(None) };
    }

    /// Examples still to draw, each when its place comes near the screen.
    struct Waiting {
        call: u32,
        kind: GameKind,
        lang: Lang,
        examples: Vec<Example>,
        /// Ids whose places came near the screen, drawn one per task.
        due: Vec<String>,
        observer: web_sys::IntersectionObserver,
        _on_near: Closure<dyn FnMut(js_sys::Array)>,
    }

    /// Draws the examples of `game` (its id) in language `lang` (`de`/`en`) from its examples
    /// file into the places the rules text on the page marks, each when its place comes within
    /// a screen's height of view, one per task: a phone opening the rules draws one or two
    /// boards, not all of them at once (Lighthouse measured 290 ms of blocked main thread on
    /// the rules page with every board drawn at once). An example that cannot be drawn says why
    /// in its place. A later call (another rules page) stops this one. Returns how many
    /// examples wait for their place.
    #[wasm_bindgen]
    pub async fn show(game: String, lang: String) -> usize {
        let call = CALL.with(|c| {
            c.set(c.get() + 1);
            c.get()
        });
        SHOWN.with(|s| s.borrow_mut().clear());
        stop_waiting();
        let text =
            spieltisch::ui::components::fetch_text(&format!("rules/{game}.examples.txt")).await.unwrap_or_default();
        let (Some(kind), Ok(examples)) = (GameKind::from_id(&game), parse(&text)) else { return 0 };
        if CALL.with(|c| c.get()) != call {
            return 0;
        }
        let lang = if lang == "en" { Lang::En } else { Lang::De };
        let on_near = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| on_near(call, &entries));
        let init = web_sys::IntersectionObserverInit::new();
        init.set_root_margin("100% 0px");
        let Ok(observer) = web_sys::IntersectionObserver::new_with_options(on_near.as_ref().unchecked_ref(), &init)
        else {
            return 0;
        };
        let waiting = examples.iter().filter_map(|e| empty_place(&e.id)).inspect(|p| observer.observe(p)).count();
        WAITING.with(|w| {
            *w.borrow_mut() = Some(Waiting { call, kind, lang, examples, due: Vec::new(), observer, _on_near: on_near })
        });
        waiting
    }

    /// Draws the replay of the archived game `id` in `lang` (`de`/`en`) into the page's
    /// `[data-lazy]` place, or says there why it cannot.
    #[wasm_bindgen]
    pub fn replay(id: String, lang: String) {
        set_lang(if lang == "en" { Lang::En } else { Lang::De });
        let text = match spieltisch::ui::storage::saves().archived(&id) {
            Ok(Some(text)) => Ok(text),
            Ok(None) => Err(spieltisch::lang::t("Dieses Spiel ist nicht mehr da.", "This game is gone.").to_string()),
            Err(e) => Err(spieltisch::ui::storage::store_message(e).to_string()),
        };
        fill_place(move || {
            let body = match &text {
                Ok(text) => spieltisch::ui::replay::replay(text),
                Err(why) => view! { <p class="error" data-test="replay-error">{why.clone()}</p> }.into_any(),
            };
            view! { <div class="screen-body" data-test="replay-screen">{body}</div> }.into_any()
        });
    }

    /// Draws the family's statistics from the finished games kept on the device, with the
    /// solo high scores, in `lang`, into the page's `[data-lazy]` place.
    #[wasm_bindgen]
    pub fn stats(lang: String) {
        set_lang(if lang == "en" { Lang::En } else { Lang::De });
        let saves = spieltisch::ui::storage::saves();
        let archive = saves.archive().unwrap_or_default();
        let games = spieltisch::stats::played_once(archive.iter().filter_map(|e| e.save.as_ref().ok()));
        let records = saves.read_records().map(|r| r.records).unwrap_or_default();
        fill_place(move || {
            view! { <div class="screen-body" data-test="stats-screen">{spieltisch::ui::stats_view::statistics(&games, &records)}</div> }
                .into_any()
        });
    }

    /// Draws the new-game form of `game` (its id) under the app's `settings` (JSON) into the
    /// page's `[data-lazy]` place; "Spiel starten" tells the app the new game.
    #[wasm_bindgen]
    pub fn setup(game: String, settings: String) {
        let settings = spieltisch::ui::screens::settings::settings_of(&settings);
        set_lang(settings.lang);
        if let Some(kind) = GameKind::from_id(&game) {
            fill_place(move || spieltisch::ui::screens::setup::setup_body(kind, settings));
        }
    }

    /// Draws the settings, from the app's `settings` (JSON), into the page's `[data-lazy]` place.
    #[wasm_bindgen]
    pub fn settings(settings: String) {
        let settings = spieltisch::ui::screens::settings::settings_of(&settings);
        set_lang(settings.lang);
        fill_place(move || spieltisch::ui::screens::settings::settings_body(settings));
    }

    /// Draws the finished games kept on the device, in `lang`, into the page's `[data-lazy]`
    /// place.
    #[wasm_bindgen]
    pub fn archive(lang: String) {
        set_lang(if lang == "en" { Lang::En } else { Lang::De });
        fill_place(spieltisch::ui::screens::archive::archive_body);
    }

    /// Mounts `view` into the page's `[data-lazy]` place, in an element of this wasm's own
    /// (`.lazy-root`: the app takes it off when its screen goes), instead of what this wasm drew
    /// there before.
    fn fill_place(view: impl FnOnce() -> AnyView + 'static) {
        console_error_panic_hook::set_once();
        REPLAY.with(|r| r.borrow_mut().take());
        let document = web_sys::window().and_then(|w| w.document());
        let Some(document) = document else { return };
        let Some(place) = document.query_selector("[data-lazy]").ok().flatten() else { return };
        while let Some(old) = place.query_selector(":scope > .lazy-root").ok().flatten() {
            old.remove();
        }
        let Some(root) = document.create_element("div").ok().and_then(|r| r.dyn_into::<web_sys::HtmlElement>().ok())
        else {
            return;
        };
        root.set_class_name("lazy-root");
        if place.append_child(&root).is_ok() {
            let shown = leptos::mount::mount_to(root, view);
            REPLAY.with(|r| *r.borrow_mut() = Some(shown));
        }
    }

    fn stop_waiting() {
        if let Some(old) = WAITING.with(|w| w.borrow_mut().take()) {
            old.observer.disconnect();
        }
    }

    /// The observer's report: the places that came near are due; drawing starts if it is idle.
    fn on_near(call: u32, entries: &js_sys::Array) {
        let near: Vec<String> = entries
            .iter()
            .filter_map(|e| e.dyn_into::<web_sys::IntersectionObserverEntry>().ok())
            .filter(|e| e.is_intersecting())
            .filter_map(|e| e.target().get_attribute("data-example"))
            .collect();
        let start = WAITING.with(|w| {
            let mut w = w.borrow_mut();
            let Some(waiting) = w.as_mut().filter(|w| w.call == call) else { return false };
            let idle = waiting.due.is_empty();
            for id in near {
                if !waiting.due.contains(&id) {
                    waiting.due.push(id);
                }
            }
            idle && !waiting.due.is_empty()
        });
        if start {
            wasm_bindgen_futures::spawn_local(draw_due(call));
        }
    }

    /// Draws the due examples, one per task, until none is due.
    async fn draw_due(call: u32) {
        loop {
            next_task().await;
            let next = WAITING.with(|w| {
                let mut w = w.borrow_mut();
                let waiting = w.as_mut().filter(|w| w.call == call)?;
                let id = waiting.due.first()?.clone();
                let example = waiting.examples.iter().find(|e| e.id == id).cloned();
                let place = empty_place(&id);
                if let Some(place) = &place {
                    waiting.observer.unobserve(place);
                }
                Some((waiting.kind, waiting.lang, example, place))
            });
            let Some((kind, lang, example, place)) = next else { return };
            if let (Some(example), Some(place)) = (example, place) {
                set_lang(lang);
                let shown = leptos::mount::mount_to(place, move || figure(kind, &example));
                SHOWN.with(|s| s.borrow_mut().push(shown));
            }
            WAITING.with(|w| {
                if let Some(waiting) = w.borrow_mut().as_mut().filter(|w| w.call == call) {
                    waiting.due.remove(0);
                }
            });
        }
    }

    /// The still empty place of example `id` in the rules text on the page.
    fn empty_place(id: &str) -> Option<web_sys::HtmlElement> {
        let document = web_sys::window()?.document()?;
        let place = document.query_selector(&format!("[data-example=\"{id}\"]")).ok()??;
        (place.child_element_count() == 0).then(|| place.dyn_into().ok()).flatten()
    }

    /// Resolves in a task of its own (a timer), so the page can paint and answer in between.
    async fn next_task() {
        let promise = js_sys::Promise::new(&mut |done, _| {
            if let Some(window) = web_sys::window() {
                let _ = window.set_timeout_with_callback(&done);
            }
        });
        let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    }

    /// A worked example: the game's board drawn from the example's position, and its caption.
    fn figure(kind: GameKind, example: &Example) -> AnyView {
        let position = example.shown.as_ref().unwrap_or(&example.position);
        let board = spieltisch::with_game!(kind, G => <G as GameScreens>::example(position, &example.mark));
        let board = board.unwrap_or_else(|why| view! { <p class="error">{why}</p> }.into_any());
        let caption = if spieltisch::lang::is_de() { example.de.clone() } else { example.en.clone() };
        view! {
            // A picture beside its words: nothing on the board is a control.
            <figure class="rules-example" data-test="rules-example">
                <div class="example-board" inert>{board}</div>
                <figcaption>{caption}</figcaption>
            </figure>
        }
        .into_any()
    }
}

fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("spieltisch-rules only runs in the browser (built by Trunk for wasm32)");
}
