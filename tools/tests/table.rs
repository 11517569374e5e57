//! Browser tests for what a newcomer hit at the table (issue 12): setup keeps what was typed,
//! rematches change the start player, buttons that cannot work are disabled, and the rules'
//! corrections (Gut angelegt's wrong claims, Sudoku's table rules) show as they score.

mod common;
use common::*;
use spieltisch::engine::just4fun::Just4Fun;
use spieltisch::engine::viermalvier::{GameEnd, VierMalVier};
use spieltisch::engine::Game;
use spieltisch::session::{AnySession, Session};
use spieltisch_tools::screens;

/// Typing names, choosing the player count and an option, then toggling the hand-over setting
/// keeps all of it (the setting used to rebuild the whole screen).
#[test]
fn setup_keeps_what_was_typed_when_a_setting_changes() {
    let app = App::start("setup_keeps_input", "/spieltisch/");
    app.click("[data-test=new-gutangelegt]");
    app.wait("[data-test=setup]");
    app.click("[data-test=players-3]");
    let names = app.b.find_all("[data-test=player-name]").ctx("names");
    app.b.clear(&names[0]).ctx("clear");
    app.b.send_keys(&names[0], "Zoë").ctx("type");
    app.click("[data-test=opt-announce]");
    let before = app.js("return document.querySelector('[data-test=opt-announce]').checked;");
    app.click("[data-test=handover-setting]");
    let names = app.b.find_all("[data-test=player-name]").ctx("names");
    assert_eq!(names.len(), 3, "the player count was lost");
    assert_eq!(app.b.prop(&names[0], "value").ctx("value"), "Zoë", "the typed name was lost");
    let after = app.js("return document.querySelector('[data-test=opt-announce]').checked;");
    assert_eq!(before, after, "the option was lost");
    assert_eq!(after, serde_json::json!(true));
    app.click("[data-test=handover-setting]");
    assert_eq!(app.b.prop(&app.b.find_all("[data-test=player-name]").ctx("names")[0], "value").ctx("value"), "Zoë");
}

/// The game's record as stored (format 3 JSON).
fn record(app: &App) -> serde_json::Value {
    serde_json::from_str(&app.autosave_raw().expect("a running game's record")).expect("record JSON")
}

/// A rematch keeps players and options, and the next player in turn order starts it: every game
/// of the kind, each with computers only so it ends by itself.
#[test]
fn a_rematch_changes_the_start_player() {
    let app = App::start("rematch_start_player", "/spieltisch/");
    for kind in ["just4fun", "gutangelegt", "viermalvier", "sudoku"] {
        app.b.goto(&format!("{}?budget=30#/new/{kind}", app.base_url)).ctx("open setup");
        app.wait("[data-test=setup]");
        if app.exists("[data-test=players-3]") && kind != "sudoku" {
            app.click("[data-test=players-3]");
        } else if app.exists("[data-test=players-2]") {
            app.click("[data-test=players-2]");
        }
        for easy in app.b.find_all("[data-test=kind-easy]").ctx("kinds") {
            app.b.click(&easy).ctx("easy");
        }
        app.click("[data-test=start]");
        app.click("[data-test=skip]");
        app.b.wait_for("[data-test=end-screen]", std::time::Duration::from_secs(120)).ctx("end of the first game");
        let first = record(&app);
        let names = |r: &serde_json::Value| {
            r["players"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().to_string()).collect::<Vec<_>>()
        };
        let before = names(&first);
        let id = first["id"].clone();
        app.click("[data-test=rematch]");
        app.b
            .wait_until(T, "the rematch's record", |_| {
                Ok(app.autosave_raw().filter(|r| !r.contains(&format!("\"id\":{id}"))))
            })
            .ctx("rematch");
        let second = record(&app);
        let mut rotated = before.clone();
        rotated.rotate_left(1);
        assert_eq!(names(&second), rotated, "{kind}: the second player starts the rematch");
        assert_eq!(second["state"]["options"], first["state"]["options"], "{kind}: the options stay");
    }
}

/// A Just 4 Fun position (two people, built by random play) in which the player to move holds
/// cards that add up to a field blocked for them: the game and those cards' hand positions.
fn blocked_position() -> (AnySession, Vec<usize>, u8) {
    (0..500u64)
        .find_map(|seed| {
            let mut found = None;
            let s = random_game::<Just4Fun>(seed, |s| {
                let Some(me) = s.state.to_move() else { return false };
                let hand = s.state.hand(me);
                // Subsets of up to four hand positions, by bit mask.
                found = (1u32..(1 << hand.len())).find_map(|mask| {
                    let picked: Vec<usize> = (0..hand.len()).filter(|i| mask >> i & 1 == 1).collect();
                    let sum: u32 = picked.iter().map(|&i| u32::from(hand[i])).sum();
                    let field = u8::try_from(sum).ok().filter(|_| picked.len() <= 4 && sum <= 36)?;
                    s.state
                        .cell_of(field)
                        .is_some_and(|cell| s.state.blocked_by(me, cell).is_some())
                        .then_some((picked, field))
                });
                found.is_some()
            });
            found.map(|(picked, field)| (AnySession::Just4Fun(s), picked, field))
        })
        .expect("no position with a blocked field in reach")
}

/// A game of `G` for Anna and Ben from `seed`, played by random legal moves until `stop` says
/// so or the game is over.
fn random_game<G: Game>(seed: u64, stop: impl FnMut(&Session<G>) -> bool) -> Session<G> {
    screens::random_game(2, Default::default(), seed, stop)
}

/// Stores `game` as a running game's record and opens it.
fn open_saved(app: &App, game: &AnySession) {
    screens::open_saved(&app.b, &app.base_url, game).ctx("open the saved game");
}

/// One game of each kind, some moves in, where the next player gets the hand-over cover, each
/// with the data-test of one of its board's fields.
fn games_at_the_cover() -> [(&'static str, AnySession); 4] {
    use spieltisch::engine::{gutangelegt::GutAngelegt, sudoku::Sudoku};
    [
        (
            "field",
            AnySession::Just4Fun(screens::random_game::<Just4Fun>(3, Default::default(), 5, |s| s.log.len() >= 7)),
        ),
        (
            "card",
            AnySession::GutAngelegt(screens::random_game::<GutAngelegt>(3, Default::default(), 5, |s| {
                s.log.len() >= 7
            })),
        ),
        ("cell", AnySession::Sudoku(screens::random_game::<Sudoku>(3, Default::default(), 5, |s| s.log.len() >= 7))),
        (
            "stone",
            AnySession::VierMalVier(screens::random_game::<VierMalVier>(2, Default::default(), 5, |s| {
                s.log.len() >= 5
            })),
        ),
    ]
}

/// Every name the accessibility tree gives (ignored nodes left out): what a screen reader can say.
fn accessible_names(app: &App) -> Vec<String> {
    app.b.cdp("Accessibility.enable", serde_json::json!({})).ctx("accessibility on");
    let tree = app.b.cdp("Accessibility.getFullAXTree", serde_json::json!({})).ctx("accessibility tree");
    let nodes = tree["nodes"].as_array().cloned().unwrap_or_default();
    assert!(!nodes.is_empty(), "no accessibility tree");
    nodes
        .iter()
        .filter(|n| n["ignored"] != serde_json::json!(true))
        .filter_map(|n| n["name"]["value"].as_str().map(str::trim).filter(|v| !v.is_empty()).map(String::from))
        .collect()
}

/// Under the hand-over cover, Tab never takes the focus behind it, and nothing a screen reader
/// can reach names what the player's hand holds (the names of their cards, tile or stones are
/// read after the cover is lifted, and none of them was in the tree before).
#[test]
fn the_cover_keeps_the_focus_and_the_accessibility_tree_holds_no_secret() {
    let app = App::start("cover_focus", "/spieltisch/");
    for (_, game) in games_at_the_cover() {
        let kind = game.kind().id();
        open_saved(&app, &game);
        app.wait("[data-test=handover]");
        for press in 0..12 {
            app.b.press(&[spieltisch_tools::webdriver::KEY_TAB]).ctx("tab");
            // Inside the cover, or out of the page (to the browser's own bar), never behind it.
            let at = app.js("const a = document.activeElement; return !a || a === document.body ? 'outside the page' : a.closest('[data-test=handover]') ? 'cover' : a.outerHTML.slice(0, 120);");
            assert!(
                at == "cover" || at == "outside the page",
                "{kind}: tab {press} took the focus behind the cover, to {at}"
            );
        }
        let under_cover = accessible_names(&app);
        screens::reveal(&app.b).ctx("lift the cover");
        let hand = app.js(
            "return [...document.querySelectorAll('[data-test=hand] [aria-label], [data-test=hand-card], [data-test=held-tile], [data-test=tafel-stone]')]
               .map(e => (e.getAttribute('aria-label') || e.textContent).trim()).filter(t => t);",
        );
        let hand: Vec<String> = serde_json::from_value(hand).expect("names");
        assert!(!hand.is_empty(), "{kind}: the player has a hand to hide");
        for secret in &hand {
            assert!(!under_cover.contains(secret), "{kind}: {secret:?} was readable under the cover");
        }
    }
}

/// Just 4 Fun, the end by majorities: every field someone keeps is marked with the keeper, and
/// only those.
#[test]
fn the_end_board_shows_who_keeps_which_field() {
    let (game, kept) = (0..200u64)
        .find_map(|seed| {
            let s = random_game::<Just4Fun>(seed, |_| false);
            let kept = s.state.final_scoring()?.kept;
            Some((AnySession::Just4Fun(s), kept))
        })
        .expect("a game that ends by majorities");
    let app = App::start("j4f_end_kept", "/spieltisch/");
    open_saved(&app, &game);
    app.wait("[data-test=end-screen]");
    let shown = app.js("return [...document.querySelectorAll('[data-test=field][data-kept]')].map(f => [Number(f.dataset.number), Number(f.dataset.kept)]);");
    let mut shown: Vec<(u64, u64)> =
        shown.as_array().unwrap().iter().map(|p| (p[0].as_u64().unwrap(), p[1].as_u64().unwrap())).collect();
    shown.sort();
    let mut expected: Vec<(u64, u64)> =
        kept.iter().enumerate().flat_map(|(p, fields)| fields.iter().map(move |&f| (u64::from(f), p as u64))).collect();
    expected.sort();
    assert!(!expected.is_empty());
    assert_eq!(shown, expected, "the fields marked as kept");
    assert_eq!(app.count(".kept-ring"), expected.len(), "one ring per kept field");
}

/// Just 4 Fun: "Place on n" is disabled while field n is blocked for the mover (it used to be
/// enabled and only brought an error).
#[test]
fn place_is_disabled_on_a_blocked_field() {
    let (game, picked, field) = blocked_position();
    let app = App::start("j4f_place_blocked", "/spieltisch/");
    open_saved(&app, &game);
    if app.exists("[data-test=reveal]") {
        app.click("[data-test=reveal]");
    }
    app.wait("[data-test=card]");
    let cards = app.b.find_all("[data-test=card]").ctx("cards");
    for &i in &picked {
        app.b.click(&cards[i]).ctx("pick a card");
    }
    let place = app.wait("[data-test=place]");
    assert!(app.b.text(&place).ctx("label").contains(&field.to_string()), "the button names field {field}");
    assert_eq!(
        app.b.prop(&place, "disabled").ctx("disabled"),
        serde_json::json!(true),
        "field {field} is blocked, yet Place is enabled"
    );
    // With nothing picked it is disabled too.
    app.click("[data-test=clear]");
    assert_eq!(
        app.b.prop(&app.wait("[data-test=place]"), "disabled").ctx("disabled"),
        serde_json::json!(true),
        "nothing picked"
    );
}

/// Vier mal Vier: when one stone makes four-rows on both sides, the end text says both, and who
/// wins by which rule.
#[test]
fn a_four_row_on_both_sides_is_explained() {
    let (game, winner) = (0..500u64)
        .find_map(|seed| {
            let s = random_game::<VierMalVier>(seed, |_| false);
            match s.state.end() {
                Some(GameEnd::FourRow { winner, lines, .. })
                    if (0..2).all(|side| lines.iter().any(|(l, _)| *l == side)) =>
                {
                    let winner = *winner;
                    Some((AnySession::VierMalVier(s), winner))
                }
                _ => None,
            }
        })
        .expect("a game with four-rows on both sides");
    let app = App::start("vv_both_sides", "/spieltisch/");
    open_saved(&app, &game);
    let text = app.b.text(&app.wait("[data-test=end-screen]")).ctx("end text");
    assert!(text.contains("beiden Seiten") || text.contains("both sides"), "{text:?}");
    let name = ["Anna", "Ben"][winner];
    assert!(
        text.contains(&format!("also {name}")) || text.contains(&format!("so {name}")),
        "the winner by the rule: {text:?}"
    );
}

/// Vier mal Vier: a game that ends without a four-row draws each side's three-runs on its wall,
/// as many as it scores.
#[test]
fn the_three_runs_are_drawn_at_a_blocked_end() {
    let (game, points) = (0..2000u64)
        .find_map(|seed| {
            let s = random_game::<VierMalVier>(seed, |_| false);
            match s.state.end() {
                Some(GameEnd::Blocked { points }) if points.iter().sum::<u32>() > 0 => {
                    let points = *points;
                    Some((AnySession::VierMalVier(s), points))
                }
                _ => None,
            }
        })
        .expect("a game that ends blocked with three-runs");
    let app = App::start("vv_three_runs", "/spieltisch/");
    open_saved(&app, &game);
    app.wait("[data-test=end-screen]");
    for (side, scored) in points.iter().enumerate() {
        let drawn = app.js(&format!(
            "return document.querySelectorAll('[data-test=wall][data-side=\"{side}\"] [data-test=run-line]').length;"
        ));
        assert_eq!(drawn.as_u64(), Some(u64::from(*scored)), "side {side}: the runs drawn are the ones scored");
    }
}

/// The hand-over cover between people: where the board is public (Just 4 Fun, Gut angelegt,
/// Sudoku) it stays in view under the cover, which still takes every tap, while hands stay out of
/// the page; the cover lists what happened since that player's last move. Vier mal Vier's hidden
/// view covers its wall completely.
#[test]
fn the_cover_shows_the_public_board_and_the_news() {
    let app = App::start("cover_news", "/spieltisch/");
    let games = games_at_the_cover();
    for (target, game) in games {
        let kind = game.kind().id();
        let next = game.to_move().expect("running");
        let news = game.log_len() - game.since_turn_of(next);
        assert!(news > 0, "{kind}: the others moved since");
        open_saved(&app, &game);
        let cover = app.wait("[data-test=handover]");
        let public = app.b.attr(&cover, "data-public").ctx("data-public");
        assert_eq!(
            app.count("[data-test=handover-news] li"),
            news,
            "{kind}: one line per move since the player's last"
        );
        // The live region (for screen readers) says the last move, in the table's public words.
        let said = app.js("return [document.querySelector('[data-test=live]').textContent, [...document.querySelectorAll('[data-test=handover-news] li')].pop().textContent, document.querySelector('[data-test=live]').getAttribute('aria-live')];");
        assert_eq!(said[2], "polite", "{kind}: a polite live region");
        if kind == "viermalvier" {
            // Public words: the colour and the place, never a face.
            let live = said[0].as_str().unwrap_or("");
            assert!(
                !live.contains("zu dir") && !live.contains("toward you") && !live.contains('|'),
                "a face in the live region: {live:?}"
            );
            assert!(!live.is_empty());
        } else {
            assert_eq!(said[0], said[1], "{kind}: the live region says the last move");
        }
        // No hand is in the page under the cover, whatever the board shows.
        assert_eq!(
            app.count("[data-test=hand-card], [data-test=hand] button, [data-test=held-tile], [data-test=tafel-stone]"),
            0,
            "{kind}: a hand under the cover"
        );
        if kind == "viermalvier" {
            assert_eq!(public.as_deref(), Some("false"), "the hidden wall is never see-through");
            assert_eq!(app.count("[data-test=wall]"), 0, "a wall under the cover");
            continue;
        }
        assert_eq!(public.as_deref(), Some("true"), "{kind}: the board is public");
        // The board is drawn and in view; a tap on it lands on the cover.
        let hit = app.js(&format!(
            "const f = [...document.querySelectorAll('[data-test={target}]')].find(e => e.getBoundingClientRect().width > 0);
             if (!f) return 'no board';
             const r = f.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
             if (y < 0 || y > innerHeight) return 'out of view';
             return document.elementFromPoint(x, y).closest('[data-test=handover]') ? 'cover' : 'board';"
        ));
        assert_eq!(hit.as_str(), Some("cover"), "{kind}: the board under the cover");
        // The board is not hidden behind the card: its middle shows through the tint.
        let covered_by_card = app.js(&format!(
            "const f = [...document.querySelectorAll('[data-test={target}]')].find(e => e.getBoundingClientRect().width > 0);
             const r = f.closest('svg').getBoundingClientRect();
             return !!document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2).closest('.handover-card');"
        ));
        assert_eq!(covered_by_card, serde_json::json!(false), "{kind}: the card hides the board");
        // … and the cover over it only tints: its colour is mostly see-through.
        let alpha = app.js("const c = getComputedStyle(document.querySelector('[data-test=handover]')).backgroundColor.match(/[\\d.]+/g).map(Number); return c.length > 3 ? c[3] : 1;");
        assert!(alpha.as_f64().expect("alpha") < 0.5, "{kind}: the cover hides the board (alpha {alpha})");
    }
}
