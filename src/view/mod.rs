//! What each board shows, as plain data: pure functions from a game state and a viewer to
//! cells, labels and marks (with the accessible name of every field in the current language).
//! No Leptos, no browser, so they are tested natively; the `ui` components only draw them.
pub mod gutangelegt;
pub mod just4fun;
pub mod sudoku;
pub mod viermalvier;
