//! The app's screens at the three target viewports, reached the way a player reaches them: used
//! by the `screenshots` command (and open to the browser tests).

use crate::webdriver::{Browser, Result};
use serde_json::json;
use std::time::Duration;

/// A device the app must work on.
#[derive(Clone, Copy, Debug)]
pub struct Viewport {
    pub name: &'static str,
    pub width: u32,
    pub height: u32,
}

/// Tablet landscape, tablet portrait, phone: all by touch.
pub const VIEWPORTS: [Viewport; 3] = [
    Viewport { name: "tablet-1024x768", width: 1024, height: 768 },
    Viewport { name: "portrait-768x1024", width: 768, height: 1024 },
    Viewport { name: "phone-390x844", width: 390, height: 844 },
];

/// The four games' ids, as in URLs and `data-test` names.
pub const KINDS: [&str; 4] = ["just4fun", "gutangelegt", "viermalvier", "sudoku"];

const WAIT: Duration = Duration::from_secs(30);

/// Makes the page `viewport`-sized, as a touch device (a phone also as a mobile one).
pub fn apply(b: &Browser, viewport: Viewport) -> Result<()> {
    b.cdp(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": viewport.width, "height": viewport.height, "deviceScaleFactor": 1, "mobile": viewport.width < 600 }),
    )?;
    b.cdp("Emulation.setTouchEmulationEnabled", json!({ "enabled": true, "maxTouchPoints": 5 }))?;
    Ok(())
}

/// The setup screen of `kind` with `players` seats (as many as the game allows, if fewer).
pub fn setup(b: &Browser, base: &str, kind: &str, players: usize) -> Result<()> {
    b.goto(&format!("{base}#/new/{kind}"))?;
    b.wait_for("[data-test=setup]", WAIT)?;
    for n in (2..=players).rev() {
        if let Some(button) = b.try_find(&format!("[data-test=players-{n}]"))? {
            b.click(&button)?;
            break;
        }
    }
    Ok(())
}

/// A new game of `kind` for `players` people, with the setup buttons `options` pressed; the
/// first player's screen, behind no cover.
pub fn person_game(b: &Browser, base: &str, kind: &str, players: usize, options: &[&str]) -> Result<()> {
    setup(b, base, kind, players)?;
    for o in options {
        b.click_css(&format!("[data-test={o}]"), WAIT)?;
    }
    b.click_css("[data-test=start]", WAIT)?;
    b.wait_for("[data-test=game]", WAIT)?;
    reveal(b)
}

/// Lifts the hand-over cover, if one shows.
pub fn reveal(b: &Browser) -> Result<()> {
    if let Some(button) = b.try_find("[data-test=reveal]")? {
        b.click(&button)?;
        b.wait_gone("[data-test=handover]", WAIT)?;
    }
    Ok(())
}

/// A game of `kind` played by `players` Easy computers (small budget, no pauses) up to move
/// `moves`, then paused; `None` plays it to its end screen.
pub fn computer_game(b: &Browser, base: &str, kind: &str, players: usize, moves: Option<u64>) -> Result<()> {
    b.goto(&format!("{base}?budget=30#/new/{kind}"))?;
    b.wait_for("[data-test=setup]", WAIT)?;
    setup(b, &format!("{base}?budget=30"), kind, players)?;
    for easy in b.find_all("[data-test=kind-easy]")? {
        b.click(&easy)?;
    }
    b.click_css("[data-test=start]", WAIT)?;
    b.click_css("[data-test=skip]", WAIT)?;
    match moves {
        None => {
            b.wait_for("[data-test=end-screen]", Duration::from_secs(180))?;
        }
        Some(n) => {
            b.wait_until(WAIT, "the computers to make their moves", |b| {
                let played = b.execute("return Number((document.querySelector('[data-test=move-log]') || {}).dataset?.moves || 0);", vec![])?;
                Ok((played.as_u64().unwrap_or(0) >= n).then_some(()))
            })?;
            b.click_css("[data-test=pause]", WAIT)?;
            b.click_css("[data-test=skip]", WAIT)?;
        }
    }
    Ok(())
}
