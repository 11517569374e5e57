//! New game: players (count, names, colours, seat order) and the game's options. The form is
//! drawn by the lazily loaded wasm ([`setup_body`], `crate::ui::rooms`); the new game it makes
//! is told to the app as a save's text, and the app opens it.

use super::{game_name, game_short_name, lazy_screen, LazyScreen};
use crate::engine::bots::Level;
use crate::engine::GameKind;
use crate::engine::SetupError;
use crate::session::{
    clean_seats, distinct_colors, member_seat, same_name, seat_member, seats_for_new_game, set_seat_kind, AnySession,
    PlayerColor, Seat, SeatKind, MAX_NAME_LEN,
};
use crate::ui::components::{choice, color_name, level_name};
use crate::ui::games::GameScreens;
use crate::ui::i18n::{t, tf};
use crate::ui::rooms::{tell, Told};
use crate::ui::screens::settings::change_setting;
use crate::ui::settings::Settings;
use crate::ui::{new_session, storage, AppCtx, Route};
use leptos::prelude::*;
use std::rc::Rc;

/// The default name of a person in seat `index`: "Spieler 1", "Player 1", …
fn person_name(index: usize) -> String {
    tf("Spieler {}", "Player {}", &[&(index + 1)])
}

fn default_seats(n: usize) -> Vec<Seat> {
    // Names from the last game, so a family doesn't retype them every evening.
    let remembered = storage::remembered_players();
    (0..n)
        .map(|i| {
            remembered
                .get(i)
                .cloned()
                .unwrap_or_else(|| Seat::person(person_name(i), PlayerColor::ALL[i % PlayerColor::ALL.len()]))
        })
        .collect()
}

/// Starts a game of the chosen kind for the seats given, with the options chosen in its form.
type NewGame = Rc<dyn Fn(Vec<Seat>) -> Result<AnySession, SetupError>>;

/// Game `G`'s options form, the way to start it with those options, and whether setup offers
/// the hand-over setting for it.
fn game_options<G: GameScreens>() -> (AnyView, NewGame, bool) {
    let options = RwSignal::new(G::Options::default());
    let new_game: NewGame = Rc::new(move |seats| new_session::<G>(seats, options.get_untracked()));
    (G::options_form(options), new_game, G::HANDOVER_SETTING)
}

#[component]
pub fn Setup(kind: GameKind) -> impl IntoView {
    let ctx = AppCtx::get();
    let settings = ctx.settings.with_untracked(|s| serde_json::to_string(s).unwrap_or_default());
    let title = view! {
        <span class="name-long">{game_name(kind)}</span><span class="name-short">{game_short_name(kind)}</span> " – " {t("neues Spiel", "new game")}
    }
    .into_any();
    let screen = LazyScreen {
        class: "setup",
        test: "setup",
        title,
        back: Route::Home,
        call: "setup",
        args: [kind.id().into(), settings],
    };
    lazy_screen(screen, drop)
}

/// The new-game form (drawn by the lazily loaded wasm) under the app's `settings`; "Spiel
/// starten" tells the app the new game, as a save's text.
pub fn setup_body(kind: GameKind, settings: Settings) -> AnyView {
    let settings = RwSignal::new(settings);
    let (min, max) = kind.players();
    let seats = RwSignal::new({
        let mut s = default_seats(2.clamp(min, max));
        distinct_colors(&mut s);
        s
    });
    let glance = glance_lines(kind);
    let (options_form, new_game, handover_setting) = crate::with_game!(kind, G => game_options::<G>());

    // The rows are made again only when their number changes, never while a name is typed
    // or a colour or kind chosen (the focus stays where it is).
    let count = Memo::new(move |_| seats.with(Vec::len));
    let set_count = move |n: usize| {
        seats.update(|s| {
            let mut fresh = default_seats(n);
            for (i, seat) in s.iter().enumerate().take(n) {
                fresh[i] = seat.clone();
            }
            distinct_colors(&mut fresh);
            *s = fresh;
        })
    };

    let start = move |_| {
        let mut chosen = seats.get_untracked();
        clean_seats(&mut chosen);
        seats_for_new_game(&mut chosen, &storage::family());
        storage::remember_players(&chosen);
        let made = new_game(chosen).map_err(|e| crate::ui::i18n::setup_error_text(&e));
        match made.and_then(|session| new_game_text(&session)) {
            Ok(text) => {
                let _ = storage::ask_to_keep();
                tell(Told::NewGame(text))
            }
            Err(why) => tell(Told::Warn(why)),
        }
    };

    view! {
            <div class="screen-body" data-test="setup" class:waiting=move || glance.with(Option::is_none)>
            {glance_box(glance)}
            <section>
                <h2>{t("Wie viele spielen?", "How many players?")}</h2>
                <div class="row segmented" role="radiogroup" aria-label=t("Wie viele spielen?", "How many players?")>
                    {(min..=max).map(|n| choice(String::new(), format!("players-{n}"), None, n.to_string(), Signal::derive(move || count.get() == n), Callback::new(move |_| set_count(n)))).collect_view()}
                </div>
            </section>
            <section>
                <h2>{t("Spieler in Sitzreihenfolge", "Players in seat order")}</h2>
                <p class="hint">{t("Im Uhrzeigersinn; wer oben steht, beginnt.", "Clockwise; the first one starts.")}</p>
                <ol class="seat-list">
                    {move || {
                        let n = count.get();
                        let kinds = n > 1;
                        (0..n).map(|i| view! { <SeatRow seats=seats index=i kinds=kinds /> }).collect_view()
                    }}
                </ol>
                {family_picks(seats, max)}
                {level_lines(kind, seats)}
            </section>
            {options_form}
            {handover_section(settings, handover_setting)}
            </div>
            <footer class="screen-foot">
                <button class="primary big" data-test="start" on:click=start>{t("Spiel starten", "Start game")}</button>
            </footer>
    }
    .into_any()
}

/// A new game as a save's text, for the app to open (it gives the game its id and record).
fn new_game_text(session: &AnySession) -> Result<String, String> {
    let meta =
        crate::session::SaveMeta { name: "", saved_at: storage::now_ms(), id: &crate::ui::new_game_id(), rev: 0 };
    crate::session::to_json(session, meta)
        .map_err(|_| t("Das Spiel konnte nicht angelegt werden.", "The game could not be made.").into())
}

/// The family's people not at the table, each seated with one tap (name and colour) in a free
/// or a computer's seat, or a new one (`max` seats at most): never in a person's
/// ([`seat_member`]). With no place left the chips wait, disabled.
fn family_picks(seats: RwSignal<Vec<Seat>>, max: usize) -> impl IntoView {
    let family = crate::ui::storage::family();
    let none = family.is_empty();
    let picks = move || {
        let free: Vec<Seat> =
            seats.with(|s| family.iter().filter(|m| !s.iter().any(|x| same_name(&x.name, &m.name))).cloned().collect());
        free.into_iter()
            .map(|member| {
                let class = format!("pick c-{}", member.color.id());
                let (name, test_name) = (member.name.clone(), member.name.clone());
                let no_place = {
                    let member = member.clone();
                    move || seats.with(|s| s.len() >= max && member_seat(s, &member).is_none())
                };
                let seat = move |_| {
                    seats.update(|s| {
                        seat_member(s, &member, max);
                    })
                };
                view! { <button class=class data-test="family-pick" data-name=test_name disabled=no_place on:click=seat>{name}</button> }
            })
            .collect_view()
    };
    view! {
        <div class="row family" role="group" hidden=none aria-label=t("Aus der Familie", "From the family")>
            {picks}
        </div>
    }
}

/// One line per computer level at the table: how strong it measured against the level next
/// to it (`view::strength`, from the arena's figures), so "Schwer" promises no more than it
/// plays.
fn level_lines(kind: GameKind, seats: RwSignal<Vec<Seat>>) -> impl IntoView {
    let strength = crate::view::strength::Strength::stored();
    let said: Vec<(Level, String)> =
        Level::ALL.into_iter().filter_map(|l| Some((l, strength.as_ref()?.line(kind, l)?))).collect();
    let at_table = Memo::new(move |_| {
        seats.with(|s| {
            let levels = Level::ALL.into_iter().filter(|&l| s.iter().any(|x| x.kind.level() == Some(l)));
            levels.filter_map(|l| said.iter().find(|(k, _)| *k == l).cloned()).collect::<Vec<_>>()
        })
    });
    view! {
        <ul class="level-lines hint" data-test="level-lines">
            <For each=move || at_table.get() key=|(level, _)| *level let((level, line))>
                <li data-test="level-line" data-level=crate::named::name_of(level)>{line}</li>
            </For>
        </ul>
    }
}

/// The hand-over setting, where the game has hidden things to pass on (`shown`). Vier mal Vier's
/// hidden wall is always passed on covered; its open view hides nothing.
fn handover_section(settings: RwSignal<Settings>, shown: bool) -> impl IntoView {
    view! {
        <section hidden=!shown>
            <label class="check">
                <input type="checkbox" data-test="handover-setting"
                    prop:checked=move || settings.with(|s| s.handover)
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        change_setting(settings, |s| s.handover = on);
                    } />
                {t("Übergabe-Bildschirm zwischen den Zügen (verdeckt die Handkarten bzw. das gezogene Plättchen; ausgeschaltet sieht sie jeder)", "Hand-over screen between turns (hides the hands or the drawn tile; switched off, everyone sees them)")}
            </label>
        </section>
    }
}

#[component]
fn SeatRow(seats: RwSignal<Vec<Seat>>, index: usize, kinds: bool) -> impl IntoView {
    let seat = move || seats.with(|s| s.get(index).cloned());
    let count = move || seats.with(Vec::len);
    let pick = move |color: PlayerColor| {
        seats.update(|s| {
            // Taking another player's colour swaps the two.
            let old = s.get(index).map(|x| x.color);
            if let (Some(old), Some(other)) = (old, s.iter().position(|x| x.color == color)) {
                s[other].color = old;
            }
            if let Some(me) = s.get_mut(index) {
                me.color = color;
            }
        })
    };
    let swap = move |a: usize, b: usize| {
        seats.update(|s| {
            if a < s.len() && b < s.len() {
                s.swap(a, b)
            }
        })
    };
    view! {
        <li class="seat-row">
            <input
                type="text"
                data-test="player-name"
                maxlength=MAX_NAME_LEN.to_string()
                aria-label=t("Name", "Name")
                prop:value=move || seat().map(|s| s.name).unwrap_or_default()
                on:input=move |ev| {
                    let v = event_target_value(&ev);
                    seats.update(|s| if let Some(me) = s.get_mut(index) { me.name = v });
                }
            />
            <div class="swatches" role="radiogroup" aria-label=t("Farbe", "Colour")>
                {PlayerColor::ALL.into_iter().map(|c| {
                    let chosen = Signal::derive(move || seats.with(|s| s.get(index).map(|x| x.color)) == Some(c));
                    choice(format!("swatch c-{}", c.id()), format!("color-{}", c.id()), Some(color_name(c)), String::new(), chosen, Callback::new(move |_| pick(c)))
                }).collect_view()}
            </div>
            {kinds.then(|| view! {
                <div class="row segmented seat-kind" role="radiogroup" aria-label=t("Wer spielt?", "Who plays?")>
                    {[SeatKind::Person, SeatKind::Computer(Level::Easy), SeatKind::Computer(Level::Medium), SeatKind::Computer(Level::Hard)].into_iter().map(|k| {
                        let test = match k.level() { None => "kind-person", Some(Level::Easy) => "kind-easy", Some(Level::Medium) => "kind-medium", Some(Level::Hard) => "kind-hard" };
                        let text = match k.level() { None => t("Mensch", "Person"), Some(l) => level_name(l) };
                        let chosen = Signal::derive(move || seats.with(|s| s.get(index).map(|x| x.kind)) == Some(k));
                        choice(String::new(), test.into(), None, text.into(), chosen, Callback::new(move |_| seats.update(|s| set_seat_kind(s, index, k, || person_name(index)))))
                    }).collect_view()}
                </div>
            })}
            <div class="order">
                <button class="icon" aria-label=t("nach oben", "move up") disabled=move || index == 0 on:click=move |_| swap(index, index.saturating_sub(1))>"▲"</button>
                <button class="icon" aria-label=t("nach unten", "move down") disabled=move || { index + 1 >= count() } on:click=move |_| swap(index, index + 1)>"▼"</button>
            </div>
        </li>
    }
}

/// The game at a glance (five lines: goal, a turn, what is special, the end) above the setup.
/// The lines are the rules text's own (`<ul class="glance">` in
/// `public/rules/<game>.<lang>.html`), fetched: one text, no copy. `Some` once they are there
/// (or could not be had: `Some("")`); setup shows its body from then on, so nothing below
/// them jumps when they arrive (a layout shift of 0.27 measured by Lighthouse when it did).
fn glance_lines(kind: GameKind) -> RwSignal<Option<String>> {
    let lines = RwSignal::new(None::<String>);
    let url = format!("rules/{}.{}.html", kind.id(), if crate::ui::i18n::is_de() { "de" } else { "en" });
    leptos::task::spawn_local(async move {
        let html = crate::ui::components::fetch_text(&url).await.unwrap_or_default();
        let list = html
            .find("<ul class=\"glance\"")
            .and_then(|start| Some(&html[start..start + html[start..].find("</ul>")? + 5]));
        // (`try_set`: setup may be gone by then; so below.)
        lines.try_set(Some(list.unwrap_or_default().to_string()));
    });
    // A slow network does not hold setup back for long.
    let give_up = move || {
        if lines.try_with_untracked(Option::is_none) == Some(true) {
            lines.try_set(Some(String::new()));
        }
    };
    set_timeout(give_up, std::time::Duration::from_secs(1));
    lines
}

/// The lines at a glance (empty until they are there).
fn glance_box(glance: RwSignal<Option<String>>) -> impl IntoView {
    view! {
        <section class="glance-box" data-test="setup-glance">
            <h2>{t("Auf einen Blick", "At a glance")}</h2>
            // Our own static text, shipped with the app.
            <div inner_html=move || glance.get()></div>
        </section>
    }
}
