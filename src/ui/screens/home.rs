//! The start screen: the games first, then the unfinished games (who plays, how far, when;
//! continue, delete, delete all), save slots with export, import and delete.

use super::{game_blurb, game_name};
use crate::engine::GameKind;
use crate::saves::{Entry, Store};
use crate::session::{self, Save};
use crate::ui::components::Confirm;
use crate::ui::i18n::{count_noun, format_time, t, tf};
use crate::ui::storage;
use crate::ui::{AppCtx, Route};
use crate::view::shell::{how_far, players_phrase};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

#[component]
pub fn Home() -> impl IntoView {
    let ctx = AppCtx::get();
    view! {
        <main class="home screen" data-test="home">
            <header class="home-head">
                <h1>"Spieltisch"</h1>
                <div class="row">
                    <button data-test="archive" on:click=move |_| ctx.go(Route::Archive)>
                        {t("Beendete Spiele", "Finished games")}
                    </button>
                    <button data-test="settings" on:click=move |_| ctx.go(Route::Settings)>
                        {t("Einstellungen", "Settings")}
                    </button>
                </div>
            </header>
            <div class="screen-body">
                {game_cards(ctx)}
                // Below the games, so however many there are, the games stay on the first screen.
                {unfinished_games(ctx)}
                {saved_games(ctx)}
            </div>
        </main>
    }
}

/// A card per game: its name and blurb, "new game", its rules and its guided first game. Its
/// picture of the board (decorative: the name says what it is) is the stylesheet's.
fn game_cards(ctx: AppCtx) -> impl IntoView {
    view! {
        <section class="games">
            <h2>{t("Spiele", "Games")}</h2>
            {GameKind::ALL.into_iter().map(|kind| view! {
                <article class="game-card" data-test=format!("game-{}", kind.id())>
                    <h3>{game_name(kind)}</h3>
                    <p>{game_blurb(kind)}</p>
                    <div class="row">
                        <button class="primary" data-test=format!("new-{}", kind.id()) on:click=move |_| ctx.go(Route::Setup(kind))>
                            {t("Neues Spiel", "New game")}
                        </button>
                        <button data-test=format!("rules-{}", kind.id()) on:click=move |_| ctx.go(Route::Rules(kind))>
                            {t("Regeln", "Rules")}
                        </button>
                        <button data-test=format!("guide-{}", kind.id()) on:click=move |_| ctx.go(Route::Guide(kind))>
                            {t("Erste Partie mit Anleitung", "First game with a guide")}
                        </button>
                    </div>
                </article>
            }).collect_view()}
        </section>
    }
}

/// The unfinished games (nothing while there are none), re-read when saves change.
fn unfinished_games(ctx: AppCtx) -> impl IntoView {
    move || {
        ctx.saves_changed.track();
        match storage::saves().unfinished() {
            Ok(list) if !list.is_empty() => Some(view! {
                <section class="unfinished" data-test="unfinished">
                    <div class="section-head">
                        <h2>{t("Angefangene Spiele", "Unfinished games")}</h2>
                        {delete_all(list.len())}
                    </div>
                    <ul class="slot-list">
                        {list.into_iter().map(|entry| view! { <SavedRow entry=entry running=true /> }).collect_view()}
                    </ul>
                </section>
            }.into_any()),
            Ok(_) => None,
            Err(e) => Some(view! { <p class="error">{storage::store_message(e)}</p> }.into_any()),
        }
    }
}

/// The save slots (re-read when saves change) and the import button.
fn saved_games(ctx: AppCtx) -> impl IntoView {
    let slots = move || {
        ctx.saves_changed.track();
        match storage::saves().slots() {
            Err(e) => view! { <p class="error">{storage::store_message(e)}</p> }.into_any(),
            Ok(list) if list.is_empty() => view! {
                <p class="hint">{t("Noch keine. Im Spiel: „Speichern unter …“.", "None yet. In a game: “Save as …”.")}</p>
            }.into_any(),
            Ok(list) => view! {
                <ul class="slot-list">
                    {list.into_iter().map(|entry| view! { <SavedRow entry=entry running=false /> }).collect_view()}
                </ul>
            }.into_any(),
        }
    };
    view! {
        <section class="slots">
            <h2>{t("Gespeicherte Spiele", "Saved games")}</h2>
            {slots}
            <label class="button import">
                {t("Spielstand importieren …", "Import a save …")}
                <input type="file" accept=".json,application/json" data-test="import" on:change=move |ev| {
                    let input: Option<web_sys::HtmlInputElement> = ev.target().and_then(|t| t.dyn_into().ok());
                    if let Some(file) = input.as_ref().and_then(|i| i.files()).and_then(|f| f.get(0)) {
                        import_file(ctx, file);
                    }
                    if let Some(input) = input {
                        input.set_value("");
                    }
                } />
            </label>
        </section>
    }
}

/// "Just 4 Fun · Anna gegen Computer 1 (Mittel) · Zug 12 · Runde 4 · 21.11.2026, 14:05"
pub fn save_summary(save: &Save) -> String {
    let game = GameKind::from_id(&save.header.game).map_or("?", game_name);
    format!("{game} · {} · {}", players_phrase(&save.header.players, true), progress_time(save))
}

/// "Zug 12 · Runde 4 · 21.11.2026, 14:05": how far, and when it was played last.
fn progress_time(save: &Save) -> String {
    let done = if save.header.finished { t(" · beendet", " · finished") } else { "" };
    format!("{}{done} · {}", how_far(&save.session), format_time(save.header.saved_at))
}

/// "Alle löschen" above the unfinished games, asking first with how many there are.
fn delete_all(count: usize) -> impl IntoView {
    let ctx = AppCtx::get();
    let asking = RwSignal::new(false);
    let games =
        count_noun(count as u64, ("angefangenes Spiel", "unfinished game"), ("angefangene Spiele", "unfinished games"));
    let question = tf(
        "{} {} löschen? Das lässt sich nicht rückgängig machen.",
        "Delete {} {}? This cannot be undone.",
        &[&count, &games],
    );
    let answer = Callback::new(move |yes: bool| {
        asking.set(false);
        if !yes {
            return;
        }
        match storage::saves().delete_unfinished() {
            // The game this tab still holds is gone too: it is not saved again behind the list's back.
            Ok(gone) if ctx.record.with_untracked(|r| r.as_ref().is_some_and(|(id, _)| gone.contains(id))) => {
                ctx.record.set(None);
                ctx.game.set(None);
            }
            Ok(_) => {}
            Err(e) => ctx.warn(storage::store_message(e)),
        }
        ctx.bump_saves();
    });
    view! {
        <button data-test="delete-all" on:click=move |_| asking.set(true)>{t("Alle löschen", "Delete all")}</button>
        <Show when=move || asking.get()>
            <Confirm text=question.clone() yes=t("Alle löschen", "Delete all") on_answer=answer />
        </Show>
    }
}

/// One stored game: an unfinished game (`running`: continue or delete) or a named slot (load,
/// export, delete); an unreadable one with its reason and delete.
#[component]
fn SavedRow(entry: Entry, running: bool) -> impl IntoView {
    let ctx = AppCtx::get();
    let asking = RwSignal::new(false);
    let name = entry.name.clone();
    let saves = storage::saves();
    let key = if running { saves.game_key(&name) } else { saves.slot_key(&name) };
    let title = match (&entry.save, running) {
        (Ok(save), true) => GameKind::from_id(&save.header.game).map_or("?", game_name).to_string(),
        (Err(_), true) => t("Angefangenes Spiel", "Unfinished game").to_string(),
        (_, false) => name.clone(),
    };
    let delete = {
        let key = key.clone();
        Callback::new(move |yes: bool| {
            asking.set(false);
            if yes {
                if let Err(e) = storage::Local.remove(&key) {
                    ctx.warn(storage::store_message(e));
                }
                ctx.bump_saves();
            }
        })
    };
    let ask = Callback::new(move |()| asking.set(true));
    let body = match entry.save {
        Ok(save) => readable_row(ctx, &title, &name, &save, running, ask),
        Err(e) => damaged_row(&title, &name, &e, running, ask),
    };
    let question = if running {
        tf("Das angefangene Spiel „{}“ wirklich löschen?", "Really delete the unfinished game “{}”?", &[&title])
    } else {
        tf("Spielstand „{}“ wirklich löschen?", "Really delete the save “{}”?", &[&name])
    };
    view! {
        <li class="slot" data-test=if running { "open-game" } else { "slot" } data-slot=entry.name.clone() data-key=key.clone()>
            {body}
            <Show when=move || asking.get()>
                <Confirm text=question.clone() yes=t("Löschen", "Delete") on_answer=delete />
            </Show>
        </li>
    }
}

/// A readable stored game: who plays, how far and when; continue or load, export, delete.
fn readable_row(ctx: AppCtx, title: &str, name: &str, save: &Save, running: bool, ask: Callback<()>) -> AnyView {
    let (players, progress) = (players_phrase(&save.header.players, true), progress_time(save));
    let summary = if running { players } else { save_summary(save) };
    let shown_at = save.header.saved_at;
    let (id, export_name) = (name.to_string(), name.to_string());
    view! {
        <div class="slot-info">
            <strong>{title.to_string()}</strong>
            <span>{summary}</span>
            {running.then(|| view! { <span>{progress}</span> })}
        </div>
        <div class="row">
            <button class="primary" data-test=if running { "continue" } else { "slot-load" } on:click=move |_| open_saved(ctx, &id, running, shown_at)>
                {if running { t("Weiterspielen", "Continue") } else { t("Laden", "Load") }}
            </button>
            {(!running).then(|| view! {
                <button data-test="slot-export" on:click=move |_| export_slot(ctx, &export_name)>
                    {t("Exportieren", "Export")}
                </button>
            })}
            <button data-test="slot-delete" on:click=move |_| ask.run(())>{t("Löschen", "Delete")}</button>
        </div>
    }
    .into_any()
}

/// Opens a stored game: an unfinished one by its record; a slot read again, and opened only if
/// it is still the save its row shows (saved at `shown_at`). A slot of a game that went
/// further since is marked as taken back ([`storage::mark_if_rewound`]).
fn open_saved(ctx: AppCtx, id: &str, running: bool, shown_at: f64) {
    if running {
        ctx.resume(id);
        return;
    }
    match storage::saves().read_slot(id) {
        Ok(Some(Ok(mut save))) if save.header.saved_at == shown_at => {
            storage::mark_if_rewound(&mut save.session);
            ctx.open_game(save.session)
        }
        Ok(Some(Err(e))) => ctx.warn_detail(storage::load_error_text(id, &e), storage::damage_detail(&e).as_deref()),
        Err(e) => ctx.warn(storage::store_message(e)),
        _ => {
            ctx.warn(t(
                "Dieser Spielstand wurde inzwischen geändert; die Liste ist jetzt aktuell.",
                "This save has changed since; the list is up to date now.",
            ));
            ctx.bump_saves();
        }
    }
}

/// An unreadable stored game: why, the parser's words folded, and delete.
fn damaged_row(title: &str, name: &str, e: &session::LoadError, running: bool, ask: Callback<()>) -> AnyView {
    let message = if running { storage::game_load_error_text(e) } else { storage::load_error_text(name, e) };
    view! {
        <div class="slot-info">
            <strong>{title.to_string()}</strong>
            <span class="error" data-test="slot-error">{message}</span>
            {storage::damage_detail(e).map(|d| crate::ui::components::folded_detail(d, "slot-error-detail"))}
        </div>
        <div class="row">
            <button data-test="slot-delete" on:click=move |_| ask.run(())>{t("Löschen", "Delete")}</button>
        </div>
    }
    .into_any()
}

/// Offers the slot's stored text as a download.
fn export_slot(ctx: AppCtx, name: &str) {
    let saves = storage::saves();
    let text = saves.store.get(&saves.slot_key(name)).ok().flatten();
    if let Err(why) = export_text(name, text, t("Der Spielstand ist nicht mehr da.", "The save is gone.")) {
        ctx.warn(why);
    }
}

/// Offers `text` (a save or a finished game) as the file `name`; the message to show when it is
/// gone (`gone`) or the browser refuses.
pub fn export_text(name: &str, text: Option<String>, gone: &'static str) -> Result<(), &'static str> {
    let text = text.ok_or(gone)?;
    download(&crate::view::shell::export_file_name(name), &text)
        .ok_or(t("Der Browser hat den Export verweigert.", "The browser refused the export."))
}

pub fn download(file_name: &str, text: &str) -> Option<()> {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).ok()?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).ok()?;
    let document = web_sys::window()?.document()?;
    let a: web_sys::HtmlAnchorElement = document.create_element("a").ok()?.dyn_into().ok()?;
    a.set_href(&url);
    a.set_download(file_name);
    a.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Some(())
}

/// An imported finished game joins the archive ([`Saves::keep_finished`]): the same game,
/// however it came (its id, a named save, an exported file), is already there; a different
/// game under the same id is kept beside it, never over it.
///
/// [`Saves::keep_finished`]: crate::saves::Saves::keep_finished
fn keep_imported(ctx: AppCtx, save: &Save) {
    match storage::saves().keep_finished(&save.header.id, &save.session, save.header.saved_at) {
        Ok(crate::saves::Kept::Added(_)) => ctx.say(t(
            "Das beendete Spiel ist jetzt unter „Beendete Spiele“.",
            "The finished game is now under “Finished games”.",
        )),
        Ok(crate::saves::Kept::AlreadyHere(_)) => ctx
            .say(t("Dieses Spiel ist schon unter „Beendete Spiele“.", "This game is already under “Finished games”.")),
        Err(e) => ctx.warn(storage::write_message(&e)),
    }
    ctx.bump_saves();
}

/// Reads a chosen file; a valid save becomes a new slot (never replacing one), anything else a
/// message. A file over the size limit is refused before it is read.
fn import_file(ctx: AppCtx, file: web_sys::File) {
    let file_name = file.name();
    read_chosen_file(
        file,
        session::MAX_SAVE_BYTES,
        move |m| ctx.warn(m),
        move |text| match session::from_json(&text) {
            Ok(save) if save.header.finished => keep_imported(ctx, &save),
            Ok(save) => {
                let saves = storage::saves();
                let name = saves.free_slot_name(&save.header.name);
                match saves.save_as(&name, &save.header.id, &save.session, save.header.saved_at) {
                    Ok(name) => ctx.say(tf("„{}“ importiert.", "“{}” imported.", &[&name])),
                    Err(e) => ctx.warn(storage::write_message(&e)),
                }
                ctx.bump_saves();
            }
            Err(e) => ctx.warn_detail(storage::load_error_text(&file_name, &e), storage::damage_detail(&e).as_deref()),
        },
    );
}

/// Reads a file the person chose, at most `max_bytes` (a larger one is refused before it is
/// read), and hands its text to `then`; says so when it cannot be read.
pub fn read_chosen_file(
    file: web_sys::File,
    max_bytes: usize,
    warn: impl Fn(String) + 'static,
    then: impl FnOnce(String) + 'static,
) {
    if file.size() > max_bytes as f64 {
        let e = session::LoadError::TooLarge { bytes: file.size() as usize };
        return warn(storage::load_error_text(&file.name(), &e));
    }
    leptos::task::spawn_local(async move {
        let text = wasm_bindgen_futures::JsFuture::from(file.text()).await.ok().and_then(|v| v.as_string());
        match text {
            Some(text) => then(text),
            None => warn(t("Die Datei konnte nicht gelesen werden.", "The file could not be read.").into()),
        }
    });
}
