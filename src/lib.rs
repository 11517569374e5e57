//! Spieltisch: four German tabletop games in the browser.
//!
//! `engine` holds the pure rules (no UI, no browser); `ui` is the Leptos layer, built only for
//! the browser target.
pub mod backup;
pub mod computer;
pub mod decimal;
pub mod engine;
pub mod games;
pub mod guide;
pub mod holdings;
pub mod lang;
pub mod named;
pub mod records;
pub mod rules_examples;
pub mod saves;
pub mod session;
pub mod stats;
pub mod view;

#[cfg(target_arch = "wasm32")]
pub mod ui;
