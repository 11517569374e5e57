//! The finished games kept on the device ([`crate::saves::Saves::archive`]), newest first: date,
//! game, players and result; each can be replayed, exported or deleted; and the statistics.
//! Their bodies are drawn by the lazily loaded wasm ([`crate::ui::rooms`]; the list:
//! [`archive_body`], a replay: `crate::ui::replay`, the statistics: `crate::ui::stats_view`),
//! so the first load holds none of them.

use super::home::{export_text, save_summary};
use super::{lang_id, lazy_screen, LazyScreen};
use crate::saves::Entry;
use crate::session::Save;
use crate::ui::components::{outcome_headline, Confirm};
use crate::ui::i18n::t;
use crate::ui::rooms::{go, tell, Told};
use crate::ui::{storage, Route};
use leptos::prelude::*;

#[component]
pub fn Archive() -> impl IntoView {
    let title = t("Beendete Spiele", "Finished games").into_any();
    let screen = LazyScreen {
        class: "archive",
        test: "archive-screen",
        title,
        back: Route::Home,
        call: "archive",
        args: [lang_id(), String::new()],
    };
    lazy_screen(screen, drop)
}

/// The list of finished games (drawn by the lazily loaded wasm).
pub fn archive_body() -> AnyView {
    let changed = RwSignal::new(0_u32);
    let games = move || {
        changed.track();
        match storage::saves().archive() {
            Ok(list) if list.is_empty() => view! {
                <p class="hint" data-test="archive-empty">{t("Noch keine. Jedes beendete Spiel kommt hierher und lässt sich Zug für Zug ansehen.", "None yet. Every finished game comes here, to be looked at move by move.")}</p>
            }.into_any(),
            Ok(list) => view! { <ul class="slot-list" data-test="archive-list">{list.into_iter().map(|e| row(e, changed)).collect_view()}</ul> }.into_any(),
            Err(e) => view! { <p class="error">{storage::store_message(e)}</p> }.into_any(),
        }
    };
    view! {
        <div class="screen-body" data-test="archive-screen">
            <button data-test="stats" on:click=move |_| go(&Route::Stats)>{t("Statistik", "Statistics")}</button>
            {games}
        </div>
    }
    .into_any()
}

/// One finished game: what, who, the result and when; look, export, delete.
fn row(entry: Entry, changed: RwSignal<u32>) -> impl IntoView {
    let asking = RwSignal::new(false);
    let id = entry.name.clone();
    let (info, readable) = match &entry.save {
        Ok(save) => (view! { <strong>{result(save)}</strong><span>{save_summary(save)}</span> }.into_any(), true),
        Err(e) => (
            view! { <span class="error" data-test="slot-error">{storage::game_load_error_text(e)}</span> }.into_any(),
            false,
        ),
    };
    let delete = {
        let id = id.clone();
        Callback::new(move |yes: bool| {
            asking.set(false);
            // Only a yes deletes: (a tuple of the answer and the deletion deleted on "Abbrechen"
            // and Escape as well, the deletion being made before the answer was looked at.)
            if !yes {
                return;
            }
            if let Err(e) = storage::saves().delete_archived(&id) {
                tell(Told::Warn(storage::store_message(e).into()));
            }
            changed.update(|n| *n += 1);
        })
    };
    let (look, export) = (id.clone(), id.clone());
    view! {
        <li class="slot" data-test="archived" data-id=id.clone()>
            <div class="slot-info">{info}</div>
            <div class="row">
                {readable.then(|| view! {
                    <button class="primary" data-test="archived-replay" on:click=move |_| go(&Route::Replay(look.clone()))>{t("Ansehen", "Look")}</button>
                    <button data-test="archived-export" on:click=move |_| export_archived(&export)>{t("Exportieren", "Export")}</button>
                })}
                <button data-test="archived-delete" on:click=move |_| asking.set(true)>{t("Löschen", "Delete")}</button>
            </div>
            <Show when=move || asking.get()>
                <Confirm text=t("Dieses beendete Spiel löschen? Das lässt sich nicht rückgängig machen.", "Delete this finished game? This cannot be undone.") yes=t("Löschen", "Delete") on_answer=delete />
            </Show>
        </li>
    }
}

/// "Anna gewinnt!" – the result in the game's own words.
fn result(save: &Save) -> String {
    let seats = &save.header.players;
    let outcome = crate::with_session!(&save.session, s => crate::engine::Game::outcome(&s.state));
    outcome_headline(outcome, |p| seats.get(p).map(|s| s.name.clone()).unwrap_or_default())
}

/// The archived game as a file, to replay it elsewhere (imported there, it joins that archive).
fn export_archived(id: &str) {
    let text = storage::saves().archived(id).ok().flatten();
    if let Err(why) = export_text(id, text, t("Das Spiel ist nicht mehr da.", "The game is gone.")) {
        tell(Told::Warn(why.into()));
    }
}

/// A finished game replayed (its body drawn by the lazily loaded wasm).
#[component]
pub fn Replay(id: String) -> impl IntoView {
    let title = t("Beendete Spiele", "Finished games").into_any();
    let screen = LazyScreen {
        class: "archive",
        test: "replay-screen",
        title,
        back: Route::Archive,
        call: "replay",
        args: [id, lang_id()],
    };
    lazy_screen(screen, drop)
}

/// The family's statistics, computed from the finished games (drawn by the lazily loaded wasm).
#[component]
pub fn Statistics() -> impl IntoView {
    let title = t("Statistik", "Statistics").into_any();
    let screen = LazyScreen {
        class: "archive",
        test: "stats-screen",
        title,
        back: Route::Archive,
        call: "stats",
        args: [lang_id(), String::new()],
    };
    lazy_screen(screen, drop)
}
