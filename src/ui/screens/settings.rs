//! Settings: language, hand-over screen, reduced motion, take-backs (stored on every change);
//! whether the browser keeps the app's data.

use super::{lang_id, lazy_screen, LazyScreen};
use crate::session::TakeBackRule;
use crate::ui::i18n::{t, Lang};
use crate::ui::rooms::{tell, Told};
use crate::ui::settings::Settings;
use crate::ui::{storage, AppCtx, Route};
use leptos::prelude::*;

#[component]
pub fn SettingsScreen() -> impl IntoView {
    let ctx = AppCtx::get();
    let settings = ctx.settings.with_untracked(|s| serde_json::to_string(s).unwrap_or_default());
    let title = t("Einstellungen", "Settings").into_any();
    let screen = LazyScreen {
        class: "settings",
        test: "settings-screen",
        title,
        back: Route::Home,
        call: "settings",
        args: [lang_id(), settings],
    };
    lazy_screen(screen, drop)
}

/// The app's settings as `json` (a [`SettingsScreen`]'s argument), or the stored ones.
pub fn settings_of(json: &str) -> Settings {
    serde_json::from_str(json).unwrap_or_else(|_| Settings::load().0)
}

/// Changes a setting: stored at once, and told to the app, which follows (its language, motion,
/// hand-over and take-backs); a failed store is said, and the change holds for this visit.
pub fn change_setting(settings: RwSignal<Settings>, f: impl FnOnce(&mut Settings)) {
    settings.update(f);
    if let Err(e) = settings.with_untracked(Settings::store) {
        tell(Told::Warn(storage::store_message(e).into()));
    }
    tell(Told::Settings(settings.with_untracked(|s| serde_json::to_string(s).unwrap_or_default())));
}

/// The settings screen's body (drawn by the lazily loaded wasm), from the app's `settings`.
pub fn settings_body(settings: Settings) -> AnyView {
    let settings = RwSignal::new(settings);
    let change = move |f: &dyn Fn(&mut Settings)| change_setting(settings, f);
    view! {
            <div class="screen-body" data-test="settings-screen">
            <section>
                <h2>{t("Sprache", "Language")}</h2>
                <div class="row segmented">
                    <button data-test="lang-de" aria-pressed=move || (settings.with(|s| s.lang) == Lang::De).to_string()
                        on:click=move |_| change(&|s| s.lang = Lang::De)>"Deutsch"</button>
                    <button data-test="lang-en" aria-pressed=move || (settings.with(|s| s.lang) == Lang::En).to_string()
                        on:click=move |_| change(&|s| s.lang = Lang::En)>"English"</button>
                </div>
            </section>
            <section>
                <label class="check">
                    <input type="checkbox" data-test="setting-handover" prop:checked=move || settings.with(|s| s.handover)
                        on:change=move |ev| { let on = event_target_checked(&ev); change(&move |s| s.handover = on) } />
                    {t("Übergabe-Bildschirm zwischen den Zügen", "Hand-over screen between turns")}
                </label>
                <p class="hint">{t("Verdeckt die Handkarten (Just 4 Fun, Gut angelegt) und das gezogene Plättchen (Sudoku), bis der nächste Spieler tippt; das Brett bleibt sichtbar, dazu steht, was seit seinem letzten Zug geschah. Ausgeschaltet sieht sie jeder, der aufs Gerät schaut – nur, wenn niemand schummelt. Die verdeckte Wand von Vier mal Vier wird immer verdeckt weitergegeben.", "Hides the hands (Just 4 Fun, Gut angelegt) and the drawn tile (Sudoku) until the next player taps; the board stays in view, with what happened since their last move. Switched off, anyone looking at the device sees them – only if nobody peeks. The hidden wall of Vier mal Vier is always passed on covered.")}</p>
                <label class="check">
                    <input type="checkbox" data-test="setting-motion" prop:checked=move || settings.with(|s| s.reduced_motion)
                        on:change=move |ev| { let on = event_target_checked(&ev); change(&move |s| s.reduced_motion = on) } />
                    {t("Weniger Bewegung (keine Animationen)", "Reduced motion (no animations)")}
                </label>
            </section>
            <section>
                <h2>{t("Züge zurücknehmen", "Taking moves back")}</h2>
                <div class="row segmented" role="radiogroup" aria-label=t("Züge zurücknehmen", "Taking moves back")>
                    {takeback_choice(settings, "takeback-never", t("Nie", "Never"), TakeBackRule::Never)}
                    {takeback_choice(settings, "takeback-computers", t("Gegen Computer", "Against computers"), TakeBackRule::AgainstComputers)}
                    {takeback_choice(settings, "takeback-people", t("Auch unter Menschen", "Also between people"), TakeBackRule::AlsoPeople)}
                </div>
                <p class="hint">{t("Das Spiel geht genau dahin zurück, wo es war: Wer denselben Zug noch einmal macht, zieht dieselben Karten.", "The game goes back exactly to where it was: whoever makes the same move again draws the same cards.")}</p>
                <p class="hint">{t("Außer bei „Nie“ nimmt man den eigenen Zug zurück, solange man das Gerät noch hält („↶ mein Zug“ auf dem Übergabe-Bildschirm). Was weiter reicht – in Züge anderer, eine beendete Partie, eine Ansage – nur mit „Auch unter Menschen“ und wenn jede betroffene Person zustimmt.", "Unless “Never” is chosen, one's own move can be taken back while one still holds the device (“↶ my move” on the hand-over screen). Anything further – into other people's moves, a finished game, an announcement – only with “Also between people” and when every person affected agrees.")}</p>
            </section>
            {keeping_section()}
            {backup_section(settings)}
            </div>
    }
    .into_any()
}

/// One choice of the take-back setting (a radio of the shared kind).
fn takeback_choice(
    settings: RwSignal<Settings>,
    test: &'static str,
    label: &'static str,
    rule: TakeBackRule,
) -> AnyView {
    let chosen = Signal::derive(move || settings.with(|s| s.takebacks) == rule);
    let choose = Callback::new(move |()| change_setting(settings, |s| s.takebacks = rule));
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
fn backup_section(settings: RwSignal<Settings>) -> impl IntoView {
    let export = move |_| {
        let text = crate::backup::backup(&storage::saves(), storage::now_ms()).ok();
        let today = js_sys::Date::new_0().to_iso_string().as_string().unwrap_or_default();
        let name = format!("spieltisch-sicherung-{}.json", today.get(..10).unwrap_or(""));
        if text.and_then(|text| super::home::download(&name, &text)).is_none() {
            tell(Told::Warn(
                t("Die Sicherung konnte nicht geschrieben werden.", "The backup could not be written.").into(),
            ));
        }
    };
    let import = move |ev: leptos::ev::Event| {
        let input: Option<web_sys::HtmlInputElement> = ev.target().and_then(|t| wasm_bindgen::JsCast::dyn_into(t).ok());
        if let Some(file) = input.as_ref().and_then(|i| i.files()).and_then(|f| f.get(0)) {
            let warn = |m| tell(Told::Warn(m));
            super::home::read_chosen_file(file, BACKUP_MAX_BYTES, warn, move |text| merge_backup(settings, &text));
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

/// Merges the backup `text` and says how it went; the settings it brought apply at once.
fn merge_backup(settings: RwSignal<Settings>, text: &str) {
    let merged = crate::backup::merge(&storage::saves(), text);
    let (ok, message) = crate::backup::merge_message(&merged);
    tell(if ok { Told::Say(message) } else { Told::Warn(message) });
    change_setting(settings, |s| *s = Settings::load().0);
}
