//! The start screen: games, "continue", save slots with export, import and delete.

use super::{game_blurb, game_name};
use crate::engine::GameKind;
use crate::session::{self, Save};
use crate::ui::components::Confirm;
use crate::ui::i18n::{format_time, is_de, t};
use crate::ui::storage::{self, SlotEntry};
use crate::ui::{AppCtx, Route};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

#[component]
pub fn Home() -> impl IntoView {
    let ctx = AppCtx::get();
    let autosave = storage::read_autosave().and_then(Result::ok).filter(|s| !s.header.finished);
    let slots = Signal::derive(move || {
        ctx.slots_changed.track();
        storage::list_slots()
    });

    view! {
        <main class="home" data-test="home">
            <header class="home-head">
                <h1>"Spieltisch"</h1>
                <button data-test="settings" on:click=move |_| ctx.go(Route::Settings)>
                    {t("Einstellungen", "Settings")}
                </button>
            </header>
            {autosave.map(|save| {
                let summary = save_summary(&save);
                view! {
                    <button class="continue primary big" data-test="continue" on:click=move |_| {
                        if let Some(Ok(save)) = storage::read_autosave() {
                            ctx.open_game(save.session);
                        }
                    }>
                        <strong>{t("Weiterspielen", "Continue")}</strong>
                        <span>{summary}</span>
                    </button>
                }
            })}
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
                        </div>
                    </article>
                }).collect_view()}
            </section>
            <section class="slots">
                <h2>{t("Gespeicherte Spiele", "Saved games")}</h2>
                {move || match slots.get() {
                    Err(e) => view! { <p class="error">{e.message()}</p> }.into_any(),
                    Ok(list) if list.is_empty() => view! {
                        <p class="hint">{t("Noch keine. Im Spiel: „Speichern unter …“.", "None yet. In a game: “Save as …”.")}</p>
                    }.into_any(),
                    Ok(list) => view! {
                        <ul class="slot-list">
                            {list.into_iter().map(|entry| view! { <SlotRow entry=entry /> }).collect_view()}
                        </ul>
                    }.into_any(),
                }}
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
        </main>
    }
}

/// "Just 4 Fun · Anna, Ben · Zug 12 · 21.11.2026, 14:05"
fn save_summary(save: &Save) -> String {
    let names: Vec<&str> = save.header.players.iter().map(|p| p.name.as_str()).collect();
    let game = GameKind::from_id(&save.header.game).map_or("?", game_name);
    let turn = if is_de() { format!("Zug {}", save.header.turn) } else { format!("move {}", save.header.turn) };
    let done = if save.header.finished { t(" · beendet", " · finished") } else { "" };
    format!("{game} · {} · {turn}{done} · {}", names.join(", "), format_time(save.header.saved_at))
}

#[component]
fn SlotRow(entry: SlotEntry) -> impl IntoView {
    let ctx = AppCtx::get();
    let asking = RwSignal::new(false);
    let name = entry.name.clone();
    let delete = {
        let name = name.clone();
        Callback::new(move |yes: bool| {
            asking.set(false);
            if yes {
                if let Err(e) = storage::remove(&storage::slot_key(&name)) {
                    ctx.warn(e.message());
                }
                ctx.slots_changed.update(|n| *n += 1);
            }
        })
    };
    let body = match entry.save {
        Ok(save) => {
            let summary = save_summary(&save);
            let load_name = name.clone();
            let export_name = name.clone();
            view! {
                <div class="slot-info">
                    <strong>{name.clone()}</strong>
                    <span>{summary}</span>
                </div>
                <div class="row">
                    <button class="primary" data-test="slot-load" on:click=move |_| {
                        // Read again: the slot may have changed since the list was drawn.
                        match storage::get(&storage::slot_key(&load_name)).ok().flatten().map(|t| session::from_json(&t)) {
                            Some(Ok(save)) => ctx.open_game(save.session),
                            Some(Err(e)) => ctx.warn(slot_error_text(&load_name, &e)),
                            None => ctx.slots_changed.update(|n| *n += 1),
                        }
                    }>{t("Laden", "Load")}</button>
                    <button data-test="slot-export" on:click=move |_| export_slot(ctx, &export_name)>
                        {t("Exportieren", "Export")}
                    </button>
                    <button data-test="slot-delete" on:click=move |_| asking.set(true)>{t("Löschen", "Delete")}</button>
                </div>
            }
            .into_any()
        }
        Err(e) => view! {
            <div class="slot-info">
                <strong>{name.clone()}</strong>
                <span class="error" data-test="slot-error">{slot_error_text(&name, &e)}</span>
            </div>
            <div class="row">
                <button data-test="slot-delete" on:click=move |_| asking.set(true)>{t("Löschen", "Delete")}</button>
            </div>
        }
        .into_any(),
    };
    let question = if is_de() {
        format!("Spielstand „{name}“ wirklich löschen?")
    } else {
        format!("Really delete the save “{name}”?")
    };
    view! {
        <li class="slot" data-test="slot" data-slot=entry.name.clone()>
            {body}
            <Show when=move || asking.get()>
                <Confirm text=question.clone() yes=t("Löschen", "Delete") on_answer=delete />
            </Show>
        </li>
    }
}

pub fn slot_error_text(name: &str, e: &session::LoadError) -> String {
    use session::LoadError::*;
    let why = match e {
        NotJson => t("die Daten sind beschädigt oder unvollständig", "the data is damaged or incomplete").to_string(),
        Foreign => t("das ist kein Spielstand dieser App", "this is not a save of this app").to_string(),
        Newer { .. } => t("er stammt von einer neueren Version der App – bitte die App aktualisieren", "it comes from a newer version of the app – please update").to_string(),
        UnknownGame(g) => if is_de() { format!("unbekanntes Spiel „{g}“") } else { format!("unknown game “{g}”") },
        Damaged(detail) => if is_de() { format!("der Inhalt ist fehlerhaft ({detail})") } else { format!("its content is inconsistent ({detail})") },
    };
    if is_de() {
        format!("Spielstand „{name}“ kann nicht geladen werden: {why}.")
    } else {
        format!("The save “{name}” cannot be loaded: {why}.")
    }
}

/// Offers the slot's stored text as a download.
fn export_slot(ctx: AppCtx, name: &str) {
    let Ok(Some(text)) = storage::get(&storage::slot_key(name)) else {
        ctx.warn(t("Der Spielstand ist nicht mehr da.", "The save is gone."));
        return;
    };
    let file_name = format!("spieltisch-{}.json", name.replace(|c: char| !c.is_alphanumeric() && c != '-', "_"));
    if download(&file_name, &text).is_none() {
        ctx.warn(t("Der Browser hat den Export verweigert.", "The browser refused the export."));
    }
}

fn download(file_name: &str, text: &str) -> Option<()> {
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

/// Reads a chosen file; a valid save becomes a new slot, anything else a message.
fn import_file(ctx: AppCtx, file: web_sys::File) {
    let file_name = file.name();
    leptos::task::spawn_local(async move {
        let text = wasm_bindgen_futures::JsFuture::from(file.text()).await.ok().and_then(|v| v.as_string());
        let Some(text) = text else {
            ctx.warn(t("Die Datei konnte nicht gelesen werden.", "The file could not be read."));
            return;
        };
        match session::from_json(&text) {
            Ok(save) => {
                let name = storage::free_slot_name(&save.header.name);
                match storage::write_slot(&name, &save.session) {
                    Ok(()) => ctx.say(if is_de() { format!("„{name}“ importiert.") } else { format!("“{name}” imported.") }),
                    Err(e) => ctx.warn(e.message()),
                }
                ctx.slots_changed.update(|n| *n += 1);
            }
            Err(e) => ctx.warn(slot_error_text(&file_name, &e)),
        }
    });
}
