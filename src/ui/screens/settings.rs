//! Settings: language, hand-over screen, reduced motion, take-backs (stored on every change);
//! whether the browser keeps the app's data.

use crate::session::TakeBackRule;
use crate::ui::i18n::{t, Lang};
use crate::ui::{storage, AppCtx, Route};
use leptos::prelude::*;

#[component]
pub fn SettingsScreen() -> impl IntoView {
    let ctx = AppCtx::get();
    let change = move |f: &dyn Fn(&mut crate::ui::settings::Settings)| ctx.update_settings(f);
    view! {
        <main class="settings screen" data-test="settings-screen">
            <header class="topbar">
                <button class="icon" data-test="home-button" aria-label=t("Startseite", "Home") on:click=move |_| ctx.go(Route::Home)>"‹"</button>
                <h1>{t("Einstellungen", "Settings")}</h1>
            </header>
            <div class="screen-body">
            <section>
                <h2>{t("Sprache", "Language")}</h2>
                <div class="row segmented">
                    <button data-test="lang-de" aria-pressed=move || (ctx.settings.with(|s| s.lang) == Lang::De).to_string()
                        on:click=move |_| change(&|s| s.lang = Lang::De)>"Deutsch"</button>
                    <button data-test="lang-en" aria-pressed=move || (ctx.settings.with(|s| s.lang) == Lang::En).to_string()
                        on:click=move |_| change(&|s| s.lang = Lang::En)>"English"</button>
                </div>
            </section>
            <section>
                <label class="check">
                    <input type="checkbox" data-test="setting-handover" prop:checked=move || ctx.settings.with(|s| s.handover)
                        on:change=move |ev| { let on = event_target_checked(&ev); change(&move |s| s.handover = on) } />
                    {t("Übergabe-Bildschirm zwischen den Zügen", "Hand-over screen between turns")}
                </label>
                <p class="hint">{t("Verdeckt die Handkarten (Just 4 Fun, Gut angelegt) und das gezogene Plättchen (Sudoku), bis der nächste Spieler tippt; das Brett bleibt sichtbar, dazu steht, was seit seinem letzten Zug geschah. Ausgeschaltet sieht sie jeder, der aufs Gerät schaut – nur, wenn niemand schummelt. Die verdeckte Wand von Vier mal Vier wird immer verdeckt weitergegeben.", "Hides the hands (Just 4 Fun, Gut angelegt) and the drawn tile (Sudoku) until the next player taps; the board stays in view, with what happened since their last move. Switched off, anyone looking at the device sees them – only if nobody peeks. The hidden wall of Vier mal Vier is always passed on covered.")}</p>
                <label class="check">
                    <input type="checkbox" data-test="setting-motion" prop:checked=move || ctx.settings.with(|s| s.reduced_motion)
                        on:change=move |ev| { let on = event_target_checked(&ev); change(&move |s| s.reduced_motion = on) } />
                    {t("Weniger Bewegung (keine Animationen)", "Reduced motion (no animations)")}
                </label>
            </section>
            <section>
                <h2>{t("Züge zurücknehmen", "Taking moves back")}</h2>
                <div class="row segmented" role="radiogroup" aria-label=t("Züge zurücknehmen", "Taking moves back")>
                    {takeback_choice(ctx, "takeback-never", t("Nie", "Never"), TakeBackRule::Never)}
                    {takeback_choice(ctx, "takeback-computers", t("Gegen Computer", "Against computers"), TakeBackRule::AgainstComputers)}
                    {takeback_choice(ctx, "takeback-people", t("Auch unter Menschen", "Also between people"), TakeBackRule::AlsoPeople)}
                </div>
                <p class="hint">{t("Was noch niemand gesehen hat (Stapel, Beutel), wird dabei neu gemischt: Zurücknehmen verrät nie, was kommt. Zwischen Menschen nur, bevor der Nächste gezogen hat, und nur, wenn die anderen zustimmen.", "What nobody has seen yet (pile, bag) is shuffled anew: taking back never shows what comes next. Between people only before the next one has moved, and only when the others agree.")}</p>
            </section>
            {keeping_section()}
            {backup_section(ctx)}
            </div>
        </main>
    }
}

/// One choice of the take-back setting (a radio of the shared kind).
fn takeback_choice(ctx: AppCtx, test: &'static str, label: &'static str, rule: TakeBackRule) -> AnyView {
    let chosen = Signal::derive(move || ctx.settings.with(|s| s.takebacks) == rule);
    let choose = Callback::new(move |()| ctx.update_settings(|s| s.takebacks = rule));
    crate::ui::components::choice(String::new(), test.into(), None, label.into(), chosen, choose)
}

/// Whether the browser has promised to keep the games on this device; if not, a way to ask.
fn keeping_section() -> impl IntoView {
    // None until the browser answered, then its answer (None inside: it cannot say).
    let kept = RwSignal::new(None::<Option<bool>>);
    // (`try_set`: the screen may be gone by the time the browser answers.)
    let refresh = move || {
        leptos::task::spawn_local(async move {
            kept.try_set(Some(storage::kept().await));
        })
    };
    refresh();
    let ask = move |_| {
        let Some(asked) = storage::ask_to_keep() else { return };
        leptos::task::spawn_local(async move {
            let _ = wasm_bindgen_futures::JsFuture::from(asked).await;
            refresh();
        });
    };
    view! {
        <section data-test="storage-kept" data-kept=move || kept.get().flatten().map(|k| k.to_string())>
            <h2>{t("Daten auf diesem Gerät", "Data on this device")}</h2>
            {move || match kept.get().flatten() {
                Some(true) => Some(view! {
                    <p class="hint">{t("Der Browser hat zugesagt, die Spiele und Einstellungen dieser App zu behalten.", "The browser has promised to keep this app's games and settings.")}</p>
                }.into_any()),
                Some(false) => Some(view! {
                    <p class="hint">{t("Der Browser darf die Spiele löschen, wenn der Platz knapp wird oder die App lange nicht benutzt wurde. Wichtige Spiele auf der Startseite exportieren.", "The browser may delete the games when space runs short or the app was not used for a long time. Export the games that matter from the home screen.")}</p>
                    <button data-test="ask-to-keep" on:click=ask>{t("Um dauerhafte Speicherung bitten", "Ask to keep them")}</button>
                }.into_any()),
                None => None,
            }}
        </section>
    }
}

/// One file of everything on this device, to keep elsewhere or to bring to another device; read
/// back, it is merged with what is here, losing nothing on either side (`crate::backup`, in the
/// lazily loaded wasm: `crate::ui::rooms`).
fn backup_section(ctx: AppCtx) -> impl IntoView {
    let export = move |_| {
        leptos::task::spawn_local(async move {
            let text = crate::ui::rooms::ask("backup_text", "", "").await.ok().and_then(|t| t.as_string());
            let today = js_sys::Date::new_0().to_iso_string().as_string().unwrap_or_default();
            let name = format!("spieltisch-sicherung-{}.json", today.get(..10).unwrap_or(""));
            if text.and_then(|text| super::home::download(&name, &text)).is_none() {
                ctx.warn(t("Die Sicherung konnte nicht geschrieben werden.", "The backup could not be written."));
            }
        })
    };
    let import = move |ev: leptos::ev::Event| {
        let input: Option<web_sys::HtmlInputElement> = ev.target().and_then(|t| wasm_bindgen::JsCast::dyn_into(t).ok());
        if let Some(file) = input.as_ref().and_then(|i| i.files()).and_then(|f| f.get(0)) {
            super::home::read_chosen_file(ctx, file, BACKUP_MAX_BYTES, move |text| merge_backup(ctx, text));
        }
        if let Some(input) = input {
            input.set_value("");
        }
    };
    view! {
        <section>
            <h2>{t("Sicherung", "Backup")}</h2>
            <p class="hint">{t("Eine Datei mit allem: laufende und beendete Spiele, Spielstände, Spieler, Einstellungen, Bestenlisten. Eingespielt kommt hinzu, was fehlt; nichts geht verloren.", "One file of everything: running and finished games, saves, players, settings, high scores. Read back, what is missing is added; nothing is lost.")}</p>
            <div class="row">
                <button data-test="backup-export" on:click=export>{t("Sicherung exportieren", "Export a backup")}</button>
                <label class="button import">
                    {t("Sicherung einspielen …", "Read a backup …")}
                    <input type="file" accept=".json,application/json" data-test="backup-import" on:change=import />
                </label>
            </div>
        </section>
    }
}

/// A backup holds at most what the browser's storage can (about 5 MB of text, twice in UTF-16).
const BACKUP_MAX_BYTES: usize = 12_000_000;

/// Merges the backup `text` (in the lazily loaded wasm) and says how it went.
fn merge_backup(ctx: AppCtx, text: String) {
    leptos::task::spawn_local(async move {
        let lang = if crate::ui::i18n::is_de() { "de" } else { "en" };
        let answer = crate::ui::rooms::ask("backup_merge", &text, lang).await;
        let answer = answer.ok().map(|a| js_sys::Array::from(&a));
        let ok = answer.as_ref().is_some_and(|a| a.get(0).is_truthy());
        match answer.and_then(|a| a.get(1).as_string()) {
            Some(message) if ok => ctx.say(message),
            Some(message) => ctx.warn(message),
            None => ctx.warn(t(
                "Die Sicherung konnte nicht eingespielt werden. Bitte mit Internetverbindung noch einmal versuchen.",
                "The backup could not be read. Please try again while online.",
            )),
        }
        ctx.bump_saves();
    });
}
