//! The finished games kept on the device ([`crate::saves::Saves::archive`]), newest first: date,
//! game, players and result; each can be replayed, exported or deleted. The replay itself is
//! drawn by the lazily loaded wasm (`crate::ui::replay`, loaded by `spieltischReplay` in the
//! start script, Trunk.toml), so the first load holds none of it.

use super::home::{export_text, save_summary};
use crate::saves::Entry;
use crate::session::Save;
use crate::ui::components::{outcome_headline, Confirm};
use crate::ui::i18n::{is_de, t};
use crate::ui::{storage, AppCtx, Route};
use leptos::prelude::*;

#[component]
pub fn Archive() -> impl IntoView {
    let ctx = AppCtx::get();
    let games = move || {
        ctx.saves_changed.track();
        match storage::saves().archive() {
            Ok(list) if list.is_empty() => view! {
                <p class="hint" data-test="archive-empty">{t("Noch keine. Jedes beendete Spiel kommt hierher und lässt sich Zug für Zug ansehen.", "None yet. Every finished game comes here, to be looked at move by move.")}</p>
            }.into_any(),
            Ok(list) => view! { <ul class="slot-list" data-test="archive-list">{list.into_iter().map(row).collect_view()}</ul> }.into_any(),
            Err(e) => view! { <p class="error">{storage::store_message(e)}</p> }.into_any(),
        }
    };
    view! {
        <main class="archive screen" data-test="archive-screen">
            <header class="topbar">
                <button class="icon" data-test="home-button" aria-label=t("Startseite", "Home") on:click=move |_| ctx.go(Route::Home)>"‹"</button>
                <h1>{t("Beendete Spiele", "Finished games")}</h1>
            </header>
            <div class="screen-body">
                <button data-test="stats" on:click=move |_| ctx.go(Route::Stats)>{t("Statistik", "Statistics")}</button>
                {games}
            </div>
        </main>
    }
}

/// One finished game: what, who, the result and when; look, export, delete.
fn row(entry: Entry) -> impl IntoView {
    let ctx = AppCtx::get();
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
            if let (true, Err(e)) = (yes, storage::saves().delete_archived(&id)) {
                ctx.warn(storage::store_message(e));
            }
            ctx.bump_saves();
        })
    };
    let (look, export) = (id.clone(), id.clone());
    view! {
        <li class="slot" data-test="archived" data-id=id.clone()>
            <div class="slot-info">{info}</div>
            <div class="row">
                {readable.then(|| view! {
                    <button class="primary" data-test="archived-replay" on:click=move |_| ctx.go(Route::Replay(look.clone()))>{t("Ansehen", "Look")}</button>
                    <button data-test="archived-export" on:click=move |_| export_archived(ctx, &export)>{t("Exportieren", "Export")}</button>
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
fn export_archived(ctx: AppCtx, id: &str) {
    let text = storage::saves().archived(id).ok().flatten();
    export_text(ctx, id, text, t("Das Spiel ist nicht mehr da.", "The game is gone."));
}

/// An imported finished game joins the archive, under its own id when it has one: the same
/// game imported twice stays one game.
pub fn keep_imported(ctx: AppCtx, save: &Save) {
    let id = if crate::ui::is_game_id(&save.header.id) {
        save.header.id.clone()
    } else {
        crate::saves::fingerprint(&save.session)
    };
    match storage::saves().archive_game(&id, &save.session, save.header.saved_at) {
        Ok(()) => ctx.say(t(
            "Das beendete Spiel ist jetzt unter „Beendete Spiele“.",
            "The finished game is now under “Finished games”.",
        )),
        Err(e) => ctx.warn(storage::write_message(&e)),
    }
    ctx.bump_saves();
}

/// A finished game replayed: its place, which the lazily loaded wasm fills.
#[component]
pub fn Replay(id: String) -> impl IntoView {
    let lang = if is_de() { "de" } else { "en" };
    lazy_screen(t("Beendete Spiele", "Finished games"), "replay-screen", "replay", id, lang)
}

/// The family's statistics, computed from the finished games: their place, which the lazily
/// loaded wasm fills (`crate::ui::stats_view`).
#[component]
pub fn Statistics() -> impl IntoView {
    let lang = if is_de() { "de" } else { "en" };
    lazy_screen(t("Statistik", "Statistics"), "stats-screen", "stats", String::new(), lang)
}

/// A screen under the finished games whose body the lazily loaded wasm draws into its
/// `[data-lazy]` place (its export `call`, with `arg` if any and `lang`, asked once the place
/// is in the page); says so when that wasm cannot be loaded.
fn lazy_screen(
    title: &'static str,
    test: &'static str,
    call: &'static str,
    arg: String,
    lang: &'static str,
) -> impl IntoView {
    let ctx = AppCtx::get();
    let failed = RwSignal::new(false);
    // Once the place is in the page (the view is mounted in the task that builds it).
    request_animation_frame(move || {
        leptos::task::spawn_local(async move {
            let args = if arg.is_empty() { (lang, "") } else { (arg.as_str(), lang) };
            // (`try_set`: the screen may be gone by the time the wasm answers.)
            failed.try_set(crate::ui::rooms::ask(call, args.0, args.1).await.is_err());
        })
    });
    view! {
        <main class="archive screen" data-test=test>
            <header class="topbar">
                <button class="icon" data-test="home-button" aria-label=t("Zurück", "Back") on:click=move |_| ctx.go(Route::Archive)>"‹"</button>
                <h1>{title}</h1>
            </header>
            <div class="screen-body">
                <div class="lazy-place" data-lazy>
                    <p class="hint">{t("Wird geladen …", "Loading …")}</p>
                </div>
                <Show when=move || failed.get()>
                    <p class="error">{t("Das konnte nicht geladen werden. Bitte mit Internetverbindung noch einmal öffnen.", "This could not be loaded. Please open it again while online.")}</p>
                </Show>
            </div>
        </main>
    }
}
