//! The rules page's examples: a third wasm, built by Trunk (`data-type="worker"` in index.html
//! only for its plain-script glue; it runs on the page, not in a worker) and loaded when a
//! rules page opens (`spieltischExamples` in the start script, Trunk.toml). It draws each worked
//! example of the rulebooks (`public/rules/<game>.examples.txt`) with the game's own board
//! component from its engine position, into the rules text's `<div data-example="id">` places.
//!
//! Why a wasm of its own: the four games' position readers and a second use of every board
//! cost the first load 20 KB brotli (measured: 299.6 → 320.1 KB), more than the budget
//! allows; here they load with the rules page only.

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
    }

    /// Draws the examples of `game` (its id) in language `lang` (`de`/`en`) from its examples
    /// file into the places the rules text on the page marks, one per task (no long task while
    /// they appear). Returns how many were drawn; an example that cannot be drawn says why in
    /// its place. A later call (another rules page) stops this one.
    #[wasm_bindgen]
    pub async fn show(game: String, lang: String) -> usize {
        let call = CALL.with(|c| {
            c.set(c.get() + 1);
            c.get()
        });
        SHOWN.with(|s| s.borrow_mut().clear());
        let text =
            spieltisch::ui::components::fetch_text(&format!("rules/{game}.examples.txt")).await.unwrap_or_default();
        let (Some(kind), Ok(examples)) = (GameKind::from_id(&game), parse(&text)) else { return 0 };
        let mut drawn = 0;
        for example in examples {
            next_task().await;
            if CALL.with(|c| c.get()) != call {
                break;
            }
            set_lang(if lang == "en" { Lang::En } else { Lang::De });
            if let Some(place) = empty_place(&example.id) {
                let shown = leptos::mount::mount_to(place, move || figure(kind, &example));
                SHOWN.with(|s| s.borrow_mut().push(shown));
                drawn += 1;
            }
        }
        drawn
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
