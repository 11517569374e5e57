//! Developer tooling for Spieltisch.
//!
//! * [`server`]: a tiny threaded static file server on `std::net` that serves a directory under a
//!   URL prefix (the app must work from any sub-path) and can really be stopped (offline test).
//! * [`http`]: a minimal blocking HTTP/1.1 client (enough for chromedriver and for fetching from
//!   the static server in tests).
//! * [`webdriver`]: a small synchronous W3C WebDriver client that drives headless Chromium
//!   through `chromedriver`.
//! * [`dist`]: helpers to locate the Trunk output directory.
//! * [`screens`]: the three target viewports and how to reach each screen of the app.
//! * [`strength`]: the fingerprint of the bots' code behind setup's strength labels.
//! * [`perf`], [`lighthouse`]: the report's measurements of issue 13 (tap → next frame over
//!   complete games, start-up, Lighthouse scores).
//!
//! Binaries: `serve` (serve `dist/` under `/spieltisch/`), `report` (sizes and speed),
//! `screenshots` (every screen at every viewport), `arena` and `fixtures`.

pub mod dist;
pub mod http;
pub mod lighthouse;
pub mod perf;
pub mod screens;
pub mod server;
pub mod strength;
pub mod webdriver;
