//! The persistence boundary: localStorage (which may be disabled, full or hold anything) behind
//! the pure [`crate::saves`] rules, and the plain-language messages for what can go wrong.

use crate::saves::{Conflict, Saves, Store, StoreError, WriteError, FAMILY, PLAYERS};
use crate::session::{LoadError, Seat};
use crate::ui::i18n::{is_de, t, tf};
use gloo_storage::{LocalStorage, Storage as _};
use wasm_bindgen::JsValue;
use web_sys::Storage;

/// The browser's localStorage as a [`Store`].
#[derive(Clone, Copy)]
pub struct Local;

fn storage() -> Result<Storage, StoreError> {
    // gloo's handle throws when storage is disabled (a privacy setting), so ask first.
    let window = web_sys::window().ok_or(StoreError::Unavailable)?;
    match window.local_storage() {
        Ok(Some(_)) => Ok(LocalStorage::raw()),
        _ => Err(StoreError::Unavailable),
    }
}

impl Store for Local {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        storage()?.get_item(key).map_err(|_| StoreError::Unavailable)
    }
    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        storage()?.set_item(key, value).map_err(|e| write_error(&e))
    }
    fn remove(&self, key: &str) -> Result<(), StoreError> {
        storage()?.remove_item(key).map_err(|_| StoreError::Unavailable)
    }
    fn keys(&self) -> Result<Vec<String>, StoreError> {
        let s = storage()?;
        let n = s.length().map_err(|_| StoreError::Unavailable)?;
        Ok((0..n).filter_map(|i| s.key(i).ok().flatten()).collect())
    }
}

/// Full when setItem's exception is the quota's, else another failure (said differently: deleting
/// old games would not help).
fn write_error(e: &JsValue) -> StoreError {
    let field = |name: &str| js_sys::Reflect::get(e, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED);
    let name = field("name").as_string().unwrap_or_default();
    if crate::saves::is_quota(&name, field("code").as_f64().unwrap_or(0.0)) {
        StoreError::Full
    } else {
        StoreError::Failed
    }
}

/// This deployment's saves: keys scoped to the directory the app is served from.
pub fn saves() -> Saves<Local> {
    let path = web_sys::window().and_then(|w| w.location().pathname().ok()).unwrap_or_default();
    Saves::new(Local, &path)
}

pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

pub fn store_message(e: StoreError) -> &'static str {
    match e {
        StoreError::Unavailable => t(
            "Der Browser erlaubt kein Speichern. Das Spiel läuft weiter, wird aber nicht gesichert.",
            "The browser does not allow saving. The game goes on but is not stored.",
        ),
        StoreError::Full => t(
            "Der Speicher des Browsers ist voll. Das Spiel läuft weiter; lösche alte Spielstände, um wieder zu sichern.",
            "The browser's storage is full. The game goes on; delete old saves to store it again.",
        ),
        StoreError::Failed => t(
            "Der Browser konnte gerade nicht speichern. Das Spiel läuft weiter; beim nächsten Zug wird es wieder versucht.",
            "The browser could not save just now. The game goes on; the next move tries again.",
        ),
    }
}

/// "<what> could not be read. They were set aside; the defaults apply." (`what`: "Die
/// gespeicherten Einstellungen" …)
pub fn unreadable_message(what: &str) -> String {
    tf(
        "{} waren nicht lesbar. Sie wurden beiseitegelegt; es gilt die Voreinstellung.",
        "{} could not be read. They were set aside; the defaults apply.",
        &[&what],
    )
}

/// The players of the last game, to start the next with (empty when there are none). Stored
/// ones that cannot be read are moved aside and said once.
pub fn remembered_players() -> Vec<Seat> {
    let saves = saves();
    let Ok(Some(text)) = saves.get(PLAYERS) else { return Vec::new() };
    serde_json::from_str(&text).unwrap_or_else(|_| {
        let _ = saves.move_aside(PLAYERS, &text);
        let lost = unreadable_message(t("Die gespeicherten Spieler", "The stored players"));
        crate::ui::rooms::tell(crate::ui::rooms::Told::Warn(lost));
        Vec::new()
    })
}

/// The family's people remembered (names and colours), most recent first; none when there
/// are none or they cannot be read (then they are moved aside, never lost).
pub fn family() -> Vec<Seat> {
    let saves = saves();
    let Ok(Some(text)) = saves.get(FAMILY) else { return Vec::new() };
    serde_json::from_str(&text).unwrap_or_else(|_| {
        let _ = saves.move_aside(FAMILY, &text);
        Vec::new()
    })
}

/// Remembers the people of a game about to start: the last game's seats, and the family.
pub fn remember_players(seats: &[Seat]) {
    let saves = saves();
    let family = crate::session::remember_family(&family(), seats);
    for (key, seats) in [(PLAYERS, seats), (FAMILY, family.as_slice())] {
        if let Ok(json) = serde_json::to_string(seats) {
            let _ = saves.set(key, &json);
        }
    }
}

/// Marks `game`, about to become a game of its own (a named save loaded, another tab's older
/// copy kept), as taken back when a stored copy of it went further
/// ([`Saves::mark_if_rewound`]). Unmarked when the storage cannot be read: then nothing is
/// known of any further copy.
pub fn mark_if_rewound(game: &mut crate::session::AnySession) {
    let _ = saves().mark_if_rewound(game);
}

pub fn write_message(e: &WriteError) -> String {
    match e {
        WriteError::Store(e) => store_message(*e).to_string(),
        WriteError::NotKept(e) => tf(
            "Das beendete Spiel konnte nicht unter „Beendete Spiele“ aufbewahrt werden: {}",
            "The finished game could not be kept under “Finished games”: {}",
            &[&store_message(*e)],
        ),
        WriteError::Conflict(c) => conflict_message(*c).to_string(),
        WriteError::Encode => {
            t("Das Spiel konnte nicht gespeichert werden.", "The game could not be saved.").to_string()
        }
    }
}

pub fn conflict_message(c: Conflict) -> &'static str {
    match c {
        Conflict::Changed => t(
            "Dieses Spiel wurde inzwischen in einem anderen Fenster weitergespielt. Damit dort nichts verloren geht, wird es hier nicht gespeichert.",
            "This game has been played on in another window since. So that nothing is lost there, it is not saved here.",
        ),
        Conflict::Deleted => t(
            "Dieses Spiel wurde inzwischen in einem anderen Fenster gelöscht. Hier wird es nicht mehr gespeichert.",
            "This game has been deleted in another window since. It is no longer saved here.",
        ),
        Conflict::Damaged => t(
            "Der gespeicherte Stand dieses Spiels ist beschädigt. Er wird nicht überschrieben; behalte das Spiel, wie es hier steht, als eigenes Spiel.",
            "The stored copy of this game is damaged. It is not overwritten; keep the game as shown here as a game of its own.",
        ),
    }
}

/// Why a save cannot be loaded, in plain words; the technical detail (if any) is separate.
pub fn load_reason(e: &LoadError) -> String {
    use LoadError::*;
    match e {
        TooLarge { bytes } => {
            let mb = crate::decimal::num((*bytes as f64 / 104_857.6).round() / 10.0);
            if is_de() {
                format!("die Datei ist zu groß ({} MB; ein Spielstand hat wenige KB)", mb.replace('.', ","))
            } else {
                format!("the file is too large ({mb} MB; a save is a few KB)")
            }
        }
        NotJson => t("die Daten sind beschädigt oder unvollständig", "the data is damaged or incomplete").to_string(),
        Foreign => t("das ist kein Spielstand dieser App", "this is not a save of this app").to_string(),
        Newer { found, supported } => {
            tf(
                "er stammt von einer neueren Version der App (Format {}, diese Version liest bis Format {}) – bitte die App aktualisieren",
                "it comes from a newer version of the app (format {}; this version reads up to format {}) – please update",
                &[found, supported],
            )
        }
        NewerRules { found, supported, .. } => {
            tf(
                "er stammt von einer neueren Version der Spielregeln (Stand {}, diese Version kennt bis {}) – bitte die App aktualisieren",
                "it comes from a newer version of the rules (version {}; this version knows up to {}) – please update",
                &[found, supported],
            )
        }
        UnknownGame(g) => {
            tf("unbekanntes Spiel „{}“", "unknown game “{}”", &[g])
        }
        Damaged(_) => {
            t("der Inhalt ist fehlerhaft oder passt nicht zusammen", "its content is damaged or does not fit together")
                .to_string()
        }
    }
}

/// Where a damaged save is wrong, in the player's language (shown folded under the message).
pub fn damage_detail(e: &LoadError) -> Option<String> {
    use crate::session::Damage::*;
    Some(match e.damage()? {
        Unreadable { line, column } => tf(
            "Ein Teil fehlt oder hat die falsche Art (Zeile {}, Spalte {}).",
            "A part is missing or of the wrong kind (line {}, column {}).",
            &[line, column],
        ),
        Format => t("Keine bekannte Formatversion.", "No known format version.").to_string(),
        Header => {
            t("Regelstand, Kennung oder Revision fehlen.", "The rules version, id or revision is missing.").to_string()
        }
        HeaderMismatch => t(
            "Zugzahl oder Spielende im Kopf passen nicht zum Spiel.",
            "The header's move count or end does not match the game.",
        )
        .to_string(),
        Migration => t(
            "Die älteren Spieldaten ließen sich nicht umschreiben.",
            "The older game data could not be brought up to date.",
        )
        .to_string(),
        Setup => t(
            "Spieler oder Optionen sind für dieses Spiel nicht erlaubt.",
            "The players or options are not allowed for this game.",
        )
        .to_string(),
        MoveRefused { n } => tf(
            "Zug {} des Spielverlaufs ist nach den Regeln nicht erlaubt.",
            "Move {} of the log is not allowed by the rules.",
            &[n],
        ),
        MoveDiffers { n } => tf(
            "Zug {} des Spielverlaufs hat beim Nachspielen etwas anderes bewirkt.",
            "Move {} of the log did something else when replayed.",
            &[n],
        ),
        Hint => t("Ein gespeicherter Tipp passt nicht zum Spiel.", "A stored hint does not fit the game.").to_string(),
        TakeBack => {
            t("Eine gespeicherte Zugrücknahme passt nicht zum Spiel.", "A stored take-back does not fit the game.")
                .to_string()
        }
        Position => t(
            "Die gespeicherte Stellung folgt nicht aus dem Spielverlauf.",
            "The stored position does not follow from the move log.",
        )
        .to_string(),
    })
}

/// "This game cannot be loaded: why." for a running game's record.
pub fn game_load_error_text(e: &LoadError) -> String {
    let why = load_reason(e);
    tf("Dieses Spiel kann nicht geladen werden: {}.", "This game cannot be loaded: {}.", &[&why])
}

/// "The save “x” cannot be loaded: why." for a slot or a file.
pub fn load_error_text(name: &str, e: &LoadError) -> String {
    let why = load_reason(e);
    tf("„{}“ kann nicht geladen werden: {}.", "“{}” cannot be loaded: {}.", &[&name, &why])
}

/// The high-score lists. Bad entries are dropped and the user told once: the cleaned lists are
/// written back at once (an unreadable store was kept aside by [`Saves::read_records`]).
pub fn load_records() -> crate::records::Records {
    // (Said through the page: the high scores are drawn by both wasms, `crate::ui::rooms`.)
    let warn = |text: String| crate::ui::rooms::tell(crate::ui::rooms::Told::Warn(text));
    let saves = saves();
    let read = match saves.read_records() {
        Ok(read) => read,
        Err(e) => {
            warn(store_message(e).into());
            return Default::default();
        }
    };
    if read.unreadable || read.dropped > 0 {
        let text = if read.unreadable {
            t(
                "Die gespeicherte Bestenliste war nicht lesbar. Sie wurde beiseitegelegt; eine neue wird begonnen.",
                "The stored high-score list was unreadable. It was set aside; a new one is started.",
            )
            .to_string()
        } else {
            tf(
                "{} unlesbare Einträge der Bestenliste wurden entfernt; alle übrigen bleiben.",
                "{} unreadable high-score entries were removed; all others are kept.",
                &[&read.dropped],
            )
        };
        warn(text);
        if let Err(e) = saves.write_records(&read.records) {
            warn(store_message(e).into());
        }
    }
    read.records
}

/// Asks the browser to keep this app's storage: without that promise Safari and others may
/// clear a site's data after some days unused, or when space runs short. Asked when a game
/// starts (a tap, and the moment keeping matters; Firefox asks the person) and from settings.
pub fn ask_to_keep() -> Option<js_sys::Promise> {
    // Without `navigator.storage` (an old browser) the call fails and nothing is asked.
    web_sys::window()?.navigator().storage().persist().ok()
}

/// Whether the browser has promised to keep the storage; `None` when it cannot say.
pub async fn kept() -> Option<bool> {
    let promise = web_sys::window()?.navigator().storage().persisted().ok()?;
    wasm_bindgen_futures::JsFuture::from(promise).await.ok()?.as_bool()
}
