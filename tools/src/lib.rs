//! Developer tooling for Spieltisch.
//!
//! * [`server`]: a tiny threaded static file server on `std::net` that serves a directory under a
//!   URL prefix (the app must work from any sub-path) and can really be stopped (offline test).
//! * [`http`]: a minimal blocking HTTP/1.1 client (enough for chromedriver and for fetching from
//!   the static server in tests).
//! * [`webdriver`]: a small synchronous W3C WebDriver client that drives headless Chromium
//!   through `chromedriver`.
//! * [`dist`]: helpers to locate the Trunk output directory.
//!
//! Binaries: `serve` (serve `dist/` under `/spieltisch/`) and `report` (sizes and speed).

pub mod dist;
pub mod http;
pub mod server;
pub mod webdriver;
